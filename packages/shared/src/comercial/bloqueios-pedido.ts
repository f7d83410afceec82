import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { formatBRL, formatDecimalBR } from '../money.ts';
import { hasAnyRole, type Permission, type Role, roleLabels } from '../permissions.ts';
import { plural } from '../plural.ts';
import { type Verificacao, verificaDescontoVendedor, verificaPrecoMinimo } from '../precos/limites-venda.ts';
import type { Desconto, ItemCalculado, PedidoCalculado } from './calculo-pedido.ts';
import type { PosicaoCredito } from './posicao-credito.ts';

// The blockers (bloqueios) of a sales order, evaluated — purely, from figures the server reads —
// when the order is confirmed or changed. An order with a pending blocker is "bloqueado".
//
//   crédito        limite − (títulos em aberto + pedidos liberados não faturados) < valor do pedido
//   inadimplência  a receivable overdue for more than N days (setting, default 5)
//   situação       the customer's situação "bloqueia vendas"
//   preço          a line below its preço mínimo, or discounted beyond the seller's desconto máximo
//                  (the precos helpers decide both, on the line's effective price: see below)
//   estoque        disponível < quantity ordered (per product), unless back-orders are allowed
//
// Each blocker carries its pt-BR reason with its figures, the roles that may release it (admin
// always may), and a fingerprint (impressão) of what it measured in the order. A release records
// the fingerprint; it holds while the order's fingerprint of that type stays the same and is void
// as soon as the order changes in that measure (impressoes are computed for every type on every
// evaluation, whether a blocker fired or not).

export const TIPOS_BLOQUEIO = ['credito', 'inadimplencia', 'situacao', 'preco', 'estoque'] as const;
export type TipoBloqueio = (typeof TIPOS_BLOQUEIO)[number];

export const tipoBloqueioLabels: Record<TipoBloqueio, string> = {
  credito: 'Crédito',
  inadimplencia: 'Inadimplência',
  situacao: 'Situação do cliente',
  preco: 'Preço/desconto',
  estoque: 'Estoque',
};

/** Who releases each blocker besides admin (hasAnyRole: admin always passes; [] = admin only). */
export const PAPEIS_LIBERAM_BLOQUEIO: Readonly<Record<TipoBloqueio, readonly Role[]>> = {
  credito: ['financeiro'],
  inadimplencia: ['financeiro'],
  situacao: ['financeiro'],
  preco: [],
  estoque: ['estoque'],
};

/**
 * The guard of the release API and of the "Bloqueados" view for approvers: any role that releases
 * some blocker (admin included). Each release then checks its own type (podeLiberarBloqueio).
 */
export const guardLiberacaoBloqueios = {
  roles: [...new Set(Object.values(PAPEIS_LIBERAM_BLOQUEIO).flat())],
} as const satisfies Permission;

export const DIAS_INADIMPLENCIA_PADRAO = 5;
export const JUSTIFICATIVA_MINIMA = 10;

/** The roles that may release a blocker of `tipo`, admin last: ['financeiro', 'admin']. */
export function papeisQueLiberam(tipo: TipoBloqueio): Role[] {
  return [...PAPEIS_LIBERAM_BLOQUEIO[tipo], 'admin'];
}

/** "Financeiro ou Administrador". */
function quemLibera(tipo: TipoBloqueio): string {
  const nomes = papeisQueLiberam(tipo).map((r) => roleLabels[r]);
  return nomes.length === 1 ? nomes[0]! : `${nomes.slice(0, -1).join(', ')} ou ${nomes.at(-1)}`;
}

/** Whether a user may release a blocker of `tipo` (the 403's message otherwise). */
export function podeLiberarBloqueio(tipo: TipoBloqueio, userRoles: readonly string[]): Verificacao {
  if (hasAnyRole(userRoles, PAPEIS_LIBERAM_BLOQUEIO[tipo])) return { permitido: true };
  return {
    permitido: false,
    motivo: `Só ${quemLibera(tipo)} pode liberar o bloqueio de ${tipoBloqueioLabels[tipo].toLowerCase()}.`,
  };
}

/** The blocker types a user may release (what the "Bloqueados" view shows them first). */
export function tiposQueLibera(userRoles: readonly string[]): TipoBloqueio[] {
  return TIPOS_BLOQUEIO.filter((t) => hasAnyRole(userRoles, PAPEIS_LIBERAM_BLOQUEIO[t]));
}

export type Bloqueio = {
  tipo: TipoBloqueio;
  /** pt-BR, with the figures: "Limite de crédito excedido: disponível R$ 1.200,00, pedido R$ 3.450,00". */
  motivo: string;
  /** Roles that may release it, admin last. */
  papeis: Role[];
  /** What it measured in the order (see impressoes). */
  impressao: string;
};

export type ContextoBloqueios = {
  clienteId: string;
  /** posicaoCredito() of the customer, this order left out of its pedidos liberados. */
  credito: PosicaoCredito;
  /** Setting "dias de tolerância"; default 5. */
  diasInadimplencia?: number;
  situacaoCliente: { nome: string; bloqueiaVendas: boolean } | null;
  /** vendedores.desconto_maximo of the order's seller; null (no seller): any discount needs a release. */
  descontoMaximoVendedor: DecimalInput | null;
  /** One per order item, in the same order: its description and the price engine's answer for it. */
  itens: readonly { descricao: string; precoTabela: DecimalInput; precoMinimo: DecimalInput | null }[];
  /** Available stock per product id (base unit), this order's own reservation added back. */
  disponivel: ReadonlyMap<string, DecimalInput>;
  /** The company sells without stock (back-orders): no stock blocker. */
  permiteVendaSemEstoque: boolean;
};

export type AvaliacaoBloqueios = {
  bloqueios: Bloqueio[];
  /** The order's fingerprint of every type, blocker or not. */
  impressoes: Record<TipoBloqueio, string>;
};

export type Liberacao = { tipo: TipoBloqueio; impressao: string };

const quantidade = (q: Decimal, unidade: string) => `${formatDecimalBR(q.toString(), 0)} ${unidade}`;
const textoDesconto = (d: Desconto | null) =>
  d === null ? '-' : `${d.tipo}:${Decimal.of(d.valor).toString()}`;

/** Fraction kept of the order discount, as numerator/denominator (exact: no rounding of its split). */
function fatorDescontoPedido(pedido: PedidoCalculado): { num: Decimal; den: Decimal } {
  const um = { num: Decimal.of(1), den: Decimal.of(1) };
  const d = pedido.descontoDigitado;
  if (d === null) return um;
  if (d.tipo === 'percentual') return { num: Decimal.of(100).minus(d.valor), den: Decimal.of(100) };
  const liquido = Decimal.sum(pedido.itens.map((i) => Decimal.of(i.valorProdutos).minus(i.descontoItem)));
  if (liquido.isZero()) return um;
  return { num: liquido.minus(d.valor), den: liquido };
}

/** The line's value after its own discount, exact (a typed % is not rounded to the cent here). */
function liquidoDaLinha(item: ItemCalculado): Decimal {
  const d = item.descontoDigitado;
  if (d !== null && d.tipo === 'valor') return Decimal.of(item.valorProdutos).minus(item.descontoItem);
  const bruto = Decimal.of(item.quantidadeBase).times(item.preco);
  return d === null ? bruto : bruto.times(Decimal.of(100).minus(d.valor)).times('0.01');
}

/**
 * A line's price and discount against the seller's maximum and the table's minimum, on its
 * effective value: the price charged, less its own discount, less its part of the order discount
 * — taken as the exact fraction typed, so the cent-rounding of the split never tips a line over.
 *   effective value = líquido da linha × (1 − order discount)
 *   discount        = 1 − effective value / (quantity × table price)   (verificaDescontoVendedor)
 *   unit price      = effective value / quantity, cut to the cent       (verificaPrecoMinimo)
 * Cutting (not rounding) keeps the comparison exact: a 2-decimal minimum is above the exact unit
 * price exactly when it is above the price cut to the cent.
 */
function verificaLinha(
  item: ItemCalculado,
  precos: ContextoBloqueios['itens'][number],
  descontoMaximo: DecimalInput,
  fator: { num: Decimal; den: Decimal },
): string[] {
  const q = Decimal.of(item.quantidadeBase);
  const praticado = liquidoDaLinha(item).times(fator.num);
  const tabela = q.times(precos.precoTabela).times(fator.den);
  const motivos: string[] = [];
  const desconto = verificaDescontoVendedor(descontoMaximo, {
    precoTabela: tabela,
    precoPraticado: praticado,
  });
  if (!desconto.permitido) motivos.push(desconto.motivo);
  if (precos.precoMinimo !== null && q.isPositive()) {
    const divisor = q.times(fator.den);
    let unitario = praticado.dividedBy(divisor, CASAS_DINHEIRO);
    if (unitario.times(divisor).gt(praticado)) unitario = unitario.minus('0.01');
    const minimo = verificaPrecoMinimo(unitario, precos.precoMinimo);
    if (!minimo.permitido) motivos.push(minimo.motivo);
  }
  return motivos;
}

/** Quantity per product, summed over the lines, products in id order. */
function quantidadesPorProduto(pedido: PedidoCalculado): Map<string, Decimal> {
  const porProduto = new Map<string, Decimal>();
  for (const i of pedido.itens)
    porProduto.set(i.produtoId, (porProduto.get(i.produtoId) ?? Decimal.ZERO).plus(i.quantidadeBase));
  return new Map([...porProduto].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The order's fingerprint of each type: the values each blocker measures in the order. */
export function impressoesDoPedido(pedido: PedidoCalculado, clienteId: string): Record<TipoBloqueio, string> {
  const linhas = pedido.itens.map(
    (i) => `${i.produtoId}:${i.quantidadeBase}:${i.preco}:${textoDesconto(i.descontoDigitado)}`,
  );
  const estoque = [...quantidadesPorProduto(pedido)].map(([id, q]) => `${id}=${q.toFixed(3)}`);
  return {
    credito: `cliente=${clienteId};total=${pedido.totais.total}`,
    inadimplencia: `cliente=${clienteId}`,
    situacao: `cliente=${clienteId}`,
    preco: `pedido=${textoDesconto(pedido.descontoDigitado)};${linhas.join(';')}`,
    estoque: estoque.join(';'),
  };
}

export function avaliaBloqueios(pedido: PedidoCalculado, ctx: ContextoBloqueios): AvaliacaoBloqueios {
  if (ctx.itens.length !== pedido.itens.length)
    throw new Error(`contexto com ${ctx.itens.length} itens para um pedido de ${pedido.itens.length}`);
  const impressoes = impressoesDoPedido(pedido, ctx.clienteId);
  const bloqueios: Bloqueio[] = [];
  const bloqueia = (tipo: TipoBloqueio, motivo: string) =>
    bloqueios.push({ tipo, motivo, papeis: papeisQueLiberam(tipo), impressao: impressoes[tipo] });

  const total = pedido.totais.total;
  const { credito } = ctx;
  if (Decimal.of(credito.disponivel).lt(total))
    bloqueia(
      'credito',
      `Limite de crédito excedido: disponível ${formatBRL(credito.disponivel)}, pedido ${formatBRL(total)}`,
    );

  const tolerancia = ctx.diasInadimplencia ?? DIAS_INADIMPLENCIA_PADRAO;
  const { vencidos } = credito;
  if (vencidos.diasMaisAntigo !== null && vencidos.diasMaisAntigo > tolerancia)
    bloqueia(
      'inadimplencia',
      `Cliente inadimplente: ${plural(vencidos.quantidade, 'título vencido', 'títulos vencidos')} ` +
        `(${formatBRL(vencidos.valor)}), o mais antigo há ${plural(vencidos.diasMaisAntigo, 'dia', 'dias')} ` +
        `(tolerância: ${plural(tolerancia, 'dia', 'dias')})`,
    );

  if (ctx.situacaoCliente?.bloqueiaVendas)
    bloqueia('situacao', `Situação do cliente «${ctx.situacaoCliente.nome}» bloqueia vendas`);

  const fator = fatorDescontoPedido(pedido);
  const maximo = ctx.descontoMaximoVendedor ?? '0';
  const linhasPreco = pedido.itens.flatMap((item, i) => {
    const motivos = verificaLinha(item, ctx.itens[i]!, maximo, fator);
    return motivos.length === 0 ? [] : [`Item ${i + 1} (${ctx.itens[i]!.descricao}): ${motivos.join(' ')}`];
  });
  if (linhasPreco.length > 0) bloqueia('preco', linhasPreco.join(' '));

  if (!ctx.permiteVendaSemEstoque) {
    const faltas: string[] = [];
    for (const [produtoId, pedida] of quantidadesPorProduto(pedido)) {
      const disponivel = Decimal.of(ctx.disponivel.get(produtoId) ?? '0');
      if (disponivel.gte(pedida)) continue;
      const i = pedido.itens.findIndex((it) => it.produtoId === produtoId);
      const un = pedido.itens[i]!.unidade;
      faltas.push(
        `${ctx.itens[i]!.descricao} (disponível ${quantidade(disponivel, un)}, pedido ${quantidade(pedida, un)})`,
      );
    }
    if (faltas.length > 0) bloqueia('estoque', `Estoque insuficiente: ${faltas.join('; ')}`);
  }

  bloqueios.sort((a, b) => TIPOS_BLOQUEIO.indexOf(a.tipo) - TIPOS_BLOQUEIO.indexOf(b.tipo));
  return { bloqueios, impressoes };
}

/** A release holds while the order's fingerprint of its type is the one released. */
export function liberacaoValida(liberacao: Liberacao, impressoes: Record<TipoBloqueio, string>): boolean {
  return impressoes[liberacao.tipo] === liberacao.impressao;
}

/** The blockers no valid release covers: the order is "bloqueado" while any is left. */
export function bloqueiosPendentes(
  avaliacao: AvaliacaoBloqueios,
  liberacoes: readonly Liberacao[],
): Bloqueio[] {
  return avaliacao.bloqueios.filter(
    (b) => !liberacoes.some((l) => l.tipo === b.tipo && liberacaoValida(l, avaliacao.impressoes)),
  );
}
