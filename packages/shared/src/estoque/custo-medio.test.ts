import { describe, expect, it } from 'vitest';
import {
  custoMedioAposEntrada,
  custoMedioAposEstornoDeEntrada,
  custoUnitario,
  margemPercentual,
  valorEstoque,
} from './custo-medio.ts';

describe('custo médio ponderado', () => {
  it('10 at R$ 5,00 then 30 at R$ 7,00 -> 6,5000', () => {
    const primeira = custoMedioAposEntrada({ saldo: '0', custoMedio: '0' }, '10', '5.00');
    expect(primeira).toBe('5.0000');
    // (10 × 5 + 30 × 7) / 40 = 260 / 40
    expect(custoMedioAposEntrada({ saldo: '10', custoMedio: primeira }, '30', '7.00')).toBe('6.5000');
  });

  it('a saída in between does not change the average; the next entrada weighs what is left', () => {
    // 10 at 5,00; saída of 4 at 5,0000 (frozen); 30 at 7,00: (6 × 5 + 30 × 7) / 36 = 240 / 36 = 6,6666…
    expect(custoMedioAposEntrada({ saldo: '6', custoMedio: '5.0000' }, '30', '7.00')).toBe('6.6667');
  });

  it.each([
    // saldo, custo, qtd, custo da entrada, novo (worked by hand)
    ['3', '1.0000', '1', '2.0000', '1.2500'], // 5 / 4
    ['1', '1.0000', '2', '2.0000', '1.6667'], // 5 / 3 = 1,6666…
    ['1', '0.0002', '1', '0.0003', '0.0003'], // 0,0005 / 2 = 0,00025 -> half away from zero
    ['1', '0.0001', '1', '0.0002', '0.0002'], // 0,00015 -> 0,0002
    ['2.5', '4.0000', '0.5', '10.0000', '5.0000'], // (10 + 5) / 3
    ['100', '6.5000', '0.001', '1000.0000', '6.5099'], // 651 / 100,001 = 6,50993…
  ])('saldo %s at %s + %s at %s -> %s', (saldo, custoMedio, q, c, novo) => {
    expect(custoMedioAposEntrada({ saldo, custoMedio }, q, c)).toBe(novo);
  });

  it('uses the entrada cost when the balance before it is zero or negative', () => {
    expect(custoMedioAposEntrada({ saldo: '0.000', custoMedio: '9.9999' }, '5', '3.10')).toBe('3.1000');
    expect(custoMedioAposEntrada({ saldo: '-4.000', custoMedio: '2.0000' }, '10', '3.00')).toBe('3.0000');
  });

  it('refuses an entrada without a positive quantity', () => {
    expect(() => custoMedioAposEntrada({ saldo: '1', custoMedio: '1' }, '0', '1')).toThrow();
  });

  it('reversing an entrada undoes it', () => {
    // back from 40 at 6,5000: remove 30 at 7,00 -> (260 − 210) / 10 = 5
    expect(custoMedioAposEstornoDeEntrada({ saldo: '40', custoMedio: '6.5000' }, '30', '7.00')).toBe(
      '5.0000',
    );
    // nothing left: keeps the average
    expect(custoMedioAposEstornoDeEntrada({ saldo: '30', custoMedio: '7.0000' }, '30', '7.00')).toBe(
      '7.0000',
    );
    // what is left would be valued below zero (sold in between at a lower average): keeps it
    expect(custoMedioAposEstornoDeEntrada({ saldo: '31', custoMedio: '1.0000' }, '30', '7.00')).toBe(
      '1.0000',
    );
  });
});

describe('values', () => {
  it.each([
    ['100', '2.5', '40.0000'],
    ['10', '3', '3.3333'],
    ['20', '3', '6.6667'],
    ['1.99', '0.500', '3.9800'],
  ])('unit cost of a total of %s for %s units = %s', (valor, q, custo) => {
    expect(custoUnitario(valor, q)).toBe(custo);
  });

  it.each([
    ['3', '6.6667', '20.00'], // 20,0001
    ['36', '6.6667', '240.00'], // 240,0012
    ['1.5', '0.0033', '0.00'], // 0,00495
    ['3', '0.0050', '0.02'], // 0,015 -> 0,02
    ['-4', '5.0000', '-20.00'],
  ])('%s at %s is worth %s', (q, custo, valor) => {
    expect(valorEstoque(q, custo)).toBe(valor);
  });

  it.each([
    ['10.00', '6.5000', '35.00'],
    ['10.00', '6.6667', '33.33'], // 33,333
    ['9.99', '10.0000', '-0.10'], // −0,1001…
    ['0.00', '1.0000', null],
  ])('margin of price %s over cost %s = %s %%', (preco, custo, margem) => {
    expect(margemPercentual(preco, custo)).toBe(margem);
  });
});
