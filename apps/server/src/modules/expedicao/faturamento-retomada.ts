import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { instanciaViva, type Jobs } from '../../lib/jobs/jobs.ts';
import { agendaPeriodica } from '../../lib/jobs/periodica.ts';
import type { Logger } from '../../lib/logger.ts';

// Resume on PostgreSQL (decision record 0004, «Restart»): an order's job left «active» by a server
// that died is put back in line within seconds instead of after pg-boss's expiry. A job is taken
// back only when its current attempt (`iniciado_em` ≥ the job's `started_on`) was recorded by an
// instance whose advisory lock is free — that process is gone, nobody else can be working it — or
// when no attempt was recorded at all 30 s after the fetch (a crash between pg-boss's fetch and
// the worker's first write; a live worker records it within milliseconds). The update re-checks
// `state = 'active'`, so several servers sweeping at once put a job back once.

/** How often each server sweeps (and once when its worker starts). */
export const INTERVALO_RETOMADA_MS = 5_000;
const SEM_REGISTRO = '30 seconds';

/** Puts back the dead instances' «active» invoicing jobs; answers the pedido_ids put back. */
export async function retomaTentativasOrfas(db: Db, fila: string): Promise<string[]> {
  const r = rowsOf<{ id: string }>(
    await db.execute(sql`update pgboss.job j set state = 'retry', started_on = null
      where j.name = ${fila} and j.state = 'active'
        and (exists (select 1 from faturamento_carga_pedidos f
               where f.pedido_id = j.id and f.carga_id = (j.data->>'carga_id')::uuid
                 and f.iniciado_em >= j.started_on and f.instancia is not null
                 and not ${instanciaViva(sql`f.instancia`)})
          or (j.started_on < now() - ${SEM_REGISTRO}::interval
              and not exists (select 1 from faturamento_carga_pedidos f
                where f.pedido_id = j.id and f.carga_id = (j.data->>'carga_id')::uuid
                  and f.iniciado_em >= j.started_on)))
      returning j.id::text as id`),
  );
  return r.map((x) => x.id);
}

/**
 * PostgreSQL: sweeps now (awaited — before the worker's first fetch, so the cut attempts, the
 * oldest jobs, go first) and every few seconds until the queue stops.
 */
export async function agendaRetomada(db: Db, jobs: Jobs, fila: string, logger: Logger): Promise<void> {
  if (jobs.kind === 'pglite') return; // one process: startJobs already put every «active» job back
  await agendaPeriodica(jobs, logger, INTERVALO_RETOMADA_MS, 'faturamento: retomada falhou', async () => {
    const ids = await retomaTentativasOrfas(db, fila);
    if (ids.length)
      logger.info({ pedidos: ids.length }, 'faturamento: tentativas de um servidor parado retomadas');
  });
}
