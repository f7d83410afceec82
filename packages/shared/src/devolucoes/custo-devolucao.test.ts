import { describe, expect, it } from 'vitest';
import { custoMedioAposDevolucaoDeCompra, custoMedioAposDevolucaoDeVenda } from './custo-devolucao.ts';

describe('custoMedioAposDevolucaoDeVenda', () => {
  it('is the purchase rule at the cost the goods left with', () => {
    // (100 × 10,0000 + 5 × 12,3456) / 105 = 1.061,728 / 105 = 10,111695… → 10,1117
    expect(custoMedioAposDevolucaoDeVenda({ saldo: '100', custoMedio: '10.0000' }, '5', '12.3456')).toBe(
      '10.1117',
    );
  });

  it('takes the returned cost when the balance before is zero or negative', () => {
    expect(custoMedioAposDevolucaoDeVenda({ saldo: '0', custoMedio: '10.0000' }, '5', '12.3456')).toBe(
      '12.3456',
    );
    expect(custoMedioAposDevolucaoDeVenda({ saldo: '-3', custoMedio: '10.0000' }, '5', '12.3456')).toBe(
      '12.3456',
    );
  });

  it('refuses a non-positive quantity', () => {
    expect(() => custoMedioAposDevolucaoDeVenda({ saldo: '1', custoMedio: '1' }, '0', '1')).toThrow();
  });
});

describe('custoMedioAposDevolucaoDeCompra', () => {
  it('undoes the entrada at its own cost', () => {
    // (100 × 10,1117 − 5 × 12,3456) / 95 = 949,442 / 95 = 9,994126… → 9,9941
    expect(custoMedioAposDevolucaoDeCompra({ saldo: '100', custoMedio: '10.1117' }, '5', '12.3456')).toBe(
      '9.9941',
    );
  });

  it('keeps the average when nothing is left or the rest would be valued below zero', () => {
    expect(custoMedioAposDevolucaoDeCompra({ saldo: '5', custoMedio: '10.0000' }, '5', '12.0000')).toBe(
      '10.0000',
    );
    expect(custoMedioAposDevolucaoDeCompra({ saldo: '6', custoMedio: '1.0000' }, '5', '12.0000')).toBe(
      '1.0000',
    );
  });
});
