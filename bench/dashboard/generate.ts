// Loads the dashboard benchmark data set (see dataset.ts) into erp_bench on PostgreSQL or into a
// PGlite directory. Generate once; a second run does nothing unless --force.
//   npx tsx bench/dashboard/generate.ts --target postgres [--scale 1] [--force]
//   npx tsx bench/dashboard/generate.ts --target pglite --scale 0.1
import { businessToday } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { datasetStatements, scaled } from './dataset.ts';
import { argValue, openBenchDatabase, type Target } from './db.ts';

const target = (argValue('target') ?? 'postgres') as Target;
const scale = Number(argValue('scale') ?? (target === 'pglite' ? '0.1' : '1'));
const force = process.argv.includes('--force');
const today = argValue('today') ?? businessToday();

const database = await openBenchDatabase(target);
const { db } = database;
try {
  await migrate(db);
  const [existing] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from sales_orders`),
  );
  if (existing!.n > 0 && !force) {
    console.log(`${target}: ${existing!.n} pedidos já carregados; use --force para gerar de novo.`);
  } else {
    const size = scaled(scale);
    console.log(`${target}: gerando escala ${scale} com hoje = ${today}`, size);
    const started = performance.now();
    await database.exec(
      'truncate sales_order_items, sales_orders, financial_accounts, products, clientes, vendedores, estoque_movimentos cascade',
    );
    for (const stmt of datasetStatements(size, today)) {
      const t = performance.now();
      // Bulk load: replica mode skips the audit and foreign-key triggers; one transaction per table.
      await database.exec(
        `begin; set local session_replication_role = replica; set local synchronous_commit = off; ${stmt.sql}; commit;`,
      );
      console.log(`  ${stmt.label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const t = performance.now();
    await database.exec('vacuum analyze');
    console.log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    console.log(`total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
} finally {
  await database.close();
}
