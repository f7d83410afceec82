import { CASAS_CUSTO, CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';

// Custo médio ponderado (moving weighted average cost), per product over all its locations and
// lots, kept with 4 decimals. Only an entrada with a cost changes it (a goods receipt, or an
// ajuste that adds stock at its typed cost):
//   novo = (saldo × custo médio + quantidade × custo unitário) / (saldo + quantidade)
// computed exactly and rounded once, half away from zero. Every other movement (saída, transfer,
// ajuste that removes, inventário) is valued at the average of its moment and leaves it unchanged; the saída
// records that cost, so margins keep it whatever happens later. When the balance before the
// entrada is zero or negative (negative stock allowed by the company), the old average means
// nothing: the entrada's unit cost becomes the average.

export type PosicaoCusto = { saldo: DecimalInput; custoMedio: DecimalInput };

/** The average after an entrada of `quantidade` (> 0) at `custoUnitario`: numeric(18,4) text. */
export function custoMedioAposEntrada(
  atual: PosicaoCusto,
  quantidade: DecimalInput,
  custoUnitario: DecimalInput,
): string {
  const q = Decimal.of(quantidade);
  if (!q.isPositive()) throw new Error(`entrada sem quantidade positiva: ${quantidade}`);
  const saldo = Decimal.of(atual.saldo);
  if (!saldo.isPositive()) return Decimal.of(custoUnitario).toFixed(CASAS_CUSTO);
  const valor = saldo.times(atual.custoMedio).plus(q.times(custoUnitario));
  return valor.dividedBy(saldo.plus(q), CASAS_CUSTO).toFixed(CASAS_CUSTO);
}

/**
 * The average after reversing an entrada (estorno: `quantidade` > 0 leaves at the entrada's own
 * cost): the inverse of the formula above. When nothing would remain, or the remainder would be
 * valued below zero, the average stays as it is.
 */
export function custoMedioAposEstornoDeEntrada(
  atual: PosicaoCusto,
  quantidade: DecimalInput,
  custoUnitario: DecimalInput,
): string {
  const saldo = Decimal.of(atual.saldo);
  const restante = saldo.minus(quantidade);
  const custo = Decimal.of(atual.custoMedio);
  if (!restante.isPositive()) return custo.toFixed(CASAS_CUSTO);
  const valor = saldo.times(custo).minus(Decimal.of(quantidade).times(custoUnitario));
  if (valor.isNegative()) return custo.toFixed(CASAS_CUSTO);
  return valor.dividedBy(restante, CASAS_CUSTO).toFixed(CASAS_CUSTO);
}

/** Unit cost of an entrada from its total value (e.g. an invoice line): 4 decimals. */
export function custoUnitario(valorTotal: DecimalInput, quantidade: DecimalInput): string {
  return Decimal.of(valorTotal).dividedBy(quantidade, CASAS_CUSTO).toFixed(CASAS_CUSTO);
}

/** Value of a quantity at a cost, in money (2 decimals): 3 × 6.6667 = "20.00". */
export function valorEstoque(quantidade: DecimalInput, custo: DecimalInput): string {
  return Decimal.of(quantidade).times(custo).toFixed(CASAS_DINHEIRO);
}

/**
 * Margin on the sale price, in percent with 2 decimals: (preço − custo) / preço × 100.
 * null when there is no price.
 */
export function margemPercentual(precoVenda: DecimalInput, custo: DecimalInput): string | null {
  const preco = Decimal.of(precoVenda);
  if (!preco.isPositive()) return null;
  return preco.minus(custo).times(100).dividedBy(preco, CASAS_DINHEIRO).toFixed(CASAS_DINHEIRO);
}
