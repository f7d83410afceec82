import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

// Date-only columns stay 'YYYY-MM-DD' strings on both drivers: a JS Date would shift them by the
// server's time zone. Numeric stays a string (exact decimal).
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (v: string) => v);
const pgliteParsers = { [DATE_OID]: (v: string) => v };

export type Schema = typeof schema;
/** A database handle or an open transaction: services accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine itself (PGlite only): tests dump it as the per-file template. */
  pglite?: PGlite;
  /** Runs a plain SQL text (several statements allowed); used by migrations and tests. */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
};

export type OpenOptions = {
  databaseUrl?: string | undefined;
  poolSize?: number;
  /** Keep idle connections open instead of closing them after 30 s (the server). */
  manterConexoes?: boolean;
  /** PGlite data directory; `undefined` means in-memory. */
  pgliteDir?: string | undefined;
  /** A dumped PGlite data directory to start from (test template). */
  loadDataDir?: Blob | File;
};

/**
 * A transaction is one pooled client, and services read side by side with Promise.all whether they
 * got the pool or a transaction (on the pool the reads overlap). pg queues a second query on a busy
 * client itself, but that queue is deprecated (pg 9 refuses it): the client's promise queries are
 * chained here instead, in the order they were called — the same order pg kept. Callback and
 * submittable queries (pg-pool's own `pool.query`, cursors) never overlap on a client and pass as is.
 */
function serializaConsultas(client: pg.PoolClient): void {
  // the class's method, looked up at each call: a tool that wraps pg.Client.prototype.query for a
  // while (the benches' statement capture) is seen then, and not kept in this client for good
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  const query = (...args: unknown[]) => proto.query.apply(client, args);
  let anterior: Promise<unknown> = Promise.resolve();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const primeiro = args[0] as { submit?: unknown } | null | undefined;
    if (typeof args[args.length - 1] === 'function' || typeof primeiro?.submit === 'function')
      return query(...args);
    const atual = anterior.then(() => query(...args));
    anterior = atual.catch(() => undefined);
    return atual;
  };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      // the server keeps its connections (manterConexoes): a PostgreSQL backend's first run of a
      // statement loads the catalog entries of every table it reads, and the dashboard's ten requests
      // on connections the pool had closed after 30 s idle took 236–344 ms against 70–112 ms on kept
      // ones (docs/benchmarks.md, Dashboard — períodos); scripts and tests let theirs go
      idleTimeoutMillis: opts.manterConexoes ? 0 : 30000,
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    pool.on('connect', serializaConsultas);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  if (opts.pgliteDir) fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
  const client = await PGlite.create({
    ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    relaxedDurability: false,
    // trigram indexes for accent-insensitive list search (cadastros); PostgreSQL ships it as contrib
    extensions: { pg_trgm },
    parsers: pgliteParsers,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
    pglite: client,
  };
}

/** Rows of a raw `db.execute(sql...)` on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The rows of a large read (thousands of rows) as one JSON array built by the database: the driver
 * then parses one value (JSON.parse, native) instead of every field of every row, and the request
 * makes far less garbage (the purchase suggestion's 3 × 5,000 rows: ≈ 60 ms of its CPU). Columns
 * keep their JSON types — text stays text (cast numerics to text for exact decimals), integers are
 * numbers, json is nested. `ordem` orders the array (a subquery's ORDER BY is not kept by json_agg).
 */
export async function linhasJson<T>(db: Db, consulta: SQL, ordem?: SQL): Promise<T[]> {
  const [r] = rowsOf<{ linhas: T[] }>(
    await db.execute(
      sql`select coalesce(json_agg(x${ordem ? sql` order by ${ordem}` : sql``}), '[]'::json) as linhas from (${consulta}) x`,
    ),
  );
  return r!.linhas;
}

/**
 * Rows of a hot statement of fixed text (`$1…` placeholders), e.g. the session check every
 * authenticated request sends. On PostgreSQL it goes as a named prepared statement: each pooled
 * connection parses and plans it once, not on every request as drizzle's unnamed statements are.
 * `name` must be unique per text. PGlite (in-process, no named statements) runs it as a query.
 * The rows are the driver's own (node-postgres' type parsing, not drizzle's: a timestamp would
 * come as its Date, rounded differently), so it suits statements without timestamp columns.
 */
export async function preparedRows<T>(
  db: Db | Tx,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  // a database answers through its pool (or PGlite); a transaction through its own connection,
  // which drizzle keeps in its session
  const d = db as unknown as { $client?: unknown; _?: { session?: { client?: unknown } } };
  const client = d.$client ?? d._?.session?.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  }
  return (await (client as PGlite).query<T>(text, values)).rows;
}
