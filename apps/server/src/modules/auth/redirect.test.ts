import { describe, expect, it } from 'vitest';
import { safeRedirect, withFragment } from './redirect.ts';

const config = {
  siteUrl: 'https://erp.empresa.com.br',
  redirectAllowList: [
    'https://homolog.empresa.com.br',
    'https://app.parceiro.com.br/erp/*',
    'https://x.com.br/retorno',
  ],
};

describe('safeRedirect', () => {
  it.each([
    ['https://erp.empresa.com.br/reset-password', 'https://erp.empresa.com.br/reset-password'],
    ['https://erp.empresa.com.br/?a=1#velho', 'https://erp.empresa.com.br/?a=1'],
    ['https://homolog.empresa.com.br/qualquer/caminho', 'https://homolog.empresa.com.br/qualquer/caminho'],
    ['https://app.parceiro.com.br/erp/reset-password', 'https://app.parceiro.com.br/erp/reset-password'],
    ['https://x.com.br/retorno', 'https://x.com.br/retorno'],
  ])('honours %s', (requested, expected) => {
    expect(safeRedirect(config, requested, '/')).toBe(expected);
  });

  it.each([
    'https://evil.example.com/',
    'https://erp.empresa.com.br.evil.com/',
    'https://erp.empresa.com.br@evil.com/',
    'https://user:pw@erp.empresa.com.br/',
    'http://erp.empresa.com.br/',
    'https://app.parceiro.com.br/outro',
    'https://x.com.br/retorno/mais',
    'javascript:alert(1)',
    'data:text/html,oi',
    '//evil.example.com',
    '/reset-password',
    'lixo',
    '',
  ])('falls back to the site for %s', (requested) => {
    expect(safeRedirect(config, requested, '/reset-password')).toBe(
      'https://erp.empresa.com.br/reset-password',
    );
  });

  it('puts parameters in the fragment', () => {
    expect(
      withFragment('https://erp.empresa.com.br/', { error: 'access_denied', error_description: 'a b' }),
    ).toBe('https://erp.empresa.com.br/#error=access_denied&error_description=a+b');
  });
});
