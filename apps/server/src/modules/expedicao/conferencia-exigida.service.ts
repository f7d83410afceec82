import { conferenciaExigidaMensagens } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getSetting } from '../configuracoes/settings.service.ts';

// The rule "an order is invoiced only once conferido" (issue 21), in one place. With the company
// setting `expedicao_exige_conferencia` on (default), conferido means: the order has a conferência
// finished as conferida (checker and time recorded, audited) — finishing it is also what moves the
// order's status to conferido, and the kanban move to conferido is refused while the setting is on.
// With the setting off nothing is required. No import of the order service: comercial (the order
// page, the kanban) and notasfiscais (the emission) read it without a cycle.

/** Whether the check is required (the company setting). */
export async function conferenciaEhExigida(db: Db | Tx): Promise<boolean> {
  return Boolean(await getSetting(db as Db, 'expedicao_exige_conferencia'));
}

/** True when the setting is on and the order has no conferência finished as conferida. */
export async function conferenciaPendente(db: Db | Tx, pedidoId: string): Promise<boolean> {
  if (!(await conferenciaEhExigida(db))) return false;
  const [r] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select c.id from conferencias c where c.pedido_id = ${pedidoId} and c.status = 'conferida' limit 1`,
    ),
  );
  return !r;
}

/**
 * For the NF-e emission (module notasfiscais): an order not conferido (above) is refused with 409
 * and the way to confer it. Called inside the emission's transaction, before anything is written.
 */
export async function exigeConferencia(db: Db | Tx, pedidoId: string): Promise<void> {
  if (await conferenciaPendente(db, pedidoId))
    throw new AppError('conflict', conferenciaExigidaMensagens.naoConferido, { reason: 'conferencia' });
}
