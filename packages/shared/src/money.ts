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
