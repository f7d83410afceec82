import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cestCampo, comNcmOficial, formataCest, formataNcm, ncmCampo, TabelaNcm } from './ncm.ts';

// A slice of the official table (chapter 22), as the data file gives it.
const tabela = new TabelaNcm([
  { codigo: '22', descricao: 'Bebidas, líquidos alcoólicos e vinagres' },
  {
    codigo: '2202',
    descricao: 'Águas, incluindo as águas minerais e as águas gaseificadas, adicionadas de açúcar.',
  },
  { codigo: '22021000', descricao: 'Águas, incluindo as águas minerais e as águas gaseificadas' },
  { codigo: '22029000', descricao: 'Outras' },
  { codigo: '22030000', descricao: 'Cervejas de malte.' },
  { codigo: '2204', descricao: 'Vinhos de uvas frescas.' },
  { codigo: '22042', descricao: 'Outros vinhos:' },
  { codigo: '220429', descricao: 'Outros' },
  { codigo: '2204291', descricao: 'Vinhos' },
  { codigo: '22042911', descricao: 'Em recipientes de capacidade não superior a 5 l' },
]);

describe('NCM table', () => {
  it('selects only 8-digit codes', () => {
    expect(tabela.totalSelecionaveis).toBe(4);
    expect(tabela.existe('22030000')).toBe(true);
    expect(tabela.existe('2203')).toBe(false);
    expect(tabela.existe('22042')).toBe(false);
    expect(tabela.existe('22039999')).toBe(false);
  });

  it('shows the hierarchy capítulo › posição › item (trailing punctuation dropped)', () => {
    expect(tabela.item('22042911')).toEqual({
      codigo: '22042911',
      descricao: 'Em recipientes de capacidade não superior a 5 l',
      caminho:
        'Bebidas, líquidos alcoólicos e vinagres › Vinhos de uvas frescas › Outros vinhos › Outros › Vinhos › ' +
        'Em recipientes de capacidade não superior a 5 l',
    });
    expect(tabela.item('2204')).toBeNull();
  });

  it.each([
    ['2202', ['22021000', '22029000']],
    ['2202.9', ['22029000']],
    ['22 03', ['22030000']],
    ['cerveja', ['22030000']],
    ['AGUAS minerais', ['22021000', '22029000']],
    ['vinhos 5 l', ['22042911']],
    ['bebidas 2203', ['22030000']],
    ['leite', []],
    ['   ', []],
  ])('search %j -> %j', (q, codigos) => {
    expect(tabela.buscar(q).map((i) => i.codigo)).toEqual(codigos);
  });

  it('limits the results', () => {
    expect(tabela.buscar('22', 2).map((i) => i.codigo)).toEqual(['22021000', '22029000']);
  });
});

describe('NCM and CEST fields', () => {
  const schema = z.object({ ncm: ncmCampo, cest: cestCampo });
  const erros = (v: unknown) =>
    Object.fromEntries((schema.safeParse(v).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('accepts formatted input and outputs digits', () => {
    expect(schema.parse({ ncm: '2203.00.00', cest: '03.021.00' })).toEqual({
      ncm: '22030000',
      cest: '0302100',
    });
    expect(schema.parse({ ncm: '22030000', cest: '' })).toEqual({ ncm: '22030000', cest: null });
    expect(schema.parse({ ncm: '22030000' }).cest).toBeNull();
  });

  it('gives pt-BR field errors', () => {
    expect(erros({ ncm: '', cest: '123' })).toEqual({
      ncm: 'NCM é obrigatório',
      cest: 'CEST deve ter 7 dígitos',
    });
    expect(erros({})).toEqual({ ncm: 'NCM é obrigatório' });
    expect(erros({ ncm: '2203.00' })).toEqual({ ncm: 'NCM deve ter 8 dígitos' });
  });

  it('checks existence in the official table when given one', () => {
    const oficial = comNcmOficial(schema, (c) => tabela.existe(c));
    expect(oficial.safeParse({ ncm: '22030000' }).success).toBe(true);
    expect(oficial.safeParse({ ncm: '22039999' }).error?.issues).toMatchObject([
      { path: ['ncm'], message: 'NCM não encontrado na tabela oficial' },
    ]);
    // a malformed code gets only the format message
    expect(oficial.safeParse({ ncm: '2203' }).error?.issues.map((i) => i.message)).toEqual([
      'NCM deve ter 8 dígitos',
    ]);
  });

  it('formats for display', () => {
    expect(formataNcm('22030000')).toBe('2203.00.00');
    expect(formataNcm('220429')).toBe('2204.29');
    expect(formataNcm('22')).toBe('22');
    expect(formataCest('0302100')).toBe('03.021.00');
  });
});
