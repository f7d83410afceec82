import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ValidatedTarget, Validates } from './lib/validate.ts';
import { createSession } from './modules/auth/session.service.ts';
import { signAccessToken } from './modules/auth/tokens.ts';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from './test/test-app.ts';

// No input is ever a 500. This file finds every route the app registers (app.routes, as the
// permission test does) and the keys its validators accept (jsonBody/queryParams/pathParams carry
// their schema), then sends each route a corpus of hostile inputs, signed in as an admin and
// signed out, and expects an answer below 500 every time. A module mounted later is covered the
// day it is mounted, without editing this file.

const UUID = '00000000-0000-4000-8000-000000000000';
const NUL = 'a\u0000b';
const deepJson = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

/** Query-string values (already encoded, as they travel in a URL). */
const HOSTILE_QUERY_VALUES = [
  '%00',
  'a%00b',
  '2026-02-30',
  '99999999999999999999',
  '2147483648',
  '-1',
  '1e309',
  'NaN',
  'x'.repeat(5000),
  '%zz',
  '%',
  '%C3%28',
  '%E0%A4%A',
];

/** Path segments (already encoded). */
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%zz',
  '%',
  '%C3%28',
  '99999999999999999999',
  '-1',
  '0',
  '2026-02-30',
  'x'.repeat(3000),
  '..%2F..%2Fetc%2Fpasswd',
  `${UUID}%00`,
];

/** JSON values put under each key a body schema names. */
const HOSTILE_JSON_VALUES: unknown[] = [
  NUL,
  { [NUL]: NUL },
  [NUL],
  '2026-02-30',
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1,
  0.5,
  'x'.repeat(10_000),
  '',
  [],
  {},
  true,
  null,
];

/** Whole bodies (raw text). */
const HOSTILE_BODIES = [
  '',
  '{"a":',
  'null',
  '[]',
  '"texto"',
  '123',
  '{"__proto__": {"admin": true}}',
  deepJson(100_000),
  `{"data": ${deepJson(100_000)}}`,
  '{"a": "\\ud800"}',
];

/** Routes that read a query parameter themselves instead of through a schema. */
const EXTRA_QUERIES: Record<string, string[]> = {
  'POST /auth/v1/token': ['grant_type=password', 'grant_type=refresh_token'],
};

type Endpoint = {
  method: string;
  path: string;
  validates: Validates['validates'][];
  /** a requires(...) guard other than 'public': signed out, it answers 401 before reading input */
  guarded: boolean;
};

/** The top-level keys an object schema accepts, through pipes, optionals, defaults and refinements. */
function keysOf(schema: z.ZodType): string[] {
  const queue: unknown[] = [schema];
  for (let i = 0; i < queue.length && i < 50; i++) {
    const def = (queue[i] as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    if (!def) continue;
    if (def.type === 'object') return Object.keys(def.shape as object);
    for (const k of ['in', 'out', 'innerType', 'schema', 'left', 'right']) if (def[k]) queue.push(def[k]);
    if (Array.isArray(def.options)) queue.push(...def.options);
  }
  return [];
}

// The app is built while the file is collected, so the route list exists when describe.each runs.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-hostile-web-'));
fs.mkdirSync(path.join(webDir, 'assets'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>ERP</title>');
fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
const t: TestContext = await createTestApp({ WEB_DIST_DIR: webDir });
const endpoints = endpointsOf(t.app.routes);
let adminId: string;

beforeAll(async () => {
  adminId = (await t.signIn(['admin'])).userId;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

function endpointsOf(routes: typeof t.app.routes): Endpoint[] {
  const byKey = new Map<string, Endpoint>();
  for (const r of routes) {
    if (r.method === 'ALL') continue; // middleware and the JSON 404 of unknown /api paths
    const key = `${r.method} ${r.path}`;
    const ep = byKey.get(key) ?? { method: r.method, path: r.path, validates: [], guarded: false };
    const handler = r.handler as Partial<Validates> & { permission?: unknown };
    if (handler.validates) ep.validates.push(handler.validates);
    if (handler.permission !== undefined && handler.permission !== 'public') ep.guarded = true;
    byKey.set(key, ep);
  }
  return [...byKey.values()];
}

/**
 * Routes grouped by resource: /api/<module>/<resource>, /auth/<version>, or the first segment for
 * the rest (never past a path parameter), so each test stays small as modules grow.
 */
function groupOf(ep: Endpoint): string {
  const segs = ep.path.split('/').filter(Boolean);
  const depth = segs[0] === 'api' ? 3 : segs[0] === 'auth' ? 2 : 1;
  const fixed = segs.slice(0, depth);
  const cut = fixed.findIndex((s) => s.startsWith(':') || s === '*');
  return `/${(cut === -1 ? fixed : fixed.slice(0, cut)).join('/')}`;
}

const groups = (() => {
  const byGroup = new Map<string, Endpoint[]>();
  for (const ep of endpoints) byGroup.set(groupOf(ep), [...(byGroup.get(groupOf(ep)) ?? []), ep]);
  return [...byGroup].sort(([a], [b]) => a.localeCompare(b));
})();

/** A fresh admin session: some routes end sessions (logout, "encerrar outras sessões"). */
async function adminToken(): Promise<string> {
  const s = await createSession(t.db, adminId, {});
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  return (await signAccessToken(secret, { sub: adminId, email: 'admin@teste', sessionId: s.sessionId }, 600))
    .token;
}
type Probe = { method: string; url: string; body?: string };

function probesOf(ep: Endpoint): Probe[] {
  const probes: Probe[] = [];
  const keysFor = (target: ValidatedTarget) =>
    ep.validates.filter((v) => v.target === target).flatMap((v) => keysOf(v.schema));
  const params = ep.path.match(/:[^/]+/g) ?? [];
  const fill = (value: string, only?: string) =>
    ep.path.replace(/:[^/]+/g, (p) => (only === undefined || p === only ? value : UUID));
  const wildcard = ep.path.endsWith('*');
  const base = wildcard ? ep.path.slice(0, -1) : fill(UUID);
  const hasBody = ep.method !== 'GET' && ep.method !== 'HEAD';
  const bases = [base, ...(EXTRA_QUERIES[`${ep.method} ${ep.path}`] ?? []).map((q) => `${base}?${q}`)];
  if (params.length) bases.push(fill('1'));

  // path parameters
  for (const p of params)
    for (const seg of HOSTILE_SEGMENTS) probes.push({ method: ep.method, url: fill(seg, p) });
  if (wildcard) for (const seg of HOSTILE_SEGMENTS) probes.push({ method: ep.method, url: `${base}${seg}` });

  // query: each key the schema names (and a few any list takes), one hostile value at a time
  const queryKeys = new Set([...keysFor('query'), 'q', 'page', 'de']);
  for (const b of bases) {
    const sep = b.includes('?') ? '&' : '?';
    probes.push({ method: ep.method, url: b });
    for (const k of queryKeys) {
      for (const v of HOSTILE_QUERY_VALUES) probes.push({ method: ep.method, url: `${b}${sep}${k}=${v}` });
      probes.push({ method: ep.method, url: `${b}${sep}${k}=1&${k}=2` });
    }
    probes.push({ method: ep.method, url: `${b}${sep}${'%00'}=1` });
  }

  // body: whole hostile bodies, then each key the schema names with each hostile value
  if (hasBody) {
    for (const b of bases) {
      for (const body of HOSTILE_BODIES) probes.push({ method: ep.method, url: b, body });
      for (const k of new Set([...keysFor('json'), 'data'])) {
        for (const v of HOSTILE_JSON_VALUES) {
          probes.push({ method: ep.method, url: b, body: JSON.stringify({ [k]: v }) });
        }
      }
      const all = Object.fromEntries(keysFor('json').map((k) => [k, NUL]));
      probes.push({ method: ep.method, url: b, body: JSON.stringify(all) });
    }
  }
  return probes;
}

async function send(p: Probe, token: string | null): Promise<number> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (p.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await t.app.request(p.url, { method: p.method, headers, body: p.body });
  await res.arrayBuffer();
  return res.status;
}

/** Requests of one route in flight at once (the PGlite test database is a single connection). */
const BATCH = Number(process.env.HOSTILE_BATCH ?? 4);
let sentTotal = 0;

/** Every probe of a route, deduplicated, as an admin and (a sample, for guarded routes) signed out. */
async function probeRoute(ep: Endpoint): Promise<{ sent: number; failures: string[] }> {
  const token = await adminToken();
  const seen = new Set<string>();
  const jobs: { p: Probe; who: string | null }[] = [];
  let i = 0;
  for (const p of probesOf(ep)) {
    const key = `${p.url}\n${p.body ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // signed out, a guarded route stops at its guard: a sample of the corpus shows it
    for (const who of ep.guarded && i % 10 !== 0 ? [token] : [token, null]) jobs.push({ p, who });
    i++;
  }
  const failures: string[] = [];
  for (let start = 0; start < jobs.length; start += BATCH) {
    await Promise.all(
      jobs.slice(start, start + BATCH).map(async ({ p, who }) => {
        const status = await send(p, who);
        if (status >= 500) {
          const body = p.body === undefined ? '' : ` ${p.body.slice(0, 80)}`;
          failures.push(`${status} ${who ? 'admin' : 'anônimo'} ${p.method} ${p.url.slice(0, 120)}${body}`);
        }
      }),
    );
  }
  return { sent: jobs.length, failures };
}

describe('every route answers hostile input below 500', () => {
  it('finds the routes of every module, with their validators', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(keys).toContain('POST /auth/v1/signup');
    expect(keys).toContain('GET /api/auditoria');
    expect(keys).toContain('PUT /api/cadastros/vendedores/:id');
    expect(keys).toContain('GET /*');
    const auditoria = endpoints.find((e) => e.method === 'GET' && e.path === '/api/auditoria')!;
    expect(keysOf(auditoria.validates[0]!.schema)).toEqual(expect.arrayContaining(['de', 'ate', 'usuario']));
  });

  it('covers every route in a group', () => {
    expect(groups.reduce((n, [, eps]) => n + eps.length, 0)).toBe(endpoints.length);
  });
});

// One test per module, each with its own timeout: a module that grows cannot starve the others.
describe.each(groups)('hostile input below 500 — %s', (_group, eps) => {
  it('as an admin and signed out', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const ep of eps) {
      const r = await probeRoute(ep);
      sentTotal += r.sent;
      failures.push(...r.failures);
    }
    expect(failures).toEqual([]);
  });
});

describe('the whole corpus was sent', () => {
  it('more than 10,000 requests across the routes', () => {
    if (process.env.HOSTILE_REPORT) console.info(`hostile input: ${sentTotal} requests`);
    expect(sentTotal).toBeGreaterThan(10_000);
  });
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under test
type Json = Record<string, any>;
async function call(method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await t.request(method, url, opts);
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as Json };
}

describe('the cases that were a 500', () => {
  it('an impossible date (2026-02-30) on the audit list and its export → 400 "Data inválida"', async () => {
    const { token } = await t.signIn(['admin']);
    for (const url of ['/api/auditoria?de=2026-02-30', '/api/auditoria/export?ate=2026-02-31']) {
      const r = await call('GET', url, { token });
      expect(r.status).toBe(400);
      expect(r.body.details.fields).toEqual(
        url.includes('de=') ? { de: ['Data inválida'] } : { ate: ['Data inválida'] },
      );
    }
    expect((await call('GET', '/api/auditoria?de=2024-02-29', { token })).status).toBe(200);
  });

  it('JSON nested 100,000 levels in sign-up data → 400, nothing created', async () => {
    const email = `profundo-${Date.now()}@teste.com.br`;
    const res = await t.app.request('/auth/v1/signup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"email":"${email}","password":"senha-forte-1","data":{"name":"Ana","x":${deepJson(100_000)}}}`,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Estrutura aninhada demais (no máximo 32 níveis).',
    });
    expect(
      (
        await call('POST', '/auth/v1/token?grant_type=password', {
          body: { email, password: 'senha-forte-1' },
        })
      ).body.code,
    ).toBe('invalid_credentials');
  });

  it('a bad percent-encoding in a path (GET /%, /matriz/%zz) → 400, a good one still serves the app', async () => {
    for (const url of ['/%', '/matriz/%zz', '/%E0%A4%A', '/assets/%zz.js']) {
      const r = await call('GET', url);
      expect(r.status, url).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: 'Endereço inválido.' });
    }
    const ok = await t.request('GET', '/matriz/fornecedores?uf=SP');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('<title>ERP</title>');
  });

  it('versao 2147483648 (beyond the integer column) → 400 "Versão inválida"', async () => {
    const { token } = await t.signIn(['admin']);
    const created = await call('POST', '/api/cadastros/vendedores', {
      token,
      body: { nome: 'Vendedor Versão' },
    });
    expect(created.status).toBe(201);
    const r = await call('PUT', `/api/cadastros/vendedores/${created.body.id}`, {
      token,
      body: { nome: 'Vendedor Versão', versao: 2147483648 },
    });
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toEqual({ versao: ['Versão inválida'] });
  });

  it('a correctly signed token whose sub is not a UUID → 401 (API and auth)', async () => {
    const secret = new TextEncoder().encode(TEST_JWT_SECRET);
    const { sessionId } = await t.signIn([]);
    for (const claims of [
      { sub: 'nao-e-um-uuid', email: 'x@teste.com.br', sessionId },
      { sub: UUID, email: 'x@teste.com.br', sessionId: "1' or '1'='1" },
    ]) {
      const { token } = await signAccessToken(secret, claims, 600);
      expect((await call('GET', '/api/me', { token })).status).toBe(401);
      expect((await call('GET', '/auth/v1/user', { token })).status).toBe(401);
    }
  });

  it('NUL in body, query or path — signed out sign-up included — is a 400 field error', async () => {
    const { token } = await t.signIn(['admin']);
    const signup = await call('POST', '/auth/v1/signup', {
      body: {
        email: `nul-${Date.now()}@teste.com.br`,
        password: 'senha-forte-1',
        data: { name: 'Ana\u0000' },
      },
    });
    expect(signup.status).toBe(400);
    expect(signup.body).toMatchObject({
      code: 'validation_failed',
      message: 'Contém um caractere inválido.',
    });
    const body = await call('POST', '/api/cadastros/vendedores', { token, body: { nome: 'Ana\u0000Souza' } });
    expect(body.status).toBe(400);
    expect(body.body.details.fields).toEqual({ nome: ['Contém um caractere inválido.'] });
    const query = await call('GET', '/api/cadastros/clientes?q=a%00b', { token });
    expect(query.status).toBe(400);
    expect(query.body.details.fields).toEqual({ q: ['Contém um caractere inválido.'] });
    const param = await call('GET', '/api/usuarios/%00', { token });
    expect(param.status).toBe(400);
    expect(param.body.details.fields).toEqual({ id: ['Contém um caractere inválido.'] });
  });
});
