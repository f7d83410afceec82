import { z } from 'zod';
import { formatDateBR } from '../dates.ts';
import { dataOpcional } from '../estoque/campos.ts';
import { formatBRL, formatDecimalBR } from '../money.ts';

// The report frame's shared half (issue 35): the column definitions both the screen and the exports
// read (so an export shows exactly the screen's columns, in its order), the period every report
// filters by, and the export formats. See apps/server/src/modules/relatorios/README.md.

export type TipoColunaRelatorio = 'texto' | 'inteiro' | 'quantidade' | 'dinheiro' | 'percentual' | 'data';

/** One column of a report: the row's key, its heading, how it reads and whether it has a total. */
export type ColunaRelatorio = {
  chave: string;
  titulo: string;
  tipo: TipoColunaRelatorio;
  /** the server's sort key when the column sorts */
  ordenacao?: string;
  /** the column has a figure in the totals row (under the same key in `totais`) */
  total?: boolean;
};

export const FORMATOS_RELATORIO = ['xlsx', 'pdf'] as const;
export type FormatoRelatorio = (typeof FORMATOS_RELATORIO)[number];
export const formatoRelatorioSchema = z
  .enum(FORMATOS_RELATORIO, { error: 'Formato inválido' })
  .default('xlsx');

/** A report's page: its rows, the number of rows of the whole result, and the totals (SQL). */
export type PaginaRelatorio<T, Tot> = {
  items: T[];
  total: number;
  totais: Tot;
  /** the filters as the header of an export prints them: [rótulo, valor] */
  filtros: [string, string][];
};

/** The period of a report: issue dates, inclusive; both default on the server (see each report). */
export const periodoRelatorio = {
  de: dataOpcional('Data inicial').optional(),
  ate: dataOpcional('Data final').optional(),
};
export const periodoRelatorioValido = (v: { de?: string | null; ate?: string | null }) =>
  !v.de || !v.ate || v.de <= v.ate;
export const periodoRelatorioInvertido = {
  path: ['ate'],
  message: 'A data final deve ser igual ou posterior à inicial.',
};

/** A filter by a register's id, or "sem" for the rows without one (no seller, no group, no região). */
export const idOuSem = z.union([z.literal('sem'), z.uuid({ error: 'Identificador inválido' })]);

/** The page of a report (25 rows by default, as the lists). */
export const paginaRelatorio = {
  page: z.coerce.number().int('Página inválida').min(1, 'Página inválida').max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int('Tamanho de página inválido')
    .min(1, 'Tamanho de página inválido')
    .max(100, 'Tamanho de página deve ser no máximo 100')
    .default(25),
  dir: z.enum(['asc', 'desc'], { error: 'Direção inválida' }).default('desc'),
};

/** The reports of the «Relatórios» menu group (one entry each). */
export const RELATORIOS = [
  { id: 'vendas', titulo: 'Vendas', rota: '/relatorios/vendas' },
  { id: 'curva-abc', titulo: 'Curva ABC', rota: '/relatorios/curva-abc' },
] as const;

/**
 * A cell as the screen and the PDF print it (pt-BR): money "R$ 1.234,50", quantities with three
 * places, percentages with two and " %", dates DD/MM/AAAA; "—" when empty. Exact (no float).
 */
export function textoColunaRelatorio(tipo: TipoColunaRelatorio, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  const s = String(v);
  switch (tipo) {
    case 'dinheiro':
      return formatBRL(s);
    case 'quantidade':
      return formatDecimalBR(s, 3);
    case 'percentual':
      return `${formatDecimalBR(s, 2)} %`;
    case 'inteiro':
      return formatDecimalBR(s, 0);
    case 'data':
      return formatDateBR(s);
    default:
      return s;
  }
}
