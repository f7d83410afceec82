import type {
  ListPage,
  PosicaoRow,
  PosicaoSaldoRow,
  PosicaoTotais,
  posicaoListQuerySchema,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { type ExportColumn, exportRows, listPage, searchWhere } from '../../lib/list-query.ts';
import { quantidadesEmPedido } from '../compras/pedidos-compra-leitura.service.ts';
import { products } from './estoque.tables.ts';

// Posição de Estoque: per product saldo, reservado, disponível, custo médio and value, from the
// columns the ledger keeps on the product — or, with a location filter, from that location's
// balances. Value = saldo × custo médio rounded to cents per line; the totals add the rounded
// lines of the whole filter (not only the page), as the screen shows them.
//
// Two statements per page, run together: the page rows and the totals row. The list's total is
// the totals' product count (same filter), so there is no separate count. With a location filter
// the page reads each listed product's balances in that location through the index
// (local_id, produto_id) — a page sorted by name walks the products in name order and stops
// after the page — while the totals of a broad filter aggregate the location's balances once.
// «Em pedido» (issue 34) is read afterwards for the page's products only: one statement over the
// open purchase-order lines (partial index pedido_compra_itens_aberto_idx), never the whole filter.

type Query = z.output<typeof posicaoListQuerySchema>;

type Fonte = { from: SQL; saldo: SQL; reservado: SQL; temSaldo?: SQL };

/**
 * The saldo and reservado a row shows: the product's, or the chosen location's. `porProduto`:
 * the location's balances looked up per product (a page, a narrow filter); otherwise aggregated
 * once for the whole location and joined (totals of a broad filter).
 */
function fonte(q: Pick<Query, 'local_id'>, porProduto: boolean): Fonte {
  if (!q.local_id)
    return {
      from: sql`from products`,
      saldo: sql`products.estoque_atual`,
      reservado: sql`products.estoque_reservado`,
    };
  if (porProduto)
    return {
      from: sql`from products cross join lateral (
          select sum(es.saldo) as saldo, sum(es.reservado) as reservado from estoque_saldos es
          where es.local_id = ${q.local_id} and es.produto_id = products.id) s`,
      saldo: sql`s.saldo`,
      reservado: sql`s.reservado`,
      // a product is in the location when it has a balance row there (sum of none is null)
      temSaldo: sql`s.saldo is not null`,
    };
  return {
    from: sql`from products join (
        select produto_id, sum(saldo) as saldo, sum(reservado) as reservado from estoque_saldos
        where local_id = ${q.local_id} group by produto_id) s on s.produto_id = products.id`,
    saldo: sql`s.saldo`,
    reservado: sql`s.reservado`,
  };
}

function whereOf(q: Query, f: Fonte): SQL {
  const { saldo } = f;
  const filtros: (SQL | undefined)[] = [
    f.temSaldo,
    // inactive products only while they still hold stock
    sql`(products.ativo or ${saldo} <> 0)`,
    searchWhere(products.busca, q.q),
    q.grupo_id ? sql`products.grupo_id = ${q.grupo_id}` : undefined,
    q.situacao === 'abaixo_minimo' ? sql`${saldo} <= products.estoque_minimo` : undefined,
    q.situacao === 'acima_maximo'
      ? sql`products.estoque_maximo > 0 and ${saldo} >= products.estoque_maximo`
      : undefined,
    q.situacao === 'zerado' ? sql`${saldo} <= 0` : undefined,
  ];
  return sql`where ${sql.join(
    filtros.filter((f): f is SQL => !!f),
    sql` and `,
  )}`;
}

const valorDe = (f: Fonte) => sql`round(${f.saldo} * products.custo_medio, 2)`;

function consulta(q: Query) {
  const f = fonte(q, true);
  const where = whereOf(q, f);
  const valor = valorDe(f);
  const sorts = {
    codigo: products.codigo,
    nome: products.busca,
    saldo: f.saldo,
    disponivel: sql`(${f.saldo} - ${f.reservado})`,
    custo_medio: products.custoMedio,
    valor,
  };
  const rows = async (
    { limit, offset, orderBy }: { limit: number; offset: number; orderBy: SQL[] },
    db: Db,
  ) =>
    rowsOf<PosicaoRow>(
      await db.execute(sql`
        select products.id as produto_id, products.codigo, products.nome, products.unidade,
          ${f.saldo}::numeric(14,3)::text as saldo, ${f.reservado}::numeric(14,3)::text as reservado,
          (${f.saldo} - ${f.reservado})::numeric(14,3)::text as disponivel,
          products.custo_medio::text as custo_medio, ${valor}::text as valor,
          products.estoque_minimo::text as estoque_minimo, products.estoque_maximo::text as estoque_maximo
        ${f.from} ${where}
        order by ${sql.join(orderBy, sql`, `)}
        limit ${limit} offset ${offset}`),
    );
  return { sorts, rows };
}

/**
 * The totals row of the whole filter: products and Σ value. A location alone reads the totals the
 * ledger keeps per location (the same rule: products with a balance row there, active or with a
 * saldo there; each valued to the cent). With a location and no filter that
 * narrows the products (group, search), the location's balances are aggregated once and joined;
 * otherwise each matching product's balances are looked up.
 */
async function totaisDe(db: Db, q: Query): Promise<PosicaoTotais> {
  if (q.local_id && !q.grupo_id && !q.q && !q.situacao)
    // a location alone: the totals the ledger keeps (estoque_totais_local, migration 0036)
    return rowsOf<PosicaoTotais>(
      await db.execute(sql`select coalesce(sum(produtos), 0)::int as produtos,
          coalesce(sum(valor), 0)::numeric(16,2)::text as valor
        from estoque_totais_local where local_id = ${q.local_id}`),
    )[0]!;
  const f = fonte(q, !!(q.grupo_id || q.q));
  return rowsOf<PosicaoTotais>(
    await db.execute(sql`select count(*)::int as produtos, coalesce(sum(${valorDe(f)}), 0)::numeric(16,2)::text as valor
      ${f.from} ${whereOf(q, f)}`),
  )[0]!;
}

export async function listaPosicao(
  db: Db,
  q: Query,
): Promise<ListPage<PosicaoRow> & { totais: PosicaoTotais }> {
  const c = consulta(q);
  const totais = totaisDe(db, q);
  const [page, t] = await Promise.all([
    listPage(q, {
      sorts: c.sorts,
      tieBreaker: products.id,
      rows: (p) => c.rows(p, db),
      // the totals count every product of the filter: the list's total, exact
      count: async () => [{ total: (await totais).produtos }],
    }),
    totais,
  ]);
  const emPedido = await quantidadesEmPedido(
    db,
    page.items.map((r) => r.produto_id),
  );
  const items = page.items.map((r, i) => ({
    ...r,
    em_pedido: emPedido[i]!.quantidade,
    em_pedido_pedidos: emPedido[i]!.pedidos,
    em_pedido_previsao: emPedido[i]!.previsao_entrega,
  }));
  return { ...page, items, totais: t };
}

export function exportaPosicao(db: Db, q: Query): Promise<PosicaoRow[]> {
  const c = consulta(q);
  return exportRows(q, { sorts: c.sorts, tieBreaker: products.id, rows: (p) => c.rows(p, db) });
}

/** A row of the Posição expanded: its balances per location and lot (optionally one location). */
export async function saldosDoProduto(
  db: Db,
  produtoId: string,
  localId?: string,
): Promise<PosicaoSaldoRow[]> {
  return rowsOf<PosicaoSaldoRow>(
    await db.execute(sql`
      select s.local_id, lo.codigo as local_codigo, lo.nome as local_nome, lo.tipo as local_tipo,
        s.lote_id, l.numero as lote_numero, l.validade,
        s.saldo::text as saldo, s.reservado::text as reservado, (s.saldo - s.reservado)::numeric(14,3)::text as disponivel,
        round(s.saldo * p.custo_medio, 2)::text as valor
      from estoque_saldos s
      join products p on p.id = s.produto_id
      join locais_estoque lo on lo.id = s.local_id
      left join lotes l on l.id = s.lote_id
      where s.produto_id = ${produtoId} and (s.saldo <> 0 or s.reservado <> 0)
        ${localId ? sql`and s.local_id = ${localId}` : sql``}
      order by erp_normaliza(lo.nome), l.validade nulls first, l.numero`),
  );
}

export const posicaoExportColumns: ExportColumn<PosicaoRow>[] = [
  { header: 'Código', value: (r) => r.codigo },
  { header: 'Produto', value: (r) => r.nome },
  { header: 'Unidade', value: (r) => r.unidade },
  { header: 'Saldo', value: (r) => r.saldo, type: 'number' },
  { header: 'Reservado', value: (r) => r.reservado, type: 'number' },
  { header: 'Disponível', value: (r) => r.disponivel, type: 'number' },
  { header: 'Custo médio', value: (r) => r.custo_medio, type: 'number' },
  { header: 'Valor', value: (r) => r.valor, type: 'money' },
];
