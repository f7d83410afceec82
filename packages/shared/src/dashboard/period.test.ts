import { describe, expect, it } from 'vitest';
import { businessToday } from '../dates.ts';
import { isIsoDay, monthRange } from './period.ts';

describe('dashboard period', () => {
  it('is the month of today, [first day, first day of next month)', () => {
    expect(monthRange('2026-03-01')).toEqual({ inicio: '2026-03-01', fim: '2026-04-01' });
    expect(monthRange('2026-03-31')).toEqual({ inicio: '2026-03-01', fim: '2026-04-01' });
    expect(monthRange('2026-12-15')).toEqual({ inicio: '2026-12-01', fim: '2027-01-01' });
    expect(monthRange('2028-02-29')).toEqual({ inicio: '2028-02-01', fim: '2028-03-01' });
  });
  it('accepts only real calendar days', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('26-01-01')).toBe(false);
  });

  it("today's month is São Paulo's, whatever the server's time zone", () => {
    // 02:00 UTC on April 1st is still March 31st, 23:00 in São Paulo
    expect(monthRange(businessToday(new Date('2026-04-01T02:00:00Z')))).toEqual({
      inicio: '2026-03-01',
      fim: '2026-04-01',
    });
    // 03:00 UTC is midnight in São Paulo: the 1st, and it counts in April
    expect(monthRange(businessToday(new Date('2026-04-01T03:00:00Z'))).inicio).toBe('2026-04-01');
  });
});
