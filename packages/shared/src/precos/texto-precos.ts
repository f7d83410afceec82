import { Decimal, type DecimalInput } from '../decimal.ts';
import { formatDecimalBR } from '../money.ts';

// Money in the price engine's pt-BR explanations ("Por que este preço?", refusals). Unlike
// formatBRL (cents only), it keeps every digit the value has — an exact intermediate shows as
// "R$ 8,66671" and a custo médio as "R$ 6,5000", so the arithmetic reads true — with at least
// `casas` decimals. The space after R$ is the non-breaking one formatBRL (Intl) writes, so a price
// reads the same on every screen. Percentages: formatPercentBR; quantities: formatDecimalBR(q, 0).

/** "8.45" -> "R$ 8,45"; ("6.5", 4) -> "R$ 6,5000"; "8.66671" -> "R$ 8,66671"; "1234.5" -> "R$ 1.234,50". */
export function formatReais(valor: DecimalInput, casas = 2): string {
  const d = Decimal.of(valor);
  return `R$\u00a0${formatDecimalBR(d.toFixed(Math.max(casas, d.decimalPlaces())), casas)}`;
}
