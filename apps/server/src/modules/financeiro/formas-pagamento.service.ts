import {
  type FormaPagamento,
  type FormaPagamentoRow,
  type formasPagamentoListQuerySchema,
  type Opcao,
  tipoFormaLabels,
  tPagPorTipo,
} from '@erp/shared';
import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
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
import {
  ativoWhere,
  type ExportColumn,
  escapeLike,
  exportFrom,
  type ListSource,
  listFrom,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { formasPagamento } from './financeiro.tables.ts';

// Formas de recebimento/pagamento: the shared schema clears the card fields of other tipos; the row
// adds the NF-e tPag of its tipo (tPagPorTipo).

type Query = z.output<typeof formasPagamentoListQuerySchema>;
type Update = FormaPagamento & { versao: number };

const t = formasPagamento;
const tb = t as unknown as RegisterTable;
export const formaMensagens = { nomeRepetido: 'Já existe uma forma de pagamento com este nome' } as const;

const select = (db: Db) => db.select(columnsByName(t)).from(t).$dynamic();
const toRow = (r: object): FormaPagamentoRow => {
  const row = r as Omit<FormaPagamentoRow, 'tpag'>;
  return { ...row, tpag: tPagPorTipo[row.tipo] };
};

/** Name search: part of the name, case-insensitive. */
export const nomeContem = (column: AnyColumn, q: string | undefined): SQL | undefined =>
  q?.trim() ? sql`${column} ilike ${`%${escapeLike(q.trim())}%`}` : undefined;

const source: ListSource<FormaPagamentoRow, Query> = {
  table: t,
  select,
  whereOf: (q) =>
    and(
      ...[
        nomeContem(t.nome, q.q),
        ativoWhere(t.ativo, q.ativo),
        q.tipo ? eq(t.tipo, q.tipo) : undefined,
      ].filter((w): w is SQL => Boolean(w)),
    ),
  sorts: { nome: sql`lower(${t.nome})`, tipo: t.tipo, created_at: t.createdAt },
  tieBreaker: t.id,
};

const get = async (db: Db, id: string) => toRow(foundOrThrow(await select(db).where(eq(t.id, id))));
const rethrow = (e: unknown): never =>
  rethrowFieldConflict(e, { formas_pagamento_nome_key: ['nome', formaMensagens.nomeRepetido] });

export const formasPagamentoService: RegisterService<Query, FormaPagamento, Update, FormaPagamentoRow> = {
  list: async (db, q) => {
    const page = await listFrom(db, q, source);
    return { ...page, items: page.items.map(toRow) };
  },
  exportRows: async (db, q) => (await exportFrom(db, q, source)).map(toRow),
  get,
  create: async (db, actor: Actor, input) =>
    get(db, await insertRegister(db, actor, tb, input).catch(rethrow)),
  update: async (db, actor, id, input) => {
    await updateRegister(db, actor, tb, id, input).catch(rethrow);
    return get(db, id);
  },
  remove: (db, actor, id) => deleteRegister(db, actor, tb, id),
  opcoes: async (db): Promise<Opcao[]> =>
    db
      .select({ id: t.id, nome: t.nome, ativo: t.ativo })
      .from(t)
      .orderBy(asc(sql`lower(${t.nome})`))
      .limit(2000),
};

export const formaExportColumns: ExportColumn<FormaPagamentoRow>[] = [
  { header: 'Nome', value: (r) => r.nome },
  { header: 'Tipo', value: (r) => tipoFormaLabels[r.tipo] },
  { header: 'tPag (NF-e)', value: (r) => r.tpag },
  { header: 'Taxa (%)', value: (r) => r.taxa_percentual },
  { header: 'Prazo de compensação (dias)', value: (r) => r.prazo_compensacao_dias },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];
