import { Decimal, formatBRL, formatDecimalBR } from '@erp/shared';

// How the stock screens show quantities, unit costs and values: exact string surgery on the
// decimal strings the API sends (never through a float).

/** A quantity in its unit: "1234.500" -> "1.234,5"; "-4.000" -> "-4". */
export function formatQtd(value: string | null | undefined): string {
  return formatDecimalBR(value || '0', 0);
}

/** A signed ledger quantity: "+12", "−4" (a real minus sign), "0". */
export function formatQtdSinal(value: string): string {
  const d = Decimal.of(value);
  if (d.isZero()) return '0';
  return `${d.isNegative() ? '\u2212' : '+'}${formatQtd(d.abs().toString())}`;
}

/** A unit cost (4 decimals kept, at least 2 shown): "6.5000" -> "R$ 6,50"; "6.6667" -> "R$ 6,6667". */
export function formatCusto(value: string | null | undefined): string {
  const text = formatDecimalBR(value || '0', 2);
  return text.startsWith('-') ? `-R$\u00a0${text.slice(1)}` : `R$\u00a0${text}`;
}

/** Money (2 decimals): "R$ 1.234,56". */
export const formatValor = (value: string | null | undefined): string => formatBRL(value);

/** True when the quantity is below zero. */
export const negativo = (value: string) => Decimal.of(value).isNegative();
