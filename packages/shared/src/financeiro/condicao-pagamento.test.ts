import { describe, expect, it } from 'vitest';
import { addDays } from '../dates.ts';
import { Decimal } from '../decimal.ts';
import {
  condicaoMensagens,
  descreveCondicao,
  diasDeParcelas,
  explicaAjuste,
  gerarParcelas,
  lerDiasCondicao,
  type ParcelaGerada,
} from './condicao-pagamento.ts';
import { isBusinessDay } from './dias-uteis.ts';

/** [n/N, vencimento, valor] of each instalment. */
function resumo(parcelas: ParcelaGerada[]) {
  return parcelas.map((p) => [`${p.numero}/${p.total}`, p.vencimento, p.valor]);
}

function gera(total: string, dias: number[], base: string, entrada: string | null = null) {
  const r = gerarParcelas(total, { dias, entrada_percentual: entrada }, base);
  if (!r.ok) throw new Error(r.mensagem);
  return r.parcelas;
}

describe('gerarParcelas', () => {
  it('30/60/90 of R$ 1.000,00: the remainder cent in the first, a Sunday moved to Monday', () => {
    // 100000 cents / 3 = 33333 rest 1 → 333,34 + 333,33 + 333,33. Base Monday 23/11/2026:
    // +30 = Wed 23/12, +60 = Fri 22/01/2027, +90 = Sun 21/02/2027 → Mon 22/02.
    const parcelas = gera('1000.00', [30, 60, 90], '2026-11-23');
    expect(resumo(parcelas)).toEqual([
      ['1/3', '2026-12-23', '333.34'],
      ['2/3', '2027-01-22', '333.33'],
      ['3/3', '2027-02-22', '333.33'],
    ]);
    expect(parcelas[2]).toMatchObject({ prazo: 90, ajustada_de: '2027-02-21', entrada: false });
    expect(parcelas[0]!.ajustada_de).toBeNull();
  });

  it('28/35/42 across Carnaval 2027 (Easter 28 March): 9 February moves to 10 February', () => {
    // Base Tue 12/01/2027: +28 = Tue 09/02 (Carnaval) → Wed 10/02; +35 = Tue 16/02; +42 = Tue 23/02.
    const parcelas = gera('100.00', [28, 35, 42], '2027-01-12');
    expect(resumo(parcelas)).toEqual([
      ['1/3', '2027-02-10', '33.34'],
      ['2/3', '2027-02-16', '33.33'],
      ['3/3', '2027-02-23', '33.33'],
    ]);
    expect(explicaAjuste(parcelas[0]!)).toBe('09/02/2027 (Carnaval (terça-feira)) → 10/02/2027');
    expect(explicaAjuste(parcelas[1]!)).toBeNull();
  });

  it('a due date on Carnaval Monday (8 February 2027) moves to 10 February', () => {
    // Base Sat 09/01/2027 + 30 = Mon 08/02/2027.
    const [parcela] = gera('250.00', [30], '2027-01-09');
    expect(parcela).toMatchObject({ vencimento: '2027-02-10', ajustada_de: '2027-02-08', valor: '250.00' });
    expect(explicaAjuste(parcela!)).toBe('08/02/2027 (Carnaval (segunda-feira)) → 10/02/2027');
  });

  it('0/30/60 from Carnaval Monday: day 0 moves too; 5 cents in 3 → 3 + 1 + 1', () => {
    expect(resumo(gera('0.05', [0, 30, 60], '2027-02-08'))).toEqual([
      ['1/3', '2027-02-10', '0.03'],
      ['2/3', '2027-03-10', '0.01'],
      ['3/3', '2027-04-09', '0.01'],
    ]);
  });

  it('entrada 30 % + 30/60: instalment 1 on the base date, the rest split with its remainder first', () => {
    // 1.000,01 × 30 % = 300,003 → 300,00; rest 700,01 = 350,01 + 350,00.
    const parcelas = gera('1000.01', [30, 60], '2026-11-23', '30.0000');
    expect(resumo(parcelas)).toEqual([
      ['1/3', '2026-11-23', '300.00'],
      ['2/3', '2026-12-23', '350.01'],
      ['3/3', '2027-01-22', '350.00'],
    ]);
    expect(parcelas[0]).toMatchObject({ entrada: true, prazo: 0, ajustada_de: null });
  });

  it('the entrada is rounded half away from zero; it stays on the base date even on a holiday', () => {
    // 0,05 × 50 % = 0,025 → 0,03; rest 0,02.
    expect(resumo(gera('0.05', [30], '2027-02-08', '50'))).toEqual([
      ['1/2', '2027-02-08', '0.03'],
      ['2/2', '2027-03-10', '0.02'],
    ]);
  });

  it('an entrada of zero is no entrada', () => {
    expect(resumo(gera('10.00', [30], '2026-11-23', '0.0000'))).toEqual([['1/1', '2026-12-23', '10.00']]);
  });

  it.each([
    [
      'a total too small for the instalments',
      '0.02',
      [30, 60, 90],
      null,
      condicaoMensagens.valorInsuficiente(3),
    ],
    ['an entrada that rounds to zero', '0.01', [30], '10', condicaoMensagens.valorInsuficiente(2)],
    ['an entrada that leaves nothing', '0.01', [30], '99', condicaoMensagens.valorInsuficiente(2)],
    ['a zero total', '0', [30], null, condicaoMensagens.totalPositivo],
    ['an entrada of 100 %', '10.00', [30], '100', condicaoMensagens.entradaMaximo],
    ['an entrada with a prazo 0', '10.00', [0, 30], '20', condicaoMensagens.entradaComPrazoZero],
    ['prazos out of order', '10.00', [60, 30], null, condicaoMensagens.diasOrdem],
  ])('refuses %s', (_caso, total, dias, entrada, mensagem) => {
    const r = gerarParcelas(total, { dias, entrada_percentual: entrada }, '2026-11-23');
    expect(r).toMatchObject({ ok: false, mensagem });
  });

  it('always adds up to the total, remainder in the first, due dates on business days (seeded random cases)', () => {
    let semente = 15;
    const aleatorio = (n: number) => {
      semente = (semente * 1103515245 + 12345) % 2147483648;
      return semente % n;
    };
    for (let caso = 0; caso < 400; caso++) {
      const n = 1 + aleatorio(12);
      const dias = diasDeParcelas(n, 1 + aleatorio(40), aleatorio(3) === 0 ? 0 : 1 + aleatorio(60));
      const entrada = dias[0] !== 0 && aleatorio(3) === 0 ? `${1 + aleatorio(60)}.${aleatorio(10000)}` : null;
      const total = Decimal.of(100 + aleatorio(10_000_000))
        .dividedBy(100, 2)
        .toFixed(2);
      const base = addDays('2026-01-01', aleatorio(1500));
      const parcelas = gera(total, dias, base, entrada);
      expect(Decimal.sum(parcelas.map((p) => p.valor)).toFixed(2)).toBe(total);
      const semEntrada = parcelas.filter((p) => !p.entrada);
      expect(semEntrada).toHaveLength(n);
      for (const p of semEntrada.slice(1)) expect(p.valor).toBe(semEntrada[1]!.valor);
      const diferenca = Decimal.of(semEntrada[0]!.valor).minus(semEntrada.at(-1)!.valor);
      expect(diferenca.gte(0) && diferenca.lt(Decimal.of(n).dividedBy(100, 2))).toBe(true);
      semEntrada.forEach((p, i) => {
        expect(isBusinessDay(p.vencimento)).toBe(true);
        expect(p.vencimento >= addDays(base, dias[i]!)).toBe(true);
        expect(p.vencimento <= addDays(base, dias[i]! + 5)).toBe(true); // Carnaval + weekend at most
      });
    }
  });
});

describe('condições', () => {
  it.each([
    ['0/30/60', [0, 30, 60]],
    [' 28 / 35 / 42 ', [28, 35, 42]],
    ['30/60/90', [30, 60, 90]],
    ['0', [0]],
  ])('lerDiasCondicao(%j)', (texto, dias) => {
    expect(lerDiasCondicao(texto)).toEqual({ ok: true, dias });
  });

  it.each([
    ['', condicaoMensagens.diasVazios],
    ['30,60', condicaoMensagens.diasFormato],
    ['30/-60', condicaoMensagens.diasFormato],
    ['30//60', condicaoMensagens.diasFormato],
    ['30.5', condicaoMensagens.diasFormato],
    ['60/30', condicaoMensagens.diasOrdem],
    ['30/30', condicaoMensagens.diasOrdem],
    ['30/1000', condicaoMensagens.prazoMaximo],
    [Array.from({ length: 61 }, (_, i) => i).join('/'), condicaoMensagens.diasMaximo],
  ])('lerDiasCondicao(%j) refused', (texto, mensagem) => {
    expect(lerDiasCondicao(texto)).toEqual({ ok: false, mensagem, campo: 'dias' });
  });

  it('N parcelas a cada X dias, the first after Y days', () => {
    expect(diasDeParcelas(3, 30, 30)).toEqual([30, 60, 90]);
    expect(diasDeParcelas(4, 7, 0)).toEqual([0, 7, 14, 21]);
    expect(diasDeParcelas(1, 0, 15)).toEqual([15]);
  });

  it('descreveCondicao', () => {
    expect(descreveCondicao({ dias: [30, 60, 90] })).toBe('30/60/90');
    expect(descreveCondicao({ dias: [0] })).toBe('À vista');
    expect(descreveCondicao({ dias: [30, 60], entrada_percentual: '30.0000' })).toBe(
      'Entrada de 30 % + 30/60',
    );
    expect(descreveCondicao({ dias: [30, 60, 90], parcelas: 3, intervalo_dias: 30 })).toBe(
      '3 parcelas a cada 30 dias (a primeira em 30 dias)',
    );
    expect(
      descreveCondicao({ dias: [15, 30], parcelas: 2, intervalo_dias: 15, entrada_percentual: '12.5' }),
    ).toBe('Entrada de 12,5 % + 2 parcelas a cada 15 dias (a primeira em 15 dias)');
    expect(descreveCondicao({ dias: [0, 7], parcelas: 2, intervalo_dias: 7 })).toBe(
      '2 parcelas a cada 7 dias (a primeira na data base)',
    );
  });
});
