// OFX leaf values as Brazilian banks write them: amounts with comma decimals, leading-space
// padding or thousands dots; dates YYYYMMDD[HHMMSS[.XXX]][offset:TZ] with or without time zone.
import { Decimal } from '../../decimal.ts';

/** Amount to a 2-place string, or null when unparsable (e.g. `   .  `). */
export function valorOfx(bruto: string): string | null {
  let t = bruto.replace(/\s+/g, '');
  if (t.startsWith('+')) t = t.slice(1);
  if (t.includes(',')) {
    // 1.234,56 → 1234.56 ; -530,86 → -530.86
    t = t.replace(/\./g, '').replace(',', '.');
  }
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  if (t.endsWith('.')) t = t.slice(0, -1);
  if (t.startsWith('-.')) t = `-0${t.slice(1)}`;
  else if (t.startsWith('.')) t = `0${t}`;
  const v = Decimal.of(t).round(2).toFixed(2);
  return v === '-0.00' ? '0.00' : v;
}

export type DataOfx = { data: string; hora: string | null; fuso: string | null };

const RE_DATA =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,3})?)?)?\s*(?:\[\s*([+-]?\d{1,2}(?:\.\d+)?)(?::([A-Za-z]+))?\s*\])?$/;

/** The date as written in the file (the bank's local day, not converted), or null. */
export function dataOfx(bruto: string): DataOfx | null {
  const m = RE_DATA.exec(bruto.trim());
  if (!m) return null;
  const [, a, me, d, h, mi, s, off, tz] = m;
  const ano = Number(a);
  const mes = Number(me);
  const dia = Number(d);
  if (ano < 1900 || mes < 1 || mes > 12 || dia < 1) return null;
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  if (dia > ultimo) return null;
  const hora = h ? `${h}:${mi}:${s ?? '00'}` : null;
  let fuso: string | null = null;
  if (off !== undefined) {
    const n = Number(off);
    const sinal = n < 0 ? '-' : '+';
    const abs = Math.abs(n);
    const hh = String(Math.floor(abs)).padStart(2, '0');
    const mm = String(Math.round((abs % 1) * 60)).padStart(2, '0');
    fuso = `${sinal}${hh}:${mm}${tz ? ` ${tz.toUpperCase()}` : ''}`;
  }
  return { data: `${a}-${me}-${d}`, hora, fuso };
}
