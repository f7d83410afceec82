import { formatCnpj, formatCpf, formatDecimalBR } from '@erp/shared';

// Text formats of the DANFE (MOC, anexo II): every value comes from the XML as a string and is
// reformatted by string surgery — no float, no time-zone shift (dates and times are the emitter's).

/** The 44 characters of the chave in groups of 4 separated by spaces. */
export const chaveEmGrupos = (chave: string) => chave.replace(/(.{4})(?=.)/g, '$1 ');

/** nNF as "000.046.320" (9 digits in groups of 3). */
export const numeroNota = (nNF: string) => nNF.padStart(9, '0').replace(/(\d{3})(?=\d)/g, '$1.');

export const serieNota = (serie: string) => serie.padStart(3, '0');

/** CNPJ (numeric or alphanumeric) or CPF with its mask; anything else as it came. */
export function documento(doc: string | null | undefined): string {
  if (!doc) return '';
  if (/^\d{11}$/.test(doc)) return formatCpf(doc);
  if (doc.length === 14) return formatCnpj(doc);
  return doc;
}

export const cep = (v: string | null | undefined) =>
  v && /^\d{8}$/.test(v) ? `${v.slice(0, 5)}-${v.slice(5)}` : (v ?? '');

export function fone(v: string | null | undefined): string {
  let d = (v ?? '').replace(/\D/g, '');
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  return v ?? '';
}

/** Money of the DANFE boxes: "1234.5" -> "1.234,50" (empty stays empty). */
export const valor = (v: string | null | undefined) => (v ? formatDecimalBR(v, 2) : '');

/** Money that the layout always shows, "0,00" when absent. */
export const valor0 = (v: string | null | undefined) => formatDecimalBR(v || '0', 2);

/** Quantities with 4 decimals at least (qCom, peso). */
export const quantidade = (v: string | null | undefined, casas = 4) => (v ? formatDecimalBR(v, casas) : '');

/** "2017-07-12T09:45:50-03:00" -> "12/07/2017" (the date as written, no zone conversion). */
export function data(v: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** "2017-07-12T09:45:50-03:00" -> "09:45:50". */
export function hora(v: string | null | undefined): string {
  const m = /T(\d{2}:\d{2}:\d{2})/.exec(v ?? '');
  return m ? m[1]! : '';
}

/** modFrete codes as the DANFE prints them. */
export const modalidadeFrete: Record<string, string> = {
  '0': '0 - Por conta do Remetente (CIF)',
  '1': '1 - Por conta do Destinatário (FOB)',
  '2': '2 - Por conta de Terceiros',
  '3': '3 - Próprio por conta do Remetente',
  '4': '4 - Próprio por conta do Destinatário',
  '9': '9 - Sem Ocorrência de Transporte',
};

/** An address on one line: "Rua X, 123 - sala 2". */
export function logradouro(
  e: { xLgr: string | null; nro: string | null; xCpl: string | null } | null,
): string {
  if (!e) return '';
  return [e.xLgr, e.nro].filter(Boolean).join(', ') + (e.xCpl ? ` - ${e.xCpl}` : '');
}
