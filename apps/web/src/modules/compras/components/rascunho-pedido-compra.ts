import { Decimal, parseDecimalBR } from '@erp/shared';
import type { PedidoCompra, PedidoCompraCorpo } from '../api/compras-api.ts';

// The purchase order form's state and rules, pure: a line is typed as the buyer negotiates it (a
// quantity in a unit — the base unit or a packaging —, the price of that unit, an expected date);
// the line's value is round(quantidade × preço, 2) as the server stores it, so the live totals match
// the saved order to the cent. Server field errors («itens.N.campo») are mapped back to the lines.

export type EmbalagemProduto = { unidade: string; fator: string; padrao_compra?: boolean };

/** What the form keeps of a product (the stock product search or an order's item). */
export type ProdutoLinha = {
  id: string;
  codigo: string;
  nome: string;
  /** Base unit sigla. */
  unidade: string;
  embalagens: EmbalagemProduto[];
};

export type LinhaPedidoCompra = {
  chave: number;
  produto: ProdutoLinha | null;
  unidade: string;
  quantidade: string;
  preco: string;
  previsao: string;
};

export type RascunhoPedidoCompra = {
  fornecedorId: string;
  condicaoId: string;
  frete: string;
  previsao: string;
  observacao: string;
  linhas: LinhaPedidoCompra[];
};

let proxima = 0;
export const novaLinha = (): LinhaPedidoCompra => ({
  chave: ++proxima,
  produto: null,
  unidade: '',
  quantidade: '',
  preco: '',
  previsao: '',
});

export const rascunhoVazio = (): RascunhoPedidoCompra => ({
  fornecedorId: '',
  condicaoId: '',
  frete: '',
  previsao: '',
  observacao: '',
  linhas: [],
});

/** The units a line may be typed in: the base unit first, then the packagings (sigla, factor). */
export function unidadesDoProduto(p: ProdutoLinha): EmbalagemProduto[] {
  const outras = p.embalagens.filter((e) => e.unidade !== p.unidade);
  return [{ unidade: p.unidade, fator: '1' }, ...outras];
}

/** The unit a new line starts in: the purchase packaging (padrao_compra), else the base unit. */
export function unidadeInicial(p: ProdutoLinha): string {
  return p.embalagens.find((e) => e.padrao_compra)?.unidade ?? p.unidade;
}

export function fatorDe(p: ProdutoLinha, unidade: string): string {
  if (unidade === p.unidade) return '1';
  return p.embalagens.find((e) => e.unidade === unidade)?.fator ?? '1';
}

const quantidadeLida = (t: string) => {
  const q = parseDecimalBR(t, 3);
  return q !== null && Decimal.of(q).isPositive() ? q : null;
};
const precoLido = (t: string) => {
  const p = parseDecimalBR(t, 4);
  return p !== null && Decimal.of(p).isPositive() ? p : null;
};

/** round(quantidade × preço, 2), or null while the line is incomplete. */
export function valorDaLinha(l: LinhaPedidoCompra): string | null {
  const q = quantidadeLida(l.quantidade);
  const p = precoLido(l.preco);
  if (!l.produto || q === null || p === null) return null;
  return Decimal.of(q).times(p).toFixed(2);
}

/** The line in the base unit ("2 CX = 24 UN"), or null. */
export function quantidadeBase(l: LinhaPedidoCompra): string | null {
  const q = quantidadeLida(l.quantidade);
  if (!l.produto || q === null) return null;
  return Decimal.of(q).times(fatorDe(l.produto, l.unidade)).toFixed(3);
}

export type TotaisPedidoCompra = { produtos: string; frete: string; total: string; incompletas: number };

export function totaisDoRascunho(r: RascunhoPedidoCompra): TotaisPedidoCompra {
  const valores = r.linhas.filter((l) => l.produto).map(valorDaLinha);
  const produtos = Decimal.sum(valores.filter((v): v is string => v !== null));
  const fl = r.frete.trim() ? parseDecimalBR(r.frete, 2) : '0';
  const frete = Decimal.of(fl ?? '0');
  return {
    produtos: produtos.toFixed(2),
    frete: frete.toFixed(2),
    total: produtos.plus(frete).toFixed(2),
    incompletas: valores.filter((v) => v === null).length,
  };
}

export type ErrosPedidoCompra = Record<string, string>;

/** What the form checks before sending (the server checks it all again). */
export function errosDoRascunho(r: RascunhoPedidoCompra): ErrosPedidoCompra {
  const e: ErrosPedidoCompra = {};
  if (!r.fornecedorId) e.fornecedor_id = 'Escolha o fornecedor.';
  if (r.frete.trim() && parseDecimalBR(r.frete, 2) === null) e.frete = 'Frete inválido.';
  const linhas = r.linhas.filter((l) => l.produto || l.quantidade || l.preco);
  if (!linhas.length) e.itens = 'Inclua ao menos um item no pedido de compra.';
  for (const l of r.linhas) {
    if (!l.produto && !l.quantidade && !l.preco) continue;
    if (!l.produto) e[`${l.chave}.produto_id`] = 'Escolha o produto.';
    if (quantidadeLida(l.quantidade) === null) e[`${l.chave}.quantidade`] = 'Informe a quantidade.';
    if (precoLido(l.preco) === null)
      e[`${l.chave}.preco`] = 'Informe o preço negociado do item (maior que zero).';
  }
  return e;
}

/** The lines that go to the server (blank lines are left out), in order. */
const linhasEnviadas = (r: RascunhoPedidoCompra) => r.linhas.filter((l) => l.produto);

export function corpoDoRascunho(r: RascunhoPedidoCompra): PedidoCompraCorpo {
  return {
    fornecedor_id: r.fornecedorId,
    condicao_pagamento_id: r.condicaoId || null,
    frete: r.frete.trim() || '0',
    observacao: r.observacao.trim() || null,
    previsao_entrega: r.previsao || null,
    itens: linhasEnviadas(r).map((l) => ({
      produto_id: l.produto!.id,
      unidade: l.unidade || l.produto!.unidade,
      quantidade: l.quantidade.trim(),
      preco: l.preco.trim(),
      previsao_entrega: l.previsao || null,
    })),
  };
}

/**
 * The server's field errors on the form's keys: header fields as they come, «itens.N.campo» on
 * the N-th line sent (by its chave), «itens» alone on the items.
 */
export function errosDoServidor(
  fields: Record<string, string[] | undefined>,
  r: RascunhoPedidoCompra,
): ErrosPedidoCompra {
  const enviadas = linhasEnviadas(r);
  const e: ErrosPedidoCompra = {};
  for (const [campo, msgs] of Object.entries(fields)) {
    const msg = msgs?.[0];
    if (!msg) continue;
    const m = /^itens\.(\d+)\.(.+)$/.exec(campo);
    if (m) {
      const l = enviadas[Number(m[1])];
      const nome = m[2] === 'unidade' ? 'unidade' : m[2]!;
      if (l) e[`${l.chave}.${nome}`] = msg;
      else e.itens = msg;
    } else e[campo] = msg;
  }
  return e;
}

/** A draft back in the form (edit of a rascunho). */
export function rascunhoDoPedido(p: PedidoCompra): RascunhoPedidoCompra {
  const texto = (v: string, casas: number) => Decimal.of(v).toFixed(casas).replace('.', ',');
  const semZeros = (v: string) => v.replace(/(,\d*?)0+$/, '$1').replace(/,$/, '');
  return {
    fornecedorId: p.fornecedor_id,
    condicaoId: p.condicao_pagamento_id ?? '',
    frete: Decimal.of(p.frete).isZero() ? '' : texto(p.frete, 2),
    previsao: p.previsao_entrega ?? '',
    observacao: p.observacao ?? '',
    linhas: p.itens.map((i) => ({
      chave: ++proxima,
      produto: {
        id: i.produto_id,
        codigo: i.codigo,
        nome: i.nome,
        unidade: i.unidade_base,
        embalagens: i.unidade === i.unidade_base ? [] : [{ unidade: i.unidade, fator: i.fator }],
      },
      unidade: i.unidade,
      quantidade: semZeros(texto(i.quantidade_informada, 3)),
      preco: semZeros(texto(i.preco_informado, 4)),
      previsao: i.previsao_entrega ?? '',
    })),
  };
}
