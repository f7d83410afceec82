import { describe, expect, it } from 'vitest';
import { UFS } from '../cadastros/brasil.ts';
import { mvaAjustada } from './aliquotas.ts';
import { aliquotaInterestadual, REGIOES } from './data/aliquotas-interestaduais.ts';
import { ALIQUOTAS_UF } from './data/aliquotas-uf.ts';

describe('mvaAjustada', () => {
  it.each([
    // [(1 + 40 %) × 0,88 / 0,82] − 1 = 50,2439 % → 50,24 %
    ['40', '12', '18', '50.2400'],
    // The published figures of the ST tables: 71,78 % at 12 % into 18 % → 84,35 %; 212 % at 4 % →
    // 265,27 %; 35 % at 12 % into 17,5 % → 44 %.
    ['71.78', '12', '18', '84.3500'],
    ['212', '4', '18', '265.2700'],
    ['35', '12', '17.5', '44.0000'],
    // 40 % at 7 % into 20,5 %: 1,4 × 0,93 / 0,795 − 1 = 63,7736 % → 63,77 %
    ['40', '7', '20.5', '63.7700'],
  ])('MVA %s %%, inter %s %%, intra %s %% → %s', (mva, inter, intra, esperado) => {
    expect(mvaAjustada(mva, inter, intra)).toBe(esperado);
  });

  it('keeps the original MVA when the interstate rate is not below the internal one', () => {
    expect(mvaAjustada('40', '12', '12')).toBe('40.0000');
    expect(mvaAjustada('40', '12', '7')).toBe('40.0000');
  });
});

describe('reference rates', () => {
  it('interstate: 7 % from S/SE (except ES) to N/NE/CO and ES, 12 % otherwise, 4 % imported', () => {
    expect(aliquotaInterestadual('SP', 'MG', '0')).toBe('12.00');
    expect(aliquotaInterestadual('SP', 'RJ', '0')).toBe('12.00');
    expect(aliquotaInterestadual('SP', 'PR', '0')).toBe('12.00');
    expect(aliquotaInterestadual('SP', 'BA', '0')).toBe('7.00');
    expect(aliquotaInterestadual('RS', 'ES', '0')).toBe('7.00');
    expect(aliquotaInterestadual('PR', 'DF', '0')).toBe('7.00');
    expect(aliquotaInterestadual('ES', 'BA', '0')).toBe('12.00');
    expect(aliquotaInterestadual('BA', 'SP', '0')).toBe('12.00');
    expect(aliquotaInterestadual('GO', 'AM', '5')).toBe('12.00');
    for (const origem of ['1', '2', '3', '8'] as const)
      expect(aliquotaInterestadual('BA', 'SP', origem)).toBe('4.00');
    expect(aliquotaInterestadual('SP', 'BA', '6')).toBe('7.00');
    expect(aliquotaInterestadual('SP', 'MG', '7')).toBe('12.00');
    expect(() => aliquotaInterestadual('SP', 'SP', '0')).toThrow();
  });

  it('every UF has a region, an internal rate and an FCP between 0 and 100 with 4 decimals', () => {
    for (const uf of UFS) {
      expect(REGIOES[uf]).toMatch(/^(N|NE|CO|SE|S)$/);
      expect(ALIQUOTAS_UF[uf].icms).toMatch(/^(1[7-9]|2[0-3])\.\d{4}$/);
      expect(ALIQUOTAS_UF[uf].fcp).toMatch(/^[0-2]\.\d{4}$/);
    }
    expect([ALIQUOTAS_UF.SP, ALIQUOTAS_UF.MG, ALIQUOTAS_UF.RJ, ALIQUOTAS_UF.PR, ALIQUOTAS_UF.BA]).toEqual([
      { icms: '18.0000', fcp: '0.0000' },
      { icms: '18.0000', fcp: '0.0000' },
      { icms: '20.0000', fcp: '2.0000' },
      { icms: '19.5000', fcp: '0.0000' },
      { icms: '20.5000', fcp: '0.0000' },
    ]);
  });
});
