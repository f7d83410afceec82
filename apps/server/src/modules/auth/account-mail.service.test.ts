import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { inviteUser, resendInvite, sendRecoveryEmail } from './account-mail.service.ts';
import { authEvents, fragmentOf, lastQueuedMail, linkIn, pathOf } from './auth-test-support.ts';
import { revokeAllSessions } from './session.service.ts';

let t: TestContext;
let admin: Awaited<ReturnType<TestContext['signIn']>>;
let actor: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(['admin'], { email: 'chefe@teste.com.br' });
  actor = { userId: admin.userId, email: admin.email, ip: '10.1.1.1', userAgent: 'teste' };
});
afterAll(() => t.close());

let n = 0;
const newEmail = (p = 'convite') => `${p}-${++n}@teste.com.br`;
const deps = () => ({ config: t.config, logger: t.deps.logger });
const clearMailLimit = (email: string) =>
  t.db.execute(sql`delete from auth_rate_limits where chave = ${`mail:${email.toLowerCase()}`}`);

async function json(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await t.request(method, path, opts);
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
}

describe('inviteUser', () => {
  it('creates an unconfirmed user without password, profile and roles, and queues the invitation', async () => {
    const email = newEmail();
    const { userId } = await inviteUser(
      t.db,
      deps(),
      { email, nome: 'Bruna Convidada', roles: ['comercial', 'estoque'] },
      actor,
    );
    const [u] = rowsOf<{
      encrypted_password: string | null;
      email_confirmed_at: string | null;
      invited_at: string | null;
      ativo: boolean;
    }>(
      await t.db.execute(
        sql`select encrypted_password, email_confirmed_at, invited_at, ativo from users where id = ${userId}`,
      ),
    );
    expect(u).toMatchObject({ encrypted_password: null, email_confirmed_at: null, ativo: true });
    expect(u!.invited_at).not.toBeNull();
    const roles = rowsOf<{ role: string }>(
      await t.db.execute(sql`select role from user_roles where user_id = ${userId} order by role`),
    );
    expect(roles.map((r) => r.role)).toEqual(['comercial', 'estoque']);
    const [p] = rowsOf<{ nome_completo: string }>(
      await t.db.execute(sql`select nome_completo from user_profiles where user_id = ${userId}`),
    );
    expect(p!.nome_completo).toBe('Bruna Convidada');

    const mail = await lastQueuedMail(t.db, email, 'convite');
    expect(mail.assunto).toBe('Convite para a Plataforma ERP');
    expect(mail.texto).toContain('Olá, Bruna Convidada!');
    expect(mail.texto).toContain(
      'Você foi convidado(a) por chefe@teste.com.br para acessar a Plataforma ERP.',
    );
    const link = new URL(linkIn(mail.texto));
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:3000/reset-password');
    const [ttl] = rowsOf<{ dias: number }>(
      await t.db.execute(
        sql`select round(extract(epoch from (expires_at - created_at)) / 86400)::int as dias from one_time_tokens where user_id = ${userId}`,
      ),
    );
    expect(ttl!.dias).toBe(7);

    // the generic audit trigger names the admin on the profile and role rows; the event too
    const audit = rowsOf<{ tabela: string; user_id: string; acao: string }>(
      await t.db.execute(
        sql`select tabela, user_id, acao from audit_log where registro_id = ${userId} order by id`,
      ),
    );
    expect(audit).toEqual([
      { tabela: 'user_profiles', user_id: admin.userId, acao: 'criacao' },
      { tabela: 'user_roles', user_id: admin.userId, acao: 'criacao' },
      { tabela: 'user_roles', user_id: admin.userId, acao: 'criacao' },
      { tabela: 'users', user_id: admin.userId, acao: 'convite' },
    ]);
  });

  it('the invitation link signs in on /reset-password; the first password then works for sign-in', async () => {
    const email = newEmail();
    const { userId } = await inviteUser(t.db, deps(), { email, nome: 'Caio', roles: ['financeiro'] }, actor);
    const before = await json('POST', '/auth/v1/token?grant_type=password', {
      body: { email, password: 'qualquer-123' },
    });
    expect(before.body.code).toBe('invalid_credentials');
    const res = await t.request('GET', pathOf(linkIn((await lastQueuedMail(t.db, email, 'convite')).texto)));
    expect(res.status).toBe(303);
    const loc = new URL(res.headers.get('location')!);
    expect(loc.pathname).toBe('/reset-password');
    const f = fragmentOf(loc.toString());
    expect(f.type).toBe('invite');
    const set = await json('PUT', '/auth/v1/user', {
      token: f.access_token,
      body: { password: 'minha-senha-1' },
    });
    expect(set.status).toBe(200);
    expect(set.body.email_confirmed_at).not.toBeNull();
    const signIn = await json('POST', '/auth/v1/token?grant_type=password', {
      body: { email, password: 'minha-senha-1' },
    });
    expect(signIn.status).toBe(200);
    const me = await json('GET', '/api/me', { token: signIn.body.access_token });
    expect(me.body.roles).toEqual(['financeiro']);
    const acoes = (await authEvents(t.db, userId)).map((e) => [e.acao, e.depois]);
    expect(acoes).toEqual([
      ['convite', { roles: ['financeiro'] }],
      ['falha_login', { motivo: 'senha_incorreta' }],
      ['confirmacao_email', { via: 'invite' }],
      ['entrada', { metodo: 'link_invite' }],
      ['troca_senha', { outras_sessoes_encerradas: 0, primeira_senha: true }],
      ['entrada', { metodo: 'senha' }],
    ]);
  });

  it('an existing e-mail → 409 with a field error; unknown role → 400', async () => {
    const email = newEmail();
    await inviteUser(t.db, deps(), { email, nome: 'A', roles: [] }, actor);
    const err = await inviteUser(
      t.db,
      deps(),
      { email: email.toUpperCase(), nome: 'B', roles: [] },
      actor,
    ).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'conflict',
      message: 'Este e-mail já está cadastrado',
      details: { fields: { email: ['Este e-mail já está cadastrado'] } },
    });
    const bad = await inviteUser(
      t.db,
      deps(),
      { email: newEmail(), nome: 'C', roles: ['dono' as never] },
      actor,
    ).catch((e) => e);
    expect(bad).toMatchObject({
      code: 'validation_failed',
      details: { fields: { roles: ['Papel desconhecido: dono'] } },
    });
  });
});

describe('resendInvite', () => {
  it('sends a new link (the old one dies), not within a minute, not after acceptance', async () => {
    const email = newEmail();
    const { userId } = await inviteUser(t.db, deps(), { email, nome: 'Dora', roles: [] }, actor);
    const first = linkIn((await lastQueuedMail(t.db, email, 'convite')).texto);
    await expect(resendInvite(t.db, deps(), userId, actor)).rejects.toMatchObject({ code: 'rate_limited' });
    await clearMailLimit(email);
    await resendInvite(t.db, deps(), userId, actor);
    const second = linkIn((await lastQueuedMail(t.db, email, 'convite')).texto);
    expect(second).not.toBe(first);
    const old = await t.request('GET', pathOf(first));
    expect(fragmentOf(old.headers.get('location')).error_code).toBe('otp_expired');
    const ok = await t.request('GET', pathOf(second));
    expect(fragmentOf(ok.headers.get('location')).type).toBe('invite');
    await clearMailLimit(email);
    await expect(resendInvite(t.db, deps(), userId, actor)).rejects.toMatchObject({
      code: 'conflict',
      message: 'Este usuário já aceitou o convite.',
    });
    await expect(
      resendInvite(t.db, deps(), '00000000-0000-0000-0000-000000000000', actor),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('sendRecoveryEmail', () => {
  it('queues a recovery link for a known user, nothing for an unknown or deactivated one', async () => {
    const s = await t.signIn([]);
    await sendRecoveryEmail(t.db, deps(), s.email, { actor });
    const link = new URL(linkIn((await lastQueuedMail(t.db, s.email, 'recuperacao')).texto));
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:3000/reset-password');
    const events = await authEvents(t.db, s.userId);
    expect(events.at(-1)).toEqual({ acao: 'recuperacao_senha', depois: { etapa: 'email_enviado' } });

    const ghost = newEmail('ninguem');
    await sendRecoveryEmail(t.db, deps(), ghost);
    await expect(lastQueuedMail(t.db, ghost)).rejects.toThrow();

    const off = await t.signIn([]);
    await t.db.execute(sql`update users set ativo = false where id = ${off.userId}`);
    await sendRecoveryEmail(t.db, deps(), off.email);
    await expect(lastQueuedMail(t.db, off.email)).rejects.toThrow();
  });

  it('a deactivated user cannot use a link sent before the deactivation', async () => {
    const s = await t.signIn([]);
    await sendRecoveryEmail(t.db, deps(), s.email);
    const link = linkIn((await lastQueuedMail(t.db, s.email, 'recuperacao')).texto);
    await t.db.execute(sql`update users set ativo = false where id = ${s.userId}`);
    const res = await t.request('GET', pathOf(link));
    expect(fragmentOf(res.headers.get('location'))).toMatchObject({
      error: 'access_denied',
      error_code: 'user_banned',
      error_description: 'Usuário desativado. Procure o administrador do sistema.',
    });
  });
});

describe('revokeAllSessions', () => {
  it('ends every session of the user, or all but one', async () => {
    const email = newEmail('sessoes');
    const a = await t.signIn([], { email });
    const grant = () =>
      json('POST', '/auth/v1/token?grant_type=password', { body: { email, password: 'senha-de-teste-123' } });
    const b = (await grant()).body;
    const c = (await grant()).body;
    expect(await revokeAllSessions(t.db, a.userId, { exceptSessionId: a.sessionId })).toBe(2);
    expect((await json('GET', '/api/me', { token: a.token })).status).toBe(200);
    expect((await json('GET', '/api/me', { token: b.access_token })).status).toBe(401);
    expect(
      (
        await json('POST', '/auth/v1/token?grant_type=refresh_token', {
          body: { refresh_token: c.refresh_token },
        })
      ).body.code,
    ).toBe('refresh_token_not_found');
    expect(await revokeAllSessions(t.db, a.userId)).toBe(1);
    expect((await json('GET', '/api/me', { token: a.token })).status).toBe(401);
  });
});
