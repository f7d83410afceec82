import { Decimal, formatDecimalBR, type TipoDesconto } from '@erp/shared';
import type { ItemPedidoDetalhe, PedidoDetalhe } from '../api/comercial-api.ts';

// The order being typed on the entry screen, as plain data: the header, the customer picked and the
// lines (product, packaging, quantity, price, discount as typed, pt-BR text). The request body
// comes from it (the server parses the pt-BR decimals and recomputes everything) and it comes back
// from a saved order.

export type ProdutoLinha = {
  id: string;
  codigo: string;
  nome: string;
  unidade: string;
  embalagens: readonly { unidade: string; fator: string; gtin?: string | null; padrao_venda?: boolean }[];
};

export type Linha = {
  /** stable React key (a saved line's id, or a new one) */
  key: string;
  produto: ProdutoLinha;
  embalagem: string;
  quantidade: string;
  preco: string;
  /** typed over the engine's price: kept when the quantity changes */
  precoManual: boolean;
  desconto_tipo: TipoDesconto;
  desconto: string;
};

export type Cabecalho = {
  vendedor_id: string;
  condicao_pagamento_id: string;
  forma_pagamento_id: string;
  tabela_preco_id: string;
  data_entrega: string;
  modalidade_frete: string;
  frete: string;
  desconto_tipo: TipoDesconto;
  desconto: string;
  observacoes_internas: string;
  observacoes_nota: string;
};

export type Rascunho = {
  cliente: { id: string; nome: string } | null;
  cabecalho: Cabecalho;
  linhas: Linha[];
};

export const cabecalhoVazio: Cabecalho = {
  vendedor_id: '',
  condicao_pagamento_id: '',
  forma_pagamento_id: '',
  tabela_preco_id: '',
  data_entrega: '',
  modalidade_frete: '0',
  frete: '',
  desconto_tipo: 'percentual',
  desconto: '',
  observacoes_internas: '',
  observacoes_nota: '',
};

export const rascunhoVazio: Rascunho = { cliente: null, cabecalho: cabecalhoVazio, linhas: [] };

const naoZero = (v: string | null | undefined) => !!v && !Decimal.of(v).isZero();

let seq = 0;
export const novaChave = () => `nova-${++seq}`;

/**
 * The draft with the lines `f` changes: `f` answers a line's patch, or null to leave it as it is
 * (the same object, so React skips it). The one way the entry screen changes its lines.
 */
export function mudaLinhas(r: Rascunho, f: (l: Linha, i: number) => Partial<Linha> | null): Rascunho {
  let mudou = false;
  const linhas = r.linhas.map((l, i) => {
    const patch = f(l, i);
    if (!patch) return l;
    mudou = true;
    return { ...l, ...patch };
  });
  return mudou ? { ...r, linhas } : r;
}

/** The packaging a new line starts in: the product's default for sales, else its base unit. */
export function embalagemPadrao(p: ProdutoLinha): string {
  return p.embalagens.find((e) => e.padrao_venda)?.unidade ?? p.unidade;
}

/** The units a line may be sold in: the base unit first, then each packaging with its factor. */
export function opcoesEmbalagem(p: ProdutoLinha): { value: string; label: string }[] {
  const outras = p.embalagens
    .filter((e) => e.unidade !== p.unidade)
    .map((e) => ({ value: e.unidade, label: `${e.unidade} (${formatDecimalBR(e.fator, 0)} ${p.unidade})` }));
  return [{ value: p.unidade, label: p.unidade }, ...outras];
}

/** A stored decimal ("12.500") as the line's input shows it ("12,5"); money keeps two decimals. */
export const texto = (v: string | null | undefined, casas = 0) => (v ? formatDecimalBR(v, casas) : '');

/** The create / update body (pedidoCreateSchema's shape); empty texts are the server's defaults. */
export function corpoDoPedido(r: Rascunho, versao?: number) {
  const c = r.cabecalho;
  return {
    cliente_id: r.cliente?.id ?? '',
    vendedor_id: c.vendedor_id || null,
    condicao_pagamento_id: c.condicao_pagamento_id || null,
    forma_pagamento_id: c.forma_pagamento_id || null,
    tabela_preco_id: c.tabela_preco_id || null,
    data_entrega: c.data_entrega || null,
    modalidade_frete: c.modalidade_frete,
    frete: c.frete.trim() || '0',
    desconto_tipo: c.desconto_tipo,
    desconto: c.desconto.trim() || '0',
    observacoes_internas: c.observacoes_internas,
    observacoes_nota: c.observacoes_nota,
    itens: r.linhas.map((l) => ({
      produto_id: l.produto.id,
      embalagem: l.embalagem,
      quantidade: l.quantidade.trim(),
      preco: l.preco.trim(),
      desconto_tipo: l.desconto_tipo,
      desconto: l.desconto.trim() || '0',
    })),
    ...(versao === undefined ? {} : { versao }),
  };
}

function linhaSalva(i: ItemPedidoDetalhe, index: number): Linha {
  const unidade = i.unidade ?? i.embalagem;
  const fator =
    i.quantidade_base && Decimal.of(i.quantidade).isPositive() && i.embalagem !== unidade
      ? // the factor of the packaging sold (the server keeps the exact one)
        Decimal.of(i.quantidade_base).dividedBy(i.quantidade, 3).toString()
      : '1';
  return {
    key: i.id ?? `salva-${index}`,
    produto: {
      id: i.produto_id,
      codigo: i.produto_codigo ?? '',
      nome: i.produto_nome ?? '',
      unidade,
      embalagens: i.embalagem === unidade ? [] : [{ unidade: i.embalagem, fator }],
    },
    embalagem: i.embalagem,
    quantidade: texto(i.quantidade),
    preco: texto(i.preco, 2),
    precoManual: i.preco_tabela != null && !Decimal.of(i.preco).eq(i.preco_tabela),
    desconto_tipo: i.desconto_tipo,
    desconto: naoZero(i.desconto) ? texto(i.desconto, i.desconto_tipo === 'valor' ? 2 : 0) : '',
  };
}

/** A saved order back on the screen. */
export function rascunhoDoPedido(p: PedidoDetalhe): Rascunho {
  return {
    cliente: { id: p.cliente_id, nome: p.cliente_nome },
    cabecalho: {
      vendedor_id: p.vendedor_id ?? '',
      condicao_pagamento_id: p.condicao_pagamento_id ?? '',
      forma_pagamento_id: p.forma_pagamento_id ?? '',
      tabela_preco_id: p.tabela_preco_id ?? '',
      data_entrega: p.data_entrega ?? '',
      modalidade_frete: p.modalidade_frete,
      frete: naoZero(p.frete) ? texto(p.frete, 2) : '',
      desconto_tipo: p.desconto_tipo,
      desconto: naoZero(p.desconto) ? texto(p.desconto, p.desconto_tipo === 'valor' ? 2 : 0) : '',
      observacoes_internas: p.observacoes_internas ?? '',
      observacoes_nota: p.observacoes_nota ?? '',
    },
    linhas: p.itens.map(linhaSalva),
  };
}

/** Field errors of the server (paths as the schema's) for one line: `itens.3.quantidade` → quantidade. */
export function errosDaLinha(fields: Record<string, string[]>, index: number): Record<string, string> {
  const out: Record<string, string> = {};
  const prefixo = `itens.${index}.`;
  for (const [k, v] of Object.entries(fields))
    if (k.startsWith(prefixo) && v[0]) out[k.slice(prefixo.length)] = v[0];
  return out;
}
