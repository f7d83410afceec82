import { z } from 'zod';
import { onlyDigits } from '../cadastros/brasil.ts';
import { normalizaBusca } from '../cadastros/normaliza.ts';

// NCM (Nomenclatura Comum do Mercosul): 8 digits, capítulo (2) › posição (4) › subposição (5, 6)
// › item (7) › subitem (8). Only the 8-digit leaves go on a product; the table with the hierarchy
// is shipped as data by the server (apps/server/src/modules/estoque/data/ncm.json) and read
// through TabelaNcm. CEST (Código Especificador da Substituição Tributária): 7 digits, optional.

export const ncmMensagens = {
  obrigatorio: 'NCM é obrigatório',
  formato: 'NCM deve ter 8 dígitos',
  naoEncontrado: 'NCM não encontrado na tabela oficial',
  cestFormato: 'CEST deve ter 7 dígitos',
} as const;

/** "2202.10.00" -> "22021000"; anything with another length is not a NCM. */
export function isNcmFormato(value: string): boolean {
  return /^\d{8}$/.test(value);
}

/** "22021000" -> "2202.10.00" (other lengths of the hierarchy: "2202", "2202.1", "2202.10", "2202.10.0"). */
export function formataNcm(codigo: string): string {
  if (codigo.length <= 4) return codigo;
  if (codigo.length <= 6) return `${codigo.slice(0, 4)}.${codigo.slice(4)}`;
  return `${codigo.slice(0, 4)}.${codigo.slice(4, 6)}.${codigo.slice(6)}`;
}

/** "1234567" -> "12.345.67". */
export function formataCest(codigo: string): string {
  return codigo.length === 7 ? `${codigo.slice(0, 2)}.${codigo.slice(2, 5)}.${codigo.slice(5)}` : codigo;
}

/** The product's NCM: typed with or without dots; output 8 digits. Existence: comNcmOficial(). */
export const ncmCampo = z
  .string({ error: ncmMensagens.obrigatorio })
  .trim()
  .min(1, ncmMensagens.obrigatorio)
  .transform(onlyDigits)
  .refine(isNcmFormato, ncmMensagens.formato);

/** Optional CEST: 7 digits (dots allowed when typed); '' -> null. */
export const cestCampo = z
  .string({ error: ncmMensagens.cestFormato })
  .trim()
  .nullable()
  .optional()
  .transform((v) => onlyDigits(v) || null)
  .refine((v) => v === null || /^\d{7}$/.test(v), ncmMensagens.cestFormato);

/**
 * Adds the existence check against the official table to a schema whose output has `ncm`
 * (the server passes its TabelaNcm; the form, which picks from the table, does not need it).
 */
export function comNcmOficial<T extends z.ZodType<{ ncm: string }>>(
  schema: T,
  existe: (codigo: string) => boolean,
) {
  return schema.superRefine((v, ctx) => {
    if (isNcmFormato(v.ncm) && !existe(v.ncm))
      ctx.addIssue({ code: 'custom', path: ['ncm'], message: ncmMensagens.naoEncontrado });
  });
}

/** One node of the table: a code of 2, 4, 5, 6, 7 or 8 digits and its official description. */
export type NcmNo = { codigo: string; descricao: string };

/** A selectable NCM (8 digits) with its place in the hierarchy. */
export type NcmItem = {
  codigo: string;
  descricao: string;
  /** Descriptions from the chapter down to this code, joined by " › ". */
  caminho: string;
};

const SEPARADOR = ' › ';

type Folha = NcmItem & { busca: string };

function limpa(descricao: string): string {
  return descricao
    .replace(/^[\s–-]+/, '')
    .replace(/[\s:;.]+$/, '')
    .trim();
}

/** The official table, searchable: built once from the data file's nodes. */
export class TabelaNcm {
  private readonly nos = new Map<string, string>();
  private readonly folhas: Folha[] = [];
  private readonly porCodigo = new Map<string, Folha>();

  constructor(nos: readonly NcmNo[]) {
    for (const n of nos) this.nos.set(n.codigo, n.descricao);
    for (const n of nos) {
      if (n.codigo.length !== 8) continue;
      const caminho = this.ancestrais(n.codigo)
        .map((a) => limpa(a.descricao))
        .join(SEPARADOR);
      const folha = {
        codigo: n.codigo,
        descricao: n.descricao,
        caminho,
        busca: normalizaBusca(`${n.codigo} ${caminho}`),
      };
      this.folhas.push(folha);
      this.porCodigo.set(n.codigo, folha);
    }
    this.folhas.sort((a, b) => (a.codigo < b.codigo ? -1 : 1));
  }

  get totalSelecionaveis(): number {
    return this.folhas.length;
  }

  /** The node and its ancestors, chapter first (parents are the longest existing prefixes). */
  private ancestrais(codigo: string): NcmNo[] {
    const linha: NcmNo[] = [];
    for (let len = 2; len <= codigo.length; len++) {
      const descricao = this.nos.get(codigo.slice(0, len));
      if (descricao !== undefined) linha.push({ codigo: codigo.slice(0, len), descricao });
    }
    return linha;
  }

  /** True for a selectable (8-digit) code of the table. */
  existe(codigo: string): boolean {
    return this.porCodigo.has(codigo);
  }

  item(codigo: string): NcmItem | null {
    const f = this.porCodigo.get(codigo);
    return f ? { codigo: f.codigo, descricao: f.descricao, caminho: f.caminho } : null;
  }

  /**
   * Selectable codes matching what was typed: digits (dots ignored) search by code prefix;
   * words must all appear (accents and case folded) in the code's path.
   */
  buscar(q: string, limite = 20): NcmItem[] {
    const texto = q.trim();
    if (!texto) return [];
    const digitos = texto.replace(/[.\s]/g, '');
    const termos = normalizaBusca(texto).split(/\s+/).filter(Boolean);
    const filtro = /^\d+$/.test(digitos)
      ? (f: Folha) => f.codigo.startsWith(digitos)
      : (f: Folha) => termos.every((t) => f.busca.includes(t));
    const out: NcmItem[] = [];
    for (const f of this.folhas) {
      if (out.length >= limite) break;
      if (filtro(f)) out.push({ codigo: f.codigo, descricao: f.descricao, caminho: f.caminho });
    }
    return out;
  }
}
