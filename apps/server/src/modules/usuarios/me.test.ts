import type { SessaoAtiva } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { verifyPassword } from '../auth/password.ts';
import { createSession } from '../auth/session.service.ts';
import { signAccessToken } from '../auth/tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Another signed-in device of the same user. */
async function secondDevice(userId: string, email: string, userAgent: string) {
  const s = await createSession(t.db, userId, { userAgent, ip: '203.0.113.7' });
  const { token } = await signAccessToken(
    t.deps.jwtSecret,
    { sub: userId, email, sessionId: s.sessionId },
    3600,
  );
  return { token, sessionId: s.sessionId };
}

async function storedHash(userId: string) {
  return rowsOf<{ h: string }>(
    await t.db.execute(sql`select encrypted_password as h from users where id = ${userId}::uuid`),
  )[0]!.h;
}

describe('own profile', () => {
  it('edits nome_completo, cargo and departamento; the e-mail is not editable here', async () => {
    const u = await t.signIn(['estoque'], { nome: 'Antes' });
    const res = await t.request('PUT', '/api/me', {
      token: u.token,
      body: { nome_completo: 'Depois', cargo: 'Almoxarife', departamento: 'Logística', email: 'x@y.com' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      user: { id: u.userId, email: u.email },
      profile: { nome_completo: 'Depois', cargo: 'Almoxarife', departamento: 'Logística' },
      roles: ['estoque'],
    });
    const audit = rowsOf<{ antes: unknown; depois: unknown; user_id: string }>(
      await t.db.execute(sql`select antes, depois, user_id from audit_log
        where tabela = 'user_profiles' and acao = 'alteracao' and registro_id = ${u.userId}`),
    );
    expect(audit).toEqual([
      {
        antes: { nome_completo: 'Antes', cargo: null, departamento: null },
        depois: { nome_completo: 'Depois', cargo: 'Almoxarife', departamento: 'Logística' },
        user_id: u.userId,
      },
    ]);
  });
});

describe('whom to ask for access (/api/me/administradores)', () => {
  it('a user without a role reads the active administrators, name and e-mail only', async () => {
    const ana = await t.signIn(['admin'], { email: 'ana.admin@teste.com.br', nome: 'Ana Souza' });
    const bruno = await t.signIn(['admin', 'financeiro'], {
      email: 'bruno@teste.com.br',
      nome: 'Bruno Lima',
    });
    const inativo = await t.signIn(['admin'], { email: 'carla@teste.com.br', nome: 'Carla Desativada' });
    await t.db.execute(sql`update users set ativo = false where id = ${inativo.userId}::uuid`);
    const pendente = await t.signIn(['admin'], { email: 'davi@teste.com.br', nome: 'Davi Convidado' });
    await t.db.execute(sql`update users set email_confirmed_at = null where id = ${pendente.userId}::uuid`);
    await t.signIn(['estoque'], { email: 'eva@teste.com.br', nome: 'Eva Estoque' });
    const semPapel = await t.signIn([], { email: 'sem.papel@teste.com.br' });
    const res = await t.request('GET', '/api/me/administradores', { token: semPapel.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { nome: 'Ana Souza', email: ana.email },
      { nome: 'Bruno Lima', email: bruno.email },
    ]);
    expect((await t.request('GET', '/api/me/administradores')).status).toBe(401);
  });
});

describe('change password (/api/me/senha)', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const u = await t.signIn([], { password: 'senha-atual-123' });
    const before = await storedHash(u.userId);
    const res = await t.request('POST', '/api/me/senha', {
      token: u.token,
      body: { senha_atual: 'errada-123', nova_senha: 'nova-senha-456' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Senha atual incorreta',
      details: { fields: { senha_atual: ['Senha atual incorreta'] } },
    });
    expect(await storedHash(u.userId)).toBe(before);
  });

  it('validates the new password with the spec messages', async () => {
    const u = await t.signIn([], { password: 'senha-atual-123' });
    const short = await t.request('POST', '/api/me/senha', {
      token: u.token,
      body: { senha_atual: 'senha-atual-123', nova_senha: '1234567' },
    });
    expect(await short.json()).toMatchObject({
      details: { fields: { nova_senha: ['A senha deve ter no mínimo 8 caracteres'] } },
    });
    const same = await t.request('POST', '/api/me/senha', {
      token: u.token,
      body: { senha_atual: 'senha-atual-123', nova_senha: 'senha-atual-123' },
    });
    expect(await same.json()).toMatchObject({
      details: { fields: { nova_senha: ['A nova senha deve ser diferente da atual'] } },
    });
  });

  it('changes the password; other sessions end at once, this one stays; the change is audited', async () => {
    const u = await t.signIn(['comercial'], { password: 'senha-atual-123' });
    const other = await secondDevice(u.userId, u.email, 'Celular');
    expect((await t.request('GET', '/api/me', { token: other.token })).status).toBe(200);

    const res = await t.request('POST', '/api/me/senha', {
      token: u.token,
      body: { senha_atual: 'senha-atual-123', nova_senha: 'nova-senha-456' },
      headers: { 'User-Agent': 'Navegador de teste' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sessoes_encerradas: 1 });

    expect((await t.request('GET', '/api/me', u)).status).toBe(200);
    expect((await t.request('GET', '/api/me', { token: other.token })).status).toBe(401);
    const hash = await storedHash(u.userId);
    expect(await verifyPassword(hash, 'nova-senha-456')).toBe(true);
    expect(await verifyPassword(hash, 'senha-atual-123')).toBe(false);

    const events = rowsOf<{ user_id: string; user_email: string; depois: unknown; user_agent: string }>(
      await t.db.execute(sql`select user_id, user_email, depois, user_agent from audit_log
        where acao = 'troca_senha' and registro_id = ${u.userId}`),
    );
    expect(events).toEqual([
      {
        user_id: u.userId,
        user_email: u.email,
        depois: { sessoes_encerradas: 1 },
        user_agent: 'Navegador de teste',
      },
    ]);
    // the password hash never enters the audit log
    const leaked = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from audit_log where antes::text like '%argon2%' or depois::text like '%argon2%'`,
      ),
    );
    expect(leaked[0]!.n).toBe(0);
  });
});

describe('own sessions', () => {
  it('lists the devices (user agent, last used), marks the current one, and ends the others', async () => {
    const u = await t.signIn([]);
    const phone = await secondDevice(u.userId, u.email, 'Mozilla/5.0 (iPhone)');
    await t.db.execute(
      sql`update auth_sessions set refreshed_at = '2026-11-01T10:00:00Z' where id = ${phone.sessionId}::uuid`,
    );
    const list = (await (await t.request('GET', '/api/me/sessoes', u)).json()) as SessaoAtiva[];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: u.sessionId, atual: true });
    expect(list[1]).toMatchObject({
      id: phone.sessionId,
      atual: false,
      user_agent: 'Mozilla/5.0 (iPhone)',
      ip: '203.0.113.7',
      refreshed_at: '2026-11-01T10:00:00.000Z',
    });

    const ended = await t.request('POST', '/api/me/sessoes/encerrar-outras', u);
    expect(await ended.json()).toEqual({ sessoes_encerradas: 1 });
    expect((await t.request('GET', '/api/me', { token: phone.token })).status).toBe(401);
    expect((await t.request('GET', '/api/me', u)).status).toBe(200);
    const after = (await (await t.request('GET', '/api/me/sessoes', u)).json()) as SessaoAtiva[];
    expect(after.map((s) => s.id)).toEqual([u.sessionId]);
  });

  it('"Último uso" moves when the session refreshes (refresh-token grant)', async () => {
    const u = await t.signIn([]);
    await t.db.execute(
      sql`update auth_sessions set refreshed_at = '2026-01-01T10:00:00Z' where id = ${u.sessionId}::uuid`,
    );
    const before = Date.now();
    const res = await t.request('POST', '/auth/v1/token?grant_type=refresh_token', {
      body: { refresh_token: u.refreshToken },
    });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    const list = (await (
      await t.request('GET', '/api/me/sessoes', { token: access_token })
    ).json()) as SessaoAtiva[];
    expect(list).toHaveLength(1);
    expect(list[0]!.id).toBe(u.sessionId);
    expect(Date.parse(list[0]!.refreshed_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('another user’s sessions are neither listed nor ended', async () => {
    const a = await t.signIn([]);
    const b = await t.signIn([]);
    await t.request('POST', '/api/me/sessoes/encerrar-outras', a);
    expect((await t.request('GET', '/api/me', b)).status).toBe(200);
    const list = (await (await t.request('GET', '/api/me/sessoes', a)).json()) as SessaoAtiva[];
    expect(list.map((s) => s.id)).toEqual([a.sessionId]);
  });

  it('requires a signed-in user', async () => {
    expect((await t.request('GET', '/api/me/sessoes')).status).toBe(401);
    expect((await t.request('POST', '/api/me/sessoes/encerrar-outras')).status).toBe(401);
    expect(
      (await t.request('POST', '/api/me/senha', { body: { senha_atual: 'a', nova_senha: 'bbbbbbbb' } }))
        .status,
    ).toBe(401);
  });
});
