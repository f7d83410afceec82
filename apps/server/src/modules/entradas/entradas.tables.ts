import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money, quantity, unitCost, updatedAt, versao } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { locaisEstoque, products, produtoEmbalagens } from '../estoque/estoque.tables.ts';
import { condicoesPagamento } from '../financeiro/pagamento.tables.ts';

// Goods receipt (issue 17): a supplier's NF-e imported from its XML — or typed by hand — mapped
// item by item to products, optionally counted, then posted to the stock ledger with its payables.

/** The received XML, byte for byte (never re-encoded). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
  fromDriver: (v: unknown) => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array)),
});

export type StatusEntrada = 'rascunho' | 'conferida' | 'lancada' | 'estornada';
export type AssinaturaEntrada = 'valida' | 'invalida' | 'ausente';

/** One receipt: its NF-e header, the stored XML and where it is in its lifecycle. */
export const entradas = pgTable(
  'entradas',
  {
    id: id(),
    status: text('status').$type<StatusEntrada>().notNull().default('rascunho'),
    /** 'xml' (imported NF-e) or 'manual' (typed, no XML). */
    origem: text('origem').$type<'xml' | 'manual'>().notNull(),
    /** 44 characters (alphanumeric CNPJ positions allowed); null for a manual receipt without one. */
    chave: text('chave'),
    modelo: text('modelo'),
    serie: integer('serie'),
    numero: integer('numero'),
    emissao: timestamp('emissao', { withTimezone: true }),
    naturezaOperacao: text('natureza_operacao'),
    fornecedorId: uuid('fornecedor_id').references(() => fornecedores.id),
    /** emit as read from the XML (CNPJ/CPF, names, IE, CRT, address) — to find or create the supplier. */
    emitente: jsonb('emitente').$type<Record<string, unknown>>(),
    emitenteDocumento: text('emitente_documento'),
    emitenteNome: text('emitente_nome'),
    /** The list's search text: chave, issuer name and document, accent- and case-folded (migration 0047). */
    busca: text('busca')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `erp_normaliza(coalesce(chave, '') || ' ' || coalesce(emitente_nome, '') || ' ' || coalesce(emitente_documento, ''))`,
        ),
      ),
    valorProdutos: money('valor_produtos').notNull().default('0'),
    valorDesconto: money('valor_desconto').notNull().default('0'),
    valorFrete: money('valor_frete').notNull().default('0'),
    valorSeguro: money('valor_seguro').notNull().default('0'),
    valorOutros: money('valor_outros').notNull().default('0'),
    valorIpi: money('valor_ipi').notNull().default('0'),
    valorIcmsSt: money('valor_icms_st').notNull().default('0'),
    valorIcms: money('valor_icms').notNull().default('0'),
    valorNota: money('valor_nota').notNull().default('0'),
    /** The XML exactly as received (bytes). */
    xmlOriginal: bytea('xml_original'),
    xmlNomeArquivo: text('xml_nome_arquivo'),
    /** XSD result: valid, and the errors with element paths when not. */
    xsdValido: boolean('xsd_valido'),
    xsdErros: jsonb('xsd_erros').$type<string[]>(),
    assinatura: text('assinatura').$type<AssinaturaEntrada>(),
    assinaturaMotivo: text('assinatura_motivo'),
    /** The signer's certificate: titular, emissor, validade (checked separately from the signature). */
    certificado: jsonb('certificado').$type<Record<string, unknown>>(),
    assinaturaConfirmadaPor: uuid('assinatura_confirmada_por').references(() => users.id),
    assinaturaConfirmadaEm: timestamp('assinatura_confirmada_em', { withTimezone: true }),
    /** Warnings found at import (chave vs ide/emit, duplicatas vs total, cancelled by event…). */
    alertas: jsonb('alertas').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Payables from this condição when the XML has no <dup>. */
    condicaoPagamentoId: uuid('condicao_pagamento_id').references(() => condicoesPagamento.id),
    localId: uuid('local_id').references(() => locaisEstoque.id),
    observacoes: text('observacoes'),
    criadoPor: uuid('criado_por').references(() => users.id),
    conferidaPor: uuid('conferida_por').references(() => users.id),
    conferidaEm: timestamp('conferida_em', { withTimezone: true }),
    lancadaPor: uuid('lancada_por').references(() => users.id),
    lancadaEm: timestamp('lancada_em', { withTimezone: true }),
    estornadaPor: uuid('estornada_por').references(() => users.id),
    estornadaEm: timestamp('estornada_em', { withTimezone: true }),
    motivoEstorno: text('motivo_estorno'),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('entradas_chave_key').on(t.chave).where(sql`${t.chave} is not null`),
    index('entradas_status_idx').on(t.status, t.createdAt),
    index('entradas_fornecedor_idx').on(t.fornecedorId),
    index('entradas_emissao_idx').on(t.emissao),
    // The list's search box: chave, issuer name or document; número (migration 0047).
    index('entradas_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    index('entradas_numero_idx').on(t.numero),
    check('entradas_status_check', sql`${t.status} in ('rascunho', 'conferida', 'lancada', 'estornada')`),
    check('entradas_origem_check', sql`${t.origem} in ('xml', 'manual')`),
    check('entradas_assinatura_check', sql`${t.assinatura} in ('valida', 'invalida', 'ausente')`),
    check('entradas_xml_check', sql`${t.origem} = 'manual' or ${t.xmlOriginal} is not null`),
  ],
);

/** An item of the receipt: the supplier's line as in <det>, its mapping and the computed cost. */
export const entradaItens = pgTable(
  'entrada_itens',
  {
    id: id(),
    entradaId: uuid('entrada_id')
      .notNull()
      .references(() => entradas.id, { onDelete: 'cascade' }),
    nItem: integer('n_item').notNull(),
    cProd: text('c_prod').notNull(),
    cEan: text('c_ean'),
    cEanTrib: text('c_ean_trib'),
    xProd: text('x_prod').notNull(),
    ncm: text('ncm'),
    cfop: text('cfop'),
    uCom: text('u_com').notNull(),
    qCom: numeric('q_com', { precision: 15, scale: 4 }).notNull(),
    vUnCom: numeric('v_un_com', { precision: 21, scale: 10 }).notNull(),
    uTrib: text('u_trib'),
    qTrib: numeric('q_trib', { precision: 15, scale: 4 }),
    vProd: money('v_prod').notNull(),
    vDesc: money('v_desc').notNull().default('0'),
    vFrete: money('v_frete').notNull().default('0'),
    vSeg: money('v_seg').notNull().default('0'),
    vOutro: money('v_outro').notNull().default('0'),
    vIpi: money('v_ipi').notNull().default('0'),
    vIcmsSt: money('v_icms_st').notNull().default('0'),
    vIcms: money('v_icms').notNull().default('0'),
    vPis: money('v_pis').notNull().default('0'),
    vCofins: money('v_cofins').notNull().default('0'),
    /** The item's cost (R$, to the cent): vProd − vDesc + vFrete + vSeg + vOutro + vIPI + vICMSST (− recoverable). */
    custoTotal: money('custo_total').notNull().default('0'),
    produtoId: uuid('produto_id').references(() => products.id),
    /** The packaging uCom corresponds to; null = the product's base unit (factor 1). */
    embalagemId: uuid('embalagem_id').references(() => produtoEmbalagens.id),
    fator: numeric('fator', { precision: 14, scale: 4 }),
    /** qCom × fator, in the product's base unit. */
    quantidadeBase: quantity('quantidade_base'),
    /** custoTotal ÷ quantidadeBase, 4 decimals — what feeds the custo médio. */
    custoUnitario: unitCost('custo_unitario'),
    /** How the product was found: 'memoria' (supplier code learned), 'gtin', 'manual'. */
    mapeamento: text('mapeamento').$type<'memoria' | 'gtin' | 'manual'>(),
    localId: uuid('local_id').references(() => locaisEstoque.id),
    /** Blind count (base unit) at conferência; null = not counted. */
    quantidadeConferida: quantity('quantidade_conferida'),
    /** The raw <det> read from the XML (prod + imposto) for the DANFE-like view. */
    dados: jsonb('dados').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('entrada_itens_entrada_n_key').on(t.entradaId, t.nItem),
    index('entrada_itens_produto_idx').on(t.produtoId),
    check('entrada_itens_mapeamento_check', sql`${t.mapeamento} in ('memoria', 'gtin', 'manual')`),
  ],
);

/** Lots of an item: from <rastro> or typed at receipt (quantity in the base unit). */
export const entradaItemLotes = pgTable(
  'entrada_item_lotes',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => entradaItens.id, { onDelete: 'cascade' }),
    numero: text('numero').notNull(),
    quantidade: quantity('quantidade').notNull(),
    fabricacao: dateOnly('fabricacao'),
    validade: dateOnly('validade'),
    /** 'rastro' (from the XML) or 'digitado'. */
    origem: text('origem').$type<'rastro' | 'digitado'>().notNull(),
  },
  (t) => [
    index('entrada_item_lotes_item_idx').on(t.itemId),
    check('entrada_item_lotes_quantidade_check', sql`${t.quantidade} > 0`),
  ],
);

/** <cobr><dup>: the instalments the supplier billed. */
export const entradaDuplicatas = pgTable(
  'entrada_duplicatas',
  {
    id: id(),
    entradaId: uuid('entrada_id')
      .notNull()
      .references(() => entradas.id, { onDelete: 'cascade' }),
    numero: text('numero').notNull(),
    vencimento: dateOnly('vencimento').notNull(),
    valor: money('valor').notNull(),
  },
  (t) => [index('entrada_duplicatas_entrada_idx').on(t.entradaId)],
);

/** The supplier-code mapping learned on receipts: fornecedor + cProd → produto (+ embalagem). */
export const fornecedorProdutoCodigos = pgTable(
  'fornecedor_produto_codigos',
  {
    id: id(),
    fornecedorId: uuid('fornecedor_id')
      .notNull()
      .references(() => fornecedores.id, { onDelete: 'cascade' }),
    cProd: text('c_prod').notNull(),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    embalagemId: uuid('embalagem_id').references(() => produtoEmbalagens.id, { onDelete: 'set null' }),
    /** The supplier's unit (uCom) this mapping was learned with. */
    uCom: text('u_com'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fornecedor_produto_codigos_key').on(t.fornecedorId, t.cProd),
    index('fornecedor_produto_codigos_produto_idx').on(t.produtoId),
  ],
);
