import { describe, expect, it } from 'vitest';
import { diasCobertura, giroEstoque, valorEstoque } from './giro-estoque.ts';

describe('giroEstoque: CMV ÷ ((EI + EF) ÷ 2), 2 places', () => {
  it.each([
    // cmv, EI, EF, expected — worked out by hand
    ['100.00', '50.00', '50.00', '2.00'], // 100 ÷ 50
    ['100.00', '0.00', '100.00', '2.00'], // average 50
    ['10.00', '20.00', '10.00', '0.67'], // 10 ÷ 15 = 0.666… → 0.67
    ['1.00', '200.00', '0.00', '0.01'], // 1 ÷ 100
    ['0.49', '200.00', '0.00', '0.00'], // 0.49 ÷ 100 = 0.0049 → 0.00
    ['0.50', '200.00', '0.00', '0.01'], // 0.005 → 0.01 (half away from zero)
    ['0.00', '30.00', '30.00', '0.00'], // no sales
    ['25.00', '0.00', '0.00', null], // no stock at either end
  ] as const)('CMV %s, EI %s, EF %s → %s', (cmv, ei, ef, esperado) => {
    expect(giroEstoque(cmv, ei, ef)).toBe(esperado);
  });
});

describe('diasCobertura: disponível × dias ÷ vendido, whole days', () => {
  it.each([
    ['10', '30', 30, 10], // 1 a day, 10 available
    ['10', '20', 30, 15], // 2/3 a day → 15 days
    ['1', '3', 30, 10],
    ['1', '4', 30, 8], // 7.5 → 8
    ['1', '7', 30, 4], // 4.28… → 4
    ['0', '5', 30, 0], // nothing available
    ['-2', '5', 30, 0], // negative balance covers nothing
    ['5', '0', 30, null], // no sales: cover undefined
  ] as const)('disponível %s, vendido %s em %i dias → %s', (disp, vend, dias, esperado) => {
    expect(diasCobertura(disp, vend, dias)).toBe(esperado);
  });
});

it('valorEstoque: quantity × cost to the cent', () => {
  expect(valorEstoque('3.000', '10.3333')).toBe('31.00');
  expect(valorEstoque('1.500', '10.3333')).toBe('15.50'); // 15.49995
});
