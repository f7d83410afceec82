import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money, updatedAt, versao } from '../../db/columns.ts';
import { clientes } from '../cadastros/cadastros.tables.ts';
import { salesOrders } from '../comercial/comercial.tables.ts';

/** Spec: financial_accounts — receivables (tipo receber) and payables (tipo pagar). */
export const financialAccounts = pgTable(
  'financial_accounts',
  {
    id: id(),
    tipo: text('tipo').$type<'receber' | 'pagar'>().notNull(),
    status: text('status').notNull().default('em_aberto'),
    descricao: text('descricao').notNull(),
    valor: money('valor').notNull(),
    dataEmissao: dateOnly('data_emissao'),
    dataVencimento: dateOnly('data_vencimento').notNull(),
    clienteId: uuid('cliente_id').references(() => clientes.id),
    fornecedorNome: text('fornecedor_nome'),
    salesOrderId: uuid('sales_order_id').references(() => salesOrders.id),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('financial_accounts_tipo_check', sql`${t.tipo} in ('receber', 'pagar')`),
    check('financial_accounts_status_check', sql`${t.status} in ('em_aberto', 'pago', 'cancelado')`),
    check('financial_accounts_valor_check', sql`${t.valor} > 0`),
    // The dashboard's open-account indexes live in its migrations.
    // Referenced-delete checks on customers and orders.
    index('financial_accounts_cliente_idx').on(t.clienteId),
    index('financial_accounts_sales_order_idx').on(t.salesOrderId),
  ],
);
