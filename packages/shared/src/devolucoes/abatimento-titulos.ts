import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { isTituloAberto } from '../financeiro/titulo-status.ts';

// The money side of a return. Its value (valorDaDevolucao: Σ vItem, what the buyer was charged
// for the returned goods, ST and IPI included) is first deducted from the document's open títulos —
// the receivables of the order / note for a devolução de venda, the payables of the goods receipt
// for a devolução de compra — from the LAST instalment back: the last título's saldo goes down to
// zero, then the one before, and so on. What is left once every open saldo is zero (the buyer had
// already paid) becomes a crédito: crédito do cliente (usable to pay a future título, or refunded
// through a payable) or crédito com o fornecedor. Exact cents; nothing is apportioned, so no
// rounding happens.
// "Last" is the highest instalment number; between equal numbers, the later due date, then the
// larger id, so the order is total and the same on every run. Títulos not open (pago, cancelado) or
// with a zero saldo are skipped.

export type TituloAbativel = {
  id: string;
  /** Instalment number (1, 2, 3…). */
  parcela: number;
  /** 'YYYY-MM-DD'. */
  vencimento: string;
  saldo: DecimalInput;
  status: string;
};

export type Abatimento = {
  titulo_id: string;
  abatimento: string;
  /** The título's saldo after it (zero: the título is settled by the return). */
  saldo: string;
};

export type AbatimentoDevolucao = {
  /** In the order applied (last instalment first); títulos untouched are left out. */
  abatimentos: Abatimento[];
  /** What exceeded the open saldos: the customer's (or supplier's) credit. "0.00" when none. */
  credito: string;
};

function ultimaPrimeiro(a: TituloAbativel, b: TituloAbativel): number {
  if (a.parcela !== b.parcela) return b.parcela - a.parcela;
  if (a.vencimento !== b.vencimento) return a.vencimento < b.vencimento ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Apportions `valor` (money, ≥ 0) to the open títulos from the last instalment back; the excess is crédito. */
export function abaterDevolucao(
  valor: DecimalInput,
  titulos: readonly TituloAbativel[],
): AbatimentoDevolucao {
  let resta = Decimal.of(valor);
  if (resta.isNegative() || resta.decimalPlaces() > CASAS_DINHEIRO)
    throw new Error(`valor da devolução inválido: ${valor}`);
  const abertos = titulos
    .filter((t) => isTituloAberto(t.status) && Decimal.of(t.saldo).isPositive())
    .sort(ultimaPrimeiro);
  const abatimentos: Abatimento[] = [];
  for (const t of abertos) {
    if (resta.isZero()) break;
    const saldo = Decimal.of(t.saldo);
    const abate = resta.min(saldo);
    abatimentos.push({
      titulo_id: t.id,
      abatimento: abate.toFixed(CASAS_DINHEIRO),
      saldo: saldo.minus(abate).toFixed(CASAS_DINHEIRO),
    });
    resta = resta.minus(abate);
  }
  return { abatimentos, credito: resta.toFixed(CASAS_DINHEIRO) };
}
