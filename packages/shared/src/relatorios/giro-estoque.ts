import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';

// Giro e cobertura de estoque (issue 35, report 4): the two ratios as pure rules, which the report's
// SQL writes the same way (relatorios.test.ts checks the SQL against these).
//
//   custo das vendas (CMV)  = Σ −quantidade × custo_unitario of the ledger's saídas/estornos of
//                             origem 'pedido' in the period (the cost each sale took out)
//   estoque inicial (EI)    = the product's balance at the end of the day before the period ×
//                             the custo médio of that moment (the ledger row's), to the cent
//   estoque final (EF)      = the same at the end of the period's last day
//   estoque médio           = (EI + EF) ÷ 2
//   giro (vezes no período) = CMV ÷ estoque médio, 2 places; none when the average stock is 0
//   venda média diária      = quantity sold in the period ÷ days of the period
//   cobertura (dias)        = disponível ÷ venda média diária = disponível × dias ÷ vendido,
//                             whole days; none without sales in the period

/** Turnover in the period: CMV ÷ ((EI + EF) ÷ 2), 2 places half away from zero; null when the average is 0. */
export function giroEstoque(cmv: DecimalInput, inicial: DecimalInput, final: DecimalInput): string | null {
  const soma = Decimal.of(inicial).plus(final);
  if (soma.lte(0)) return null;
  // CMV ÷ (soma ÷ 2) = 2 × CMV ÷ soma (exact: no rounding of the average)
  return Decimal.of(cmv).times(2).dividedBy(soma, 2).toFixed(2);
}

/** Days of cover: disponível × dias ÷ vendido, whole days half away from zero; null without sales. */
export function diasCobertura(disponivel: DecimalInput, vendido: DecimalInput, dias: number): number | null {
  const v = Decimal.of(vendido);
  if (v.lte(0)) return null;
  const d = Decimal.of(disponivel);
  if (d.lte(0)) return 0;
  return Number(d.times(dias).dividedBy(v, 0).toFixed(0));
}

/** A stock value: quantity × unit cost, to the cent. */
export function valorEstoque(quantidade: DecimalInput, custo: DecimalInput): string {
  return Decimal.of(quantidade).times(custo).toFixed(CASAS_DINHEIRO);
}
