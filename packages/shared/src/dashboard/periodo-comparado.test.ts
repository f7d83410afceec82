import { describe, expect, it } from 'vitest';
import { businessToday } from '../dates.ts';
import {
  dividirComComplementos,
  dividirEmBienios,
  resolverPeriodo,
  variacaoPercentual,
} from './periodo-comparado.ts';

// Every expected range below was worked out by hand on a calendar: [inicio, fim), fim exclusive.
describe('resolverPeriodo', () => {
  it.each([
    // este mês: the whole month, compared with the previous month up to the same day
    ['mes', '2026-03-15', ['2026-03-01', '2026-04-01'], ['2026-02-01', '2026-02-16'], 31],
    // 31 March: February has 28 days in 2026, so the whole of February
    ['mes', '2026-03-31', ['2026-03-01', '2026-04-01'], ['2026-02-01', '2026-03-01'], 31],
    // leap year: 2028-03-30 compares with February 2028 up to the 29th
    ['mes', '2028-03-30', ['2028-03-01', '2028-04-01'], ['2028-02-01', '2028-03-01'], 31],
    // January compares with December of the year before
    ['mes', '2026-01-10', ['2026-01-01', '2026-02-01'], ['2025-12-01', '2025-12-11'], 31],
    // mês anterior: whole months
    ['mes_anterior', '2026-03-31', ['2026-02-01', '2026-03-01'], ['2026-01-01', '2026-02-01'], 28],
    ['mes_anterior', '2028-03-01', ['2028-02-01', '2028-03-01'], ['2028-01-01', '2028-02-01'], 29],
    ['mes_anterior', '2026-01-05', ['2025-12-01', '2026-01-01'], ['2025-11-01', '2025-12-01'], 31],
    // últimos 30 dias ending today, across a month end: 2026-03-05 − 29 = 2026-02-04
    ['30d', '2026-03-05', ['2026-02-04', '2026-03-06'], ['2026-01-05', '2026-02-04'], 30],
    // leap February: 2028-03-05 − 29 = 2028-02-05
    ['30d', '2028-03-05', ['2028-02-05', '2028-03-06'], ['2028-01-06', '2028-02-05'], 30],
    // últimos 90 dias: 2026-03-31 − 89 = 2026-01-01
    ['90d', '2026-03-31', ['2026-01-01', '2026-04-01'], ['2025-10-03', '2026-01-01'], 90],
    // ano: the calendar year; previous year up to the same day (29 Feb → 28 Feb of 2027)
    ['ano', '2026-11-28', ['2026-01-01', '2027-01-01'], ['2025-01-01', '2025-11-29'], 365],
    ['ano', '2028-02-29', ['2028-01-01', '2029-01-01'], ['2027-01-01', '2027-03-01'], 366],
  ] as const)('%s on %s', (periodo, hoje, atual, anterior, dias) => {
    const r = resolverPeriodo(periodo, hoje);
    expect(r.atual).toEqual({ inicio: atual[0], fim: atual[1] });
    expect(r.anterior).toEqual({ inicio: anterior[0], fim: anterior[1] });
    expect(r.dias).toBe(dias);
    expect(r.granularidade).toBe(dias > 92 ? 'semana' : 'dia');
  });

  it('personalizado: de..ate inclusive, compared with as many days just before', () => {
    // 2028-02-20..2028-03-10 = 9 + 1..10 → 10 (Feb 20–29) + 10 = 20 days; before: 2028-01-31..2028-02-19
    const r = resolverPeriodo('personalizado', '2028-06-01', '2028-02-20', '2028-03-10');
    expect(r.atual).toEqual({ inicio: '2028-02-20', fim: '2028-03-11' });
    expect(r.dias).toBe(20);
    expect(r.anterior).toEqual({ inicio: '2028-01-31', fim: '2028-02-20' });
    // one day
    const um = resolverPeriodo('personalizado', '2026-06-01', '2026-03-01', '2026-03-01');
    expect(um.atual).toEqual({ inicio: '2026-03-01', fim: '2026-03-02' });
    expect(um.anterior).toEqual({ inicio: '2026-02-28', fim: '2026-03-01' });
  });

  it("today is São Paulo's: 02:00 UTC on 1 April is still 31 March there", () => {
    const hoje = businessToday(new Date('2026-04-01T02:00:00Z'));
    expect(resolverPeriodo('mes', hoje).atual).toEqual({ inicio: '2026-03-01', fim: '2026-04-01' });
    expect(resolverPeriodo('mes_anterior', hoje).atual).toEqual({ inicio: '2026-02-01', fim: '2026-03-01' });
    expect(resolverPeriodo('30d', hoje).atual).toEqual({ inicio: '2026-03-02', fim: '2026-04-01' });
    const depois = businessToday(new Date('2026-04-01T03:00:00Z'));
    expect(resolverPeriodo('mes', depois).atual.inicio).toBe('2026-04-01');
    expect(resolverPeriodo('30d', depois).atual).toEqual({ inicio: '2026-03-03', fim: '2026-04-02' });
  });
});

describe('dividirComComplementos', () => {
  const i = ([inicio, fim]: readonly [string, string]) => ({ inicio, fim });
  it.each([
    // whole months: months only
    [['2026-03-01', '2026-04-01'], ['2026-03-01', '2026-04-01'], [], []],
    [['2025-12-01', '2026-12-01'], ['2025-12-01', '2026-12-01'], [], []],
    // últimos 90 dias to 30 Nov: 2–30 Sep inside (29 days), 1 Sep outside → Sep–Nov less 1 Sep
    [['2026-09-02', '2026-12-01'], ['2026-09-01', '2026-12-01'], [], [['2026-09-01', '2026-09-02']]],
    // 365 days to 29 Nov 2026: 30 Nov 2025 is 1 day in (29 out) → added; November 2026 has 29 in, 1 out
    [
      ['2025-11-30', '2026-11-30'],
      ['2025-12-01', '2026-12-01'],
      [['2025-11-30', '2025-12-01']],
      [['2026-11-30', '2026-12-01']],
    ],
    // 30 days across a month end: February 4–28 in (25), 1–3 out; March 1–5 in (5), 6–31 out
    [
      ['2026-02-04', '2026-03-06'],
      ['2026-02-01', '2026-03-01'],
      [['2026-03-01', '2026-03-06']],
      [['2026-02-01', '2026-02-04']],
    ],
    // days inside one month: 2–19 March in (18), 1 and 20–31 out (13) → March less both ends
    [
      ['2026-03-02', '2026-03-20'],
      ['2026-03-01', '2026-04-01'],
      [],
      [
        ['2026-03-01', '2026-03-02'],
        ['2026-03-20', '2026-04-01'],
      ],
    ],
    // a few days: the days themselves
    [['2026-03-10', '2026-03-13'], null, [['2026-03-10', '2026-03-13']], []],
    // equal halves (February 2026: 14 in, 14 out) stay days; 15 Dec 2025 – 9 Mar 2026: December's
    // 17 days in against 14 out → December whole less 1–14; March's 9 in against 22 out → added
    [['2026-02-15', '2026-03-01'], null, [['2026-02-15', '2026-03-01']], []],
    [
      ['2025-12-15', '2026-03-10'],
      ['2025-12-01', '2026-03-01'],
      [['2026-03-01', '2026-03-10']],
      [['2025-12-01', '2025-12-15']],
    ],
  ] as const)('%j', (r, meses, somar, tirar) => {
    const out = dividirComComplementos(i(r));
    expect(out.meses).toEqual(meses ? i(meses) : null);
    expect(out.somar).toEqual(somar.map(i));
    expect(out.tirar).toEqual(tirar.map(i));
  });
});

describe('dividirEmBienios', () => {
  // positions of the row for year Y: 1–12 are January–December of Y−1, 13–24 those of Y
  it.each([
    // one month: March 2026 is position 12 + 3 of the 2026 row
    [['2026-03-01', '2026-04-01'], [[2026, 15, 15]]],
    // a calendar year: the second half of its row
    [['2026-01-01', '2027-01-01'], [[2026, 13, 24]]],
    // twelve months across New Year: December 2025 (12) to November 2026 (12 + 11), one row
    [['2025-12-01', '2026-12-01'], [[2026, 12, 23]]],
    // ending on the 1st of January: the last month is December 2025, so the 2025 row
    [['2025-10-01', '2026-01-01'], [[2025, 22, 24]]],
    // three calendar years: January 2025–February 2026 in the 2026 row, November–December 2024 in the 2024 row
    [
      ['2024-11-01', '2026-03-01'],
      [
        [2024, 23, 24],
        [2026, 1, 14],
      ],
    ],
    // four whole years: two rows of 24 months
    [
      ['2023-01-01', '2027-01-01'],
      [
        [2024, 1, 24],
        [2026, 1, 24],
      ],
    ],
  ] as const)('%j', (r, partes) => {
    expect(dividirEmBienios({ inicio: r[0], fim: r[1] })).toEqual(
      partes.map(([ano, de, ate]) => ({ ano, de, ate })),
    );
  });
});

describe('variacaoPercentual', () => {
  it.each([
    ['150.00', '100.00', '50.0'],
    ['50.00', '100.00', '-50.0'],
    ['100.00', '100.00', '0.0'],
    // 1/3 = 33.333… → 33.3; 2/3 → 66.7 (half away from zero)
    ['4.00', '3.00', '33.3'],
    ['1.00', '3.00', '-66.7'],
    ['0.00', '10.00', '-100.0'],
    // 0.05 % rounds away from zero to 0.1
    ['2000.01', '2000.00', '0.0'],
    ['1000.50', '1000.00', '0.1'],
    [7, 4, '75.0'],
  ] as const)('%s vs %s → %s', (atual, anterior, esperado) => {
    expect(variacaoPercentual(atual, anterior)).toBe(esperado);
  });
  it('is null when the previous period had nothing', () => {
    expect(variacaoPercentual('10.00', '0')).toBeNull();
    expect(variacaoPercentual(0, 0)).toBeNull();
  });
});
