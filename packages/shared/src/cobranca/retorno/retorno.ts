// What a CNAB retorno says about the account it belongs to (its header — and, at Bradesco, its
// first detail record), the check that it is the account the user chose, and the nosso número
// as our títulos store it. Pure; positions 1-based, inclusive.

import type { CarteiraCobranca } from '../banco.ts';
import { regrasCobranca } from '../bancos.ts';

export type FormatoCnab = 'cnab240' | 'cnab400';

export type CabecalhoRetorno = {
  banco: string;
  formato: FormatoCnab;
  /** The beneficiário's CPF/CNPJ (CNAB 240 header; digits as written). */
  inscricao: string | null;
  agencia: string | null;
  agenciaDv: string | null;
  conta: string | null;
  contaDv: string | null;
  /** Convênio (Banco do Brasil), código do beneficiário (Caixa, Santander 240, Sicoob 400),
   * código da empresa (Bradesco). */
  convenio: string | null;
  /** 'YYYY-MM-DD'. */
  dataGeracao: string | null;
  /** Número sequencial do arquivo (Bradesco: nº do aviso bancário). */
  nsa: number | null;
};

const campo = (l: string, de: number, ate: number) => l.slice(de - 1, ate);

function texto(l: string, de: number, ate: number): string | null {
  const s = campo(l, de, ate).trim();
  return s === '' || /^0+$/.test(s) ? null : s;
}

function numero(l: string, de: number, ate: number): number | null {
  const s = campo(l, de, ate).trim();
  return /^\d+$/.test(s) ? Number(s) : null;
}

function data(l: string, de: number, ate: number): string | null {
  const s = campo(l, de, ate).trim();
  const m = /^(\d{2})(\d{2})(\d{2}|\d{4})$/.exec(s);
  if (!m || /^0+$/.test(s)) return null;
  const [, d, mes, a] = m as unknown as [string, string, string, string];
  const ano = a.length === 2 ? `20${a}` : a;
  const dt = new Date(Date.UTC(Number(ano), Number(mes) - 1, Number(d)));
  if (dt.getUTCMonth() !== Number(mes) - 1 || dt.getUTCDate() !== Number(d)) return null;
  return `${ano}-${mes}-${d}`;
}

type Campos = Partial<
  Record<'agencia' | 'agenciaDv' | 'conta' | 'contaDv' | 'convenio', readonly [number, number]>
>;

/** CNAB 240 header de arquivo: FEBRABAN's agência 53–57 + DV 58, conta 59–70 + DV 71, convênio
 * 33–52; Banco do Brasil's convênio is the first 9 of 33–52 (then "0014", carteira, variação);
 * Caixa's código do beneficiário is 59–64 (no conta); Santander's retorno has agência 33–36 + DV
 * 37, conta 38–46 + DV 47, código do beneficiário 53–61. */
const HEADER_240: Record<string, Campos> = {
  '001': { convenio: [33, 41], agencia: [53, 57], agenciaDv: [58, 58], conta: [59, 70], contaDv: [71, 71] },
  '104': { agencia: [53, 57], agenciaDv: [58, 58], convenio: [59, 64] },
  '033': { agencia: [33, 36], agenciaDv: [37, 37], conta: [38, 46], contaDv: [47, 47], convenio: [53, 61] },
  '756': { agencia: [53, 57], agenciaDv: [58, 58], conta: [59, 70], contaDv: [71, 71] },
  '748': { agencia: [53, 57], conta: [59, 70], contaDv: [71, 71] },
};
const HEADER_240_FEBRABAN: Campos = {
  convenio: [33, 52],
  agencia: [53, 57],
  agenciaDv: [58, 58],
  conta: [59, 70],
  contaDv: [71, 71],
};

/** CNAB 400 header: Banco do Brasil agência 27–30 + DV 31, conta 32–39 + DV 40, convênio
 * 150–156; Itaú agência 27–30, conta 33–37 + DAC 38; Bradesco código da empresa 27–46 (agência
 * and conta come in each detail record, 25–29 and 30–36 + DV 37); Santander agência 27–30;
 * Sicoob cooperativa 27–30 + DV 31. */
const HEADER_400: Record<string, Campos> = {
  '001': { agencia: [27, 30], agenciaDv: [31, 31], conta: [32, 39], contaDv: [40, 40], convenio: [150, 156] },
  '341': { agencia: [27, 30], conta: [33, 37], contaDv: [38, 38] },
  '237': { convenio: [27, 46] },
  // Santander 39–46 and Sicoob 32–40 carry a conta / código do cliente whose relation to the
  // carteira's fields no second source confirms: not read, so never compared (agência only).
  '033': { agencia: [27, 30] },
  '756': { agencia: [27, 30], agenciaDv: [31, 31] },
};
/** NSA in the CNAB 400 header: BB 101–107, Itaú and Bradesco 109–113. */
const NSA_400: Record<string, readonly [number, number]> = {
  '001': [101, 107],
  '341': [109, 113],
  '237': [109, 113],
};

function preencher(c: CabecalhoRetorno, l: string, campos: Campos): void {
  // a check digit "0" is a value; an all-zero number is an absent one
  for (const [k, p] of Object.entries(campos) as Array<[keyof Campos, readonly [number, number]]>)
    c[k] = k.endsWith('Dv') ? campo(l, p[0], p[1]).trim() || null : texto(l, p[0], p[1]);
}

/** The header of a retorno (lines without their line ends), or null when the first line is not a
 * CNAB header. */
export function cabecalhoRetorno(linhas: readonly string[]): CabecalhoRetorno | null {
  const h = linhas[0] ?? '';
  const e240 = h.slice(7, 8) === '0' && /^\d{3}0000/.test(h);
  const e400 = !e240 && h.startsWith('0') && /^\d{3}$/.test(campo(h, 77, 79));
  if (!e240 && !e400) return null;
  const banco = e240 ? campo(h, 1, 3) : campo(h, 77, 79);
  const c: CabecalhoRetorno = {
    banco,
    formato: e240 ? 'cnab240' : 'cnab400',
    inscricao: null,
    agencia: null,
    agenciaDv: null,
    conta: null,
    contaDv: null,
    convenio: null,
    dataGeracao: null,
    nsa: null,
  };
  if (e240) {
    c.inscricao = banco === '033' ? texto(h, 18, 32) : texto(h, 19, 32);
    preencher(c, h, HEADER_240[banco] ?? HEADER_240_FEBRABAN);
    c.dataGeracao = data(h, 144, 151);
    c.nsa = numero(h, 158, 163);
    return c;
  }
  preencher(c, h, HEADER_400[banco] ?? {});
  c.dataGeracao = data(h, 95, 100);
  const nsa = NSA_400[banco];
  if (nsa) c.nsa = numero(h, nsa[0], nsa[1]);
  if (banco === '237') {
    const d = linhas.find((l) => l.startsWith('1'));
    if (d) preencher(c, d, { agencia: [25, 29], conta: [30, 36], contaDv: [37, 37] });
  }
  return c;
}

/** The label of `convenio` at each bank, for the messages. */
function rotuloConvenio(banco: string): string {
  if (banco === '001') return 'convênio';
  if (banco === '237') return 'código da empresa';
  return 'código do beneficiário';
}

const semZeros = (s: string | null | undefined) => (s ?? '').trim().replace(/^0+(?=.)/, '');
const nomeBanco = (b: string) => {
  const r = regrasCobranca(b);
  return r ? `${b} (${r.nome})` : b;
};

/** null when the retorno can belong to the account; else a pt-BR message naming both. Compares the
 * bank and every identification present on both sides (agência, conta, convênio/código),
 * ignoring leading zeros and check digits. */
export function conferirContaDoRetorno(cab: CabecalhoRetorno, carteira: CarteiraCobranca): string | null {
  const banco = (carteira.banco ?? '').trim().padStart(3, '0');
  const pares: Array<{ rotulo: string; retorno: string | null; conta: string | null | undefined }> = [
    { rotulo: 'agência', retorno: cab.agencia, conta: carteira.agencia },
    { rotulo: 'conta', retorno: cab.conta, conta: carteira.conta },
    { rotulo: rotuloConvenio(cab.banco), retorno: cab.convenio, conta: carteira.convenio },
  ];
  const comparaveis = pares.filter((p) => semZeros(p.retorno) !== '' && semZeros(p.conta) !== '');
  const difere = cab.banco !== banco || comparaveis.some((p) => semZeros(p.retorno) !== semZeros(p.conta));
  if (!difere) return null;
  const mostrar = cab.banco !== banco ? pares.filter((p) => semZeros(p.retorno) !== '') : comparaveis;
  const lado = (b: string, v: (p: (typeof pares)[number]) => string) =>
    [`do banco ${nomeBanco(b)}`, ...mostrar.map((p) => `${p.rotulo} ${v(p) || '(em branco)'}`)].join(', ');
  return `O retorno é ${lado(cab.banco, (p) => semZeros(p.retorno))}; a conta escolhida é ${lado(banco, (p) => semZeros(p.conta))}.`;
}

/**
 * The nosso número of a retorno record as our títulos store it (`{ numero }` from gerarBoleto:
 * the bank's number without its DV, at its full size), from the raw field `bruto` the reader
 * exposes as `nossoNumeroBanco`; null when it cannot be one.
 *
 * - 001 Banco do Brasil: 240 T 38–57 and 400 record 7 64–80, left-aligned: 17 digits (convênio 7,
 *   no DV) kept; 12 characters (convênio 4/6: 11 + DV, DV may be X) → the first 11.
 * - 104 Caixa: 240 T 38–57 = 2 reserved + 17 digits (modalidade 2 + 15) + DV → the 17.
 * - 033 Santander: 240 T 41–53 = 12 + DV → the 12; 400 63–70 = 7 + DV → the 7, left-padded to 12.
 * - 756 Sicoob: 240 T 38–57 = nosso número with DV in 10 (zero-padded) + parcela, modalidade…
 *   → the 7 before the DV; 400 63–74 = 11 + DV → the last 7 of the 11.
 * - 748 Sicredi: 240 T 38–57 = 8 + DV, left-aligned → the 8.
 * - 341 Itaú: 400 63–70 = the 8 digits (no DV).
 * - 237 Bradesco: 400 71–82 = 11 + DV (DV may be P) → the 11.
 */
export function nossoNumeroDoRetorno(
  banco: string,
  bruto: string,
  formato: FormatoCnab = 'cnab240',
): string | null {
  const b = banco.trim().padStart(3, '0');
  const t = bruto.trim().toUpperCase();
  const digitos = (s: string, n: number) => (new RegExp(`^\\d{${n}}$`).test(s) ? s : null);
  switch (b) {
    case '001':
      if (/^\d{17}$/.test(t)) return t;
      if (/^\d{11}[\dX]$/.test(t)) return t.slice(0, 11);
      return digitos(t, 11);
    case '104': {
      const s = bruto.length >= 20 ? bruto.slice(2, 19) : t.slice(0, 17);
      return digitos(s, 17);
    }
    case '033':
      if (formato === 'cnab400') return /^\d{8}$/.test(t) ? t.slice(0, 7).padStart(12, '0') : null;
      return /^\d{13}$/.test(t) ? t.slice(0, 12) : null;
    case '756':
      if (formato === 'cnab400') return /^\d{12}$/.test(t) && /^0{4}/.test(t) ? t.slice(4, 11) : null;
      return /^\d{10}/.test(t) && /^00/.test(t) ? t.slice(2, 9) : null;
    case '748':
      return /^\d{9}$/.test(t) ? t.slice(0, 8) : null;
    case '341':
      return digitos(t, 8);
    case '237':
      return /^\d{11}[\dP]$/.test(t) ? t.slice(0, 11) : null;
    default:
      return t === '' ? null : t;
  }
}
