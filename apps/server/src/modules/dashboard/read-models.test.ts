import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { clientes } from '../cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../comercial/comercial.tables.ts';
import { products } from '../estoque/estoque.tables.ts';

// The read models (product sales per month, customer sales per month) must always equal a
// recomputation from orders and items, whatever writes happen (insert, update, an order changing
// month, customer or value, deletes, cascades, rollbacks).

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CLIENTE = uuid(1);
const CLIENTE2 = uuid(2);
const P1 = uuid(11);
const P2 = uuid(12);
const P3 = uuid(13);
const O = (n: number) => uuid(100 + n);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.insert(clientes).values([
      { id: CLIENTE, tipoPessoa: 'J', documento: '44444444000144', razaoSocial: 'Cliente Um' },
      { id: CLIENTE2, tipoPessoa: 'J', documento: '55555555000155', razaoSocial: 'Cliente Dois' },
    ]);
    await tx.insert(products).values([
      { id: P1, codigo: 'X1', nome: 'Produto Um' },
      { id: P2, codigo: 'X2', nome: 'Produto Dois' },
      { id: P3, codigo: 'X3', nome: 'Produto Três' },
    ]);
  });
});
afterAll(() => t.close());

type Linha = { mes: string; product_id: string; quantidade: string; valor: string; itens: number };

async function readModel(): Promise<Linha[]> {
  return rowsOf<Linha>(
    await t.db.execute(sql`
      select mes::text as mes, product_id, quantidade::text as quantidade, valor::text as valor, itens
      from dashboard_vendas_produto_mes where itens > 0 order by mes, product_id`),
  );
}

type LinhaCliente = { mes: string; cliente_id: string; pedidos: number; valor: string };

async function clientesModel(): Promise<LinhaCliente[]> {
  return rowsOf<LinhaCliente>(
    await t.db.execute(sql`
      select mes::text as mes, cliente_id, pedidos, valor::text as valor
      from dashboard_vendas_cliente_mes where pedidos > 0 order by mes, cliente_id`),
  );
}

async function clientesRecomputed(): Promise<LinhaCliente[]> {
  return rowsOf<LinhaCliente>(
    await t.db.execute(sql`
      select dashboard_mes(data_emissao)::text as mes, cliente_id, count(*)::int as pedidos,
             sum(valor_total)::numeric(20,2)::text as valor
      from sales_orders where dashboard_conta(status) group by 1, 2 order by 1, 2`),
  );
}

/** Both read models equal their recomputation. */
async function expectConsistent() {
  expect(await readModel()).toEqual(await recomputed());
  expect(await clientesModel()).toEqual(await clientesRecomputed());
}

async function recomputed(): Promise<Linha[]> {
  return rowsOf<Linha>(
    await t.db.execute(sql`
      select dashboard_mes(o.data_emissao)::text as mes, i.product_id,
             sum(i.quantidade)::numeric(20,3)::text as quantidade, sum(i.subtotal)::numeric(20,2)::text as valor,
             count(*)::int as itens
      from sales_order_items i join sales_orders o on o.id = i.order_id
      where dashboard_conta(o.status)
      group by 1, 2 order by 1, 2`),
  );
}

const order = (n: number, dataEmissao: string, valorTotal: string, clienteId = CLIENTE) => ({
  id: O(n),
  clienteId,
  clienteNome: 'Cliente',
  dataEmissao,
  // an order, not a quote: quotes and cancelled orders are not sales (migration 0029)
  status: 'faturado',
  valorTotal,
});
const item = (o: number, productId: string, quantidade: string, subtotal: string) => ({
  orderId: O(o),
  productId,
  produtoNome: 'x',
  quantidade,
  precoUnitario: '1.00',
  subtotal,
});

describe('dashboard read models upkeep', () => {
  it('follows inserts in one transaction and across statements', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx
        .insert(salesOrders)
        .values([
          order(1, '2026-03-01', '30.30'),
          order(2, '2026-03-31', '35.85'),
          order(3, '2026-04-01', '0.01', CLIENTE2),
        ]);
      await tx
        .insert(salesOrderItems)
        .values([
          item(1, P1, '1.000', '10.10'),
          item(1, P2, '2.500', '20.20'),
          item(2, P1, '3.000', '30.30'),
          item(3, P1, '1.000', '0.01'),
        ]);
    });
    await writeTx(t.db, systemActor, (tx) => tx.insert(salesOrderItems).values(item(2, P3, '1.000', '5.55')));
    expect(await readModel()).toEqual([
      { mes: '2026-03-01', product_id: P1, quantidade: '4.000', valor: '40.40', itens: 2 },
      { mes: '2026-03-01', product_id: P2, quantidade: '2.500', valor: '20.20', itens: 1 },
      { mes: '2026-03-01', product_id: P3, quantidade: '1.000', valor: '5.55', itens: 1 },
      { mes: '2026-04-01', product_id: P1, quantidade: '1.000', valor: '0.01', itens: 1 },
    ]);
    expect(await clientesModel()).toEqual([
      { mes: '2026-03-01', cliente_id: CLIENTE, pedidos: 2, valor: '66.15' },
      { mes: '2026-04-01', cliente_id: CLIENTE2, pedidos: 1, valor: '0.01' },
    ]);
    await expectConsistent();
  });

  it('follows item updates (quantity, value, product) and deletes', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx
        .update(salesOrderItems)
        .set({ quantidade: '5.000', subtotal: '50.00' })
        .where(eq(salesOrderItems.productId, P2));
      await tx.update(salesOrderItems).set({ productId: P2 }).where(eq(salesOrderItems.productId, P3));
      await tx.delete(salesOrderItems).where(eq(salesOrderItems.orderId, O(3)));
    });
    expect(await readModel()).toEqual([
      { mes: '2026-03-01', product_id: P1, quantidade: '4.000', valor: '40.40', itens: 2 },
      { mes: '2026-03-01', product_id: P2, quantidade: '6.000', valor: '55.55', itens: 2 },
    ]);
    await expectConsistent();
  });

  it('moves an order that changes month, and ignores a change within the month', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx
        .update(salesOrders)
        .set({ dataEmissao: '2026-02-28' })
        .where(eq(salesOrders.id, O(2)));
      await tx
        .update(salesOrders)
        .set({ dataEmissao: '2026-03-15', status: 'faturado' })
        .where(eq(salesOrders.id, O(1)));
    });
    expect(await readModel()).toEqual([
      { mes: '2026-02-01', product_id: P1, quantidade: '3.000', valor: '30.30', itens: 1 },
      { mes: '2026-02-01', product_id: P2, quantidade: '1.000', valor: '5.55', itens: 1 },
      { mes: '2026-03-01', product_id: P1, quantidade: '1.000', valor: '10.10', itens: 1 },
      { mes: '2026-03-01', product_id: P2, quantidade: '5.000', valor: '50.00', itens: 1 },
    ]);
    await expectConsistent();
  });

  it('follows an order whose value or customer changes, and ignores a status-only update', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx
        .update(salesOrders)
        .set({ valorTotal: '11.11', clienteId: CLIENTE2 })
        .where(eq(salesOrders.id, O(1)));
      await tx
        .update(salesOrders)
        // from one counted status to another (cancelado would take it out: see below)
        .set({ status: 'entregue' })
        .where(eq(salesOrders.id, O(2)));
    });
    expect(await clientesModel()).toEqual([
      { mes: '2026-02-01', cliente_id: CLIENTE, pedidos: 1, valor: '35.85' },
      { mes: '2026-03-01', cliente_id: CLIENTE2, pedidos: 1, valor: '11.11' },
      { mes: '2026-04-01', cliente_id: CLIENTE2, pedidos: 1, valor: '0.01' },
    ]);
    await expectConsistent();
  });

  it('takes out a deleted order (items deleted by the cascade) exactly once', async () => {
    await writeTx(t.db, systemActor, (tx) => tx.delete(salesOrders).where(eq(salesOrders.id, O(2))));
    expect(await readModel()).toEqual([
      { mes: '2026-03-01', product_id: P1, quantidade: '1.000', valor: '10.10', itens: 1 },
      { mes: '2026-03-01', product_id: P2, quantidade: '5.000', valor: '50.00', itens: 1 },
    ]);
    await expectConsistent();
  });

  it('a rolled-back write leaves no trace, and the rebuild gives the same rows', async () => {
    await expect(
      writeTx(t.db, systemActor, async (tx) => {
        await tx.insert(salesOrders).values(order(9, '2026-03-09', '9.99', CLIENTE2));
        await tx.insert(salesOrderItems).values(item(1, P3, '9.000', '99.99'));
        throw new Error('desfazer');
      }),
    ).rejects.toThrow('desfazer');
    const before = [await readModel(), await clientesModel()];
    await t.db.execute(sql`select dashboard_vendas_recalcular()`);
    expect([await readModel(), await clientesModel()]).toEqual(before);
    await expectConsistent();
  });

  it('an order entering or leaving the counted statuses moves its share (quotes and cancelled are not sales)', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx.insert(salesOrders).values({ ...order(20, '2026-05-02', '7.00'), status: 'orcamento' });
      await tx.insert(salesOrderItems).values(item(20, P1, '7.000', '7.00'));
    });
    await expectConsistent();
    await t.db
      .update(salesOrders)
      .set({ status: 'digitado' })
      .where(eq(salesOrders.id, O(20)));
    expect((await readModel()).find((l) => l.mes === '2026-05-01')).toMatchObject({
      valor: '7.00',
      itens: 1,
    });
    await expectConsistent();
    await t.db
      .update(salesOrders)
      .set({ status: 'cancelado', dataEmissao: '2026-06-01' })
      .where(eq(salesOrders.id, O(20)));
    expect((await readModel()).find((l) => l.mes === '2026-05-01' || l.mes === '2026-06-01')).toBeUndefined();
    await expectConsistent();
    await t.db.delete(salesOrders).where(eq(salesOrders.id, O(20)));
    await expectConsistent();
  });
});
