import { DASHBOARD_LIST_LIMIT, type EstoqueResumo, type ProdutoEstoque, stockStatus } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

// Stock block: active products. Low = estoque_atual <= estoque_minimo; high = estoque_maximo > 0
// and estoque_atual >= estoque_maximo (the same rule as stockStatus() in @erp/shared, which gives
// each listed row its badge).

/**
 * One statement: total and stock value in a single pass over the active products (numeric
 * arithmetic, exact); the two counts off their small partial indexes.
 */
export async function getEstoqueResumo(db: Db): Promise<EstoqueResumo> {
  const [row] = rowsOf<EstoqueResumo>(
    await db.execute(sql`
      select
        x.total_produtos,
        (select count(*)::int from products where ativo and estoque_atual <= estoque_minimo) as abaixo_minimo,
        round(x.valor, 2)::text as valor_total,
        (select count(*)::int from products
          where ativo and estoque_maximo > 0 and estoque_atual >= estoque_maximo) as acima_maximo
      from (
        select count(*)::int as total_produtos,
               coalesce(sum(estoque_atual * preco_custo) filter (where estoque_atual > 0), 0) as valor
        from products
        where ativo
      ) x`),
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
