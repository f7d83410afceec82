import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

// The per-order outcome of «Faturar carga» (`faturamento_carga_pedidos`): each write is its own
// small statement, outside the emission's transactions, so what the worker did survives a rollback,
// a crash and pg-boss's archiving of the job.

export type SituacaoRegistro = 'pendente' | 'processando' | 'autorizada' | 'rejeitada' | 'erro';
type Chave = { carga_id: string; pedido_id: string };

/** Queued by «Faturar carga»: only for an order with no outcome yet; true when the row was created. */
export async function registraPendente(db: Db, k: Chave): Promise<boolean> {
  const r = rowsOf<{ pedido_id: string }>(
    await db.execute(sql`insert into faturamento_carga_pedidos (carga_id, pedido_id, situacao)
      values (${k.carga_id}, ${k.pedido_id}, 'pendente') on conflict do nothing returning pedido_id`),
  );
  return r.length > 0;
}

/** Removes a row `registraPendente` created when the job turned out to exist already. */
export async function desfazPendente(db: Db, k: Chave): Promise<void> {
  await db.execute(sql`delete from faturamento_carga_pedidos where carga_id = ${k.carga_id}
    and pedido_id = ${k.pedido_id} and situacao = 'pendente' and tentativas = 0`);
}

/** Queued again by hand («Reprocessar»): back to pendente, the last outcome cleared. */
export async function registraReprocessamento(db: Db, k: Chave): Promise<void> {
  await db.execute(sql`insert into faturamento_carga_pedidos (carga_id, pedido_id, situacao)
      values (${k.carga_id}, ${k.pedido_id}, 'pendente')
    on conflict (carga_id, pedido_id) do update set situacao = 'pendente', mensagem = null,
      c_stat = null, concluido_em = null, updated_at = now()`);
}

/**
 * An attempt starts: processando, one more attempt, this server's instance. Answers the situation
 * the previous attempt left — `processando` means it was cut (a crash) before its end.
 */
export async function iniciaTentativa(
  db: Db,
  k: Chave,
  instancia: number | null,
): Promise<SituacaoRegistro | null> {
  const [r] = rowsOf<{ anterior: SituacaoRegistro | null }>(
    await db.execute(sql`with anterior as (
        select situacao from faturamento_carga_pedidos
        where carga_id = ${k.carga_id} and pedido_id = ${k.pedido_id})
      insert into faturamento_carga_pedidos
        (carga_id, pedido_id, situacao, tentativas, instancia, iniciado_em)
      values (${k.carga_id}, ${k.pedido_id}, 'processando', 1, ${instancia}, clock_timestamp())
      on conflict (carga_id, pedido_id) do update set situacao = 'processando',
        tentativas = faturamento_carga_pedidos.tentativas + 1, instancia = excluded.instancia,
        iniciado_em = excluded.iniciado_em, concluido_em = null, updated_at = now()
      returning (select situacao from anterior) as anterior`),
  );
  return r?.anterior ?? null;
}

/**
 * An attempt ends. `pendente` with a message: it failed for a transient reason and pg-boss tries
 * it again; the other situations are final until «Reprocessar».
 */
export async function concluiTentativa(
  db: Db,
  k: Chave,
  fim: { situacao: SituacaoRegistro; nota_id: string | null; c_stat: string | null; mensagem: string | null },
): Promise<void> {
  await db.execute(sql`update faturamento_carga_pedidos set situacao = ${fim.situacao},
      nota_id = ${fim.nota_id}, c_stat = ${fim.c_stat}, mensagem = ${fim.mensagem},
      concluido_em = clock_timestamp(), updated_at = now()
    where carga_id = ${k.carga_id} and pedido_id = ${k.pedido_id}`);
}
