import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { diasEntre } from '../estoque/validade.ts';
import { valorPercentual } from '../tributacao/percentuais.ts';
import { nextBusinessDay } from './dias-uteis.ts';

// Late charges and early discount of a título at a payment date — what a baixa proposes (the
// person may edit the figures; the baixa records what was charged).
//
// - Late: paid after the due date, or after the next business day when the due date is not one
//   (a título due on a Saturday may be paid on Monday without charges). Once late, the days count
//   from the due date itself.
// - Juros de mora: % a.m. pro rata die, the month taken as 30 days:
//   juros = saldo × (taxa / 100) / 30 × dias = saldo × taxa × dias / 3000.
//   1 % a.m. on R$ 1.000,00 paid 15 days late = R$ 5,00.
// - Multa: saldo × multa / 100, charged once per título: at its first baixa after the due date.
//   2 % on R$ 1.000,00 = R$ 20,00.
// - After a late partial baixa, the next one charges juros only from that baixa's date on the
//   saldo left (the earlier days were charged then) and no multa again.
// - Desconto: the título's desconto (R$) when paid on or before its date, less what earlier
//   baixas already granted, never more than the saldo.
// Each component is rounded once to the cent, half away from zero (decimal.ts), from exact
// figures; the total adds the rounded components.

const DIAS_DO_MES = 30n;

export type TituloEncargos = {
  saldo: string;
  vencimento: string;
  /** % a.m. */
  juros_mes_percentual: string;
  multa_percentual: string;
  desconto_valor?: string | null;
  desconto_ate?: string | null;
  /** The título's active (not reversed) baixas. */
  baixas?: readonly { data_pagamento: string; desconto: string }[];
};

export type EncargosBaixa = {
  /** Days after the due date (0 when not late). */
  dias_atraso: number;
  /** Days the juros are charged for (fewer than dias_atraso after a late partial baixa). */
  dias_juros: number;
  saldo: string;
  juros: string;
  multa: string;
  desconto: string;
  /** saldo + juros + multa − desconto: what settles the título on that date. */
  total: string;
};

/** base × taxa (% a.m.) × dias / 3000, rounded to the cent. */
export function jurosDeMora(base: DecimalInput, taxaMes: DecimalInput, dias: number): Decimal {
  if (!Number.isSafeInteger(dias) || dias < 0) throw new Error(`dias inválidos: ${dias}`);
  return Decimal.of(base)
    .times(taxaMes)
    .times(dias)
    .dividedBy(Decimal.of(DIAS_DO_MES * 100n), CASAS_DINHEIRO);
}

/** base × multa / 100, rounded to the cent. */
export function multaPorAtraso(base: DecimalInput, percentual: DecimalInput): Decimal {
  return valorPercentual(base, percentual);
}

/** Paid late: after the due date, or after the next business day when it is not one. */
export function isPagamentoEmAtraso(vencimento: string, dataPagamento: string): boolean {
  return dataPagamento > nextBusinessDay(vencimento);
}

const maior = (a: string, b: string) => (a > b ? a : b);

/** The juros, multa and desconto of paying the whole saldo on `dataPagamento`, and the total. */
export function valorParaBaixa(titulo: TituloEncargos, dataPagamento: string): EncargosBaixa {
  const saldo = Decimal.of(titulo.saldo);
  const baixas = titulo.baixas ?? [];
  const atraso = isPagamentoEmAtraso(titulo.vencimento, dataPagamento);

  let diasJuros = 0;
  let multa = Decimal.ZERO;
  if (atraso) {
    const atrasadas = baixas.filter((b) => isPagamentoEmAtraso(titulo.vencimento, b.data_pagamento));
    const desde = atrasadas.reduce((d, b) => maior(d, b.data_pagamento), titulo.vencimento);
    diasJuros = Math.max(0, diasEntre(desde, dataPagamento));
    if (atrasadas.length === 0) multa = multaPorAtraso(saldo, titulo.multa_percentual);
  }
  const juros = jurosDeMora(saldo, titulo.juros_mes_percentual, diasJuros);

  let desconto = Decimal.ZERO;
  if (titulo.desconto_valor && titulo.desconto_ate && dataPagamento <= titulo.desconto_ate) {
    const concedido = Decimal.sum(baixas.map((b) => b.desconto));
    const resta = Decimal.of(titulo.desconto_valor).minus(concedido);
    if (resta.isPositive()) desconto = resta.min(saldo);
  }

  const dinheiro = (d: Decimal) => d.toFixed(CASAS_DINHEIRO);
  return {
    dias_atraso: atraso ? diasEntre(titulo.vencimento, dataPagamento) : 0,
    dias_juros: diasJuros,
    saldo: dinheiro(saldo),
    juros: dinheiro(juros),
    multa: dinheiro(multa),
    desconto: dinheiro(desconto),
    total: dinheiro(saldo.plus(juros).plus(multa).minus(desconto)),
  };
}
