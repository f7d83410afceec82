import type { UsuarioListItem, UsuariosPage, UsuariosPorPapel } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { lastQueuedMail, linkIn, pathOf } from '../auth/auth-test-support.ts';

let t: TestContext;
let admin: Awaited<ReturnType<TestContext['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(['admin'], { email: 'chefe@teste.com.br', nome: 'Chefe Geral' });
});
afterAll(() => t.close());

async function json<T>(res: Response | Promise<Response>): Promise<T> {
  return (await res).json() as Promise<T>;
}

async function auditRows(registroId: string, acao?: string) {
  return rowsOf<{
    acao: string;
    tabela: string;
    user_id: string | null;
    antes: Record<string, unknown> | null;
    depois: Record<string, unknown> | null;
  }>(
    await t.db.execute(sql`select acao, tabela, user_id, antes, depois from audit_log
      where registro_id = ${registroId} ${acao ? sql`and acao = ${acao}` : sql``} order by id`),
  );
}

describe('access', () => {
  it('every /api/usuarios route answers 403 to non-admins and 401 without a token', async () => {
    const { token } = await t.signIn(['comercial', 'estoque', 'financeiro']);
    const target = await t.signIn([]);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/usuarios'],
      ['GET', '/api/usuarios/opcoes'],
      ['GET', '/api/usuarios/por-papel'],
      ['GET', `/api/usuarios/${target.userId}`],
      ['PUT', `/api/usuarios/${target.userId}`, { nome_completo: 'X' }],
      ['PUT', `/api/usuarios/${target.userId}/papeis`, { roles: ['admin'] }],
      ['POST', `/api/usuarios/${target.userId}/desativar`],
      ['POST', `/api/usuarios/${target.userId}/reativar`],
      ['POST', `/api/usuarios/${target.userId}/reenviar-convite`],
      ['POST', `/api/usuarios/${target.userId}/redefinir-senha`],
      ['POST', '/api/usuarios', { nome_completo: 'X', email: 'x@teste.com.br', roles: ['admin'] }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toMatchObject({
        code: 'forbidden',
        message: 'Você não tem permissão para esta ação.',
      });
      expect((await t.request(method, path, { body })).status, `${method} ${path} sem token`).toBe(401);
    }
    // the non-admin's attempt changed nothing
    expect(
      await json<UsuarioListItem>(t.request('GET', `/api/usuarios/${target.userId}`, admin)),
    ).toMatchObject({ roles: [], status: 'ativo' });
  });
});

describe('list', () => {
  it('lists name, e-mail, roles, status and last sign-in, with search, filters and pagination', async () => {
    const a = await t.signIn(['estoque', 'comercial'], {
      email: 'zelia.lista@teste.com.br',
      nome: 'Zélia Lista',
    });
    await t.signIn([], { email: 'yuri.lista@teste.com.br', nome: 'Yuri Lista' });
    await t.db.execute(
      sql`update users set last_sign_in_at = '2026-11-20T12:00:00Z' where id = ${a.userId}::uuid`,
    );
    const page = await json<UsuariosPage>(t.request('GET', '/api/usuarios?q=lista', admin));
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.email)).toEqual(['yuri.lista@teste.com.br', 'zelia.lista@teste.com.br']);
    expect(page.items[1]).toMatchObject({
      id: a.userId,
      nome_completo: 'Zélia Lista',
      roles: ['comercial', 'estoque'],
      status: 'ativo',
      last_sign_in_at: '2026-11-20T12:00:00.000Z',
    });

    const byRole = await json<UsuariosPage>(t.request('GET', '/api/usuarios?q=lista&papel=estoque', admin));
    expect(byRole.items.map((i) => i.email)).toEqual(['zelia.lista@teste.com.br']);
    const noRole = await json<UsuariosPage>(t.request('GET', '/api/usuarios?q=lista&papel=nenhum', admin));
    expect(noRole.items.map((i) => i.email)).toEqual(['yuri.lista@teste.com.br']);

    const paged = await json<UsuariosPage>(
      t.request('GET', '/api/usuarios?q=lista&pageSize=1&page=2', admin),
    );
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((i) => i.email)).toEqual(['zelia.lista@teste.com.br']);

    // a typed % is a literal character, not a wildcard
    expect((await json<UsuariosPage>(t.request('GET', '/api/usuarios?q=%25', admin))).total).toBe(0);
  });

  it('derives the status: convite pendente, ativo, desativado', async () => {
    const invited = await t.signIn([], { email: 'convidado.status@teste.com.br' });
    await t.db.execute(
      sql`update users set invited_at = now(), encrypted_password = null, email_confirmed_at = null where id = ${invited.userId}::uuid`,
    );
    const off = await t.signIn([], { email: 'desligado.status@teste.com.br' });
    await t.db.execute(sql`update users set ativo = false where id = ${off.userId}::uuid`);
    const pend = await json<UsuariosPage>(
      t.request('GET', '/api/usuarios?q=.status@&status=convite_pendente', admin),
    );
    expect(pend.items.map((i) => i.email)).toEqual(['convidado.status@teste.com.br']);
    const des = await json<UsuariosPage>(
      t.request('GET', '/api/usuarios?q=.status@&status=desativado', admin),
    );
    expect(des.items.map((i) => i.email)).toEqual(['desligado.status@teste.com.br']);
  });

  it('a sign-up whose e-mail is not confirmed is "aguardando confirmação", not "ativo", until the link is opened', async () => {
    const email = 'autocadastro.status@teste.com.br';
    const up = await t.request('POST', '/auth/v1/signup', {
      body: { email, password: 'Cadastro#2026-status', data: { name: 'Helena Autocadastro' } },
    });
    expect(up.status).toBe(200);
    const { id } = (await up.json()) as { id: string };

    const waiting = await json<UsuariosPage>(
      t.request('GET', '/api/usuarios?q=autocadastro.status&status=aguardando_confirmacao', admin),
    );
    expect(waiting.items.map((i) => [i.email, i.status])).toEqual([[email, 'aguardando_confirmacao']]);
    const active = await json<UsuariosPage>(
      t.request('GET', '/api/usuarios?q=autocadastro.status&status=ativo', admin),
    );
    expect(active.total).toBe(0);
    expect(await json<UsuarioListItem>(t.request('GET', `/api/usuarios/${id}`, admin))).toMatchObject({
      status: 'aguardando_confirmacao',
      nome_completo: 'Helena Autocadastro',
    });
    const porPapel = await json<UsuariosPorPapel>(t.request('GET', '/api/usuarios/por-papel', admin));
    expect(porPapel.nenhum.find((u) => u.id === id)).toEqual({
      id,
      email,
      nome_completo: 'Helena Autocadastro',
      status: 'aguardando_confirmacao',
    });

    // the confirmation link makes the account active
    const mail = await lastQueuedMail(t.db, email, 'confirmacao');
    expect((await t.request('GET', pathOf(linkIn(mail.texto)))).status).toBe(303);
    expect(await json<UsuarioListItem>(t.request('GET', `/api/usuarios/${id}`, admin))).toMatchObject({
      status: 'ativo',
    });
  });

  it('rejects bad filters with pt-BR field errors', async () => {
    const res = await t.request('GET', '/api/usuarios?papel=gerente&pageSize=500', admin);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      details: {
        fields: { papel: ['Papel inválido'], pageSize: ['Tamanho de página deve ser no máximo 100'] },
      },
    });
    expect((await t.request('GET', '/api/usuarios/nao-e-uuid', admin)).status).toBe(400);
    const missing = await t.request('GET', '/api/usuarios/00000000-0000-4000-8000-000000000000', admin);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: 'Usuário não encontrado.' });
  });

  it('groups users by role for the access-profiles screen', async () => {
    const fin = await t.signIn(['financeiro'], { email: 'fin.papel@teste.com.br', nome: 'Fin Papel' });
    const byRole = await json<UsuariosPorPapel>(t.request('GET', '/api/usuarios/por-papel', admin));
    expect(byRole.financeiro).toContainEqual({
      id: fin.userId,
      email: 'fin.papel@teste.com.br',
      nome_completo: 'Fin Papel',
      status: 'ativo',
    });
    expect(byRole.admin.map((u) => u.id)).toContain(admin.userId);
    expect(byRole.nenhum.map((u) => u.id)).not.toContain(fin.userId);
  });
});

describe('profile edit', () => {
  it('the admin edits name, cargo and departamento; the change is audited before → after', async () => {
    const u = await t.signIn([], { nome: 'Nome Antigo' });
    const res = await t.request('PUT', `/api/usuarios/${u.userId}`, {
      token: admin.token,
      body: { nome_completo: '  Nome Novo ', cargo: 'Vendedor', departamento: '' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      nome_completo: 'Nome Novo',
      cargo: 'Vendedor',
      departamento: null,
    });
    const rows = await auditRows(u.userId, 'alteracao');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tabela: 'user_profiles',
      user_id: admin.userId,
      antes: { nome_completo: 'Nome Antigo', cargo: null },
      depois: { nome_completo: 'Nome Novo', cargo: 'Vendedor' },
    });
  });
});

describe('roles', () => {
  it('a role change is visible on the very next request, without signing in again', async () => {
    const u = await t.signIn([]);
    expect((await t.request('GET', '/api/me', u)).status).toBe(200);
    expect((await json<{ roles: string[] }>(t.request('GET', '/api/me', u))).roles).toEqual([]);
    expect((await t.request('GET', '/api/usuarios', u)).status).toBe(403);

    const res = await t.request('PUT', `/api/usuarios/${u.userId}/papeis`, {
      token: admin.token,
      body: { roles: ['estoque', 'admin', 'estoque'] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ roles: ['admin', 'estoque'] });
    // same token, next request
    expect((await json<{ roles: string[] }>(t.request('GET', '/api/me', u))).roles).toEqual([
      'admin',
      'estoque',
    ]);
    expect((await t.request('GET', '/api/usuarios', u)).status).toBe(200);

    await t.request('PUT', `/api/usuarios/${u.userId}/papeis`, {
      token: admin.token,
      body: { roles: ['estoque'] },
    });
    expect((await t.request('GET', '/api/usuarios', u)).status).toBe(403);

    const events = await auditRows(u.userId, 'mudanca_papeis');
    expect(events.map((e) => [e.antes, e.depois, e.user_id])).toEqual([
      [{ roles: [] }, { roles: ['admin', 'estoque'] }, admin.userId],
      [{ roles: ['admin', 'estoque'] }, { roles: ['estoque'] }, admin.userId],
    ]);
    // the row changes themselves are recorded by the generic trigger
    const roleRows = (await auditRows(u.userId)).filter((r) => r.tabela === 'user_roles');
    expect(roleRows.map((r) => r.acao)).toEqual(['criacao', 'criacao', 'exclusao']);
  });

  it('an unchanged role set records nothing', async () => {
    const u = await t.signIn(['comercial']);
    await t.request('PUT', `/api/usuarios/${u.userId}/papeis`, {
      token: admin.token,
      body: { roles: ['comercial'] },
    });
    expect(await auditRows(u.userId, 'mudanca_papeis')).toEqual([]);
  });

  it('rejects an unknown role', async () => {
    const u = await t.signIn([]);
    const res = await t.request('PUT', `/api/usuarios/${u.userId}/papeis`, {
      token: admin.token,
      body: { roles: ['gerente'] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: { fields: { 'roles.0': ['Papel inválido'] } } });
  });
});

describe('last active admin and self-deactivation', () => {
  /** A fresh token for an existing user (a new session), as a sign-in would give. */
  async function tokenFor(ctx: TestContext, userId: string, email: string) {
    const { createSession } = await import('../auth/session.service.ts');
    const { signAccessToken } = await import('../auth/tokens.ts');
    const s = await createSession(ctx.db, userId, {});
    return (await signAccessToken(ctx.deps.jwtSecret, { sub: userId, email, sessionId: s.sessionId }, 3600))
      .token;
  }
  async function activeAdmins(ctx: TestContext) {
    return rowsOf<{ id: string }>(
      await ctx.db.execute(sql`select u.id from users u join user_roles r on r.user_id = u.id
        where r.role = 'admin' and u.ativo order by u.id`),
    ).map((r) => r.id);
  }

  it('the last active admin keeps the admin role; a deactivated admin does not count', async () => {
    // a database of its own so "the last admin" is exact
    const t2 = await createTestApp();
    try {
      const solo = await t2.signIn(['admin']);
      const removeOwn = await t2.request('PUT', `/api/usuarios/${solo.userId}/papeis`, {
        token: solo.token,
        body: { roles: ['comercial'] },
      });
      expect(removeOwn.status).toBe(422);
      expect(await removeOwn.json()).toMatchObject({
        code: 'unprocessable',
        message: 'Não é possível remover o papel de administrador do último administrador ativo.',
      });
      expect((await json<{ roles: string[] }>(t2.request('GET', '/api/me', solo))).roles).toEqual(['admin']);

      const dormant = await t2.signIn(['admin']);
      expect((await t2.request('POST', `/api/usuarios/${dormant.userId}/desativar`, solo)).status).toBe(200);
      const stillLast = await t2.request('PUT', `/api/usuarios/${solo.userId}/papeis`, {
        token: solo.token,
        body: { roles: [] },
      });
      expect(stillLast.status).toBe(422);

      expect((await t2.request('POST', `/api/usuarios/${dormant.userId}/reativar`, solo)).status).toBe(200);
      const dropOwn = await t2.request('PUT', `/api/usuarios/${solo.userId}/papeis`, {
        token: solo.token,
        body: { roles: ['comercial'] },
      });
      expect(dropOwn.status).toBe(200);
      expect((await t2.request('GET', '/api/usuarios', solo)).status).toBe(403);

      // now the reactivated one is the last active admin
      const dormantToken = await tokenFor(t2, dormant.userId, dormant.email);
      const res = await t2.request('PUT', `/api/usuarios/${dormant.userId}/papeis`, {
        token: dormantToken,
        body: { roles: ['estoque'] },
      });
      expect(res.status).toBe(422);
      expect(await activeAdmins(t2)).toEqual([dormant.userId]);
    } finally {
      await t2.close();
    }
  });

  it('two admins removing each other at the same instant: exactly one succeeds, one admin remains', async () => {
    const t3 = await createTestApp();
    try {
      const a1 = await t3.signIn(['admin']);
      const a2 = await t3.signIn(['admin']);
      const deactivations = await Promise.all([
        t3.request('POST', `/api/usuarios/${a2.userId}/desativar`, a1),
        t3.request('POST', `/api/usuarios/${a1.userId}/desativar`, a2),
      ]);
      const statuses = deactivations.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      // the loser was either refused by the rule or already signed out by the winner
      expect([401, 422]).toContain(statuses[1]);
      const [survivor] = await activeAdmins(t3);
      expect(await activeAdmins(t3)).toHaveLength(1);

      const s = survivor === a1.userId ? a1 : a2;
      const b = await t3.signIn(['admin']);
      const demotions = await Promise.all([
        t3.request('PUT', `/api/usuarios/${b.userId}/papeis`, { token: s.token, body: { roles: [] } }),
        t3.request('PUT', `/api/usuarios/${s.userId}/papeis`, { token: b.token, body: { roles: [] } }),
      ]);
      const ds = demotions.map((r) => r.status).sort();
      expect(ds[0]).toBe(200);
      expect([403, 422]).toContain(ds[1]);
      expect(await activeAdmins(t3)).toHaveLength(1);
    } finally {
      await t3.close();
    }
  });
});

describe('deactivation', () => {
  it('ends every session at once: the user’s tokens answer 401 on the next request', async () => {
    const u = await t.signIn(['comercial']);
    // a second device of the same user
    const { createSession } = await import('../auth/session.service.ts');
    const { signAccessToken } = await import('../auth/tokens.ts');
    const other = await createSession(t.db, u.userId, { userAgent: 'Outro navegador' });
    const { token: token2 } = await signAccessToken(
      t.deps.jwtSecret,
      { sub: u.userId, email: u.email, sessionId: other.sessionId },
      3600,
    );
    expect((await t.request('GET', '/api/me', u)).status).toBe(200);
    expect((await t.request('GET', '/api/me', { token: token2 })).status).toBe(200);

    const res = await t.request('POST', `/api/usuarios/${u.userId}/desativar`, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'desativado', sessoes_encerradas: 2 });

    expect((await t.request('GET', '/api/me', u)).status).toBe(401);
    expect((await t.request('GET', '/api/me', { token: token2 })).status).toBe(401);
    const left = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from auth_sessions where user_id = ${u.userId}::uuid`),
    );
    expect(left[0]!.n).toBe(0);

    const events = await auditRows(u.userId, 'desativacao');
    expect(events).toEqual([
      {
        acao: 'desativacao',
        tabela: 'users',
        user_id: admin.userId,
        antes: null,
        depois: { sessoes_encerradas: 2 },
      },
    ]);

    // reactivation lets the account back in (a new sign-in is needed: the old sessions are gone)
    const re = await t.request('POST', `/api/usuarios/${u.userId}/reativar`, admin);
    expect(await re.json()).toMatchObject({ status: 'ativo' });
    expect((await auditRows(u.userId, 'reativacao')).map((e) => e.user_id)).toEqual([admin.userId]);
    expect((await t.request('GET', '/api/me', u)).status).toBe(401);
  });

  it('an admin cannot deactivate themselves', async () => {
    const res = await t.request('POST', `/api/usuarios/${admin.userId}/desativar`, admin);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: 'Você não pode desativar a sua própria conta.' });
    expect((await t.request('GET', '/api/me', admin)).status).toBe(200);
  });
});
