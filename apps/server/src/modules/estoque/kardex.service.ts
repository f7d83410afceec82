import {
  BUSINESS_TIME_ZONE,
  COUNT_CAP,
  type KardexRow,
  type kardexQuerySchema,
  type ListPage,
  tipoMovimentoLabels,
  valorEstoque,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { type ExportColumn, exportRows, listPage } from '../../lib/list-query.ts';
import { estoqueMovimentos } from './estoque.tables.ts';

// Kardex of a product: every ledger row with the running balance and the average cost after it.
// Without a location or lot filter the balance is the product's total, written with each row
// (saldo_produto); with one, it is the running sum of that location's / lot's rows from the
// beginning (a window over the product's rows, served by the product + time index). The period
// and type filters only choose which rows are shown: the balance is always the true one.

type Query = z.output<typeof kardexQuerySchema>;

type KardexDb = Omit<KardexRow, 'ocorrido_em' | 'id'> & { id: number | string; ocorrido_em: Date | string };

function consulta(produtoId: string, q: Query) {
  const escopo: SQL[] = [sql`m.product_id = ${produtoId}`];
  if (q.local_id) escopo.push(sql`m.local_id = ${q.local_id}`);
  if (q.lote_id) escopo.push(sql`m.lote_id = ${q.lote_id}`);
  const filtrado = !!(q.local_id || q.lote_id);
  const saldo = filtrado ? sql`sum(m.quantidade) over (order by m.ocorrido_em, m.id)` : sql`m.saldo_produto`;
  const mostra: SQL[] = [];
  if (q.de) mostra.push(sql`k.ocorrido_em >= (${q.de}::date)::timestamp at time zone ${BUSINESS_TIME_ZONE}`);
  if (q.ate)
    mostra.push(sql`k.ocorrido_em < (${q.ate}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE}`);
  if (q.tipo) mostra.push(sql`k.tipo = ${q.tipo}`);
  const from = sql`from (
      select m.id, m.ocorrido_em, m.tipo, m.local_id, m.lote_id, m.quantidade, m.custo_unitario,
        ${saldo} as saldo, m.custo_medio, m.origem, m.origem_id, m.user_id, m.observacao
      from estoque_movimentos m where ${sql.join(escopo, sql` and `)}
    ) k
    ${mostra.length ? sql`where ${sql.join(mostra, sql` and `)}` : sql``}`;
  return { from };
}

function linha(r: KardexDb): KardexRow {
  return { ...r, id: Number(r.id), ocorrido_em: new Date(r.ocorrido_em).toISOString() };
}

export async function kardex(db: Db, produtoId: string, q: Query): Promise<ListPage<KardexRow>> {
  const { from } = consulta(produtoId, q);
  // `k` carries the same column names as the ledger table, so drizzle's columns order it
  const sorts = { ocorrido_em: sql`k.ocorrido_em` };
  const tie = estoqueMovimentos.id;
  return listPage(q, {
    sorts,
    tieBreaker: tie,
    rows: async ({ limit, offset }) => paginaKardex(db, from, q.dir, limit, offset),
    count: async () =>
      rowsOf<{ total: number }>(
        await db.execute(sql`select count(*)::int as total from (select 1 ${from} limit ${COUNT_CAP + 1}) x`),
      ),
  });
}

async function paginaKardex(
  db: Db,
  from: SQL,
  dir: 'asc' | 'desc',
  limit: number,
  offset: number,
): Promise<KardexRow[]> {
  const ordem = dir === 'desc' ? sql`k.ocorrido_em desc, k.id desc` : sql`k.ocorrido_em, k.id`;
  const rows = rowsOf<KardexDb>(
    await db.execute(sql`
      select k.id, k.ocorrido_em, k.tipo, k.local_id, lo.nome as local_nome, k.lote_id, l.numero as lote_numero,
        k.quantidade::text as quantidade, k.custo_unitario::text as custo_unitario,
        k.saldo::numeric(14,3)::text as saldo, k.custo_medio::text as custo_medio, k.origem, k.origem_id,
        up.nome_completo as usuario_nome, k.observacao
      from (select k.* ${from} order by ${ordem} limit ${limit} offset ${offset}) k
      join locais_estoque lo on lo.id = k.local_id
      left join lotes l on l.id = k.lote_id
      left join user_profiles up on up.user_id = k.user_id
      order by ${ordem}`),
  );
  return rows.map(linha);
}

export function exportaKardex(db: Db, produtoId: string, q: Query): Promise<KardexRow[]> {
  const { from } = consulta(produtoId, q);
  return exportRows(q, {
    sorts: { ocorrido_em: sql`k.ocorrido_em` },
    tieBreaker: estoqueMovimentos.id,
    rows: ({ limit, offset }) => paginaKardex(db, from, q.dir, limit, offset),
  });
}

export const kardexExportColumns: ExportColumn<KardexRow>[] = [
  {
    header: 'Data',
    value: (r) =>
      new Date(r.ocorrido_em).toLocaleString('pt-BR', {
        timeZone: BUSINESS_TIME_ZONE,
        dateStyle: 'short',
        timeStyle: 'short',
      }),
  },
  { header: 'Tipo', value: (r) => tipoMovimentoLabels[r.tipo] },
  { header: 'Local', value: (r) => r.local_nome },
  { header: 'Lote', value: (r) => r.lote_numero },
  { header: 'Quantidade', value: (r) => r.quantidade, type: 'number' },
  { header: 'Custo unitário', value: (r) => r.custo_unitario, type: 'number' },
  // the movement's value: signed quantity × unit cost, to the cent (as the screen shows it)
  { header: 'Valor', value: (r) => valorEstoque(r.quantidade, r.custo_unitario), type: 'money' },
  { header: 'Saldo', value: (r) => r.saldo, type: 'number' },
  { header: 'Custo médio', value: (r) => r.custo_medio, type: 'number' },
  { header: 'Origem', value: (r) => (r.origem ? `${r.origem}${r.origem_id ? ` ${r.origem_id}` : ''}` : '') },
  { header: 'Usuário', value: (r) => r.usuario_nome },
  { header: 'Observação', value: (r) => r.observacao },
];
