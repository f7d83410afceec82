import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import { transitaPedidoEm } from '../../modules/comercial/pedidos.service.ts';
import {
  finalizaConferencia,
  iniciaConferencia,
  registraLeitura,
} from '../../modules/expedicao/conferencia.service.ts';
import { type Db, rowsOf, type Tx } from '../client.ts';

// Issue 21 in the demo: an order becomes conferido only through its blind check, so the demo's
// conferido (and invoiced) orders are checked through the real conferência service — a liberado
// order moves to em separação, each product is scanned by its code and counted base quantity, and
// the check is finished (conferida, by the system user; the order conferido).

/** Confers one order (liberado or em separação) inside the seed's transaction. */
export async function conferePedidoDemo(tx: Tx, pedidoId: string): Promise<void> {
  const db = tx as unknown as Db;
  const [o] = rowsOf<{ status: string }>(
    await tx.execute(sql`select status from sales_orders where id = ${pedidoId}`),
  );
  if (o?.status === 'liberado')
    await transitaPedidoEm(tx, systemActor, pedidoId, { para: 'em_separacao', motivo: null });
  const conferencia = await iniciaConferencia(db, systemActor, pedidoId);
  const itens = rowsOf<{ codigo: string; quantidade: string }>(
    await tx.execute(sql`select pr.codigo, sum(i.quantidade)::text as quantidade
      from sales_order_items i join products pr on pr.id = i.product_id
      where i.order_id = ${pedidoId} group by pr.codigo order by pr.codigo`),
  );
  for (const it of itens) await registraLeitura(db, systemActor, conferencia, it);
  await finalizaConferencia(db, systemActor, conferencia);
}
