import { converteItemNfe, Decimal } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';

// Item → product mapping of a receipt: by the supplier-code mapping learned on earlier receipts
// (fornecedor + cProd), else by GTIN (cEAN of the commercial unit, or cEANTrib) against a product
// or one of its packagings, else left for a manual choice — which is remembered. The factor of uCom
// to the product's base unit comes from the packaging; without one, from uCom = base unit (1), or
// from qTrib/qCom when uTrib is the base unit (12 CX = 240 UN → 20).

type ItemParaMapear = {
  id: string;
  c_prod: string;
  c_ean: string | null;
  c_ean_trib: string | null;
  u_com: string;
  q_com: string;
  u_trib: string | null;
  q_trib: string | null;
  custo_total: string;
};

type Produto = { id: string; unidade: string };
type Embalagem = { id: string; produto_id: string; unidade: string; fator: string };

const gtinUtil = (g: string | null): g is string => !!g && /^\d{8,14}$/.test(g.trim());

/** The factor of the item's uCom in the product's base unit, or null when it cannot be told. */
export function fatorDoItem(
  item: Pick<ItemParaMapear, 'u_com' | 'q_com' | 'u_trib' | 'q_trib'>,
  produto: Produto,
  embalagens: Embalagem[],
  embalagemId: string | null,
): { fator: string; embalagemId: string | null } | null {
  if (embalagemId) {
    const e = embalagens.find((x) => x.id === embalagemId);
    return e ? { fator: e.fator, embalagemId: e.id } : null;
  }
  const u = item.u_com.trim().toUpperCase();
  const porUnidade = embalagens.find((e) => e.unidade.toUpperCase() === u);
  if (porUnidade) return { fator: porUnidade.fator, embalagemId: porUnidade.id };
  if (u === produto.unidade.toUpperCase()) return { fator: '1', embalagemId: null };
  if (item.u_trib && item.q_trib && item.u_trib.trim().toUpperCase() === produto.unidade.toUpperCase()) {
    const qCom = Decimal.of(item.q_com);
    if (qCom.isPositive()) {
      const f = Decimal.of(item.q_trib).dividedBy(qCom, 4);
      if (f.times(qCom).eq(item.q_trib) && f.isPositive()) return { fator: f.toString(), embalagemId: null };
    }
  }
  return null;
}

/** Base quantity and unit cost of an item for a factor; null values when not exact. */
export function conversao(item: Pick<ItemParaMapear, 'q_com' | 'custo_total'>, fator: string | null) {
  if (!fator) return { quantidadeBase: null, custoUnitario: null };
  try {
    const c = converteItemNfe(item.q_com, fator, item.custo_total);
    return Decimal.of(c.quantidadeBase).isPositive() ? c : { quantidadeBase: null, custoUnitario: null };
  } catch {
    return { quantidadeBase: null, custoUnitario: null };
  }
}

async function embalagensDe(tx: Tx, produtoIds: string[]): Promise<Embalagem[]> {
  if (!produtoIds.length) return [];
  return rowsOf<Embalagem>(
    await tx.execute(sql`select id, produto_id, unidade, fator::text as fator from produto_embalagens
      where produto_id in (${sql.join(
        produtoIds.map((p) => sql`${p}`),
        sql`, `,
      )})`),
  );
}

type Mapeamento = {
  itemId: string;
  item: ItemParaMapear;
  produto: Produto;
  embalagens: Embalagem[];
  embalagemId: string | null;
  como: 'memoria' | 'gtin' | 'manual';
};

/** Writes the mappings of many items in one statement (factor, base quantity, unit cost). */
export async function gravaMapeamentos(tx: Tx, lista: Mapeamento[]): Promise<void> {
  for (let i = 0; i < lista.length; i += 1000) {
    const valores = lista.slice(i, i + 1000).map((m) => {
      const f = fatorDoItem(m.item, m.produto, m.embalagens, m.embalagemId);
      const c = conversao(m.item, f?.fator ?? null);
      return sql`(${m.itemId}::uuid, ${m.produto.id}::uuid, ${f?.embalagemId ?? m.embalagemId}::uuid,
        ${f?.fator ?? null}::numeric, ${c.quantidadeBase}::numeric, ${c.custoUnitario}::numeric, ${m.como})`;
    });
    await tx.execute(sql`update entrada_itens i set produto_id = v.produto_id, embalagem_id = v.embalagem_id,
      fator = v.fator, quantidade_base = v.quantidade_base, custo_unitario = v.custo_unitario, mapeamento = v.como
      from (values ${sql.join(valores, sql`, `)}) as v(id, produto_id, embalagem_id, fator, quantidade_base, custo_unitario, como)
      where i.id = v.id`);
  }
}

export function gravaMapeamento(
  tx: Tx,
  itemId: string,
  item: ItemParaMapear,
  produto: Produto,
  embalagens: Embalagem[],
  embalagemId: string | null,
  como: 'memoria' | 'gtin' | 'manual',
) {
  return gravaMapeamentos(tx, [{ itemId, item, produto, embalagens, embalagemId, como }]);
}

/** Remembers fornecedor + cProd → produto (+ embalagem) for the next receipts (many at once). */
export async function lembraMapeamentos(
  tx: Tx,
  fornecedorId: string,
  lista: Array<{ cProd: string; produtoId: string; embalagemId: string | null; uCom: string | null }>,
): Promise<void> {
  // one row per cProd (the last wins), in chunks
  const unicos = [...new Map(lista.map((l) => [l.cProd, l])).values()];
  for (let i = 0; i < unicos.length; i += 1000) {
    const valores = unicos
      .slice(i, i + 1000)
      .map(
        (l) =>
          sql`(${fornecedorId}::uuid, ${l.cProd}, ${l.produtoId}::uuid, ${l.embalagemId}::uuid, ${l.uCom})`,
      );
    await tx.execute(sql`insert into fornecedor_produto_codigos (fornecedor_id, c_prod, produto_id, embalagem_id, u_com)
      values ${sql.join(valores, sql`, `)}
      on conflict (fornecedor_id, c_prod) do update set produto_id = excluded.produto_id,
        embalagem_id = excluded.embalagem_id, u_com = excluded.u_com, updated_at = now()
      where (fornecedor_produto_codigos.produto_id, fornecedor_produto_codigos.embalagem_id, fornecedor_produto_codigos.u_com)
        is distinct from (excluded.produto_id, excluded.embalagem_id, excluded.u_com)`);
  }
}

export function lembraMapeamento(
  tx: Tx,
  fornecedorId: string,
  cProd: string,
  produtoId: string,
  embalagemId: string | null,
  uCom: string | null,
) {
  return lembraMapeamentos(tx, fornecedorId, [{ cProd, produtoId, embalagemId, uCom }]);
}

/** Maps every unmapped item of a receipt it can (learned codes, then GTIN). */
export async function mapeiaAutomaticamente(
  tx: Tx,
  entradaId: string,
  fornecedorId: string | null,
): Promise<void> {
  const itens = rowsOf<ItemParaMapear>(
    await tx.execute(sql`select id, c_prod, c_ean, c_ean_trib, u_com, q_com::text as q_com, u_trib,
      q_trib::text as q_trib, custo_total::text as custo_total
      from entrada_itens where entrada_id = ${entradaId} and produto_id is null`),
  );
  const lista = await resolveMapeamentos(tx, itens, fornecedorId);
  if (lista.length) await gravaMapeamentos(tx, lista);
}

/** The automatic choices for items (by their `id`, which may be a temporary key before insertion). */
export async function resolveMapeamentos(
  tx: Tx,
  itens: ItemParaMapear[],
  fornecedorId: string | null,
): Promise<Mapeamento[]> {
  if (!itens.length) return [];
  const memoria = new Map<string, { produto_id: string; embalagem_id: string | null }>();
  if (fornecedorId) {
    for (const r of rowsOf<{ c_prod: string; produto_id: string; embalagem_id: string | null }>(
      await tx.execute(sql`select c_prod, produto_id, embalagem_id from fornecedor_produto_codigos
        where fornecedor_id = ${fornecedorId} and c_prod in (${sql.join(
          itens.map((i) => sql`${i.c_prod}`),
          sql`, `,
        )})`),
    ))
      memoria.set(r.c_prod, r);
  }
  const gtins = [...new Set(itens.flatMap((i) => [i.c_ean, i.c_ean_trib]).filter(gtinUtil))];
  const porGtin = new Map<string, { produto_id: string; embalagem_id: string | null }>();
  if (gtins.length) {
    const lista = sql.join(
      gtins.map((g) => sql`${g}`),
      sql`, `,
    );
    for (const r of rowsOf<{ gtin: string; produto_id: string; embalagem_id: string | null }>(
      await tx.execute(sql`select gtin, id as produto_id, null::uuid as embalagem_id from products
          where gtin in (${lista}) and ativo
        union all select e.gtin, e.produto_id, e.id from produto_embalagens e join products p on p.id = e.produto_id
          where e.gtin in (${lista}) and p.ativo`),
    ))
      porGtin.set(r.gtin, r);
  }
  const escolhas = new Map<
    string,
    { produto_id: string; embalagem_id: string | null; como: 'memoria' | 'gtin' }
  >();
  for (const i of itens) {
    const m = memoria.get(i.c_prod);
    if (m) {
      escolhas.set(i.id, { ...m, como: 'memoria' });
      continue;
    }
    const porCom = gtinUtil(i.c_ean) ? porGtin.get(i.c_ean) : undefined;
    if (porCom) {
      escolhas.set(i.id, { ...porCom, como: 'gtin' });
      continue;
    }
    // cEANTrib names the taxable unit: the product, with uCom's packaging found by its unit.
    const porTrib = gtinUtil(i.c_ean_trib) ? porGtin.get(i.c_ean_trib) : undefined;
    if (porTrib) escolhas.set(i.id, { produto_id: porTrib.produto_id, embalagem_id: null, como: 'gtin' });
  }
  if (!escolhas.size) return [];
  const produtoIds = [...new Set([...escolhas.values()].map((e) => e.produto_id))];
  const produtos = new Map(
    rowsOf<Produto>(
      await tx.execute(
        sql`select id, unidade from products where id in (${sql.join(
          produtoIds.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      ),
    ).map((p) => [p.id, p]),
  );
  const embalagens = await embalagensDe(tx, produtoIds);
  const porProduto = new Map<string, Embalagem[]>();
  for (const x of embalagens) porProduto.set(x.produto_id, [...(porProduto.get(x.produto_id) ?? []), x]);
  const lista: Mapeamento[] = [];
  for (const i of itens) {
    const e = escolhas.get(i.id);
    const produto = e && produtos.get(e.produto_id);
    if (!e || !produto) continue;
    lista.push({
      itemId: i.id,
      item: i,
      produto,
      embalagens: porProduto.get(produto.id) ?? [],
      embalagemId: e.embalagem_id,
      como: e.como,
    });
  }
  return lista;
}

export { type Embalagem, embalagensDe, type ItemParaMapear, type Mapeamento, type Produto };
