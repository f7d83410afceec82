// The dashboard period (spec section 9): the current business month, from day 1. "Today" and the
// month are those of America/Sao_Paulo; the range is [inicio, fim) so an order dated the 1st counts
// in its month and one dated the 1st of the next month does not.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// The calendar-day check lives with the other date helpers; re-exported for the dashboard's users.
export { isIsoDay } from '../dates.ts';

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
