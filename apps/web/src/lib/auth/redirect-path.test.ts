import { describe, expect, it } from 'vitest';
import { safeRedirectPath, signInPathFor } from './redirect-path.ts';

const ORIGIN = 'https://erp.exemplo.com.br';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with their query and fragment', () => {
    expect(safeRedirectPath('/matriz/fornecedores?uf=SP', ORIGIN)).toBe('/matriz/fornecedores?uf=SP');
    expect(safeRedirectPath('/matriz/clientes?q=s%C3%A3o+paulo&page=2#lista', ORIGIN)).toBe(
      '/matriz/clientes?q=s%C3%A3o+paulo&page=2#lista',
    );
    expect(safeRedirectPath('/perfil', ORIGIN)).toBe('/perfil');
    expect(safeRedirectPath('/', ORIGIN)).toBe('/');
  });

  it('refuses other origins in every spelling', () => {
    for (const hostile of [
      '//evil.com',
      '//evil.com/matriz/clientes',
      '///evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      '/\u0000/evil.com',
      'https://evil.com',
      'https://erp.exemplo.com.br/matriz/clientes',
      'http:evil.com',
      'javascript:alert(1)',
      'evil.com',
      'matriz/clientes',
      ' /matriz/clientes',
    ]) {
      expect(safeRedirectPath(hostile, ORIGIN), JSON.stringify(hostile)).toBeNull();
    }
  });

  it('refuses empty, over-long and public-screen targets', () => {
    expect(safeRedirectPath(null, ORIGIN)).toBeNull();
    expect(safeRedirectPath(undefined, ORIGIN)).toBeNull();
    expect(safeRedirectPath('', ORIGIN)).toBeNull();
    expect(safeRedirectPath(`/matriz/clientes?q=${'a'.repeat(2000)}`, ORIGIN)).toBeNull();
    expect(safeRedirectPath('/auth', ORIGIN)).toBeNull();
    expect(safeRedirectPath('/auth/?redirect=/x', ORIGIN)).toBeNull();
    expect(safeRedirectPath('/reset-password#access_token=x', ORIGIN)).toBeNull();
  });
});

describe('signInPathFor', () => {
  it('carries the way back, except for the home page', () => {
    expect(signInPathFor({ pathname: '/matriz/fornecedores', search: '?uf=SP', hash: '' })).toBe(
      '/auth?redirect=%2Fmatriz%2Ffornecedores%3Fuf%3DSP',
    );
    expect(signInPathFor({ pathname: '/', search: '', hash: '' })).toBe('/auth');
  });

  it('round-trips through the query string to the same safe path', () => {
    const path = signInPathFor({ pathname: '/usuarios', search: '?status=ativo&q=a%26b', hash: '#x' });
    const back = new URLSearchParams(path.split('?')[1]).get('redirect');
    expect(safeRedirectPath(back, ORIGIN)).toBe('/usuarios?status=ativo&q=a%26b#x');
  });
});
