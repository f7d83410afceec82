import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt, versao } from '../../db/columns.ts';

/** Salespeople (spec: vendedores). */
export const vendedores = pgTable(
  'vendedores',
  {
    id: id(),
    nome: text('nome').notNull(),
    cpf: text('cpf'),
    email: text('email'),
    telefone: text('telefone'),
    /** Commission in percent, numeric(5,2) as a decimal string. */
    comissao: text('comissao').notNull().default('0'),
    userId: uuid('user_id'),
    ativo: boolean('ativo').notNull().default(true),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vendedores_nome_idx').on(t.nome)],
);

/** Customers (spec: clientes, with vendedor_id). */
export const clientes = pgTable(
  'clientes',
  {
    id: id(),
    tipoPessoa: text('tipo_pessoa').$type<'F' | 'J'>().notNull(),
    /** CPF (11 digits) or CNPJ (14 characters, alphanumeric allowed), unformatted. */
    documento: text('documento').notNull(),
    razaoSocial: text('razao_social').notNull(),
    nomeFantasia: text('nome_fantasia'),
    inscricaoEstadual: text('inscricao_estadual'),
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
    codigoMunicipio: text('codigo_municipio'),
    uf: text('uf'),
    vendedorId: uuid('vendedor_id').references(() => vendedores.id),
    limiteCredito: money('limite_credito').notNull().default('0'),
    observacoes: text('observacoes'),
    ativo: boolean('ativo').notNull().default(true),
    versao: versao(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clientes_documento_key').on(t.documento),
    index('clientes_vendedor_idx').on(t.vendedorId),
    check('clientes_tipo_pessoa_check', sql`${t.tipoPessoa} in ('F', 'J')`),
    check('clientes_indicador_ie_check', sql`${t.indicadorIe} in ('1', '2', '9')`),
    check('clientes_limite_credito_check', sql`${t.limiteCredito} >= 0`),
  ],
);
