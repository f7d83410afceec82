import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/erp_bench';
export const BENCH_PGLITE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'pglite');

export type Target = 'postgres' | 'pglite';

/** Opens the benchmark database; on PostgreSQL creates erp_bench when missing (unless create: false). */
export async function openBenchDatabase(target: Target, opts: { create?: boolean } = {}): Promise<Database> {
  if (target === 'pglite') return openDatabase({ pgliteDir: BENCH_PGLITE_DIR });
  if (opts.create !== false) {
    const name = new URL(BENCH_PG_URL).pathname.slice(1);
    const adminUrl = new URL(BENCH_PG_URL);
    adminUrl.pathname = '/postgres';
    const admin = await openDatabase({ databaseUrl: adminUrl.toString(), poolSize: 1 });
    try {
      await admin.exec(`create database ${name}`);
    } catch (err) {
      if ((err as { code?: string }).code !== '42P04') throw err; // already exists
    } finally {
      await admin.close();
    }
  }
  return openDatabase({ databaseUrl: BENCH_PG_URL, poolSize: 4 });
}

/** Drops the PostgreSQL benchmark database (its append-only tables cannot be emptied in place). */
export async function dropBenchDatabase(): Promise<void> {
  const adminUrl = new URL(BENCH_PG_URL);
  const name = adminUrl.pathname.slice(1);
  adminUrl.pathname = '/postgres';
  const admin = await openDatabase({ databaseUrl: adminUrl.toString(), poolSize: 1 });
  try {
    await admin.exec(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.close();
  }
}

export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
