import { CASAS_DINHEIRO, CASAS_QUANTIDADE, Decimal, type DecimalInput } from '../decimal.ts';
import { adicionaErro, type ErrosCampos } from '../estoque/campos.ts';
import { CASAS_PESO, CASAS_VOLUME, cargaFisica, type EmbalagemFisica } from '../estoque/carga-fisica.ts';
import type { Origem } from '../estoque/origem.ts';
import { type Embalagem, erroCasasDecimais, paraUnidadeBase, type Unidade } from '../estoque/unidades.ts';
import { formatBRL } from '../money.ts';
import { computeItemTaxes, type ImpostosItem } from '../tributacao/calculo-item.ts';
import type { PartesOperacao } from '../tributacao/partes.ts';
import { valorPercentual } from '../tributacao/percentuais.ts';
import { ratear } from '../tributacao/rateio.ts';
import type { RegraTributacao } from '../tributacao/regra.schema.ts';
import { type TotaisDocumento, totalize } from '../tributacao/totais.ts';

// The totals of a sales order: what the entry screen shows while typing and what the server saves.
// It owns only the order's own arithmetic — packaging → base units, discounts, weights — and hands
// the rest to the engines: the price comes from the price engine (resolvePrice/priceOrder) before
// this is called; the order discount and the freight are split by `ratear`; every tax and the item
// and document totals come from `computeItemTaxes` + `totalize`.
//
// Per item i (money rounded to the cent, half away from zero, once per value):
//   quantidadeBase = quantidade × fator of the packaging (exact, 3 decimals)
//   vProd          = quantidadeBase × preço (per base unit)       — the tax engine's rule
//   descontoItem   = vProd × p / 100 (percent) or the R$ typed (at most vProd)
//   líquido        = vProd − descontoItem
// Order:
//   descontoPedido = Σ líquido × p / 100 (percent) or the R$ typed (at most Σ líquido),
//                    split over the items by `ratear` in proportion to their líquido
//   frete          = the order's freight split by `ratear` in proportion to vProd (as the NF-e does)
//   item taxes     = computeItemTaxes(quantidadeBase, preço, desconto = descontoItem + share, frete)
//   totals         = totalize(items): produtos vProd, descontos vDesc, ST vST, FCP-ST vFCPST,
//                    IPI vIPI, frete vFrete, total vNF (= Σ vItem: ICMS-ST, FCP-ST and IPI add to it)
// Weights and volume, each line rounded (kg to 3 decimals, m³ to 6), the order's the sum of its lines:
//   pesoLiquido = quantidadeBase × the product's net weight per base unit
//   pesoBruto, volume = cargaFisica (estoque/carga-fisica.ts): whole boxes of a packaging that records
//                  its packed weight or dimensions count by those, the rest by the figures per base unit

export const TIPOS_DESCONTO = ['percentual', 'valor'] as const;
export type TipoDesconto = (typeof TIPOS_DESCONTO)[number];
export const tipoDescontoLabels: Record<TipoDesconto, string> = { percentual: '%', valor: 'R$' };

/** A discount as typed: a percentage (2 decimals, ≤ 100) or an amount in R$. */
export type Desconto = { tipo: TipoDesconto; valor: DecimalInput };

export type ItemParaCalculo = {
  produtoId: string;
  /** In the packaging below. */
  quantidade: DecimalInput;
  /** The packaging sold (the base unit itself has fator 1) and its unit's decimals. */
  embalagem: Embalagem & Pick<Unidade, 'casas_decimais'>;
  unidadeBase: Unidade;
  /** Per base unit, from the price engine (or typed over it). */
  preco: DecimalInput;
  desconto: Desconto | null;
  ncm: string;
  origem: Origem;
  /** Per base unit: kg, kg, m³ (products.peso_bruto, peso_liquido, volume). */
  pesoBruto: DecimalInput;
  pesoLiquido: DecimalInput;
  volume: DecimalInput;
  /** The product's packagings with their physical figures (boxes as they ship); none: unit by unit. */
  embalagensFisicas?: readonly EmbalagemFisica[];
  /** The tax rule matchRule chose for the item. */
  regra: RegraTributacao;
};

export type PedidoParaCalculo = {
  itens: readonly ItemParaCalculo[];
  desconto: Desconto | null;
  /** The order's freight (money). */
  frete: DecimalInput;
  partes: PartesOperacao;
};

export type ItemCalculado = {
  produtoId: string;
  unidade: string;
  /** numeric(14,3) text. */
  quantidadeBase: string;
  /** Per base unit, 2 decimals. */
  preco: string;
  /** The discount as typed (kept for the fingerprint of the price blocker). */
  descontoDigitado: Desconto | null;
  valorProdutos: string;
  descontoItem: string;
  descontoRateado: string;
  /** vDesc: descontoItem + descontoRateado. */
  desconto: string;
  frete: string;
  st: string;
  fcpSt: string;
  ipi: string;
  /** vItem. */
  total: string;
  pesoBruto: string;
  pesoLiquido: string;
  volume: string;
  impostos: ImpostosItem;
};

export type TotaisPedido = {
  produtos: string;
  descontoItens: string;
  descontoPedido: string;
  /** descontoItens + descontoPedido (vDesc). */
  descontos: string;
  st: string;
  fcpSt: string;
  ipi: string;
  frete: string;
  /** vNF: produtos − descontos + ST + FCP-ST + IPI + frete. */
  total: string;
  pesoBruto: string;
  pesoLiquido: string;
  volume: string;
};

export type PedidoCalculado = {
  itens: ItemCalculado[];
  /** The order discount as typed. */
  descontoDigitado: Desconto | null;
  totais: TotaisPedido;
  /** ICMSTot / IBSCBSTot of the order, as the invoice will carry them. */
  documento: TotaisDocumento;
};

/** A user mistake found while computing (field → messages, paths as the schema's: itens.3.quantidade). */
export type ResultadoCalculoPedido = ({ ok: true } & PedidoCalculado) | { ok: false; erros: ErrosCampos };

export const calculoPedidoMensagens = {
  conversao: (unidade: string) =>
    `Quantidade convertida para ${unidade} tem mais de ${CASAS_QUANTIDADE} casas decimais`,
  percentualMaximo: 'Desconto deve ser no máximo 100 %',
  descontoItem: (vProd: string) => `Desconto maior que o valor do item (${formatBRL(vProd)})`,
  descontoPedido: (liquido: string) => `Desconto maior que o valor dos itens (${formatBRL(liquido)})`,
  semItens: 'Informe ao menos um item',
} as const;

const dinheiro = (d: Decimal) => d.toFixed(CASAS_DINHEIRO);
const soma = (valores: readonly string[], casas = CASAS_DINHEIRO) => Decimal.sum(valores).toFixed(casas);

/** The discount in R$ on `base`, or the message when it is more than `base` allows. */
function valorDesconto(
  desconto: Desconto | null,
  base: Decimal,
  acima: (base: string) => string,
): Decimal | string {
  if (desconto === null) return Decimal.ZERO;
  const v = Decimal.of(desconto.valor);
  if (desconto.tipo === 'percentual') {
    if (v.gt(100)) return calculoPedidoMensagens.percentualMaximo;
    return valorPercentual(base, v);
  }
  if (v.gt(base)) return acima(dinheiro(base));
  return v.round(CASAS_DINHEIRO);
}

type Linha = { item: ItemParaCalculo; quantidadeBase: string; vProd: Decimal; descontoItem: Decimal };

/** An item's base quantity, vProd and own discount, or the field and message of its mistake. */
function linhaDoItem(item: ItemParaCalculo): Linha | { campo: 'quantidade' | 'desconto'; erro: string } {
  const unidadeEmbalagem = { sigla: item.embalagem.unidade, casas_decimais: item.embalagem.casas_decimais };
  const erroQuantidade = erroCasasDecimais(item.quantidade, unidadeEmbalagem);
  if (erroQuantidade) return { campo: 'quantidade', erro: erroQuantidade };
  let quantidadeBase: string;
  try {
    quantidadeBase = paraUnidadeBase(item.quantidade, item.embalagem.fator);
  } catch {
    return { campo: 'quantidade', erro: calculoPedidoMensagens.conversao(item.unidadeBase.sigla) };
  }
  const erroBase = erroCasasDecimais(quantidadeBase, item.unidadeBase);
  if (erroBase) return { campo: 'quantidade', erro: erroBase };
  // vProd = qCom × vUnCom rounded to the cent: the rule computeItemTaxes applies (calculo-item.ts)
  const vProd = Decimal.of(quantidadeBase).times(item.preco).round(CASAS_DINHEIRO);
  const descontoItem = valorDesconto(item.desconto, vProd, calculoPedidoMensagens.descontoItem);
  if (typeof descontoItem === 'string') return { campo: 'desconto', erro: descontoItem };
  return { item, quantidadeBase, vProd, descontoItem };
}

export function calculaPedido(pedido: PedidoParaCalculo): ResultadoCalculoPedido {
  if (pedido.itens.length === 0) return { ok: false, erros: { itens: [calculoPedidoMensagens.semItens] } };
  const erros: ErrosCampos = {};
  const linhas: Linha[] = [];
  pedido.itens.forEach((item, i) => {
    const linha = linhaDoItem(item);
    if ('erro' in linha) adicionaErro(erros, `itens.${i}.${linha.campo}`, linha.erro);
    else linhas.push(linha);
  });
  if (Object.keys(erros).length > 0) return { ok: false, erros };

  const liquidos = linhas.map((l) => l.vProd.minus(l.descontoItem));
  const descontoPedido = valorDesconto(
    pedido.desconto,
    Decimal.sum(liquidos),
    calculoPedidoMensagens.descontoPedido,
  );
  if (typeof descontoPedido === 'string') return { ok: false, erros: { desconto: [descontoPedido] } };

  const rateioDesconto = ratear(dinheiro(descontoPedido), liquidos);
  const rateioFrete = ratear(
    Decimal.of(pedido.frete).toFixed(CASAS_DINHEIRO),
    linhas.map((l) => l.vProd),
  );

  const itens = linhas.map((l, i): ItemCalculado => {
    const { item } = l;
    const descontoRateado = rateioDesconto[i]!;
    const frete = rateioFrete[i]!;
    const impostos = computeItemTaxes(
      {
        quantidade: l.quantidadeBase,
        valorUnitario: item.preco,
        desconto: l.descontoItem.plus(descontoRateado),
        frete,
        origem: item.origem,
        ncm: item.ncm,
      },
      item.regra,
      pedido.partes,
    );
    const q = Decimal.of(l.quantidadeBase);
    const fisica = cargaFisica(
      l.quantidadeBase,
      { unidade: item.unidadeBase.sigla, pesoBruto: item.pesoBruto, volume: item.volume },
      item.embalagensFisicas,
    );
    return {
      produtoId: item.produtoId,
      unidade: item.unidadeBase.sigla,
      quantidadeBase: l.quantidadeBase,
      preco: Decimal.of(item.preco).toFixed(CASAS_DINHEIRO),
      descontoDigitado: item.desconto,
      valorProdutos: impostos.vProd,
      descontoItem: dinheiro(l.descontoItem),
      descontoRateado,
      desconto: impostos.vDesc,
      frete: impostos.vFrete,
      st: impostos.ICMS.vICMSST,
      fcpSt: impostos.ICMS.vFCPST,
      ipi: impostos.IPI?.vIPI ?? '0.00',
      total: impostos.vItem,
      pesoBruto: fisica.pesoBruto,
      pesoLiquido: q.times(item.pesoLiquido).toFixed(CASAS_PESO),
      volume: fisica.volume,
      impostos,
    };
  });

  const documento = totalize(itens.map((i) => i.impostos));
  const t = documento.ICMSTot;
  return {
    ok: true,
    itens,
    descontoDigitado: pedido.desconto,
    totais: {
      produtos: t.vProd,
      descontoItens: soma(itens.map((i) => i.descontoItem)),
      descontoPedido: soma(itens.map((i) => i.descontoRateado)),
      descontos: t.vDesc,
      st: t.vST,
      fcpSt: t.vFCPST,
      ipi: t.vIPI,
      frete: t.vFrete,
      total: t.vNF,
      pesoBruto: soma(
        itens.map((i) => i.pesoBruto),
        CASAS_PESO,
      ),
      pesoLiquido: soma(
        itens.map((i) => i.pesoLiquido),
        CASAS_PESO,
      ),
      volume: soma(
        itens.map((i) => i.volume),
        CASAS_VOLUME,
      ),
    },
    documento,
  };
}
