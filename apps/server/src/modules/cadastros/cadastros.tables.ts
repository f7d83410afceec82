import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt, versao } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

/** Percentages such as a commission: numeric(5,2), decimal string. */
const percent = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric(5,2)' });

// The search text of a register: erp_normaliza() (migration 0003) folds accents and case, a
// trigram index makes "contains" searches fast. Written as SQL over column names because a
// generated column cannot reference the table object.
const busca = (expr: string) =>
  text('busca')
    .notNull()
    .generatedAlwaysAs(sql.raw(`erp_normaliza(${expr})`));

const nomeDescricaoAtivo = () => ({
  id: id(),
  nome: text('nome').notNull(),
  descricao: text('descricao'),
  ativo: boolean('ativo').notNull().default(true),
  versao: versao(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Grupo empresarial: customers that belong to one economic group (credit, negotiation). */
export const gruposEmpresariais = pgTable('grupos_empresariais', nomeDescricaoAtivo(), (t) => [
  uniqueIndex('grupos_empresariais_nome_key').on(sql`erp_normaliza(${t.nome})`),
]);

/** Segmento: the customer's line of business (supermercado, padaria …). */
export const segmentos = pgTable('segmentos', nomeDescricaoAtivo(), (t) => [
  uniqueIndex('segmentos_nome_key').on(sql`erp_normaliza(${t.nome})`),
]);

/** Situação do cliente; bloqueia_vendas is honoured by the orders module. */
export const situacoesCliente = pgTable(
  'situacoes_cliente',
  { ...nomeDescricaoAtivo(), bloqueiaVendas: boolean('bloqueia_vendas').notNull().default(false) },
  (t) => [uniqueIndex('situacoes_cliente_nome_key').on(sql`erp_normaliza(${t.nome})`)],
);

/**
 * Região de entrega: the municipalities (IBGE codes) and CEP ranges it covers and the weekdays
 * it is served (0 = domingo … 6 = sábado).
 */
export const regioesEntrega = pgTable(
  'regioes_entrega',
  {
    ...nomeDescricaoAtivo(),
    diasEntrega: smallint('dias_entrega').array().notNull().default(sql`'{}'::smallint[]`),
    municipios: text('municipios').array().notNull().default(sql`'{}'::text[]`),
    faixasCep: jsonb('faixas_cep').$type<{ inicio: string; fim: string }[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('regioes_entrega_nome_key').on(sql`erp_normaliza(${t.nome})`)],
);

/** Salespeople (spec: vendedores). */
export const vendedores = pgTable(
  'vendedores',
  {
    id: id(),
    nome: text('nome').notNull(),
    cpf: text('cpf'),
    email: text('email'),
    telefone: text('telefone'),
    /** Commission in percent. */
    comissao: percent('comissao').notNull().default('0'),
    /** The largest discount in percent the seller gives without a release (orders check it). */
    descontoMaximo: percent('desconto_maximo').notNull().default('0'),
    /** Optional link to the salesperson's user account. */
    userId: uuid('user_id').references(() => users.id),
    ativo: boolean('ativo').notNull().default(true),
    busca: busca(`nome || ' ' || coalesce(cpf, '') || ' ' || coalesce(email, '')`),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendedores_busca_ordem_idx').on(t.busca, t.id),
    uniqueIndex('vendedores_cpf_key').on(t.cpf).where(sql`${t.cpf} is not null`),
    uniqueIndex('vendedores_user_id_key').on(t.userId).where(sql`${t.userId} is not null`),
    check('vendedores_comissao_check', sql`${t.comissao} between 0 and 100`),
    check('vendedores_desconto_maximo_check', sql`${t.descontoMaximo} between 0 and 100`),
  ],
);

/** Identity, tax, contact and address columns shared by clientes and fornecedores. */
const pessoa = () => ({
  id: id(),
  tipoPessoa: text('tipo_pessoa').$type<'F' | 'J'>().notNull(),
  /** CPF (11 digits) or CNPJ (14 characters, alphanumeric allowed), unformatted. */
  documento: text('documento').notNull(),
  razaoSocial: text('razao_social').notNull(),
  nomeFantasia: text('nome_fantasia'),
  /** Digits (SP rural: P + digits) or "ISENTO". */
  inscricaoEstadual: text('inscricao_estadual'),
  /** NF-e indIEDest: 1 contribuinte, 2 isento, 9 não contribuinte. */
  indicadorIe: text('indicador_ie').$type<'1' | '2' | '9'>().notNull().default('9'),
  email: text('email'),
  emailNfe: text('email_nfe'),
  telefone: text('telefone'),
  celular: text('celular'),
  cep: text('cep'),
  logradouro: text('logradouro'),
  numero: text('numero'),
  complemento: text('complemento'),
  bairro: text('bairro'),
  municipio: text('municipio'),
  /** 7-digit IBGE code. */
  codigoMunicipio: text('codigo_municipio'),
  uf: text('uf'),
  observacoes: text('observacoes'),
  ativo: boolean('ativo').notNull().default(true),
  busca: busca(`razao_social || ' ' || coalesce(nome_fantasia, '') || ' ' || documento`),
  versao: versao(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Customers (spec: clientes, with vendedor_id). */
export const clientes = pgTable(
  'clientes',
  {
    ...pessoa(),
    vendedorId: uuid('vendedor_id').references(() => vendedores.id),
    grupoId: uuid('grupo_id').references(() => gruposEmpresariais.id),
    segmentoId: uuid('segmento_id').references(() => segmentos.id),
    regiaoId: uuid('regiao_id').references(() => regioesEntrega.id),
    situacaoId: uuid('situacao_id').references(() => situacoesCliente.id),
    limiteCredito: money('limite_credito').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('clientes_documento_key').on(t.documento),
    index('clientes_vendedor_idx').on(t.vendedorId),
    index('clientes_grupo_idx').on(t.grupoId),
    index('clientes_segmento_idx').on(t.segmentoId),
    index('clientes_regiao_idx').on(t.regiaoId),
    index('clientes_situacao_idx').on(t.situacaoId),
    index('clientes_uf_idx').on(t.uf),
    index('clientes_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    // list order by name: `busca` starts with the normalised razão social, so ordering by it is
    // an accent- and case-insensitive name order that needs no per-row function call
    index('clientes_busca_ordem_idx').on(t.busca, t.id),
    index('clientes_municipio_ordem_idx').on(t.municipio, t.id),
    index('clientes_limite_credito_ordem_idx').on(t.limiteCredito, t.id),
    check('clientes_tipo_pessoa_check', sql`${t.tipoPessoa} in ('F', 'J')`),
    check('clientes_indicador_ie_check', sql`${t.indicadorIe} in ('1', '2', '9')`),
    check('clientes_limite_credito_check', sql`${t.limiteCredito} >= 0`),
  ],
);

/** Suppliers. */
export const fornecedores = pgTable(
  'fornecedores',
  {
    ...pessoa(),
    /** Average delivery lead time in days. */
    prazoMedioEntrega: integer('prazo_medio_entrega'),
  },
  (t) => [
    uniqueIndex('fornecedores_documento_key').on(t.documento),
    index('fornecedores_uf_idx').on(t.uf),
    index('fornecedores_busca_trgm_idx').using('gin', sql`${t.busca} gin_trgm_ops`),
    index('fornecedores_busca_ordem_idx').on(t.busca, t.id),
    check('fornecedores_tipo_pessoa_check', sql`${t.tipoPessoa} in ('F', 'J')`),
    check('fornecedores_indicador_ie_check', sql`${t.indicadorIe} in ('1', '2', '9')`),
    check('fornecedores_prazo_check', sql`${t.prazoMedioEntrega} between 0 and 365`),
  ],
);
