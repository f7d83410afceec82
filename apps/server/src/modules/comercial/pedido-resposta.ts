import type { calculaPedidoServico } from './pedidos.service.ts';

// The answer of POST /pedidos/calculo: the entry screen's figures (README.md, CalculoPedido).

export function calculoResposta(r: Awaited<ReturnType<typeof calculaPedidoServico>>) {
  const { computado, avaliacao, comissao, disponivel } = r;
  return {
    itens: computado.calculo.itens.map((it, i) => {
      const preco = computado.precos[i]!;
      const produto = computado.produtos.get(it.produtoId)!;
      return {
        sequencia: i + 1,
        produto_id: it.produtoId,
        produto_codigo: produto.codigo,
        produto_nome: produto.nome,
        quantidade_base: it.quantidadeBase,
        unidade: it.unidade,
        preco: it.preco,
        preco_tabela: preco.preco,
        preco_minimo: preco.precoMinimo,
        preco_origem: preco.origem,
        trace: preco.trace,
        valor_produtos: it.valorProdutos,
        desconto_item: it.descontoItem,
        desconto_rateado: it.descontoRateado,
        valor_desconto: it.desconto,
        valor_frete: it.frete,
        valor_st: it.st,
        valor_fcp_st: it.fcpSt,
        valor_ipi: it.ipi,
        valor_total: it.total,
        peso_bruto: it.pesoBruto,
        peso_liquido: it.pesoLiquido,
        volume: it.volume,
        regra_tributacao: computado.regras[i]!,
        disponivel: disponivel.get(it.produtoId) ?? '0.000',
      };
    }),
    totais: computado.calculo.totais,
    comissao: { percentual: comissao.percentual, valor: comissao.valor },
    bloqueios: avaliacao.bloqueios,
  };
}
