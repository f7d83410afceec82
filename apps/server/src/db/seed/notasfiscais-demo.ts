import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import { conferenciaPendente } from '../../modules/expedicao/conferencia-exigida.service.ts';
import { contextoEmissao, emiteNotaEm } from '../../modules/notasfiscais/emissao.service.ts';
import { rowsOf, type Tx } from '../client.ts';
import { conferePedidoDemo } from './conferencia-demo.ts';

// Demo outgoing NF-e: the first released demo orders (without pending blockers, outside any load:
// the dispatch demo's loads stay for «Faturar carga») invoiced through the emission service — built
// from the orders' taxes, signed with the demo A1 certificate, validated against the XSD. An order is
// invoiced only once conferido (issue 21): those not yet checked are conferred first through the real
// conferência service. Only when the XSD folder is configured (nothing unvalidated is ever stored);
// SEFAZ never saw them (status «assinada»).

export async function seedNotasDemo(tx: Tx, schemasDir: string, today: string, quantas = 4): Promise<number> {
  // issued on the demo's day from 09:00, never in the future (the demo day may be today)
  const agora = Date.now();
  const nove = new Date(`${today}T09:00:00-03:00`).getTime();
  const inicio = nove + quantas * 60_000 > agora ? agora - (quantas + 1) * 60_000 : nove;
  const ctx = await contextoEmissao(tx, schemasDir, new Date(inicio));
  const pedidos = rowsOf<{ id: string }>(
    await tx.execute(sql`select o.id from sales_orders o
      where o.bloqueios_pendentes = 0
        and not exists (select 1 from cargas_pedidos cp where cp.pedido_id = o.id and cp.ativo)
        and not exists (select 1 from notas_fiscais nf where nf.pedido_id = o.id)
        and (o.status in ('liberado', 'em_separacao')
          or (o.status = 'conferido' and exists (select 1 from conferencias c
            where c.pedido_id = o.id and c.status = 'conferida')))
      order by o.numero limit ${quantas * 2}`),
  );
  let emitidas = 0;
  for (const p of pedidos) {
    if (emitidas >= quantas) break;
    try {
      const dhEmi = new Date(inicio + emitidas * 60_000);
      await tx.transaction(async (sp) => {
        if (await conferenciaPendente(sp as Tx, p.id)) await conferePedidoDemo(sp as Tx, p.id);
        await emiteNotaEm(sp as Tx, systemActor, ctx, { pedido_id: p.id }, dhEmi);
      });
      emitidas++;
    } catch {
      // an order the emission refuses (customer without address, …) is left out
    }
  }
  return emitidas;
}
