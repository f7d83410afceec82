import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { systemActor, writeTx } from './audit-context.ts';

// writeTx opens every service write: the audit settings and (decision 0013) no JIT compilation, in
// BEGIN's own round trip on PostgreSQL. Also the planner-facing fix of migration 0088 that the order
// save's read-model triggers rely on.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const jit = async (db: Parameters<typeof writeTx>[0]) =>
  rowsOf<{ jit: string }>(await db.execute(sql`select current_setting('jit') as jit`))[0]!.jit;

describe('writeTx', () => {
  it('sets the actor for the audit trigger inside the write only', async () => {
    const dentro = await writeTx(
      t.db,
      { userId: null, email: 'quem@teste.com.br', ip: '10.0.0.1' },
      async (tx) =>
        rowsOf<{ email: string; ip: string }>(
          await tx.execute(sql`select current_setting('app.user_email', true) as email,
          current_setting('app.ip', true) as ip`),
        ),
    );
    expect(dentro).toEqual([{ email: 'quem@teste.com.br', ip: '10.0.0.1' }]);
    const fora = rowsOf<{ email: string | null }>(
      await t.db.execute(sql`select nullif(current_setting('app.user_email', true), '') as email`),
    );
    expect(fora).toEqual([{ email: null }]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'switches JIT off for the write alone, on PostgreSQL (decision 0013)',
    async () => {
      const antes = await jit(t.db);
      expect(await writeTx(t.db, systemActor, (tx) => jit(tx as never))).toBe('off');
      // a nested write (a savepoint) stays inside the outer one's setting
      expect(
        await writeTx(t.db, systemActor, (tx) => writeTx(tx as never, systemActor, (sp) => jit(sp as never))),
      ).toBe('off');
      // transaction-local: the pooled connections keep the server's setting for reads
      for (let i = 0; i < 12; i++) expect(await jit(t.db)).toBe(antes);
    },
  );
});

describe('dashboard_conta (migration 0088)', () => {
  it('is inlined into the statement that calls it: no per-row function call', async () => {
    const plano = rowsOf<{ 'QUERY PLAN': string }>(
      await t.db.execute(sql`explain (verbose, costs off)
        select id from sales_orders o where dashboard_conta(o.status)`),
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    // inlined, the condition is `o.status <> ALL (…)` — or, where the planner picks the partial index
    // on the same condition (dashboard_pedidos_mes_idx), no condition left to show
    expect(plano).toMatch(
      /o\.status <> ALL \('\{orcamento,cancelado\}'::text\[\]\)|dashboard_pedidos_mes_idx/,
    );
    expect(plano).not.toContain('dashboard_conta');
  });

  it('answers as before: true for a sale, false for a quote or a cancelled order, NULL for NULL', async () => {
    const r = rowsOf<{ s: string; v: boolean | null }>(
      await t.db.execute(sql`select s, dashboard_conta(s) as v
        from unnest(array['orcamento', 'digitado', 'liberado', 'faturado', 'cancelado', null]) s`),
    );
    expect(r.map((x) => x.v)).toEqual([false, true, true, true, false, null]);
  });
});
