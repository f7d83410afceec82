import {
  type AlteracaoPedido,
  type NotaDoPedido,
  podeAlterarPedidoComNota,
  STATUS_LIBERADOS_NAO_FATURADOS,
  STATUS_NOTA_VIVA,
  type StatusPedido,
} from '@erp/shared';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { pedidoHistorico, salesOrders } from './comercial.tables.ts';
import { consomeReservaPedido, reservaPedido } from './reserva-pedido.service.ts';

// The order's side of the outgoing NF-e (#20), called by the notes' service inside ITS transaction:
// the authorised note invoices the order (→ faturado: the saída consuming the reservation), a
// cancelled note reopens it (faturado → conferido, the stock reserved again) so it can be invoiced
// again. Both are SEFAZ's decisions, not the kanban's: they bypass the transition table on purpose
// (faturado is reached only by an authorised note, and left only by its cancelamento).

export const faturamentoNotaMensagens = {
  naoFaturado: (s: string) => `O pedido está «${s}», não faturado: a nota não pode reabri-lo.`,
} as const;

/** The order's note that is not cancelled, inutilized nor denied (at most one: notas_fiscais_pedido_key). */
export async function notaVivaDoPedido(tx: Tx | Db, pedidoId: string): Promise<NotaDoPedido | null> {
  const [n] = rowsOf<NotaDoPedido>(
    await tx.execute(sql`select id, numero::int as numero, status from notas_fiscais
      where pedido_id = ${pedidoId} and status in ${sql.raw(`('${STATUS_NOTA_VIVA.join("', '")}')`)}
      order by created_at desc limit 1`),
  );
  return n ? { id: n.id, numero: Number(n.numero), status: n.status } : null;
}

/**
 * 409 when the order has a live NF-e that `alteracao` would leave behind (packages/shared
 * pedido-com-nota): the note must be cancelled or inutilized first. Called with the order row
 * locked, so an invoicing of the same order (which locks it too) is either seen or waits.
 */
export async function recusaSeNotaViva(tx: Tx, pedidoId: string, alteracao: AlteracaoPedido): Promise<void> {
  const v = podeAlterarPedidoComNota(await notaVivaDoPedido(tx, pedidoId), alteracao);
  if (!v.permitido) throw new AppError('conflict', v.motivo, { reason: 'nota_fiscal' });
}

export type DadosFaturamento = {
  id: string;
  numero: number;
  status: StatusPedido;
  vendedorId: string | null;
  comissaoPercentual: string;
  formaPagamentoId: string | null;
  condicaoPagamentoId: string | null;
};

/** What the receivables of the order's note need from the order. */
export async function dadosFaturamentoPedido(tx: Tx, pedidoId: string): Promise<DadosFaturamento | null> {
  const [p] = rowsOf<{
    id: string;
    numero: number;
    status: StatusPedido;
    vendedor_id: string | null;
    comissao_percentual: string;
    forma_pagamento_id: string | null;
    condicao_pagamento_id: string | null;
  }>(
    await tx.execute(sql`select id, numero, status, vendedor_id, comissao_percentual::text as comissao_percentual,
      forma_pagamento_id, condicao_pagamento_id from sales_orders where id = ${pedidoId}`),
  );
  if (!p) return null;
  return {
    id: p.id,
    numero: Number(p.numero),
    status: p.status,
    vendedorId: p.vendedor_id,
    comissaoPercentual: p.comissao_percentual,
    formaPagamentoId: p.forma_pagamento_id,
    condicaoPagamentoId: p.condicao_pagamento_id,
  };
}

/**
 * The note was authorised: the order → faturado with the saída of its reservation, once. From any
 * released state (liberado, em separação, conferido — the states an order is invoiced from): SEFAZ
 * has spoken, so this never refuses; an order in another state is left as it is.
 */
export async function faturaPedidoPelaNota(tx: Tx, actor: Actor, pedidoId: string): Promise<void> {
  const [p] = rowsOf<{ status: StatusPedido }>(
    await tx.execute(sql`select status from sales_orders where id = ${pedidoId} for update`),
  );
  if (!p || !STATUS_LIBERADOS_NAO_FATURADOS.includes(p.status)) return;
  await consomeReservaPedido(tx, actor, pedidoId);
  await mudaStatusPelaNota(tx, actor, pedidoId, p.status, 'faturado', null);
}

async function mudaStatusPelaNota(
  tx: Tx,
  actor: Actor,
  pedidoId: string,
  de: StatusPedido,
  para: StatusPedido,
  motivo: string | null,
) {
  await tx
    .update(salesOrders)
    .set({ status: para, versao: sql`${salesOrders.versao} + 1`, updatedAt: new Date() })
    .where(eq(salesOrders.id, pedidoId));
  await tx.insert(pedidoHistorico).values({
    orderId: pedidoId,
    de,
    para,
    motivo,
    userId: actor.userId,
    usuario: actor.email ?? null,
  });
}

/**
 * The note was cancelled at SEFAZ (its saída already reversed by the caller): the order goes back
 * to conferido and reserves again what the note had taken (`itens`, base quantities per product).
 */
export async function reabrePedidoPelaNota(
  tx: Tx,
  actor: Actor,
  pedidoId: string,
  motivo: string,
  itens: { produtoId: string; quantidade: string }[],
): Promise<void> {
  const [p] = rowsOf<{ status: StatusPedido }>(
    await tx.execute(sql`select status from sales_orders where id = ${pedidoId} for update`),
  );
  if (!p) return;
  if (p.status !== 'faturado') throw new AppError('conflict', faturamentoNotaMensagens.naoFaturado(p.status));
  await mudaStatusPelaNota(tx, actor, pedidoId, 'faturado', 'conferido', motivo);
  if (itens.length) await reservaPedido(tx, actor, pedidoId, itens);
}
