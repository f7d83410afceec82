import {
  businessToday,
  type ClientePreco,
  calculaPedido,
  type Desconto,
  descontoDigitado,
  type EmbalagemFisica,
  genericMessages,
  type ItemParaCalculo,
  matchRule,
  type PartesOperacao,
  type PedidoCalculado,
  type PedidoDados,
  type ResultadoPreco,
} from '@erp/shared';
import { inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { produtoEmbalagens, unidades } from '../estoque/estoque.tables.ts';
import { type ProdutoLido, produtosPorId } from '../estoque/produtos-leitura.service.ts';
import {
  clientePreco,
  precificaComTabelas,
  produtoPreco,
  tabelasSemFaixas,
} from '../precos/preco.service.ts';
import { carregaRegras, impostosMensagens, partesComCliente } from '../tributacao/impostos.service.ts';

// An order's figures, computed on the server from what it reads — never from the client's totals:
// each product with its packaging and unit decimals, the price engine's answer (table price and
// minimum), the tax rule matchRule picks for it, then calculaPedido (packaging → base units,
// discounts, rateio, taxes, weights). A user mistake is a 400 with the field errors of the schema's
// paths (itens.3.quantidade); an item no tax rule reaches is a 422 naming the products.

export type ProdutoDoPedido = ProdutoLido & {
  pesoBruto: string;
  pesoLiquido: string;
  volume: string;
  controlaLote: boolean;
};

export type PedidoComputado = {
  calculo: PedidoCalculado;
  /** Per item, in order: the price engine's answer. */
  precos: ResultadoPreco[];
  /** Per item: the tax rule applied. */
  regras: { id: string; descricao: string }[];
  produtos: Map<string, ProdutoDoPedido>;
  partes: PartesOperacao;
  cliente: ClientePreco;
};

const campoInvalido = (campo: string, mensagem: string): never => {
  throw new AppError('validation_failed', genericMessages.validation, { fields: { [campo]: [mensagem] } });
};

export const calculoServicoMensagens = {
  produtoNaoEncontrado: 'Produto não encontrado',
  produtoInativo: 'Produto inativo',
  embalagemInvalida: (sigla: string) => `O produto não é vendido em ${sigla}`,
} as const;

async function produtosDoPedido(db: Db | Tx, ids: string[]): Promise<Map<string, ProdutoDoPedido>> {
  const lidos = await produtosPorId(db, ids);
  if (lidos.size === 0) return new Map();
  const extras = rowsOf<{
    id: string;
    peso_bruto: string;
    peso_liquido: string;
    volume: string;
    controla_lote: boolean;
  }>(
    await (db as Db).execute(sql`select id, peso_bruto::text, peso_liquido::text, volume::text, controla_lote
      from products where id in ${sql`(${sql.join(
        [...lidos.keys()].map((id) => sql`${id}`),
        sql`, `,
      )})`}`),
  );
  const out = new Map<string, ProdutoDoPedido>();
  for (const e of extras) {
    const p = lidos.get(e.id)!;
    out.set(e.id, {
      ...p,
      pesoBruto: e.peso_bruto,
      pesoLiquido: e.peso_liquido,
      volume: e.volume,
      controlaLote: e.controla_lote,
    });
  }
  return out;
}

/**
 * The packagings of the products — fator by product|unit, and per product those that record the
 * packed box's weight or dimensions (cargaFisica) — and the decimals of every unit involved.
 */
async function embalagensEUnidades(db: Db | Tx, produtoIds: string[]) {
  const emb = await (db as Db)
    .select({
      produtoId: produtoEmbalagens.produtoId,
      unidade: produtoEmbalagens.unidade,
      fator: produtoEmbalagens.fator,
      peso_bruto: produtoEmbalagens.pesoBruto,
      altura: produtoEmbalagens.altura,
      largura: produtoEmbalagens.largura,
      comprimento: produtoEmbalagens.comprimento,
    })
    .from(produtoEmbalagens)
    .where(inArray(produtoEmbalagens.produtoId, produtoIds));
  const un = await (db as Db).select({ sigla: unidades.sigla, casas: unidades.casasDecimais }).from(unidades);
  const embalagens = new Map<string, string>();
  const fisicas = new Map<string, EmbalagemFisica[]>();
  for (const { produtoId, ...e } of emb) {
    embalagens.set(`${produtoId}|${e.unidade}`, e.fator);
    if (e.peso_bruto !== null || e.altura !== null)
      fisicas.set(produtoId, [...(fisicas.get(produtoId) ?? []), e]);
  }
  return { embalagens, fisicas, casas: new Map(un.map((u) => [u.sigla, Number(u.casas)])) };
}

/** Computes the order as typed (header + items): prices, taxes and totals by the engines. */
export async function computaPedido(
  db: Db | Tx,
  input: PedidoDados,
  opts: { data?: string } = {},
): Promise<PedidoComputado> {
  const data = opts.data ?? businessToday();
  const ids = [...new Set(input.itens.map((i) => i.produto_id))];
  const produtos = await produtosDoPedido(db, ids);
  input.itens.forEach((item, i) => {
    const p = produtos.get(item.produto_id);
    if (!p) campoInvalido(`itens.${i}.produto_id`, calculoServicoMensagens.produtoNaoEncontrado);
    else if (!p.ativo) campoInvalido(`itens.${i}.produto_id`, calculoServicoMensagens.produtoInativo);
  });
  const { embalagens, fisicas, casas } = await embalagensEUnidades(db, ids);

  const cliente = await clientePreco(db, input.cliente_id, 'cliente_id');
  const { partes } = await partesComCliente(db as Db, { clienteId: input.cliente_id, operacao: 'venda' });
  const regras = await carregaRegras(db as Db, partes, [...produtos.values()], { soAplicaveis: true });

  // quantities in base units for the price engine (quantity breaks are per base unit)
  const fatores = input.itens.map((item, i) => {
    const p = produtos.get(item.produto_id)!;
    if (item.embalagem === p.unidade) return '1';
    const fator = embalagens.get(`${p.id}|${item.embalagem}`);
    if (!fator)
      return campoInvalido(`itens.${i}.embalagem`, calculoServicoMensagens.embalagemInvalida(item.embalagem));
    return fator;
  });

  // the tables reaching the customer with the order's products' items, without their breaks: the
  // engine picks each item's winning table item and only those items' breaks are read (as the
  // price route does, precificaComTabelas)
  let tabelas = await tabelasSemFaixas(db, cliente, ids);
  if (input.tabela_preco_id) tabelas = tabelas.filter((t) => t.id === input.tabela_preco_id);
  const itensCalculo: ItemParaCalculo[] = [];
  const regrasAplicadas: { id: string; descricao: string }[] = [];
  const semRegra = new Set<ProdutoDoPedido>();
  input.itens.forEach((item, i) => {
    const p = produtos.get(item.produto_id)!;
    const { regra } = matchRule(regras, { produtoId: p.id, ncm: p.ncm ?? '' }, partes, { explicar: false });
    if (regra === null) {
      semRegra.add(p);
      return;
    }
    regrasAplicadas.push({ id: regra.id, descricao: regra.descricao });
    itensCalculo.push({
      produtoId: p.id,
      quantidade: item.quantidade,
      embalagem: {
        unidade: item.embalagem,
        fator: fatores[i]!,
        casas_decimais: casas.get(item.embalagem) ?? 0,
      },
      unidadeBase: { sigla: p.unidade, casas_decimais: casas.get(p.unidade) ?? 0 },
      preco: item.preco,
      desconto: descontoDigitado(item.desconto_tipo, item.desconto),
      ncm: p.ncm ?? '',
      origem: p.origem,
      pesoBruto: p.pesoBruto,
      pesoLiquido: p.pesoLiquido,
      volume: p.volume,
      embalagensFisicas: fisicas.get(p.id),
      regra,
    });
  });
  if (semRegra.size)
    throw new AppError(
      'unprocessable',
      impostosMensagens.semRegra([...semRegra].map((p) => `${p.codigo} - ${p.nome}`).join(', ')),
      { produtos: [...semRegra].map((p) => p.id) },
    );

  const desconto: Desconto | null = descontoDigitado(input.desconto_tipo, input.desconto);
  const r = calculaPedido({ itens: itensCalculo, desconto, frete: input.frete, partes });
  if (!r.ok) throw new AppError('validation_failed', genericMessages.validation, { fields: r.erros });
  const { ok: _ok, ...calculo } = r;

  const precos = await precificaComTabelas(db, {
    customer: cliente,
    date: data,
    tables: tabelas,
    items: calculo.itens.map((it) => ({
      product: produtoPreco(produtos.get(it.produtoId)!),
      quantity: it.quantidadeBase,
    })),
  });
  return { calculo, precos, regras: regrasAplicadas, produtos, partes, cliente };
}
