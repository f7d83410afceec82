import {
  STATUS_LIBERADOS_NAO_FATURADOS,
  type StatusPedido,
  statusPedidoLabels,
} from '../comercial/status-pedido.ts';
import type { Verificacao } from '../precos/limites-venda.ts';
import { type StatusNota, statusNotaLabels } from './status-nota.ts';

// An order and its outgoing NF-e must say the same thing. The note is built from the order (items,
// header, customer, the load's vehicle); once it exists, changing the order would make SEFAZ
// authorise a document that no longer matches it (a cancelled order whose note still goes out as
// «Autorizada»). So while the order has a live note, only the moves that keep it invoiceable are
// allowed; everything else waits until the note is cancelled (authorised) or its number inutilized
// (never authorised). And a note is transmitted only while its order is still invoiceable.

/** Orders that may be invoiced: released and not yet invoiced. */
export const STATUS_PEDIDO_FATURAVEIS: readonly StatusPedido[] = STATUS_LIBERADOS_NAO_FATURADOS;

/**
 * Notes that are, or may still become, the order's fiscal document. Cancelada and inutilizada no
 * longer hold the order; a denegada one can never be authorised (the order may be cancelled).
 */
export const STATUS_NOTA_VIVA: readonly StatusNota[] = [
  'em_digitacao',
  'assinada',
  'rejeitada',
  'autorizada',
];

/** What is being done to the order. */
export type AlteracaoPedido =
  | { tipo: 'cancelar' }
  /** items, prices or header (the order's edit, the conferência's adjustment) */
  | { tipo: 'editar' }
  | { tipo: 'ajustar' }
  | { tipo: 'transitar'; para: StatusPedido }
  /** the order leaves its load (removed, or the load cancelled): the note names the load's vehicle */
  | { tipo: 'retirar_da_carga' }
  /** the load's vehicle is changed: the note names the one it had */
  | { tipo: 'trocar_veiculo' };

/** `id` where the note is read from the database (the order page links to it). */
export type NotaDoPedido = { id?: string; numero: number; status: StatusNota };

const oQue = (a: AlteracaoPedido): string => {
  switch (a.tipo) {
    case 'cancelar':
      return 'cancelar o pedido';
    case 'editar':
      return 'alterar o pedido';
    case 'ajustar':
      return 'ajustar o pedido pela conferência';
    case 'transitar':
      return `mover o pedido para «${statusPedidoLabels[a.para]}»`;
    case 'retirar_da_carga':
      return 'retirar o pedido da carga';
    case 'trocar_veiculo':
      return 'trocar o veículo da carga';
  }
};

/** What to do with the note first: an authorised one is cancelled, any other has its number inutilized. */
const facaAntes = (nota: NotaDoPedido, a: AlteracaoPedido): string => {
  const acao =
    nota.status === 'autorizada'
      ? 'cancele-a'
      : a.tipo === 'retirar_da_carga' || a.tipo === 'trocar_veiculo'
        ? 'transmita-a ou inutilize-a'
        : 'inutilize-a';
  return `O pedido tem a NF-e nº ${nota.numero} («${statusNotaLabels[nota.status]}»): ${acao} em Notas Fiscais > Saída antes de ${oQue(a)}.`;
};

export const pedidoComNotaMensagens = {
  bloqueado: (nota: NotaDoPedido, a: AlteracaoPedido) => facaAntes(nota, a),
  transmissaoSemPedidoFaturavel: (numeroPedido: number, status: StatusPedido) =>
    `O pedido nº ${numeroPedido} está «${statusPedidoLabels[status]}» e não pode mais ser faturado: a NF-e não será transmitida. Inutilize o número da nota em Notas Fiscais > Saída.`,
} as const;

/**
 * Whether the order may undergo `alteracao` while `nota` (its note that is not cancelled nor
 * inutilized, or null) exists, or the pt-BR reason telling what to do first. Allowed with a live
 * note: moves between invoiceable states (liberado → em separação → conferido); with an authorised
 * one also faturado and entregue, leaving the load and a change of its vehicle (the transport data are
 * corrected by a CC-e).
 */
export function podeAlterarPedidoComNota(nota: NotaDoPedido | null, alteracao: AlteracaoPedido): Verificacao {
  if (!nota || !STATUS_NOTA_VIVA.includes(nota.status)) return { permitido: true };
  const autorizada = nota.status === 'autorizada';
  const permitido =
    (alteracao.tipo === 'transitar' &&
      (STATUS_PEDIDO_FATURAVEIS.includes(alteracao.para) ||
        (autorizada && (alteracao.para === 'faturado' || alteracao.para === 'entregue')))) ||
    ((alteracao.tipo === 'retirar_da_carga' || alteracao.tipo === 'trocar_veiculo') && autorizada);
  return permitido
    ? { permitido: true }
    : { permitido: false, motivo: pedidoComNotaMensagens.bloqueado(nota, alteracao) };
}

/** Whether a note of an order in `status` may be sent to SEFAZ (orders without a note's order: always). */
export function podeTransmitirNotaDoPedido(
  pedido: { numero: number; status: StatusPedido } | null,
): Verificacao {
  if (!pedido || STATUS_PEDIDO_FATURAVEIS.includes(pedido.status)) return { permitido: true };
  return {
    permitido: false,
    motivo: pedidoComNotaMensagens.transmissaoSemPedidoFaturavel(pedido.numero, pedido.status),
  };
}
