import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../db/client.ts';
import { seedDemo } from '../db/seed/seed-demo.ts';
import { withDatabase } from './global-setup.ts';
import { createTestDatabase } from './test-db.ts';

/** The date every demo test seeds with (the demo is deterministic for a given day). */
export const DEMO_TODAY = '2026-11-21';

/** The time a seed test file's beforeAll gets to seed or clone the demo. */
const DEMO_HOOK_MS = 300_000;

type Counts = NonNullable<Awaited<ReturnType<typeof seedDemo>>>;

/** Written whole or not at all: the other files poll for it. */
function escreve(file: string, data: string | Buffer) {
  fs.writeFileSync(`${file}.tmp`, data);
  fs.renameSync(`${file}.tmp`, file);
}

/**
 * A database of its own holding the whole demo (seeded for DEMO_TODAY), for the seed tests.
 *
 * Seeding the demo takes tens of seconds (stock ledger, prices, orders through their services,
 * finance); the seed test files all need the same result. The first file of a run to get here
 * seeds it and saves it — a dumped data directory on PGlite, a template database on PostgreSQL —
 * and every other file clones that, as test-db.ts clones the migrated template. Files of one run
 * share the vitest main process (process.ppid); a lock directory says who seeds.
 */
export async function createDemoDatabase(): Promise<{ database: Database; counts: Counts }> {
  const base = path.join(os.tmpdir(), `erp-demo-${process.ppid}`);
  const pronto = `${base}.json`;
  const serverUrl = process.env.TEST_DATABASE_URL;
  const templateName = `erp_t_${process.ppid}_demo`;
  let seeder = false;
  try {
    fs.mkdirSync(`${base}.lock`);
    seeder = true;
  } catch {}
  if (seeder && serverUrl) {
    const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
    await admin.exec(`create database ${templateName} template ${inject('pgTemplate')}`);
    await admin.close();
    const tpl = await openDatabase({ databaseUrl: withDatabase(serverUrl, templateName), poolSize: 1 });
    const counts = (await seedDemo(tpl.db, { today: DEMO_TODAY }))!;
    await tpl.close();
    escreve(pronto, JSON.stringify(counts));
  } else if (seeder) {
    const database = await createTestDatabase();
    const counts = (await seedDemo(database.db, { today: DEMO_TODAY }))!;
    const dump = await database.pglite!.dumpDataDir('none');
    escreve(`${base}.tar`, Buffer.from(await dump.arrayBuffer()));
    escreve(pronto, JSON.stringify(counts));
    return { database, counts };
  }
  // as long as the seeder's own hook may take (DEMO_HOOK_MS), less a margin: under a loaded CI
  // machine seeding took over the 170 s this used to wait
  const limite = Date.now() + DEMO_HOOK_MS - 10_000;
  while (!fs.existsSync(pronto)) {
    if (Date.now() > limite) throw new Error('a base de demonstração dos testes não ficou pronta');
    await new Promise((r) => setTimeout(r, 250));
  }
  const counts = JSON.parse(fs.readFileSync(pronto, 'utf8')) as Counts;
  if (!serverUrl) {
    const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(`${base}.tar`)]) });
    return { database, counts };
  }
  const name = `erp_t_${process.ppid}_d${Math.random().toString(16).slice(2, 10)}`;
  const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.exec(`create database ${name} template ${templateName}`);
      break;
    } catch (err) {
      // another file cloning the template at the same instant
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.close();
  return {
    database: await openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolSize: 5 }),
    counts,
  };
}

/**
 * The demo database of one seed test file: created before its tests, closed after them. `query`
 * runs a statement and answers its rows. Read `demo.database` and `demo.counts` inside the tests
 * (they are set by the file's beforeAll).
 */
export function demoDoArquivo() {
  const demo = {
    database: undefined as unknown as Database,
    counts: undefined as unknown as Counts,
    query: <T>(q: SQL) => demo.database.db.execute(q).then((r) => rowsOf<T>(r)),
  };
  beforeAll(async () => {
    Object.assign(demo, await createDemoDatabase());
  }, DEMO_HOOK_MS);
  afterAll(() => demo.database?.close());
  return demo;
}
