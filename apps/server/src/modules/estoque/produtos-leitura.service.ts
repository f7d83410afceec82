import type { Origem } from '@erp/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { products } from './estoque.tables.ts';

// Reads of products for other modules (the price engine's input, a spreadsheet's product codes):
// many products in one query, only the columns they need. The product register itself is
// produtos.service.ts.

export type ProdutoLido = {
  id: string;
  codigo: string;
  nome: string;
  /** Base unit symbol. */
  unidade: string;
  /** preco_venda, numeric(14,2) text. */
  precoVenda: string;
  /** custo_medio, numeric(18,4) text (kept by the ledger). */
  custoMedio: string;
  /** NCM (8 digits) and NF-e origem, for the tax engine; ncm null when not filled in. */
  ncm: string | null;
  origem: Origem;
  ativo: boolean;
};

const campos = {
  id: products.id,
  codigo: products.codigo,
  nome: products.nome,
  unidade: products.unidade,
  precoVenda: products.precoVenda,
  custoMedio: products.custoMedio,
  ncm: products.ncm,
  origem: sql<Origem>`${products.origem}`,
  ativo: products.ativo,
};

const LOTE = 5000;

async function emLotes(valores: string[], ler: (lote: string[]) => Promise<ProdutoLido[]>) {
  const unicos = [...new Set(valores)];
  const lidos: ProdutoLido[] = [];
  for (let i = 0; i < unicos.length; i += LOTE) lidos.push(...(await ler(unicos.slice(i, i + LOTE))));
  return lidos;
}

/** The products of these ids, by id (an unknown id is simply absent). */
export async function produtosPorId(db: Db | Tx, ids: readonly string[]): Promise<Map<string, ProdutoLido>> {
  const lidos = await emLotes([...ids], (lote) =>
    (db as Db).select(campos).from(products).where(inArray(products.id, lote)),
  );
  return new Map(lidos.map((p) => [p.id, p]));
}

/** The products of these códigos, by código (exact, as stored). */
export async function produtosPorCodigo(
  db: Db | Tx,
  codigos: readonly string[],
): Promise<Map<string, ProdutoLido>> {
  const lidos = await emLotes([...codigos], (lote) =>
    (db as Db).select(campos).from(products).where(inArray(products.codigo, lote)),
  );
  return new Map(lidos.map((p) => [p.codigo, p]));
}
