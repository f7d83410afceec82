import { describe, expect, it } from 'vitest';
import { agruparAging, FAIXAS_AGING, faixaAging, faixaAgingLabels, vencimentosDaFaixa } from './aging.ts';

const HOJE = '2026-11-23';

describe('aging', () => {
  it.each([
    ['2027-01-10', 'a_vencer'],
    ['2026-11-23', 'a_vencer'], // due today is not overdue
    ['2026-11-22', '1_30'], // 1 day
    ['2026-10-24', '1_30'], // 30 days
    ['2026-10-23', '31_60'], // 31
    ['2026-09-24', '31_60'], // 60
    ['2026-09-23', '61_90'], // 61
    ['2026-08-25', '61_90'], // 90
    ['2026-08-24', 'mais_90'], // 91
    ['2020-01-01', 'mais_90'],
  ])('due %s → %s', (vencimento, faixa) => {
    expect(faixaAging(vencimento, HOJE)).toBe(faixa);
  });

  it('labels in order', () => {
    expect(FAIXAS_AGING.map((f) => faixaAgingLabels[f])).toEqual([
      'A vencer',
      '1 a 30 dias',
      '31 a 60 dias',
      '61 a 90 dias',
      'Mais de 90 dias',
    ]);
  });

  it('the due-date range of each faixa, for SQL', () => {
    expect(FAIXAS_AGING.map((f) => vencimentosDaFaixa(f, HOJE))).toEqual([
      { de: '2026-11-23', ate: null },
      { de: '2026-10-24', ate: '2026-11-22' },
      { de: '2026-09-24', ate: '2026-10-23' },
      { de: '2026-08-25', ate: '2026-09-23' },
      { de: null, ate: '2026-08-24' },
    ]);
  });

  it('count and saldo per faixa, every faixa present, and the total', () => {
    expect(
      agruparAging(
        [
          { vencimento: '2026-12-01', saldo: '100.10' },
          { vencimento: '2026-11-23', saldo: '0.05' },
          { vencimento: '2026-11-01', saldo: '600.00' }, // parcial: its saldo, not its valor
          { vencimento: '2026-07-01', saldo: '33.33' },
          { vencimento: '2026-06-01', saldo: '66.67' },
        ],
        HOJE,
      ),
    ).toEqual({
      faixas: [
        { faixa: 'a_vencer', quantidade: 2, saldo: '100.15' },
        { faixa: '1_30', quantidade: 1, saldo: '600.00' },
        { faixa: '31_60', quantidade: 0, saldo: '0.00' },
        { faixa: '61_90', quantidade: 0, saldo: '0.00' },
        { faixa: 'mais_90', quantidade: 2, saldo: '100.00' },
      ],
      total: { quantidade: 5, saldo: '800.15' },
    });
  });
});
