import { describe, expect, it } from 'vitest';
import { custoTexto, Decimal, dinheiroTexto, quantidadeTexto } from './decimal.ts';

const d = Decimal.of;

describe('Decimal: reading and writing', () => {
  it.each([
    ['12.5', '12.5', 1],
    ['12.500', '12.5', 3],
    ['-0.001', '-0.001', 3],
    ['007', '7', 0],
    ['+3.10', '3.1', 2],
    [' 4.0 ', '4', 1],
  ])('%j -> %s (scale %i)', (text, shortest, scale) => {
    const v = d(text);
    expect(v.toString()).toBe(shortest);
    expect(v.scale).toBe(scale);
  });

  it.each(['1,5', '', '1.', '.5', '1e3', 'abc', '1.2.3', '--1'])('refuses %j', (text) => {
    expect(() => d(text)).toThrow();
    expect(Decimal.isValid(text)).toBe(false);
  });

  it('takes integers as numbers or bigint, never a fraction as a float', () => {
    expect(d(12).toFixed(3)).toBe('12.000');
    expect(d(-3n).toFixed(2)).toBe('-3.00');
    expect(() => d(0.1)).toThrow('use texto');
  });

  it('writes numeric(14,3), numeric(18,4) and numeric(14,2) text', () => {
    expect(quantidadeTexto('30')).toBe('30.000');
    expect(custoTexto('6.5')).toBe('6.5000');
    expect(dinheiroTexto('1234.565')).toBe('1234.57');
    expect(dinheiroTexto('-0.004')).toBe('0.00');
  });

  it('counts only decimals that carry a digit', () => {
    expect(d('1.500').decimalPlaces()).toBe(1);
    expect(d('2.000').decimalPlaces()).toBe(0);
    expect(d('0.125').decimalPlaces()).toBe(3);
    expect(d('-10').decimalPlaces()).toBe(0);
    expect(d('2.000').isInteger()).toBe(true);
  });
});

describe('Decimal: exact arithmetic', () => {
  it('adds and subtracts without float error', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floats
    expect(d('0.1').plus('0.2').toString()).toBe('0.3');
    expect(d('10.000').minus('10.001').toFixed(3)).toBe('-0.001');
    expect(Decimal.sum(['1.5', '2.25', '-0.75']).toString()).toBe('3');
    expect(Decimal.sum([]).toString()).toBe('0');
  });

  it('multiplies exactly, far beyond 2^53', () => {
    // the largest numeric(14,3) × numeric(18,4): (10^11 − 0.001) × (10^14 − 0.0001)
    // = 10^25 − 10^7 − 10^11 + 10^-7
    expect(d('99999999999.999').times('99999999999999.9999').toString()).toBe(
      '9999999999999899990000000.0000001',
    );
    expect(d('2.5').times('-4').toString()).toBe('-10');
  });

  it('compares across scales', () => {
    expect(d('1.50').cmp('1.5')).toBe(0);
    expect(d('1.5').eq('1.500')).toBe(true);
    expect(d('-1').lt('0')).toBe(true);
    expect(d('2').gte('2.000')).toBe(true);
    expect(d('0.001').gt('0')).toBe(true);
    expect(d('3').min('2.5').toString()).toBe('2.5');
    expect(d('-0.000').sign()).toBe(0);
  });
});

describe('Decimal: rounding half away from zero', () => {
  // Worked by hand: the digit after the last kept one decides; exactly 5 goes away from zero.
  it.each([
    ['2.345', 2, '2.35'],
    ['2.344', 2, '2.34'],
    ['2.355', 2, '2.36'],
    ['-2.345', 2, '-2.35'],
    ['-2.344', 2, '-2.34'],
    ['0.00015', 4, '0.0002'],
    ['0.00025', 4, '0.0003'], // half-even would give 0.0002
    ['0.00035', 4, '0.0004'],
    ['6.66666', 4, '6.6667'],
    ['0.5', 0, '1'],
    ['1.5', 0, '2'],
    ['2.5', 0, '3'], // half-even would give 2
    ['-0.5', 0, '-1'],
    ['1.2', 3, '1.200'],
  ])('round(%s, %i) = %s', (value, scale, expected) => {
    expect(d(value).toFixed(scale)).toBe(expected);
  });

  it('round(-x) is -round(x), so a reversal is the exact negative', () => {
    for (const v of ['0.125', '7.0005', '1.99999', '123.4565']) {
      expect(d(v).negated().round(3).toString()).toBe(d(v).round(3).negated().toString());
    }
  });

  it.each([
    ['240', '36', 4, '6.6667'], // 6.66666…
    ['260', '40', 4, '6.5000'],
    ['5', '3', 4, '1.6667'],
    ['1', '8', 2, '0.13'], // 0.125 -> 0.13
    ['-1', '8', 2, '-0.13'],
    ['1', '-8', 2, '-0.13'],
    ['0.0005', '2', 4, '0.0003'], // 0.00025
    ['10.000', '3.000', 3, '3.333'],
    ['20', '3', 0, '7'], // 6.67
  ])('%s / %s with %i decimals = %s', (a, b, scale, expected) => {
    expect(d(a).dividedBy(b, scale).toFixed(scale)).toBe(expected);
  });

  it('refuses division by zero', () => {
    expect(() => d('1').dividedBy('0.000', 4)).toThrow('divisão por zero');
  });
});
