import { describe, expect, it } from 'vitest';
import { formatCusto, formatQtd, formatQtdSinal, formatValor, negativo } from './formato.ts';

describe('stock formats', () => {
  it('quantities: pt-BR grouping, decimals only when there are any', () => {
    expect(formatQtd('1234.500')).toBe('1.234,5');
    expect(formatQtd('12.000')).toBe('12');
    expect(formatQtd('0.125')).toBe('0,125');
    expect(formatQtd('-4.000')).toBe('-4');
    expect(formatQtd(null)).toBe('0');
  });
  it('signed ledger quantities', () => {
    expect(formatQtdSinal('12.000')).toBe('+12');
    expect(formatQtdSinal('-4.500')).toBe('\u22124,5');
    expect(formatQtdSinal('0.000')).toBe('0');
  });
  it('unit costs keep their 4 decimals, at least 2', () => {
    expect(formatCusto('6.5000')).toBe('R$\u00a06,50');
    expect(formatCusto('6.6667')).toBe('R$\u00a06,6667');
    expect(formatCusto('1234.1000')).toBe('R$\u00a01.234,10');
    expect(formatCusto(null)).toBe('R$\u00a00,00');
  });
  it('money and sign', () => {
    expect(formatValor('1234.56')).toBe('R$\u00a01.234,56');
    expect(negativo('-0.001')).toBe(true);
    expect(negativo('0.000')).toBe(false);
  });
});
