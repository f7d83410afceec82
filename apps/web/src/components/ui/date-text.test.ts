import { describe, expect, it } from 'vitest';
import { dateTextError, isoToLocalDate, localDateToIso, maskDateBR, parseDateBR } from './date-text.ts';

describe('pt-BR date text', () => {
  it('inserts the slashes while digits are typed and drops anything else', () => {
    expect(maskDateBR('0')).toBe('0');
    expect(maskDateBR('010')).toBe('01/0');
    expect(maskDateBR('01022026')).toBe('01/02/2026');
    expect(maskDateBR('01/02/20269')).toBe('01/02/2026');
    expect(maskDateBR('1a-2')).toBe('12');
    expect(maskDateBR('')).toBe('');
  });

  it('reads real calendar days only', () => {
    expect(parseDateBR('01/02/2026')).toBe('2026-02-01');
    expect(parseDateBR('29/02/2028')).toBe('2028-02-29');
    expect(parseDateBR('29/02/2026')).toBeNull();
    expect(parseDateBR('30/02/2026')).toBeNull();
    expect(parseDateBR('31/04/2026')).toBeNull();
    expect(parseDateBR('00/01/2026')).toBeNull();
    expect(parseDateBR('01/13/2026')).toBeNull();
    expect(parseDateBR('01/01/1899')).toBeNull();
    expect(parseDateBR('1/2/2026')).toBeNull();
  });

  it('says why a date is refused', () => {
    expect(dateTextError('')).toBeNull();
    expect(dateTextError('01/02')).toBe('Data inválida. Use dd/mm/aaaa.');
    expect(dateTextError('30/02/2026')).toBe('Data inválida. Use dd/mm/aaaa.');
    expect(dateTextError('01/02/2026', { min: '2026-02-02' })).toBe(
      'A data deve ser a partir de 02/02/2026.',
    );
    expect(dateTextError('01/03/2026', { max: '2026-02-28' })).toBe('A data deve ser até 28/02/2026.');
    expect(dateTextError('28/02/2026', { min: '2026-02-28', max: '2026-02-28' })).toBeNull();
  });

  it('round-trips calendar days through local Dates', () => {
    for (const iso of ['2026-01-01', '2026-02-28', '2026-10-18', '2027-12-31']) {
      expect(localDateToIso(isoToLocalDate(iso))).toBe(iso);
    }
  });
});
