import type { Intervalo } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { clientes } from '../cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../comercial/comercial.tables.ts';
import { quantidadeDoProduto } from '../dashboard/comercial-dashboard.service.ts';
import { somasDeProdutos } from '../dashboard/somas-do-periodo.ts';
import { products } from '../estoque/estoque.tables.ts';

// The read model relatorio_vendas_produto_ano (migration 0078) — per product and year Y, the running
// sums of the 24 months from January of Y−1 (positions 1–12) to December of Y (13–24) of valor and
// itens, in cents and items — against the plain aggregate of the counted items (every status but
// orçamento and cancelado), after every kind of write on orders and items and after the rebuilds;
// and somasDeProdutos with quantidadeDoProduto (the per-product sums of any range: the running sums
// for the whole months, the per-day rows for the loose days, the items for the quantity) against
// the plain per-product aggregate over the same days, for ranges inside a year, across New Year,
// with loose days at both ends and over more than two years.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const C1 = uuid(11);
const P = (n: number) => uuid(30 + n);
const O = (n: number) => uuid(100 + n);

let t: TestContext;

const POSICOES = Array.from({ length: 24 }, (_, i) => i + 1);
const nn = (k: number) => String(k).padStart(2, '0');

// each item counts in its own year's row (positions 13–24) and in the next year's (1–12)
const PLANO = sql.raw(`select x.ano, x.produto,
    ${POSICOES.map(
      (k) => `coalesce(sum(x.valor) filter (where x.pos <= ${k}), 0)::text as v${k},
      (count(*) filter (where x.pos <= ${k}))::int as i${k}`,
    ).join(',\n    ')}
  from (
    select extract(year from o.data_emissao)::int + b.d as ano, i.product_id::text as produto,
      extract(month from o.data_emissao)::int + 12 - 12 * b.d as pos,
      (i.subtotal * 100)::bigint as valor
    from sales_order_items i join sales_orders o on o.id = i.order_id cross join (values (0), (1)) b(d)
    where o.status not in ('orcamento', 'cancelado')
  ) x
  group by 1, 2 order by 1, 2`);

const MODELO = sql.raw(`select y.ano::int as ano, y.product_id::text as produto,
    ${POSICOES.map((k) => `y.valor_${nn(k)}::text as v${k}, y.itens_${nn(k)} as i${k}`).join(',\n    ')}
  from relatorio_vendas_produto_ano y
  where y.itens_24 <> 0
  order by 1, 2`);

type Linha = Record<string, string | number>;

const somasPlanas = (r: Intervalo) => sql`select i.product_id::text as produto,
    sum(i.quantidade)::numeric(20, 3)::text as quantidade, sum(i.subtotal)::numeric(20, 2)::text as valor,
    count(*)::int as itens
  from sales_order_items i join sales_orders o on o.id = i.order_id
  where o.status not in ('orcamento', 'cancelado')
    and o.data_emissao >= ${r.inicio}::date and o.data_emissao < ${r.fim}::date
  group by 1 order by 1`;

const somasDoModelo = (r: Intervalo) => sql`select u.product_id::text as produto,
    ${quantidadeDoProduto(sql`u.product_id`, r)}::text as quantidade,
    (u.valor::numeric / 100)::numeric(20, 2)::text as valor, u.itens::int as itens
  from (${somasDeProdutos(r)}) u
  where u.itens > 0
  order by 1`;

// [inicio, fim), fim exclusive, as the dashboard and the reports pass them
const INTERVALOS: [string, string][] = [
  ['2026-01-01', '2027-01-01'], // a calendar year: one row per product, no sum
  ['2026-03-01', '2026-04-01'], // one month (the per-month rows)
  ['2026-02-01', '2026-04-01'], // two months: the per-month rows (fewer than MESES_PELAS_SOMAS)
  ['2026-02-01', '2026-05-01'], // February–April: April's running sum minus January's
  ['2025-12-01', '2026-12-01'], // twelve months across New Year
  ['2025-12-15', '2026-03-10'], // loose days at both ends, across New Year
  ['2026-03-02', '2026-03-20'], // days inside one month
  ['2025-01-01', '2028-01-01'], // three years: two rows per product
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

const pedido = (n: number, dataEmissao: string, status: string) => ({
  id: O(n),
  clienteId: C1,
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
    await tx
      .insert(clientes)
      .values({ id: C1, tipoPessoa: 'J', documento: '11111111000111', razaoSocial: 'Mercado Um' });
    await tx.insert(products).values([
      { id: P(1), codigo: 'P1', nome: 'Arroz', custoMedio: '2.5000' },
      { id: P(2), codigo: 'P2', nome: 'Café', custoMedio: '10.3333' },
      { id: P(3), codigo: 'P3', nome: 'Sal', custoMedio: '1.0000' },
    ]);
  });
});
afterAll(() => t.close());

describe('relatorio_vendas_produto_ano equals the plain running sums', () => {
  it('after inserts, edits, moves across New Year, cancellations and deletions, and after the rebuilds', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx.insert(salesOrders).values([
        pedido(1, '2025-12-20', 'faturado'),
        pedido(2, '2026-01-05', 'liberado'),
        pedido(3, '2026-03-01', 'digitado'),
        pedido(4, '2026-03-15', 'orcamento'), // a quote: not a sale
        pedido(5, '2026-11-30', 'digitado'),
        pedido(6, '2027-02-10', 'faturado'),
        pedido(7, '2026-09-01', 'faturado'), // the day a 90-day range takes out of September
        pedido(8, '2025-11-30', 'entregue'), // the day a 365-day range adds
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
          item(7, 2, '1.000', '7.77'),
          item(7, 3, '2.000', '2.00'),
          item(8, 3, '3.000', '3.00'),
        ]);
    });
    const inicial = await confere();
    // hand-worked: Arroz in the 2026 row — December 2025 (position 12) 30.00, January 2026 (13) 9.99,
    // March (15) 2.51: the running sums read 30.00 at 12, 39.99 / 2 items at 13 and 14, 42.50 / 3 from 15 on
    const arroz = inicial.find((l) => l.ano === 2026 && l.produto === P(1))!;
    expect([
      arroz.v11,
      arroz.v12,
      arroz.i12,
      arroz.v13,
      arroz.i13,
      arroz.v14,
      arroz.v15,
      arroz.i15,
      arroz.v24,
    ]).toEqual(['0', '3000', 1, '3999', 2, '3999', '4250', 3, '4250']);
    // and in the 2027 row, as 2026 there is positions 1–12: 1.250 / 12.50 from March (3) on
    const arroz27 = inicial.find((l) => l.ano === 2027 && l.produto === P(1))!;
    expect([arroz27.v1, arroz27.v2, arroz27.v3, arroz27.v24]).toEqual(['999', '999', '1250', '1250']);

    // more items for an order in a second statement; the quote approved; an order cancelled
    await t.db.insert(salesOrderItems).values([item(2, 2, '2.000', '25.00')]);
    await t.db
      .update(salesOrders)
      .set({ status: 'liberado' })
      .where(sql`${salesOrders.id} = ${O(4)}`);
    await t.db
      .update(salesOrders)
      .set({ status: 'cancelado' })
      .where(sql`${salesOrders.id} = ${O(6)}`);
    await confere();
    // an order moved across New Year (December 2025 → February 2026), and one within the year
    await t.db
      .update(salesOrders)
      .set({ dataEmissao: '2026-02-14' })
      .where(sql`${salesOrders.id} = ${O(1)}`);
    await t.db
      .update(salesOrders)
      .set({ dataEmissao: '2026-07-31' })
      .where(sql`${salesOrders.id} = ${O(3)}`);
    await confere();
    // an item edited, one moved to another order of another month
    await t.db
      .update(salesOrderItems)
      .set({ quantidade: '4.000', subtotal: '40.00' })
      .where(sql`${salesOrderItems.orderId} = ${O(1)} and ${salesOrderItems.productId} = ${P(1)}`);
    await t.db
      .update(salesOrderItems)
      .set({ orderId: O(5) })
      .where(sql`${salesOrderItems.orderId} = ${O(2)} and ${salesOrderItems.productId} = ${P(1)}`);
    await confere();
    // an item deleted; an order deleted with its items (the cascade)
    await t.db
      .delete(salesOrderItems)
      .where(sql`${salesOrderItems.orderId} = ${O(4)} and ${salesOrderItems.productId} = ${P(2)}`);
    await t.db.delete(salesOrders).where(sql`${salesOrders.id} = ${O(3)}`);
    const incremental = await confere();
    expect(incremental.length).toBeGreaterThan(0);

    // the month model rebuilt (TRUNCATE, then INSERT: its triggers rebuild this one), then this one
    await t.db.execute(sql`select dashboard_vendas_recalcular()`);
    expect(await confere()).toEqual(incremental);
    await t.db.execute(sql`select relatorio_vendas_produto_ano_recalcular()`);
    expect(await confere()).toEqual(incremental);
  });
});
