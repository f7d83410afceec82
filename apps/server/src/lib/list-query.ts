import {
  COUNT_CAP,
  EXPORT_MAX_ROWS,
  type ExportFormat,
  formatDateBR,
  type ListPage,
  termosBusca,
} from '@erp/shared';
import { type AnyColumn, and, asc, Column, count, desc, eq, is, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { type Celula, larguras, planilhaXlsx } from './xlsx.ts';

// The server half of the list pattern: search, whitelisted sort, pagination with a total count,
// and CSV/XLSX export of the same filtered query. A module's list service builds its WHERE from
// its own zod-validated filters and hands the query builders to listPage()/exportList().

type Sortable = SQL | AnyColumn;

export type ListParams<S extends string = string> = {
  q?: string | undefined;
  page: number;
  pageSize: number;
  sort: S;
  dir: 'asc' | 'desc';
};

/** Escapes LIKE wildcards so a typed "%" or "_" is a literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Accent- and case-insensitive "contains every word" over an already normalised search
 * expression (a `busca` generated column, or `erp_normaliza(nome)`; `erp_busca(...)` when the text
 * has codes that keep their punctuation, "E2E-97404"). Served by a trigram index.
 */
export function searchWhere(normalised: Sortable, q: string | undefined): SQL | undefined {
  const words = termosBusca(q);
  if (!words.length) return undefined;
  return and(...words.map((w) => sql`${normalised} like ${`%${escapeLike(w)}%`}`));
}

/** ORDER BY for a whitelisted key (the zod schema already refused unknown keys) plus a tie-breaker. */
export function orderByOf<S extends string>(
  sorts: Record<S, Sortable>,
  params: Pick<ListParams<S>, 'sort' | 'dir'> & { q?: string | undefined },
  tieBreaker: AnyColumn,
): SQL[] {
  const dirFn = params.dir === 'desc' ? desc : asc;
  return [dirFn(semAtalhoDeOrdem(sorts[params.sort], params.q)), dirFn(tieBreaker)];
}

/**
 * With a search of a word of 3 characters or more, a sort by the searched column itself (`busca`,
 * whose btree walks the names in order) is written as an expression of the same order: the
 * planner then reads the matches through the trigram index and sorts them, instead of walking the
 * names in order and filtering — which reads most of the table when the matches sort late, as a
 * word in the middle of the names does ("espaguete", "mercado popular": 150–250 ms against 25–40 ms
 * on 100,000 products / 200,000 customers; docs/benchmarks.md, "Busca do pedido"). A list source
 * with a searchColumn first tries the first names of the order (paginaNaJanela), which a broad
 * word fills at once; this sort is for the words it does not.
 */
function semAtalhoDeOrdem(sort: Sortable, q: string | undefined): Sortable {
  if (!is(sort, Column) || sort.name !== 'busca') return sort;
  return temPalavraIndexada(q) ? sql`(${sort} || '')` : sort;
}

/** A typed word the trigram index can serve (3 characters or more). */
function temPalavraIndexada(q: string | undefined): boolean {
  return termosBusca(q).some((w) => w.length >= 3);
}

/**
 * How far into the search column's order a searched page looks before falling back to reading
 * every match: 10,000 index entries read index-only and matched cost 2–3 ms (more where the
 * visibility map is not set), the price a broad word sorting late pays before its trigram read; a
 * broad word needs 20 matches in them (0.2 %).
 */
export const JANELA_DA_ORDEM = 10_000;
/** Deeper pages than this read every match: the window would rarely hold them. */
const JANELA_MAX_LINHAS = 200;
/**
 * Fewer matches than this (the page's capped count, run first) are read through the trigram index
 * and sorted at once: reading them costs less than a window that may not hold the page.
 */
export const JANELA_MIN_CORRESPONDENCIAS = JANELA_DA_ORDEM / 2;

/** The column a searched page is first looked for in the order of (paginaNaJanela), if any. */
function colunaDaJanela<T, Q extends ListParams>(source: ListSource<T, Q>, q: Q): AnyColumn | undefined {
  const coluna = source.searchColumn?.(q);
  if (!coluna || source.sorts[q.sort as Q['sort']] !== coluna || !temPalavraIndexada(q.q)) return undefined;
  return q.page * q.pageSize <= JANELA_MAX_LINHAS ? coluna : undefined;
}

/**
 * A searched page sorted by the search column itself (`busca`, name order), read from the first
 * JANELA_DA_ORDEM entries of that order only: the btree (busca, id) walked index-only, the typed
 * words matched on the index entries, then the rows of those matches alone fetched. A broad word
 * ("carvalho", 28,000 of 200,000 customers; "500", 10,000 of 100,000 products) fills a page within
 * a few hundred entries, where reading every match through the trigram index and sorting them
 * (semAtalhoDeOrdem) cost 45–70 ms. The window is a prefix of the order, so a page it fills is the
 * exact page; when it holds fewer matches than the page (a broad word sorting late, "restaurante",
 * or one narrowed by the other filters), undefined: the caller reads the matches through the
 * trigram index and sorts.
 * Only for sources whose WHERE always ANDs searchWhere(column, q) (ListSource.searchColumn), as
 * the words are matched on the window's copy of the column; only for JANELA_MIN_CORRESPONDENCIAS
 * matches or more (listFrom).
 */
async function paginaNaJanela<T, Q extends ListParams>(
  db: Db,
  source: ListSource<T, Q>,
  q: Q,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<T[] | undefined> {
  const coluna = colunaDaJanela(source, q);
  if (!coluna) return undefined;
  const dirFn = q.dir === 'desc' ? desc : asc;
  const janela = db
    .select({
      id: sql`${source.tieBreaker}`.as('janela_id'),
      busca: sql<string>`${coluna}`.as('janela_busca'),
    })
    .from(source.table)
    .orderBy(dirFn(coluna), dirFn(source.tieBreaker))
    .limit(JANELA_DA_ORDEM)
    .as('janela');
  const rows = (await source
    .select(db)
    .innerJoin(janela, eq(janela.id, source.tieBreaker))
    .where(and(where, searchWhere(sql`${janela.busca}`, q.q)))
    .orderBy(dirFn(janela.busca), dirFn(janela.id))
    .limit(page.limit)
    .offset(page.offset)) as T[];
  return rows.length === page.limit ? rows : undefined;
}

type RowsQuery<T> = (page: { limit: number; offset: number; orderBy: SQL[] }) => Promise<T[]>;

/**
 * The number of rows matching `where`, counted up to COUNT_CAP + 1: an exact count of a large
 * table costs a scan of every matching row, a page of a list must not.
 */
export function cappedCount(db: Db, table: PgTable, where: SQL | undefined) {
  const limited = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('limitado');
  return db.select({ total: count() }).from(limited);
}

/** One page and the (capped) total of the filtered list; both queries share the caller's WHERE. */
export async function listPage<T, S extends string>(
  params: ListParams<S>,
  spec: {
    sorts: Record<S, Sortable>;
    tieBreaker: AnyColumn;
    rows: RowsQuery<T>;
    count: () => Promise<{ total: number }[]>;
    /** The count's cap when it is not COUNT_CAP (a searched list's, lib/busca-listas.ts). */
    cap?: number;
  },
): Promise<ListPage<T>> {
  const orderBy = orderByOf(spec.sorts, params, spec.tieBreaker);
  const [items, counted] = await Promise.all([
    spec.rows({ limit: params.pageSize, offset: (params.page - 1) * params.pageSize, orderBy }),
    spec.count(),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  const cap = spec.cap ?? COUNT_CAP;
  return {
    items,
    total: Math.min(total, cap),
    ...(total > cap ? { totalIsLowerBound: true } : {}),
    page: params.page,
    pageSize: params.pageSize,
  };
}

/** Every row of the filtered list in the list's order, refused above EXPORT_MAX_ROWS. */
export async function exportRows<T, S extends string>(
  params: Pick<ListParams<S>, 'sort' | 'dir'>,
  spec: { sorts: Record<S, Sortable>; tieBreaker: AnyColumn; rows: RowsQuery<T> },
): Promise<T[]> {
  const rows = await spec.rows({
    limit: EXPORT_MAX_ROWS + 1,
    offset: 0,
    orderBy: orderByOf(spec.sorts, params, spec.tieBreaker),
  });
  if (rows.length > EXPORT_MAX_ROWS) {
    throw new AppError(
      'unprocessable',
      `A exportação é limitada a ${EXPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Refine a busca ou os filtros.`,
    );
  }
  return rows;
}

/**
 * A register's list as data: its select (FROM and joins, made `$dynamic()`), the WHERE of its
 * filters, its sort keys and the table whose matching rows are counted. `T` is the API row.
 */
export type ListSource<T, Q extends ListParams> = {
  table: PgTable;
  select(db: Db): PgSelect;
  whereOf(q: Q): SQL | undefined;
  sorts: Record<Q['sort'], Sortable>;
  tieBreaker: AnyColumn;
  /**
   * The stored search column, when whereOf(q) ANDs searchWhere(column, q.q) (undefined for a q it
   * ORs with something else): a page sorted by it is first looked for in the first entries of its
   * order (paginaNaJanela).
   */
  searchColumn?: (q: Q) => AnyColumn | undefined;
  /** Phantom: ties the row type to the source. */
  row?: T;
};

function selectPage<T, Q extends ListParams>(
  db: Db,
  source: ListSource<T, Q>,
  where: SQL | undefined,
): RowsQuery<T> {
  return ({ limit, offset, orderBy }) =>
    source
      .select(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset) as Promise<unknown[]> as Promise<T[]>;
}

/** listPage() over a ListSource: one page of the filtered, sorted list and its capped total. */
export function listFrom<T, Q extends ListParams>(
  db: Db,
  q: Q,
  source: ListSource<T, Q>,
): Promise<ListPage<T>> {
  const where = source.whereOf(q);
  const spec = {
    sorts: source.sorts,
    tieBreaker: source.tieBreaker,
    rows: selectPage(db, source, where),
    count: () => cappedCount(db, source.table, where),
  };
  if (!colunaDaJanela(source, q)) return listPage(q, spec);
  return paginaPelaContagem(db, q, source, where, spec);
}

/**
 * A searched page in the search column's order: the capped count first (instead of beside the
 * page), as the number of matches chooses the page's plan — the window (paginaNaJanela) for a broad
 * search, the trigram read and sort for the others, which a failed window would only delay (a rare
 * word, a search narrowed by other filters; 2–3 ms, and ~30 ms on a table whose visibility map is
 * not set, when the index-only walk must visit the heap).
 */
async function paginaPelaContagem<T, Q extends ListParams>(
  db: Db,
  q: Q,
  source: ListSource<T, Q>,
  where: SQL | undefined,
  spec: Parameters<typeof listPage<T, Q['sort']>>[1],
): Promise<ListPage<T>> {
  const contado = await spec.count();
  const amplo = Number(contado[0]?.total ?? 0) >= JANELA_MIN_CORRESPONDENCIAS;
  return listPage(q, {
    ...spec,
    count: async () => contado,
    rows: async (page) =>
      (amplo ? await paginaNaJanela(db, source, q, where, page) : undefined) ?? spec.rows(page),
  });
}

/** exportRows() over a ListSource: every row of the filtered list, in the list's order. */
export function exportFrom<T, Q extends ListParams>(db: Db, q: Q, source: ListSource<T, Q>): Promise<T[]> {
  return exportRows(q, {
    sorts: source.sorts,
    tieBreaker: source.tieBreaker,
    rows: selectPage(db, source, source.whereOf(q)),
  });
}

/** The "ativo" filter every register list has (undefined: both). */
export function ativoWhere(column: AnyColumn, ativo: boolean | undefined): SQL | undefined {
  return ativo === undefined ? undefined : eq(column, ativo);
}

export type ExportColumn<T> = {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  /** money: decimal string "1234.56"; date: 'YYYY-MM-DD'; number: integer or decimal string. */
  type?: 'text' | 'number' | 'money' | 'date' | 'boolean';
};

// A text cell starting like a formula would run in a spreadsheet (CSV injection): it gets a
// leading apostrophe. A number or money cell is never touched, so "-12,000" keeps its sign; it is
// trusted as a number only when it is one (digits, optional sign and decimal comma), anything else
// in such a column is guarded like text.
const formulaStart = /^[=+\-@\t\r]/;
const numeroCsv = /^-?\d+(,\d+)?$/;

function csvCell(text: string, type?: ExportColumn<unknown>['type']): string {
  const numero = (type === 'number' || type === 'money') && numeroCsv.test(text);
  const safe = !numero && formulaStart.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function displayValue<T>(col: ExportColumn<T>, row: T): string {
  const v = col.value(row);
  if (v === null || v === undefined) return '';
  switch (col.type) {
    case 'money':
    case 'number':
      return String(v).replace('.', ',');
    case 'date':
      return formatDateBR(String(v));
    case 'boolean':
      return v ? 'Sim' : 'Não';
    default:
      return String(v);
  }
}

/**
 * CSV as spreadsheet programs in Brazil open it: UTF-8 with BOM, ";" separators, decimal comma,
 * CRLF line ends.
 */
export function toCsv<T>(columns: ExportColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(';')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(displayValue(c, row), c.type)).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function toXlsx<T>(columns: ExportColumn<T>[], rows: T[], sheet: string): Promise<Buffer> {
  const header: Celula[] = columns.map((c) => ({ texto: c.header, negrito: true }));
  const cells = (row: T): Celula[] =>
    columns.map((c) => {
      const v = c.value(row);
      if (v === null || v === undefined || v === '') return null;
      if (c.type === 'money') return { numero: typeof v === 'number' ? v : String(v), formato: '#,##0.00' };
      if (c.type === 'number') return { numero: typeof v === 'number' ? v : String(v) };
      if (c.type === 'boolean') return { texto: v ? 'Sim' : 'Não' };
      if (c.type === 'date') return { texto: formatDateBR(String(v)) };
      return { texto: String(v) };
    });
  function* linhas() {
    yield header;
    for (const row of rows) yield cells(row);
  }
  return planilhaXlsx({
    aba: sheet,
    linhas: linhas(),
    larguras: larguras([header, ...rows.slice(0, 100).map(cells)]),
  });
}

/** The HTTP answer of GET .../export: a download named `<base>-<YYYY-MM-DD>.<format>`. */
export async function exportResponse<T>(
  format: ExportFormat,
  base: string,
  columns: ExportColumn<T>[],
  rows: T[],
  today: string,
): Promise<Response> {
  const filename = `${base}-${today}.${format}`;
  const headers: Record<string, string> = {
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
    'X-Total-Count': String(rows.length),
  };
  if (format === 'csv') {
    return new Response(toCsv(columns, rows), {
      headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' },
    });
  }
  const buffer = await toXlsx(columns, rows, base);
  return new Response(new Uint8Array(buffer), {
    headers: {
      ...headers,
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  });
}
