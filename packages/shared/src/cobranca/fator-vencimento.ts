// FEBRABAN fator de vencimento (4 positions of the barcode): the days from the base date
// 1997-10-07 to the due date. It reached 9999 on 2025-02-21 and restarted at 1000 on 2025-02-22
// (FEBRABAN's "Ajuste do fator de vencimento", the base becoming 2025-02-22 = 1000), so a factor
// now names two dates 9000 days apart and reading one needs a reference date (the closest wins).
// Factor 0000 means a boleto without due date ("contra-apresentação"); we never generate it.
// Dates are 'YYYY-MM-DD' and counted in UTC days, so no time zone can shift a factor.

import { isIsoDay } from '../dates.ts';

const DIA_MS = 86_400_000;
const BASE = Date.UTC(1997, 9, 7); // 1997-10-07: fator 0
const REINICIO = Date.UTC(2025, 1, 22); // 2025-02-22: fator 1000 again

export const PRIMEIRO_VENCIMENTO = '1997-10-08'; // fator 0001
export const REINICIO_FATOR = '2025-02-22'; // fator 1000 of the second cycle
export const ULTIMO_VENCIMENTO = '2049-10-13'; // fator 9999 of the second cycle

function diaUtc(dia: string): number {
  return Date.UTC(Number(dia.slice(0, 4)), Number(dia.slice(5, 7)) - 1, Number(dia.slice(8, 10)));
}

function isoDoDia(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export const fatorMensagens = {
  data: (v: string) => `Vencimento inválido: ${v} (use AAAA-MM-DD).`,
  antes: `Vencimento anterior a 08/10/1997, o primeiro dia do fator de vencimento FEBRABAN.`,
  depois: `Vencimento posterior a 13/10/2049, o último dia que o fator de vencimento FEBRABAN representa.`,
  fator: (f: string) => `Fator de vencimento inválido: ${f} (4 dígitos).`,
} as const;

/** The fator de vencimento of a due date, 1–9999 (restarting at 1000 on 2025-02-22). Throws
 * (pt-BR) outside 1997-10-08 … 2049-10-13. */
export function fatorVencimento(vencimento: string): number {
  if (!isIsoDay(vencimento)) throw new Error(fatorMensagens.data(vencimento));
  const ms = diaUtc(vencimento);
  if (ms >= REINICIO) {
    const fator = 1000 + Math.round((ms - REINICIO) / DIA_MS);
    if (fator > 9999) throw new Error(fatorMensagens.depois);
    return fator;
  }
  const fator = Math.round((ms - BASE) / DIA_MS);
  if (fator < 1) throw new Error(fatorMensagens.antes);
  return fator;
}

/** The due date a factor names: of its two candidates (first cycle from 1997-10-07, second from
 * 2025-02-22 = 1000), the closest to `referencia` (normally today); null for 0 (no due date). */
export function vencimentoDoFator(fator: number | string, referencia: string): string | null {
  const f = typeof fator === 'string' ? Number(fator) : fator;
  if (typeof fator === 'string' && !/^\d{4}$/.test(fator)) throw new Error(fatorMensagens.fator(fator));
  if (!Number.isInteger(f) || f < 0 || f > 9999) throw new Error(fatorMensagens.fator(String(fator)));
  if (!isIsoDay(referencia)) throw new Error(fatorMensagens.data(referencia));
  if (f === 0) return null;
  const primeiro = BASE + f * DIA_MS;
  if (f < 1000) return isoDoDia(primeiro);
  const segundo = REINICIO + (f - 1000) * DIA_MS;
  const ref = diaUtc(referencia);
  return isoDoDia(Math.abs(segundo - ref) < Math.abs(primeiro - ref) ? segundo : primeiro);
}
