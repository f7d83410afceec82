import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money, quantity, updatedAt, versao } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { clientes, vendedores } from '../cadastros/cadastros.tables.ts';
import { products } from '../estoque/estoque.tables.ts';
import { condicoesPagamento, formasPagamento } from '../financeiro/pagamento.tables.ts';
import { tabelasPreco } from '../precos/precos.tables.ts';

// The sales orders (README.md): the spec's sales_orders and sales_order_items, extended with the
// header of the order entry, the totals calculaPedido computed (the server recomputes them on
// every save, never trusting the client), the blockers of the last evaluation, the releases and
// the status history. Money numeric(14,2), quantities numeric(14,3), decimal strings.

/** A percentage with 2 decimals (commission), numeric(5,2). */
const percent2 = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric(5,2)' });
/** Weights in kg, numeric(14,3). */
const peso = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric(14,3)' });
/** Volume in m³, numeric(16,6). */
const volume = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric(16,6)' });

const STATUS_SQL = sql.raw(
  `('orcamento', 'digitado', 'bloqueado', 'liberado', 'em_separacao', 'conferido', 'faturado', 'entregue', 'cancelado')`,
);

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
    /** The list's search text: the customer name, accent- and case-folded (migration 0047). */
    busca: text('busca').notNull().generatedAlwaysAs(sql.raw('erp_normaliza(cliente_nome)')),
    /** The order's seller; taken from the customer's seller when none is chosen. */
    vendedorId: uuid('vendedor_id').references(() => vendedores.id),
    dataEmissao: dateOnly('data_emissao').notNull(),
    /** STATUS_PEDIDO (packages/shared/src/comercial/status-pedido.ts). */
    status: text('status').notNull().default('orcamento'),
    /** vNF: produtos − descontos + ST + FCP-ST + IPI + frete. */
    valorTotal: money('valor_total').notNull(),
    /** Internal notes (observacoes_internas in the API). */
    observacoes: text('observacoes'),
    /** Notes for the invoice (informações complementares). */
    observacoesNota: text('observacoes_nota'),
    /** The customer's região at issue time (list and kanban filter). */
    regiaoId: uuid('regiao_id'),
    condicaoPagamentoId: uuid('condicao_pagamento_id').references(() => condicoesPagamento.id),
    formaPagamentoId: uuid('forma_pagamento_id').references(() => formasPagamento.id),
    tabelaPrecoId: uuid('tabela_preco_id').references(() => tabelasPreco.id),
    dataEntrega: dateOnly('data_entrega'),
    /** NF-e modFrete 0–4, 9. */
    modalidadeFrete: text('modalidade_frete').notNull().default('0'),
    /** The order discount as typed: 'percentual' (%) or 'valor' (R$). */
    descontoTipo: text('desconto_tipo').notNull().default('percentual'),
    desconto: money('desconto').notNull().default('0'),
    valorProdutos: money('valor_produtos').notNull().default('0'),
    valorDescontoItens: money('valor_desconto_itens').notNull().default('0'),
    valorDescontoPedido: money('valor_desconto_pedido').notNull().default('0'),
    valorDescontos: money('valor_descontos').notNull().default('0'),
    valorSt: money('valor_st').notNull().default('0'),
    valorFcpSt: money('valor_fcp_st').notNull().default('0'),
    valorIpi: money('valor_ipi').notNull().default('0'),
    valorFrete: money('valor_frete').notNull().default('0'),
    pesoBruto: peso('peso_bruto').notNull().default('0'),
    pesoLiquido: peso('peso_liquido').notNull().default('0'),
    volume: volume('volume').notNull().default('0'),
    comissaoPercentual: percent2('comissao_percentual').notNull().default('0'),
    comissaoValor: money('comissao_valor').notNull().default('0'),
    /** The fingerprints of the last evaluation, per blocker type (impressoesDoPedido). */
    impressoes: jsonb('impressoes').$type<Record<string, string>>(),
    /** How many blockers of the last evaluation no valid release covers. */
    bloqueiosPendentes: integer('bloqueios_pendentes').notNull().default(0),
    motivoCancelamento: text('motivo_cancelamento'),
    criadoPor: uuid('criado_por').references(() => users.id, { onDelete: 'set null' }),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sales_orders_numero_key').on(t.numero),
    check('sales_orders_valor_total_check', sql`${t.valorTotal} >= 0`),
    check('sales_orders_status_check', sql`${t.status} in ${STATUS_SQL}`),
    check('sales_orders_modalidade_frete_check', sql`${t.modalidadeFrete} in ('0', '1', '2', '3', '4', '9')`),
    check('sales_orders_desconto_tipo_check', sql`${t.descontoTipo} in ('percentual', 'valor')`),
    // The dashboard's covering index on data_emissao lives in its migrations.
    index('sales_orders_cliente_idx').on(t.clienteId),
    index('sales_orders_vendedor_idx').on(t.vendedorId, t.dataEmissao),
    // The list: by status (and the "Bloqueados" view), period and seller, newest first.
    index('sales_orders_status_idx').on(t.status, t.dataEmissao, t.numero),
    index('sales_orders_vendedor_status_idx').on(t.vendedorId, t.status, t.dataEmissao, t.numero),
    index('sales_orders_regiao_idx').on(t.regiaoId, t.dataEmissao),
    // The list's search by customer name (migration 0047, lib/busca-listas.ts).
    index('sales_orders_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
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
    /** In the product's base unit (what stock, prices, taxes and the dashboard see). */
    quantidade: quantity('quantidade').notNull(),
    /** Per base unit. */
    precoUnitario: money('preco_unitario').notNull(),
    /** Net goods value: vProd − vDesc (the dashboard's sales per product). */
    subtotal: money('subtotal').notNull(),
    /** Line order, from 1. */
    sequencia: integer('sequencia').notNull().default(1),
    /** The packaging sold (unit sigla) and the quantity typed in it. */
    embalagem: text('embalagem'),
    quantidadeEmbalagem: quantity('quantidade_embalagem'),
    /** The base unit's sigla. */
    unidade: text('unidade'),
    /** The price engine's answer when the order was saved. */
    precoTabela: money('preco_tabela'),
    precoMinimo: money('preco_minimo'),
    descontoTipo: text('desconto_tipo').notNull().default('percentual'),
    desconto: money('desconto').notNull().default('0'),
    valorProdutos: money('valor_produtos').notNull().default('0'),
    descontoItem: money('desconto_item').notNull().default('0'),
    descontoRateado: money('desconto_rateado').notNull().default('0'),
    valorDesconto: money('valor_desconto').notNull().default('0'),
    valorFrete: money('valor_frete').notNull().default('0'),
    valorSt: money('valor_st').notNull().default('0'),
    valorFcpSt: money('valor_fcp_st').notNull().default('0'),
    valorIpi: money('valor_ipi').notNull().default('0'),
    /** vItem. */
    valorTotal: money('valor_total').notNull().default('0'),
    pesoBruto: peso('peso_bruto').notNull().default('0'),
    pesoLiquido: peso('peso_liquido').notNull().default('0'),
    volume: volume('volume').notNull().default('0'),
    regraTributacaoId: uuid('regra_tributacao_id'),
    /** The tax engine's groups for the item (ImpostosItem), as the invoice will carry them. */
    impostos: jsonb('impostos'),
  },
  (t) => [
    index('sales_order_items_order_idx').on(t.orderId),
    index('sales_order_items_product_idx').on(t.productId),
    check('sales_order_items_quantidade_check', sql`${t.quantidade} > 0`),
    check('sales_order_items_subtotal_check', sql`${t.subtotal} >= 0`),
  ],
);

/** The blockers of an order's last evaluation (replaced on every evaluation). */
export const pedidoBloqueios = pgTable(
  'pedido_bloqueios',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    /** TIPOS_BLOQUEIO. */
    tipo: text('tipo').notNull(),
    /** pt-BR with the figures. */
    motivo: text('motivo').notNull(),
    impressao: text('impressao').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pedido_bloqueios_tipo_key').on(t.orderId, t.tipo),
    index('pedido_bloqueios_tipo_idx').on(t.tipo, t.orderId),
  ],
);

/** A release of one blocker: valid while the order's fingerprint of its type is the one released. */
export const pedidoLiberacoes = pgTable(
  'pedido_liberacoes',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    /** The blocker's reason the approver saw. */
    motivo: text('motivo').notNull(),
    impressao: text('impressao').notNull(),
    justificativa: text('justificativa').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    usuario: text('usuario'),
    createdAt: createdAt(),
  },
  (t) => [index('pedido_liberacoes_order_idx').on(t.orderId, t.tipo)],
);

/** Every status change of an order: who, when, from → to (and why, for a cancellation). */
export const pedidoHistorico = pgTable(
  'pedido_historico',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    de: text('de'),
    para: text('para').notNull(),
    motivo: text('motivo'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    usuario: text('usuario'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pedido_historico_order_idx').on(t.orderId, t.id)],
);
