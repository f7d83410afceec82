import type { Permission, Role } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app.ts';

// Every /api route declares its permission on its route line (requires(...) from lib/auth.ts, whose
// middleware carries `.permission`). This file finds every registered route, so a module added
// later is checked without editing this test.

/** The only /api routes that may be open without sign-in. Adding one here is a security decision. */
const PUBLIC_API_ROUTES = ['GET /api/config'];

/** Registered /api entries that are not endpoints: the JSON 404 for unknown /api paths. */
const NOT_ENDPOINTS = ['ALL /api/*'];

/** GET routes that need query parameters: without them an allowed role gets 400 (past the guard). */
const GET_NEEDS_QUERY = [
  'GET /api/precos/preco',
  'GET /api/financeiro/fluxo-caixa',
  'GET /api/financeiro/aging',
  'GET /api/financeiro/resumo-classes',
  'GET /api/comercial/produtos',
  'GET /api/notasfiscais/saida/lacunas',
  'GET /api/financeiro/cobranca/boletos/pdf',
  'GET /api/comercial/devolucoes/origem',
  'GET /api/estoque/devolucoes-compra/origem',
  'GET /api/compras/em-pedido',
  'GET /api/compras/sugestao',
];

/**
 * GET routes whose allowed roles still need a link to a record: the força de vendas sync is the
 * seller's (a comercial or admin user not linked to a vendedor gets 403 saying so).
 */
const GET_NEEDS_LINK = ['GET /api/vendas/sync'];

/** The demo users' role sets (spec section 6 roles, and the user with no role). */
const DEMO_ROLE_SETS: Role[][] = [['admin'], ['comercial'], ['estoque'], ['financeiro'], []];

// Spec section 6 module map, written out here so the test does not trust the table it checks.
const SPEC_MODULE_ROLES: Record<string, Role[]> = {
  comercial: ['comercial'],
  estoque: ['estoque'],
  financeiro: ['financeiro'],
  cadastros: ['comercial', 'estoque'],
  configuracoes: [],
  usuarios: [],
  auditoria: [],
};

function specAllows(roles: Role[], perm: Permission): boolean {
  if (perm === 'public' || perm === 'authenticated') return true;
  const listed = 'roles' in perm ? perm.roles : SPEC_MODULE_ROLES[perm.module];
  if (!listed) return false; // unknown module: denied
  return roles.includes('admin') || listed.some((r) => roles.includes(r));
}

type Endpoint = { method: string; path: string; handlers: Array<{ permission?: Permission }> };

let t: TestContext;
let endpoints: Endpoint[];
let guardMiddlewares: Array<{ path: string; permission: Permission }>;

beforeAll(async () => {
  t = await createTestApp();
  const byKey = new Map<string, Endpoint>();
  guardMiddlewares = [];
  for (const r of t.app.routes) {
    if (!r.path.startsWith('/api')) continue;
    const handler = r.handler as { permission?: Permission };
    if (r.method === 'ALL') {
      // app.use('/api/x/*', requires(...)) style guards cover every endpoint below them
      if (handler.permission) guardMiddlewares.push({ path: r.path, permission: handler.permission });
      if (NOT_ENDPOINTS.includes(`ALL ${r.path}`)) continue;
      if (handler.permission) continue;
    }
    const key = `${r.method} ${r.path}`;
    const ep = byKey.get(key) ?? { method: r.method, path: r.path, handlers: [] };
    ep.handlers.push(handler);
    byKey.set(key, ep);
  }
  endpoints = [...byKey.values()];
});
afterAll(() => t.close());

/** The permission of an endpoint: its first handler's, or a guard middleware covering its path. */
function permissionOf(ep: Endpoint): Permission | undefined {
  const first = ep.handlers[0]?.permission;
  if (first) return first;
  const covering = guardMiddlewares.find(
    (g) => g.path === ep.path || (g.path.endsWith('/*') && ep.path.startsWith(g.path.slice(0, -1))),
  );
  return covering?.permission;
}

const key = (ep: Endpoint) => `${ep.method} ${ep.path}`;

describe('every /api route declares its permission', () => {
  it('finds the registered routes (at least GET /api/me and GET /api/config)', () => {
    const keys = endpoints.map(key);
    expect(keys).toContain('GET /api/me');
    expect(keys).toContain('GET /api/config');
  });

  it('no /api endpoint lacks requires(...) as its first middleware', () => {
    const missing = endpoints.filter((ep) => !permissionOf(ep)).map(key);
    expect(missing).toEqual([]);
  });

  it('public endpoints are exactly the explicit list', () => {
    const open = endpoints.filter((ep) => permissionOf(ep) === 'public').map(key);
    expect(open.sort()).toEqual([...PUBLIC_API_ROUTES].sort());
  });

  it('declared modules are modules of the permission table', () => {
    for (const ep of endpoints) {
      const perm = permissionOf(ep);
      if (perm && typeof perm === 'object' && 'module' in perm) {
        expect(Object.keys(SPEC_MODULE_ROLES), key(ep)).toContain(perm.module);
      }
    }
  });

  it('admin-only modules (usuarios, auditoria) open to no other role', () => {
    for (const ep of endpoints) {
      const perm = permissionOf(ep)!;
      if (!/^\/api\/(usuarios|auditoria)(\/|$)/.test(ep.path)) continue;
      for (const roles of DEMO_ROLE_SETS) {
        expect(specAllows(roles, perm), `${key(ep)} [${roles}]`).toBe(roles.includes('admin'));
      }
    }
  });
});

describe('each demo role against the routes of every registered module', () => {
  it('gets 401 without a token on every non-public endpoint', async () => {
    for (const ep of endpoints) {
      if (permissionOf(ep) === 'public') continue;
      const path = ep.path.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.request(ep.method, path, ep.method === 'GET' ? {} : { body: {} });
      expect(res.status, key(ep)).toBe(401);
    }
  });

  it('gets 200 or 403 exactly as the table says (GET routes without path parameters)', async () => {
    const tokens = await Promise.all(DEMO_ROLE_SETS.map(async (roles) => (await t.signIn(roles)).token));
    const gets = endpoints.filter((ep) => ep.method === 'GET' && !ep.path.includes(':'));
    const modules = new Set(gets.map((ep) => ep.path.split('/')[2]));
    expect(modules.size).toBeGreaterThanOrEqual(2);
    const results: string[] = [];
    const expected: string[] = [];
    for (const ep of gets) {
      const perm = permissionOf(ep)!;
      for (const [i, roles] of DEMO_ROLE_SETS.entries()) {
        const res = await t.request('GET', ep.path, { token: tokens[i] });
        await res.arrayBuffer();
        const who = `${key(ep)} [${roles.join(',') || 'sem papel'}]`;
        results.push(`${who} ${res.status}`);
        const allowed = GET_NEEDS_QUERY.includes(key(ep))
          ? 400
          : GET_NEEDS_LINK.includes(key(ep))
            ? 403
            : 200;
        expected.push(`${who} ${specAllows(roles, perm) ? allowed : 403}`);
      }
    }
    expect(results).toEqual(expected);
  });

  it('a 403 answers {code: "forbidden"}', async () => {
    const ep = endpoints.find((e) => {
      const p = permissionOf(e);
      return e.method === 'GET' && !e.path.includes(':') && p !== 'public' && p !== 'authenticated';
    });
    if (!ep) return;
    const { token } = await t.signIn([]);
    const res = await t.request('GET', ep.path, { token });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden' });
  });
});
