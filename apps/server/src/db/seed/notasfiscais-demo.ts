import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import { contextoEmissao, emiteNotaEm } from '../../modules/notasfiscais/emissao.service.ts';
import { rowsOf, type Tx } from '../client.ts';

// Demo outgoing NF-e: the first released demo orders (liberado, em separação, conferido, without
// pending blockers) invoiced through the emission service — built from the orders' taxes, signed
// with the demo A1 certificate, validated against the XSD. Only when the XSD folder is configured
// (nothing unvalidated is ever stored); SEFAZ never saw them (status «assinada»).

export async function seedNotasDemo(tx: Tx, schemasDir: string, today: string, quantas = 4): Promise<number> {
  // issued on the demo's day from 09:00, never in the future (the demo day may be today)
  const agora = Date.now();
  const nove = new Date(`${today}T09:00:00-03:00`).getTime();
  const inicio = nove + quantas * 60_000 > agora ? agora - (quantas + 1) * 60_000 : nove;
  const ctx = await contextoEmissao(tx, schemasDir, new Date(inicio));
  const pedidos = rowsOf<{ id: string }>(
    await tx.execute(sql`select o.id from sales_orders o
      where o.status in ('liberado', 'em_separacao', 'conferido') and o.bloqueios_pendentes = 0
      order by o.numero limit ${quantas * 2}`),
  );
  let emitidas = 0;
  for (const p of pedidos) {
    if (emitidas >= quantas) break;
    try {
      const dhEmi = new Date(inicio + emitidas * 60_000);
      await tx.transaction(async (sp) => {
        await emiteNotaEm(sp as Tx, systemActor, ctx, { pedido_id: p.id }, dhEmi);
      });
      emitidas++;
    } catch {
      // an order the emission refuses (customer without address, …) is left out
    }
  }
  return emitidas;
}
