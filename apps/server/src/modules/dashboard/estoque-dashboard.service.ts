import {
  DASHBOARD_LIST_LIMIT,
  type EstoquePorGrupo,
  type EstoqueResumo,
  type ProdutoEstoque,
  stockStatus,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

// Stock block: active products. Low = estoque_atual <= estoque_minimo; high = estoque_maximo > 0
// and estoque_atual >= estoque_maximo (the same rule as stockStatus() in @erp/shared, which gives
// each listed row its badge).

/**
 * The four cards from the read model `dashboard_estoque_resumo` (16 slices kept by a trigger on
 * products in the same transaction as every change; see dashboard.tables.ts): a sum of 16 rows
 * instead of a pass over every active product. The value is the exact Σ estoque_atual ×
 * preco_custo, rounded once here.
 */
export async function getEstoqueResumo(db: Db): Promise<EstoqueResumo> {
  const [row] = rowsOf<EstoqueResumo>(
    await db.execute(sql`
      select coalesce(sum(produtos), 0)::int as total_produtos,
             coalesce(sum(abaixo_minimo), 0)::int as abaixo_minimo,
             round(coalesce(sum(valor), 0), 2)::text as valor_total,
             coalesce(sum(acima_maximo), 0)::int as acima_maximo
      from dashboard_estoque_resumo`),
  );
  return row!;
}

type ProdutoRow = Omit<ProdutoEstoque, 'status'>;

// Columns are qualified (p.) in WHERE/ORDER BY: a bare name in ORDER BY would mean the ::text output
// column of the same name and sort as text.

async function listProdutos(db: Db, where: SQL, orderBy: SQL): Promise<ProdutoEstoque[]> {
  const rows = rowsOf<ProdutoRow>(
    await db.execute(sql`
      select id, codigo, nome, estoque_atual::text as estoque_atual, estoque_minimo::text as estoque_minimo,
             estoque_maximo::text as estoque_maximo, preco_custo::text as preco_custo,
             round(estoque_atual * preco_custo, 2)::text as valor_total
      from products p
      where p.ativo and ${where}
      order by ${orderBy}
      limit ${DASHBOARD_LIST_LIMIT}`),
  );
  return rows.map((r) => ({ ...r, status: stockStatus(r) }));
}

/** Produtos Abaixo do Estoque Mínimo: ascending stock. */
export function listProdutosAbaixoMinimo(db: Db) {
  return listProdutos(db, sql`p.estoque_atual <= p.estoque_minimo`, sql`p.estoque_atual asc, p.codigo`);
}

/** Produtos Acima do Estoque Máximo: a maximum above 0, descending stock. */
export function listProdutosAcimaMaximo(db: Db) {
  return listProdutos(
    db,
    sql`p.estoque_maximo > 0 and p.estoque_atual >= p.estoque_maximo`,
    sql`p.estoque_atual desc, p.codigo`,
  );
}

/** Produtos por Valor em Estoque: stock above 0, descending cost price (spec section 7). */
export function listProdutosPorValor(db: Db) {
  return listProdutos(db, sql`p.estoque_atual > 0`, sql`p.preco_custo desc, p.codigo`);
}

/**
 * Stock value by product group (the chart): Σ estoque_atual × preco_custo of the active products
 * with stock above 0, per group ("Sem grupo" when none), rounded once per group — the groups add up
 * to the "Valor Total" card up to the cent of each group's rounding. Off the read model
 * dashboard_estoque_grupo (migration 0087: per group and slice, kept by the stock block's trigger), not
 * a pass over every product.
 */
export async function listEstoquePorGrupo(db: Db): Promise<EstoquePorGrupo[]> {
  return rowsOf<EstoquePorGrupo>(
    await db.execute(sql`
      select coalesce(g.nome, 'Sem grupo') as grupo, x.produtos, round(x.valor, 2)::text as valor_total
      from (
        select s.grupo_id, sum(s.produtos)::int as produtos, sum(s.valor) as valor
        from dashboard_estoque_grupo s
        group by s.grupo_id
        having sum(s.produtos) > 0
      ) x
      left join grupos_estoque g on g.id = x.grupo_id
      order by x.valor desc, grupo
      limit ${DASHBOARD_LIST_LIMIT}`),
  );
}
