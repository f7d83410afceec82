import {
  Decimal,
  type FaixaPreco,
  type ItemTabelaPreco,
  type ItemTabelaPrecoRow,
  type itensTabelaPrecoListQuerySchema,
  type ListPage,
  precoMensagens,
} from '@erp/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { rethrowMissingRef } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { type ListSource, listFrom, searchWhere } from '../../lib/list-query.ts';
import { products } from '../estoque/estoque.tables.ts';
import { tabelaPrecoFaixas, tabelaPrecoItens, tabelasPreco } from './precos.tables.ts';

// The items of a price table (one per product, with its quantity breaks): the grid's list, the
// item form's save and delete, and gravaItens(), the one writer of items that the form, the
// readjustment, the copy and the spreadsheet import share. Rows map to the engine's
// ItemTabelaPreco: `valor` is `preco` for a fixed price (or a price break), `percentual` otherwise.

type Query = z.output<typeof itensTabelaPrecoListQuerySchema>;

export const itemMensagens = {
  produtoNaoEncontrado: 'Produto não encontrado',
  itemNaoEncontrado: 'Produto não está nesta tabela',
} as const;

const refs: Record<string, [string, string]> = {
  tabela_preco_itens_produto_id_products_id_fk: ['produto_id', itemMensagens.produtoNaoEncontrado],
};

/**
 * The breaks of the item in the row's scope, in quantity order, as the engine reads them. The outer
 * columns are written qualified: drizzle leaves a column unqualified in a one-table select, and
 * inside this subquery it would then name the break's own column.
 */
const faixasJson = sql<FaixaPreco[]>`coalesce((
  select jsonb_agg(jsonb_build_object('quantidade_minima', f.quantidade_minima::text, 'tipo', f.tipo,
    'valor', coalesce(f.preco, f.percentual)::text) order by f.quantidade_minima)
  from tabela_preco_faixas f
  where f.tabela_id = tabela_preco_itens.tabela_id and f.produto_id = tabela_preco_itens.produto_id), '[]'::jsonb)`;

/** An item's columns as the engine reads them (ItemTabelaPreco, breaks included). */
export const itemFields = {
  produto_id: tabelaPrecoItens.produtoId,
  regra: tabelaPrecoItens.regra,
  valor: sql<string>`coalesce(${tabelaPrecoItens.preco}, ${tabelaPrecoItens.percentual})::text`,
  preco_minimo: tabelaPrecoItens.precoMinimo,
  faixas: faixasJson,
};

const rowFields = {
  ...itemFields,
  produto_codigo: products.codigo,
  produto_nome: products.nome,
  produto_unidade: products.unidade,
  produto_ativo: products.ativo,
};

const selectRows = (db: Db | Tx) =>
  (db as Db)
    .select(rowFields)
    .from(tabelaPrecoItens)
    .innerJoin(products, eq(products.id, tabelaPrecoItens.produtoId))
    .$dynamic();

/** The product's code, name or GTIN contains every word (the product register's search text). */
function buscaProduto(q: string | undefined): SQL | undefined {
  const busca = searchWhere(sql`p.busca`, q);
  return busca
    ? sql`exists (select 1 from products p where p.id = tabela_preco_itens.produto_id and ${busca})`
    : undefined;
}

const itensList = (tabelaId: string): ListSource<ItemTabelaPrecoRow, Query> => ({
  table: tabelaPrecoItens,
  select: selectRows,
  whereOf: (q) => and(eq(tabelaPrecoItens.tabelaId, tabelaId), buscaProduto(q.q)),
  sorts: { codigo: products.codigo, nome: products.busca },
  tieBreaker: tabelaPrecoItens.produtoId,
});

/** 404 "Tabela de preços não encontrada" unless the table exists. */
export async function garanteTabela(db: Db | Tx, id: string): Promise<{ id: string; nome: string }> {
  const [row] = await (db as Db)
    .select({ id: tabelasPreco.id, nome: tabelasPreco.nome })
    .from(tabelasPreco)
    .where(eq(tabelasPreco.id, id));
  if (!row) throw new AppError('not_found', precoMensagens.tabelaNaoEncontrada);
  return row;
}

/**
 * Locks the table's row for the rest of the transaction: writes to one table's items (the form, a
 * readjustment, an import) run one after the other, each on what the previous one left.
 */
export async function travaTabela(tx: Tx, id: string): Promise<{ id: string; nome: string }> {
  const [row] = await tx
    .select({ id: tabelasPreco.id, nome: tabelasPreco.nome })
    .from(tabelasPreco)
    .where(eq(tabelasPreco.id, id))
    .for('update');
  if (!row) throw new AppError('not_found', precoMensagens.tabelaNaoEncontrada);
  return row;
}

export async function listaItens(db: Db, tabelaId: string, q: Query): Promise<ListPage<ItemTabelaPrecoRow>> {
  await garanteTabela(db, tabelaId);
  return listFrom(db, q, itensList(tabelaId));
}

/** Every item of a table with its product, in code order (export, readjustment, copy). */
export async function todosOsItens(db: Db | Tx, tabelaId: string): Promise<ItemTabelaPrecoRow[]> {
  return (await selectRows(db)
    .where(eq(tabelaPrecoItens.tabelaId, tabelaId))
    .orderBy(products.codigo)) as ItemTabelaPrecoRow[];
}

export async function getItem(db: Db | Tx, tabelaId: string, produtoId: string): Promise<ItemTabelaPrecoRow> {
  const [row] = await selectRows(db).where(
    and(eq(tabelaPrecoItens.tabelaId, tabelaId), eq(tabelaPrecoItens.produtoId, produtoId)),
  );
  if (!row) {
    await garanteTabela(db, tabelaId);
    throw new AppError('not_found', itemMensagens.itemNaoEncontrado);
  }
  return row as ItemTabelaPrecoRow;
}

/** Items of these tables (and, when given, only of these products), as the engine reads them. */
export async function itensDasTabelas(
  db: Db | Tx,
  tabelaIds: readonly string[],
  produtoIds?: readonly string[],
): Promise<(ItemTabelaPreco & { tabela_id: string })[]> {
  if (tabelaIds.length === 0 || produtoIds?.length === 0) return [];
  const rows = await (db as Db)
    .select({ tabela_id: tabelaPrecoItens.tabelaId, ...itemFields })
    .from(tabelaPrecoItens)
    .where(
      and(
        inArray(tabelaPrecoItens.tabelaId, [...tabelaIds]),
        produtoIds ? inArray(tabelaPrecoItens.produtoId, [...produtoIds]) : undefined,
      ),
    );
  return rows as (ItemTabelaPreco & { tabela_id: string })[];
}

const mesmo = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Decimal.of(a).eq(b);

const mesmasFaixas = (a: readonly FaixaPreco[], b: readonly FaixaPreco[]) => {
  const ordem = (l: readonly FaixaPreco[]) =>
    [...l].sort((x, y) => Decimal.of(x.quantidade_minima).cmp(y.quantidade_minima));
  const [x, y] = [ordem(a), ordem(b)];
  return (
    x.length === y.length &&
    x.every(
      (f, i) =>
        mesmo(f.quantidade_minima, y[i]!.quantidade_minima) &&
        f.tipo === y[i]!.tipo &&
        mesmo(f.valor, y[i]!.valor),
    )
  );
};

const colunasItem = (tabelaId: string, i: ItemTabelaPreco) => ({
  tabelaId,
  produtoId: i.produto_id,
  regra: i.regra,
  preco: i.regra === 'preco_fixo' ? i.valor : null,
  percentual: i.regra === 'preco_fixo' ? null : i.valor,
  precoMinimo: i.preco_minimo,
});

const colunasFaixa = (tabelaId: string, produtoId: string, f: FaixaPreco) => ({
  tabelaId,
  produtoId,
  quantidadeMinima: f.quantidade_minima,
  tipo: f.tipo,
  preco: f.tipo === 'preco' ? f.valor : null,
  percentual: f.tipo === 'preco' ? null : f.valor,
});

const LOTE = 500;

function emLotes<T>(lista: readonly T[]): T[][] {
  const lotes: T[][] = [];
  for (let i = 0; i < lista.length; i += LOTE) lotes.push(lista.slice(i, i + LOTE));
  return lotes;
}

/**
 * Writes these items of a table (inserted, or updated when they differ; other items stay), and
 * replaces the breaks of the items whose breaks differ — so the audit log records only what
 * changed. Call it inside a transaction that locked the table (travaTabela). Answers how many
 * items were written.
 */
export async function gravaItens(
  tx: Tx,
  tabelaId: string,
  itens: readonly ItemTabelaPreco[],
): Promise<number> {
  if (itens.length === 0) return 0;
  const atuais = new Map(
    (
      await itensDasTabelas(
        tx,
        [tabelaId],
        itens.map((i) => i.produto_id),
      )
    ).map((i) => [i.produto_id, i]),
  );
  const mudados = itens.filter((i) => {
    const a = atuais.get(i.produto_id);
    return !a || a.regra !== i.regra || !mesmo(a.valor, i.valor) || !mesmo(a.preco_minimo, i.preco_minimo);
  });
  const faixasMudadas = itens.filter((i) => !mesmasFaixas(atuais.get(i.produto_id)?.faixas ?? [], i.faixas));

  try {
    for (const lote of emLotes(mudados))
      await tx
        .insert(tabelaPrecoItens)
        .values(lote.map((i) => colunasItem(tabelaId, i)))
        .onConflictDoUpdate({
          target: [tabelaPrecoItens.tabelaId, tabelaPrecoItens.produtoId],
          set: {
            regra: sql`excluded.regra`,
            preco: sql`excluded.preco`,
            percentual: sql`excluded.percentual`,
            precoMinimo: sql`excluded.preco_minimo`,
            updatedAt: sql`now()`,
          },
        });
  } catch (err) {
    rethrowMissingRef(err, refs);
  }
  for (const lote of emLotes(faixasMudadas)) {
    await tx.delete(tabelaPrecoFaixas).where(
      and(
        eq(tabelaPrecoFaixas.tabelaId, tabelaId),
        inArray(
          tabelaPrecoFaixas.produtoId,
          lote.map((i) => i.produto_id),
        ),
      ),
    );
    const novas = lote.flatMap((i) => i.faixas.map((f) => colunasFaixa(tabelaId, i.produto_id, f)));
    if (novas.length) await tx.insert(tabelaPrecoFaixas).values(novas);
  }
  return new Set([...mudados, ...faixasMudadas].map((i) => i.produto_id)).size;
}

/** The item form's save: this product's line in the table, created or replaced. */
export async function salvaItem(
  db: Db,
  actor: Actor,
  tabelaId: string,
  produtoId: string,
  input: Omit<ItemTabelaPreco, 'produto_id'>,
): Promise<ItemTabelaPrecoRow> {
  await writeTx(db, actor, async (tx) => {
    await travaTabela(tx, tabelaId);
    await gravaItens(tx, tabelaId, [{ ...input, produto_id: produtoId }]);
  });
  return getItem(db, tabelaId, produtoId);
}

export async function removeItem(db: Db, actor: Actor, tabelaId: string, produtoId: string): Promise<void> {
  const removidos = await writeTx(db, actor, async (tx) => {
    await travaTabela(tx, tabelaId);
    return tx
      .delete(tabelaPrecoItens)
      .where(and(eq(tabelaPrecoItens.tabelaId, tabelaId), eq(tabelaPrecoItens.produtoId, produtoId)))
      .returning({ id: tabelaPrecoItens.produtoId });
  });
  if (!removidos.length) throw new AppError('not_found', itemMensagens.itemNaoEncontrado);
}
