import {
  type CondicaoPagamento,
  type CondicaoPagamentoRow,
  type condicoesPagamentoListQuerySchema,
  descreveCondicao,
  gerarParcelas,
  type Opcao,
  type ParcelaGerada,
} from '@erp/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  foundOrThrow,
  insertRegister,
  type RegisterTable,
  rethrowFieldConflict,
  updateRegister,
} from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import {
  ativoWhere,
  type ExportColumn,
  exportFrom,
  type ListSource,
  listFrom,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { condicoesPagamento } from './financeiro.tables.ts';
import { nomeContem } from './formas-pagamento.service.ts';

// Condições de pagamento: the shared schema normalises both forms to `dias`; the row adds its
// description (descreveCondicao). The preview answers the instalments of a total from a base date
// through gerarParcelas — the only place instalments are computed.

type Query = z.output<typeof condicoesPagamentoListQuerySchema>;
type Update = CondicaoPagamento & { versao: number };

const t = condicoesPagamento;
const tb = t as unknown as RegisterTable;
export const condicaoServiceMensagens = {
  nomeRepetido: 'Já existe uma condição de pagamento com este nome',
} as const;

const select = (db: Db) => db.select(columnsByName(t)).from(t).$dynamic();
const toRow = (r: object): CondicaoPagamentoRow => {
  const row = r as Omit<CondicaoPagamentoRow, 'descricao'>;
  return { ...row, descricao: descreveCondicao(row) };
};

const source: ListSource<CondicaoPagamentoRow, Query> = {
  table: t,
  select,
  whereOf: (q) =>
    and(...[nomeContem(t.nome, q.q), ativoWhere(t.ativo, q.ativo)].filter((w): w is SQL => Boolean(w))),
  sorts: { nome: sql`lower(${t.nome})`, created_at: t.createdAt },
  tieBreaker: t.id,
};

export const getCondicao = async (db: Db, id: string) =>
  toRow(foundOrThrow(await select(db).where(eq(t.id, id))));
const rethrow = (e: unknown): never =>
  rethrowFieldConflict(e, { condicoes_pagamento_nome_key: ['nome', condicaoServiceMensagens.nomeRepetido] });

export const condicoesPagamentoService: RegisterService<
  Query,
  CondicaoPagamento,
  Update,
  CondicaoPagamentoRow
> = {
  list: async (db, q) => {
    const page = await listFrom(db, q, source);
    return { ...page, items: page.items.map(toRow) };
  },
  exportRows: async (db, q) => (await exportFrom(db, q, source)).map(toRow),
  get: getCondicao,
  create: async (db, actor: Actor, input) =>
    getCondicao(db, await insertRegister(db, actor, tb, input).catch(rethrow)),
  update: async (db, actor, id, input) => {
    await updateRegister(db, actor, tb, id, input).catch(rethrow);
    return getCondicao(db, id);
  },
  remove: (db, actor, id) => deleteRegister(db, actor, tb, id),
  opcoes: async (db): Promise<Opcao[]> =>
    db
      .select({ id: t.id, nome: t.nome, ativo: t.ativo })
      .from(t)
      .orderBy(asc(sql`lower(${t.nome})`))
      .limit(2000),
};

/** The instalments of `valor` under a condição from `data_base` (gerarParcelas); a refusal is a 400. */
export function parcelasDaCondicao(
  condicao: Pick<CondicaoPagamentoRow, 'dias' | 'entrada_percentual'>,
  valor: string,
  dataBase: string,
): ParcelaGerada[] {
  const r = gerarParcelas(valor, condicao, dataBase);
  if (!r.ok)
    throw new AppError('validation_failed', r.mensagem, { fields: { [r.campo ?? 'valor']: [r.mensagem] } });
  return r.parcelas;
}

export type PreviaParcelas = { condicao: CondicaoPagamentoRow; parcelas: ParcelaGerada[] };

/** POST /condicoes-pagamento/:id/previa: total + condição + data base → the instalments. */
export async function previaParcelas(
  db: Db,
  id: string,
  input: { valor: string; data_base: string },
): Promise<PreviaParcelas> {
  const condicao = await getCondicao(db, id);
  return { condicao, parcelas: parcelasDaCondicao(condicao, input.valor, input.data_base) };
}

export const condicaoExportColumns: ExportColumn<CondicaoPagamentoRow>[] = [
  { header: 'Nome', value: (r) => r.nome },
  { header: 'Condição', value: (r) => r.descricao },
  { header: 'Entrada (%)', value: (r) => r.entrada_percentual },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];

/**
 * The active condições by name ({ id, nome }): what another module's form offers (an order, a goods
 * receipt) to roles that may not open this register.
 */
export async function condicoesAtivas(db: Db): Promise<{ id: string; nome: string; ativo: boolean }[]> {
  return db
    .select({ id: condicoesPagamento.id, nome: condicoesPagamento.nome, ativo: condicoesPagamento.ativo })
    .from(condicoesPagamento)
    .where(eq(condicoesPagamento.ativo, true))
    .orderBy(asc(condicoesPagamento.nome));
}
