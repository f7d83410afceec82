import type { Intervalo } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { clientes } from '../cadastros/cadastros.tables.ts';
import { salesOrders } from '../comercial/comercial.tables.ts';
import { somasDeClientesDoPainel } from './somas-do-periodo.ts';

// The read model dashboard_vendas_cliente_ano (migration 0080) — per customer and year Y, the running
// sums of the 24 months from January of Y−1 (positions 1–12) to December of Y (13–24) of the counted
// orders and their valor_total, in orders and cents — against the plain aggregate of the counted
// orders (every status but orçamento and cancelado), after every kind of write and after the rebuilds;
// and somasDeClientesDoPainel (the dashboard's per-customer sums of any range: the running sums for
// three whole months or more, the per-month rows below that, the per-day rows for the loose days)
// against the plain per-customer aggregate over the same days.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const C = (n: number) => uuid(10 + n);
const O = (n: number) => uuid(100 + n);

let t: TestContext;

const POSICOES = Array.from({ length: 24 }, (_, i) => i + 1);
const nn = (k: number) => String(k).padStart(2, '0');

// each order counts in its own year's row (positions 13–24) and in the next year's (1–12)
const PLANO = sql.raw(`select x.ano, x.cliente,
    ${POSICOES.map(
      (k) => `(count(*) filter (where x.pos <= ${k}))::int as p${k},
      coalesce(sum(x.valor) filter (where x.pos <= ${k}), 0)::text as v${k}`,
    ).join(',\n    ')}
  from (
    select extract(year from o.data_emissao)::int + b.d as ano, o.cliente_id::text as cliente,
      extract(month from o.data_emissao)::int + 12 - 12 * b.d as pos, (o.valor_total * 100)::bigint as valor
    from sales_orders o cross join (values (0), (1)) b(d)
    where o.status not in ('orcamento', 'cancelado')
  ) x
  group by 1, 2 order by 1, 2`);

const MODELO = sql.raw(`select y.ano::int as ano, y.cliente_id::text as cliente,
    ${POSICOES.map((k) => `y.pedidos_${nn(k)} as p${k}, y.valor_${nn(k)}::text as v${k}`).join(',\n    ')}
  from dashboard_vendas_cliente_ano y
  where y.pedidos_24 <> 0
  order by 1, 2`);

type Linha = Record<string, string | number>;

const somasPlanas = (r: Intervalo) => sql`select o.cliente_id::text as cliente, count(*)::int as pedidos,
    (sum(o.valor_total) * 100)::bigint::text as valor
  from sales_orders o
  where o.status not in ('orcamento', 'cancelado')
    and o.data_emissao >= ${r.inicio}::date and o.data_emissao < ${r.fim}::date
  group by 1 order by 1`;

const somasDoModelo = (r: Intervalo) => sql`select u.cliente_id::text as cliente, u.pedidos::int as pedidos,
    u.valor::text as valor
  from (${somasDeClientesDoPainel(r)}) u
  where u.pedidos > 0
  order by 1`;

// [inicio, fim), fim exclusive, as the dashboard passes them
const INTERVALOS: [string, string][] = [
  ['2026-01-01', '2027-01-01'], // a calendar year: one row per customer, no sum
  ['2026-03-01', '2026-04-01'], // one month (the per-month rows)
  ['2026-02-01', '2026-04-01'], // two months: the per-month rows (fewer than MESES_PELAS_SOMAS)
  ['2026-02-01', '2026-05-01'], // February–April: April's running sum minus January's
  ['2025-12-01', '2026-12-01'], // twelve months across New Year
  ['2025-12-15', '2026-03-10'], // loose days at both ends, across New Year
  ['2026-03-02', '2026-03-20'], // days inside one month
  ['2025-01-01', '2028-01-01'], // three years: two rows per customer
  ['2025-11-20', '2027-03-05'], // loose days around fifteen whole months over three years
  ['2026-09-02', '2026-12-01'], // the last 90 days to 30 Nov: September to November less 1 September
  ['2025-11-30', '2026-11-30'], // 365 days: 30 Nov 2025 added, 30 Nov 2026 taken out
  ['2026-02-04', '2026-03-06'], // 30 days: February whole less 1–3, 1–5 March added (month rows)
  ['2026-11-30', '2027-03-01'], // a day added to three months whose keys are not all its own (full join)
];

async function confere() {
  const plano = rowsOf<Linha>(await t.db.execute(PLANO));
  expect(rowsOf(await t.db.execute(MODELO))).toEqual(plano);
  for (const [inicio, fim] of INTERVALOS) {
    const r = { inicio, fim };
    expect(rowsOf(await t.db.execute(somasDoModelo(r))), `${inicio} a ${fim}`).toEqual(
      rowsOf(await t.db.execute(somasPlanas(r))),
    );
  }
  return plano;
}

const pedido = (n: number, cliente: number, dataEmissao: string, status: string, valorTotal: string) => ({
  id: O(n),
  clienteId: C(cliente),
  clienteNome: 'snapshot',
  dataEmissao,
  status,
  valorTotal,
});

beforeAll(async () => {
  t = await createTestApp();
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.insert(clientes).values([
      { id: C(1), tipoPessoa: 'J', documento: '11111111000111', razaoSocial: 'Mercado Um' },
      { id: C(2), tipoPessoa: 'J', documento: '22222222000122', razaoSocial: 'Padaria Dois' },
    ]);
  });
});
afterAll(() => t.close());

describe('dashboard_vendas_cliente_ano equals the plain running sums', () => {
  it('after inserts, edits, moves across New Year and between customers, cancellations and deletions, and after the rebuilds', async () => {
    await t.db.insert(salesOrders).values([
      pedido(1, 1, '2025-12-20', 'faturado', '50.00'),
      pedido(2, 1, '2026-01-05', 'liberado', '9.99'),
      pedido(3, 2, '2026-03-01', 'digitado', '16.51'),
      pedido(4, 2, '2026-03-15', 'orcamento', '50.00'), // a quote: not a sale
      pedido(5, 1, '2026-11-30', 'digitado', '21.25'),
      pedido(6, 2, '2027-02-10', 'faturado', '1.00'),
      pedido(7, 2, '2026-09-01', 'faturado', '7.77'), // the day a 90-day range takes out of September
      pedido(8, 2, '2025-11-30', 'entregue', '3.00'), // the day a 365-day range adds
    ]);
    const inicial = await confere();
    // hand-worked: Mercado Um in the 2026 row — December 2025 (position 12) 50.00, January 2026 (13)
    // 9.99, November (23) 21.25: 1 order / 50.00 at 12, 2 / 59.99 from 13 to 22, 3 / 81.24 from 23 on
    const um = inicial.find((l) => l.ano === 2026 && l.cliente === C(1))!;
    expect([um.p11, um.p12, um.v12, um.p13, um.v13, um.v22, um.p23, um.v23, um.v24]).toEqual([
      0,
      1,
      '5000',
      2,
      '5999',
      '5999',
      3,
      '8124',
      '8124',
    ]);

    // the quote approved; an order cancelled; a value edited
    await t.db
      .update(salesOrders)
      .set({ status: 'liberado' })
      .where(sql`${salesOrders.id} = ${O(4)}`);
    await t.db
      .update(salesOrders)
      .set({ status: 'cancelado' })
      .where(sql`${salesOrders.id} = ${O(6)}`);
    await t.db
      .update(salesOrders)
      .set({ valorTotal: '12.34' })
      .where(sql`${salesOrders.id} = ${O(2)}`);
    await confere();
    // an order moved across New Year (December 2025 → February 2026), one to another customer
    await t.db
      .update(salesOrders)
      .set({ dataEmissao: '2026-02-14' })
      .where(sql`${salesOrders.id} = ${O(1)}`);
    await t.db
      .update(salesOrders)
      .set({ clienteId: C(1), dataEmissao: '2026-07-31' })
      .where(sql`${salesOrders.id} = ${O(3)}`);
    await confere();
    // an order deleted
    await t.db.delete(salesOrders).where(sql`${salesOrders.id} = ${O(5)}`);
    const incremental = await confere();
    expect(incremental.length).toBeGreaterThan(0);

    // the month model rebuilt (TRUNCATE, then INSERT: its triggers rebuild this one), then this one
    await t.db.execute(sql`select dashboard_vendas_recalcular()`);
    expect(await confere()).toEqual(incremental);
    await t.db.execute(sql`select dashboard_vendas_cliente_ano_recalcular()`);
    expect(await confere()).toEqual(incremental);
  });
});
