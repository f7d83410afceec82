import { z } from 'zod';

// The query-string contract of every server-paginated list (and its CSV/XLSX export): page,
// page size, one whitelisted sort key, direction, free-text search, plus each list's own filters.
// The web keeps the same keys in the URL, so a list view is a bookmarkable link.

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** More rows than this in one export are refused (refine the filters). */
export const EXPORT_MAX_ROWS = 100_000;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const page = z.coerce.number().int('Página inválida').min(1, 'Página inválida').max(1_000_000).default(1);
const pageSize = z.coerce
  .number()
  .int('Tamanho de página inválido')
  .min(1, 'Tamanho de página inválido')
  .max(100, 'Tamanho de página deve ser no máximo 100')
  .default(DEFAULT_PAGE_SIZE);

/** "true"/"false" in a query string. */
export const booleanParam = z
  .enum(['true', 'false'], { error: 'Valor inválido (use true ou false)' })
  .transform((v) => v === 'true');

export const uuidParam = z.uuid({ error: 'Identificador inválido' });

/**
 * A list's query schema: `listQuerySchema(['nome', 'uf'], 'nome', { ativo: booleanParam.optional() })`.
 * Unknown sort keys are a 400, never an injected ORDER BY.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortKeys: S,
  defaultSort: S[number],
  filters: F,
) {
  return z.object({
    q: z.string().trim().max(200, 'Busca deve ter no máximo 200 caracteres').optional(),
    page,
    pageSize,
    sort: z.enum(sortKeys, { error: 'Ordenação inválida' }).default(defaultSort as never),
    dir: z.enum(['asc', 'desc'], { error: 'Direção inválida' }).default('asc'),
    ...filters,
  });
}

/** The same schema plus the export format, for GET .../export. */
export function exportQuerySchema<T extends z.ZodObject>(list: T) {
  return list.extend({ formato: z.enum(EXPORT_FORMATS, { error: 'Formato inválido' }).default('csv') });
}

/** Lists count matching rows up to this many; above it the total is "mais de 10.000" (a searched list: 1,000, decision 0011). */
export const COUNT_CAP = 10_000;

/** A page of a list. `totalIsLowerBound`: more rows match than COUNT_CAP (total = COUNT_CAP). */
export type ListPage<T> = {
  items: T[];
  total: number;
  totalIsLowerBound?: boolean;
  page: number;
  pageSize: number;
};
