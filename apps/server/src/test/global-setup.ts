import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase, rowsOf } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

/**
 * Builds one migrated database template per test run, cloned by every test file:
 * - PGlite: a dumped data directory (tarball) loaded into a fresh in-memory PGlite;
 * - PostgreSQL (TEST_DATABASE_URL): a template database cloned with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const templateName = `erp_tpl_${process.pid}_${Date.now()}`;
    const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
    await admin.exec(`create database ${templateName}`);
    const tpl = await openDatabase({ databaseUrl: withDatabase(serverUrl, templateName), poolSize: 1 });
    await migrate(tpl.db);
    await tpl.close();
    project.provide('pgTemplate', templateName);
    return async () => {
      // drop every database this run created
      const rows = rowsOf<{ datname: string }>(
        await admin.db.execute(
          sql`select datname from pg_database where datname like ${`erp_t\\_${process.pid}\\_%`} or datname = ${templateName}`,
        ),
      );
      for (const r of rows) {
        await admin.exec(`drop database if exists ${r.datname} with (force)`).catch(() => {});
      }
      await admin.close();
      const base = path.join(os.tmpdir(), `erp-demo-${process.pid}`);
      fs.rmSync(`${base}.json`, { force: true });
      fs.rmSync(`${base}.lock`, { recursive: true, force: true });
    };
  }
  const db = await openDatabase({});
  await migrate(db.db);
  const dump = await db.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `erp-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return () => {
    fs.rmSync(file, { force: true });
    // the seeded demo the seed tests share (demo-db.ts)
    const base = path.join(os.tmpdir(), `erp-demo-${process.pid}`);
    for (const f of [`${base}.tar`, `${base}.json`]) fs.rmSync(f, { force: true });
    fs.rmSync(`${base}.lock`, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteTemplate: string;
  }
}
