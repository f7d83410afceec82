import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, dateOnly, id, money } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { baixas, contaMovimentos, contasBancarias, financialAccounts } from './financeiro.tables.ts';

// Bank statements (extrato.README.md): each file imported (OFX or CNAB retorno) and the statement
// lines per bank account, de-duplicated by account + chave (FITID, else date + amount + memo +
// occurrence). The conciliação columns and extrato_conciliacoes are written by the reconciliation.

/** One imported file. */
export const extratoImportacoes = pgTable(
  'extrato_importacoes',
  {
    id: id(),
    contaBancariaId: uuid('conta_bancaria_id')
      .notNull()
      .references(() => contasBancarias.id),
    formato: text('formato').$type<'ofx' | 'cnab240' | 'cnab400'>().notNull(),
    arquivoNome: text('arquivo_nome').notNull(),
    /** sha256 of the bytes, hex. */
    arquivoHash: text('arquivo_hash').notNull(),
    /** BANKID / ACCTID as in the file (OFX). */
    banco: text('banco'),
    conta: text('conta'),
    inicio: dateOnly('inicio'),
    fim: dateOnly('fim'),
    /** LEDGERBAL of the file and its date (OFX). */
    saldoArquivo: money('saldo_arquivo'),
    saldoData: dateOnly('saldo_data'),
    linhasLidas: integer('linhas_lidas').notNull().default(0),
    linhasNovas: integer('linhas_novas').notNull().default(0),
    linhasRepetidas: integer('linhas_repetidas').notNull().default(0),
    /** [{ linha, mensagem }] — lines not imported. */
    erros: jsonb('erros').$type<{ linha: number; mensagem: string }[]>().notNull().default([]),
    avisos: jsonb('avisos').$type<string[]>().notNull().default([]),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('extrato_importacoes_conta_idx').on(t.contaBancariaId, t.createdAt),
    check('extrato_importacoes_formato_check', sql`${t.formato} in ('ofx', 'cnab240', 'cnab400')`),
  ],
);

/** One statement line (signed: + credit, − debit). */
export const extratoLinhas = pgTable(
  'extrato_linhas',
  {
    id: id(),
    contaBancariaId: uuid('conta_bancaria_id')
      .notNull()
      .references(() => contasBancarias.id),
    importacaoId: uuid('importacao_id').references(() => extratoImportacoes.id),
    origem: text('origem').$type<'ofx' | 'manual'>().notNull(),
    data: dateOnly('data').notNull(),
    valor: money('valor').notNull(),
    memo: text('memo').notNull().default(''),
    documento: text('documento'),
    fitid: text('fitid'),
    /** TRNTYPE (OFX) or null. */
    tipo: text('tipo'),
    /** Order within its file (0-based), or the order of entry for manual lines. */
    posicao: integer('posicao').notNull().default(0),
    /** `fitid:<FITID>` or `dvm:<data>|<valor>|<memo>|<n-th occurrence>`; manual: `manual:<id>`. */
    chaveDedupe: text('chave_dedupe').notNull(),
    /** Conciliação (reconciliation screen): pendente until matched. */
    conciliada: boolean('conciliada').notNull().default(false),
    conciliadaEm: timestamp('conciliada_em', { withTimezone: true }),
    conciliadaPor: uuid('conciliada_por').references(() => users.id),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('extrato_linhas_conta_chave_key').on(t.contaBancariaId, t.chaveDedupe),
    index('extrato_linhas_conta_data_idx').on(t.contaBancariaId, t.data, t.posicao),
    index('extrato_linhas_importacao_idx').on(t.importacaoId),
    check('extrato_linhas_origem_check', sql`${t.origem} in ('ofx', 'manual')`),
  ],
);

/** A statement line linked to the movement(s) it matches (several títulos for one batch credit). */
export const extratoConciliacoes = pgTable(
  'extrato_conciliacoes',
  {
    id: id(),
    linhaId: uuid('linha_id')
      .notNull()
      .references(() => extratoLinhas.id),
    contaMovimentoId: bigint('conta_movimento_id', { mode: 'number' }).references(() => contaMovimentos.id),
    baixaId: uuid('baixa_id').references(() => baixas.id),
    tituloId: uuid('titulo_id').references(() => financialAccounts.id),
    /** The baixa was created by this match (undo reverses it). */
    criouBaixa: boolean('criou_baixa').notNull().default(false),
    desfeitaEm: timestamp('desfeita_em', { withTimezone: true }),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('extrato_conciliacoes_linha_idx').on(t.linhaId),
    index('extrato_conciliacoes_movimento_idx').on(t.contaMovimentoId),
    index('extrato_conciliacoes_baixa_idx').on(t.baixaId),
  ],
);

/** CNAB retorno detail records, one per título occurrence (a second import of the file settles nothing). */
export const cnabRetornoItens = pgTable(
  'cnab_retorno_itens',
  {
    id: id(),
    importacaoId: uuid('importacao_id')
      .notNull()
      .references(() => extratoImportacoes.id),
    contaBancariaId: uuid('conta_bancaria_id')
      .notNull()
      .references(() => contasBancarias.id),
    linha: integer('linha').notNull(),
    nossoNumero: text('nosso_numero').notNull(),
    ocorrencia: text('ocorrencia').notNull(),
    dataOcorrencia: dateOnly('data_ocorrencia'),
    dataCredito: dateOnly('data_credito'),
    valorTitulo: money('valor_titulo').notNull(),
    valorPago: money('valor_pago').notNull(),
    juros: money('juros').notNull().default('0'),
    desconto: money('desconto').notNull().default('0'),
    tarifa: money('tarifa').notNull().default('0'),
    /** `<nosso número>|<ocorrência>|<data ocorrência>|<valor pago>` per account. */
    chave: text('chave').notNull(),
    tituloId: uuid('titulo_id').references(() => financialAccounts.id),
    baixaId: uuid('baixa_id').references(() => baixas.id),
    /** baixado | desconhecido | repetido | sem_baixa (ocorrência that pays nothing) | recusado */
    situacao: text('situacao').notNull(),
    mensagem: text('mensagem'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cnab_retorno_itens_importacao_idx').on(t.importacaoId),
    index('cnab_retorno_itens_conta_chave_idx').on(t.contaBancariaId, t.chave),
  ],
);
