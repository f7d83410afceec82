import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { valorPercentual } from '../tributacao/percentuais.ts';
import { ratear } from '../tributacao/rateio.ts';

// Seller commission on receipt. The order records the seller's commission (comercial/comissao.ts:
// % on the goods, without ST, IPI and freight); its receivables carry it, apportioned over the
// instalments like their values (comissoesDasParcelas). A receivable without an order but with a
// seller carries valor × the seller's % (comissaoDoTitulo).
//
// When a baixa receives part of the título, the seller earns the título's commission in
// proportion to what was received for it: valor pago − juros − multa (late charges are not
// sales; a desconto reduces what was received). That becomes a payable to the seller. Computed
// cumulatively, so the parts never drift from the whole:
//   commission of a baixa = round(comissão do título × received so far (this baixa included) /
//                                 valor do título) − commission already earned,
// over the título's active baixas; an estorno reverses exactly the commission of its baixa.
// Título R$ 1.000,00 carrying R$ 50,00, received in 333,33 / 333,33 / 333,34 → 16,67 + 16,66 +
// 16,67 = 50,00.

/** Commission of a título without an order: valor × % / 100, rounded once. */
export function comissaoDoTitulo(valor: DecimalInput, percentual: DecimalInput): string {
  return valorPercentual(valor, percentual).toFixed(CASAS_DINHEIRO);
}

/** The order's commission over its instalments, in proportion to their values (largest remainder). */
export function comissoesDasParcelas(comissao: DecimalInput, valoresParcelas: readonly string[]): string[] {
  return ratear(comissao, valoresParcelas);
}

/** valor pago − juros − multa: what a baixa received for the título. */
export function baseComissao(baixa: { valor_pago: string; juros: string; multa: string }): string {
  return Decimal.of(baixa.valor_pago).minus(baixa.juros).minus(baixa.multa).toFixed(CASAS_DINHEIRO);
}

/**
 * The commission a new baixa generates. `anteriores`: the título's active (not reversed) baixas
 * before it — their base (baseComissao) and the commission each generated.
 */
export function comissaoDaBaixa(opts: {
  comissaoTitulo: DecimalInput;
  valorTitulo: DecimalInput;
  base: DecimalInput;
  anteriores: readonly { base: string; comissao: string }[];
}): string {
  const valor = Decimal.of(opts.valorTitulo);
  if (!valor.isPositive()) throw new Error(`valor do título inválido: ${opts.valorTitulo}`);
  const recebido = Decimal.sum(opts.anteriores.map((a) => a.base)).plus(opts.base);
  const acumulada = Decimal.of(opts.comissaoTitulo).times(recebido).dividedBy(valor, CASAS_DINHEIRO);
  const jaGerada = Decimal.sum(opts.anteriores.map((a) => a.comissao));
  return acumulada.minus(jaGerada).toFixed(CASAS_DINHEIRO);
}

/** The estorno of a baixa reverses its commission exactly. */
export function comissaoDoEstorno(comissao: string): string {
  return Decimal.of(comissao).negated().toFixed(CASAS_DINHEIRO);
}
