import {
  businessToday,
  type ClientePreco,
  type ClienteRow,
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
  SENTIDOS_DA_OPERACAO,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, preparedRows, rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { arrayDeIds, umDosIds } from '../../lib/sql-listas.ts';
import type { ProdutoLido } from '../estoque/produtos-leitura.service.ts';
import {
  precificaComTabelas,
  precoServicoMensagens,
  produtoPreco,
  tabelasSemFaixas,
} from '../precos/preco.service.ts';
import { CHAVES_EMITENTE, emitenteDe } from '../tributacao/emitente.service.ts';
import { carregaRegras, destinatarioDe, impostosMensagens } from '../tributacao/impostos.service.ts';

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
  /** The customer's name, seller (the typed one or the customer's), região and commission. */
  clienteDoPedido: ClienteDoPedido;
};

const campoInvalido = (campo: string, mensagem: string): never => {
  throw new AppError('validation_failed', genericMessages.validation, { fields: { [campo]: [mensagem] } });
};

export const calculoServicoMensagens = {
  produtoNaoEncontrado: 'Produto não encontrado',
  produtoInativo: 'Produto inativo',
  embalagemInvalida: (sigla: string) => `O produto não é vendido em ${sigla}`,
} as const;

/** The order's products in one read: what the price and tax engines take, plus weights and lots. */
async function produtosDoPedido(db: Db | Tx, ids: string[]): Promise<Map<string, ProdutoDoPedido>> {
  const rows = await preparedRows<ProdutoDoPedido>(db, 'erp_pedido_produtos', PRODUTOS_SQL, [
    arrayDeIds(ids),
  ]);
  return new Map(rows.map((p) => [p.id, p]));
}

// A named statement read as plain rows, as the order's items are (pedidos-leitura.service.ts): every
// save and every recalculation of the order entry reads its products, 100 for a large order.
const PRODUTOS_SQL = `select id, codigo, nome, unidade, preco_venda as "precoVenda", custo_medio as "custoMedio",
    ncm, origem, ativo, peso_bruto::text as "pesoBruto", peso_liquido::text as "pesoLiquido",
    volume::text as volume, controla_lote as "controlaLote"
  from products where id = any($1::uuid[])`;

/** The customer, the seller's commission and the company (the tax engine's emitente), in one read. */
export type ClienteDoPedido = {
  preco: ClientePreco;
  nome: string;
  vendedorId: string | null;
  regiaoId: string | null;
  /** The seller's commission %; null without a seller. */
  comissao: string | null;
  vendedorExiste: boolean;
};

async function clienteEEmpresa(db: Db | Tx, clienteId: string, vendedorId: string | null) {
  const [r] = rowsOf<{
    id: string | null;
    razao_social: string;
    vendedor_id: string | null;
    grupo_id: string | null;
    segmento_id: string | null;
    regiao_id: string | null;
    uf: string;
    indicador_ie: ClienteRow['indicador_ie'];
    comissao: string | null;
    vendedor_existe: boolean;
    empresa: Record<string, unknown> | null;
  }>(
    await (db as Db).execute(sql`select c.id, c.razao_social, c.vendedor_id, c.grupo_id, c.segmento_id,
        c.regiao_id, c.uf, c.indicador_ie, v.comissao::text as comissao, v.id is not null as vendedor_existe,
        (select jsonb_object_agg(s.chave, s.valor) from app_settings s
          where s.chave in (${sql.join(
            CHAVES_EMITENTE.map((k) => sql`${k}`),
            sql`, `,
          )})) as empresa
      from (select 1) x
      left join clientes c on c.id = ${clienteId}
      left join vendedores v on v.id = coalesce(${vendedorId}::uuid, c.vendedor_id)`),
  );
  if (!r?.id) return campoInvalido('cliente_id', precoServicoMensagens.clienteNaoEncontrado);
  const emitente = emitenteDe(r.empresa ?? {});
  const destinatario = destinatarioDe(r);
  const partes: PartesOperacao = {
    emitente,
    destinatario,
    operacao: 'venda',
    sentido: SENTIDOS_DA_OPERACAO.venda[0] ?? 'saida',
  };
  const vendedor = vendedorId ?? r.vendedor_id;
  const cliente: ClienteDoPedido = {
    preco: { id: r.id, grupoEmpresarialId: r.grupo_id, segmentoId: r.segmento_id, regiaoId: r.regiao_id },
    nome: r.razao_social,
    vendedorId: vendedor,
    regiaoId: r.regiao_id,
    comissao: vendedor ? r.comissao : null,
    vendedorExiste: vendedor === null || r.vendedor_existe,
  };
  return { cliente, partes };
}

/**
 * The packagings of the products — fator by product|unit, and per product those that record the
 * packed box's weight or dimensions (cargaFisica) — and the decimals of every unit involved.
 */
async function embalagensEUnidades(db: Db | Tx, produtoIds: string[]) {
  // one round trip: the products' packagings, then every unit's decimals (u = true)
  const rows = rowsOf<{
    u: boolean;
    produto_id: string | null;
    unidade: string;
    fator: string | null;
    peso_bruto: string | null;
    altura: string | null;
    largura: string | null;
    comprimento: string | null;
    casas: number | null;
  }>(
    await (db as Db).execute(sql`select false as u, produto_id, unidade, fator::text, peso_bruto::text,
        altura::text, largura::text, comprimento::text, null::int as casas
      from produto_embalagens where ${umDosIds(sql`produto_id`, produtoIds)}
      union all
      select true, null, sigla, null, null, null, null, null, casas_decimais from unidades`),
  );
  const embalagens = new Map<string, string>();
  const fisicas = new Map<string, EmbalagemFisica[]>();
  const casas = new Map<string, number>();
  for (const { u, produto_id: produtoId, casas: c, ...e } of rows) {
    if (u) {
      casas.set(e.unidade, Number(c));
      continue;
    }
    embalagens.set(`${produtoId}|${e.unidade}`, e.fator!);
    if (e.peso_bruto !== null || e.altura !== null)
      fisicas.set(produtoId!, [...(fisicas.get(produtoId!) ?? []), e as EmbalagemFisica]);
  }
  return { embalagens, fisicas, casas };
}

/** Computes the order as typed (header + items): prices, taxes and totals by the engines. */
export async function computaPedido(
  db: Db | Tx,
  input: PedidoDados,
  opts: { data?: string } = {},
): Promise<PedidoComputado> {
  const data = opts.data ?? businessToday();
  const ids = [...new Set(input.itens.map((i) => i.produto_id))];
  // Independent reads side by side (issue 30): on the pool they overlap; inside a transaction they
  // queue on its one connection as before. The errors keep their order: the products' first.
  const [produtos, { embalagens, fisicas, casas }, clienteLido] = await Promise.all([
    ids.length ? produtosDoPedido(db, ids) : new Map<string, ProdutoDoPedido>(),
    embalagensEUnidades(db, ids),
    clienteEEmpresa(db, input.cliente_id, input.vendedor_id).then(
      (ok) => ({ ok }),
      (erro: unknown) => ({ erro }),
    ),
  ]);
  input.itens.forEach((item, i) => {
    const p = produtos.get(item.produto_id);
    if (!p) campoInvalido(`itens.${i}.produto_id`, calculoServicoMensagens.produtoNaoEncontrado);
    else if (!p.ativo) campoInvalido(`itens.${i}.produto_id`, calculoServicoMensagens.produtoInativo);
  });
  if ('erro' in clienteLido) throw clienteLido.erro;
  const { cliente: clienteDoPedido, partes } = clienteLido.ok;
  const cliente = clienteDoPedido.preco;
  const [regras, tabelasDoCliente] = await Promise.all([
    carregaRegras(db as Db, partes, [...produtos.values()], { soAplicaveis: true }),
    tabelasSemFaixas(db, cliente, ids),
  ]);

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
  let tabelas = tabelasDoCliente;
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
  return { calculo, precos, regras: regrasAplicadas, produtos, partes, cliente, clienteDoPedido };
}
