import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';

// The outbox on the job queue (decision record 0005): the mail_outbox row stays the source of
// truth, written in the caller's transaction; a sweep gives each pending row one pg-boss job
// whose id is derived from the row's id, so sweeping again (or from another server) never queues
// it twice. pg-boss schedules the retries.

export const FILA_EMAIL = 'enviar-email';

/** Attempts before a message is given up (status "falhou"). */
export const MAIL_MAX_ATTEMPTS = 10;
/**
 * pg-boss's backoff waits retryDelay × 2^(n−1) × (1 to 2) seconds after the n-th failure, without
 * a cap: with 3 s the 9 waits add up to 26–51 min (about 40 min, as the outbox's own 5 s … 15 min
 * schedule did).
 */
export const MAIL_RETRY_DELAY_SECONDS = 3;
/** A message being sent is invisible to other senders this long; also the job's expiry. */
export const MAIL_LEASE_SECONDS = 120;

/** The shortest and longest wait pg-boss applies after `attempts` failed attempts. */
export function mailRetryWindowSeconds(attempts: number): [number, number] {
  const base = MAIL_RETRY_DELAY_SECONDS * 2 ** Math.max(0, attempts - 1);
  return [base, 2 * base];
}

/** The job id of an outbox row: its bigint id in uuid form (…-00000000002a). */
export function mailJobId(id: number): string {
  return `00000000-0000-0000-0000-${id.toString(16).padStart(12, '0')}`;
}

export type MailJobData = { mail_id: number };

/** The job of outbox row `id`, to insert; `startAfter` when it must not run before then. */
export function mailJob(id: number, startAfter?: Date): PgBoss.JobInsert<MailJobData> {
  return {
    id: mailJobId(id),
    name: FILA_EMAIL,
    data: { mail_id: id },
    retryLimit: MAIL_MAX_ATTEMPTS - 1,
    retryDelay: MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: MAIL_LEASE_SECONDS,
    ...(startAfter ? { startAfter } : {}),
  };
}

/**
 * Gives every pending message that has no job yet its job (one insert). Returns how many rows
 * were found without a job. A job that already exists (queued, retrying, finished but not yet
 * archived) is left alone by the `not exists` and by pg-boss's ON CONFLICT DO NOTHING on the id.
 */
export async function enfileiraPendentes(db: Db, jobs: Jobs, limite = 500): Promise<number> {
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      select m.id from mail_outbox m
       where m.status = 'pendente'
         and not exists (
           select 1 from pgboss.job j
            where j.name = ${FILA_EMAIL} and j.id = lpad(to_hex(m.id), 32, '0')::uuid)
       order by m.id
       limit ${limite}`),
  ).map((r) => Number(r.id));
  if (ids.length === 0) return 0;
  await jobs.boss.insert(ids.map((id) => mailJob(id)));
  return ids.length;
}
