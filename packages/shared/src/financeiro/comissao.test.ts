import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import {
  baseComissao,
  comissaoDaBaixa,
  comissaoDoEstorno,
  comissaoDoTitulo,
  comissoesDasParcelas,
} from './comissao.ts';

type Ativa = { base: string; comissao: string };

/** Receives `bases` one after the other; returns each baixa's commission. */
function recebe(
  comissaoTitulo: string,
  valorTitulo: string,
  bases: string[],
  anteriores: Ativa[] = [],
): string[] {
  const ativas = [...anteriores];
  return bases.map((base) => {
    const comissao = comissaoDaBaixa({ comissaoTitulo, valorTitulo, base, anteriores: ativas });
    ativas.push({ base, comissao });
    return comissao;
  });
}

describe('commission on receipt', () => {
  it('a título carrying R$ 50,00 received in three baixas: 16,67 + 16,66 + 16,67 = 50,00', () => {
    // 50 × 333,33 / 1000 = 16,6665 → 16,67; 50 × 666,66 / 1000 = 33,333 → 33,33 − 16,67 = 16,66;
    // 50 × 1000 / 1000 = 50,00 − 33,33 = 16,67.
    expect(recebe('50.00', '1000.00', ['333.33', '333.33', '333.34'])).toEqual(['16.67', '16.66', '16.67']);
  });

  it('one baixa of the whole título earns the whole commission', () => {
    expect(recebe('50.00', '1000.00', ['1000.00'])).toEqual(['50.00']);
  });

  it('base: valor pago − juros − multa (a desconto reduces it)', () => {
    expect(baseComissao({ valor_pago: '1025.00', juros: '5.00', multa: '20.00' })).toBe('1000.00');
    expect(baseComissao({ valor_pago: '990.00', juros: '0.00', multa: '0.00' })).toBe('990.00');
    // the título settled with a desconto of 10,00: 50 × 990 / 1000 = 49,50.
    expect(recebe('50.00', '1000.00', ['990.00'])).toEqual(['49.50']);
  });

  it('an estorno reverses exactly its baixa; the next baixa brings the total back in line', () => {
    const [c1, c2] = recebe('50.00', '1000.00', ['333.33', '333.33']);
    expect(comissaoDoEstorno(c1!)).toBe('-16.67');
    // baixa 1 reversed: active is baixa 2 alone (333,33 → 16,66); then 666,67 received:
    // 50 × 1000 / 1000 = 50,00 − 16,66 = 33,34.
    expect(recebe('50.00', '1000.00', ['666.67'], [{ base: '333.33', comissao: c2! }])).toEqual(['33.34']);
  });

  it('without an order: valor × the seller’s %; an order’s commission over its instalments', () => {
    expect(comissaoDoTitulo('1234.57', '5.00')).toBe('61.73'); // 61,7285
    // 6173 cents over 411,53 / 411,52 / 411,52: 2057,67 / 2057,62 / 2057,62 cents; floors
    // 2057 × 3 = 6171, the two cents left to the largest remainders: the first (0,67), then the
    // earlier of the two equal ones → 20,58 + 20,58 + 20,57.
    const partes = comissoesDasParcelas('61.73', ['411.53', '411.52', '411.52']);
    expect(partes).toEqual(['20.58', '20.58', '20.57']);
    expect(Decimal.sum(partes).toFixed(2)).toBe('61.73');
  });

  it('the commissions of any split add up to the título’s (seeded random cases)', () => {
    let semente = 9;
    const aleatorio = (n: number) => {
      semente = (semente * 1103515245 + 12345) % 2147483648;
      return semente % n;
    };
    for (let caso = 0; caso < 300; caso++) {
      const valor = 100 + aleatorio(1_000_000);
      const comissao = Decimal.of(aleatorio(valor)).dividedBy(100, 2);
      const partes: number[] = [];
      let resto = valor;
      while (resto > 0) {
        const p = Math.min(resto, 1 + aleatorio(valor));
        partes.push(p);
        resto -= p;
      }
      const texto = (c: number) => Decimal.of(c).dividedBy(100, 2).toFixed(2);
      const comissoes = recebe(comissao.toFixed(2), texto(valor), partes.map(texto));
      expect(Decimal.sum(comissoes).toFixed(2)).toBe(comissao.toFixed(2));
    }
  });
});
