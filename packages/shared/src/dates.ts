// Date-only values travel as 'YYYY-MM-DD' and are never turned into a Date that a time zone could
// shift. The business day is that of America/Sao_Paulo, whatever the server's TZ.

export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';

const ISO_DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written 'YYYY-MM-DD' (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY_FORMAT.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in São Paulo as 'YYYY-MM-DD'. */
export function businessToday(now: Date = new Date()): string {
  return isoDay.format(now);
}

const isoDayTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The moment in São Paulo: 'YYYY-MM-DD' and 'HH:MM:SS' (a file's generation date and time). */
export function businessDateTime(now: Date = new Date()): { data: string; hora: string } {
  const p = Object.fromEntries(isoDayTime.formatToParts(now).map((x) => [x.type, x.value]));
  return { data: `${p.year}-${p.month}-${p.day}`, hora: `${p.hour}:${p.minute}:${p.second}` };
}

/** First day of the current business month as 'YYYY-MM-DD'. */
export function businessMonthStart(now: Date = new Date()): string {
  return `${businessToday(now).slice(0, 8)}01`;
}

/** 'YYYY-MM-DD' -> 'dd/mm/aaaa' by string surgery (no Date, no shift). */
export function formatDateBR(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  return `${m[3]}/${m[2]}/${m[1]}`;
}

/** 'YYYY-MM-DD' plus n days, computed in UTC so no DST or zone can shift it. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const dateTimeBR = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});

/** An instant (ISO timestamp) -> "21/11/2026, 14:05" in São Paulo time. */
export function formatDateTimeBR(value: string | Date | null | undefined): string {
  if (!value) return '';
  return dateTimeBR.format(typeof value === 'string' ? new Date(value) : value);
}
