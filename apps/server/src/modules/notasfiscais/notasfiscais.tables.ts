import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { clientes, fornecedores } from '../cadastros/cadastros.tables.ts';
import { salesOrders } from '../comercial/comercial.tables.ts';

// Outgoing NF-e (README.md). The XML is the document: `xml` holds the signed NFe exactly as
// generated (validated against the XSD before it was stored); the columns are what lists and
// filters need. `xml_autorizado` (nfeProc), protocolo, c_stat and x_motivo come from SEFAZ (#20).
// Events (authorisation, rejection, cancelamento, inutilização, CC-e) are appended, never changed.

const STATUS_SQL = sql.raw(
  `('em_digitacao', 'assinada', 'autorizada', 'rejeitada', 'cancelada', 'denegada', 'inutilizada')`,
);

export const notasFiscais = pgTable(
  'notas_fiscais',
  {
    id: id(),
    pedidoId: uuid('pedido_id').references(() => salesOrders.id),
    /** The recipient: the customer (sales, returns from customers) … */
    clienteId: uuid('cliente_id').references(() => clientes.id),
    /** … or the supplier (a return to a supplier, issue 32). */
    fornecedorId: uuid('fornecedor_id').references(() => fornecedores.id),
    /** The devolução whose NF-e this is (finNFe 4, issue 32; migration 0056). */
    devolucaoId: uuid('devolucao_id'),
    /** tpNF: '1' saída, '0' entrada (our own note for goods coming back from a customer). */
    tpNf: text('tp_nf').notNull().default('1'),
    /** finNFe: '1' normal, '4' devolução. */
    finNfe: text('fin_nfe').notNull().default('1'),
    /** NF-e model: 55. */
    modelo: text('modelo').notNull().default('55'),
    serie: integer('serie').notNull(),
    /** nNF, allocated from nfe_series in the transaction that inserts the note; never reused. */
    numero: integer('numero').notNull(),
    /** 44 positions (the CNPJ inside may be alphanumeric). */
    chave: text('chave').notNull(),
    /** STATUS_NOTA (packages/shared/src/notasfiscais/status-nota.ts). */
    status: text('status').notNull().default('em_digitacao'),
    /** tpAmb: '1' produção, '2' homologação. */
    ambiente: text('ambiente').notNull(),
    /** tpEmis: '1' normal, others contingency. */
    tpEmis: text('tp_emis').notNull().default('1'),
    /** dhEmi. */
    emissao: timestamp('emissao', { withTimezone: true }).notNull(),
    /** vNF. */
    valorTotal: money('valor_total').notNull(),
    /** The signed NFe exactly as generated. */
    xml: text('xml').notNull(),
    /** nfeProc (NFe + protNFe) once authorised (#20). */
    xmlAutorizado: text('xml_autorizado'),
    protocolo: text('protocolo'),
    cStat: text('c_stat'),
    xMotivo: text('x_motivo'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notas_fiscais_numero_key').on(t.modelo, t.serie, t.numero),
    uniqueIndex('notas_fiscais_chave_key').on(t.chave),
    // one order → at most one note that still holds it
    uniqueIndex('notas_fiscais_pedido_key')
      .on(t.pedidoId)
      .where(sql`${t.status} not in ('cancelada', 'inutilizada')`),
    check('notas_fiscais_status_check', sql`${t.status} in ${STATUS_SQL}`),
    check('notas_fiscais_ambiente_check', sql`${t.ambiente} in ('1', '2')`),
    check('notas_fiscais_numero_check', sql`${t.numero} between 1 and 999999999`),
    check('notas_fiscais_serie_check', sql`${t.serie} between 0 and 999`),
    index('notas_fiscais_emissao_idx').on(t.emissao),
    index('notas_fiscais_status_idx').on(t.status, t.emissao),
    index('notas_fiscais_cliente_idx').on(t.clienteId, t.emissao),
    // The list's search box: part of the chave, a número of any série (migration 0047).
    index('notas_fiscais_chave_trgm_idx').using('gin', sql`${t.chave} gin_trgm_ops`),
    index('notas_fiscais_numero_idx').on(t.numero),
  ],
);

/** Append-only: every exchange with SEFAZ about a note (and local events such as the signature). */
export const notasFiscaisEventos = pgTable(
  'notas_fiscais_eventos',
  {
    id: id(),
    notaId: uuid('nota_id')
      .notNull()
      .references(() => notasFiscais.id),
    /** 'assinatura', 'autorizacao', 'rejeicao', 'denegacao', 'cancelamento', 'inutilizacao', 'cce', … */
    tipo: text('tipo').notNull(),
    /** nSeqEvento for SEFAZ events (CC-e counts from 1). */
    sequencia: integer('sequencia'),
    cStat: text('c_stat'),
    xMotivo: text('x_motivo'),
    protocolo: text('protocolo'),
    /** The event's XML (request and/or answer) as exchanged. */
    xml: text('xml'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    usuario: text('usuario'),
    createdAt: createdAt(),
  },
  (t) => [index('notas_fiscais_eventos_nota_idx').on(t.notaId, t.createdAt)],
);
