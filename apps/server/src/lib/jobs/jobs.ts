import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../logger.ts';

// The background job queue (decision record 0004): pg-boss 10 in its own schema `pgboss`. On
// PostgreSQL it opens a small pool of its own on the app's database; on PGlite it runs through an
// `executeSql` adapter over the app's single connection (PGlite runs each query outside any open
// transaction of the app, so a poll never lands inside a service's transaction).

export type Jobs = {
  boss: PgBoss;
  kind: Database['kind'];
  /**
   * PostgreSQL: this server's instance number, held as a session advisory lock for the life of the
   * process (`instanciaViva`); a worker records it on the attempt it starts so that another server
   * can tell an attempt of a dead process from one still running. null on PGlite (one process).
   */
  instancia: number | null;
  /** Called (in order) before pg-boss stops: the workers' timers. */
  aoParar: (() => void)[];
  /** Runs `f` while no other server of the database runs one (PostgreSQL; PGlite has one process). */
  emTurno<T>(f: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
};

export type JobsOptions = {
  database: Database;
  /** PostgreSQL only: the connection string pg-boss opens its pool with. */
  databaseUrl?: string | undefined;
  logger: Logger;
  /** Seconds between polls of an idle worker (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
};

/** Starts pg-boss on the app's database (creates or migrates its schema) and returns it with `stop`. */
export async function startJobs(opts: JobsOptions): Promise<Jobs> {
  const { database, logger } = opts;
  let boss: PgBoss;
  if (database.kind === 'pglite') {
    const pglite = database.pglite!;
    boss = new PgBoss({
      db: {
        executeSql: async (text: string, values?: unknown[]) => {
          if (values?.length) return pglite.query(text, values as unknown[]);
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        },
      },
      // one connection: maintenance (expiry, archive) at pg-boss's default pace, no more often
      maintenanceIntervalSeconds: 120,
    } as PgBoss.ConstructorOptions);
  } else {
    if (!opts.databaseUrl) throw new Error('startJobs: PostgreSQL needs its connection string');
    // maintenance every 30 s: a job whose attempt outlives its expiry (the backstop when a dead
    // server's lock is not released, decision record 0004) is put back within 30 s of it
    boss = new PgBoss({ connectionString: opts.databaseUrl, max: 4, maintenanceIntervalSeconds: 30 });
  }
  boss.on('error', (err) => logger.error({ err: err.message }, 'job queue error'));
  if (database.kind === 'pglite') await boss.start();
  else await comTravaDeInicio(opts.databaseUrl!, () => boss.start());
  if (database.kind === 'pglite') {
    // The embedded database admits one process (data-dir lock): a job still «active» at start was
    // cut by a stop or a crash of this same server — put it back in line at once instead of
    // waiting for its expiry.
    await database.exec(`update pgboss.job set state = 'retry', started_on = null where state = 'active'`);
  }
  const trava = database.kind === 'pglite' ? null : await travaInstancia(opts.databaseUrl!, logger);
  const aoParar: (() => void)[] = [];
  return {
    boss,
    kind: database.kind,
    instancia: trava?.instancia ?? null,
    aoParar,
    emTurno: (f) => (database.kind === 'pglite' ? f() : comTravaDeInicio(opts.databaseUrl!, f)),
    stop: async () => {
      for (const f of aoParar.splice(0)) f();
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
      // released only once this server's attempts are done (or abandoned by the stop's timeout)
      await trava?.solta();
    },
  };
}

/**
 * Creates the queue when missing (pg-boss 10 needs it before send/work). pg-boss's createQueue
 * takes no lock of its own: it adds a partition to pgboss.job with its keys and indexes, and two
 * such creations at once — two servers starting together, or the e-mail and invoicing workers of
 * one server — deadlock (the start-up test saw "deadlock detected"). They take turns under the
 * start lock; the one that waited finds the queue made.
 */
export async function garanteFila(jobs: Jobs, nome: string): Promise<void> {
  if (await jobs.boss.getQueue(nome)) return;
  await jobs.emTurno(async () => {
    if (!(await jobs.boss.getQueue(nome))) await jobs.boss.createQueue(nome);
  });
}

/** Advisory lock key of pg-boss's start (any constant shared by every server of the database). */
const TRAVA_INICIO = 7_304_221_901;

/**
 * Servers started at once on one PostgreSQL database would create or migrate pg-boss's schema
 * (and its queues) together and deadlock; the start and each queue creation run under a session
 * advisory lock, so they take turns (the next one finds the schema or the queue made).
 */
async function comTravaDeInicio<T>(databaseUrl: string, start: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TRAVA_INICIO]);
    return await start();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TRAVA_INICIO]).catch(() => undefined);
    await client.end();
  }
}

/** First key of the instances' advisory locks (the second is the instance number). */
const CLASSE_INSTANCIA = 730_422;

/**
 * SQL: whether the server instance `instancia` (a column or value) is alive — it holds its advisory
 * lock on this database. PostgreSQL releases a session lock when the session ends, so a killed
 * process's instance reads dead as soon as its connection closes.
 */
export const instanciaViva = (instancia: ReturnType<typeof sql>) =>
  sql`exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.granted
    and l.database = (select oid from pg_database where datname = current_database())
    and l.classid = ${CLASSE_INSTANCIA}::oid and l.objid = (${instancia})::bigint::oid and l.objsubid = 2)`;

/**
 * Takes a free instance number and holds its session advisory lock on a connection of its own for
 * the life of the process. A lost connection loses the lock (another server would then resume this
 * one's attempts — safe: the work is idempotent per record); it is taken again on a new connection.
 */
async function travaInstancia(databaseUrl: string, logger: Logger) {
  let parado = false;
  let client: pg.Client | null = null;
  const conecta = async (numero?: number): Promise<number> => {
    const c = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    await c.connect();
    for (;;) {
      const n = numero ?? randomInt(1, 2 ** 31 - 1);
      const { rows } = await c.query('select pg_try_advisory_lock($1, $2) as ok', [CLASSE_INSTANCIA, n]);
      if (rows[0]?.ok) {
        c.on('error', (err) => {
          if (parado) return;
          logger.error({ err: err.message, instancia: n }, 'job queue: instance lock connection lost');
          client = null;
          setTimeout(() => void reconecta(n), 2_000).unref();
        });
        client = c;
        return n;
      }
      // a number another server holds (or our old lock not yet released): try another
      if (numero !== undefined) {
        await c.end();
        throw new Error(`instance ${n} still held`);
      }
    }
  };
  const reconecta = async (n: number) => {
    if (parado) return;
    try {
      await conecta(n);
    } catch {
      setTimeout(() => void reconecta(n), 2_000).unref();
    }
  };
  const instancia = await conecta();
  return {
    instancia,
    solta: async () => {
      parado = true;
      await client?.end().catch(() => undefined);
    },
  };
}
