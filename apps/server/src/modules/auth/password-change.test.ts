import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fragmentOf, lastQueuedMail, linkIn, pathOf } from './auth-test-support.ts';
import { passwordWeakness } from './password-policy.ts';
import { authLimits } from './rate-limit.service.ts';
import { createUser } from './user-create.service.ts';

// Where a password is chosen or changed: PUT /auth/v1/user (the /reset-password screen of recovery
// and invitation links), /api/me/senha (current password), sign-up and user:create.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const newEmail = (p = 'troca') => `${p}-${++seq}-${Date.now().toString(36)}@teste.com.br`;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
type Json = Record<string, any>;
async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await t.request(method, path, opts);
  const text = await res.text();
  return { res, status: res.status, body: (text ? JSON.parse(text) : null) as Json };
}

const passwordGrant = (email: string, password: string) =>
  call('POST', '/auth/v1/token?grant_type=password', { body: { email, password } });

const sessionIdOf = (accessToken: string): string =>
  JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).session_id;

/** Moves a session's start into the past, as if it had been opened `minutes` ago. */
async function ageSession(accessToken: string, minutes: number) {
  await t.db.execute(sql`update auth_sessions set created_at = now() - make_interval(mins => ${minutes})
    where id = ${sessionIdOf(accessToken)}::uuid`);
}

async function confirmedUser(password = 'senha-antiga-1') {
  const email = newEmail();
  const { userId } = await t.signIn([], { email, password });
  return { email, userId };
}

async function recoverySession(email: string) {
  await t.db.execute(sql`delete from auth_rate_limits where chave = ${`mail:${email}`}`);
  expect((await call('POST', '/auth/v1/recover', { body: { email } })).status).toBe(200);
  const link = linkIn((await lastQueuedMail(t.db, email, 'recuperacao')).texto);
  const res = await t.request('GET', pathOf(link));
  return fragmentOf(res.headers.get('location'));
}

const putPassword = (token: string, password: string) =>
  call('PUT', '/auth/v1/user', { token, body: { password } });

describe('PUT /auth/v1/user: a password change needs a session that proves the person', () => {
  it('a stolen access token of an older password session gets 400 reauthentication_needed; nothing changes', async () => {
    const { email } = await confirmedUser();
    const owner = await passwordGrant(email, 'senha-antiga-1');
    const thief = await passwordGrant(email, 'senha-antiga-1');
    await ageSession(thief.body.access_token, 11);
    const r = await putPassword(thief.body.access_token, 'senha-do-ladrao-9');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'reauthentication_needed',
      error_code: 'reauthentication_needed',
      msg: 'Por segurança, a troca de senha exige um login recente. Entre novamente ou use "Esqueci minha senha".',
      message:
        'Por segurança, a troca de senha exige um login recente. Entre novamente ou use "Esqueci minha senha".',
    });
    expect((await passwordGrant(email, 'senha-antiga-1')).status).toBe(200);
    expect((await call('GET', '/api/me', { token: owner.body.access_token })).status).toBe(200);
    // other profile data may still change from that session
    expect(
      (
        await call('PUT', '/auth/v1/user', {
          token: thief.body.access_token,
          body: { data: { tema: 'escuro' } },
        })
      ).status,
    ).toBe(200);
  });

  it('a sign-in within the last 10 minutes may change it', async () => {
    const { email } = await confirmedUser();
    const s = await passwordGrant(email, 'senha-antiga-1');
    await ageSession(s.body.access_token, 9);
    expect((await putPassword(s.body.access_token, 'senha-nova-22x')).status).toBe(200);
    expect((await passwordGrant(email, 'senha-nova-22x')).status).toBe(200);
  });

  it('a recovery link session (the /reset-password screen) may set it for an hour, not later', async () => {
    const { email } = await confirmedUser();
    const late = await recoverySession(email);
    expect(late.type).toBe('recovery');
    await ageSession(late.access_token!, 61);
    expect((await putPassword(late.access_token!, 'senha-nova-33x')).body.code).toBe(
      'reauthentication_needed',
    );
    const fresh = await recoverySession(email);
    await ageSession(fresh.access_token!, 45);
    expect((await putPassword(fresh.access_token!, 'senha-nova-33x')).status).toBe(200);
    expect((await passwordGrant(email, 'senha-nova-33x')).status).toBe(200);
  });

  it('an invitation link session sets the first password (not a common one)', async () => {
    const admin = await t.signIn(['admin']);
    const email = newEmail('convidado');
    const inv = await call('POST', '/api/usuarios', {
      token: admin.token,
      body: { nome_completo: 'Pessoa Convidada', email, roles: ['comercial'] },
    });
    expect(inv.status).toBe(201);
    const link = linkIn((await lastQueuedMail(t.db, email, 'convite')).texto);
    const f = fragmentOf((await t.request('GET', pathOf(link))).headers.get('location'));
    expect(f.type).toBe('invite');
    await ageSession(f.access_token!, 30);
    const common = await putPassword(f.access_token!, '12345678');
    expect(common.status).toBe(422);
    expect(common.body).toMatchObject({
      code: 'weak_password',
      message: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
      weak_password: { reasons: ['pwned'] },
    });
    expect((await putPassword(f.access_token!, 'minha-primeira-senha-7')).status).toBe(200);
    expect((await passwordGrant(email, 'minha-primeira-senha-7')).status).toBe(200);
  });
});

describe('weak passwords: whitespace only and the 10,000 most common', () => {
  it('the shipped list holds 10,000 passwords of 8+ characters; length first, then whitespace, then the list', () => {
    expect(passwordWeakness('1234567')).toEqual({
      reason: 'length',
      message: 'A senha deve ter no mínimo 8 caracteres',
    });
    expect(passwordWeakness('        ')).toEqual({
      reason: 'characters',
      message: 'A senha não pode ser formada só por espaços',
    });
    for (const common of ['12345678', 'password', 'Password', 'iloveyou', 'qwertyuiop', 'senha123']) {
      expect(passwordWeakness(common)?.reason, common).toBe('pwned');
    }
    expect(passwordWeakness('demo12345')).toBeNull();
    expect(passwordWeakness('cavalo-bateria-grampo')).toBeNull();
  });

  it('sign-up: 422 weak_password with the reason and a pt-BR message; the spec length message stays', async () => {
    const cases = [
      ['12345678', 'pwned', 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.'],
      ['        ', 'characters', 'A senha não pode ser formada só por espaços'],
      ['curta', 'length', 'A senha deve ter no mínimo 8 caracteres'],
    ] as const;
    for (const [password, reason, message] of cases) {
      const email = newEmail('cadastro');
      const r = await call('POST', '/auth/v1/signup', { body: { email, password } });
      expect(r.status, password).toBe(422);
      expect(r.body).toMatchObject({ code: 'weak_password', message, weak_password: { reasons: [reason] } });
      expect((await passwordGrant(email, password)).body.code).toBe('invalid_credentials');
    }
  });

  it('PUT /auth/v1/user refuses them too', async () => {
    const { email } = await confirmedUser();
    const s = await passwordGrant(email, 'senha-antiga-1');
    for (const [password, reason] of [
      ['iloveyou', 'pwned'],
      ['\t\t        ', 'characters'],
    ] as const) {
      const r = await putPassword(s.body.access_token, password);
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ code: 'weak_password', weak_password: { reasons: [reason] } });
    }
  });

  it('/api/me/senha: a field error on nova_senha', async () => {
    const { email } = await confirmedUser('senha-atual-123');
    const s = await passwordGrant(email, 'senha-atual-123');
    const common = await call('POST', '/api/me/senha', {
      token: s.body.access_token,
      body: { senha_atual: 'senha-atual-123', nova_senha: 'football' },
    });
    expect(common.status).toBe(400);
    expect(common.body.details.fields).toEqual({
      nova_senha: ['Esta senha é muito comum e fácil de adivinhar. Escolha outra.'],
    });
    const blank = await call('POST', '/api/me/senha', {
      token: s.body.access_token,
      body: { senha_atual: 'senha-atual-123', nova_senha: '         ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.details.fields).toEqual({
      nova_senha: ['A senha não pode ser formada só por espaços'],
    });
  });

  it('user:create refuses them', async () => {
    await expect(
      createUser(t.db, { email: newEmail('cli'), password: 'password1', nome: null, roles: ['admin'] }),
    ).rejects.toThrow('Esta senha é muito comum e fácil de adivinhar. Escolha outra.');
  });
});

describe('/api/me/senha with a wrong current password', () => {
  it('is audited, and limited per user: the 6th attempt within 15 min waits, even with the right password', async () => {
    const { email, userId } = await confirmedUser('senha-atual-123');
    const s = await passwordGrant(email, 'senha-atual-123');
    // an old session: /api/me/senha (with the current password) is the way to change it
    await ageSession(s.body.access_token, 120);
    const change = (senha_atual: string) =>
      call('POST', '/api/me/senha', {
        token: s.body.access_token,
        body: { senha_atual, nova_senha: 'uma-nova-senha-8' },
      });
    for (let i = 0; i < authLimits.currentPasswordFailuresPerUser.max; i++) {
      const r = await change(`chute-${i}-abc`);
      expect(r.status).toBe(400);
      expect(r.body.details.fields).toEqual({ senha_atual: ['Senha atual incorreta'] });
    }
    const blocked = await change('senha-atual-123');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'rate_limited',
      message: 'Muitas tentativas com a senha atual incorreta. Tente novamente em 15 minutos.',
    });
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await passwordGrant(email, 'senha-atual-123')).status).toBe(200);
    const rows = rowsOf<{ acao: string; motivo: string }>(
      await t.db.execute(sql`select acao, depois->>'motivo' as motivo from audit_log
        where registro_id = ${userId} and acao = 'falha_login' order by id`),
    );
    expect(rows).toEqual([
      ...Array.from({ length: authLimits.currentPasswordFailuresPerUser.max }, () => ({
        acao: 'falha_login',
        motivo: 'senha_atual_incorreta',
      })),
      { acao: 'falha_login', motivo: 'limite_tentativas' },
    ]);
    // the window over, the right current password works and clears the count
    await t.db.execute(sql`update auth_rate_limits set janela_inicio = now() - interval '16 minutes'
      where chave = ${`senha_atual:${userId}`}`);
    expect((await change('senha-atual-123')).status).toBe(200);
  });
});
