import { sql } from 'drizzle-orm';
import {
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
import { createdAt, dateOnly, id, quantity, updatedAt, versao } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { salesOrders } from '../comercial/comercial.tables.ts';
import { products } from '../estoque/estoque.tables.ts';
import { funcionarios, veiculos } from '../frota/frota.tables.ts';
import { notasFiscais } from '../notasfiscais/notasfiscais.tables.ts';

// Dispatch (README.md): loads (cargas) with their orders as stops, the status history of a load,
// and the blind check of an order (conferência) with every scan kept, so a half-done check
// survives a reload. Every table carries the audit trigger (migration).

const STATUS_CARGA_SQL = sql.raw(
  `('montagem', 'em_separacao', 'conferida', 'faturada', 'em_rota', 'finalizada', 'cancelada')`,
);

export const cargas = pgTable(
  'cargas',
  {
    id: id(),
    numero: bigserial('numero', { mode: 'number' }).notNull(),
    dataSaidaPrevista: dateOnly('data_saida_prevista').notNull(),
    veiculoId: uuid('veiculo_id').references(() => veiculos.id),
    motoristaId: uuid('motorista_id').references(() => funcionarios.id),
    /** funcionarios.id of the helpers (ajudantes). */
    ajudantes: uuid('ajudantes').array().notNull().default(sql`'{}'::uuid[]`),
    /** regioes_entrega.id the load serves (the assembly list starts filtered by them). */
    regioes: uuid('regioes').array().notNull().default(sql`'{}'::uuid[]`),
    /** STATUS_CARGA (packages/shared/src/expedicao/status-carga.ts). */
    status: text('status').notNull().default('montagem'),
    observacoes: text('observacoes'),
    /** The admin's override of a capacity limit: why, who, when (the limits it went past). */
    excessoJustificativa: text('excesso_justificativa'),
    excessoDescricao: text('excesso_descricao'),
    excessoPor: uuid('excesso_por').references(() => users.id, { onDelete: 'set null' }),
    excessoEm: timestamp('excesso_em', { withTimezone: true }),
    /** The admin's override of the driver rule (podeDirigir): why, who, when. */
    motoristaJustificativa: text('motorista_justificativa'),
    motoristaPor: uuid('motorista_por').references(() => users.id, { onDelete: 'set null' }),
    motoristaEm: timestamp('motorista_em', { withTimezone: true }),
    motivoCancelamento: text('motivo_cancelamento'),
    criadoPor: uuid('criado_por').references(() => users.id, { onDelete: 'set null' }),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cargas_numero_key').on(t.numero),
    index('cargas_status_idx').on(t.status, t.numero),
    index('cargas_saida_idx').on(t.dataSaidaPrevista, t.numero),
    index('cargas_veiculo_idx').on(t.veiculoId),
    index('cargas_motorista_idx').on(t.motoristaId),
    check('cargas_status_check', sql`${t.status} in ${STATUS_CARGA_SQL}`),
  ],
);

/** The orders of a load, as stops in delivery order, with each stop's delivery outcome. */
export const cargasPedidos = pgTable(
  'cargas_pedidos',
  {
    id: id(),
    cargaId: uuid('carga_id')
      .notNull()
      .references(() => cargas.id, { onDelete: 'cascade' }),
    pedidoId: uuid('pedido_id')
      .notNull()
      .references(() => salesOrders.id),
    /** Stop order, from 1. */
    sequencia: integer('sequencia').notNull(),
    /** False once the load is cancelled: the order may go into another load. */
    ativo: boolean('ativo').notNull().default(true),
    entregaStatus: text('entrega_status').notNull().default('pendente'),
    entregaMotivo: text('entrega_motivo'),
    entregaEm: timestamp('entrega_em', { withTimezone: true }),
    entregaPor: uuid('entrega_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // an order is in at most one load that is not cancelled
    uniqueIndex('cargas_pedidos_pedido_ativo_key').on(t.pedidoId).where(sql`${t.ativo}`),
    index('cargas_pedidos_carga_idx').on(t.cargaId, t.sequencia),
    index('cargas_pedidos_pedido_idx').on(t.pedidoId),
    check('cargas_pedidos_entrega_check', sql`${t.entregaStatus} in ('pendente', 'entregue', 'devolvido')`),
    check(
      'cargas_pedidos_devolucao_check',
      sql`${t.entregaStatus} <> 'devolvido' or ${t.entregaMotivo} is not null`,
    ),
  ],
);

/** Every status change of a load: who, when, from → to (and why, for a cancellation). */
export const cargasHistorico = pgTable(
  'cargas_historico',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cargaId: uuid('carga_id')
      .notNull()
      .references(() => cargas.id, { onDelete: 'cascade' }),
    de: text('de'),
    para: text('para').notNull(),
    motivo: text('motivo'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    usuario: text('usuario'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cargas_historico_carga_idx').on(t.cargaId, t.id)],
);

/** The blind check of one order. */
export const conferencias = pgTable(
  'conferencias',
  {
    id: id(),
    pedidoId: uuid('pedido_id')
      .notNull()
      .references(() => salesOrders.id),
    cargaId: uuid('carga_id').references(() => cargas.id),
    /** STATUS_CONFERENCIA: em_andamento, divergente, conferida, cancelada. */
    status: text('status').notNull().default('em_andamento'),
    conferenteId: uuid('conferente_id').references(() => users.id, { onDelete: 'set null' }),
    conferente: text('conferente'),
    iniciadaEm: timestamp('iniciada_em', { withTimezone: true }).notNull().defaultNow(),
    finalizadaEm: timestamp('finalizada_em', { withTimezone: true }),
    /** The order's quantities were adjusted to the count (through the order service). */
    ajustada: boolean('ajustada').notNull().default(false),
    versao: versao(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conferencias_pedido_aberta_key').on(t.pedidoId).where(sql`${t.status} <> 'cancelada'`),
    index('conferencias_carga_idx').on(t.cargaId),
    check(
      'conferencias_status_check',
      sql`${t.status} in ('em_andamento', 'divergente', 'conferida', 'cancelada')`,
    ),
  ],
);

/** One scan (or typed code + quantity) of a check. */
export const conferenciasLeituras = pgTable(
  'conferencias_leituras',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conferenciaId: uuid('conferencia_id')
      .notNull()
      .references(() => conferencias.id, { onDelete: 'cascade' }),
    /** The checked order (the audit log files the scans under it). */
    pedidoId: uuid('pedido_id')
      .notNull()
      .references(() => salesOrders.id),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => products.id),
    /** What was read or typed (GTIN or product code). */
    codigo: text('codigo').notNull(),
    /** The packaging the code belongs to (unit sigla) and its factor. */
    embalagem: text('embalagem').notNull(),
    fator: quantity('fator').notNull(),
    /** In the packaging read. */
    quantidade: quantity('quantidade').notNull(),
    /** In the product's base unit. */
    quantidadeBase: quantity('quantidade_base').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('conferencias_leituras_conferencia_idx').on(t.conferenciaId, t.id),
    check('conferencias_leituras_quantidade_check', sql`${t.quantidade} > 0`),
  ],
);

/**
 * «Faturar carga»: the outcome of each order's invoicing, written by the worker in its own small
 * transaction at the start and the end of every attempt (README, Faturar carga). The progress is
 * read from here and the notes — pg-boss archives and deletes its jobs, this stays. Not audited:
 * a worker's log; the notes and the load's status change are.
 */
export const faturamentoCargaPedidos = pgTable(
  'faturamento_carga_pedidos',
  {
    cargaId: uuid('carga_id')
      .notNull()
      .references(() => cargas.id, { onDelete: 'cascade' }),
    pedidoId: uuid('pedido_id')
      .notNull()
      .references(() => salesOrders.id),
    /** pendente (queued), processando, autorizada, rejeitada, erro */
    situacao: text('situacao').notNull().default('pendente'),
    tentativas: integer('tentativas').notNull().default(0),
    notaId: uuid('nota_id').references(() => notasFiscais.id, { onDelete: 'set null' }),
    cStat: text('c_stat'),
    mensagem: text('mensagem'),
    /** The server instance working the attempt (its advisory lock, lib/jobs): a dead one's attempt is resumed. */
    instancia: integer('instancia'),
    iniciadoEm: timestamp('iniciado_em', { withTimezone: true }),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cargaId, t.pedidoId] }),
    index('faturamento_carga_pedidos_pedido_idx').on(t.pedidoId),
    check(
      'faturamento_carga_pedidos_situacao_check',
      sql`${t.situacao} in ('pendente', 'processando', 'autorizada', 'rejeitada', 'erro')`,
    ),
  ],
);
