import {
  businessToday,
  type ClientePreco,
  type consultaPrecosPedidoSchema,
  type FaixaPreco,
  genericMessages,
  type ItemParaPrecificar,
  type ItemTabelaPreco,
  indexTables,
  itensVencedores,
  type ProdutoPreco,
  priceOrder,
  type ResultadoPreco,
  type TabelaPreco,
} from '@erp/shared';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { umDosIds } from '../../lib/sql-listas.ts';
import { getCliente } from '../cadastros/clientes.service.ts';
import { type ProdutoLido, produtosPorId } from '../estoque/produtos-leitura.service.ts';
import { itemFields } from './itens-tabela.service.ts';
import { tabelaPrecoFaixas, tabelaPrecoItens, tabelasPreco } from './precos.tables.ts';

// The price a customer pays: the server's side of the engine. It loads what resolvePrice reads —
// the product (preço de venda, custo médio: the estoque module's read), the customer's grupo,
// segmento and região (the cadastros service) and the tables that reach the customer and price the
// products — and hands them to priceOrder. It computes nothing itself: the engine does.

export const precoServicoMensagens = {
  produtoNaoEncontrado: 'Produto não encontrado',
  clienteNaoEncontrado: 'Cliente não encontrado',
} as const;

function campoInvalido(campo: string, mensagem: string): never {
  throw new AppError('validation_failed', genericMessages.validation, { fields: { [campo]: [mensagem] } });
}

/** The customer as the engine reads it; a field error when it does not exist. */
export async function clientePreco(db: Db | Tx, id: string | null, campo: string): Promise<ClientePreco> {
  if (id === null) return null;
  try {
    const c = await getCliente(db as Db, id);
    return { id: c.id, grupoEmpresarialId: c.grupo_id, segmentoId: c.segmento_id, regiaoId: c.regiao_id };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found')
      campoInvalido(campo, precoServicoMensagens.clienteNaoEncontrado);
    throw err;
  }
}

export const produtoPreco = (p: ProdutoLido): ProdutoPreco => ({
  id: p.id,
  precoVendaBase: p.precoVenda,
  custoMedio: p.custoMedio,
  unidade: p.unidade,
});

/** The tables whose scope reaches the customer (no customer: the general ones). */
function alcance(cliente: ClientePreco): SQL {
  const escopo = tabelasPreco.escopo;
  const condicoes: (SQL | undefined)[] = [eq(escopo, 'geral')];
  if (cliente) {
    if (cliente.grupoEmpresarialId)
      condicoes.push(and(eq(escopo, 'grupo'), eq(tabelasPreco.grupoId, cliente.grupoEmpresarialId)));
    if (cliente.segmentoId)
      condicoes.push(and(eq(escopo, 'segmento'), eq(tabelasPreco.segmentoId, cliente.segmentoId)));
    if (cliente.regiaoId)
      condicoes.push(and(eq(escopo, 'regiao'), eq(tabelasPreco.regiaoId, cliente.regiaoId)));
    condicoes.push(
      and(
        eq(escopo, 'clientes'),
        sql`exists (select 1 from tabela_preco_clientes c where c.tabela_id = tabelas_preco.id
          and c.cliente_id = ${cliente.id})`,
      ),
    );
  }
  return or(...condicoes)!;
}

const { faixas: _faixas, ...colunasDoItem } = itemFields;

/**
 * The quantity breaks of the items that won (itensVencedores), written into their `faixas`: one
 * query by (tabela, produto). Only a winner's breaks change a price, so the others are not read.
 */
export async function carregaFaixas(
  db: Db | Tx,
  vencedores: readonly ({ tabelaId: string; item: ItemTabelaPreco } | null)[],
): Promise<void> {
  const porItem = new Map<string, ItemTabelaPreco>();
  for (const v of vencedores) if (v) porItem.set(`${v.tabelaId} ${v.item.produto_id}`, v.item);
  if (porItem.size === 0) return;
  const f = tabelaPrecoFaixas;
  const pares = [...porItem.keys()].map((chave) => {
    const [tabelaId, produtoId] = chave.split(' ');
    return sql`(${tabelaId}::uuid, ${produtoId}::uuid)`;
  });
  const rows = await (db as Db)
    .select({
      tabela_id: f.tabelaId,
      produto_id: f.produtoId,
      quantidade_minima: sql<string>`${f.quantidadeMinima}::text`,
      tipo: f.tipo,
      valor: sql<string>`coalesce(${f.preco}, ${f.percentual})::text`,
    })
    .from(f)
    .where(sql`(${f.tabelaId}, ${f.produtoId}) in (${sql.join(pares, sql`, `)})`)
    .orderBy(f.tabelaId, f.produtoId, f.quantidadeMinima);
  for (const item of porItem.values()) item.faixas = [];
  for (const r of rows) {
    const faixa: FaixaPreco = { quantidade_minima: r.quantidade_minima, tipo: r.tipo, valor: r.valor };
    porItem.get(`${r.tabela_id} ${r.produto_id}`)!.faixas.push(faixa);
  }
}

/**
 * What the engine reads for these products and this customer: every table that reaches the
 * customer and has an item for one of the products — active or not, in its vigência or not (the
 * trace says why such a table was ignored) — with the items of those products and their breaks.
 * A table of escopo 'clientes' carries only this customer (the one its list was matched on).
 */
export function tabelasParaPrecos(
  db: Db | Tx,
  cliente: ClientePreco,
  produtoIds: readonly string[],
): Promise<TabelaPreco[]> {
  return carregaTabelas(db, cliente, produtoIds, true);
}

/**
 * The same tables with their items **without their breaks** (`faixas: []`): the breaks play no
 * part in choosing the winning table, so precificaComTabelas loads only the winners' (carregaFaixas).
 * Aggregating every candidate's breaks cost a subquery per item row — most of the price endpoint's
 * time with tens of tables per product.
 */
export function tabelasSemFaixas(
  db: Db | Tx,
  cliente: ClientePreco,
  produtoIds: readonly string[],
): Promise<TabelaPreco[]> {
  return carregaTabelas(db, cliente, produtoIds, false);
}

async function carregaTabelas(
  db: Db | Tx,
  cliente: ClientePreco,
  produtoIds: readonly string[],
  comFaixas: boolean,
): Promise<TabelaPreco[]> {
  if (produtoIds.length === 0) return [];
  const rows = await (db as Db)
    .select({
      ...(comFaixas ? itemFields : colunasDoItem),
      tabela_id: tabelasPreco.id,
      nome: tabelasPreco.nome,
      vigencia_inicio: tabelasPreco.vigenciaInicio,
      vigencia_fim: tabelasPreco.vigenciaFim,
      ativa: tabelasPreco.ativa,
      escopo: tabelasPreco.escopo,
      grupo_id: tabelasPreco.grupoId,
      segmento_id: tabelasPreco.segmentoId,
      regiao_id: tabelasPreco.regiaoId,
    })
    .from(tabelaPrecoItens)
    .innerJoin(tabelasPreco, eq(tabelasPreco.id, tabelaPrecoItens.tabelaId))
    .where(and(umDosIds(tabelaPrecoItens.produtoId, [...new Set(produtoIds)]), alcance(cliente)));

  const tabelas = new Map<string, TabelaPreco & { itens: TabelaPreco['itens'][number][] }>();
  for (const r of rows as ((typeof rows)[number] & { faixas?: FaixaPreco[] })[]) {
    let t = tabelas.get(r.tabela_id);
    if (!t) {
      t = {
        id: r.tabela_id,
        nome: r.nome,
        vigencia_inicio: r.vigencia_inicio,
        vigencia_fim: r.vigencia_fim,
        ativa: r.ativa,
        escopo: r.escopo,
        grupo_id: r.grupo_id,
        segmento_id: r.segmento_id,
        regiao_id: r.regiao_id,
        cliente_ids: r.escopo === 'clientes' && cliente ? [cliente.id] : [],
        itens: [],
      };
      tabelas.set(r.tabela_id, t);
    }
    t.itens.push({
      produto_id: r.produto_id,
      regra: r.regra,
      valor: r.valor,
      preco_minimo: r.preco_minimo,
      faixas: r.faixas ?? [],
    });
  }
  return [...tabelas.values()];
}

/**
 * priceOrder over tables loaded by tabelasSemFaixas: indexes them once, finds each item's winning
 * table item (itensVencedores), loads those items' breaks (carregaFaixas), then prices every item
 * with its trace against the same index — the same answers as priceOrder over complete tables.
 */
export async function precificaComTabelas(
  db: Db | Tx,
  pedido: { customer: ClientePreco; date: string; tables: TabelaPreco[]; items: ItemParaPrecificar[] },
): Promise<ResultadoPreco[]> {
  const indexado = { ...pedido, tables: indexTables(pedido.tables) };
  await carregaFaixas(db, itensVencedores(indexado));
  return priceOrder(indexado);
}

export type PrecoDoItem = ResultadoPreco & { produto_id: string; quantidade: string };

/**
 * Prices the items of one sale (customer, day) against tables loaded and indexed once: the single
 * price query and the order batch both come here, and so will the orders module. `campo(i)` names
 * the field of the i-th product in a field error.
 */
export async function precificaItens(
  db: Db | Tx,
  venda: {
    clienteId: string | null;
    data: string | null;
    itens: readonly { produto_id: string; quantidade: string }[];
  },
  campos: { cliente: string; produto: (i: number) => string },
): Promise<{ cliente_id: string | null; data: string; itens: PrecoDoItem[] }> {
  const data = venda.data ?? businessToday();
  const cliente = await clientePreco(db, venda.clienteId, campos.cliente);
  const produtos = await produtosPorId(
    db,
    venda.itens.map((i) => i.produto_id),
  );
  const faltando = venda.itens.findIndex((i) => !produtos.has(i.produto_id));
  if (faltando >= 0) campoInvalido(campos.produto(faltando), precoServicoMensagens.produtoNaoEncontrado);
  const resultados = await precificaComTabelas(db, {
    customer: cliente,
    date: data,
    tables: await tabelasSemFaixas(db, cliente, [...produtos.keys()]),
    items: venda.itens.map((i) => ({
      product: produtoPreco(produtos.get(i.produto_id)!),
      quantity: i.quantidade,
    })),
  });
  return {
    cliente_id: venda.clienteId,
    data,
    itens: resultados.map((r, i) => ({
      produto_id: venda.itens[i]!.produto_id,
      quantidade: venda.itens[i]!.quantidade,
      ...r,
    })),
  };
}

/** GET /api/precos/preco: one product, for one customer, quantity and day, with the trace. */
export async function consultaPreco(
  db: Db,
  q: { produto: string; cliente: string | null; quantidade: string; data: string | null },
): Promise<PrecoDoItem & { cliente_id: string | null; data: string }> {
  const r = await precificaItens(
    db,
    { clienteId: q.cliente, data: q.data, itens: [{ produto_id: q.produto, quantidade: q.quantidade }] },
    { cliente: 'cliente', produto: () => 'produto' },
  );
  return { ...r.itens[0]!, cliente_id: r.cliente_id, data: r.data };
}

/** POST /api/precos/preco/pedido: every item of an order in one call. */
export function consultaPrecosPedido(db: Db, input: z.output<typeof consultaPrecosPedidoSchema>) {
  return precificaItens(
    db,
    { clienteId: input.cliente_id, data: input.data, itens: input.itens },
    { cliente: 'cliente_id', produto: (i) => `itens.${i}.produto_id` },
  );
}
