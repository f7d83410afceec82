import { describe, expect, it } from 'vitest';
import { businessToday } from '../dates.ts';
import { diasEntre, faixaVencimento, isVencido, situacaoValidade } from './validade.ts';

const hoje = '2026-11-20';

describe('lot expiry badges', () => {
  it.each([
    ['2026-11-19', 'vencido', -1, 'Vencido'],
    ['2025-01-01', 'vencido', -688, 'Vencido'],
    ['2026-11-20', 'vence', 0, 'Vence hoje'],
    ['2026-11-21', 'vence', 1, 'Vence em 1 dia'],
    ['2026-12-05', 'vence', 15, 'Vence em 15 dias'],
    ['2026-12-20', 'vence', 30, 'Vence em 30 dias'],
    ['2026-12-21', 'ok', 31, null],
  ])('validade %s -> %s (%i days) %s', (validade, tipo, dias, label) => {
    expect(situacaoValidade(validade, hoje)).toEqual({ tipo, dias, label });
  });

  it('a lot without validade has no badge', () => {
    expect(situacaoValidade(null, hoje)).toEqual({ tipo: 'sem_validade', dias: null, label: null });
  });

  it('counts calendar days across month, year and DST changes', () => {
    expect(diasEntre('2026-12-31', '2027-01-01')).toBe(1);
    expect(diasEntre('2028-02-28', '2028-03-01')).toBe(2); // leap year
    expect(diasEntre('2026-10-31', '2026-11-02')).toBe(2);
  });

  it('expires the day after its validade (São Paulo business day)', () => {
    expect(isVencido('2026-11-20', hoje)).toBe(false);
    expect(isVencido('2026-11-19', hoje)).toBe(true);
    expect(isVencido(null, hoje)).toBe(false);
    // 02:30 UTC on 21/11 is still 20/11 in São Paulo (UTC−3): the lot is usable until midnight there
    const tarde = businessToday(new Date('2026-11-21T02:30:00Z'));
    expect(situacaoValidade('2026-11-20', tarde).label).toBe('Vence hoje');
  });

  it.each([
    ['vencidos', { antesDe: '2026-11-20' }],
    ['30', { desde: '2026-11-20', ate: '2026-12-20' }],
    ['60', { desde: '2026-11-20', ate: '2027-01-19' }],
    ['90', { desde: '2026-11-20', ate: '2027-02-18' }],
  ] as const)('filter %s -> %o', (filtro, faixa) => {
    expect(faixaVencimento(filtro, hoje)).toEqual(faixa);
  });
});
