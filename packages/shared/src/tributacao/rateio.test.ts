import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { ratear } from './rateio.ts';

describe('ratear', () => {
  it.each<[string, string, string[], string[]]>([
    // 10,00 over 100/200/300: exact 1,666…, 3,333…, 5,00 → floors 1,66 + 3,33 + 5,00 = 9,99; the
    // cent left goes to the largest remainder (the first: 0,00666… > 0,00333… > 0).
    ['by vProd, largest remainder', '10.00', ['100.00', '200.00', '300.00'], ['1.67', '3.33', '5.00']],
    ['exact shares stay exact', '100.00', ['33.33', '33.33', '33.34'], ['33.33', '33.33', '33.34']],
    // equal remainders: the larger weight first, then the earlier item.
    ['one cent over equals', '0.01', ['1', '1', '1'], ['0.01', '0.00', '0.00']],
    // 2 cents over 1/2/2: 0,4 / 0,8 / 0,8 cent → floors 0, remainders 0,4 < 0,8 = 0,8.
    ['the largest remainders first', '0.02', ['1', '2', '2'], ['0.00', '0.01', '0.01']],
    ['zero weight gets nothing', '1.00', ['0', '10.00'], ['0.00', '1.00']],
    ['all weights zero: equal split', '0.05', ['0', '0'], ['0.03', '0.02']],
    ['zero total', '0', ['5', '7'], ['0.00', '0.00']],
    // 700 cents over 150/25/300 (of 475): 221,05 / 36,84 / 442,10 → 221 + 36 + 442 = 699, the
    // cent left to the largest remainder (0,84).
    ['weights of different scales', '7.00', ['1.5', '0.25', '3'], ['2.21', '0.37', '4.42']],
  ])('%s', (_nome, total, pesos, esperado) => {
    expect(ratear(total, pesos)).toEqual(esperado);
    expect(Decimal.sum(esperado).eq(total)).toBe(true);
  });

  it('adds up exactly and stays within a cent of the exact share (seeded random cases)', () => {
    let semente = 20260;
    const aleatorio = (n: number) => {
      semente = (semente * 1103515245 + 12345) % 2147483648;
      return semente % n;
    };
    for (let caso = 0; caso < 300; caso++) {
      const totalCentavos = aleatorio(1_000_000);
      const pesos = Array.from(
        { length: 1 + aleatorio(40) },
        () => `${aleatorio(100_000)}.${String(aleatorio(100)).padStart(2, '0')}`,
      );
      const total = Decimal.of(totalCentavos).dividedBy(100, 2).toFixed(2);
      const partes = ratear(total, pesos);
      expect(Decimal.sum(partes).toFixed(2)).toBe(total);
      const soma = Decimal.sum(pesos);
      if (soma.isZero()) continue;
      partes.forEach((p, i) => {
        // |parte × Σpesos − total × peso| < 0,01 × Σpesos
        const desvio = Decimal.of(p)
          .times(soma)
          .minus(Decimal.of(total).times(pesos[i] as string))
          .abs();
        expect(desvio.lt(soma.times('0.01'))).toBe(true);
      });
    }
  });

  it('refuses a negative total, fractions of a cent and negative weights', () => {
    expect(() => ratear('-1.00', ['1'])).toThrow();
    expect(() => ratear('1.005', ['1'])).toThrow();
    expect(() => ratear('1.00', ['-1', '2'])).toThrow();
    expect(() => ratear('1.00', [])).toThrow();
    expect(ratear('0', [])).toEqual([]);
  });
});
