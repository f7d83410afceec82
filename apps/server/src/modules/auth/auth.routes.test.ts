import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { openDatabase, rowsOf } from '../../db/client.ts';
import { systemActor } from '../../lib/audit-context.ts';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from '../../test/test-app.ts';
import { setSetting } from '../configuracoes/settings.service.ts';
import { authEvents, fragmentOf, lastQueuedMail, linkIn, pathOf } from './auth-test-support.ts';
import { signAccessToken } from './tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SITE = 'http://localhost:3000';
const secret = new TextEncoder().encode(TEST_JWT_SECRET);
let seq = 0;
const newEmail = (p = 'pessoa') => `${p}-${++seq}-${Date.now().toString(36)}@teste.com.br`;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
type Json = Record<string, any>;
async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await t.request(method, path, opts);
  const text = await res.text();
  return { res, status: res.status, body: (text ? JSON.parse(text) : null) as Json };
}

const passwordGrant = (email: string, password: string) =>
  call('POST', '/auth/v1/token?grant_type=password', { body: { email, password } });
const refreshGrant = (refresh_token: string) =>
  call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token } });

async function signUpAndConfirm(email: string, password = 'senha-forte-1', name = 'Pessoa Teste') {
  const up = await call('POST', `/auth/v1/signup?redirect_to=${encodeURIComponent(`${SITE}/`)}`, {
    body: { email, password, data: { name } },
  });
  expect(up.status).toBe(200);
  const mail = await lastQueuedMail(t.db, email, 'confirmacao');
  const res = await t.request('GET', pathOf(linkIn(mail.texto)));
  return { user: up.body, res, fragment: fragmentOf(res.headers.get('location')) };
}

const apiMe = (token: string) => t.request('GET', '/api/me', { token });

describe('POST /auth/v1/signup', () => {
  it('creates an unconfirmed user with profile, queues the confirmation e-mail, answers the user without a session', async () => {
    const email = newEmail('Cadastro');
    const { status, body, res } = await call(
      'POST',
      `/auth/v1/signup?redirect_to=${encodeURIComponent(`${SITE}/`)}`,
      {
        body: { email: `  ${email}  `, password: 'senha-forte-1', data: { name: '  Maria da Silva ' } },
      },
    );
    expect(status).toBe(200);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(body).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      email_confirmed_at: null,
      user_metadata: { name: 'Maria da Silva' },
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(body.access_token).toBeUndefined();
    const [profile] = rowsOf<{ nome_completo: string }>(
      await t.db.execute(sql`select nome_completo from user_profiles where user_id = ${body.id}`),
    );
    expect(profile).toEqual({ nome_completo: 'Maria da Silva' });
    const mail = await lastQueuedMail(t.db, email);
    expect(mail.tipo).toBe('confirmacao');
    expect(mail.status).toBe('nao_enviado');
    expect(mail.assunto).toBe('Confirme seu cadastro na Plataforma ERP');
    expect(mail.texto).toContain('Olá, Maria da Silva!');
    const link = new URL(linkIn(mail.texto));
    expect(link.origin + link.pathname).toBe(`${SITE}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/`);
    expect(mail.html).toContain('Plataforma ERP');
    expect(mail.html).toContain(link.toString().replaceAll('&', '&amp;'));
    expect((await authEvents(t.db, body.id)).map((e) => e.acao)).toEqual(['cadastro']);
  });

  it('an existing e-mail (any case) → 422 user_already_exists', async () => {
    const email = newEmail();
    await call('POST', '/auth/v1/signup', {
      body: { email, password: 'senha-forte-1', data: { name: 'A' } },
    });
    const again = await call('POST', '/auth/v1/signup', {
      body: { email: email.toUpperCase(), password: 'outra-senha-2', data: { name: 'B' } },
    });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      code: 'user_already_exists',
      error_code: 'user_already_exists',
      msg: 'User already registered',
      message: 'User already registered',
    });
  });

  it('a password shorter than 8 → 422 weak_password with reasons', async () => {
    const r = await call('POST', '/auth/v1/signup', { body: { email: newEmail(), password: '1234567' } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      code: 'weak_password',
      message: 'A senha deve ter no mínimo 8 caracteres',
      weak_password: { reasons: ['length'] },
    });
  });

  it('an invalid e-mail → 400 with the pt-BR field message', async () => {
    const r = await call('POST', '/auth/v1/signup', {
      body: { email: 'não-é-email', password: 'senha-forte-1' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'validation_failed', message: 'E-mail inválido' });
  });

  it('malformed JSON → 400 bad_json, never 500', async () => {
    const r = await call('POST', '/auth/v1/token?grant_type=password', { body: '{"email": ' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('bad_json');
  });

  it('honours permitir_novos_cadastros: 422 signup_disabled and GET /settings says disable_signup', async () => {
    expect((await call('GET', '/auth/v1/settings')).body).toMatchObject({ disable_signup: false });
    await setSetting(t.db, systemActor, 'permitir_novos_cadastros', false);
    try {
      const r = await call('POST', '/auth/v1/signup', {
        body: { email: newEmail(), password: 'senha-forte-1' },
      });
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({
        code: 'signup_disabled',
        message: 'Novos cadastros estão desabilitados. Solicite um convite ao administrador.',
      });
      expect((await call('GET', '/auth/v1/settings')).body).toMatchObject({ disable_signup: true });
    } finally {
      await setSetting(t.db, systemActor, 'permitir_novos_cadastros', true);
    }
  });
});

describe('GET /auth/v1/verify', () => {
  it('a signup link confirms, signs in and redirects with the session in the fragment', async () => {
    const email = newEmail();
    const { user, res, fragment } = await signUpAndConfirm(email);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${SITE}/`);
    expect(Object.keys(fragment)).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'type',
    ]);
    expect(fragment).toMatchObject({ expires_in: '3600', token_type: 'bearer', type: 'signup' });
    const me = await call('GET', '/auth/v1/user', { token: fragment.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
    expect(me.body.email_confirmed_at).not.toBeNull();
    expect((await authEvents(t.db, user.id)).map((e) => e.acao)).toEqual([
      'cadastro',
      'confirmacao_email',
      'entrada',
    ]);
  });

  it('a used link fails with otp_expired', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    const mail = await lastQueuedMail(t.db, email, 'confirmacao');
    const again = await t.request('GET', pathOf(linkIn(mail.texto)));
    expect(again.status).toBe(303);
    expect(fragmentOf(again.headers.get('location'))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('an expired link fails with otp_expired; a link of another type fails too', async () => {
    const email = newEmail();
    await call('POST', '/auth/v1/signup', { body: { email, password: 'senha-forte-1' } });
    const link = new URL(linkIn((await lastQueuedMail(t.db, email)).texto));
    const asRecovery = new URL(link);
    asRecovery.searchParams.set('type', 'recovery');
    const wrongType = await t.request('GET', pathOf(asRecovery.toString()));
    expect(fragmentOf(wrongType.headers.get('location')).error_code).toBe('otp_expired');
    await t.db.execute(
      sql`update one_time_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${email})`,
    );
    const res = await t.request('GET', pathOf(link.toString()));
    expect(fragmentOf(res.headers.get('location')).error_code).toBe('otp_expired');
  });

  it('signup links last 24 h, recovery links 1 h', async () => {
    const email = newEmail();
    await call('POST', '/auth/v1/signup', { body: { email, password: 'senha-forte-1' } });
    const rows = rowsOf<{ tipo: string; horas: string }>(
      await t.db.execute(sql`
        select tipo, round(extract(epoch from (expires_at - created_at)) / 3600)::text as horas
          from one_time_tokens where user_id = (select id from users where email = ${email}) order by tipo`),
    );
    expect(rows.find((r) => r.tipo === 'signup')?.horas).toBe('24');
  });

  it('a foreign redirect_to is ignored (site URL instead); garbage too', async () => {
    for (const evil of [
      'https://evil.example.com/roubar',
      'javascript:alert(1)',
      '//evil.example.com',
      'nada',
    ]) {
      const email = newEmail();
      await call('POST', `/auth/v1/signup?redirect_to=${encodeURIComponent(evil)}`, {
        body: { email, password: 'senha-forte-1' },
      });
      const link = new URL(linkIn((await lastQueuedMail(t.db, email)).texto));
      expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/`);
      // even a hand-edited link cannot send the session elsewhere
      link.searchParams.set('redirect_to', evil);
      const res = await t.request('GET', pathOf(link.toString()));
      expect(res.headers.get('location')!.startsWith(`${SITE}/#access_token=`)).toBe(true);
    }
  });
});

describe('POST /auth/v1/token?grant_type=password', () => {
  it('answers the session JSON and records the sign-in', async () => {
    const email = newEmail();
    const { user } = await signUpAndConfirm(email, 'senha-forte-1');
    const r = await passwordGrant(email.toUpperCase(), 'senha-forte-1');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: user.id, email } });
    expect(Math.abs(r.body.expires_at - (Date.now() / 1000 + 3600))).toBeLessThan(5);
    expect(typeof r.body.refresh_token).toBe('string');
    const claims = JSON.parse(Buffer.from(r.body.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, email, role: 'authenticated', aud: 'authenticated' });
    expect(typeof claims.session_id).toBe('string');
    expect(claims.exp).toBe(r.body.expires_at);
    expect(r.body.user.last_sign_in_at).not.toBeNull();
    expect((await apiMe(r.body.access_token)).status).toBe(200);
    const events = await authEvents(t.db, user.id);
    expect(events.at(-1)).toEqual({ acao: 'entrada', depois: { metodo: 'senha' } });
  });

  it('wrong password and unknown e-mail get the same 400 invalid_credentials, in similar time', async () => {
    const email = newEmail();
    const { user } = await signUpAndConfirm(email, 'senha-forte-1');
    const wrong = await passwordGrant(email, 'senha-errada-9');
    const unknown = await passwordGrant(newEmail('ninguem'), 'senha-errada-9');
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        code: 'invalid_credentials',
        error_code: 'invalid_credentials',
        msg: 'Invalid login credentials',
        message: 'Invalid login credentials',
      });
    }
    expect((await authEvents(t.db, user.id)).at(-1)).toEqual({
      acao: 'falha_login',
      depois: { motivo: 'senha_incorreta' },
    });
    const time = async (e: string) => {
      const started = performance.now();
      await passwordGrant(e, 'senha-errada-9');
      return performance.now() - started;
    };
    const known: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(email));
      missing.push(await time(newEmail('ninguem')));
    }
    // both paths run one argon2id verification
    expect(Math.min(...missing)).toBeGreaterThan(Math.min(...known) * 0.4);
  });

  it('right password but unconfirmed → 400 email_not_confirmed', async () => {
    const email = newEmail();
    await call('POST', '/auth/v1/signup', { body: { email, password: 'senha-forte-1' } });
    const r = await passwordGrant(email, 'senha-forte-1');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'email_not_confirmed', message: 'Email not confirmed' });
    const wrong = await passwordGrant(email, 'senha-errada-9');
    expect(wrong.body.code).toBe('invalid_credentials');
  });

  it('a deactivated user is refused with a pt-BR message (only after the right password)', async () => {
    const email = newEmail();
    const { user } = await signUpAndConfirm(email, 'senha-forte-1');
    await t.db.execute(sql`update users set ativo = false where id = ${user.id}`);
    const r = await passwordGrant(email, 'senha-forte-1');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'user_banned',
      message: 'Usuário desativado. Procure o administrador do sistema.',
    });
    expect((await passwordGrant(email, 'senha-errada-9')).body.code).toBe('invalid_credentials');
  });

  it('an unsupported grant type → 400', async () => {
    const r = await call('POST', '/auth/v1/token?grant_type=magic', { body: {} });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('unsupported_grant_type');
  });
});

describe('POST /auth/v1/token?grant_type=refresh_token', () => {
  it('rotates: the old token is revoked, a child issued, the new one works', async () => {
    const s = await t.signIn([]);
    const r1 = await refreshGrant(s.refreshToken);
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(s.refreshToken);
    expect(r1.body.user.id).toBe(s.userId);
    expect((await apiMe(r1.body.access_token)).status).toBe(200);
    const rows = rowsOf<{ revoked: boolean; parent_id: number | null }>(
      await t.db.execute(
        sql`select revoked, parent_id from refresh_tokens where session_id = ${s.sessionId} order by id`,
      ),
    );
    expect(rows.map((r) => r.revoked)).toEqual([true, false]);
    expect(rows[1]!.parent_id).not.toBeNull();
    const r2 = await refreshGrant(r1.body.refresh_token);
    expect(r2.status).toBe(200);
  });

  it('the immediate parent presented again within the grace gets the same child (racing tabs)', async () => {
    const s = await t.signIn([]);
    const r1 = await refreshGrant(s.refreshToken);
    const again = await refreshGrant(s.refreshToken);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(r1.body.refresh_token);
  });

  it('reuse outside the grace revokes the whole session (refresh_token_already_used)', async () => {
    const s = await t.signIn([]);
    const r1 = await refreshGrant(s.refreshToken);
    await t.db.execute(
      sql`update refresh_tokens set updated_at = now() - interval '1 minute' where session_id = ${s.sessionId} and revoked`,
    );
    const reuse = await refreshGrant(s.refreshToken);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    // the thief's and the owner's tokens are all dead now
    expect((await refreshGrant(r1.body.refresh_token)).body.code).toBe('refresh_token_not_found');
    expect((await apiMe(r1.body.access_token)).status).toBe(401);
    expect((await apiMe(s.token)).status).toBe(401);
    expect((await authEvents(t.db, s.userId)).at(-1)).toEqual({
      acao: 'saida',
      depois: { motivo: 'reuso_refresh_token', sessao: s.sessionId },
    });
  });

  it('two tabs refreshing the same token at once both get the same child', async () => {
    const s = await t.signIn([]);
    const [a, b] = await Promise.all([refreshGrant(s.refreshToken), refreshGrant(s.refreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
    const [live] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from refresh_tokens where session_id = ${s.sessionId} and not revoked`,
      ),
    );
    expect(live!.n).toBe(1);
  });

  it('a grandparent token is reuse even within the grace', async () => {
    const s = await t.signIn([]);
    const r1 = await refreshGrant(s.refreshToken);
    await refreshGrant(r1.body.refresh_token);
    const reuse = await refreshGrant(s.refreshToken);
    expect(reuse.body.code).toBe('refresh_token_already_used');
  });

  it('an unknown token → 400 refresh_token_not_found; a deactivated user → 400 user_banned', async () => {
    const unknown = await refreshGrant('nao-existe');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const s = await t.signIn([]);
    await t.db.execute(sql`update users set ativo = false where id = ${s.userId}`);
    const banned = await refreshGrant(s.refreshToken);
    expect(banned.status).toBe(400);
    expect(banned.body.code).toBe('user_banned');
  });
});

describe('access tokens', () => {
  it('a tampered, expired or revoked token gets 401 (auth and /api)', async () => {
    const s = await t.signIn([]);
    const [h, p, sig] = s.token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${sig}`;
    const badSig = `${h}.${p}.${sig!.slice(0, -4)}AAAA`;
    const expired = (
      await signAccessToken(
        secret,
        { sub: s.userId, email: s.email, sessionId: s.sessionId },
        60,
        Math.floor(Date.now() / 1000) - 3600,
      )
    ).token;
    for (const token of [forged, badSig, expired, 'lixo']) {
      const r = await call('GET', '/auth/v1/user', { token });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('bad_jwt');
      expect((await apiMe(token)).status).toBe(401);
    }
    expect((await call('GET', '/auth/v1/user')).body.code).toBe('no_authorization');
    // revoked: the session is gone
    expect((await call('POST', '/auth/v1/logout?scope=local', { token: s.token })).status).toBe(204);
    const revoked = await call('GET', '/auth/v1/user', { token: s.token });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('session_not_found');
    expect((await apiMe(s.token)).status).toBe(401);
  });

  it("a deactivated user's live token gets 401", async () => {
    const s = await t.signIn([]);
    await t.db.execute(sql`update users set ativo = false where id = ${s.userId}`);
    expect((await call('GET', '/auth/v1/user', { token: s.token })).status).toBe(401);
    expect((await apiMe(s.token)).status).toBe(401);
  });
});

describe('PUT /auth/v1/user', () => {
  it('a password change ends every other session but keeps the current one', async () => {
    const email = newEmail();
    const { user } = await signUpAndConfirm(email, 'senha-antiga-1');
    const a = await passwordGrant(email, 'senha-antiga-1');
    const b = await passwordGrant(email, 'senha-antiga-1');
    const c = await passwordGrant(email, 'senha-antiga-1');
    const r = await call('PUT', '/auth/v1/user', {
      token: a.body.access_token,
      body: { password: 'senha-nova-22' },
    });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(user.id);
    expect((await apiMe(a.body.access_token)).status).toBe(200);
    expect((await refreshGrant(a.body.refresh_token)).status).toBe(200);
    for (const other of [b, c]) {
      expect((await apiMe(other.body.access_token)).status).toBe(401);
      expect((await refreshGrant(other.body.refresh_token)).body.code).toBe('refresh_token_not_found');
    }
    expect((await passwordGrant(email, 'senha-antiga-1')).body.code).toBe('invalid_credentials');
    expect((await passwordGrant(email, 'senha-nova-22')).status).toBe(200);
    const events = await authEvents(t.db, user.id);
    expect(events.find((e) => e.acao === 'troca_senha')).toEqual({
      acao: 'troca_senha',
      depois: { outras_sessoes_encerradas: 3, primeira_senha: false },
    });
  });

  it('the same password → 422 same_password; a short one → 422 weak_password', async () => {
    const s = await t.signIn([], { password: 'senha-atual-1' });
    const same = await call('PUT', '/auth/v1/user', { token: s.token, body: { password: 'senha-atual-1' } });
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({
      code: 'same_password',
      message: 'A nova senha deve ser diferente da senha atual.',
    });
    const short = await call('PUT', '/auth/v1/user', { token: s.token, body: { password: 'curta' } });
    expect(short.status).toBe(422);
    expect(short.body.code).toBe('weak_password');
  });

  it('data merges into user_metadata', async () => {
    const s = await t.signIn([], { nome: 'Nome Antigo' });
    const r = await call('PUT', '/auth/v1/user', {
      token: s.token,
      body: { data: { name: 'Nome Novo', tema: 'escuro' } },
    });
    expect(r.status).toBe(200);
    expect(r.body.user_metadata).toEqual({ name: 'Nome Novo', tema: 'escuro' });
  });

  it('a recovery link sent before a password change no longer works', async () => {
    const email = newEmail();
    await signUpAndConfirm(email, 'senha-antiga-1');
    await t.db.execute(sql`delete from auth_rate_limits where chave = ${`mail:${email}`}`);
    expect((await call('POST', '/auth/v1/recover', { body: { email } })).status).toBe(200);
    const link = linkIn((await lastQueuedMail(t.db, email, 'recuperacao')).texto);
    const s = await passwordGrant(email, 'senha-antiga-1');
    await call('PUT', '/auth/v1/user', { token: s.body.access_token, body: { password: 'senha-nova-22' } });
    const res = await t.request('GET', pathOf(link));
    expect(fragmentOf(res.headers.get('location')).error_code).toBe('otp_expired');
  });
});

describe('POST /auth/v1/logout', () => {
  it('local ends this session, others the rest, global all; each recorded', async () => {
    const email = newEmail();
    const { user } = await signUpAndConfirm(email, 'senha-forte-1');
    const s = await Promise.all([1, 2, 3].map(() => passwordGrant(email, 'senha-forte-1')));
    const [a, b, c] = s.map((x) => x.body.access_token as string);
    expect((await call('POST', '/auth/v1/logout?scope=others', { token: a! })).status).toBe(204);
    expect((await apiMe(a!)).status).toBe(200);
    expect((await apiMe(b!)).status).toBe(401);
    expect((await apiMe(c!)).status).toBe(401);
    const d = (await passwordGrant(email, 'senha-forte-1')).body.access_token;
    expect((await call('POST', '/auth/v1/logout?scope=global', { token: d })).status).toBe(204);
    expect((await apiMe(a!)).status).toBe(401);
    const saidas = (await authEvents(t.db, user.id)).filter((e) => e.acao === 'saida');
    expect(saidas.map((e) => e.depois)).toEqual([
      { escopo: 'others', sessoes_encerradas: 3 },
      { escopo: 'global', sessoes_encerradas: 2 },
    ]);
  });
});

describe('POST /auth/v1/recover', () => {
  it('always 200 {}; an existing user gets a 1-hour link to /reset-password that also confirms the e-mail', async () => {
    const email = newEmail();
    const up = await call('POST', '/auth/v1/signup', { body: { email, password: 'senha-forte-1' } });
    await t.db.execute(sql`delete from auth_rate_limits where chave = ${`mail:${email}`}`);
    const r = await call(
      'POST',
      `/auth/v1/recover?redirect_to=${encodeURIComponent(`${SITE}/reset-password`)}`,
      {
        body: { email },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    const mail = await lastQueuedMail(t.db, email, 'recuperacao');
    expect(mail.assunto).toBe('Redefinição de senha da Plataforma ERP');
    const link = new URL(linkIn(mail.texto));
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/reset-password`);
    const [ttl] = rowsOf<{ minutos: number }>(
      await t.db.execute(sql`
        select round(extract(epoch from (expires_at - created_at)) / 60)::int as minutos
          from one_time_tokens where user_id = ${up.body.id} and tipo = 'recovery'`),
    );
    expect(ttl!.minutos).toBe(60);
    const res = await t.request('GET', pathOf(link.toString()));
    const loc = new URL(res.headers.get('location')!);
    expect(loc.pathname).toBe('/reset-password');
    const fragment = fragmentOf(loc.toString());
    expect(fragment.type).toBe('recovery');
    const me = await call('GET', '/auth/v1/user', { token: fragment.access_token });
    expect(me.body.email_confirmed_at).not.toBeNull();
    const events = (await authEvents(t.db, up.body.id)).map((e) => [e.acao, e.depois]);
    expect(events).toEqual([
      ['cadastro', null],
      ['recuperacao_senha', { etapa: 'email_enviado' }],
      ['confirmacao_email', { via: 'recovery' }],
      ['recuperacao_senha', { etapa: 'link_utilizado' }],
      ['entrada', { metodo: 'link_recovery' }],
    ]);
  });

  it('an unknown e-mail: the same 200 {} and no message', async () => {
    const email = newEmail('ninguem');
    const r = await call('POST', '/auth/v1/recover', { body: { email } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    await expect(lastQueuedMail(t.db, email)).rejects.toThrow();
  });

  it('a foreign redirect_to falls back to the site reset page', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    await t.db.execute(sql`delete from auth_rate_limits where chave = ${`mail:${email}`}`);
    await call(
      'POST',
      `/auth/v1/recover?redirect_to=${encodeURIComponent('https://evil.example.com/reset-password')}`,
      {
        body: { email },
      },
    );
    const link = new URL(linkIn((await lastQueuedMail(t.db, email, 'recuperacao')).texto));
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/reset-password`);
  });
});

describe('transient database failure', () => {
  it('answers 503 (retryable by auth-js), never 500', async () => {
    // the same app, its database server unreachable (nothing listens on port 1)
    const unreachable = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/indisponivel',
      poolSize: 1,
    });
    const app = createApp({ ...t.deps, database: unreachable, db: unreachable.db });
    for (const [path, body] of [
      ['/auth/v1/token?grant_type=password', { email: 'a@b.com.br', password: 'senha-forte-1' }],
      ['/auth/v1/signup', { email: 'a@b.com.br', password: 'senha-forte-1' }],
      ['/auth/v1/recover', { email: 'a@b.com.br' }],
    ] as const) {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ code: 'service_unavailable' });
    }
    await unreachable.close();
  });
});
