import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';

// The seller's commission reversed by a devolução de venda, in proportion to what came back.
// The order records its commission on the goods less discounts, without ST, IPI and freight
// (comercial/comissao.ts), and the seller earns it on receipt (financeiro/comissao.ts). So the
// returned part is measured on the same basis — baseComissaoDaDevolucao: Σ (vProd − vDesc) of the
// returned items — against the order's commission base:
//   estorno = round(comissão do pedido × base devolvida / base do pedido, 2)
// and, as for the taxes, the return that brings the base returned up to the whole base takes
// exactly comissão − Σ previous estornos (never more than what is left on the partial ones), so a
// fully returned order reverses its commission to the cent.

export type EstornoAnterior = { base: DecimalInput; estorno: DecimalInput };

/** The commission reversed by a return whose commission base is `baseDevolvida`. */
export function estornoDeComissao(opts: {
  /** The order's commission (comissao.valor) and its base (comissao.base). */
  comissao: DecimalInput;
  base: DecimalInput;
  baseDevolvida: DecimalInput;
  /** The order's previous, not cancelled, returns. */
  anteriores?: readonly EstornoAnterior[];
}): string {
  const comissao = Decimal.of(opts.comissao);
  const base = Decimal.of(opts.base);
  const devolvida = Decimal.of(opts.baseDevolvida);
  const anteriores = opts.anteriores ?? [];
  if (comissao.isZero() || !base.isPositive() || !devolvida.isPositive()) return '0.00';
  const jaEstornado = Decimal.sum(anteriores.map((a) => a.estorno));
  const resta = comissao.minus(jaEstornado);
  const baseJa = Decimal.sum(anteriores.map((a) => a.base)).plus(devolvida);
  if (baseJa.gte(base)) return (resta.isNegative() ? Decimal.ZERO : resta).toFixed(CASAS_DINHEIRO);
  const proporcional = comissao.times(devolvida).dividedBy(base, CASAS_DINHEIRO);
  const estorno = proporcional.min(resta);
  return (estorno.isNegative() ? Decimal.ZERO : estorno).toFixed(CASAS_DINHEIRO);
}
