import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { clientes } from '../cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../comercial/comercial.tables.ts';
import { products } from '../estoque/estoque.tables.ts';
import { somasDeClientes } from './vendas-base.ts';

// The read model relatorio_vendas_cliente_ano (migration 0079) — per customer and year Y, the running
// sums of the 24 months from January of Y−1 (positions 1–12) to December of Y (13–24) of the counted
// orders with items, their Σ subtotal and Σ frozen cost, in orders and cents — against the plain
// aggregate of the counted items (every status but orçamento and cancelado), after every kind of
// write on orders and items and after the rebuilds; and somasDeClientes (the per-customer sums of a
// period: the running sums for the whole months, relatorio_vendas_pedido for the loose days) against
// the plain per-customer aggregate over the same days, for ranges inside a year, across New Year,
// with loose days at both ends and over more than two years — and null below three whole months.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const C = (n: number) => uuid(10 + n);
const P = (n: number) => uuid(30 + n);
const O = (n: number) => uuid(100 + n);

let t: TestContext;

const POSICOES = Array.from({ length: 24 }, (_, i) => i + 1);
const nn = (k: number) => String(k).padStart(2, '0');

// each order counts in its own year's row (positions 13–24) and in the next year's (1–12)
const PLANO = sql.raw(`select x.ano, x.cliente,
    ${POSICOES.map(
      (k) => `(count(*) filter (where x.pos <= ${k}))::int as p${k},
      coalesce(sum(x.receita) filter (where x.pos <= ${k}), 0)::text as r${k},
      coalesce(sum(x.custo) filter (where x.pos <= ${k}), 0)::text as c${k}`,
    ).join(',\n    ')}
  from (
    select extract(year from o.data_emissao)::int + b.d as ano, o.cliente_id::text as cliente,
      extract(month from o.data_emissao)::int + 12 - 12 * b.d as pos, s.receita, s.custo
    from sales_orders o
    join (select i.order_id, (sum(i.subtotal) * 100)::bigint as receita,
            (sum(round(i.quantidade * i.custo_unitario, 2)) * 100)::bigint as custo
          from sales_order_items i group by i.order_id) s on s.order_id = o.id
    cross join (values (0), (1)) b(d)
    where o.status not in ('orcamento', 'cancelado')
  ) x
  group by 1, 2 order by 1, 2`);

const MODELO = sql.raw(`select y.ano::int as ano, y.cliente_id::text as cliente,
    ${POSICOES.map(
      (k) =>
        `y.pedidos_${nn(k)} as p${k}, y.receita_${nn(k)}::text as r${k}, y.custo_${nn(k)}::text as c${k}`,
    ).join(',\n    ')}
  from relatorio_vendas_cliente_ano y
  where y.pedidos_24 <> 0
  order by 1, 2`);

type Linha = Record<string, string | number>;

const somasPlanas = (de: string, ate: string) => sql`select o.cliente_id::text as cliente,
    count(distinct o.id)::int as pedidos, (sum(i.subtotal) * 100)::bigint::text as receita,
    (sum(round(i.quantidade * i.custo_unitario, 2)) * 100)::bigint::text as custo
  from sales_order_items i join sales_orders o on o.id = i.order_id
  where o.status not in ('orcamento', 'cancelado')
    and o.data_emissao >= ${de}::date and o.data_emissao <= ${ate}::date
  group by 1 order by 1`;

// [de, ate], both days in, as the reports pass them
const PERIODOS: [string, string][] = [
  ['2026-01-01', '2026-12-31'], // a calendar year: one row per customer, no sum
  ['2026-02-01', '2026-04-30'], // February–April: April's running sum minus January's
  ['2025-12-01', '2026-11-30'], // twelve months across New Year
  ['2025-12-15', '2026-04-10'], // loose days at both ends, across New Year
  ['2025-01-01', '2027-12-31'], // three years: two rows per customer
  ['2025-11-20', '2027-03-05'], // loose days around fifteen whole months over three years
  ['2026-03-02', '2026-05-20'], // March and May taken whole, 1 March and 20–31 May taken out
  ['2025-11-30', '2026-11-29'], // 365 days: 30 Nov 2025 added, 30 Nov 2026 taken out
  ['2026-11-30', '2027-02-28'], // a day added to three months whose customers are not all its own
];
// fewer than three months: relatorio_vendas_pedido answers alone
const CURTOS: [string, string][] = [
  ['2026-03-01', '2026-03-31'],
  ['2026-02-01', '2026-03-31'],
  ['2026-03-10', '2026-05-05'], // March whole less 1–9, April, 1–5 May added: two months
];

async function confere() {
  const plano = rowsOf<Linha>(await t.db.execute(PLANO));
  expect(rowsOf(await t.db.execute(MODELO))).toEqual(plano);
  for (const [de, ate] of PERIODOS) {
    const somas = somasDeClientes({ de, ate });
    expect(somas, `${de} a ${ate}`).not.toBeNull();
    const doModelo = rowsOf(
      await t.db.execute(sql`select u.cliente_id::text as cliente, u.pedidos::int as pedidos,
          u.receita::text as receita, u.custo::text as custo
        from (${somas!}) u order by 1`),
    );
    expect(doModelo, `${de} a ${ate}`).toEqual(rowsOf(await t.db.execute(somasPlanas(de, ate))));
  }
  for (const [de, ate] of CURTOS) expect(somasDeClientes({ de, ate }), `${de} a ${ate}`).toBeNull();
  return plano;
}

const pedido = (n: number, cliente: number, dataEmissao: string, status: string) => ({
  id: O(n),
  clienteId: C(cliente),
  clienteNome: 'snapshot',
  dataEmissao,
  status,
  valorTotal: '0',
});
const item = (o: number, p: number, quantidade: string, subtotal: string) => ({
  orderId: O(o),
  productId: P(p),
  produtoNome: 'snapshot',
  quantidade,
  precoUnitario: '1',
  subtotal,
});

beforeAll(async () => {
  t = await createTestApp();
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.insert(clientes).values([
      { id: C(1), tipoPessoa: 'J', documento: '11111111000111', razaoSocial: 'Mercado Um' },
      { id: C(2), tipoPessoa: 'J', documento: '22222222000122', razaoSocial: 'Padaria Dois' },
    ]);
    await tx.insert(products).values([
      { id: P(1), codigo: 'P1', nome: 'Arroz', custoMedio: '2.5000' },
      { id: P(2), codigo: 'P2', nome: 'Café', custoMedio: '10.3333' },
      { id: P(3), codigo: 'P3', nome: 'Sal', custoMedio: '1.0000' },
    ]);
  });
});
afterAll(() => t.close());

describe('relatorio_vendas_cliente_ano equals the plain running sums', () => {
  it('after inserts, edits, moves across New Year and between customers, cancellations and deletions, and after the rebuilds', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx.insert(salesOrders).values([
        pedido(1, 1, '2025-12-20', 'faturado'),
        pedido(2, 1, '2026-01-05', 'liberado'),
        pedido(3, 2, '2026-03-01', 'digitado'),
        pedido(4, 2, '2026-03-15', 'orcamento'), // a quote: not a sale
        pedido(5, 1, '2026-11-30', 'digitado'),
        pedido(6, 2, '2027-02-10', 'faturado'),
        pedido(7, 1, '2026-04-02', 'digitado'), // no items: no row
        pedido(8, 2, '2026-11-30', 'faturado'), // the day a 365-day range takes out
        pedido(9, 2, '2026-03-01', 'entregue'), // the day taken out of March
      ]);
      await tx
        .insert(salesOrderItems)
        .values([
          item(1, 1, '3.000', '30.00'),
          item(1, 2, '1.500', '20.00'),
          item(2, 1, '1.000', '9.99'),
          item(3, 3, '7.000', '14.00'),
          item(3, 1, '0.250', '2.51'),
          item(4, 2, '1.000', '50.00'),
          item(5, 2, '2.125', '21.25'),
          item(6, 3, '1.000', '1.00'),
          item(8, 2, '1.000', '7.77'),
          item(9, 3, '2.000', '2.00'),
        ]);
    });
    const inicial = await confere();
    // hand-worked: Mercado Um in the 2026 row — December 2025 (position 12) order 1: 30.00 + 20.00,
    // cost 3 × 2.50 + 1.5 × 10.3333 = 7.50 + 15.50 = 23.00; January 2026 (13) order 2: 9.99, cost
    // 2.50; November (23) order 5: 21.25, cost 2.125 × 10.3333 = 21.9583 → 21.96
    const um = inicial.find((l) => l.ano === 2026 && l.cliente === C(1))!;
    expect([um.p11, um.p12, um.r12, um.c12, um.p13, um.r13, um.c13, um.r22, um.p23, um.r23, um.c23]).toEqual([
      0,
      1,
      '5000',
      '2300',
      2,
      '5999',
      '2550',
      '5999',
      3,
      '8124',
      '4746',
    ]);
    // and in the 2027 row, as 2026 there is positions 1–12: 2 orders / 59.99 from January (1) on
    const um27 = inicial.find((l) => l.ano === 2027 && l.cliente === C(1))!;
    expect([um27.p1, um27.r1, um27.r10, um27.p11, um27.r11, um27.r24]).toEqual([
      1,
      '999',
      '999',
      2,
      '3124',
      '3124',
    ]);

    // more items for an order in a second statement; the quote approved; an order cancelled
    await t.db.insert(salesOrderItems).values([item(2, 2, '2.000', '25.00'), item(7, 3, '1.000', '3.00')]);
    await t.db
      .update(salesOrders)
      .set({ status: 'liberado' })
      .where(sql`${salesOrders.id} = ${O(4)}`);
    await t.db
      .update(salesOrders)
      .set({ status: 'cancelado' })
      .where(sql`${salesOrders.id} = ${O(6)}`);
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
    // an item edited, one moved to another order of another customer and month
    await t.db
      .update(salesOrderItems)
      .set({ quantidade: '4.000', subtotal: '40.00' })
      .where(sql`${salesOrderItems.orderId} = ${O(1)} and ${salesOrderItems.productId} = ${P(1)}`);
    await t.db
      .update(salesOrderItems)
      .set({ orderId: O(4) })
      .where(sql`${salesOrderItems.orderId} = ${O(2)} and ${salesOrderItems.productId} = ${P(1)}`);
    await confere();
    // an item deleted; an order deleted with its items (the cascade); an order's last item gone
    await t.db
      .delete(salesOrderItems)
      .where(sql`${salesOrderItems.orderId} = ${O(4)} and ${salesOrderItems.productId} = ${P(2)}`);
    await t.db.delete(salesOrders).where(sql`${salesOrders.id} = ${O(3)}`);
    await t.db.delete(salesOrderItems).where(sql`${salesOrderItems.orderId} = ${O(7)}`);
    const incremental = await confere();
    expect(incremental.length).toBeGreaterThan(0);

    // the per-order model rebuilt (DELETE, then INSERT: its triggers rebuild this one), then this one
    await t.db.execute(sql`select relatorio_vendas_pedido_recalcular()`);
    expect(await confere()).toEqual(incremental);
    await t.db.execute(sql`select relatorio_vendas_cliente_ano_recalcular()`);
    expect(await confere()).toEqual(incremental);
  });
});
