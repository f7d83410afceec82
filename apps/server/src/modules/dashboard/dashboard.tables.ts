import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { dateOnly } from '../../db/columns.ts';

/**
 * Read model: what each product sold in each month (by the order's data_emissao). Kept by database
 * triggers on sales_order_items and sales_orders (migration dashboard_vendas_produto_mes), so the
 * "Produtos Mais Vendidos" figures read ~one row per product sold in the month instead of joining
 * every item of the month to its order. Derived data: not audited; rebuilt from scratch with
 * `select dashboard_vendas_recalcular()`. Rows whose `itens` dropped to 0 are ignored by readers.
 */
export const dashboardVendasProdutoMes = pgTable(
  'dashboard_vendas_produto_mes',
  {
    /** first day of the month */
    mes: dateOnly('mes').notNull(),
    productId: uuid('product_id').notNull(),
    quantidade: numeric('quantidade', { precision: 20, scale: 3 }).notNull(),
    valor: numeric('valor', { precision: 20, scale: 2 }).notNull(),
    /** number of order items summed into this row */
    itens: integer('itens').notNull(),
  },
  (t) => [
    primaryKey({ name: 'dashboard_vendas_produto_mes_pkey', columns: [t.mes, t.productId] }),
    index('dashboard_vendas_produto_mes_valor_idx')
      .on(t.mes, t.valor.desc(), t.productId)
      .where(sql`${t.itens} > 0`),
  ],
);

/**
 * Read model: each customer's orders per month (count and total of valor_total), kept by triggers
 * on sales_orders (migration dashboard_vendas_cliente_mes) so "Vendas por Cliente" reads its top 20
 * off an index instead of grouping the month's orders (one group per customer). Derived data: not
 * audited; rebuilt with `select dashboard_vendas_recalcular()`. Rows with pedidos = 0 are ignored.
 */
export const dashboardVendasClienteMes = pgTable(
  'dashboard_vendas_cliente_mes',
  {
    /** first day of the month */
    mes: dateOnly('mes').notNull(),
    clienteId: uuid('cliente_id').notNull(),
    pedidos: integer('pedidos').notNull(),
    valor: numeric('valor', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'dashboard_vendas_cliente_mes_pkey', columns: [t.mes, t.clienteId] }),
    index('dashboard_vendas_cliente_mes_valor_idx')
      .on(t.mes, t.valor.desc(), t.clienteId)
      .where(sql`${t.pedidos} > 0`),
  ],
);

/**
 * Read model: the stock block's figures (active products, below minimum, above maximum, stock value
 * Σ estoque_atual × preco_custo unrounded) as 16 slices whose sums are the figures. Kept by a
 * statement-level trigger on products (migration dashboard_estoque_resumo) in the same transaction
 * as every change of a product — the ledger's postings, the register, imports. Each transaction adds
 * its delta to a slice no other transaction holds (FOR UPDATE SKIP LOCKED), so concurrent ledger
 * writers never queue on one hot row. Derived data: not audited; rebuilt with
 * `select dashboard_estoque_recalcular()`.
 */
export const dashboardEstoqueResumo = pgTable('dashboard_estoque_resumo', {
  fatia: smallint('fatia').primaryKey(),
  produtos: integer('produtos').notNull().default(0),
  abaixoMinimo: integer('abaixo_minimo').notNull().default(0),
  acimaMaximo: integer('acima_maximo').notNull().default(0),
  valor: numeric('valor').notNull().default('0'),
});
