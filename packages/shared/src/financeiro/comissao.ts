import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { valorPercentual } from '../tributacao/percentuais.ts';

// Seller commission on receipt: when a customer's título receives a baixa, the seller earns the
// commission % on what was received for the goods — valor pago − juros − multa (late charges are
// not sales; a desconto reduces what was received) — and that becomes a payable to the seller.
// Computed cumulatively so the parts never drift from the whole: a baixa's commission is
//   round(base of the active baixas including this one × % / 100) − commission already earned,
// so the commissions of a título paid in any number of baixas add up to round(total × %), the
// same as one baixa of the total. An estorno reverses exactly the commission of its baixa.
// R$ 1.000,00 at 5 % in three baixas of 333,33 / 333,33 / 333,34 → 16,67 + 16,66 + 16,67 = 50,00.

/** valor pago − juros − multa: what the commission is computed on. */
export function baseComissao(baixa: { valor_pago: string; juros: string; multa: string }): Decimal {
  return Decimal.of(baixa.valor_pago).minus(baixa.juros).minus(baixa.multa);
}

/**
 * The commission of a new baixa. `anteriores`: the título's active (not reversed) baixas before
 * it — their base and the commission each generated.
 */
export function comissaoDaBaixa(opts: {
  percentual: DecimalInput;
  base: DecimalInput;
  anteriores: readonly { base: string; comissao: string }[];
}): string {
  const baseAntes = Decimal.sum(opts.anteriores.map((a) => a.base));
  const comissaoAntes = Decimal.sum(opts.anteriores.map((a) => a.comissao));
  const acumulada = valorPercentual(baseAntes.plus(opts.base), opts.percentual);
  return acumulada.minus(comissaoAntes).toFixed(CASAS_DINHEIRO);
}

/** The estorno of a baixa reverses its commission exactly. */
export function comissaoDoEstorno(comissao: string): string {
  return Decimal.of(comissao).negated().toFixed(CASAS_DINHEIRO);
}
