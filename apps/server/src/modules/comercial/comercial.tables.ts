import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money, quantity, updatedAt, versao } from '../../db/columns.ts';
import { clientes, vendedores } from '../cadastros/cadastros.tables.ts';
import { products } from '../estoque/estoque.tables.ts';

/** Spec: sales_orders. cliente_nome is a snapshot of the customer's name at issue time. */
export const salesOrders = pgTable(
  'sales_orders',
  {
    id: id(),
    numero: bigserial('numero', { mode: 'number' }).notNull(),
    clienteId: uuid('cliente_id')
      .notNull()
      .references(() => clientes.id),
    clienteNome: text('cliente_nome').notNull(),
    /** The order's seller; taken from the customer's seller when none is chosen. */
    vendedorId: uuid('vendedor_id').references(() => vendedores.id),
    dataEmissao: dateOnly('data_emissao').notNull(),
    status: text('status').notNull().default('aberto'),
    valorTotal: money('valor_total').notNull(),
    observacoes: text('observacoes'),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sales_orders_numero_key').on(t.numero),
    check('sales_orders_valor_total_check', sql`${t.valorTotal} >= 0`),
    // The dashboard's covering index on data_emissao lives in its migrations.
    index('sales_orders_cliente_idx').on(t.clienteId),
    index('sales_orders_vendedor_idx').on(t.vendedorId, t.dataEmissao),
  ],
);

/** Spec: sales_order_items. produto_nome is a snapshot; product_id the link. */
export const salesOrderItems = pgTable(
  'sales_order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    produtoNome: text('produto_nome').notNull(),
    quantidade: quantity('quantidade').notNull(),
    precoUnitario: money('preco_unitario').notNull(),
    subtotal: money('subtotal').notNull(),
  },
  (t) => [
    index('sales_order_items_order_idx').on(t.orderId),
    index('sales_order_items_product_idx').on(t.productId),
    check('sales_order_items_quantidade_check', sql`${t.quantidade} > 0`),
    check('sales_order_items_subtotal_check', sql`${t.subtotal} >= 0`),
  ],
);
