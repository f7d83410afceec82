import { isUf } from '../cadastros/brasil.ts';
import { calculaPedido, type ItemParaCalculo, type PedidoCalculado } from '../comercial/calculo-pedido.ts';
import { descontoDigitado, type PedidoDados } from '../comercial/pedido.schema.ts';
import type { ErrosCampos } from '../estoque/campos.ts';
import type { EmbalagemFisica } from '../estoque/carga-fisica.ts';
import { type ClientePreco, priceOrder, type ResultadoPreco } from '../precos/resolve-preco.ts';
import type { TabelaPreco } from '../precos/tabela-precos.schema.ts';
import type { Destinatario, Emitente, PartesOperacao } from '../tributacao/partes.ts';
import type { RegraTributacao } from '../tributacao/regra.schema.ts';
import { matchRule } from '../tributacao/regra-match.ts';
import type { ClienteVendas, ProdutoVendas } from './sync-vendas.ts';

// An order computed on the seller's device over the synced data, by the same engines the server's
// computaPedido (comercial/pedido-calculo.service.ts) runs: packaging factors and unit decimals,
// matchRule for each item's tax rule, calculaPedido for discounts, taxes and totals, priceOrder for
// the table price and minimum. A server test feeds both the same data and requires equal figures.

export type DadosOffline = {
  clientes: ReadonlyMap<string, ClienteVendas>;
  produtos: ReadonlyMap<string, ProdutoVendas>;
  tabelas: readonly TabelaPreco[];
  regras: readonly RegraTributacao[];
  emitente: Emitente;
  unidades: ReadonlyMap<string, number>;
};

export const calculoOfflineMensagens = {
  clienteNaoEncontrado: 'Cliente não encontrado nos dados sincronizados',
  clienteSemUf: 'O cliente não tem UF válida',
  produtoNaoEncontrado: 'Produto não encontrado nos dados sincronizados',
  embalagemInvalida: (sigla: string) => `O produto não é vendido em ${sigla}`,
  semRegra: (produtos: string) =>
    `Nenhuma regra de tributação se aplica a: ${produtos}. Sincronize ou peça o cadastro da regra.`,
} as const;

export type ResultadoOffline =
  | { ok: true; calculo: PedidoCalculado; precos: ResultadoPreco[] }
  | { ok: false; erros: ErrosCampos };

/** The NF-e dest of a customer: a non-contributor is always a final consumer (destinatarioDe). */
export function destinatarioOffline(c: Pick<ClienteVendas, 'uf' | 'indicador_ie'>): Destinatario | null {
  if (!isUf(c.uf)) return null;
  return { uf: c.uf, indIEDest: c.indicador_ie, indFinal: c.indicador_ie !== '1' ? '1' : '0' };
}

export const clientePrecoOffline = (c: ClienteVendas): ClientePreco => ({
  id: c.id,
  grupoEmpresarialId: c.grupo_id,
  segmentoId: c.segmento_id,
  regiaoId: c.regiao_id,
});

/** The packagings that record the packed box's weight or dimensions (the server's cargaFisica input). */
const fisicas = (p: ProdutoVendas): EmbalagemFisica[] | undefined => {
  const f = p.embalagens.filter((e) => e.peso_bruto !== null || e.altura !== null);
  return f.length ? f : undefined;
};

/** The table price of each product for a customer, day and base quantity (the device's price list). */
export function precosOffline(
  dados: Pick<DadosOffline, 'tabelas'>,
  cliente: ClienteVendas,
  data: string,
  itens: readonly { produto: ProdutoVendas; quantidadeBase: string }[],
): ResultadoPreco[] {
  return priceOrder({
    customer: clientePrecoOffline(cliente),
    date: data,
    tables: dados.tabelas,
    items: itens.map((i) => ({
      product: {
        id: i.produto.id,
        precoVendaBase: i.produto.preco_venda,
        custoMedio: i.produto.custo_medio,
        unidade: i.produto.unidade,
      },
      quantity: i.quantidadeBase,
    })),
  });
}

export function calculaPedidoOffline(
  dados: DadosOffline,
  pedido: PedidoDados,
  data: string,
): ResultadoOffline {
  const erros: ErrosCampos = {};
  const cliente = dados.clientes.get(pedido.cliente_id);
  if (!cliente) return { ok: false, erros: { cliente_id: [calculoOfflineMensagens.clienteNaoEncontrado] } };
  const destinatario = destinatarioOffline(cliente);
  if (!destinatario) return { ok: false, erros: { cliente_id: [calculoOfflineMensagens.clienteSemUf] } };
  const partes: PartesOperacao = {
    emitente: dados.emitente,
    destinatario,
    operacao: 'venda',
    sentido: 'saida',
  };

  const itens: ItemParaCalculo[] = [];
  const semRegra: ProdutoVendas[] = [];
  pedido.itens.forEach((item, i) => {
    const p = dados.produtos.get(item.produto_id);
    if (!p) {
      erros[`itens.${i}.produto_id`] = [calculoOfflineMensagens.produtoNaoEncontrado];
      return;
    }
    const fator =
      item.embalagem === p.unidade ? '1' : p.embalagens.find((e) => e.unidade === item.embalagem)?.fator;
    if (!fator) {
      erros[`itens.${i}.embalagem`] = [calculoOfflineMensagens.embalagemInvalida(item.embalagem)];
      return;
    }
    const { regra } = matchRule(dados.regras, { produtoId: p.id, ncm: p.ncm }, partes, { explicar: false });
    if (regra === null) {
      semRegra.push(p);
      return;
    }
    itens.push({
      produtoId: p.id,
      quantidade: item.quantidade,
      embalagem: { unidade: item.embalagem, fator, casas_decimais: dados.unidades.get(item.embalagem) ?? 0 },
      unidadeBase: { sigla: p.unidade, casas_decimais: dados.unidades.get(p.unidade) ?? 0 },
      preco: item.preco,
      desconto: descontoDigitado(item.desconto_tipo, item.desconto),
      ncm: p.ncm,
      origem: p.origem,
      pesoBruto: p.peso_bruto,
      pesoLiquido: p.peso_liquido,
      volume: p.volume,
      embalagensFisicas: fisicas(p),
      regra,
    });
  });
  if (Object.keys(erros).length) return { ok: false, erros };
  if (semRegra.length)
    return {
      ok: false,
      erros: {
        itens: [calculoOfflineMensagens.semRegra(semRegra.map((p) => `${p.codigo} - ${p.nome}`).join(', '))],
      },
    };

  const r = calculaPedido({
    itens,
    desconto: descontoDigitado(pedido.desconto_tipo, pedido.desconto),
    frete: pedido.frete,
    partes,
  });
  if (!r.ok) return r;
  const { ok: _ok, ...calculo } = r;
  const precos = precosOffline(
    dados,
    cliente,
    data,
    calculo.itens.map((it) => ({
      produto: dados.produtos.get(it.produtoId)!,
      quantidadeBase: it.quantidadeBase,
    })),
  );
  return { ok: true, calculo, precos };
}
