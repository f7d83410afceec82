import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { type Jobs, startJobs } from '../jobs/jobs.ts';
import { createLogger } from '../logger.ts';
import {
  enfileiraPendentes,
  FILA_EMAIL,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_DELAY_SECONDS,
  mailJobId,
  mailRetryWindowSeconds,
} from './mail-jobs.ts';
import { createSmtpTransport, enqueueMail, processMailQueue, startMailWorker } from './mail-queue.ts';
import { recoveryMail } from './mail-templates.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let jobs: Jobs;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  jobs = await startJobs({
    database: t.database,
    databaseUrl: (t.database as { url?: string }).url,
    logger: createLogger('silent'),
  });
}, 60_000);
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
  await smtp?.close();
});

const logger = createLogger('silent');
const FROM = 'Plataforma ERP <nao-responda@plataforma-erp.local>';
let n = 0;
const to = () => `fila-${++n}@teste.com.br`;

async function row(id: number) {
  const [r] = rowsOf<{
    status: string;
    tentativas: number;
    ultimo_erro: string | null;
    texto: string;
    atraso: number;
  }>(
    await t.db.execute(sql`
      select status, tentativas, ultimo_erro, texto,
             round(extract(epoch from (proxima_tentativa_em - now())))::int as atraso
        from mail_outbox where id = ${id}`),
  );
  return r!;
}
const makeDue = (id: number) =>
  t.db.execute(sql`update mail_outbox set proxima_tentativa_em = now() where id = ${id}`);

async function job(id: number) {
  const j = await jobs.boss.getJobById(FILA_EMAIL, mailJobId(id));
  return (
    j && { state: j.state, retryLimit: j.retryLimit, retryDelay: j.retryDelay, retryBackoff: j.retryBackoff }
  );
}
/** The worker on this test's pg-boss, polling fast; the sweep's own period is long (wake-ups only). */
const worker = (smtpUrl = smtp.url) =>
  startMailWorker(
    { db: t.db, config: { ...t.config, smtpUrl }, logger, jobs },
    { pollMs: 60_000, pollingIntervalSeconds: 0.5 },
  );
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const queue = (para: string) =>
  enqueueMail(
    t.db,
    { config: t.config, logger },
    {
      ...recoveryMail({ nome: 'Ana', link: 'http://localhost:3000/auth/v1/verify?token=x&type=recovery' }),
      para,
      tipo: 'recuperacao',
    },
  );

describe('mail queue', () => {
  it('delivers through SMTP with pt-BR text and HTML, then clears the stored body', async () => {
    const para = to();
    const id = await queue(para);
    expect((await row(id)).status).toBe('pendente');
    const transport = createSmtpTransport(smtp.url);
    const r = await processMailQueue(t.db, { transport, from: FROM });
    transport.close();
    expect(r.sent).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor(para);
    expect(mail.subject).toBe('Redefinição de senha da Plataforma ERP');
    expect(mail.from).toBe('"Plataforma ERP" <nao-responda@plataforma-erp.local>');
    expect(mail.text).toContain('Olá, Ana!');
    expect(mail.text).toContain('http://localhost:3000/auth/v1/verify?token=x&type=recovery');
    expect(mail.html).toContain('<html lang="pt-BR">');
    const after = await row(id);
    expect(after).toMatchObject({ status: 'enviado', tentativas: 1, ultimo_erro: null, texto: '' });
  });

  it('a temporary SMTP refusal is retried with backoff; the message is not lost', async () => {
    const para = to();
    const id = await queue(para);
    smtp.failNextDeliveries(2);
    const transport = createSmtpTransport(smtp.url);
    expect(await processMailQueue(t.db, { transport, from: FROM })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    });
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pendente', tentativas: 1 });
    expect(r.ultimo_erro).toContain('451');
    expect(r.atraso).toBe(mailRetryWindowSeconds(1)[0]);
    // not due yet: nothing happens
    expect(await processMailQueue(t.db, { transport, from: FROM })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    await makeDue(id);
    expect(await processMailQueue(t.db, { transport, from: FROM })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    });
    r = await row(id);
    expect(r.atraso).toBe(mailRetryWindowSeconds(2)[0]);
    await makeDue(id);
    expect(await processMailQueue(t.db, { transport, from: FROM })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    transport.close();
    expect((await row(id)).status).toBe('enviado');
    expect(smtp.mails.filter((m) => m.to.includes(para))).toHaveLength(1);
  });

  it('an unreachable SMTP server is retried too, and gives up after the last attempt', async () => {
    const para = to();
    const id = await queue(para);
    const down = createSmtpTransport('smtp://127.0.0.1:1');
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await processMailQueue(t.db, { transport: down, from: FROM })).toMatchObject({ retried: 1 });
      await makeDue(id);
    }
    expect(await processMailQueue(t.db, { transport: down, from: FROM })).toMatchObject({ failed: 1 });
    down.close();
    expect(await row(id)).toMatchObject({ status: 'falhou', tentativas: MAIL_MAX_ATTEMPTS });
  });

  it("pg-boss's backoff: 3 s doubling, ×1 to ×2; the 9 waits of 10 attempts add up to 26–51 min", () => {
    expect(MAIL_RETRY_DELAY_SECONDS).toBe(3);
    expect([1, 2, 3, 4, 9].map(mailRetryWindowSeconds)).toEqual([
      [3, 6],
      [6, 12],
      [12, 24],
      [24, 48],
      [768, 1536],
    ]);
    const waits = Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) => mailRetryWindowSeconds(i + 1));
    expect(waits.reduce((a, [lo]) => a + lo, 0)).toBe(1533);
    expect(waits.reduce((a, [, hi]) => a + hi, 0)).toBe(3066);
  });

  it('two workers never send the same message twice', async () => {
    const ids = await Promise.all([to(), to(), to(), to(), to()].map(queue));
    const before = smtp.mails.length;
    const a = createSmtpTransport(smtp.url);
    const b = createSmtpTransport(smtp.url);
    const [ra, rb] = await Promise.all([
      processMailQueue(t.db, { transport: a, from: FROM, batchSize: 2 }),
      processMailQueue(t.db, { transport: b, from: FROM, batchSize: 2 }),
    ]);
    a.close();
    b.close();
    expect(ra.sent + rb.sent).toBe(5);
    expect(smtp.mails.length - before).toBe(5);
    for (const id of ids) expect((await row(id)).status).toBe('enviado');
  });

  it('the worker: a queued message gets its pg-boss job (id from the row) and goes out within about a second', async () => {
    const w = worker();
    onTestFinished(() => w.stop());
    await w.ready;
    const para = to();
    const started = Date.now();
    const id = await queue(para);
    const mail = await smtp.waitFor(para, undefined, 5000);
    const ms = Date.now() - started;
    expect(mail.subject).toBe('Redefinição de senha da Plataforma ERP');
    expect(ms).toBeLessThan(1500);
    expect(
      await until(
        () => row(id),
        (r) => r.status === 'enviado',
      ),
    ).toMatchObject({
      status: 'enviado',
      tentativas: 1,
      ultimo_erro: null,
      texto: '',
    });
    expect(
      await until(
        () => job(id),
        (j) => j?.state === 'completed',
      ),
    ).toEqual({
      state: 'completed',
      retryLimit: MAIL_MAX_ATTEMPTS - 1,
      retryDelay: MAIL_RETRY_DELAY_SECONDS,
      retryBackoff: true,
    });
  });

  it('the worker: a temporary refusal is retried by pg-boss with its backoff, recorded on the row', async () => {
    const w = worker();
    onTestFinished(() => w.stop());
    await w.ready;
    const para = to();
    smtp.failNextDeliveries(1);
    const id = await queue(para);
    const failed = await until(
      () => row(id),
      (r) => r.ultimo_erro !== null,
    );
    expect(failed).toMatchObject({ status: 'pendente', tentativas: 1 });
    expect(failed.ultimo_erro).toContain('451');
    // the row shows when pg-boss will try again: 3 to 6 s after the first failure
    expect(failed.atraso).toBeGreaterThanOrEqual(2);
    expect(failed.atraso).toBeLessThanOrEqual(6);
    expect((await job(id))?.state).toBe('retry');
    // make the retry due now instead of waiting for it
    await t.db.execute(
      sql`update pgboss.job set start_after = now() where name = ${FILA_EMAIL} and id = ${mailJobId(id)}::uuid`,
    );
    await makeDue(id);
    expect(
      await until(
        () => row(id),
        (r) => r.status === 'enviado',
      ),
    ).toMatchObject({
      status: 'enviado',
      tentativas: 2,
      ultimo_erro: null,
    });
    expect(smtp.mails.filter((m) => m.to.includes(para))).toHaveLength(1);
    expect(
      (
        await until(
          () => job(id),
          (j) => j?.state === 'completed',
        )
      )?.state,
    ).toBe('completed');
  });

  it('the worker: the last attempt gives up — row "falhou", job cancelled (no more retries)', async () => {
    const w = worker('smtp://127.0.0.1:1');
    onTestFinished(() => w.stop());
    await w.ready;
    const id = await queue(to());
    await until(
      () => row(id),
      (r) => r.ultimo_erro !== null,
    );
    expect((await job(id))?.state).toBe('retry');
    // as if 8 retries had already failed: the next run is the 10th attempt
    await t.db.execute(sql`update mail_outbox set tentativas = ${MAIL_MAX_ATTEMPTS - 1} where id = ${id}`);
    await t.db.execute(sql`update pgboss.job set start_after = now(), retry_count = ${MAIL_MAX_ATTEMPTS - 2}
      where name = ${FILA_EMAIL} and id = ${mailJobId(id)}::uuid`);
    await makeDue(id);
    expect(
      await until(
        () => row(id),
        (r) => r.status === 'falhou',
      ),
    ).toMatchObject({
      status: 'falhou',
      tentativas: MAIL_MAX_ATTEMPTS,
    });
    expect(
      (
        await until(
          () => job(id),
          (j) => j?.state === 'cancelled',
        )
      )?.state,
    ).toBe('cancelled');
  });

  it('a job that finds its row held by another sender waits for the lease, without using up a retry', async () => {
    const para = to();
    const id = await queue(para);
    // another sender's lease (or an attempt cut by a restart) for 2 more seconds
    await t.db.execute(
      sql`update mail_outbox set proxima_tentativa_em = now() + interval '2 seconds' where id = ${id}`,
    );
    const w = worker();
    onTestFinished(() => w.stop());
    await w.ready;
    const postponed = await until(
      () => jobs.boss.getJobById(FILA_EMAIL, mailJobId(id)),
      (j) => j?.state === 'created' && j.startAfter.getTime() > Date.now(),
    );
    expect(postponed).toMatchObject({ state: 'created', retryCount: 0 });
    expect(smtp.mails.filter((m) => m.to.includes(para))).toHaveLength(0);
    await smtp.waitFor(para, undefined, 8000);
    expect(
      await until(
        () => row(id),
        (r) => r.status === 'enviado',
      ),
    ).toMatchObject({
      status: 'enviado',
      tentativas: 1,
    });
  });

  it('messages queued while no worker runs get their jobs at start, once however often the sweep runs', async () => {
    const paras = [to(), to()];
    const ids = await Promise.all(paras.map(queue));
    expect(await job(ids[0]!)).toBeNull();
    const w = worker();
    onTestFinished(() => w.stop());
    await w.ready;
    for (const para of paras) await smtp.waitFor(para, undefined, 5000);
    for (const id of ids)
      expect(
        (
          await until(
            () => row(id),
            (r) => r.status === 'enviado',
          )
        ).status,
      ).toBe('enviado');
    await w.stop();
    // every row has its job now: a further sweep queues nothing
    expect(await enfileiraPendentes(t.db, jobs)).toBe(0);
  });

  it('a message queued in a transaction that rolls back has no row and never gets a job', async () => {
    const para = to();
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(
          tx,
          { config: t.config, logger },
          { ...recoveryMail({ nome: null, link: 'http://x/' }), para, tipo: 'recuperacao' },
        );
        throw new Error('desfeita');
      }),
    ).rejects.toThrow('desfeita');
    const [n] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from mail_outbox where para = ${para}`),
    );
    expect(n!.n).toBe(0);
    expect(await enfileiraPendentes(t.db, jobs)).toBe(0);
  });

  it('without SMTP_URL the message and its link go to the log and stay in the table', async () => {
    const lines: string[] = [];
    const pino = (await import('pino')).default;
    const capture = pino({ level: 'info' }, { write: (s: string) => lines.push(s) });
    const para = to();
    const id = await enqueueMail(
      t.db,
      { config: { ...t.config, smtpUrl: undefined }, logger: capture },
      {
        ...recoveryMail({ nome: null, link: 'http://localhost:3000/auth/v1/verify?token=abc&type=recovery' }),
        para,
        tipo: 'recuperacao',
        link: 'http://localhost:3000/auth/v1/verify?token=abc&type=recovery',
      },
    );
    const r = await row(id);
    expect(r.status).toBe('nao_enviado');
    expect(r.texto).toContain('http://localhost:3000/auth/v1/verify?token=abc&type=recovery');
    const logged = JSON.parse(lines[0]!);
    expect(logged).toMatchObject({
      para,
      assunto: 'Redefinição de senha da Plataforma ERP',
      link: 'http://localhost:3000/auth/v1/verify?token=abc&type=recovery',
    });
    // a worker with SMTP does not pick it up later (its link would be stale)
    const transport = createSmtpTransport(smtp.url);
    await processMailQueue(t.db, { transport, from: FROM });
    transport.close();
    expect((await row(id)).status).toBe('nao_enviado');
  });
});
