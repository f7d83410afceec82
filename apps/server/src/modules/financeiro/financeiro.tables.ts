import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money, updatedAt, versao } from '../../db/columns.ts';

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
    clienteId: uuid('cliente_id'),
    fornecedorNome: text('fornecedor_nome'),
    salesOrderId: uuid('sales_order_id'),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('financial_accounts_tipo_check', sql`${t.tipo} in ('receber', 'pagar')`),
    check('financial_accounts_status_check', sql`${t.status} in ('em_aberto', 'pago', 'cancelado')`),
    check('financial_accounts_valor_check', sql`${t.valor} > 0`),
    // Dashboard: open totals per type and overdue lists by ascending due date.
    index('financial_accounts_aberto_idx').on(t.tipo, t.dataVencimento).where(sql`${t.status} = 'em_aberto'`),
  ],
);
