import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { enqueueMail, startMailWorker } from '../../lib/mail/mail-queue.ts';
import { invitationMail } from '../../lib/mail/mail-templates.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fragmentOf, pathOf } from './auth-test-support.ts';

// Without SMTP_URL e-mail is not sent: production logs no link and warns at start-up; the
// invitation answer says the e-mail did not go out and hands the administrator the link.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (s: string) => lines.push(JSON.parse(s)) });
  return { lines, logger };
}

const LINK = 'http://localhost:3000/auth/v1/verify?token=segredo-do-link&type=invite';
const queue = (config: typeof t.config, logger: ReturnType<typeof createLogger>) =>
  enqueueMail(
    t.db,
    { config, logger },
    {
      ...invitationMail({ nome: 'Ana', convidadoPor: 'admin@teste.com.br', link: LINK }),
      para: `ana-${Date.now()}@teste.com.br`,
      tipo: 'convite',
      link: LINK,
    },
  );

describe('without SMTP_URL', () => {
  it('in production: no link in the log, and a warning at start-up that e-mail is not configured', async () => {
    const { lines, logger } = capture();
    const config = { ...t.config, nodeEnv: 'production' as const, smtpUrl: undefined };
    const worker = startMailWorker({ db: t.db, config, logger });
    await queue(config, logger);
    await worker.stop();
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [
        40,
        'E-mail não configurado (SMTP_URL): confirmações de cadastro, convites e recuperações de senha não serão enviados.',
      ],
      [30, 'e-mail não enviado (SMTP_URL não configurado); mensagem guardada em mail_outbox'],
    ]);
    expect(JSON.stringify(lines)).not.toContain('segredo-do-link');
  });

  it('in development the link is still logged, and no warning', async () => {
    const { lines, logger } = capture();
    const config = { ...t.config, nodeEnv: 'development' as const, smtpUrl: undefined };
    const worker = startMailWorker({ db: t.db, config, logger });
    await queue(config, logger);
    await worker.stop();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, link: LINK });
  });

  it('the invitation answer says the e-mail was not sent and gives the link, which works', async () => {
    const admin = await t.signIn(['admin']);
    const email = `convidada-${Date.now()}@teste.com.br`;
    const res = await t.request('POST', '/api/usuarios', {
      token: admin.token,
      body: { nome_completo: 'Pessoa Convidada', email, roles: ['estoque'] },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      id: string;
      email: string;
      status: string;
      convite: { enviado: boolean; link: string };
    };
    expect(body).toMatchObject({ email, status: 'convite_pendente', convite: { enviado: false } });
    const link = new URL(body.convite.link);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('invite');
    // resending answers the same way, with the new link
    await t.db.execute(sql`delete from auth_rate_limits where chave = ${`mail:${email}`}`);
    const again = await t.request('POST', `/api/usuarios/${body.id}/reenviar-convite`, {
      token: admin.token,
    });
    expect(again.status).toBe(200);
    const resent = ((await again.json()) as typeof body).convite;
    expect(resent.enviado).toBe(false);
    expect(new URL(resent.link).searchParams.get('type')).toBe('invite');
    expect(resent.link).not.toBe(body.convite.link);
    const landed = await t.request('GET', pathOf(resent.link));
    expect(fragmentOf(landed.headers.get('location')).type).toBe('invite');
  });
});

describe('with SMTP_URL', () => {
  it('the invitation answer says the e-mail was sent, without a link', async () => {
    const smtp = await startSmtpCapture();
    const withMail = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const admin = await withMail.signIn(['admin']);
      const res = await withMail.request('POST', '/api/usuarios', {
        token: admin.token,
        body: { nome_completo: 'Pessoa Convidada', email: `enviada-${Date.now()}@teste.com.br`, roles: [] },
      });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { convite: unknown }).convite).toEqual({ enviado: true, link: null });
    } finally {
      await withMail.close();
      await smtp.close();
    }
  });
});
