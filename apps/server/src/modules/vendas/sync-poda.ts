import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import type { Jobs } from '../../lib/jobs/jobs.ts';
import { agendaPeriodica } from '../../lib/jobs/periodica.ts';
import type { Logger } from '../../lib/logger.ts';

// The change log of the força de vendas (migration 0069) is pruned (migration 0072): entries older
// than RETENCAO_LOG_DIAS go, and the horizon (vendas_sync_horizonte) keeps the highest transaction id
// deleted. A device's cursor whose snapshot xmin is not above the horizon might not have seen a
// deleted entry, so its next sync is a full one (sync.service.ts). Run by every server with the job
// queue, like the invoicing resume sweep: once at start and every few hours; servers pruning at once
// are harmless (each deletes what is left, the horizon only moves up).

/** A device that has not synced for this long gets a full sync. */
export const RETENCAO_LOG_DIAS = 30;
export const INTERVALO_PODA_MS = 6 * 60 * 60 * 1000;

/** Deletes the log entries older than the retention; answers how many. */
export async function podaLogVendas(db: Db, retencaoDias = RETENCAO_LOG_DIAS): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`with apagados as (
        delete from vendas_sync_log where created_at < now() - make_interval(days => ${retencaoDias})
        returning xid),
      topo as (select max(xid) as xid, count(*)::int as n from apagados),
      horizonte as (
        insert into vendas_sync_horizonte (id, xid) select true, xid from topo where xid is not null
        on conflict (id) do update set xid = greatest(vendas_sync_horizonte.xid, excluded.xid), podado_em = now())
      select n from topo`),
  );
  return r?.n ?? 0;
}

/** The highest transaction id pruned from the log, or null (never pruned). */
export async function horizonteDoLog(tx: Tx): Promise<bigint | null> {
  const [r] = rowsOf<{ xid: string }>(
    await tx.execute(sql`select xid::text as xid from vendas_sync_horizonte`),
  );
  return r ? BigInt(r.xid) : null;
}

/** Prunes now and every INTERVALO_PODA_MS until the queue stops. */
export function agendaPodaVendas(db: Db, jobs: Jobs, logger: Logger): void {
  void agendaPeriodica(
    jobs,
    logger,
    INTERVALO_PODA_MS,
    'vendas: poda do log de sincronização falhou',
    async () => {
      const n = await podaLogVendas(db);
      if (n)
        logger.info({ entradas: n, retencaoDias: RETENCAO_LOG_DIAS }, 'vendas: log de sincronização podado');
    },
  );
}
