// Loads the 1 M-order data set (see dataset.ts) into a FRESH database: erp_bench on PostgreSQL is
// dropped, created and migrated (the stock ledger and the fiscal/money tables are append-only since
// migrations 0018/0046 — no TRUNCATE/DELETE — so the data set is never reloaded in place), or the
// PGlite directory is removed and recreated. Then bulk load in replica mode, rebuild every read model
// with its rebuild function, VACUUM ANALYZE. A second run does nothing unless --force.
//   npx tsx bench/dashboard/generate.ts --target postgres [--scale 1] [--force] [--today 2026-11-28]
//   npx tsx bench/dashboard/generate.ts --target pglite            (scale 0.1 by default)
//   --migrations-at <git ref>: migrate with that commit's migrations (e.g. HEAD, leaving out migrations
//   still being written in the working tree; later ones apply on top when a bench or the server starts)
// Other PostgreSQL benchmarks copy the result: createdb -T erp_bench erp_bench_<name>.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { businessToday } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { bulkLoad } from '../lib/pg.ts';
import { datasetStatements, rebuildFunctionsSql, scaled } from './dataset.ts';
import { argValue, BENCH_PGLITE_DIR, dropBenchDatabase, openBenchDatabase, type Target } from './db.ts';

const target = (argValue('target') ?? 'postgres') as Target;
const scale = Number(argValue('scale') ?? (target === 'pglite' ? '0.1' : '1'));
const force = process.argv.includes('--force');
const today = argValue('today') ?? businessToday();
const migrationsAt = argValue('migrations-at');

/** The migrations folder of commit `ref`, extracted to a temporary directory. */
function migrationsOf(ref: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-migrations-'));
  const root = execSync('git rev-parse --show-toplevel', { encoding: 'utf8' }).trim();
  execSync(`git archive ${ref} apps/server/src/db/migrations | tar -x -C ${dir}`, { cwd: root });
  return path.join(dir, 'apps/server/src/db/migrations');
}

async function loaded(): Promise<number> {
  if (target === 'pglite' && !fs.existsSync(BENCH_PGLITE_DIR)) return 0;
  let database: Database | undefined;
  try {
    database = await openBenchDatabase(target, { create: false });
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select case when to_regclass('sales_orders') is null then 0
                   else (select count(*)::int from sales_orders) end as n`,
      ),
    );
    return row!.n;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.cause?.code ?? e.code) === '3D000') return 0; // no such database
    throw err;
  } finally {
    await database?.close();
  }
}

const existing = await loaded();
if (existing > 0 && !force) {
  console.log(`${target}: ${existing} pedidos já carregados; use --force para gerar de novo.`);
} else {
  const size = scaled(scale);
  console.log(`${target}: gerando escala ${scale} com hoje = ${today}`, size);
  const started = performance.now();
  if (target === 'pglite') fs.rmSync(BENCH_PGLITE_DIR, { recursive: true, force: true });
  else await dropBenchDatabase();
  const database = await openBenchDatabase(target);
  try {
    await migrate(database.db, migrationsAt ? migrationsOf(migrationsAt) : undefined);
    await bulkLoad(database, datasetStatements(size, today), target === 'pglite' ? '64MB' : '256MB');
    // the bulk load skipped the triggers that keep the read models: rebuild each one
    const fns = rowsOf<{ name: string }>(await database.db.execute(sql.raw(rebuildFunctionsSql)));
    for (const { name } of fns) {
      const t = performance.now();
      await database.exec(`select ${name}()`);
      console.log(`  ${name}(): ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const t = performance.now();
    await database.exec('vacuum analyze');
    console.log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    console.log(`total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}
