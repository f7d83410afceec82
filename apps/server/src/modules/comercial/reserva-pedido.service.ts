import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import {
  consomeReserva,
  liberaReserva,
  reservaEstoque,
  reservasDoDocumento,
} from '../estoque/reservas.service.ts';

// An order's stock reservation through the ledger's reservation service (document
// { origem: 'pedido', origemId: order id }): made when the order becomes liberado (FEFO lots when
// the product controls them), released when it is blocked again, changed or cancelled, consumed by
// invoicing (the saída of what was reserved). All inside the caller's transaction.

export const origemPedido = (pedidoId: string) => ({ origem: 'pedido', origemId: pedidoId });

/** Reserves the base quantity per product (lines of one product summed), all or nothing. */
export async function reservaPedido(
  tx: Tx,
  actor: Actor,
  pedidoId: string,
  itens: { produtoId: string; quantidade: string }[],
): Promise<void> {
  await reservaEstoque(tx, actor, origemPedido(pedidoId), itens);
}

/** Releases whatever the order holds (nothing held: nothing to do). */
export async function liberaReservaPedido(tx: Tx, actor: Actor, pedidoId: string): Promise<void> {
  if ((await reservasDoDocumento(tx, origemPedido(pedidoId))).length === 0) return;
  await liberaReserva(tx, actor, origemPedido(pedidoId));
}

/** Invoicing: the saída of everything the order reserved (the NF-e issue calls this). */
export async function consomeReservaPedido(tx: Tx, actor: Actor, pedidoId: string) {
  if ((await reservasDoDocumento(tx, origemPedido(pedidoId))).length === 0) return [];
  return consomeReserva(tx, actor, origemPedido(pedidoId));
}
