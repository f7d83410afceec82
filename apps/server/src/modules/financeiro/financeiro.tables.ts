import type {
  OrigemTitulo,
  TipoChavePix,
  TipoClasse,
  TipoContaBancaria,
  TipoMovimentoConta,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money, updatedAt, versao } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { clientes, fornecedores, vendedores } from '../cadastros/cadastros.tables.ts';
import { salesOrders } from '../comercial/comercial.tables.ts';
import { condicoesPagamento, formasPagamento, percentual } from './pagamento.tables.ts';

// The finance module's tables (README.md). Registers: centros de custo, classes financeiras (the
// plano gerencial), formas, condições, contas bancárias. Títulos: financial_accounts (the spec's
// table, extended), their rateio over centros, their baixas, and the bank ledger (append-only).

// Formas and condições de pagamento live in pagamento.tables.ts: the order tables reference them, and
// these tables reference the orders, so keeping them here made comercial ⇄ financeiro an import cycle.
export { condicoesPagamento, formasPagamento };

export const centrosCusto = pgTable(
  'centros_custo',
  {
    id: id(),
    codigo: text('codigo').notNull(),
    nome: text('nome').notNull(),
    descricao: text('descricao'),
    ativo: boolean('ativo').notNull().default(true),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('centros_custo_codigo_key').on(t.codigo)],
);

export const classesFinanceiras = pgTable(
  'classes_financeiras',
  {
    id: id(),
    codigo: text('codigo').notNull(),
    nome: text('nome').notNull(),
    tipo: text('tipo').$type<TipoClasse>().notNull(),
    descricao: text('descricao'),
    ativo: boolean('ativo').notNull().default(true),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('classes_financeiras_codigo_key').on(t.codigo),
    check('classes_financeiras_tipo_check', sql`${t.tipo} in ('receita', 'despesa')`),
  ],
);

export const contasBancarias = pgTable(
  'contas_bancarias',
  {
    id: id(),
    nome: text('nome').notNull(),
    tipo: text('tipo').$type<TipoContaBancaria>().notNull(),
    bancoCodigo: text('banco_codigo'),
    bancoNome: text('banco_nome'),
    agencia: text('agencia'),
    agenciaDigito: text('agencia_digito'),
    conta: text('conta'),
    contaDigito: text('conta_digito'),
    titular: text('titular'),
    saldoInicial: money('saldo_inicial').notNull().default('0'),
    dataSaldoInicial: dateOnly('data_saldo_inicial').notNull(),
    tipoChavePix: text('tipo_chave_pix').$type<TipoChavePix>(),
    chavePix: text('chave_pix'),
    carteira: text('carteira'),
    convenio: text('convenio'),
    ativa: boolean('ativa').notNull().default(true),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contas_bancarias_nome_key').on(sql`lower(${t.nome})`),
    check('contas_bancarias_tipo_check', sql`${t.tipo} in ('corrente', 'poupanca', 'caixa')`),
  ],
);

/** Spec: financial_accounts — receivables (tipo receber) and payables (tipo pagar): the títulos. */
export const financialAccounts = pgTable(
  'financial_accounts',
  {
    id: id(),
    tipo: text('tipo').$type<'receber' | 'pagar'>().notNull(),
    status: text('status').notNull().default('em_aberto'),
    descricao: text('descricao').notNull(),
    /** The valor original. */
    valor: money('valor').notNull(),
    /**
     * What is still open (valor − the principal of the active baixas). NOT NULL in the database;
     * an insert that leaves it out gets valor (0 when pago) from a trigger (migration 0023), so
     * the writers that predate the finance module keep working.
     */
    saldo: money('saldo'),
    dataEmissao: dateOnly('data_emissao'),
    dataVencimento: dateOnly('data_vencimento').notNull(),
    clienteId: uuid('cliente_id').references(() => clientes.id),
    fornecedorId: uuid('fornecedor_id').references(() => fornecedores.id),
    vendedorId: uuid('vendedor_id').references(() => vendedores.id),
    /** The payable of a commission: to this seller (no fornecedor). */
    fornecedorNome: text('fornecedor_nome'),
    /** The person's name when the título was created (kept if the register changes). */
    pessoaNome: text('pessoa_nome').notNull().default(''),
    documento: text('documento'),
    /** The lists' search text: pessoa, description and document, accent- and case-folded (migration 0047). */
    busca: text('busca')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`erp_normaliza(pessoa_nome || ' ' || descricao || ' ' || coalesce(documento, ''))`),
      ),
    /** Boleto nosso número (CNAB retorno settles by it; extrato.README.md). */
    nossoNumero: text('nosso_numero'),
    parcela: integer('parcela').notNull().default(1),
    totalParcelas: integer('total_parcelas').notNull().default(1),
    jurosMesPercentual: percentual('juros_mes_percentual').notNull().default('0'),
    multaPercentual: percentual('multa_percentual').notNull().default('0'),
    descontoValor: money('desconto_valor'),
    descontoAte: dateOnly('desconto_ate'),
    classeFinanceiraId: uuid('classe_financeira_id').references(() => classesFinanceiras.id),
    centroCustoId: uuid('centro_custo_id').references(() => centrosCusto.id),
    formaId: uuid('forma_id').references(() => formasPagamento.id),
    contaBancariaId: uuid('conta_bancaria_id').references(() => contasBancarias.id),
    origem: text('origem').$type<OrigemTitulo>().notNull().default('manual'),
    origemId: uuid('origem_id'),
    /**
     * Σ of the active abatimentos (titulo_abatimentos: a return's value, a crédito used; migration
     * 0056): the saldo went down by them without a baixa. A baixa's commission is measured on
     * valor − abatimentos.
     */
    abatimentos: money('abatimentos').notNull().default('0'),
    /** The seller's commission on this título (receivables with a seller), R$. */
    comissaoValor: money('comissao_valor'),
    observacoes: text('observacoes'),
    motivoCancelamento: text('motivo_cancelamento'),
    salesOrderId: uuid('sales_order_id').references(() => salesOrders.id),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('financial_accounts_tipo_check', sql`${t.tipo} in ('receber', 'pagar')`),
    check(
      'financial_accounts_status_check',
      sql`${t.status} in ('em_aberto', 'parcial', 'pago', 'cancelado')`,
    ),
    check('financial_accounts_valor_check', sql`${t.valor} > 0`),
    check('financial_accounts_saldo_check', sql`${t.saldo} >= 0 and ${t.saldo} <= ${t.valor}`),
    check('financial_accounts_parcela_check', sql`${t.parcela} between 1 and ${t.totalParcelas}`),
    check(
      'financial_accounts_origem_check',
      sql`${t.origem} in ('pedido', 'nota_fiscal', 'entrada', 'manual', 'renegociacao', 'comissao')`,
    ),
    // The dashboard's open-account indexes live in its migrations.
    // Referenced-delete checks on customers and orders.
    index('financial_accounts_cliente_idx').on(t.clienteId),
    index('financial_accounts_sales_order_idx').on(t.salesOrderId),
    // The lists: per tipo by due date (status and period filters), and by each filter's reference.
    index('financial_accounts_tipo_venc_idx').on(t.tipo, t.dataVencimento, t.id),
    // In migration SQL (drizzle has no INCLUDE; 0030, 0033): financial_accounts_lista_idx (tipo,
    // status, data_vencimento) INCLUDE (saldo, id) — the status + period filter and the footer totals
    // from the index alone; financial_accounts_abertos_conta_idx (conta_bancaria_id, data_vencimento)
    // INCLUDE (saldo, tipo) WHERE open — one account's previsto; and on baixas, baixas_ativas_data_idx
    // (data_pagamento) INCLUDE (titulo_id, principal) WHERE NOT estornada — "pago no período" and
    // the month by classe.
    index('financial_accounts_fornecedor_idx').on(t.fornecedorId),
    index('financial_accounts_vendedor_idx').on(t.vendedorId),
    index('financial_accounts_classe_idx').on(t.classeFinanceiraId),
    index('financial_accounts_centro_idx').on(t.centroCustoId),
    index('financial_accounts_conta_idx').on(t.contaBancariaId),
    index('financial_accounts_forma_idx').on(t.formaId),
    index('financial_accounts_nosso_numero_idx').on(t.nossoNumero),
    index('financial_accounts_origem_idx').on(t.origem, t.origemId),
    // The lists' search box (migration 0047, buscaTitulos).
    index('financial_accounts_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
  ],
);

/** A título split over several centros de custo (percent with 4 decimals, values to the cent). */
export const tituloRateios = pgTable(
  'titulo_rateios',
  {
    id: id(),
    tituloId: uuid('titulo_id')
      .notNull()
      .references(() => financialAccounts.id, { onDelete: 'cascade' }),
    centroCustoId: uuid('centro_custo_id')
      .notNull()
      .references(() => centrosCusto.id),
    percentual: percentual('percentual').notNull(),
    valor: money('valor').notNull(),
  },
  (t) => [
    uniqueIndex('titulo_rateios_titulo_centro_key').on(t.tituloId, t.centroCustoId),
    index('titulo_rateios_centro_idx').on(t.centroCustoId),
    check('titulo_rateios_percentual_check', sql`${t.percentual} > 0 and ${t.percentual} <= 100`),
  ],
);

/** One settlement of a título; an estorno marks it reversed (never deleted). */
export const baixas = pgTable(
  'baixas',
  {
    id: id(),
    tituloId: uuid('titulo_id')
      .notNull()
      .references(() => financialAccounts.id),
    dataPagamento: dateOnly('data_pagamento').notNull(),
    contaBancariaId: uuid('conta_bancaria_id')
      .notNull()
      .references(() => contasBancarias.id),
    formaId: uuid('forma_id').references(() => formasPagamento.id),
    valorPago: money('valor_pago').notNull(),
    juros: money('juros').notNull().default('0'),
    multa: money('multa').notNull().default('0'),
    desconto: money('desconto').notNull().default('0'),
    principal: money('principal').notNull(),
    /** The seller commission this baixa earned (a payable), else null. */
    comissao: money('comissao'),
    comissaoTituloId: uuid('comissao_titulo_id').references(() => financialAccounts.id),
    loteId: uuid('lote_id'),
    observacao: text('observacao'),
    estornada: boolean('estornada').notNull().default(false),
    estornoMotivo: text('estorno_motivo'),
    estornadaEm: timestamp('estornada_em', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('baixas_titulo_idx').on(t.tituloId),
    index('baixas_conta_data_idx').on(t.contaBancariaId, t.dataPagamento),
    index('baixas_lote_idx').on(t.loteId),
    check('baixas_valores_check', sql`${t.valorPago} > 0 and ${t.principal} > 0`),
  ],
);

/**
 * The bank ledger, append-only (a trigger refuses UPDATE and DELETE): each baixa is a movement
 * (+ on a receivable, − on a payable); its estorno is a movement of the exact negative that names
 * it (`estorno_de`, unique: one estorno per movement).
 */
export const contaMovimentos = pgTable(
  'conta_movimentos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    contaBancariaId: uuid('conta_bancaria_id')
      .notNull()
      .references(() => contasBancarias.id),
    data: dateOnly('data').notNull(),
    tipo: text('tipo').$type<TipoMovimentoConta>().notNull(),
    /** Signed: + enters the account, − leaves it. */
    valor: money('valor').notNull(),
    historico: text('historico').notNull(),
    baixaId: uuid('baixa_id').references(() => baixas.id),
    tituloId: uuid('titulo_id').references(() => financialAccounts.id),
    estornoDe: bigint('estorno_de', { mode: 'number' }).references((): AnyPgColumn => contaMovimentos.id),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('conta_movimentos_conta_data_idx').on(t.contaBancariaId, t.data, t.id),
    index('conta_movimentos_data_idx').on(t.data),
    index('conta_movimentos_baixa_idx').on(t.baixaId),
    uniqueIndex('conta_movimentos_estorno_de_key').on(t.estornoDe),
    check('conta_movimentos_tipo_check', sql`${t.tipo} in ('recebimento', 'pagamento', 'estorno')`),
    check('conta_movimentos_valor_check', sql`${t.valor} <> 0`),
  ],
);

/**
 * Read model of the fluxo de caixa: per account and day, the entradas and saídas of its movements
 * (an estorno on the side of the movement it reverses). Kept by a statement trigger on
 * conta_movimentos (append-only, so inserts are all it sees); conta_movimentos_dia_recalcular()
 * rebuilds it (after a bulk load with triggers off). Not audited: it is derived.
 */
export const contaMovimentosDia = pgTable(
  'conta_movimentos_dia',
  {
    contaBancariaId: uuid('conta_bancaria_id')
      .notNull()
      .references(() => contasBancarias.id),
    data: dateOnly('data').notNull(),
    entradas: money('entradas').notNull().default('0'),
    saidas: money('saidas').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.contaBancariaId, t.data] }),
    index('conta_movimentos_dia_data_idx').on(t.data),
  ],
);
