import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { datasetStatements, scaled } from './dataset.ts';

// The stock benchmark's database on the local PostgreSQL server: created, migrated and loaded when
// missing (or with --regenerate), dropped with --drop.

export const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const DB_NAME = process.env.BENCH_DB_NAME ?? 'erp_bench_estoque';

export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function admin<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: `${SERVER_URL}/postgres`, poolSize: 1 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

export function dropBenchDatabase(): Promise<void> {
  return admin((db) => db.exec(`drop database if exists ${DB_NAME} with (force)`));
}

/** Opens erp_bench_estoque (pool of `poolSize`), creating, migrating and loading it when needed. */
export async function openBenchDatabase(opts: {
  scale: number;
  regenerate: boolean;
  poolSize: number;
}): Promise<{ database: Database; generatedIn: number | null }> {
  if (opts.regenerate) await dropBenchDatabase();
  await admin(async (db) => {
    try {
      await db.exec(`create database ${DB_NAME}`);
    } catch (err) {
      if ((err as { code?: string }).code !== '42P04') throw err; // already exists
    }
  });
  const database = await openDatabase({ databaseUrl: `${SERVER_URL}/${DB_NAME}`, poolSize: opts.poolSize });
  await migrate(database.db);
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from products`),
  ) as [{ n: number }];
  if (n > 0) return { database, generatedIn: null };
  const size = scaled(opts.scale);
  console.log(`${DB_NAME}: gerando escala ${opts.scale}`, size);
  const started = performance.now();
  const fim = new Date(Date.now() - 86_400_000).toISOString();
  for (const stmt of datasetStatements(size, fim)) {
    const t = performance.now();
    // Bulk load: replica mode skips the audit, foreign-key and read-model triggers (the last
    // statement rebuilds the read model); one transaction per statement.
    await database.exec(
      `begin; set local session_replication_role = replica; set local synchronous_commit = off;
       set local work_mem = '512MB'; ${stmt.sql}; commit;`,
    );
    console.log(`  ${stmt.label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const t = performance.now();
  await database.exec('vacuum analyze');
  console.log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const generatedIn = (performance.now() - started) / 1000;
  console.log(`total: ${generatedIn.toFixed(1)} s`);
  return { database, generatedIn };
}
