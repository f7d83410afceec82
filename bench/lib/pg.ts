import { sql } from 'drizzle-orm';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type Database, openDatabase, rowsOf } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { createSession } from '../../apps/server/src/modules/auth/session.service.ts';
import { signAccessToken } from '../../apps/server/src/modules/auth/tokens.ts';

// The setup the PostgreSQL benchmarks share: a database of their own on the local server (created
// and migrated when missing, dropped on request), bulk statements loaded in replica mode, one bench
// user with a role and a session, and the real HTTP app in-process (app.request).

export const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const SECRET = 'bench-secret-with-at-least-32-characters!!';

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

export function dropDatabase(name: string): Promise<void> {
  return admin((db) => db.exec(`drop database if exists ${name} with (force)`));
}

/** Opens the database `name` (created when missing, or anew with `fresh`), migrated. */
export async function openMigratedDatabase(
  name: string,
  opts: { poolSize: number; fresh?: boolean },
): Promise<Database> {
  if (opts.fresh) await dropDatabase(name);
  await admin(async (db) => {
    try {
      await db.exec(`create database ${name}`);
    } catch (err) {
      if ((err as { code?: string }).code !== '42P04') throw err; // already exists
    }
  });
  const database = await openDatabase({ databaseUrl: `${SERVER_URL}/${name}`, poolSize: opts.poolSize });
  await migrate(database.db);
  return database;
}

/** Bulk load, one transaction per statement: replica mode skips the audit, FK and read-model triggers. */
export async function bulkLoad(
  database: Database,
  statements: { label: string; sql: string }[],
  workMem = '256MB',
): Promise<void> {
  for (const stmt of statements) {
    const t = performance.now();
    await database.exec(
      `begin; set local session_replication_role = replica; set local synchronous_commit = off;
       set local work_mem = '${workMem}'; ${stmt.sql}; commit;`,
    );
    console.log(`  ${stmt.label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
}

/** The bench user (`email`) with one role and a fresh session (older ones removed); its bearer token. */
export async function benchUser(database: Database, email: string, role: string) {
  const { db } = database;
  await db.execute(
    sql`delete from auth_sessions where user_id in (select id from users where email = ${email})`,
  );
  await db.execute(
    sql`delete from user_roles where user_id in (select id from users where email = ${email})`,
  );
  const [existing] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from users where email = ${email}`),
  );
  const userId =
    existing?.id ??
    rowsOf<{ id: string }>(
      await db.execute(
        sql`insert into users (email, email_confirmed_at) values (${email}, now()) returning id`,
      ),
    )[0]!.id;
  await db.execute(sql`insert into user_roles (user_id, role) values (${userId}, ${role})`);
  const session = await createSession(db, userId, {});
  const jwtSecret = new TextEncoder().encode(SECRET);
  const { token } = await signAccessToken(
    jwtSecret,
    { sub: userId, email, sessionId: session.sessionId },
    7200,
  );
  return { userId, token, jwtSecret };
}

/** The real app over `database` (production config, silent logs); `env` adds settings. */
export function benchApp(
  database: Database,
  dbName: string,
  jwtSecret: Uint8Array,
  env: Record<string, string> = {},
) {
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: SECRET,
    SITE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/erp-bench-unused',
    DATABASE_URL: `${SERVER_URL}/${dbName}`,
    ...env,
  });
  return createApp({ database, db: database.db, config, logger: createLogger('silent'), jwtSecret });
}

export const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
