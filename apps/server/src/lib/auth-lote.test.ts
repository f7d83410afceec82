import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { resolveUser } from './auth.ts';

// The session checks of concurrent requests go together in one statement (auth.ts, issue 30). Each
// answer must still be its own request's: a valid session, a signed-out one, an inactive user, a
// token of one user naming another's session — all in the same batches. PGlite and PostgreSQL
// (there through a pool, so the checks are truly concurrent).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('session check in batches', () => {
  it('answers each of 30 concurrent checks for its own token', async () => {
    const a = await ctx.signIn(['comercial']);
    const b = await ctx.signIn(['financeiro', 'estoque']);
    const saiu = await ctx.signIn(['admin']);
    const inativo = await ctx.signIn(['estoque']);
    await ctx.db.execute(sql`delete from auth_sessions where id = ${saiu.sessionId}`);
    await ctx.db.execute(sql`update users set ativo = false where id = ${inativo.userId}`);
    const url = (ctx.database as { url?: string }).url;
    const pool = url ? await openDatabase({ databaseUrl: url, poolSize: 8 }) : null;
    const deps = { ...ctx.deps, db: pool?.db ?? ctx.db };
    try {
      const tokens = [a.token, b.token, saiu.token, inativo.token, 'nao-e-um-jwt'];
      const esperado = [
        { id: a.userId, roles: ['comercial'] },
        { id: b.userId, roles: ['estoque', 'financeiro'] },
        null,
        null,
        null,
      ];
      const pedidos = Array.from({ length: 30 }, (_, i) => resolveUser(deps, tokens[i % 5]!));
      const respostas = await Promise.all(pedidos);
      expect(respostas.map((u) => u && { id: u.id, roles: u.roles })).toEqual(
        Array.from({ length: 30 }, (_, i) => esperado[i % 5]),
      );
      expect(respostas[0]!.sessionId).toBe(a.sessionId);
      // a sign-out takes effect on the next check, batched or not
      await ctx.db.execute(sql`delete from auth_sessions where id = ${b.sessionId}`);
      const depois = await Promise.all(
        Array.from({ length: 6 }, (_, i) => resolveUser(deps, [a.token, b.token][i % 2]!)),
      );
      expect(depois.map((u) => u?.id ?? null)).toEqual([a.userId, null, a.userId, null, a.userId, null]);
    } finally {
      await pool?.close();
    }
  });
});
