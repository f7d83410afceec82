// Fixed-width fields of a CNAB remessa. Every writer builds its records from these helpers so a
// value that does not fit its positions is refused (pt-BR, naming the field) instead of being cut
// or shifting the rest of the line.

import { addDays, isIsoDay } from '../../dates.ts';

/** A refusal: the field and, when it belongs to one boleto, which (its position in the list). */
export type ErroCampoRemessa = { campo: string; mensagem: string; item?: number };

export class ErroRemessa extends Error {
  constructor(readonly erros: ErroCampoRemessa[]) {
    super(erros.map((e) => e.mensagem).join(' '));
    this.name = 'ErroRemessa';
  }
}

const CAMPOS_DA_CONTA = new Set([
  'Agência',
  'Dígito da agência',
  'agenciaDv',
  'Conta',
  'Dígito da conta',
  'contaDv',
  'Carteira',
  'carteira',
  'Variação da carteira',
  'Modalidade',
  'Convênio',
  'convenio',
  'Convênio líder',
  'Código do beneficiário',
  'Código da empresa',
  'Código de transmissão',
  'Tipo de cobrança',
  'Versão do aplicativo',
  'CPF/CNPJ do beneficiário',
]);

/** Collects refusals while a file is built; `falhar()` throws them all at once. */
export class Coletor {
  readonly erros: ErroCampoRemessa[] = [];
  /** The boleto being written (1-based) — prefixed to the messages. */
  item: number | undefined;
  erro(campo: string, mensagem: string): void {
    // The account's fields are checked again for every boleto: named once, without a boleto.
    const item = CAMPOS_DA_CONTA.has(campo) ? undefined : this.item;
    const texto = (item === undefined ? '' : `Boleto ${item}: `) + mensagem;
    if (this.erros.some((e) => e.mensagem === texto)) return;
    this.erros.push({ campo, mensagem: texto, ...(item === undefined ? {} : { item }) });
  }
  falhar(): void {
    if (this.erros.length) throw new ErroRemessa(this.erros);
  }
}

/** Digits right-aligned, zero-padded. Refuses non-digits and values longer than the positions. */
export function num(
  col: Coletor,
  rotulo: string,
  valor: string | number | bigint | null | undefined,
  tamanho: number,
): string {
  const v = String(valor ?? '').trim();
  if (v === '') return '0'.repeat(tamanho);
  if (!/^\d+$/.test(v)) {
    col.erro(rotulo, `${rotulo}: só números (informado ${v}).`);
    return '0'.repeat(tamanho);
  }
  const semZeros = v.replace(/^0+(?=\d)/, '');
  if (semZeros.length > tamanho) {
    col.erro(rotulo, `${rotulo}: ${v} não cabe em ${tamanho} ${tamanho === 1 ? 'posição' : 'posições'}.`);
    return '0'.repeat(tamanho);
  }
  return semZeros.padStart(tamanho, '0');
}

/** Uppercase ASCII without accents, only letters, digits and single spaces — what the banks take in
 * names and addresses. */
export function textoBanco(texto: string | null | undefined): string {
  return (texto ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Text left-aligned, space-padded, cut to the positions (names and addresses may be cut: the
 * banks say so; codes may not — use `fixo`). */
export function alfa(texto: string | null | undefined, tamanho: number): string {
  return textoBanco(texto).slice(0, tamanho).padEnd(tamanho, ' ');
}

/** A code or identifier that must fit whole (spaces padded to the right). */
export function fixo(
  col: Coletor,
  rotulo: string,
  texto: string | null | undefined,
  tamanho: number,
  alinhar: 'esquerda' | 'direita' = 'esquerda',
  preencher = ' ',
): string {
  const v = textoBanco(texto);
  if (v.length > tamanho) {
    col.erro(rotulo, `${rotulo}: ${v} não cabe em ${tamanho} posições.`);
    return ' '.repeat(tamanho);
  }
  return alinhar === 'esquerda' ? v.padEnd(tamanho, preencher) : v.padStart(tamanho, preencher);
}

export const brancos = (n: number): string => ' '.repeat(n);
export const zeros = (n: number): string => '0'.repeat(n);

/** A decimal string ("199.90") as its cents, zero-padded; exact (no float), at most 2 places. */
export function valor(col: Coletor, rotulo: string, v: string | null | undefined, tamanho: number): string {
  const t = (v ?? '').trim();
  if (t === '') return zeros(tamanho);
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) {
    col.erro(rotulo, `${rotulo}: valor inválido ${t} (use 1234.56).`);
    return zeros(tamanho);
  }
  return num(col, rotulo, `${m[1]}${(m[2] ?? '').padEnd(2, '0')}`, tamanho);
}

function partes(col: Coletor, rotulo: string, dia: string): [string, string, string] | null {
  if (!isIsoDay(dia)) {
    col.erro(rotulo, `${rotulo}: data inválida ${dia}.`);
    return null;
  }
  return [dia.slice(0, 4), dia.slice(5, 7), dia.slice(8, 10)];
}

/** 'YYYY-MM-DD' → DDMMAAAA; absent → zeros. */
export function data8(col: Coletor, rotulo: string, dia: string | null | undefined): string {
  if (!dia) return zeros(8);
  const p = partes(col, rotulo, dia);
  return p ? `${p[2]}${p[1]}${p[0]}` : zeros(8);
}

/** 'YYYY-MM-DD' → DDMMAA; absent → zeros. */
export function data6(col: Coletor, rotulo: string, dia: string | null | undefined): string {
  if (!dia) return zeros(6);
  const p = partes(col, rotulo, dia);
  return p ? `${p[2]}${p[1]}${p[0].slice(2)}` : zeros(6);
}

/** 'HH:MM:SS' → HHMMSS. */
export function hora6(col: Coletor, rotulo: string, h: string): string {
  if (!/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(h)) {
    col.erro(rotulo, `${rotulo}: hora inválida ${h} (HH:MM:SS).`);
    return zeros(6);
  }
  return h.replace(/:/g, '');
}

export const diaSeguinte = (dia: string): string => (isIsoDay(dia) ? addDays(dia, 1) : dia);

/** CPF (11 digits) or CNPJ (14) as typed with or without punctuation → its digits and the CNAB
 * tipo de inscrição (1 CPF, 2 CNPJ); refuses anything else, naming whose document it is. */
export function inscricao(
  col: Coletor,
  rotulo: string,
  doc: string | null | undefined,
): { tipo: '1' | '2'; digitos: string } {
  const d = (doc ?? '').replace(/[.\-/\s]/g, '');
  if (d === '') {
    col.erro(rotulo, `${rotulo}: CPF ou CNPJ obrigatório.`);
    return { tipo: '1', digitos: '' };
  }
  const u = d.toUpperCase();
  // The alphanumeric CNPJ (from July 2026: 12 letters or digits + 2 DV digits) goes in the same
  // positions, right-aligned and zero-filled, as banks take it (FEBRABAN's CNAB update).
  if (!(/^\d{11}$/.test(u) || /^[0-9A-Z]{12}\d{2}$/.test(u))) {
    col.erro(rotulo, `${rotulo}: CPF (11 dígitos) ou CNPJ (14 caracteres) inválido: ${doc}.`);
    return { tipo: '1', digitos: '' };
  }
  return { tipo: u.length === 11 ? '1' : '2', digitos: u };
}

/** An inscrição's field: right-aligned, zero-filled (an alphanumeric CNPJ keeps its letters). */
export function campoInscricao(digitos: string, tamanho: number): string {
  return digitos.padStart(tamanho, '0').slice(-tamanho);
}

/** Joins the fields of one record and checks its length (a writer's own mistake, not the user's). */
export function registro(partesRegistro: string[], tamanho: number, nome: string): string {
  const linha = partesRegistro.join('');
  if (linha.length !== tamanho)
    throw new Error(`CNAB: registro ${nome} com ${linha.length} posições (esperado ${tamanho}).`);
  return linha;
}

/** A document number: digits zero-padded to the right size (as the banks' numeric examples),
 * anything else as text (letters, digits, spaces) left-aligned — refused when it does not fit. */
export function numeroDocumento(
  col: Coletor,
  rotulo: string,
  v: string | null | undefined,
  tamanho: number,
): string {
  const t = (v ?? '').trim();
  return /^\d*$/.test(t) ? num(col, rotulo, t, tamanho) : fixo(col, rotulo, t, tamanho);
}
