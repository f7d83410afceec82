import { Decimal, type DecimalInput } from '@erp/shared';

// Writing the NF-e's XML as text: elements in schema order, values escaped, decimals in the
// exact format of each XSD type (TDec_1302 "1234.56", TDec_1104v up to 4 decimals, …), empty
// optional elements left out (the schema refuses empty strings).

// characters XML 1.0 does not allow (C0 controls other than tab, line feed, carriage return)
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const CONTROLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as the NF-e takes it: escaped, runs of whitespace collapsed, trimmed (TString has no edge blanks). */
export function texto(valor: string): string {
  return valor
    .replace(CONTROLE, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/** One element: `<tag>value</tag>`; the value must already be escaped/formatted. */
export function el(tag: string, valor: string): string {
  return `<${tag}>${valor}</${tag}>`;
}

/** A text element (escaped and cut to `max` characters); nothing when empty. */
export function elTexto(tag: string, valor: string | null | undefined, max = 60): string {
  if (valor === null || valor === undefined) return '';
  const limpo = valor.replace(/\s+/g, ' ').trim().slice(0, max);
  if (!limpo) return '';
  return el(tag, texto(limpo));
}

/** An element only when the value is given (already formatted). */
export function elOpc(tag: string, valor: string | null | undefined): string {
  return valor === null || valor === undefined || valor === '' ? '' : el(tag, valor);
}

/** A group element with its children; nothing when every child is empty and `opcional`. */
export function grupo(tag: string, filhos: readonly string[], opcional = false): string {
  const corpo = filhos.join('');
  if (opcional && !corpo) return '';
  return `<${tag}>${corpo}</${tag}>`;
}

/** Fixed decimals (TDec_1302: money "10.00"; TDec_1203: weights "1.500"). */
export function dec(valor: DecimalInput, casas: number): string {
  return Decimal.of(valor).toFixed(casas);
}

/** Money, 2 decimals. */
export const dinheiro = (v: DecimalInput) => dec(v, 2);

/**
 * A variable-decimals value (TDec_1104v: qCom up to 4; TDec_1110v: vUnCom up to 10): at least
 * `min` and at most `max` decimals, trailing zeros trimmed down to `min`.
 */
export function decVar(valor: DecimalInput, min: number, max: number): string {
  const fixo = Decimal.of(valor).toFixed(max);
  if (!fixo.includes('.')) return min ? `${fixo}.${'0'.repeat(min)}` : fixo;
  let [int, frac = ''] = fixo.split('.') as [string, string];
  while (frac.length > min && frac.endsWith('0')) frac = frac.slice(0, -1);
  return frac.length ? `${int}.${frac}` : int;
}

/** Digits only (CNPJ/CPF/CEP/phone); CNPJ may be alphanumeric: upper-case letters kept. */
export function soDigitos(v: string | null | undefined): string {
  return (v ?? '').replace(/[^0-9]/g, '');
}
export function documento(v: string | null | undefined): string {
  return (v ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}
