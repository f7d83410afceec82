import {
  type ComercialResumo,
  DASHBOARD_TOP_LIMIT,
  monthRange,
  type VendaPorCliente,
  type VendaPorPeriodo,
  type VendaPorProduto,
  type VendaPorVendedor,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

// Commercial block: orders of the current business month, [first day, first day of next month).
// Each function is one SQL aggregate (see docs/decisions/0001-dashboard-read-model.md): money is
// summed as numeric in the database and travels as a decimal string; nothing is summed in JS.
// Quotes and cancelled orders are not sales (STATUS_FORA_DAS_VENDAS): every figure leaves them out,
// with the predicate of the partial index dashboard_pedidos_mes_idx (migration 0029); the read
// models count only the other orders (their triggers use dashboard_conta(status)).
const vendas = sql.raw(`status not in ('orcamento', 'cancelado')`);

/**
 * The month's cards off the read models, flat in the number of orders: the order count, total and
 * products sold from the slices of dashboard_vendas_mes (migration 0049), the top product off the
 * top of dashboard_vendas_produto_mes_valor_idx.
 */
export async function getComercialResumo(db: Db, hoje: string): Promise<ComercialResumo> {
  const { inicio, fim } = monthRange(hoje);
  const [row] = rowsOf<Omit<ComercialResumo, 'periodo'>>(
    await db.execute(sql`
      with m as (
        select coalesce(sum(pedidos), 0)::int as total_pedidos, coalesce(sum(valor), 0) as vendas,
               coalesce(sum(produtos), 0)::int as produtos_vendidos
        from dashboard_vendas_mes
        where mes = ${inicio}::date
      )
      select
        m.total_pedidos,
        round(m.vendas, 2)::text as vendas_mes,
        round(case when m.total_pedidos > 0 then m.vendas / m.total_pedidos else 0 end, 2)::text as ticket_medio,
        m.produtos_vendidos,
        (select pr.nome
          from (select s.product_id from dashboard_vendas_produto_mes s
                where s.mes = ${inicio}::date and s.itens > 0
                order by s.valor desc nulls last fetch first 1 row with ties) x
          join products pr on pr.id = x.product_id
          order by pr.nome limit 1) as produto_mais_vendido
      from m`),
  );
  return { periodo: { inicio, fim }, ...row! };
}

/** Vendas por Período: each day of the month that has orders, by ascending date. */
export async function listVendasPorPeriodo(db: Db, hoje: string): Promise<VendaPorPeriodo[]> {
  const { inicio, fim } = monthRange(hoje);
  return rowsOf<VendaPorPeriodo>(
    await db.execute(sql`
      select data_emissao::text as data, count(*)::int as quantidade, sum(valor_total)::text as total
      from sales_orders
      where data_emissao >= ${inicio}::date and data_emissao < ${fim}::date and ${vendas}
      group by data_emissao
      order by data_emissao`),
  );
}

/**
 * Vendas por Produto: the month's top products by value sold (sum of item subtotals), read from
 * the dashboard_vendas_produto_mes read model that triggers keep in step with the items. ("nulls
 * last" matches the index's order, so the top 20 come straight off the index; valor is never null.)
 */
export async function listVendasPorProduto(db: Db, hoje: string): Promise<VendaPorProduto[]> {
  const { inicio } = monthRange(hoje);
  return rowsOf<VendaPorProduto>(
    await db.execute(sql`
      select pr.nome as produto, x.quantidade::text as quantidade, x.valor::text as valor_total
      from (
        select s.product_id, s.quantidade, s.valor
        from dashboard_vendas_produto_mes s
        where s.mes = ${inicio}::date and s.itens > 0
        order by s.valor desc nulls last, s.product_id
        limit ${DASHBOARD_TOP_LIMIT}
      ) x
      join products pr on pr.id = x.product_id
      order by x.valor desc, pr.nome`),
  );
}

/**
 * Vendas por Cliente: the month's top customers by value, read off the dashboard_vendas_cliente_mes
 * read model (kept by triggers on sales_orders). The name shown is the customer-name snapshot of
 * the customer's latest order in the month.
 */
export async function listVendasPorCliente(db: Db, hoje: string): Promise<VendaPorCliente[]> {
  const { inicio, fim } = monthRange(hoje);
  return rowsOf<VendaPorCliente>(
    await db.execute(sql`
      select n.cliente_nome as cliente, x.pedidos, x.valor::text as valor_total
      from (
        select s.cliente_id, s.pedidos, s.valor
        from dashboard_vendas_cliente_mes s
        where s.mes = ${inicio}::date and s.pedidos > 0
        order by s.valor desc nulls last, s.cliente_id
        limit ${DASHBOARD_TOP_LIMIT}
      ) x
      cross join lateral (
        select o.cliente_nome
        from sales_orders o
        where o.cliente_id = x.cliente_id and o.data_emissao >= ${inicio}::date and o.data_emissao < ${fim}::date
          and o.${vendas}
        order by o.data_emissao desc, o.numero desc
        limit 1
      ) n
      order by x.valor desc, n.cliente_nome`),
  );
}

/**
 * Vendas por Vendedor: every order under its OWN seller (sales_orders.vendedor_id, which an order
 * takes from its customer's seller when none is chosen), or "Sem vendedor" — each group with its
 * own count and total. (Fixes the spec's known fault of assigning all orders to the first seller.)
 */
export async function listVendasPorVendedor(db: Db, hoje: string): Promise<VendaPorVendedor[]> {
  const { inicio, fim } = monthRange(hoje);
  return rowsOf<VendaPorVendedor>(
    await db.execute(sql`
      select coalesce(v.nome, 'Sem vendedor') as vendedor, x.pedidos, x.valor::text as valor_total
      from (
        select vendedor_id, count(*)::int as pedidos, sum(valor_total) as valor
        from sales_orders
        where data_emissao >= ${inicio}::date and data_emissao < ${fim}::date and ${vendas}
        group by vendedor_id
      ) x
      left join vendedores v on v.id = x.vendedor_id
      order by x.valor desc, vendedor
      limit ${DASHBOARD_TOP_LIMIT}`),
  );
}
