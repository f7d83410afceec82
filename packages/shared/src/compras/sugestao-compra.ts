import { formatDateBR } from '../dates.ts';
import { CASAS_CUSTO, CASAS_DINHEIRO, CASAS_QUANTIDADE, Decimal, type DecimalInput } from '../decimal.ts';
import { CASAS_PESO, CASAS_VOLUME } from '../estoque/carga-fisica.ts';
import type { Embalagem } from '../estoque/unidades.ts';
import { diasEntre } from '../estoque/validade.ts';
import { formatBRL, formatDecimalBR } from '../money.ts';
import { plural } from '../plural.ts';

// Purchase suggestion for one supplier's products (issue 34). Pure: the server aggregates the
// ledger and the orders into the rows below; every rule and rounding lives here. README.md in this
// folder writes each rule out with worked examples; the tests work the figures by hand.
//
// Per product, in this order:
//   demanda      = vendido nos dias com estoque ÷ dias com estoque, 4 decimals, half away from zero
//                  (a day "without stock" ends with balance ≤ 0; its sales and the day both leave
//                  the average, so a stock-out does not lower the forecast). Out of stock the whole
//                  window → the previous window's demand, else 0 (flagged).
//   tendência %  = (demanda − demanda anterior) ÷ demanda anterior × 100, 2 decimals; null when the
//                  previous window sold nothing.
//   disponível   = saldo − reservado
//   perda        = quantity of lots expiring within the horizon that the demand cannot sell before
//                  they expire (FEFO, see perdaPorVencimento); it is not counted as available
//   posição      = disponível − perda + em pedido − pendentes (back-orders: sold, not delivered)
//   necessidade  = demanda × (prazo + cobertura + segurança) − posição, never below 0
//   mínimo       = raised so that posição − demanda × prazo + sugerida ≥ estoque mínimo
//   máximo       = capped so that posição + sugerida ≤ estoque máximo
//   embalagem    = rounded UP to a multiple of the purchase packaging's factor (whole base units
//                  without one); DOWN when the máximo capped it, so the cap holds
//   valor        = sugerida × custo (last purchase price, else the unit cost), 2 decimals
// The supplier's minimum order value is never reached by adding quantities silently: the result
// says how much is missing (faltaParaPedidoMinimo) and the buyer decides.

export type ClasseAbc = 'A' | 'B' | 'C';

/** One sales window, as the server aggregates it from the ledger. */
export type JanelaVendas = {
  /** Days in the window. */
  dias: number;
  /** Days that ended with balance ≤ 0. */
  diasSemEstoque: number;
  /** Base quantity sold on the days that ended with stock. */
  vendidoComEstoque: string;
  /** Value sold over the whole window (R$, for the ABC class). */
  valorVendido: string;
};

/** One day of a product's history, for agregaJanelaVendas. */
export type DiaVendas = { vendido: string; saldoFinal: string; valor?: string };

export type LoteValidadeCompra = { quantidade: string; validade: string };

export type PrazoOrigem = 'produto' | 'fornecedor' | 'padrao';

export type ProdutoSugestaoEntrada = {
  produtoId: string;
  /** The base unit's sigla (UN, KG), for the messages. */
  unidade: string;
  atual: JanelaVendas;
  /** The previous window of the same length, or null when there is no history. */
  anterior: JanelaVendas | null;
  saldo: string;
  reservado: string;
  /** Open purchase orders' remaining quantity (base unit). */
  emPedido: string;
  /** Back-orders: sold quantities not yet delivered and not in `reservado`. */
  pendentes: string;
  estoqueMinimo: string | null;
  estoqueMaximo: string | null;
  /** The purchase packaging (padrao_compra); null → bought in the base unit (flagged). */
  embalagemCompra: Embalagem | null;
  /** The product's own lead time, overriding the supplier's. */
  prazoEntregaDias: number | null;
  /** Per-product overrides of the parameters' days. */
  diasSeguranca?: number | null;
  diasCobertura?: number | null;
  /** Unit cost in the base unit (custo médio), 4 decimals. */
  custoUnitario: string;
  ultimaCompra: { preco: string; data: string } | null;
  /** Lots with a validade and their balance (empty for products without lot control). */
  lotes: readonly LoteValidadeCompra[];
  /** Per base unit; null when not registered (left out of the totals, counted). */
  pesoBruto: string | null;
  volume: string | null;
};

export type FornecedorSugestao = {
  prazoEntregaDias: number | null;
  pedidoMinimo: string | null;
};

export type ParametrosSugestao = {
  /** Business day the suggestion is made ('YYYY-MM-DD', businessToday()). */
  hoje: string;
  /** Company default lead time, used when neither the product nor the supplier has one. */
  prazoPadraoDias: number;
  diasSeguranca: number;
  diasCobertura: number;
  /** Lots expiring up to hoje + this many days are "vencendo". */
  horizonteVencimentoDias: number;
  /** Cumulative value cut-offs in percent: A up to 80, B the next 15, C the rest. */
  cortesAbc?: { a: string; b: string };
  /** A trend at or beyond ± this percent is flagged. Default 20. */
  limiteTendenciaPercentual?: string;
};

export type CodigoAlertaSugestao =
  | 'sem_embalagem_compra'
  | 'prazo_padrao'
  | 'ruptura'
  | 'sem_estoque_periodo'
  | 'tendencia_alta'
  | 'tendencia_baixa'
  | 'lotes_vencendo';

export type AlertaSugestao = { codigo: CodigoAlertaSugestao; mensagem: string };

export type ProdutoSugestao = {
  produtoId: string;
  demandaDiaria: string;
  /** Which window the demand came from ('nenhuma': no in-stock day in either). */
  demandaOrigem: 'atual' | 'anterior' | 'nenhuma';
  tendenciaPercentual: string | null;
  disponivel: string;
  /** Days the available stock lasts at the demand, 1 decimal; null without demand. */
  diasCoberturaHoje: string | null;
  quantidadeVencendo: string;
  perdaVencimento: string;
  emPedido: string;
  pendentes: string;
  prazoEntregaDias: number;
  prazoOrigem: PrazoOrigem;
  /** prazo + cobertura + segurança. */
  diasAlvo: number;
  /** demanda × diasAlvo − posição, before the clamp (may be negative), 4 decimals. */
  necessidade: string;
  ajuste: 'minimo' | 'maximo' | null;
  /** In the base unit, 3 decimals. */
  quantidadeSugerida: string;
  embalagem: Embalagem;
  /** quantidadeSugerida in purchase packagings (whole). */
  quantidadeEmbalagens: string;
  custoUnitario: string;
  valor: string;
  pesoBruto: string | null;
  volume: string | null;
  classeAbc: ClasseAbc;
  ultimaCompra: { preco: string; data: string } | null;
  alertas: AlertaSugestao[];
};

export type TotaisSugestao = {
  /** Products with a quantity to buy. */
  itens: number;
  valor: string;
  pesoBruto: string;
  volume: string;
  /** Products to buy whose weight / volume is not registered (left out of the totals). */
  itensSemPeso: number;
  itensSemVolume: number;
  pedidoMinimo: string | null;
  /** pedidoMinimo − valor when above zero, else "0.00"; null without a minimum. */
  faltaParaPedidoMinimo: string | null;
  alertas: string[];
};

export type SugestaoCompra = { produtos: ProdutoSugestao[]; totais: TotaisSugestao };

export const CORTES_ABC_PADRAO = { a: '80', b: '15' } as const;
export const LIMITE_TENDENCIA_PADRAO = '20';
/** Demand per day keeps 4 decimals; trend percentages 2; days of cover 1. */
export const CASAS_DEMANDA = 4;
export const CASAS_TENDENCIA = 2;

function q(value: Decimal): string {
  return value.toFixed(CASAS_QUANTIDADE);
}

function qtdTexto(value: Decimal, unidade: string): string {
  return `${formatDecimalBR(value.toString(), 0)} ${unidade}`;
}

/** The smallest multiple of `passo` ≥ value (value ≥ 0, passo > 0). */
export function arredondaParaCima(value: DecimalInput, passo: DecimalInput): Decimal {
  const v = Decimal.of(value);
  const p = Decimal.of(passo);
  const n = v.dividedBy(p, 0); // rounds half away: step up when it rounded down
  return (n.times(p).lt(v) ? n.plus(1) : n).times(p);
}

/** The largest multiple of `passo` ≤ value (value ≥ 0, passo > 0). */
export function arredondaParaBaixo(value: DecimalInput, passo: DecimalInput): Decimal {
  const v = Decimal.of(value);
  const p = Decimal.of(passo);
  const n = v.dividedBy(p, 0);
  return (n.times(p).gt(v) ? n.minus(1) : n).times(p);
}

/** A per-day series → the window row the suggestion takes (what the server's SQL also returns). */
export function agregaJanelaVendas(dias: readonly DiaVendas[]): JanelaVendas {
  let diasSemEstoque = 0;
  let vendido = Decimal.ZERO;
  let valor = Decimal.ZERO;
  for (const d of dias) {
    valor = valor.plus(d.valor ?? 0);
    if (Decimal.of(d.saldoFinal).isPositive()) vendido = vendido.plus(d.vendido);
    else diasSemEstoque++;
  }
  return {
    dias: dias.length,
    diasSemEstoque,
    vendidoComEstoque: q(vendido),
    valorVendido: valor.toFixed(CASAS_DINHEIRO),
  };
}

/** Demand per day of a window: sold ÷ in-stock days (4 decimals); null without an in-stock day. */
export function demandaDiaria(janela: JanelaVendas): Decimal | null {
  const comEstoque = janela.dias - janela.diasSemEstoque;
  if (comEstoque <= 0) return null;
  return Decimal.of(janela.vendidoComEstoque).dividedBy(comEstoque, CASAS_DEMANDA);
}

/**
 * Expiring lots that will not be sold in time. Lots expiring up to hoje + horizonte (expired ones
 * included) are taken oldest first, as FEFO picks them; by a lot's validade the demand sells at most
 * demanda × (validade − hoje + 1) (a lot is usable on its validade day) in total across these lots.
 * What exceeds that is lost: it stays on the shelf but is not counted as available.
 */
export function perdaPorVencimento(
  lotes: readonly LoteValidadeCompra[],
  demanda: DecimalInput,
  hoje: string,
  horizonteDias: number,
): { vencendo: Decimal; perda: Decimal; primeiraValidade: string | null } {
  if (!lotes.length) return { vencendo: Decimal.ZERO, perda: Decimal.ZERO, primeiraValidade: null };
  const d = Decimal.of(demanda);
  const vencendo = lotes
    .map((l) => ({ qtd: Decimal.of(l.quantidade), validade: l.validade, dias: diasEntre(hoje, l.validade) }))
    .filter((l) => l.qtd.isPositive() && l.dias <= horizonteDias)
    .sort((a, b) => a.validade.localeCompare(b.validade));
  let total = Decimal.ZERO;
  let vendido = Decimal.ZERO;
  let perda = Decimal.ZERO;
  for (const { qtd, dias } of vencendo) {
    total = total.plus(qtd);
    const diasVenda = Math.max(0, dias + 1);
    const capacidade = d.times(diasVenda).minus(vendido);
    const vende = capacidade.isPositive() ? qtd.min(capacidade) : Decimal.ZERO;
    vendido = vendido.plus(vende);
    perda = perda.plus(qtd.minus(vende));
  }
  return { vencendo: total, perda, primeiraValidade: vencendo[0]?.validade ?? null };
}

/**
 * ABC class by value sold: products sorted by value, descending (ties by id); a product is A while
 * the cumulative share BEFORE it is below the A cut-off (so the product that crosses 80 % is still
 * A, and a single product is always A), B while below A + B, else C. Products that sold nothing are C.
 */
export function classificaAbc(
  itens: readonly { produtoId: string; valorVendido: DecimalInput }[],
  cortes: { a: string; b: string } = CORTES_ABC_PADRAO,
): Map<string, ClasseAbc> {
  // Each value parsed once and brought to one scale: the sort compares plain integers.
  const lidos = itens.map((i) => ({ id: i.produtoId, v: Decimal.of(i.valorVendido) }));
  const escala = lidos.reduce((m, i) => Math.max(m, i.v.scale), 0);
  const ordenados = lidos
    .map((i) => ({ id: i.id, u: i.v.round(escala).units }))
    .sort((x, y) => (x.u === y.u ? x.id.localeCompare(y.id) : y.u > x.u ? 1 : -1));
  let total = 0n;
  for (const i of ordenados) total += i.u;
  // share before × 100 < cut-off × total, in exact integers: the cut-offs as units × 10^-escala
  const a = Decimal.of(cortes.a);
  const ab = a.plus(cortes.b);
  const escalaCortes = Math.max(a.scale, ab.scale);
  const limiteA = total * a.round(escalaCortes).units;
  const limiteB = total * ab.round(escalaCortes).units;
  const fator = 100n * 10n ** BigInt(escalaCortes);
  const classes = new Map<string, ClasseAbc>();
  let antes = 0n;
  for (const i of ordenados) {
    const antes100 = antes * fator;
    const classe: ClasseAbc = i.u <= 0n ? 'C' : antes100 < limiteA ? 'A' : antes100 < limiteB ? 'B' : 'C';
    classes.set(i.id, classe);
    antes += i.u;
  }
  return classes;
}

function prazo(
  produto: ProdutoSugestaoEntrada,
  fornecedor: FornecedorSugestao,
  padrao: number,
): { dias: number; origem: PrazoOrigem } {
  if (produto.prazoEntregaDias !== null) return { dias: produto.prazoEntregaDias, origem: 'produto' };
  if (fornecedor.prazoEntregaDias !== null)
    return { dias: fornecedor.prazoEntregaDias, origem: 'fornecedor' };
  return { dias: padrao, origem: 'padrao' };
}

/** One product's suggestion, with the decimals the totals add (not parsed back from its texts). */
type Calculado = {
  produto: ProdutoSugestao;
  sugerida: Decimal;
  valor: Decimal;
  peso: Decimal | null;
  volume: Decimal | null;
};

function sugereProduto(
  p: ProdutoSugestaoEntrada,
  fornecedor: FornecedorSugestao,
  params: ParametrosSugestao,
  classe: ClasseAbc,
  limiteTendencia: Decimal,
): Calculado {
  const alertas: AlertaSugestao[] = [];
  const u = p.unidade;

  // Demand and trend
  const atual = demandaDiaria(p.atual);
  const anterior = p.anterior ? demandaDiaria(p.anterior) : null;
  let demanda = atual ?? anterior ?? Decimal.ZERO;
  demanda = demanda.round(CASAS_DEMANDA);
  const demandaOrigem = atual ? 'atual' : anterior ? 'anterior' : 'nenhuma';
  if (p.atual.diasSemEstoque > 0 && atual)
    alertas.push({
      codigo: 'ruptura',
      mensagem: `Ruptura no período: ${plural(p.atual.diasSemEstoque, 'dia', 'dias')} sem estoque (fora da média de venda)`,
    });
  if (!atual)
    alertas.push({
      codigo: 'sem_estoque_periodo',
      mensagem: anterior
        ? 'Sem estoque o período todo: usada a venda média do período anterior'
        : 'Sem estoque o período todo e sem histórico: informe a quantidade a comprar',
    });
  const tendencia =
    anterior?.isPositive() && atual
      ? atual.minus(anterior).times(100).dividedBy(anterior, CASAS_TENDENCIA)
      : null;
  if (tendencia) {
    const texto = `${formatDecimalBR(tendencia.abs().toFixed(CASAS_TENDENCIA))} % sobre o período anterior`;
    if (tendencia.gte(limiteTendencia))
      alertas.push({ codigo: 'tendencia_alta', mensagem: `Tendência de alta: +${texto}` });
    else if (tendencia.lte(limiteTendencia.negated()))
      alertas.push({ codigo: 'tendencia_baixa', mensagem: `Tendência de baixa: −${texto}` });
  }

  // Stock position
  const disponivel = Decimal.of(p.saldo).minus(p.reservado);
  const diasCoberturaHoje = demanda.isPositive()
    ? (disponivel.isPositive() ? disponivel : Decimal.ZERO).dividedBy(demanda, 1).toFixed(1)
    : null;
  const venc = perdaPorVencimento(p.lotes, demanda, params.hoje, params.horizonteVencimentoDias);
  if (venc.vencendo.isPositive()) {
    const perdaTexto = venc.perda.isPositive()
      ? `; ${qtdTexto(venc.perda, u)} não devem ser vendidos a tempo e não contam como disponível`
      : '; a venda prevista consome tudo antes do vencimento';
    alertas.push({
      codigo: 'lotes_vencendo',
      mensagem: `Lotes vencendo: ${qtdTexto(venc.vencendo, u)} (primeiro em ${formatDateBR(venc.primeiraValidade)})${perdaTexto}`,
    });
  }
  const emPedido = Decimal.of(p.emPedido);
  const pendentes = Decimal.of(p.pendentes);
  const posicao = disponivel.minus(venc.perda).plus(emPedido).minus(pendentes);

  // Need
  const pz = prazo(p, fornecedor, params.prazoPadraoDias);
  if (pz.origem === 'padrao')
    alertas.push({
      codigo: 'prazo_padrao',
      mensagem: `Sem prazo de entrega no produto nem no fornecedor: usado o prazo padrão da empresa (${plural(pz.dias, 'dia', 'dias')})`,
    });
  const diasAlvo =
    pz.dias + (p.diasCobertura ?? params.diasCobertura) + (p.diasSeguranca ?? params.diasSeguranca);
  const necessidade = demanda.times(diasAlvo).minus(posicao);
  let sugerida = necessidade.isPositive() ? necessidade : Decimal.ZERO;
  let ajuste: ProdutoSugestao['ajuste'] = null;
  if (p.estoqueMinimo !== null) {
    const paraMinimo = Decimal.of(p.estoqueMinimo).minus(posicao.minus(demanda.times(pz.dias)));
    if (paraMinimo.gt(sugerida)) {
      sugerida = paraMinimo;
      ajuste = 'minimo';
    }
  }
  if (p.estoqueMaximo !== null) {
    const ateMaximo = Decimal.of(p.estoqueMaximo).minus(posicao);
    const teto = ateMaximo.isPositive() ? ateMaximo : Decimal.ZERO;
    if (sugerida.gt(teto)) {
      sugerida = teto;
      ajuste = 'maximo';
    }
  }

  // Packaging
  const embalagem = p.embalagemCompra ?? { unidade: u, fator: '1' };
  if (!p.embalagemCompra)
    alertas.push({
      codigo: 'sem_embalagem_compra',
      mensagem: `Sem embalagem de compra: sugerido em ${u} (unidade base)`,
    });
  const fator = Decimal.of(embalagem.fator);
  sugerida = ajuste === 'maximo' ? arredondaParaBaixo(sugerida, fator) : arredondaParaCima(sugerida, fator);

  // Value, weight, volume
  const custo = Decimal.of(p.ultimaCompra?.preco ?? p.custoUnitario);
  const valor = sugerida.times(custo).round(CASAS_DINHEIRO);
  const peso = p.pesoBruto === null ? null : sugerida.times(p.pesoBruto).round(CASAS_PESO);
  const volume = p.volume === null ? null : sugerida.times(p.volume).round(CASAS_VOLUME);
  const produto: ProdutoSugestao = {
    produtoId: p.produtoId,
    demandaDiaria: demanda.toFixed(CASAS_DEMANDA),
    demandaOrigem,
    tendenciaPercentual: tendencia ? tendencia.toFixed(CASAS_TENDENCIA) : null,
    disponivel: q(disponivel),
    diasCoberturaHoje,
    quantidadeVencendo: q(venc.vencendo),
    perdaVencimento: q(venc.perda),
    emPedido: q(emPedido),
    pendentes: q(pendentes),
    prazoEntregaDias: pz.dias,
    prazoOrigem: pz.origem,
    diasAlvo,
    necessidade: necessidade.toFixed(CASAS_DEMANDA),
    ajuste,
    quantidadeSugerida: q(sugerida),
    embalagem: { unidade: embalagem.unidade, fator: embalagem.fator },
    quantidadeEmbalagens: sugerida.dividedBy(fator, 0).toFixed(0),
    custoUnitario: custo.toFixed(CASAS_CUSTO),
    valor: valor.toFixed(CASAS_DINHEIRO),
    pesoBruto: peso === null ? null : peso.toFixed(CASAS_PESO),
    volume: volume === null ? null : volume.toFixed(CASAS_VOLUME),
    classeAbc: classe,
    ultimaCompra: p.ultimaCompra,
    alertas,
  };
  return { produto, sugerida, valor, peso, volume };
}

/** The purchase suggestion for one supplier's products. */
export function sugereCompra(entrada: {
  fornecedor: FornecedorSugestao;
  produtos: readonly ProdutoSugestaoEntrada[];
  parametros: ParametrosSugestao;
}): SugestaoCompra {
  const { fornecedor, parametros } = entrada;
  const classes = classificaAbc(
    entrada.produtos.map((p) => ({ produtoId: p.produtoId, valorVendido: p.atual.valorVendido })),
    parametros.cortesAbc,
  );
  const limiteTendencia = Decimal.of(parametros.limiteTendenciaPercentual ?? LIMITE_TENDENCIA_PADRAO);
  const calculados = entrada.produtos.map((p) =>
    sugereProduto(p, fornecedor, parametros, classes.get(p.produtoId) ?? 'C', limiteTendencia),
  );
  // to buy: the quantity as the answer gives it (3 decimals) above zero
  const comprar = calculados.filter((c) => c.sugerida.round(CASAS_QUANTIDADE).isPositive());
  const valor = Decimal.sum(comprar.map((c) => c.valor));
  const alertas: string[] = [];
  let falta: Decimal | null = null;
  if (fornecedor.pedidoMinimo !== null) {
    const diferenca = Decimal.of(fornecedor.pedidoMinimo).minus(valor);
    falta = diferenca.isPositive() ? diferenca : Decimal.ZERO;
    if (falta.isPositive())
      alertas.push(
        `Abaixo do pedido mínimo do fornecedor (${formatBRL(Decimal.of(fornecedor.pedidoMinimo).toFixed(CASAS_DINHEIRO))}): faltam ${formatBRL(falta.toFixed(CASAS_DINHEIRO))}. Aumente as quantidades ou junte com o próximo pedido`,
      );
  }
  return {
    produtos: calculados.map((c) => c.produto),
    totais: {
      itens: comprar.length,
      valor: valor.toFixed(CASAS_DINHEIRO),
      pesoBruto: Decimal.sum(comprar.flatMap((c) => c.peso ?? [])).toFixed(CASAS_PESO),
      volume: Decimal.sum(comprar.flatMap((c) => c.volume ?? [])).toFixed(CASAS_VOLUME),
      itensSemPeso: comprar.filter((c) => c.peso === null).length,
      itensSemVolume: comprar.filter((c) => c.volume === null).length,
      pedidoMinimo:
        fornecedor.pedidoMinimo === null ? null : Decimal.of(fornecedor.pedidoMinimo).toFixed(CASAS_DINHEIRO),
      faltaParaPedidoMinimo: falta ? falta.toFixed(CASAS_DINHEIRO) : null,
      alertas,
    },
  };
}
