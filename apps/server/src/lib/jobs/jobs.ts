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
      // one connection: no maintenance storms, no parallel supervisors
      superviseIntervalSeconds: 60,
    } as PgBoss.ConstructorOptions);
  } else {
    if (!opts.databaseUrl) throw new Error('startJobs: PostgreSQL needs its connection string');
    boss = new PgBoss({ connectionString: opts.databaseUrl, max: 4 });
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
  return {
    boss,
    kind: database.kind,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 20_000 }),
  };
}

/** Creates the queue when missing (pg-boss 10 needs it before send/work). */
export async function garanteFila(jobs: Jobs, nome: string): Promise<void> {
  if (!(await jobs.boss.getQueue(nome))) await jobs.boss.createQueue(nome);
}

/** Advisory lock key of pg-boss's start (any constant shared by every server of the database). */
const TRAVA_INICIO = 7_304_221_901;

/**
 * Servers started at once on one PostgreSQL database would create or migrate pg-boss's schema
 * together and deadlock; the start runs under a session advisory lock, so they take turns (the
 * next one finds the schema made).
 */
async function comTravaDeInicio(databaseUrl: string, start: () => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [TRAVA_INICIO]);
    await start();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [TRAVA_INICIO]).catch(() => undefined);
    await client.end();
  }
}
