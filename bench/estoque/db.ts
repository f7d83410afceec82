import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../apps/server/src/db/client.ts';
import { argValue, bulkLoad, dropDatabase, openMigratedDatabase, SERVER_URL } from '../lib/pg.ts';
import { datasetStatements, scaled } from './dataset.ts';

// The stock benchmark's database on the local PostgreSQL server: created, migrated and loaded when
// missing (or with --regenerate), dropped with --drop (setup shared with the other benches: ../lib/pg.ts).

export { argValue, SERVER_URL };
export const DB_NAME = process.env.BENCH_DB_NAME ?? 'erp_bench_estoque';

export function dropBenchDatabase(): Promise<void> {
  return dropDatabase(DB_NAME);
}

/** Opens erp_bench_estoque (pool of `poolSize`), creating, migrating and loading it when needed. */
export async function openBenchDatabase(opts: {
  scale: number;
  regenerate: boolean;
  poolSize: number;
}): Promise<{ database: Database; generatedIn: number | null }> {
  const database = await openMigratedDatabase(DB_NAME, { poolSize: opts.poolSize, fresh: opts.regenerate });
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from products`),
  ) as [{ n: number }];
  if (n > 0) return { database, generatedIn: null };
  const size = scaled(opts.scale);
  console.log(`${DB_NAME}: gerando escala ${opts.scale}`, size);
  const started = performance.now();
  const fim = new Date(Date.now() - 86_400_000).toISOString();
  // the last statement rebuilds the read model
  await bulkLoad(database, datasetStatements(size, fim), '512MB');
  const t = performance.now();
  await database.exec('vacuum analyze');
  console.log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const generatedIn = (performance.now() - started) / 1000;
  console.log(`total: ${generatedIn.toFixed(1)} s`);
  return { database, generatedIn };
}
