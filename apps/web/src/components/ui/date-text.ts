import { formatDateBR, isIsoDay } from '@erp/shared';

// The text of a pt-BR date field: typed and shown as dd/mm/aaaa whatever the browser's language,
// sent as 'YYYY-MM-DD'. The calendar works on local-midnight Dates built from the parts, so no
// time zone can move a day.

/** Digits typed into a date field as 'dd/mm/aaaa', the slashes inserted while typing. */
export function maskDateBR(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join('/');
}

/** 'dd/mm/aaaa' -> 'YYYY-MM-DD' when it is a real calendar day (1900 on), else null. */
export function parseDateBR(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return m[3]! >= '1900' && isIsoDay(iso) ? iso : null;
}

/** Why a typed date is refused (null when it is fine): impossible, or outside [min, max]. */
export function dateTextError(text: string, range: { min?: string; max?: string } = {}): string | null {
  if (text === '') return null;
  const iso = parseDateBR(text);
  if (!iso) return 'Data inválida. Use dd/mm/aaaa.';
  if (range.min && iso < range.min) return `A data deve ser a partir de ${formatDateBR(range.min)}.`;
  if (range.max && iso > range.max) return `A data deve ser até ${formatDateBR(range.max)}.`;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' -> the local-midnight Date the calendar shows. */
export function isoToLocalDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** A calendar Date -> 'YYYY-MM-DD' from its local parts. */
export function localDateToIso(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
