import {
  businessToday,
  DASHBOARD_TOP_LIMIT,
  diasDoIntervalo,
  type Intervalo,
  resolverPeriodo,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Jobs } from '../../lib/jobs/jobs.ts';
import { agendaPeriodica } from '../../lib/jobs/periodica.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  apagaBasesDaCurvaVelhas,
  baseDaCurvaValida,
  construirBaseDaCurva,
  type ModeloDaCurva,
} from '../relatorios/curva-abc-base.ts';
import { executaAgrupado } from '../relatorios/vendas-base.ts';
import { CLIENTES, type ModeloDoPainel, PRODUTOS, somasDoPeriodo, umMes } from './somas-do-periodo.ts';

// The bases of the dashboard's long ranges (migration 0085): the products' and customers' sums of the
// days before today computed once, so that a page of 90 days, the year or 365 days reads the base, the
// days from its cut-off on (today's rows) and the past sums of those few keys only — instead of every
// product and customer of the range (~200,000 each for a year at 1 M orders). The answer is the same
// to the cent (comercial-dashboard.service.ts says why; dashboard-bases.test.ts holds it to the plain
// one). A base holds while nothing before its cut-off changed (`versao`, kept by triggers); a stale
// or missing base only means the page computes the whole range, as without bases.
//
// Built by every server with the job queue (decision record 0012): at start and every minute the
// long periods of today (30 and 90 days, the year) when theirs is missing or stale, and any other range
// a page asked for and did not find (personalizado). Never in a request's transaction (reports read,
// never write): the request only leaves the range in this process's queue.
// The Curva ABC's bases (the whole curve, migration 0086: curva-abc-base.ts) share the frontier, the
// version and the sweep; they are built on demand only.

/** The dashboard's bases: the count and the top keys of a range. */
export type ModeloDoTopo = 'produtos' | 'clientes';
export type ModeloBase = ModeloDoTopo | ModeloDaCurva;

const MODELOS: Record<ModeloDoTopo, ModeloDoPainel> = { produtos: PRODUTOS, clientes: CLIENTES };
const doTopo = (m: ModeloBase): m is ModeloDoTopo => m in MODELOS;

/** Below this many days before today a range is read whole (a base would save little). */
export const BASE_MIN_DIAS = 28;

/** A transaction that may have read the old frontier is waited for this long at most (then: next beat). */
const ESPERA_MAX_MS = 30_000;

/**
 * The part of a range a base answers: its days before today, `[inicio, min(fim, hoje))`, when there
 * are at least BASE_MIN_DIAS of them; else null (the range is read whole). A range past its end is
 * all base. One calendar month has none: its month rows and their index answer it.
 */
export function passadoDe(r: Intervalo, hoje: string): Intervalo | null {
  if (umMes(r)) return null;
  const corte = r.fim < hoje ? r.fim : hoje;
  if (corte <= r.inicio || diasDoIntervalo(r.inicio, corte) < BASE_MIN_DIAS) return null;
  return { inicio: r.inicio, fim: corte };
}

/** The long periods of the selector on a day (30 and 90 days, the year): the bases the sweep keeps. */
export function periodosDoDia(hoje: string): Intervalo[] {
  const out: Intervalo[] = [];
  for (const p of ['30d', '90d', 'ano'] as const) {
    const passado = passadoDe(resolverPeriodo(p, hoje).atual, hoje);
    if (passado) out.push(passado);
  }
  return out;
}

/**
 * The CTEs of a range read through its base (`passado` = passadoDe(r, hoje)), ending in `c`: one row
 * per key of the base's top or sold from the cut-off on — `chave`, `valor` (cents) and `presenca` over
 * the whole range, and `presenca_antes` (before the cut-off). `b` is the base when valid (no row when
 * missing or stale). Every key outside `c` sold in the range exactly what it sold before the cut-off,
 * strictly less than the base's last top value: so the top keys of `c` are the range's (ties broken by
 * key, as everywhere), and the range's count is the base's plus, over `c`, the keys that start to
 * count from the cut-off on.
 */
export function ctesDaBase(modelo: ModeloDoTopo, r: Intervalo, passado: Intervalo): SQL {
  const m = MODELOS[modelo];
  const chave = sql.raw(m.ano.chave);
  const presenca = sql.raw(m.ano.presenca);
  const base = sql`
    b as (select x.contagem, x.chaves, x.valores, x.presencas
          from dashboard_bases x join dashboard_bases_estado e on e.versao = x.versao
          where x.modelo = ${modelo} and x.inicio = ${passado.inicio}::date and x.corte = ${passado.fim}::date),
    bl as (select u.chave, u.valor, u.presenca
           from b, unnest(b.chaves, b.valores, b.presencas) as u(chave, valor, presenca))`;
  if (r.fim <= passado.fim)
    return sql`${base},
    c as (select chave, valor, presenca, presenca as presenca_antes from bl)`;
  // the days from the cut-off on (today's; a future-dated order's too), and what the keys sold there
  // that are not in the base's top had sold before it (through their keys: a few thousand rows a day)
  return sql`${base},
    l as (select ${chave} as chave, sum((valor * 100)::bigint)::bigint as valor, sum(${presenca})::int as presenca
          from ${sql.raw(m.dia)}
          where dia >= ${passado.fim}::date and dia < ${r.fim}::date
          group by ${chave}),
    p as (select s.${chave} as chave, s.valor, s.${presenca} as presenca
          from (${somasDoPeriodo(m, passado, sql`select l.chave from l where not exists (select 1 from bl where bl.chave = l.chave)`)}) s),
    c as (select coalesce(bl.chave, l.chave) as chave,
            coalesce(bl.valor, p.valor, 0) + coalesce(l.valor, 0) as valor,
            coalesce(bl.presenca, p.presenca, 0) + coalesce(l.presenca, 0) as presenca,
            coalesce(bl.presenca, p.presenca, 0) as presenca_antes
          from bl full join l on l.chave = bl.chave
          left join p on p.chave = l.chave)`;
}

/** True when the base of `passado` exists and is valid (nothing before its cut-off changed since). */
export async function baseValida(db: Db, modelo: ModeloBase, passado: Intervalo): Promise<boolean> {
  if (!doTopo(modelo)) return baseDaCurvaValida(db, modelo, passado);
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select exists (
      select 1 from dashboard_bases x join dashboard_bases_estado e on e.versao = x.versao
      where x.modelo = ${modelo} and x.inicio = ${passado.inicio}::date and x.corte = ${passado.fim}::date) as ok`),
  );
  return row!.ok;
}

/**
 * Computes and stores the base of `passado` ([inicio, corte)). First the frontier moves up to the
 * cut-off (from then on, a write before it counts in `versao`), and every transaction that may have
 * read the old frontier — started before it moved, with a margin for its commit — is waited for:
 * such a writer could change a day before the cut-off without counting it. Then one statement (one
 * snapshot) reads `versao` and every key's sums and writes the base. Answers false when a transaction
 * kept running past ESPERA_MAX_MS (the next beat tries again).
 */
export async function construirBase(db: Db, modelo: ModeloBase, passado: Intervalo): Promise<boolean> {
  const [estado] = rowsOf<{ desde: string }>(
    await db.execute(sql`update dashboard_bases_estado set
        fronteira_desde = case when fronteira is null or fronteira < ${passado.fim}::date
          then clock_timestamp() else fronteira_desde end,
        fronteira = greatest(fronteira, ${passado.fim}::date)
      returning fronteira_desde::text as desde`),
  );
  const limite = Date.now() + ESPERA_MAX_MS;
  for (;;) {
    const [r] = rowsOf<{ antigas: boolean }>(
      await db.execute(sql`select exists (
        select 1 from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
          and xact_start < ${estado!.desde}::timestamptz + interval '5 seconds') as antigas`),
    );
    if (!r!.antigas) break;
    if (Date.now() > limite) return false;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  if (doTopo(modelo)) await executaAgrupado(db, insercaoDoTopo(modelo, passado), { pelasSomas: true });
  else await construirBaseDaCurva(db, modelo, passado);
  return true;
}

/** The statement that computes and stores a dashboard base (one snapshot: `versao` read with the sums). */
function insercaoDoTopo(modelo: ModeloDoTopo, passado: Intervalo): SQL {
  const m = MODELOS[modelo];
  const chave = sql.raw(m.ano.chave);
  const presenca = sql.raw(m.ano.presenca);
  return sql`
    with e as (select versao from dashboard_bases_estado),
    pa as (select u.${chave} as chave, u.valor, u.${presenca} as presenca
           from (${somasDoPeriodo(m, passado)}) u where u.${presenca} > 0),
    t as (select chave, valor, presenca from pa order by valor desc fetch first ${DASHBOARD_TOP_LIMIT} rows with ties)
    insert into dashboard_bases as x (modelo, inicio, corte, versao, contagem, chaves, valores, presencas)
    select ${modelo}, ${passado.inicio}::date, ${passado.fim}::date, e.versao, (select count(*) from pa)::int,
      coalesce((select array_agg(chave order by valor desc, chave) from t), '{}'),
      coalesce((select array_agg(valor order by valor desc, chave) from t), '{}'),
      coalesce((select array_agg(presenca order by valor desc, chave) from t), '{}')
    from e
    on conflict (modelo, inicio, corte) do update set versao = excluded.versao, contagem = excluded.contagem,
      chaves = excluded.chaves, valores = excluded.valores, presencas = excluded.presencas, calculada_em = now()`;
}

/** Stale bases, and those not rebuilt for two days (ranges nobody asks for any more), go. */
export async function apagaBasesVelhas(db: Db): Promise<void> {
  await db.execute(sql`delete from dashboard_bases
    where versao < (select versao from dashboard_bases_estado) or calculada_em < now() - interval '2 days'`);
  await apagaBasesDaCurvaVelhas(db);
}

type Pedido = { modelo: ModeloBase; passado: Intervalo };
const chaveDo = (p: Pedido) => `${p.modelo}|${p.passado.inicio}|${p.passado.fim}`;

/** Each database's sweep (agendaBasesDoPainel), for the pages that missed a base (pedirBase). */
const pedidosPorDb = new WeakMap<Db, (p: Pedido) => void>();

/**
 * A page read a range whole for want of its base: the sweep of this process builds it next (none
 * without the job queue — tests build theirs).
 */
export function pedirBase(db: Db, modelo: ModeloBase, passado: Intervalo): void {
  pedidosPorDb.get(db)?.({ modelo, passado });
}

/**
 * Keeps the bases of today's long periods at start and every `intervaloMs`, and builds the ones pages
 * ask for as soon as asked; a failure is logged and retried at the next beat. When the queue stops the
 * sweep stops between two bases, and a build cut short by the database closing is not an error (a base
 * is written in one statement: nothing half-written; a curve's old base may be gone, read whole then).
 */
export function agendaBasesDoPainel(db: Db, jobs: Jobs, logger: Logger, intervaloMs = 60_000): void {
  const pedidos = new Map<string, Pedido>();
  let rodando = false;
  let parado = false;
  const roda = async () => {
    if (rodando || parado) return;
    rodando = true;
    try {
      const hoje = businessToday();
      for (const passado of periodosDoDia(hoje))
        for (const modelo of ['produtos', 'clientes'] as const)
          pedidos.set(chaveDo({ modelo, passado }), { modelo, passado });
      for (const [k, p] of pedidos) {
        if (parado) return;
        pedidos.delete(k);
        if (await baseValida(db, p.modelo, p.passado)) continue;
        const inicio = Date.now();
        if (await construirBase(db, p.modelo, p.passado))
          logger.info({ base: k, ms: Date.now() - inicio }, 'painel: base calculada');
      }
      if (!parado) await apagaBasesVelhas(db);
    } catch (err) {
      if (parado) logger.debug({ err: (err as Error).message }, 'painel: bases interrompidas pela parada');
      else logger.error({ err: (err as Error).message }, 'painel: bases falharam');
    } finally {
      rodando = false;
    }
    if (pedidos.size && !parado) void roda();
  };
  pedidosPorDb.set(db, (p) => {
    pedidos.set(chaveDo(p), p);
    void roda();
  });
  jobs.aoParar.push(() => {
    parado = true;
    pedidosPorDb.delete(db);
  });
  void agendaPeriodica(jobs, logger, intervaloMs, 'painel: bases falharam', roda);
}
