import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import { type MailAnexo, mailOutbox } from './mail.tables.ts';
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

/** Attempts before a message is given up (status "falhou"): about 40 minutes of retries. */
export const MAIL_MAX_ATTEMPTS = 10;
/** A claimed row is invisible to other workers for this long (lease), then claimable again. */
const CLAIM_LEASE_SECONDS = 120;

// Same-process wake-up so a queued message goes out at once instead of at the next poll.
const queued = new EventEmitter();
queued.setMaxListeners(50);

/** Retry delay after `attempts` failed attempts: 5 s, 10 s, 20 s ... capped at 15 minutes. */
export function mailBackoffSeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 900);
}

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

/**
 * Delivers the pending messages that are due, once. Rows are claimed with SKIP LOCKED and a lease,
 * so several workers (or instances) never send the same message twice at the same time. A failed
 * attempt is rescheduled with exponential backoff; a permanent SMTP refusal (5xx) or too many
 * attempts marks the row "falhou". Delivered bodies are cleared (they carry one-time links).
 */
export async function processMailQueue(
  db: Db,
  opts: { transport: MailTransport; from: string; logger?: Logger; batchSize?: number },
): Promise<{ sent: number; retried: number; failed: number }> {
  const result = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const claimed = rowsOf<ClaimedMail>(
      await db.execute(sql`
        update mail_outbox
           set tentativas = tentativas + 1,
               proxima_tentativa_em = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
         where id in (
           select id from mail_outbox
            where status = 'pendente' and proxima_tentativa_em <= now()
            order by id
            limit ${opts.batchSize ?? 10}
            for update skip locked)
        returning id, para, assunto, texto, html, tentativas, anexos`),
    );
    if (claimed.length === 0) return result;
    for (const m of claimed) {
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
        await db.execute(sql`
          update mail_outbox
             set status = 'enviado', enviado_em = now(), ultimo_erro = null, texto = '', html = '', anexos = null
           where id = ${m.id}`);
        result.sent++;
        opts.logger?.info({ mailId: m.id, para: m.para }, 'e-mail enviado');
      } catch (err) {
        const message = String((err as Error)?.message ?? err).slice(0, 500);
        const code = (err as { responseCode?: number }).responseCode;
        const permanent = typeof code === 'number' && code >= 500 && code < 600;
        if (permanent || m.tentativas >= MAIL_MAX_ATTEMPTS) {
          await db.execute(sql`
            update mail_outbox set status = 'falhou', ultimo_erro = ${message} where id = ${m.id}`);
          result.failed++;
          opts.logger?.error({ mailId: m.id, para: m.para, err: message }, 'e-mail não entregue; desistindo');
        } else {
          await db.execute(sql`
            update mail_outbox
               set ultimo_erro = ${message},
                   proxima_tentativa_em = now() + make_interval(secs => ${mailBackoffSeconds(m.tentativas)})
             where id = ${m.id}`);
          result.retried++;
          opts.logger?.warn(
            { mailId: m.id, para: m.para, err: message },
            'falha ao enviar e-mail; nova tentativa agendada',
          );
        }
      }
    }
  }
}

export function createSmtpTransport(smtpUrl: string): MailTransport & { close(): void } {
  return nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
}

/**
 * Background delivery: drains the queue at start, whenever this process queues a message, and
 * every `pollMs` (messages queued by other instances, retries that became due). Without SMTP_URL
 * it does nothing but warn, in production, that e-mail is not configured. `stop()` waits for the
 * round in progress.
 */
export function startMailWorker(deps: { db: Db } & MailDeps, opts: { pollMs?: number } = {}) {
  const smtpUrl = deps.config.smtpUrl;
  if (!smtpUrl) {
    // said once at start-up; in development the links go to the log instead
    if (deps.config.nodeEnv === 'production') deps.logger.warn(mailNotConfiguredWarning);
    return { stop: async () => {}, runOnce: async () => ({ sent: 0, retried: 0, failed: 0 }) };
  }
  const transport = createSmtpTransport(smtpUrl);
  const pollMs = opts.pollMs ?? 5000;
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = () =>
    processMailQueue(deps.db, { transport, from: deps.config.mailFrom, logger: deps.logger });

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = runOnce()
      .catch((err) => deps.logger.warn({ err }, 'fila de e-mails: rodada falhou'))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else {
          timer = setTimeout(tick, pollMs);
          timer.unref();
        }
      });
  };
  queued.on('queued', tick);
  setImmediate(tick);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      queued.off('queued', tick);
      await running;
      transport.close();
    },
  };
}
