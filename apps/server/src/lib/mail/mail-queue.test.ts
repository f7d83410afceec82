import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createLogger } from '../logger.ts';
import {
  createSmtpTransport,
  enqueueMail,
  MAIL_MAX_ATTEMPTS,
  mailBackoffSeconds,
  processMailQueue,
  startMailWorker,
} from './mail-queue.ts';
import { recoveryMail } from './mail-templates.ts';

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
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
    expect(r.atraso).toBe(mailBackoffSeconds(1));
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
    expect(r.atraso).toBe(mailBackoffSeconds(2));
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

  it('backoff doubles from 5 s and is capped at 15 minutes', () => {
    expect([1, 2, 3, 4, 9, 10].map(mailBackoffSeconds)).toEqual([5, 10, 20, 40, 900, 900]);
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

  it('the worker sends a queued message right away and stops cleanly', async () => {
    const worker = startMailWorker({ db: t.db, config: t.config, logger }, { pollMs: 60_000 });
    const para = to();
    await queue(para);
    const mail = await smtp.waitFor(para, undefined, 5000);
    expect(mail.subject).toBe('Redefinição de senha da Plataforma ERP');
    await worker.stop();
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
