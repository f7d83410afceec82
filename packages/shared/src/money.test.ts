import { describe, expect, it } from 'vitest';
import { formatBRL, formatDecimalBR, formatPercentBR, fromCents, parseDecimalBR, toCents } from './money.ts';

describe('parseDecimalBR', () => {
  it.each([
    ['15.000,5', '15000.50'],
    ['15000,50', '15000.50'],
    ['15000.5', '15000.50'],
    ['R$ 15.000,50', '15000.50'],
    ['R$\u00a01.234.567,89', '1234567.89'],
    [' 0,07 ', '0.07'],
    ['007', '7.00'],
    ['12,', '12.00'],
    ['12,5 %', '12.50'],
  ])('%s -> %s', (text, out) => {
    expect(parseDecimalBR(text)).toBe(out);
  });

  it.each(['', 'abc', '1,234', '-5', '1234567890123', '1e3', '12,5,0'])('refuses %j', (text) => {
    expect(parseDecimalBR(text)).toBeNull();
  });

  it('honours the number of places', () => {
    expect(parseDecimalBR('1,5', 3)).toBe('1.500');
    expect(parseDecimalBR('1,2345', 3)).toBeNull();
  });
});

describe('formatDecimalBR and formatPercentBR', () => {
  it('groups thousands and uses the decimal comma, exactly', () => {
    expect(formatDecimalBR('15000.5')).toBe('15.000,50');
    expect(formatDecimalBR('999999999999.99')).toBe('999.999.999.999,99');
    expect(formatDecimalBR('0.00')).toBe('0,00');
    expect(formatDecimalBR('-1234.5')).toBe('-1.234,50');
    expect(formatDecimalBR('100')).toBe('100,00');
  });

  it('keeps only the decimals there are, down to the minimum', () => {
    expect(formatDecimalBR('12.50', 0)).toBe('12,5');
    expect(formatDecimalBR('12.00', 0)).toBe('12');
    expect(formatDecimalBR('1234.125', 1)).toBe('1.234,125');
  });

  it('formats percentages as "12,5 %"', () => {
    expect(formatPercentBR('12.50')).toBe('12,5 %');
    expect(formatPercentBR('3.00')).toBe('3 %');
    expect(formatPercentBR(null)).toBe('0 %');
  });

  it('round-trips with the cents helpers and formatBRL', () => {
    const v = parseDecimalBR('R$ 15.000,50')!;
    expect(fromCents(toCents(v))).toBe('15000.50');
    expect(formatBRL(v)).toBe(`R$\u00a0${formatDecimalBR(v)}`);
  });
});
