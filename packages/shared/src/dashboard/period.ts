// The dashboard period (spec section 9): the current business month, from day 1. "Today" and the
// month are those of America/Sao_Paulo; the range is [inicio, fim) so an order dated the 1st counts
// in its month and one dated the 1st of the next month does not.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export type MonthRange = { inicio: string; fim: string };

/** The month containing `hoje`: first day (inclusive) and first day of the next month (exclusive). */
export function monthRange(hoje: string): MonthRange {
  const m = ISO_DAY.exec(hoje);
  if (!m) throw new Error(`data inválida: ${hoje}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const next = month === 12 ? `${year + 1}-01-01` : `${m[1]}-${String(month + 1).padStart(2, '0')}-01`;
  return { inicio: `${m[1]}-${m[2]}-01`, fim: next };
}
