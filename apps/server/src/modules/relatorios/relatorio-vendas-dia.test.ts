import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { clientes, regioesEntrega, vendedores } from '../cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../comercial/comercial.tables.ts';
import { products } from '../estoque/estoque.tables.ts';

// The read model relatorio_vendas_dia (migration 0075) against the plain aggregate it stands for —
// per day, seller and region of the counted orders (every status but orçamento and cancelado): the
// orders with items, Σ quantidade, Σ subtotal, Σ round(quantidade × custo_unitario, 2) — after every
// kind of write on orders and items, and after its rebuild; and the Vendas report read through it
// equal to the same report read from the items (a customer filter sends it to the plain query).
// The same writes check relatorio_vendas_pedido (migration 0076): one row per counted order with
// items, its figures in thousandths and cents, against the plain aggregate per order.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const V1 = uuid(1);
const V2 = uuid(2);
const C1 = uuid(11);
const C2 = uuid(12);
const R1 = uuid(21);
const P = (n: number) => uuid(30 + n);
const O = (n: number) => uuid(100 + n);

let t: TestContext;
let admin: string;

const PLANO = sql`with po as (
    select i.order_id, count(*) as itens, sum(i.quantidade) as quantidade, sum(i.subtotal) as receita,
      sum(round(i.quantidade * coalesce(i.custo_unitario, 0), 2)) as custo
    from sales_order_items i group by i.order_id
  )
  select o.data_emissao::text as dia, coalesce(o.vendedor_id::text, '-') as vendedor,
    coalesce(o.regiao_id::text, '-') as regiao, count(*)::int as pedidos,
    sum(po.quantidade)::numeric(20, 3)::text as quantidade, sum(po.receita)::numeric(20, 2)::text as receita,
    sum(po.custo)::numeric(20, 2)::text as custo
  from po join sales_orders o on o.id = po.order_id
  where o.status not in ('orcamento', 'cancelado')
  group by 1, 2, 3 order by 1, 2, 3`;

const RESUMO = sql`select r.dia::text as dia,
    coalesce(nullif(r.vendedor_id, '00000000-0000-0000-0000-000000000000')::text, '-') as vendedor,
    coalesce(nullif(r.regiao_id, '00000000-0000-0000-0000-000000000000')::text, '-') as regiao, r.pedidos,
    r.quantidade::text as quantidade, r.receita::text as receita, r.custo::text as custo
  from relatorio_vendas_dia r
  where r.pedidos <> 0 or r.quantidade <> 0 or r.receita <> 0 or r.custo <> 0
  order by 1, 2, 3`;

const PLANO_PEDIDO = sql`select o.id::text as pedido, o.data_emissao::text as dia, o.cliente_id::text as cliente,
    coalesce(o.vendedor_id::text, '-') as vendedor, coalesce(o.regiao_id::text, '-') as regiao,
    count(*)::int as itens, sum(i.quantidade)::numeric(20, 3)::text as quantidade,
    sum(i.subtotal)::numeric(20, 2)::text as receita,
    sum(round(i.quantidade * coalesce(i.custo_unitario, 0), 2))::numeric(20, 2)::text as custo
  from sales_order_items i join sales_orders o on o.id = i.order_id
  where o.status not in ('orcamento', 'cancelado')
  group by o.id order by 1`;

const RESUMO_PEDIDO = sql`select r.order_id::text as pedido, r.data_emissao::text as dia,
    r.cliente_id::text as cliente, coalesce(r.vendedor_id::text, '-') as vendedor,
    coalesce(r.regiao_id::text, '-') as regiao, r.itens,
    (r.quantidade::numeric / 1000)::numeric(20, 3)::text as quantidade,
    (r.receita::numeric / 100)::numeric(20, 2)::text as receita, (r.custo::numeric / 100)::numeric(20, 2)::text as custo
  from relatorio_vendas_pedido r order by 1`;

async function confere() {
  const plano = rowsOf(await t.db.execute(PLANO));
  expect(rowsOf(await t.db.execute(RESUMO))).toEqual(plano);
  const porPedido = rowsOf(await t.db.execute(PLANO_PEDIDO));
  expect(rowsOf(await t.db.execute(RESUMO_PEDIDO))).toEqual(porPedido);
  return plano;
}

const pedido = (
  n: number,
  vendedorId: string | null,
  dataEmissao: string,
  status: string,
  regiaoId?: string,
) => ({
  id: O(n),
  clienteId: n % 2 ? C1 : C2,
  clienteNome: 'snapshot',
  vendedorId,
  regiaoId: regiaoId ?? null,
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
  admin = (await t.signIn(['admin'])).token;
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.insert(vendedores).values([
      { id: V1, nome: 'Ana' },
      { id: V2, nome: 'Bruno' },
    ]);
    await tx.insert(regioesEntrega).values({ id: R1, nome: 'Capital' });
    await tx.insert(clientes).values([
      { id: C1, tipoPessoa: 'J', documento: '11111111000111', razaoSocial: 'Mercado Um' },
      { id: C2, tipoPessoa: 'J', documento: '22222222000122', razaoSocial: 'Mercado Dois' },
    ]);
    await tx.insert(products).values([
      { id: P(1), codigo: 'P1', nome: 'Arroz', custoMedio: '2.5000' },
      { id: P(2), codigo: 'P2', nome: 'Café', custoMedio: '10.3333' },
      { id: P(3), codigo: 'P3', nome: 'Sal', custoMedio: '1.0000' },
    ]);
  });
});
afterAll(() => t.close());

describe('relatorio_vendas_dia and relatorio_vendas_pedido equal the plain aggregates', () => {
  it('after inserts, edits, moves, cancellations and deletions of orders and items, and after its rebuild', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx.insert(salesOrders).values([
        pedido(1, V1, '2026-03-01', 'faturado', R1),
        pedido(2, V2, '2026-03-01', 'liberado'),
        pedido(3, null, '2026-03-02', 'digitado'),
        pedido(4, V1, '2026-03-02', 'orcamento'),
        pedido(5, V1, '2026-03-03', 'digitado'), // no item yet: not an order of the report
      ]);
      await tx
        .insert(salesOrderItems)
        .values([
          item(1, 1, '3.000', '30.00'),
          item(1, 2, '1.500', '20.00'),
          item(2, 1, '1.000', '9.99'),
          item(3, 3, '7.000', '14.00'),
          item(4, 2, '1.000', '50.00'),
        ]);
    });
    expect((await confere()).length).toBe(3);

    // items in two statements of one order; an order of items only from the second
    await t.db.insert(salesOrderItems).values([item(2, 2, '2.000', '25.00'), item(5, 3, '1.000', '1.00')]);
    await confere();
    // the quote approved, an order cancelled, one moved to another day, seller, region and customer
    await t.db
      .update(salesOrders)
      .set({ status: 'liberado' })
      .where(sql`${salesOrders.id} = ${O(4)}`);
    await t.db
      .update(salesOrders)
      .set({ status: 'cancelado' })
      .where(sql`${salesOrders.id} = ${O(3)}`);
    await confere();
    await t.db
      .update(salesOrders)
      .set({ dataEmissao: '2026-03-05', vendedorId: V2, regiaoId: R1, clienteId: C1 })
      .where(sql`${salesOrders.id} = ${O(2)}`);
    await confere();
    // a change that moves nothing (status within the counted ones)
    await t.db
      .update(salesOrders)
      .set({ status: 'faturado' })
      .where(sql`${salesOrders.id} = ${O(2)}`);
    await confere();
    // an item edited (quantity, value, frozen cost), one moved to another order
    // (custo_unitario, migration 0067, is not in the Drizzle table: raw SQL)
    await t.db.execute(sql`update sales_order_items set quantidade = 4, subtotal = 40, custo_unitario = 2.7777
      where order_id = ${O(1)} and product_id = ${P(1)}`);
    await t.db
      .update(salesOrderItems)
      .set({ orderId: O(5) })
      .where(sql`${salesOrderItems.orderId} = ${O(1)} and ${salesOrderItems.productId} = ${P(2)}`);
    await confere();
    // an order's last item deleted (the order leaves the report), then an item of another
    await t.db.delete(salesOrderItems).where(sql`${salesOrderItems.orderId} = ${O(4)}`);
    await t.db
      .delete(salesOrderItems)
      .where(sql`${salesOrderItems.orderId} = ${O(2)} and ${salesOrderItems.productId} = ${P(2)}`);
    await confere();
    // an order deleted with its items (the cascade)
    await t.db.delete(salesOrders).where(sql`${salesOrders.id} = ${O(1)}`);
    const incremental = await confere();
    expect(incremental.length).toBeGreaterThan(0);

    await t.db.execute(sql`select relatorio_vendas_dia_recalcular()`);
    await t.db.execute(sql`select relatorio_vendas_pedido_recalcular()`);
    expect(await confere()).toEqual(incremental);
  });

  it('the Vendas report through it equals the report from the items', async () => {
    const periodo = 'de=2026-03-01&ate=2026-03-31';
    const get = async (q: string) => {
      const res = await t.request('GET', `/api/relatorios/vendas?${periodo}&${q}`, { token: admin });
      expect(res.status).toBe(200);
      return res.json();
    };
    for (const agrupar of ['vendedor', 'mes', 'dia', 'regiao']) {
      // through the read model: no customer filter; from the items: each customer, summed
      const resumo = await get(`agrupar=${agrupar}&sort=rotulo&dir=asc`);
      const porCliente = await Promise.all([C1, C2].map((c) => get(`agrupar=${agrupar}&cliente_id=${c}`)));
      const soma = new Map<string, { pedidos: number; receita: number; custo: number }>();
      for (const r of porCliente.flatMap((p) => p.items)) {
        const s = soma.get(r.chave) ?? { pedidos: 0, receita: 0, custo: 0 };
        s.pedidos += r.pedidos;
        s.receita += Math.round(Number(r.receita) * 100);
        s.custo += Math.round(Number(r.custo) * 100);
        soma.set(r.chave, s);
      }
      expect(resumo.items.length).toBe(soma.size);
      for (const r of resumo.items) {
        const s = soma.get(r.chave)!;
        expect({ pedidos: r.pedidos, receita: Math.round(Number(r.receita) * 100) }).toEqual({
          pedidos: s.pedidos,
          receita: s.receita,
        });
        expect(Math.round(Number(r.custo) * 100)).toBe(s.custo);
      }
      const totais = porCliente.reduce((acc, p) => acc + Math.round(Number(p.totais.receita) * 100), 0);
      expect(Math.round(Number(resumo.totais.receita) * 100)).toBe(totais);
    }
    // the seller filter, including «sem vendedor», on both paths
    const [rm] = rowsOf<{ receita: string }>(
      await t.db.execute(sql`select coalesce(sum(i.subtotal), 0)::text as receita
        from sales_order_items i join sales_orders o on o.id = i.order_id
        where o.status not in ('orcamento', 'cancelado') and o.vendedor_id = ${V2}
          and o.data_emissao between '2026-03-01' and '2026-03-31'`),
    );
    expect((await get(`agrupar=mes&vendedor_id=${V2}`)).totais.receita).toBe(rm!.receita);
    expect((await get('agrupar=vendedor&vendedor_id=sem')).items).toEqual([]);
  });
});
