import { describe, expect, it } from 'vitest';
import { isHighStock, isLowStock, stockStatus, toMilli } from './stock-status.ts';

const p = (estoque_atual: string, estoque_minimo: string, estoque_maximo: string) => ({
  estoque_atual,
  estoque_minimo,
  estoque_maximo,
});

describe('stock status', () => {
  it('reads decimal strings exactly', () => {
    expect(toMilli('12.5')).toBe(12_500);
    expect(toMilli('0.001')).toBe(1);
    expect(toMilli('-3.000')).toBe(-3_000);
    expect(() => toMilli('1,5')).toThrow();
  });

  it('zero or negative stock is Zerado, even with no minimum', () => {
    expect(stockStatus(p('0.000', '10.000', '100.000'))).toBe('zerado');
    expect(stockStatus(p('-2.000', '0.000', '0.000'))).toBe('zerado');
    expect(stockStatus(p('0', '0', '0'))).toBe('zerado');
  });

  it('at or below the minimum is Baixo', () => {
    expect(stockStatus(p('10.000', '10.000', '100.000'))).toBe('baixo');
    expect(stockStatus(p('9.999', '10.000', '100.000'))).toBe('baixo');
    expect(stockStatus(p('10.001', '10.000', '100.000'))).toBe('normal');
    expect(isLowStock(p('10.000', '10.000', '0'))).toBe(true);
  });

  it('at or above a maximum above 0 is Excesso; a maximum of 0 means no maximum', () => {
    expect(stockStatus(p('100.000', '10.000', '100.000'))).toBe('excesso');
    expect(stockStatus(p('150.000', '10.000', '100.000'))).toBe('excesso');
    expect(stockStatus(p('99.999', '10.000', '100.000'))).toBe('normal');
    expect(stockStatus(p('5000.000', '10.000', '0.000'))).toBe('normal');
    expect(isHighStock(p('0.000', '0', '0'))).toBe(false);
  });
});
