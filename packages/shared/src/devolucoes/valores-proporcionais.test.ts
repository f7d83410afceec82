import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { computeItemTaxes } from '../tributacao/calculo-item.ts';
import { partes, regra } from '../tributacao/fixtures.test-util.ts';
import {
  baseComissaoDaDevolucao,
  type ItemOriginal,
  type ValoresDevolucao,
  valorDaDevolucao,
  valoresDaDevolucao,
} from './valores-proporcionais.ts';

// The hand-worked example of issue 32: an item sold inside SP to a contributor who resells it
// (regime normal, lucro real, PIS/COFINS without the ICMS in their base), ICMS 18 %, ICMS-ST with
// MVA 40 % and internal rate 18 %, IPI 10 %, IBS/CBS of 2026 — 10 units × R$ 33,33:
//   vProd    = 10 × 33,33                                     = 333,30
//   IPI      = 333,30 × 10 %                                  =  33,33
//   ICMS     = 333,30 × 18 % = 59,994                         →  59,99   (vBC 333,30: no IPI in the
//                                                                        base between contributors)
//   vBCST    = (333,30 + 33,33) × 1,40 = 513,282              → 513,28
//   ICMS-ST  = 513,28 × 18 % = 92,3904 → 92,39 − 59,99         =  32,40
//   PIS      = (333,30 − 59,99) = 273,31 × 1,65 % = 4,509615   →   4,51
//   COFINS   = 273,31 × 7,6 % = 20,77156                      →  20,77
//   IBS/CBS base = 333,30 − 4,51 − 20,77 − 59,99              = 248,03
//   IBS UF   = 248,03 × 0,1 % = 0,24803                       →   0,25
//   CBS      = 248,03 × 0,9 % = 2,23227                       →   2,23
//   vItem    = 333,30 + 32,40 + 33,33                         = 399,03
// (checked against the tax engine below, so the example is the engine's own output).

const ORIGINAL: ItemOriginal = {
  qCom: '10.0000',
  valores: {
    vProd: '333.30',
    vBC: '333.30',
    vICMS: '59.99',
    vBCST: '513.28',
    vICMSST: '32.40',
    vBCIPI: '333.30',
    vIPI: '33.33',
    vBCPIS: '273.31',
    vPIS: '4.51',
    vBCCOFINS: '273.31',
    vCOFINS: '20.77',
    vBCIBSCBS: '248.03',
    vIBSUF: '0.25',
    vIBSMun: '0.00',
    vCBS: '2.23',
  },
};

const CAMPOS = [
  'vProd',
  'vBC',
  'vICMS',
  'vBCST',
  'vICMSST',
  'vBCIPI',
  'vIPI',
  'vBCPIS',
  'vPIS',
  'vBCCOFINS',
  'vCOFINS',
  'vBCIBSCBS',
  'vIBSUF',
  'vIBS',
  'vCBS',
  'vItem',
] as const;
const escolhe = (v: ValoresDevolucao) => Object.fromEntries(CAMPOS.map((c) => [c, v[c]]));
const soma = (vs: ValoresDevolucao[], c: (typeof CAMPOS)[number]) =>
  Decimal.sum(vs.map((v) => v[c])).toFixed(2);

describe('valoresDaDevolucao — the hand-worked example', () => {
  it('the original item is what the tax engine computes', () => {
    const r = regra({
      cfop: '5403',
      cst_icms: '10',
      p_mva_st: '40',
      p_icms_st: '18',
      cst_ipi: '50',
      p_ipi: '10',
    });
    const t = computeItemTaxes(
      { quantidade: '10', valorUnitario: '33.33', origem: '0', ncm: '22021000' },
      r,
      partes(),
    );
    expect([t.vProd, t.ICMS.vBC, t.ICMS.vICMS, t.ICMS.vBCST, t.ICMS.vICMSST, t.IPI?.vIPI]).toEqual([
      '333.30',
      '333.30',
      '59.99',
      '513.28',
      '32.40',
      '33.33',
    ]);
    expect([
      t.PIS.vBC,
      t.PIS.vPIS,
      t.COFINS.vCOFINS,
      t.IBSCBS?.vBC,
      t.IBSCBS?.vIBSUF,
      t.IBSCBS?.vCBS,
    ]).toEqual(['273.31', '4.51', '20.77', '248.03', '0.25', '2.23']);
    expect(t.vItem).toBe('399.03');
  });

  it('half returned (5 of 10): each value × 5/10, rounded half away from zero', () => {
    // vProd 333,30 / 2 = 166,65        vICMS 59,99 / 2 = 29,995 → 30,00
    // vBCST 513,28 / 2 = 256,64        vICMSST 32,40 / 2 = 16,20
    // vIPI 33,33 / 2 = 16,665 → 16,67  vBCPIS 273,31 / 2 = 136,655 → 136,66
    // vPIS 4,51 / 2 = 2,255 → 2,26     vCOFINS 20,77 / 2 = 10,385 → 10,39
    // vBCIBSCBS 248,03 / 2 = 124,015 → 124,02; vIBSUF 0,125 → 0,13; vCBS 1,115 → 1,12
    // vItem = 166,65 + 16,20 + 16,67 = 199,52
    const metade = valoresDaDevolucao(ORIGINAL, '5');
    expect(escolhe(metade)).toEqual({
      vProd: '166.65',
      vBC: '166.65',
      vICMS: '30.00',
      vBCST: '256.64',
      vICMSST: '16.20',
      vBCIPI: '166.65',
      vIPI: '16.67',
      vBCPIS: '136.66',
      vPIS: '2.26',
      vBCCOFINS: '136.66',
      vCOFINS: '10.39',
      vBCIBSCBS: '124.02',
      vIBSUF: '0.13',
      vIBS: '0.13',
      vCBS: '1.12',
      vItem: '199.52',
    });
    expect([metade.qDev, metade.vUnCom, metade.pDevol, metade.ultima]).toEqual([
      '5.000',
      '33.33',
      '50.00',
      false,
    ]);
    expect(metade.vDesc).toBe('0.00');
  });

  it('the other half (the last return) takes exactly the remainder', () => {
    // vICMS 59,99 − 30,00 = 29,99; vIPI 33,33 − 16,67 = 16,66; vPIS 4,51 − 2,26 = 2,25; …
    // vItem = 166,65 + 16,20 + 16,66 = 199,51, and 199,52 + 199,51 = 399,03.
    const primeira = valoresDaDevolucao(ORIGINAL, '5');
    const segunda = valoresDaDevolucao(ORIGINAL, '5', [{ quantidade: '5', valores: primeira }]);
    expect(escolhe(segunda)).toEqual({
      vProd: '166.65',
      vBC: '166.65',
      vICMS: '29.99',
      vBCST: '256.64',
      vICMSST: '16.20',
      vBCIPI: '166.65',
      vIPI: '16.66',
      vBCPIS: '136.65',
      vPIS: '2.25',
      vBCCOFINS: '136.65',
      vCOFINS: '10.38',
      vBCIBSCBS: '124.01',
      vIBSUF: '0.12',
      vIBS: '0.12',
      vCBS: '1.11',
      vItem: '199.51',
    });
    expect(segunda.ultima).toBe(true);
    expect(valorDaDevolucao([primeira, segunda])).toBe('399.03');
  });

  it('three partial returns (3 + 3 + 4): the last takes the remainder, the sum is the original', () => {
    //            3/10 each               last (remainder)            the naive 4/10 would give
    // vProd      333,30 × 0,3 = 99,99     333,30 − 199,98 = 133,32    133,32
    // vICMS      59,99 × 0,3 = 17,997→18,00  59,99 − 36,00 = 23,99    23,996 → 24,00 (Σ 60,00 ✗)
    // vBCST      513,28 × 0,3 = 153,984→153,98  513,28 − 307,96 = 205,32   205,312 → 205,31 (Σ 513,27 ✗)
    // vICMSST    32,40 × 0,3 = 9,72       32,40 − 19,44 = 12,96       12,96
    // vIPI       33,33 × 0,3 = 9,999→10,00   33,33 − 20,00 = 13,33    13,332 → 13,33
    // vBCPIS     273,31 × 0,3 = 81,993→81,99 273,31 − 163,98 = 109,33 109,324 → 109,32 (Σ 273,30 ✗)
    // vPIS       4,51 × 0,3 = 1,353→1,35  4,51 − 2,70 = 1,81          1,804 → 1,80 (Σ 4,50 ✗)
    // vCOFINS    20,77 × 0,3 = 6,231→6,23 20,77 − 12,46 = 8,31        8,308 → 8,31
    // vBCIBSCBS  248,03 × 0,3 = 74,409→74,41 248,03 − 148,82 = 99,21  99,212 → 99,21
    // vIBSUF     0,25 × 0,3 = 0,075→0,08  0,25 − 0,16 = 0,09          0,10 (Σ 0,26 ✗)
    // vCBS       2,23 × 0,3 = 0,669→0,67  2,23 − 1,34 = 0,89          0,892 → 0,89
    // vItem      99,99 + 9,72 + 10,00 = 119,71 (twice); 133,32 + 12,96 + 13,33 = 159,61; Σ 399,03
    const r1 = valoresDaDevolucao(ORIGINAL, '3');
    const r2 = valoresDaDevolucao(ORIGINAL, '3', [{ quantidade: '3', valores: r1 }]);
    const r3 = valoresDaDevolucao(ORIGINAL, '4', [
      { quantidade: '3', valores: r1 },
      { quantidade: '3', valores: r2 },
    ]);
    expect(r2).toEqual(r1);
    expect([r1.vProd, r1.vICMS, r1.vBCST, r1.vICMSST, r1.vIPI, r1.vBCPIS, r1.vPIS, r1.vCOFINS]).toEqual([
      '99.99',
      '18.00',
      '153.98',
      '9.72',
      '10.00',
      '81.99',
      '1.35',
      '6.23',
    ]);
    expect([r1.vBCIBSCBS, r1.vIBSUF, r1.vCBS, r1.vItem]).toEqual(['74.41', '0.08', '0.67', '119.71']);
    expect([r3.vProd, r3.vICMS, r3.vBCST, r3.vICMSST, r3.vIPI, r3.vBCPIS, r3.vPIS, r3.vCOFINS]).toEqual([
      '133.32',
      '23.99',
      '205.32',
      '12.96',
      '13.33',
      '109.33',
      '1.81',
      '8.31',
    ]);
    expect([r3.vBCIBSCBS, r3.vIBSUF, r3.vCBS, r3.vItem, r3.ultima]).toEqual([
      '99.21',
      '0.09',
      '0.89',
      '159.61',
      true,
    ]);
    for (const c of CAMPOS) {
      const original = c === 'vIBS' ? '0.25' : c === 'vItem' ? '399.03' : (ORIGINAL.valores[c] as string);
      expect(soma([r1, r2, r3], c), c).toBe(original);
    }
  });
});

describe('valoresDaDevolucao — other rules', () => {
  it('apportions the discount, freight, insurance and other charges and keeps them in vItem', () => {
    // 4 units: vProd 100,00, vDesc 10,00, vFrete 7,00, vSeg 1,00, vOutro 0,03; 1 returned:
    // 25,00 − 2,50 + 1,75 + 0,25 + 0,0075→0,01 = 24,51
    const v = valoresDaDevolucao(
      {
        qCom: '4',
        valores: { vProd: '100.00', vDesc: '10.00', vFrete: '7.00', vSeg: '1.00', vOutro: '0.03' },
      },
      '1',
    );
    expect([v.vProd, v.vDesc, v.vFrete, v.vSeg, v.vOutro, v.vItem, v.pDevol]).toEqual([
      '25.00',
      '2.50',
      '1.75',
      '0.25',
      '0.01',
      '24.51',
      '25.00',
    ]);
  });

  it('never lets a partial return take more than is left, so the last is never negative', () => {
    // vIPI 0,03 over 6 units returned one by one: 0,03 / 6 = 0,005 → 0,01 for the first three;
    // then nothing is left: 0,00, 0,00 and the last 0,00.
    const original: ItemOriginal = { qCom: '6', valores: { vProd: '6.00', vIPI: '0.03' } };
    const feitas: { quantidade: string; valores: ValoresDevolucao }[] = [];
    for (let i = 0; i < 6; i++) {
      const v = valoresDaDevolucao(original, '1', feitas);
      feitas.push({ quantidade: '1', valores: v });
    }
    expect(feitas.map((f) => f.valores.vIPI)).toEqual(['0.01', '0.01', '0.01', '0.00', '0.00', '0.00']);
    expect(feitas.map((f) => f.valores.vProd)).toEqual(['1.00', '1.00', '1.00', '1.00', '1.00', '1.00']);
  });

  it('gives vUnCom so that qDev × vUnCom rounds to vProd', () => {
    // 9 × 10,01 = 90,09; 7/9 → 70,07; 70,07 / 7 = 10,01
    const v = valoresDaDevolucao({ qCom: '9', valores: { vProd: '90.09' } }, '7');
    expect([v.vProd, v.vUnCom, v.pDevol]).toEqual(['70.07', '10.01', '77.78']);
    // 3 × 0,335 = 1,005 → 1,01; 2 of 3 → 0,67333 → 0,67; vUnCom 0,67 / 2 = 0,335
    const w = valoresDaDevolucao({ qCom: '3', valores: { vProd: '1.01' } }, '2');
    expect([w.vProd, w.vUnCom]).toEqual(['0.67', '0.335']);
  });

  it('refuses a quantity above what is left, zero, or values with more than 2 decimals', () => {
    expect(() => valoresDaDevolucao(ORIGINAL, '11', [], 'Refrigerante')).toThrow(
      'Item «Refrigerante»: a devolver 11, disponível 10',
    );
    expect(() => valoresDaDevolucao(ORIGINAL, '6', [{ quantidade: '5', valores: {} }])).toThrow(
      'disponível 5',
    );
    expect(() => valoresDaDevolucao(ORIGINAL, '0')).toThrow('maior que zero');
    expect(() => valoresDaDevolucao({ qCom: '1', valores: { vProd: '1.005' } }, '1')).toThrow('2 casas');
  });

  it('sums the commission base without ST, IPI and freight (vProd − vDesc)', () => {
    const v = valoresDaDevolucao(
      {
        qCom: '2',
        valores: { vProd: '100.00', vDesc: '10.00', vFrete: '4.00', vIPI: '9.00', vICMSST: '5.00' },
      },
      '1',
    );
    expect(v.vItem).toBe('54.00');
    expect(baseComissaoDaDevolucao([v, v])).toBe('90.00');
  });
});
