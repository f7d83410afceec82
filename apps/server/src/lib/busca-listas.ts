import { type ListPage, normalizaBusca } from '@erp/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../db/client.ts';
import { escapeLike, type ListParams, listPage } from './list-query.ts';

// The text search of the document lists (orders, títulos, outgoing and incoming notes; issue 30).
// Each typed word is matched with `like '%word%'` on an erp_normaliza() expression that a pg_trgm
// GIN index of migration 0047 is built on, so the words are normalised the same way (accents and
// case) and keep their punctuation: these lists matched the typed text as written before ("NF-12/1"
// against a document "NF-12/1"), which termosBusca() — made for registers, whose stored search
// text drops the punctuation of codes — would no longer find.

/** The words of a list's search box, accent- and case-folded, at most 8. */
export function palavrasBusca(q: string | undefined | null): string[] {
  return normalizaBusca((q ?? '').trim())
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
}

/** The LIKE pattern "contains `palavra`", its wildcards escaped. */
export function contem(palavra: string): string {
  return `%${escapeLike(palavra)}%`;
}

/**
 * A typed CPF or CNPJ (formatted or not; the alphanumeric CNPJ too) as the registers store it
 * (unformatted, normalised: `clientes.busca`, `fornecedores.busca`); undefined for any other word.
 * 11 digits, or 12 letters/digits and 2 check digits.
 */
export function documentoDigitado(palavra: string): string | undefined {
  if (!/^[0-9a-z./-]+$/.test(palavra)) return undefined;
  const limpo = palavra.replace(/[./-]/g, '');
  return /^\d{11}$/.test(limpo) || /^[0-9a-z]{12}\d{2}$/.test(limpo) ? limpo : undefined;
}

/**
 * A searched list counts its matches up to this many (the page shows "mais de 1.000" above it), a
 * tenth of the lists' COUNT_CAP (decision 0011): the capped count reads every match up to the cap,
 * and a broad word (5 % of 1 M orders) took 90–120 ms to count 10,001 of them. The count is also
 * the plan: up to the cap the matches it returns are read by primary key and sorted (list order
 * written as an expression no btree provides, the `lidos` sorts); above it the page walks its sort
 * order and filters (a word in more than 1,000 of 1 M orders fills a page within ~25,000 rows). The
 * planner cannot tell the two apart on its own: it multiplies the words' frequencies, so two common
 * words that never meet ("fornecedora moraes" among 200,000 payables) looked like thousands of
 * matches and walked the whole list to find none (3.6 s).
 */
export const BUSCA_CONTAGEM = 1_000;

type Ordem = SQL | AnyColumn;

/**
 * One page of a searched list with its plan chosen by its capped count, run first (as
 * list-query.ts's paginaPelaContagem does for the registers). The count's own pass returns the ids
 * of a few matches, so their page is read by primary key instead of searching the trigram index a
 * second time (a common word narrowed by a rare filter, "carvalho" among the blocked orders, pays
 * the word's index scan once).
 */
export async function paginaBuscada<T, S extends string>(
  db: Db,
  params: ListParams<S>,
  spec: {
    table: PgTable;
    where: SQL | undefined;
    /** The table's uuid primary key. */
    id: AnyColumn;
    sorts: Record<S, Ordem>;
    /** The same order as `sorts`, written so that no index walks it (`numero + 0`, `nome || ''`). */
    lidos: Record<S, Ordem>;
    tieBreaker: AnyColumn;
    /** The WHERE of a page of many matches, when it differs (written for the walk of the order). */
    ampla?: SQL | undefined;
    /** The page under `where` (the list's own WHERE when absent). */
    rows: (page: { limit: number; offset: number; orderBy: SQL[]; where?: SQL }) => Promise<T[]>;
  },
): Promise<ListPage<T>> {
  const [contado] = rowsOf<{ total: number; ids: string[] | null }>(
    await db.execute(sql`select count(*)::int as total,
        case when count(*) <= ${BUSCA_CONTAGEM} then coalesce(array_agg(x.id::text), '{}') end as ids
      from (select ${spec.id} as id from ${spec.table} where ${spec.where ?? sql`true`} limit ${BUSCA_CONTAGEM + 1}) x`),
  );
  const total = Number(contado?.total ?? 0);
  const ids = contado?.ids ?? null;
  const count = async () => [{ total }];
  if (!ids) {
    const { ampla } = spec;
    const rows = ampla
      ? (page: Parameters<typeof spec.rows>[0]) => spec.rows({ ...page, where: ampla })
      : spec.rows;
    return listPage<T, S>(params, {
      sorts: spec.sorts,
      tieBreaker: spec.tieBreaker,
      rows,
      count,
      cap: BUSCA_CONTAGEM,
    });
  }
  return listPage<T, S>(params, {
    sorts: spec.lidos,
    tieBreaker: spec.tieBreaker,
    rows: async (page) =>
      ids.length ? spec.rows({ ...page, where: sql`${spec.id} = any(${`{${ids.join(',')}}`}::uuid[])` }) : [],
    count,
  });
}
