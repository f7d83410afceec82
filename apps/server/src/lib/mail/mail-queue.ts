import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { garanteFila, type Jobs } from '../jobs/jobs.ts';
import type { Logger } from '../logger.ts';
import { type MailAnexo, mailOutbox } from './mail.tables.ts';
import {
  enfileiraPendentes,
  FILA_EMAIL,
  MAIL_LEASE_SECONDS,
  MAIL_MAX_ATTEMPTS,
  type MailJobData,
  mailJob,
  mailRetryWindowSeconds,
} from './mail-jobs.ts';
import type { MailContent } from './mail-templates.ts';

export type MailDeps = { config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'nodeEnv'>; logger: Logger };

/** Whether e-mail is delivered at all (SMTP_URL set); without it messages stay in the outbox. */
export const mailConfigured = (deps: { config: Pick<Config, 'smtpUrl'> }) => Boolean(deps.config.smtpUrl);

export const mailNotConfiguredWarning =
  'E-mail não configurado (SMTP_URL): confirmações de cadastro, convites e recuperações de senha não serão enviados.';

/** What delivers a message: a nodemailer transporter, or anything with the same sendMail. */
export type MailTransport = {
  sendMail(msg: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments?: { filename: string; contentType: string; content: Buffer }[];
  }): Promise<unknown>;
};

// Same-process wake-up: a message queued here gets its job at once instead of at the next sweep.
const queued = new EventEmitter();
queued.setMaxListeners(50);

/**
 * Queues a message in the caller's transaction (outbox). Without SMTP_URL the message is kept in
 * the table with status "nao_enviado" and logged — with its link outside production (development
 * and demo), never in production, where a log is no place for a live sign-in link.
 */
export async function enqueueMail(
  db: Db,
  deps: MailDeps,
  mail: MailContent & { para: string; tipo: string; link?: string; anexos?: MailAnexo[] },
): Promise<number> {
  const smtp = mailConfigured(deps);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      para: mail.para,
      assunto: mail.assunto,
      texto: mail.texto,
      html: mail.html,
      tipo: mail.tipo,
      anexos: mail.anexos?.length ? mail.anexos : null,
      status: smtp ? 'pendente' : 'nao_enviado',
    })
    .returning({ id: mailOutbox.id });
  if (smtp) {
    // after the surrounding transaction had a chance to commit
    setImmediate(() => queued.emit('queued'));
  } else {
    const link = deps.config.nodeEnv === 'production' ? undefined : mail.link;
    deps.logger.info(
      { mailId: row!.id, para: mail.para, assunto: mail.assunto, ...(link ? { link } : {}) },
      'e-mail não enviado (SMTP_URL não configurado); mensagem guardada em mail_outbox',
    );
  }
  return row!.id;
}

type ClaimedMail = {
  id: number;
  para: string;
  assunto: string;
  texto: string;
  html: string;
  tentativas: number;
  anexos: MailAnexo[] | null;
};

const claimedColumns = sql`id, para, assunto, texto, html, tentativas, anexos`;

type SendOpts = { transport: MailTransport; from: string; logger?: Logger | undefined };

/**
 * Sends one claimed message and records the outcome on its row: "enviado" (body and attachments
 * cleared: they carry one-time links), "falhou" on a permanent SMTP refusal (5xx) or after the
 * last attempt, or the error to retry with (the caller records it with the next attempt's time).
 */
async function sendClaimed(
  db: Db,
  m: ClaimedMail,
  opts: SendOpts,
): Promise<{ outcome: 'enviado' | 'falhou' } | { outcome: 'retry'; message: string }> {
  try {
    await opts.transport.sendMail({
      from: opts.from,
      to: m.para,
      subject: m.assunto,
      text: m.texto,
      html: m.html,
      ...(m.anexos?.length
        ? {
            attachments: m.anexos.map((a) => ({
              filename: a.nome,
              contentType: a.tipo,
              content: Buffer.from(a.base64, 'base64'),
            })),
          }
        : {}),
    });
  } catch (err) {
    const message = String((err as Error)?.message ?? err).slice(0, 500);
    const code = (err as { responseCode?: number }).responseCode;
    const permanent = typeof code === 'number' && code >= 500 && code < 600;
    if (permanent || m.tentativas >= MAIL_MAX_ATTEMPTS) {
      await markFailed(db, m.id, message);
      opts.logger?.error({ mailId: m.id, para: m.para, err: message }, 'e-mail não entregue; desistindo');
      return { outcome: 'falhou' };
    }
    opts.logger?.warn(
      { mailId: m.id, para: m.para, err: message },
      'falha ao enviar e-mail; nova tentativa agendada',
    );
    return { outcome: 'retry', message };
  }
  await db.execute(sql`
    update mail_outbox
       set status = 'enviado', enviado_em = now(), ultimo_erro = null, texto = '', html = '', anexos = null
     where id = ${m.id}`);
  opts.logger?.info({ mailId: m.id, para: m.para }, 'e-mail enviado');
  return { outcome: 'enviado' };
}

const markFailed = (db: Db, id: number, message: string) =>
  db.execute(sql`update mail_outbox set status = 'falhou', ultimo_erro = ${message} where id = ${id}`);

/** Records a failed attempt's error and when the next one runs (one update: readers see both). */
const scheduleRetry = (db: Db, id: number, message: string, at: Date | { seconds: number }) =>
  db.execute(sql`
    update mail_outbox
       set ultimo_erro = ${message},
           proxima_tentativa_em = ${
             at instanceof Date
               ? sql`${at.toISOString()}::timestamptz`
               : sql`now() + make_interval(secs => ${at.seconds})`
           }
     where id = ${id}`);

/**
 * Delivers the pending messages that are due, once, without the job queue (tests and tools; the
 * server delivers through its worker, startMailWorker). Rows are claimed with SKIP LOCKED and a
 * lease, like the worker's, so the two never send the same message at the same time; a failed
 * attempt waits pg-boss's shortest backoff.
 */
export async function processMailQueue(
  db: Db,
  opts: SendOpts & { batchSize?: number },
): Promise<{ sent: number; retried: number; failed: number }> {
  const result = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const claimed = rowsOf<ClaimedMail>(
      await db.execute(sql`
        update mail_outbox
           set tentativas = tentativas + 1,
               proxima_tentativa_em = now() + make_interval(secs => ${MAIL_LEASE_SECONDS})
         where id in (
           select id from mail_outbox
            where status = 'pendente' and proxima_tentativa_em <= now()
            order by id
            limit ${opts.batchSize ?? 10}
            for update skip locked)
        returning ${claimedColumns}`),
    );
    if (claimed.length === 0) return result;
    for (const m of claimed) {
      const r = await sendClaimed(db, m, opts);
      if (r.outcome === 'retry') {
        await scheduleRetry(db, m.id, r.message, { seconds: mailRetryWindowSeconds(m.tentativas)[0] });
        result.retried++;
      } else if (r.outcome === 'enviado') result.sent++;
      else result.failed++;
    }
  }
}

/**
 * Works one job of the queue: claims its row when pending and due (lease), sends, and settles the
 * job to match the row — completed when sent or given up, failed (pg-boss retries with backoff)
 * otherwise, with the row's next attempt set to the time pg-boss chose.
 */
async function workMailJob(db: Db, jobs: Jobs, job: PgBoss.Job<MailJobData>, opts: SendOpts) {
  const id = job.data.mail_id;
  const [m] = rowsOf<ClaimedMail>(
    await db.execute(sql`
      update mail_outbox
         set tentativas = tentativas + 1,
             proxima_tentativa_em = now() + make_interval(secs => ${MAIL_LEASE_SECONDS})
       where id = ${id} and status = 'pendente' and proxima_tentativa_em <= now()
      returning ${claimedColumns}`),
  );
  if (!m) {
    const [row] = rowsOf<{ status: string; proxima: string | Date }>(
      await db.execute(sql`select status, proxima_tentativa_em as proxima from mail_outbox where id = ${id}`),
    );
    if (row?.status === 'pendente') {
      // held by another sender (its lease, e.g. an attempt cut by a restart) or not due yet: the
      // job is put back for when the row is due, without using up one of pg-boss's retries
      await jobs.boss.deleteJob(FILA_EMAIL, job.id);
      await jobs.boss.insert([mailJob(id, new Date(row.proxima))]);
    } else await jobs.boss.complete(FILA_EMAIL, job.id, { status: row?.status ?? null });
    return;
  }
  const r = await sendClaimed(db, m, opts);
  if (r.outcome === 'retry') {
    await jobs.boss.fail(FILA_EMAIL, job.id, { mensagem: r.message });
    const after = await jobs.boss.getJobById(FILA_EMAIL, job.id);
    if (after?.state === 'retry') await scheduleRetry(db, id, r.message, new Date(after.startAfter));
    // pg-boss ran out of retries first (attempts counted elsewhere too): give up on the row as well
    else await markFailed(db, id, r.message);
  } else if (r.outcome === 'enviado') await jobs.boss.complete(FILA_EMAIL, job.id, { status: 'enviado' });
  // given up (5xx or the last attempt): no further retries
  else await jobs.boss.cancel(FILA_EMAIL, job.id);
}

export function createSmtpTransport(smtpUrl: string): MailTransport & { close(): void } {
  return nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
}

/**
 * Background delivery on the job queue (decision record 0005). A sweep gives each pending row its
 * job — at start, right after this process queues a message (and a few times more in the next
 * second, in case the caller's transaction had not committed yet), and every `pollMs` (messages
 * queued by other servers) — and the pg-boss worker sends them, retrying with backoff. Without
 * SMTP_URL it does nothing but warn, in production, that e-mail is not configured. `jobs` is the
 * server's one pg-boss (it may still be starting); `stop()` waits for the message being sent.
 */
export function startMailWorker(
  deps: { db: Db; jobs?: Jobs | PromiseLike<Jobs | null | undefined> } & MailDeps,
  opts: { pollMs?: number; pollingIntervalSeconds?: number } = {},
) {
  const smtpUrl = deps.config.smtpUrl;
  if (!smtpUrl) {
    // said once at start-up; in development the links go to the log instead
    if (deps.config.nodeEnv === 'production') deps.logger.warn(mailNotConfiguredWarning);
    return { ready: Promise.resolve(), stop: async () => {} };
  }
  if (!deps.jobs) throw new Error('startMailWorker: SMTP_URL set but no job queue');
  const transport = createSmtpTransport(smtpUrl);
  const send = { transport, from: deps.config.mailFrom, logger: deps.logger };
  const pollMs = opts.pollMs ?? 5000;
  let jobs: Jobs | null = null;
  let workerId: string | undefined;
  let stopped = false;
  let sweeping: Promise<unknown> | null = null;
  let again = false;
  let rechecks = 0;
  let timer: NodeJS.Timeout | undefined;
  const working = new Set<Promise<unknown>>();
  let stopping: Promise<void> | null = null;

  const tick = () => {
    if (stopped || !jobs) return;
    if (sweeping) {
      again = true;
      return;
    }
    clearTimeout(timer);
    const boss = jobs;
    sweeping = enfileiraPendentes(deps.db, boss)
      .then((n) => {
        if (n > 0 && workerId) boss.boss.notifyWorker(workerId);
      })
      .catch((err) => deps.logger.warn({ err: (err as Error).message }, 'fila de e-mails: varredura falhou'))
      .finally(() => {
        sweeping = null;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
          return;
        }
        const delay = rechecks > 0 ? 250 : pollMs;
        if (rechecks > 0) rechecks--;
        timer = setTimeout(tick, delay);
        timer.unref();
      });
  };
  const wake = () => {
    rechecks = 4;
    tick();
  };

  const ready = (async () => {
    const started = await deps.jobs;
    if (!started || stopped) return;
    await garanteFila(started, FILA_EMAIL);
    if (stopped) return;
    jobs = started;
    workerId = await started.boss.work<MailJobData>(
      FILA_EMAIL,
      {
        // PGlite has one connection: one message at a time
        batchSize: started.kind === 'pglite' ? 1 : 5,
        pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
      },
      async (lista) => {
        const run = (async () => {
          for (const job of lista) await workMailJob(deps.db, started, job, send);
        })();
        working.add(run);
        try {
          await run;
        } catch (err) {
          deps.logger.warn({ err: (err as Error).message }, 'fila de e-mails: job falhou');
          throw err;
        } finally {
          working.delete(run);
        }
      },
    );
    queued.on('queued', wake);
    tick();
  })().catch((err) => deps.logger.error({ err: (err as Error).message }, 'fila de e-mails não iniciou'));

  return {
    /** Resolves once the worker listens on the queue (or the queue did not start). */
    ready,
    stop() {
      stopping ??= (async () => {
        stopped = true;
        clearTimeout(timer);
        queued.off('queued', wake);
        await ready;
        if (jobs && workerId) await jobs.boss.offWork({ id: workerId });
        await sweeping;
        await Promise.all(working);
        transport.close();
      })();
      return stopping;
    },
  };
}
