import { describe, expect, it } from 'vitest';
import { textoConversao, textoEmbalagem } from './conversao.ts';

describe('textoConversao', () => {
  it.each([
    [
      { q_com: '2.0000', u_com: 'CX', fator: '12', quantidade_base: '24.000', unidade_base: 'UN' },
      '2 CX × 12 = 24 UN',
    ],
    [
      { q_com: '1.5000', u_com: 'KG', fator: '1', quantidade_base: '1.500', unidade_base: 'KG' },
      '1,5 KG × 1 = 1,5 KG',
    ],
    [{ q_com: '3', u_com: 'PC', fator: null, quantidade_base: null, unidade_base: null }, '3 PC'],
    [
      { q_com: '1000', u_com: 'CX', fator: '6', quantidade_base: '6000', unidade_base: 'UN' },
      '1.000 CX × 6 = 6.000 UN',
    ],
  ])('%o → %s', (item, texto) => {
    expect(textoConversao(item)).toBe(texto);
  });
});

describe('textoEmbalagem', () => {
  it.each([
    [{ unidade: 'CX', fator: '12.000' }, 'UN', 'CX (12 UN)'],
    [{ unidade: 'FD', fator: '6.000' }, 'UN', 'FD (6 UN)'],
    [{ unidade: 'UN', fator: '1.000' }, 'UN', 'UN'],
    [{ unidade: 'SC', fator: '25.500' }, 'KG', 'SC (25,5 KG)'],
    [{ unidade: 'CX', fator: '12' }, null, 'CX (12)'],
  ])('%o, base %s → %s', (e, base, texto) => {
    expect(textoEmbalagem(e, base)).toBe(texto);
  });
});
