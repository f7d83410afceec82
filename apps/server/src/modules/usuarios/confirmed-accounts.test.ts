import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// Only accounts that can sign in count: for the last-administrator guard and for the users a
// salesperson may be linked to.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const newEmail = (p: string) => `${p}-${++seq}-${Date.now().toString(36)}@teste.com.br`;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
type Json = any;
async function call(method: string, path: string, token: string | undefined, body?: unknown) {
  const res = await t.request(method, path, { token, body });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Someone invited (no password, e-mail not confirmed yet) with these roles. */
async function invite(adminToken: string, roles: string[], nome = 'Convidada Pendente') {
  const r = await call('POST', '/api/usuarios', adminToken, {
    nome_completo: nome,
    email: newEmail('convite'),
    roles,
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

/** A sign-up whose e-mail is not confirmed yet. */
async function unconfirmedSignUp(nome: string) {
  const r = await call('POST', '/auth/v1/signup', undefined, {
    email: newEmail('cadastro'),
    password: 'senha-forte-1',
    data: { name: nome },
  });
  expect(r.status).toBe(200);
  return r.body.id as string;
}

describe('the last-administrator guard counts only active, confirmed administrators', () => {
  // These tests run on one database: each starts by leaving exactly one confirmed admin (itself).
  async function soleAdmin() {
    await t.db.execute(sql`delete from user_roles where role = 'admin'`);
    return t.signIn(['admin']);
  }

  it('an admin who invited another admin (pending) cannot remove their own admin role', async () => {
    const a = await soleAdmin();
    await invite(a.token, ['admin']);
    const r = await call('PUT', `/api/usuarios/${a.userId}/papeis`, a.token, { roles: ['comercial'] });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'Não é possível remover o papel de administrador do último administrador ativo.',
    );
    const me = await call('GET', '/api/me', a.token);
    expect(me.body.roles).toEqual(['admin']);
  });

  it('an unconfirmed sign-up holding the admin role does not count either; a confirmed one does', async () => {
    const a = await soleAdmin();
    const pending = await unconfirmedSignUp('Cadastro Sem Confirmar');
    await t.db.execute(sql`insert into user_roles (user_id, role) values (${pending}::uuid, 'admin')`);
    expect((await call('PUT', `/api/usuarios/${a.userId}/papeis`, a.token, { roles: [] })).status).toBe(422);
    await t.signIn(['admin']);
    expect((await call('PUT', `/api/usuarios/${a.userId}/papeis`, a.token, { roles: [] })).status).toBe(200);
  });
});

describe('GET /api/cadastros/vendedores/usuarios (shown to comercial)', () => {
  it('lists only active, confirmed accounts that are not administrators', async () => {
    const admin = await t.signIn(['admin'], { nome: 'Zeta Administradora' });
    const comercial = await t.signIn(['comercial'], { nome: 'Zeta Vendedora' });
    const semPapel = await t.signIn([], { nome: 'Zeta Sem Papel' });
    const desativada = await t.signIn(['comercial'], { nome: 'Zeta Desativada' });
    await call('POST', `/api/usuarios/${desativada.userId}/desativar`, admin.token);
    await invite(admin.token, ['comercial'], 'Zeta Convidada');
    await unconfirmedSignUp('Zeta Sem Confirmar');
    const r = await call('GET', '/api/cadastros/vendedores/usuarios', comercial.token);
    expect(r.status).toBe(200);
    const zetas = (r.body as { nome: string | null }[]).filter((u) => u.nome?.startsWith('Zeta'));
    expect(zetas).toEqual([
      { id: semPapel.userId, email: semPapel.email, nome: 'Zeta Sem Papel' },
      { id: comercial.userId, email: comercial.email, nome: 'Zeta Vendedora' },
    ]);
  });
});
