import { describe, expect, it } from 'vitest';
import { converteItemNfe, custoItemNfe, itemManual } from './custo.ts';

describe('custo do item da NF-e de entrada', () => {
  it.each([
    // vProd only (OCA file item 1)
    [{ vProd: '84.90' }, false, '84.90'],
    // discount, freight, insurance, other, IPI and ST
    [
      {
        vProd: '78.23',
        vDesc: '3.66',
        vFrete: '1.00',
        vSeg: '0.50',
        vOutro: '0.25',
        vIPI: '1.40',
        vICMSST: '4.79',
      },
      false,
      '82.51',
    ],
    // regime normal recovering ICMS, PIS and COFINS
    [{ vProd: '100.00', vIPI: '5.00', vICMS: '12.00', vPIS: '1.65', vCOFINS: '7.60' }, true, '83.75'],
    [{ vProd: '100.00', vIPI: '5.00', vICMS: '12.00', vPIS: '1.65', vCOFINS: '7.60' }, false, '105.00'],
  ])('%o (recuperáveis %s) costs %s', (v, rec, custo) => {
    expect(custoItemNfe(v, rec)).toBe(custo);
  });

  it.each([
    // 12 CX × 20 = 240 UN at 456.00 → 1.9000 per UN (fixture bfr item 1)
    ['12.0000', '20', '456.00', '240.000', '1.9000'],
    // 5 CX × 8 = 40 UN
    ['5.0000', '8', '100.00', '40.000', '2.5000'],
    // 3 UN at 10.00 → 3.3333
    ['3', '1', '10.00', '3.000', '3.3333'],
    // KG with decimals
    ['76.5500', '1', '414.90', '76.550', '5.4200'],
  ])('%s × %s for %s → %s at %s', (q, f, total, base, unit) => {
    expect(converteItemNfe(q, f, total)).toEqual({ quantidadeBase: base, custoUnitario: unit });
  });

  it.each([
    // 3 FD of 6 at 30.00 → 90.00; 18 UN at 90.00 / 18 = 5.0000
    ['3', '6', '30', { total: '90.00', quantidadeBase: '18.000', custoUnitario: '5.0000' }],
    // 7 CX of 12 at 83.90 → 587.30; 84 UN at 587.30 / 84 = 6.991666… → 6.9917
    ['7', '12', '83.90', { total: '587.30', quantidadeBase: '84.000', custoUnitario: '6.9917' }],
    // 2.5 KG at 3.99 → 9.975 → 9.98 (half away from zero); 9.98 / 2.5 = 3.9920
    ['2.5', '1', '3.99', { total: '9.98', quantidadeBase: '2.500', custoUnitario: '3.9920' }],
    // 1 CX of 24 at 10.00 → 24 UN at 0.416666… → 0.4167
    ['1', '24', '10.00', { total: '10.00', quantidadeBase: '24.000', custoUnitario: '0.4167' }],
  ])('manual: %s × fator %s at %s per packaging', (q, f, c, esperado) => {
    expect(itemManual(q, f, c)).toEqual(esperado);
  });
});
