import { formaPlural, plural } from '@erp/shared';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { type Db, rowsOf } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import type { Deps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { garanteFila, type Jobs } from '../../lib/jobs/jobs.ts';
import { emiteMdfeAutomatico } from '../mdfe/emissao-mdfe.service.ts';
import { emiteNotaDoPedido } from '../notasfiscais/emissao.service.ts';
import { consultaNota, transmiteNota } from '../notasfiscais/transmissao.service.ts';
import { transitaCargaEm } from './cargas.service.ts';
import {
  concluiTentativa,
  desfazPendente,
  iniciaTentativa,
  registraPendente,
  registraReprocessamento,
} from './faturamento-registro.ts';
import { agendaRetomada } from './faturamento-retomada.ts';
import {
  type FaturamentoPedido,
  type LinhaProgresso,
  mensagemTentativaInterrompida,
  type SituacaoPedido,
  situacaoFaturamento,
} from './faturamento-situacao.ts';

export type { FaturamentoPedido, SituacaoPedido };

// «Faturar carga» (README, issue 21 step 4): one pg-boss job per order of the load, job id = the
// pedido_id (a second «Faturar carga» queues nothing new). The worker re-reads the order: an
// authorised note → done; else it emits the note (when the order has no live note) and transmits
// it. Each attempt's start and end are recorded per order (`faturamento_carga_pedidos`); the
// progress is read from there and the orders' notes. When every order's note is authorised the
// load becomes faturada (its status service, audited).

export const FILA_FATURAMENTO = 'faturar-pedido';

export const faturamentoMensagens = {
  filaParada: 'A fila de processamento não está disponível. Tente novamente em instantes.',
  cargaNaoEncontrada: 'Carga não encontrada.',
  cargaNaoConferida: (status: string) =>
    `Só uma carga conferida pode ser faturada (esta está ${status.replace('_', ' ')}).`,
  pedidosNaoConferidos: (n: number) =>
    `${plural(n, 'pedido', 'pedidos')} da carga ainda ${formaPlural(n, 'não foi conferido', 'não foram conferidos')}.`,
  pedidoForaDaCarga: 'O pedido não pertence a esta carga.',
  jaAutorizado: 'A nota fiscal deste pedido já foi autorizada.',
  emProcessamento: 'Este pedido já está na fila de faturamento.',
  novaTentativa: (motivo: string) => `Nova tentativa em instantes: ${motivo}`,
  tentativaInterrompida: mensagemTentativaInterrompida,
};

type DadosJob = { pedido_id: string; carga_id: string; user_id: string | null; email: string | null };
export type ResultadoJob = {
  status: 'autorizada' | 'rejeitada' | 'erro';
  nota_id: string | null;
  c_stat: string | null;
  mensagem: string | null;
};

const opcoesJob = (pedidoId: string): PgBoss.SendOptions => ({
  id: pedidoId,
  // transient failures (SEFAZ or database unavailable) are tried again; a rejection is not
  retryLimit: 2,
  retryDelay: 3,
  expireInSeconds: 300,
});

function filaDe(deps: Deps): Jobs {
  if (!deps.jobs) throw new AppError('unavailable', faturamentoMensagens.filaParada);
  return deps.jobs;
}

type PedidoCarga = { pedido_id: string; numero: number; status: string; sequencia: number };

async function pedidosAtivos(db: Db, cargaId: string): Promise<PedidoCarga[]> {
  return rowsOf<PedidoCarga>(
    await db.execute(sql`select cp.pedido_id, o.numero, o.status, cp.sequencia
      from cargas_pedidos cp join sales_orders o on o.id = cp.pedido_id
      where cp.carga_id = ${cargaId} and cp.ativo order by cp.sequencia`),
  );
}

async function leCarga(db: Db, id: string) {
  const [c] = rowsOf<{ id: string; numero: number; status: string }>(
    await db.execute(sql`select k.id, k.numero, k.status from cargas k where k.id = ${id}`),
  );
  if (!c) throw new AppError('not_found', faturamentoMensagens.cargaNaoEncontrada);
  return c;
}

/** POST /cargas/:id/faturar: one job per order (id = pedido_id); the number of jobs queued now. */
export async function faturaCarga(deps: Deps, actor: Actor, cargaId: string) {
  const c = await leCarga(deps.db, cargaId);
  if (c.status !== 'conferida')
    throw new AppError('conflict', faturamentoMensagens.cargaNaoConferida(c.status), { reason: 'status' });
  const pedidos = await pedidosAtivos(deps.db, cargaId);
  const pendentes = pedidos.filter((p) => !['conferido', 'faturado', 'entregue'].includes(p.status));
  if (pendentes.length)
    throw new AppError('conflict', faturamentoMensagens.pedidosNaoConferidos(pendentes.length), {
      reason: 'conferencia',
    });
  const jobs = filaDe(deps);
  await garanteFila(jobs, FILA_FATURAMENTO);
  let enfileirados = 0;
  for (const p of pedidos) {
    const dados: DadosJob = {
      pedido_id: p.pedido_id,
      carga_id: cargaId,
      user_id: actor.userId,
      email: actor.email ?? null,
    };
    // the row first: a worker may fetch the job the instant it is sent
    const criado = await registraPendente(deps.db, dados);
    let id: string | null;
    try {
      id = await jobs.boss.send(FILA_FATURAMENTO, dados, opcoesJob(p.pedido_id));
    } catch (e) {
      // not queued: no «pendente» left behind (the screen would wait for it forever)
      if (criado) await desfazPendente(deps.db, dados).catch(() => undefined);
      throw e;
    }
    if (id) enfileirados++;
    else if (criado) await desfazPendente(deps.db, dados);
  }
  return { enfileirados, pedidos: pedidos.length };
}

type NotaViva = { id: string; status: string; c_stat: string | null; x_motivo: string | null };

async function notaVivaDoPedido(db: Db, pedidoId: string): Promise<NotaViva | null> {
  const [n] = rowsOf<NotaViva>(
    await db.execute(sql`select n.id, n.status, n.c_stat, n.x_motivo from notas_fiscais n
      where n.pedido_id = ${pedidoId} and n.status not in ('cancelada', 'inutilizada')
      order by n.created_at desc limit 1`),
  );
  return n ?? null;
}

/**
 * The worker's work for one order: idempotent — an authorised note is left as it is; a live note is
 * transmitted (a send without answer is consulted first by the transmission); else the note is
 * emitted first. A rejection completes the job (retry by hand); unavailability throws (pg-boss
 * tries again).
 */
export async function faturaPedido(
  deps: Deps,
  dados: DadosJob,
  opts: { interrompida?: boolean } = {},
): Promise<ResultadoJob> {
  const actor: Actor = { userId: dados.user_id, email: dados.email };
  const { db } = deps;
  let nota = await notaVivaDoPedido(db, dados.pedido_id);
  try {
    if (opts.interrompida && nota?.status === 'assinada') {
      // the previous attempt died, maybe with the note sent and no answer recorded: ask SEFAZ before
      // sending it again (an authorisation found is adopted)
      const c = await consultaNota(db, { config: deps.config, logger: deps.logger }, actor, nota.id);
      nota = { ...nota, status: c.status, c_stat: c.cStat ?? null, x_motivo: c.xMotivo ?? null };
    }
    if (!nota) {
      try {
        await emiteNotaDoPedido(db, actor, deps.config.nfeSchemasDir, { pedido_id: dados.pedido_id });
      } catch (e) {
        // a concurrent worker emitted it: go on with its note
        if (!(e instanceof AppError && e.code === 'conflict')) throw e;
      }
      nota = await notaVivaDoPedido(db, dados.pedido_id);
      if (!nota) throw new AppError('internal', 'nota não encontrada após a emissão');
    }
    if (nota.status === 'assinada' || nota.status === 'rejeitada') {
      const r = await transmiteNota(db, { config: deps.config, logger: deps.logger }, actor, nota.id);
      nota = { id: nota.id, status: r.status, c_stat: r.cStat ?? null, x_motivo: r.xMotivo ?? null };
    }
  } catch (e) {
    // the order or the company cannot be invoiced as they are: no point trying again
    if (e instanceof AppError && (e.code === 'unprocessable' || e.code === 'conflict'))
      return { status: 'erro', nota_id: nota?.id ?? null, c_stat: null, mensagem: e.message };
    throw e;
  }
  if (nota.status === 'autorizada') {
    await concluiFaturamentoDaCarga(deps, actor, dados.carga_id);
    return { status: 'autorizada', nota_id: nota.id, c_stat: nota.c_stat, mensagem: null };
  }
  if (nota.status === 'rejeitada')
    return { status: 'rejeitada', nota_id: nota.id, c_stat: nota.c_stat, mensagem: nota.x_motivo };
  return {
    status: 'erro',
    nota_id: nota.id,
    c_stat: nota.c_stat,
    mensagem: `Nota ${nota.status}${nota.x_motivo ? `: ${nota.x_motivo}` : ''}`,
  };
}

/** Every order of the load with its note authorised → the load faturada (once; audited). */
async function concluiFaturamentoDaCarga(deps: Deps, actor: Actor, cargaId: string) {
  const { db } = deps;
  const [r] = rowsOf<{ faltam: number; status: string }>(
    await db.execute(sql`select k.status, (select count(*)::int from cargas_pedidos cp
        where cp.carga_id = k.id and cp.ativo and not exists (select 1 from notas_fiscais n
          where n.pedido_id = cp.pedido_id and n.status = 'autorizada')) as faltam
      from cargas k where k.id = ${cargaId}`),
  );
  if (r?.status !== 'conferida' || Number(r.faltam) > 0) return;
  try {
    await writeTx(db, actor, (tx) =>
      transitaCargaEm(tx, { ...actor, roles: [] }, cargaId, {
        para: 'faturada',
        motivo: 'Todas as notas fiscais autorizadas',
      }),
    );
  } catch (e) {
    // another worker closed it first
    if (!(e instanceof AppError && e.code === 'conflict')) throw e;
    return;
  }
  await emiteMdfeAutomatico(deps, actor, cargaId);
}

/** Starts the invoicing worker on the queue (main.ts and tests). */
export async function iniciaWorkerFaturamento(
  deps: Deps,
  opts: { pollingIntervalSeconds?: number; lote?: number } = {},
) {
  const jobs = filaDe(deps);
  await garanteFila(jobs, FILA_FATURAMENTO);
  // PGlite has one connection: one order at a time; PostgreSQL works several in parallel
  const lote = opts.lote ?? (jobs.kind === 'pglite' ? 1 : 8);
  await agendaRetomada(deps.db, jobs, FILA_FATURAMENTO, deps.logger);
  let workerId: string | undefined;
  const id = await jobs.boss.work<DadosJob>(
    FILA_FATURAMENTO,
    { batchSize: lote, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, includeMetadata: true },
    async (lista) => {
      const resultados = await Promise.allSettled(
        lista.map(async (j) => {
          const anterior = await iniciaTentativa(deps.db, j.data, jobs.instancia);
          return faturaPedido(deps, j.data, { interrompida: anterior === 'processando' });
        }),
      );
      for (const [i, r] of resultados.entries()) {
        const job = lista[i]!;
        if (r.status === 'fulfilled') {
          await concluiTentativa(deps.db, job.data, { ...r.value, situacao: r.value.status });
          await jobs.boss.complete(FILA_FATURAMENTO, job.id, r.value);
        } else {
          const msg = r.reason instanceof Error ? r.reason.message : String(r.reason);
          deps.logger.warn({ pedido_id: job.data.pedido_id, err: msg }, 'faturamento: tentativa falhou');
          // pg-boss tries it again while retries remain: the order shows as queued, with the reason
          const denovo = job.retryCount < job.retryLimit;
          await concluiTentativa(deps.db, job.data, {
            situacao: denovo ? 'pendente' : 'erro',
            nota_id: null,
            c_stat: null,
            mensagem: denovo ? faturamentoMensagens.novaTentativa(msg) : msg,
          }).catch(() => undefined);
          await jobs.boss.fail(FILA_FATURAMENTO, job.id, { mensagem: msg });
        }
      }
      // pg-boss waits out the polling interval after every fetch, which capped a worker at `lote`
      // notes per interval (bench: 200 orders 26.8 s → 14.4 s at half the interval); a full batch
      // means more may be waiting, so fetch again at once
      if (workerId && lista.length >= lote) jobs.boss.notifyWorker(workerId);
    },
  );
  workerId = id;
  return id;
}

type EstadoJob = { state: string } | null;

async function estadoJob(jobs: Jobs, pedidoId: string): Promise<EstadoJob> {
  const j = await jobs.boss.getJobById(FILA_FATURAMENTO, pedidoId, { includeArchive: true });
  return j ? { state: j.state } : null;
}

/**
 * GET /cargas/:id/faturamento: n of N authorised, each order's situation (rejections with cStat) —
 * one query over the load's orders, their live note and their recorded outcome.
 */
export async function progressoFaturamento(deps: Deps, cargaId: string) {
  const c = await leCarga(deps.db, cargaId);
  const linhas = rowsOf<PedidoCarga & LinhaProgresso>(
    await deps.db.execute(sql`select cp.pedido_id, o.numero, o.status, cp.sequencia,
        n.id as nota_id, n.status as nota_status, n.c_stat as nota_c_stat, n.x_motivo,
        f.situacao as registro, f.c_stat, f.mensagem, f.tentativas, f.iniciado_em
      from cargas_pedidos cp join sales_orders o on o.id = cp.pedido_id
      left join lateral (select n.id, n.status, n.c_stat, n.x_motivo from notas_fiscais n
          where n.pedido_id = cp.pedido_id and n.status not in ('cancelada', 'inutilizada')
          order by n.created_at desc limit 1) n on true
      left join faturamento_carga_pedidos f on f.carga_id = cp.carga_id and f.pedido_id = cp.pedido_id
      where cp.carga_id = ${cargaId} and cp.ativo order by cp.sequencia`),
  );
  const agora = Date.now();
  const itens: FaturamentoPedido[] = linhas.map((l) => ({
    pedido_id: l.pedido_id,
    numero: Number(l.numero),
    sequencia: l.sequencia,
    ...situacaoFaturamento(l, agora),
  }));
  const conta = (s: SituacaoPedido) => itens.filter((i) => i.situacao === s).length;
  const autorizadas = conta('autorizada');
  return {
    carga: { id: c.id, numero: Number(c.numero), status: c.status },
    total: itens.length,
    autorizadas,
    rejeitadas: conta('rejeitada'),
    erros: conta('erro'),
    // queued or being worked — or every note authorised and the load not yet closed (the last
    // worker is committing the load's faturada)
    em_andamento:
      itens.some((i) => i.na_fila) ||
      (itens.length > 0 && autorizadas === itens.length && c.status === 'conferida'),
    pedidos: itens,
  };
}

/** POST /cargas/:id/faturamento/:pedidoId/reprocessar: the order's job queued again (same id). */
export async function reprocessaPedido(deps: Deps, actor: Actor, cargaId: string, pedidoId: string) {
  await leCarga(deps.db, cargaId);
  const pedidos = await pedidosAtivos(deps.db, cargaId);
  if (!pedidos.some((p) => p.pedido_id === pedidoId))
    throw new AppError('not_found', faturamentoMensagens.pedidoForaDaCarga);
  const nota = await notaVivaDoPedido(deps.db, pedidoId);
  if (nota?.status === 'autorizada') throw new AppError('conflict', faturamentoMensagens.jaAutorizado);
  const jobs = filaDe(deps);
  await garanteFila(jobs, FILA_FATURAMENTO);
  const job = await estadoJob(jobs, pedidoId);
  if (job && ['created', 'retry', 'active'].includes(job.state))
    throw new AppError('conflict', faturamentoMensagens.emProcessamento);
  if (job) await jobs.boss.deleteJob(FILA_FATURAMENTO, pedidoId);
  const dados: DadosJob = {
    pedido_id: pedidoId,
    carga_id: cargaId,
    user_id: actor.userId,
    email: actor.email ?? null,
  };
  await registraReprocessamento(deps.db, dados);
  await jobs.boss.send(FILA_FATURAMENTO, dados, opcoesJob(pedidoId));
  return progressoFaturamento(deps, cargaId);
}
