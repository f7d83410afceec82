import { formaPlural } from '../plural.ts';
import type { Verificacao } from '../precos/limites-venda.ts';

// The status machine of a sales order: ONE table of allowed transitions, read by the server (the
// transition API answers 409 with the reason) and by the web (the kanban snaps a card back with a
// toast naming the same reason). Nothing else decides whether an order may move.
//
//   orcamento → digitado → bloqueado ⇄ liberado → em_separacao → conferido → faturado → entregue
//   digitado → liberado directly when no blocker is pending;
//   cancelado from every state before faturado (a quote included).
//
// Whether an order has pending blockers is not in the table: podeTransitarPedido takes it as context
// (liberado needs none pending, bloqueado needs one).

export const STATUS_PEDIDO = [
  'orcamento',
  'digitado',
  'bloqueado',
  'liberado',
  'em_separacao',
  'conferido',
  'faturado',
  'entregue',
  'cancelado',
] as const;
export type StatusPedido = (typeof STATUS_PEDIDO)[number];

export const statusPedidoLabels: Record<StatusPedido, string> = {
  orcamento: 'Orçamento',
  digitado: 'Digitado',
  bloqueado: 'Bloqueado',
  liberado: 'Liberado',
  em_separacao: 'Em separação',
  conferido: 'Conferido',
  faturado: 'Faturado',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
};

/** The allowed transitions: for each state, the states it may go to. */
export const TRANSICOES_PEDIDO: Readonly<Record<StatusPedido, readonly StatusPedido[]>> = {
  orcamento: ['digitado', 'cancelado'],
  digitado: ['bloqueado', 'liberado', 'cancelado'],
  bloqueado: ['liberado', 'cancelado'],
  liberado: ['bloqueado', 'em_separacao', 'cancelado'],
  em_separacao: ['conferido', 'cancelado'],
  conferido: ['faturado', 'cancelado'],
  faturado: ['entregue'],
  entregue: [],
  cancelado: [],
};

/** The kanban's columns, in flow order (cancelado is a filter, not a column). */
export const COLUNAS_KANBAN: readonly StatusPedido[] = STATUS_PEDIDO.filter((s) => s !== 'cancelado');

/**
 * Released and not yet invoiced: these orders hold a stock reservation (made on liberado, consumed
 * on faturado, released on cancelado) and count as "pedidos liberados não faturados" in the
 * customer's credit position.
 */
export const STATUS_LIBERADOS_NAO_FATURADOS: readonly StatusPedido[] = [
  'liberado',
  'em_separacao',
  'conferido',
];

/** Left out of sales figures (dashboard cards and drill-downs): quotes and cancelled orders. */
export const STATUS_FORA_DAS_VENDAS: readonly StatusPedido[] = ['orcamento', 'cancelado'];

/** Orders that may still be edited (items, prices, header): before separation starts. */
export const STATUS_EDITAVEIS: readonly StatusPedido[] = ['orcamento', 'digitado', 'bloqueado', 'liberado'];

export function isStatusPedido(value: unknown): value is StatusPedido {
  return typeof value === 'string' && (STATUS_PEDIDO as readonly string[]).includes(value);
}

const rotulo = (s: StatusPedido) => `«${statusPedidoLabels[s]}»`;

/** "«A»", "«A» ou «B»", "«A», «B» ou «C»". */
function ou(estados: readonly StatusPedido[]): string {
  const r = estados.map(rotulo);
  return r.length <= 1 ? (r[0] ?? '') : `${r.slice(0, -1).join(', ')} ou ${r.at(-1)}`;
}

/** What the server knows beyond the table when it moves an order. */
export type ContextoTransicao = {
  /** Blockers evaluated on the order and not (validly) released. */
  bloqueiosPendentes: number;
};

/**
 * Whether an order may go from `de` to `para`, or the pt-BR reason it may not (the 409's message
 * and the kanban's toast). With `contexto`, also: liberado only with no blocker pending, bloqueado
 * only with one.
 */
export function podeTransitarPedido(
  de: StatusPedido,
  para: StatusPedido,
  contexto?: ContextoTransicao,
): Verificacao {
  const recusa = (motivo: string): Verificacao => ({ permitido: false, motivo });
  if (de === para) return recusa(`O pedido já está em ${rotulo(de)}.`);
  if (de === 'cancelado') return recusa('Pedido cancelado não muda mais de situação.');
  if (de === 'entregue') return recusa('Pedido entregue não muda mais de situação.');
  const proximos = TRANSICOES_PEDIDO[de];
  if (!proximos.includes(para)) {
    if (para === 'cancelado')
      return recusa('Pedido faturado não pode ser cancelado: a nota fiscal já foi emitida.');
    const passo = formaPlural(proximos.length, 'o próximo passo é', 'os próximos passos são');
    return recusa(`Um pedido em ${rotulo(de)} não pode ir para ${rotulo(para)}: ${passo} ${ou(proximos)}.`);
  }
  if (contexto) {
    const n = contexto.bloqueiosPendentes;
    if (para === 'liberado' && n > 0)
      return recusa(
        n === 1
          ? 'O pedido tem 1 bloqueio pendente: libere-o antes.'
          : `O pedido tem ${n} bloqueios pendentes: libere-os antes.`,
      );
    if (para === 'bloqueado' && n === 0) return recusa('O pedido não tem bloqueios pendentes.');
  }
  return { permitido: true };
}
