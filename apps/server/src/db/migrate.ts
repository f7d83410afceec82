import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client.ts';
import { rowsOf } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every server instance of this app.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed drizzle-kit migrations that are not applied yet, in one transaction that
 * first takes a transaction-scoped advisory lock: several instances starting at once queue on the
 * lock and the later ones find nothing left to do.
 */
export async function migrate(db: Db, folder = migrationsFolder): Promise<{ applied: number }> {
  // `folder`: another copy of the migrations (the bench data generator loads git HEAD's)
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`create table if not exists schema_migrations (
      hash text primary key,
      created_at bigint not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      rowsOf<{ hash: string }>(await tx.execute(sql`select hash from schema_migrations`)).map((r) => r.hash),
    );
    let applied = 0;
    for (const m of migrations) {
      if (done.has(m.hash)) continue;
      for (const stmt of m.sql) {
        if (stmt.trim()) await tx.execute(sql.raw(stmt));
      }
      await tx.execute(
        sql`insert into schema_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`,
      );
      applied++;
    }
    return { applied };
  });
}

/** True when every committed migration is applied (used by GET /ready). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const expected = readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
  const applied = new Set(
    rowsOf<{ hash: string }>(await db.execute(sql`select hash from schema_migrations`)).map((r) => r.hash),
  );
  return expected.every((h) => applied.has(h));
}
