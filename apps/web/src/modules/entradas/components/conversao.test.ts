import { describe, expect, it } from 'vitest';
import { textoConversao } from './conversao.ts';

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
