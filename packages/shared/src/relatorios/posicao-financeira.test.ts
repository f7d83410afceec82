import { describe, expect, it } from 'vitest';
import { faixaAging, vencimentosDaFaixa } from '../financeiro/aging.ts';
import { grupoDreDaClasse, sobRaiz } from './posicao-financeira.ts';

// The report's aging is the finance area's rule; its boundaries on a fixed day, worked out by hand.
describe('aging buckets at their boundaries (hoje = 2026-03-31)', () => {
  const hoje = '2026-03-31';
  it.each([
    ['2026-04-30', 'a_vencer'], // due in 30 days
    ['2026-03-31', 'a_vencer'], // due today: not overdue
    ['2026-03-30', '1_30'], // 1 day overdue
    ['2026-03-01', '1_30'], // 30 days
    ['2026-02-28', '31_60'], // 31 days (February 2026 has 28)
    ['2026-01-30', '31_60'], // 60 days
    ['2026-01-29', '61_90'], // 61
    ['2025-12-31', '61_90'], // 90, across the year
    ['2025-12-30', 'mais_90'], // 91
    ['2020-01-01', 'mais_90'],
  ] as const)('vencimento %s → %s', (venc, faixa) => {
    expect(faixaAging(venc, hoje)).toBe(faixa);
  });

  it('the due-date ranges the SQL filters by meet without gaps', () => {
    expect(vencimentosDaFaixa('a_vencer', hoje)).toEqual({ de: '2026-03-31', ate: null });
    expect(vencimentosDaFaixa('1_30', hoje)).toEqual({ de: '2026-03-01', ate: '2026-03-30' });
    expect(vencimentosDaFaixa('31_60', hoje)).toEqual({ de: '2026-01-30', ate: '2026-02-28' });
    expect(vencimentosDaFaixa('61_90', hoje)).toEqual({ de: '2025-12-31', ate: '2026-01-29' });
    expect(vencimentosDaFaixa('mais_90', hoje)).toEqual({ de: null, ate: '2025-12-30' });
  });
});

describe('grupoDreDaClasse: the DRE line of a classe', () => {
  it.each([
    ['receber', '1.01.001', 'receita'],
    ['receber', null, 'receita'],
    ['pagar', '2.01.001', 'custo'], // under the custo root 2.01
    ['pagar', '2.01', 'custo'],
    ['pagar', '2.02.001', 'despesa'],
    ['pagar', '2.010', 'despesa'], // not a child of 2.01 (another code)
    ['pagar', '2', 'despesa'],
    ['pagar', null, 'despesa'], // no classe
  ] as const)('%s %s → %s', (tipo, codigo, grupo) => {
    expect(grupoDreDaClasse(tipo, codigo)).toBe(grupo);
  });

  it('other roots can be costs', () => {
    expect(grupoDreDaClasse('pagar', '3.01.002', ['3.01'])).toBe('custo');
    expect(sobRaiz('2.01.001', '2')).toBe(true);
    expect(sobRaiz('2.02.001', '2.01')).toBe(false);
  });
});
