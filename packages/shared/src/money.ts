// Money travels as a decimal string with two places ("1234.56"), as PostgreSQL numeric(14,2)
// returns it. Arithmetic is done in integer cents, never in floats.

/** "1234.5" | "1234.56" | "-0.07" -> integer cents. Rejects anything else. */
export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new Error(`valor monetário inválido: ${value}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Integer cents -> "1234.56". */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`centavos inválidos: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "1234.56" -> "R$ 1.234,56" (with the non-breaking space Intl uses). */
export function formatBRL(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return brl.format(0);
  return brl.format(toCents(value) / 100);
}

const decimal3 = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** Quantities: "12.500" -> "12,5". */
export function formatQuantity(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0';
  return decimal3.format(Number(value));
}

/**
 * A decimal typed by a person — "15.000,5", "15000,50", "15000.5", "R$ 15.000,50", "12,5 %" — as a
 * decimal string with `places` decimals ("15000.50"); null when it is not a non-negative number
 * with at most `places` decimals and 12 integer digits. No float on the way.
 */
export function parseDecimalBR(text: string, places = 2): string | null {
  let t = text.replace(/^\s*R\$|%\s*$/g, '').replace(/[\s\u00a0]/g, '');
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  const m = new RegExp(`^(\\d{1,12})(?:\\.(\\d{0,${places}}))?$`).exec(t);
  if (!m) return null;
  const int = String(Number(m[1]));
  return places === 0 ? int : `${int}.${(m[2] ?? '').padEnd(places, '0')}`;
}

/**
 * "15000.5" -> "15.000,50": pt-BR grouping and decimal comma by string surgery (exact for any
 * size). Decimals are padded to `minDecimals` and trailing zeros dropped down to it.
 */
export function formatDecimalBR(value: string, minDecimals = 2): string {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const int = m[2]!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  let frac = (m[3] ?? '').replace(/0+$/, '');
  frac = frac.padEnd(minDecimals, '0');
  return `${m[1] ?? ''}${int}${frac ? `,${frac}` : ''}`;
}

/** A percentage stored as "12.50" -> "12,5 %" (decimals only when there are any). */
export function formatPercentBR(value: string | null | undefined): string {
  return `${formatDecimalBR(value || '0', 0)} %`;
}
