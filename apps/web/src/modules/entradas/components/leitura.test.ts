import { describe, expect, it } from 'vitest';
import type { ItemEntrada } from '../api/entradas-api.ts';
import { decimalDe, leitura } from './leitura.ts';

const item = (p: Partial<ItemEntrada>) =>
  ({
    id: 'x',
    produto_id: 'p',
    c_ean: null,
    c_ean_trib: null,
    u_com: 'CX',
    u_trib: 'UN',
    fator: '12',
    ...p,
  }) as ItemEntrada;

describe('conferência', () => {
  const itens = [
    item({ id: 'a', c_ean: '17897846900942', c_ean_trib: '7897846900945' }),
    item({ id: 'b', c_ean: '7891000100103', u_com: 'UN', u_trib: 'UN', fator: '1' }),
    item({ id: 'c', c_ean: '7890000000001', produto_id: null }),
  ];
  it.each([
    ['17897846900942', { itemId: 'a', soma: '12' }],
    ['7897846900945', { itemId: 'a', soma: '1' }],
    [' 7891000100103 ', { itemId: 'b', soma: '1' }],
    ['7890000000001', null],
    ['', null],
  ])('a read of %s', (codigo, esperado) => {
    expect(leitura(itens, codigo)).toEqual(esperado);
  });
  it.each([
    ['1.234,5', '1234.5'],
    ['24', '24'],
    ['', '0'],
    [undefined, '0'],
    ['abc', '0'],
  ])('"%s" is %s', (texto, esperado) => {
    expect(decimalDe(texto)).toBe(esperado);
  });
});
