import type { UsuarioListItem } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createSmtpTransport, processMailQueue } from '../../lib/mail/mail-queue.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// Invitations and password resets sent by the administrator, read from a real SMTP server.

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let transport: ReturnType<typeof createSmtpTransport>;
let admin: Awaited<ReturnType<TestContext['signIn']>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  transport = createSmtpTransport(smtp.url);
  admin = await t.signIn(['admin'], { email: 'admin.convites@teste.com.br' });
});
afterAll(async () => {
  transport.close();
  await t.close();
  await smtp.close();
});

/** Delivers the queued mail (the server's worker does this in production) and waits for one to `to`. */
async function mailTo(to: string, subject: RegExp, skip = 0) {
  await processMailQueue(t.db, { transport, from: t.config.mailFrom });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = smtp.mails.filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (found.length > skip) return found[skip]!;
    if (Date.now() > deadline) throw new Error(`sem e-mail para ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function verifyPath(text: string): string {
  const m = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text);
  if (!m) throw new Error('sem link');
  const u = new URL(m[0]);
  return `${u.pathname}${u.search}`;
}

function fragment(location: string | null): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(new URL(location!).hash.slice(1)));
}

async function events(userId: string) {
  return rowsOf<{ acao: string; user_id: string | null; depois: unknown }>(
    await t.db.execute(sql`select acao, user_id, depois from audit_log
      where tabela = 'users' and registro_id = ${userId} order by id`),
  );
}

describe('invitation', () => {
  it('the admin invites; the person sets a password from the e-mailed link and signs in with the roles given', async () => {
    const res = await t.request('POST', '/api/usuarios', {
      token: admin.token,
      body: {
        nome_completo: 'Nina Convidada',
        email: '  Nina.Convidada@Teste.com.br ',
        roles: ['estoque'],
        cargo: 'Conferente',
        departamento: 'Logística',
      },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as UsuarioListItem;
    expect(created).toMatchObject({
      email: 'nina.convidada@teste.com.br',
      nome_completo: 'Nina Convidada',
      cargo: 'Conferente',
      departamento: 'Logística',
      roles: ['estoque'],
      status: 'convite_pendente',
      last_sign_in_at: null,
    });

    const mail = await mailTo('nina.convidada@teste.com.br', /^Convite para a Plataforma ERP$/);
    expect(mail.text).toContain('Olá, Nina Convidada');
    expect(mail.text).toContain('admin.convites@teste.com.br');
    const landed = await t.request('GET', verifyPath(mail.text));
    expect(landed.status).toBe(303);
    const loc = new URL(landed.headers.get('location')!);
    expect(loc.pathname).toBe('/reset-password');
    const f = fragment(loc.toString());
    expect(f.type).toBe('invite');

    // the person chooses a password (auth-js updateUser) and can then sign in with it
    const set = await t.request('PUT', '/auth/v1/user', {
      token: f.access_token,
      body: { password: 'minha-senha-nova' },
    });
    expect(set.status).toBe(200);
    const signIn = await t.request('POST', '/auth/v1/token?grant_type=password', {
      body: { email: 'nina.convidada@teste.com.br', password: 'minha-senha-nova' },
    });
    expect(signIn.status).toBe(200);
    const { access_token } = (await signIn.json()) as { access_token: string };
    const me = (await (await t.request('GET', '/api/me', { token: access_token })).json()) as {
      roles: string[];
    };
    expect(me.roles).toEqual(['estoque']);

    const after = (await (
      await t.request('GET', `/api/usuarios/${created.id}`, admin)
    ).json()) as UsuarioListItem;
    expect(after.status).toBe('ativo');
    expect(after.last_sign_in_at).not.toBeNull();

    const ev = await events(created.id);
    expect(ev[0]).toEqual({ acao: 'convite', user_id: admin.userId, depois: { roles: ['estoque'] } });
    expect(ev.map((e) => e.acao)).toContain('entrada');

    // accepted: no more resending
    const resend = await t.request('POST', `/api/usuarios/${created.id}/reenviar-convite`, admin);
    expect(resend.status).toBe(409);
    expect(await resend.json()).toMatchObject({ message: 'Este usuário já aceitou o convite.' });
  });

  it('an e-mail already registered is refused on the field', async () => {
    const res = await t.request('POST', '/api/usuarios', {
      token: admin.token,
      body: { nome_completo: 'Outra', email: 'ADMIN.convites@teste.com.br', roles: [] },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message: 'Este e-mail já está cadastrado',
      details: { fields: { email: ['Este e-mail já está cadastrado'] } },
    });
  });

  it('validates the invitation with pt-BR messages', async () => {
    const res = await t.request('POST', '/api/usuarios', {
      token: admin.token,
      body: { nome_completo: ' ', email: 'sem-arroba', roles: ['chefe'] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      details: {
        fields: {
          nome_completo: ['Nome é obrigatório'],
          email: ['E-mail inválido'],
          'roles.0': ['Papel inválido'],
        },
      },
    });
  });

  it('resending gives a new link and the old one stops working', async () => {
    const res = await t.request('POST', '/api/usuarios', {
      token: admin.token,
      body: { nome_completo: 'Otávio Reenvio', email: 'otavio.reenvio@teste.com.br', roles: [] },
    });
    const { id } = (await res.json()) as UsuarioListItem;
    const first = await mailTo('otavio.reenvio@teste.com.br', /^Convite/);
    // the per-address mail limit allows one message a minute
    await t.db.execute(sql`delete from auth_rate_limits`);
    const again = await t.request('POST', `/api/usuarios/${id}/reenviar-convite`, admin);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'convite_pendente' });
    const second = await mailTo('otavio.reenvio@teste.com.br', /^Convite/, 1);
    expect(verifyPath(second.text)).not.toBe(verifyPath(first.text));

    const old = await t.request('GET', verifyPath(first.text));
    expect(fragment(old.headers.get('location')).error_code).toBe('otp_expired');
    const fresh = await t.request('GET', verifyPath(second.text));
    expect(fragment(fresh.headers.get('location')).type).toBe('invite');
    expect((await events(id)).filter((e) => e.acao === 'convite').map((e) => e.depois)).toEqual([
      { roles: [] },
      { reenvio: true },
    ]);
  });
});

describe('password reset sent by the admin', () => {
  it('e-mails a recovery link to the user; refused for a deactivated account', async () => {
    const u = await t.signIn(['comercial'], { email: 'rita.reset@teste.com.br', nome: 'Rita Reset' });
    const res = await t.request('POST', `/api/usuarios/${u.userId}/redefinir-senha`, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: 'rita.reset@teste.com.br' });
    const mail = await mailTo('rita.reset@teste.com.br', /^Redefinição de senha da Plataforma ERP$/);
    const landed = await t.request('GET', verifyPath(mail.text));
    const loc = new URL(landed.headers.get('location')!);
    expect(loc.pathname).toBe('/reset-password');
    expect(fragment(loc.toString()).type).toBe('recovery');
    expect((await events(u.userId)).find((e) => e.acao === 'recuperacao_senha')).toMatchObject({
      user_id: admin.userId,
    });

    await t.request('POST', `/api/usuarios/${u.userId}/desativar`, admin);
    const refused = await t.request('POST', `/api/usuarios/${u.userId}/redefinir-senha`, admin);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      message: 'Usuário desativado: reative-o antes de enviar a redefinição de senha.',
    });
  });
});

describe('a deactivated user', () => {
  it('cannot sign in, and its refresh token no longer works', async () => {
    const u = await t.signIn(['estoque'], {
      email: 'dora.desativada@teste.com.br',
      password: 'senha-da-dora',
    });
    const before = await t.request('POST', '/auth/v1/token?grant_type=password', {
      body: { email: u.email, password: 'senha-da-dora' },
    });
    expect(before.status).toBe(200);
    const { refresh_token } = (await before.json()) as { refresh_token: string };

    expect((await t.request('POST', `/api/usuarios/${u.userId}/desativar`, admin)).status).toBe(200);
    const signIn = await t.request('POST', '/auth/v1/token?grant_type=password', {
      body: { email: u.email, password: 'senha-da-dora' },
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({
      msg: 'Usuário desativado. Procure o administrador do sistema.',
    });
    const refresh = await t.request('POST', '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token },
    });
    expect(refresh.status).toBeGreaterThanOrEqual(400);
  });
});
