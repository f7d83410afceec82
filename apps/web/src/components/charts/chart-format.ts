import { formatBRL, formatDateBR } from '@erp/shared';

// pt-BR formats for charts. Money travels as decimal strings and is shown from those strings
// (formatBRL); a chart only turns it into a number to place a bar or a point (valorGrafico), never
// to add or show it.

/** A decimal string ("1234.56") as a number for the chart's geometry only. */
export function valorGrafico(valor: string | null | undefined): number {
  const n = Number(valor ?? 0);
  return Number.isFinite(n) ? n : 0;
}

const compacto = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
const inteiro = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/**
 * An axis tick in reais, short: "R$ 1,2 mil", "R$ 3,4 mi", "R$ 950" — with no-break spaces, so an
 * SVG axis never wraps it over two lines.
 */
export function formatBRLEixo(valor: number): string {
  const n = Math.abs(valor) >= 1000 ? compacto.format(valor) : inteiro.format(valor);
  return `R$\u00a0${n}`.replace(/ /g, '\u00a0');
}

/** A count: "1.234". */
export function formatNumeroBR(valor: number): string {
  return inteiro.format(valor);
}

/** 'YYYY-MM-DD' -> "05/03" (axis) — the year is in the chart's title or the tooltip. */
export function formatDiaMes(dia: string): string {
  return `${dia.slice(8, 10)}/${dia.slice(5, 7)}`;
}

/** 'YYYY-MM-DD' -> "05/03/2026". */
export const formatDataBR = formatDateBR;

/** A decimal string in reais -> "R$ 1.234,56" (the tooltip's and the table's text). */
export const formatReais = formatBRL;

/** A label cut to `max` characters with an ellipsis (axis labels on a phone). */
export function encurtar(texto: string, max: number): string {
  return texto.length > max ? `${texto.slice(0, max - 1)}…` : texto;
}
