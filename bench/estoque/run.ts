// Stock benchmark (issue 12) on PostgreSQL, database erp_bench_estoque: 100,000 products, 3 locations,
// 5,000,000 ledger rows (dataset.ts, generated in SQL when missing).
//  1. Posição de Estoque first pages with a filter, the Kardex first page of a product with 10,000
//     rows and the dashboard's stock block, through the real HTTP app in-process (app.request:
//     session check + zod validation + SQL + JSON), one request at a time, in rounds.
//  2. 8 concurrent writers posting through the real ledger services — one movement per transaction
//     (registraEntrada/registraSaida in a writeTx, registraTransferencia) and 5-item documents
//     (lancaNoRazao) — with the dashboard's stock summary trigger off, on one hot row, and in its
//     16 slices (as shipped).
//  3. The ledger checked in SQL (verificaRazao's rules): every balance = the sum of its rows, every
//     product = the sum of its balances, reservations = reserved, nothing available negative, and
//     the stock summary = its recomputation.
// Writes the "## Estoque" section of docs/benchmarks.md.
//   npm run bench:estoque        (generates the data set when missing; drops the database at the end)
//   npx tsx bench/estoque/run.ts [--scale 1] [--regenerate] [--rounds 5] [--iterations 20]
//     [--writer-seconds 15] [--writers 8] [--no-write] [--drop]
//   npm run bench:estoque -- --only ajustes [--ajustes-seconds 15] [--ajustes-rounds 3]: only the
//     ajustes through the API against their SQL (issue 30, ajustes-http.ts; also part of the full
//     run), written to its own section
//   Partial runs while working on the module (nothing written to docs/benchmarks.md):
//     [--reads posicao,kardex,dashboard | none] [--cycle sliced,off,single] [--itens 1,5]
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import type { Transferencia } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../apps/server/src/db/client.ts';
import { type Actor, writeTx } from '../../apps/server/src/lib/audit-context.ts';
import { AppError } from '../../apps/server/src/lib/errors.ts';
import {
  registraEntrada,
  registraSaida,
  registraTransferencia,
} from '../../apps/server/src/modules/estoque/movimentos.service.ts';
import { type Lancamento, lancaNoRazao } from '../../apps/server/src/modules/estoque/razao.service.ts';
import { benchApp, benchUser as benchUserWithRole } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';
import { ajustesReport, benchAjustesHttp } from './ajustes-http.ts';
import { grupoCodigo } from './dataset.ts';
import { argValue, DB_NAME, dropBenchDatabase, openBenchDatabase } from './db.ts';

const SCALE = Number(argValue('scale') ?? '1');
const ROUNDS = Number(argValue('rounds') ?? '5');
const ITERATIONS = Number(argValue('iterations') ?? '20');
const WRITERS = Number(argValue('writers') ?? '8');
const WRITER_SECONDS = Number(argValue('writer-seconds') ?? '15');
/** Partial runs: the read groups, the writer cycle and workloads (default: everything). */
const listArg = (name: string) => argValue(name)?.split(',').filter(Boolean);
const READ_GROUPS = listArg('reads');
const CYCLE = listArg('cycle')?.filter((m): m is Mode => ['off', 'single', 'sliced'].includes(m));
const ITENS = listArg('itens')?.map(Number);
const PARTIAL = !!(READ_GROUPS || CYCLE || ITENS);
/** `--only ajustes`: just the ajustes through the API (issue 30), and its own section. */
const ONLY = argValue('only');
const AJUSTES_TITLE = 'Estoque: ajustes through the API';
// another address lets two runs share the database (a run signs its own user's sessions out)
const EMAIL = process.env.BENCH_EMAIL ?? 'bench.estoque@bench.erp.br';

type Stat = { p50: number; p95: number; max: number; n: number };
function stats(samples: number[]): Stat {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1]!, n: s.length };
}
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (n: number) => n.toFixed(1);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/** Deterministic PRNG (mulberry32), so every run posts the same sequence per writer. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Ids = {
  locais: Record<'DEP' | 'SEP' | 'AVA', string>;
  grupo: string;
  kardex: string;
  produtos: number;
};

const benchUser = (database: Database) => benchUserWithRole(database, EMAIL, 'estoque');

// ---------------------------------------------------------------------------------------------
// 1. Reads

/** `extra`: measured for information, outside the issue's target (which is about the product's first page). */
type Scenario = { group: string; name: string; url: string; extra?: boolean };

function scenarios(ids: Ids): Scenario[] {
  const p = '/api/estoque/posicao';
  const k = `/api/estoque/produtos/${ids.kardex}/kardex`;
  return [
    { group: 'posicao', name: 'busca "arroz camil" (ordem por nome)', url: `${p}?q=arroz%20camil` },
    { group: 'posicao', name: `grupo ${grupoCodigo(2)} (ordem por nome)`, url: `${p}?grupo_id=${ids.grupo}` },
    { group: 'posicao', name: 'situação abaixo do mínimo', url: `${p}?situacao=abaixo_minimo` },
    { group: 'posicao', name: 'local Separação', url: `${p}?local_id=${ids.locais.SEP}` },
    {
      group: 'posicao',
      name: 'busca "cafe" + acima do máximo, ordem por valor desc',
      url: `${p}?q=cafe&situacao=acima_maximo&sort=valor&dir=desc`,
    },
    {
      group: 'posicao',
      name: `grupo ${grupoCodigo(2)} + local Depósito, ordem por saldo desc`,
      url: `${p}?grupo_id=${ids.grupo}&local_id=${ids.locais.DEP}&sort=saldo&dir=desc`,
    },
    { group: 'kardex', name: 'P000001, mais recentes primeiro', url: `${k}?dir=desc` },
    { group: 'kardex', name: 'P000001, mais antigos primeiro', url: k },
    {
      group: 'kardex',
      name: 'P000001, local Separação (saldo do local)',
      extra: true,
      url: `${k}?local_id=${ids.locais.SEP}&dir=desc`,
    },
    {
      group: 'kardex',
      name: 'P000001, tipo Saída, mais recentes primeiro',
      extra: true,
      url: `${k}?tipo=saida&dir=desc`,
    },
    { group: 'dashboard', name: 'GET /api/dashboard/estoque (cartões)', url: '/api/dashboard/estoque' },
    {
      group: 'dashboard',
      name: 'GET /api/dashboard/estoque/abaixo-minimo',
      extra: true,
      url: '/api/dashboard/estoque/abaixo-minimo',
    },
    {
      group: 'dashboard',
      name: 'GET /api/dashboard/estoque/acima-maximo',
      extra: true,
      url: '/api/dashboard/estoque/acima-maximo',
    },
    {
      group: 'dashboard',
      name: 'GET /api/dashboard/estoque/valor',
      url: '/api/dashboard/estoque/valor',
      extra: true,
    },
  ];
}

/** The stock cards as computed before the read model: one pass over every active product. */
const CARDS_AGGREGATE = sql`
  select x.total_produtos,
    (select count(*)::int from products where ativo and estoque_atual <= estoque_minimo) as abaixo_minimo,
    round(x.valor, 2)::text as valor_total,
    (select count(*)::int from products where ativo and estoque_maximo > 0 and estoque_atual >= estoque_maximo) as acima_maximo
  from (select count(*)::int as total_produtos,
               coalesce(sum(estoque_atual * preco_custo) filter (where estoque_atual > 0), 0) as valor
        from products where ativo) x`;
const CARDS_READ_MODEL = sql`
  select coalesce(sum(produtos), 0)::int as total_produtos, coalesce(sum(abaixo_minimo), 0)::int as abaixo_minimo,
         round(coalesce(sum(valor), 0), 2)::text as valor_total, coalesce(sum(acima_maximo), 0)::int as acima_maximo
  from dashboard_estoque_resumo`;

type ReadResult = Scenario & { stat: Stat; roundP95: number[]; total: number | string };

async function benchReads(
  database: Database,
  request: (url: string) => Promise<Response>,
  list: Scenario[],
): Promise<{
  results: ReadResult[];
  sqlOnly: { name: string; stat: Stat; roundP95: number[] }[];
  loads: string[];
}> {
  const samples = new Map<string, number[]>(list.map((s) => [s.url, []]));
  const roundP95 = new Map<string, number[]>(list.map((s) => [s.url, []]));
  const totals = new Map<string, number | string>();
  const sqlSamples = { aggregate: [] as number[], readModel: [] as number[] };
  const sqlRounds = { aggregate: [] as number[], readModel: [] as number[] };
  const loads: string[] = [];
  let cardsAggregate = '';
  let cardsReadModel = '';
  for (let round = 0; round < ROUNDS; round++) {
    loads.push(load());
    for (const s of list) {
      for (let i = 0; i < 3; i++) await (await request(s.url)).arrayBuffer(); // warm-up
      const here: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        const t0 = performance.now();
        const res = await request(s.url);
        const body = (await res.json()) as { total?: number; total_produtos?: number; linhas?: unknown[] };
        here.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${s.url}: HTTP ${res.status} ${JSON.stringify(body)}`);
        totals.set(s.url, body.total ?? body.total_produtos ?? body.linhas?.length ?? '');
      }
      samples.get(s.url)!.push(...here);
      roundP95.get(s.url)!.push(stats(here).p95);
    }
    // the cards SQL with the dashboard's reads (a partial run without them may share the database
    // with a writing one, and the two paths would be read at different moments)
    for (const [key, query] of list.some((s) => s.group === 'dashboard')
      ? ([
          ['aggregate', CARDS_AGGREGATE],
          ['readModel', CARDS_READ_MODEL],
        ] as const)
      : []) {
      const here: number[] = [];
      for (let i = 0; i < ITERATIONS + 3; i++) {
        const t0 = performance.now();
        const rows = rowsOf<Record<string, unknown>>(await database.db.execute(query));
        if (i >= 3) here.push(performance.now() - t0);
        if (key === 'aggregate') cardsAggregate = JSON.stringify(rows[0]);
        else cardsReadModel = JSON.stringify(rows[0]);
      }
      sqlSamples[key].push(...here);
      sqlRounds[key].push(stats(here).p95);
    }
    console.log(`leituras: rodada ${round + 1}/${ROUNDS} (carga ${loads.at(-1)})`);
  }
  if (cardsAggregate !== cardsReadModel)
    throw new Error(`cartões diferem: agregado ${cardsAggregate} × modelo ${cardsReadModel}`);
  console.log(`cartões (iguais nos dois caminhos): ${cardsReadModel}`);
  return {
    results: list.map((s) => ({
      ...s,
      stat: stats(samples.get(s.url)!),
      roundP95: roundP95.get(s.url)!,
      total: totals.get(s.url) ?? '',
    })),
    sqlOnly: [
      {
        name: 'before: one aggregate over every active product',
        stat: stats(sqlSamples.aggregate),
        roundP95: sqlRounds.aggregate,
      },
      {
        name: 'now: sum of the 16 slices of dashboard_estoque_resumo',
        stat: stats(sqlSamples.readModel),
        roundP95: sqlRounds.readModel,
      },
    ],
    loads,
  };
}

// ---------------------------------------------------------------------------------------------
// 2. Writers

type Mode = 'off' | 'single' | 'sliced';
const MODE_LABEL: Record<Mode, string> = {
  off: 'no stock summary (trigger disabled)',
  single: 'summary on one hot row',
  sliced: 'summary in 16 slices, SKIP LOCKED (as shipped)',
};

type WriterRun = {
  mode: Mode;
  /** lançamentos per transaction: 1 = one movement (entrada, saída or transferência) per call */
  itens: number;
  writers: number;
  /** CPU time of this Node process (the app's services, drizzle, pg) per transaction, ms */
  nodeCpuPerTx: number;
  /** CPU time of the PostgreSQL server's processes (backends, WAL writer…) per transaction, ms; null when not local */
  pgCpuPerTx: number | null;
  /** CPU time of the whole machine (every process, kernel) per transaction, ms: the other engineers' share too */
  machineCpuPerTx: number;
  seconds: number;
  movements: number;
  operations: number;
  refused: number;
  errors: Record<string, number>;
  latency: Stat;
  load: string;
};

/** Switches the products trigger to `mode` in the bench database (restored to 'sliced' at the end). */
async function setMode(database: Database, mode: Mode, original: string) {
  await database.exec('alter table products enable trigger dashboard_estoque_upd');
  if (mode === 'off') await database.exec('alter table products disable trigger dashboard_estoque_upd');
  if (mode === 'single') {
    const single = original
      .replace('FOR UPDATE SKIP LOCKED', 'FOR UPDATE')
      .replaceAll('pg_backend_pid() % 16', '0');
    if (single === original || single.includes('SKIP LOCKED') || single.includes('pg_backend_pid()'))
      throw new Error('dashboard_estoque_aplicar() mudou: ajuste o modo "single" do benchmark');
    await database.exec(single);
  } else await database.exec(original);
}

async function runWriters(
  database: Database,
  actor: Actor,
  ids: Ids,
  mode: Mode,
  seed: number,
  itens: number,
  writers = WRITERS,
): Promise<WriterRun> {
  const { db } = database;
  const hot = 10; // the Kardex products: big stock, and every writer keeps coming back to them
  const deadline = performance.now() + WRITER_SECONDS * 1000;
  let movements = 0;
  let operations = 0;
  let refused = 0;
  const errors: Record<string, number> = {};
  const latencies: number[] = [];
  const loadAt = load();
  const pg0 = postgresProcesses();
  const machine0 = machineCpu();
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const writer = async (w: number) => {
    const rnd = prng(seed * 1000 + w);
    const produto = () => {
      const p = rnd() < 0.3 ? 1 + Math.floor(rnd() * hot) : 1 + Math.floor(rnd() * ids.produtos);
      const custo = ((((p * 7919) % 20000) + 100) * (0.9 + rnd() * 0.2)) / 100;
      return { produtoId: md5Uuid(`p${p}`), custo: custo.toFixed(2) };
    };
    while (performance.now() < deadline) {
      const [a, b] = rnd() < 0.5 ? (['DEP', 'SEP'] as const) : (['SEP', 'DEP'] as const);
      const kind = rnd();
      const origemId = `BENCH-${seed}-${w}-${operations}`;
      const t0 = performance.now();
      try {
        let rows: unknown[];
        if (itens > 1) {
          // a document: a nota de entrada or a pedido of `itens` products, posted at once
          const entrada = kind < 0.5;
          const lancamentos: Lancamento[] = Array.from({ length: itens }, () => {
            const { produtoId, custo } = produto();
            const chave = { produtoId, localId: ids.locais[a], loteId: null };
            return entrada
              ? {
                  op: {
                    tipo: 'entrada',
                    chave,
                    quantidade: String(1 + Math.floor(rnd() * 20)),
                    custoUnitario: custo,
                  },
                  meta: { origem: 'nota_entrada', origemId },
                }
              : {
                  op: { tipo: 'saida', chave, quantidade: String(1 + Math.floor(rnd() * 10)) },
                  meta: { origem: 'pedido', origemId },
                };
          });
          rows = await writeTx(db, actor, (tx) => lancaNoRazao(tx, actor, lancamentos));
        } else if (kind < 0.45) {
          const { produtoId, custo } = produto();
          const quantidade = String(1 + Math.floor(rnd() * 20));
          rows = await writeTx(db, actor, (tx) =>
            registraEntrada(
              tx,
              actor,
              { produtoId, localId: ids.locais[a], quantidade, custoUnitario: custo },
              { origem: 'nota_entrada', origemId },
            ),
          );
        } else if (kind < 0.85) {
          const { produtoId } = produto();
          const quantidade = String(1 + Math.floor(rnd() * 10));
          rows = await writeTx(db, actor, (tx) =>
            registraSaida(
              tx,
              actor,
              { produtoId, localId: ids.locais[a], quantidade },
              { origem: 'pedido', origemId },
            ),
          );
        } else {
          const input: Transferencia = {
            produto_id: produto().produtoId,
            lote_id: null,
            origem_id: ids.locais[a],
            destino_id: ids.locais[b],
            quantidade: String(1 + Math.floor(rnd() * 5)),
            observacao: null,
          };
          rows = await registraTransferencia(db, actor, input);
        }
        movements += rows.length;
        operations++;
      } catch (err) {
        if (err instanceof AppError && err.code === 'unprocessable') refused++;
        else {
          const e = err as { code?: string; cause?: { code?: string } };
          const code = e.cause?.code ?? e.code ?? 'erro';
          errors[code] = (errors[code] ?? 0) + 1;
          if (Object.values(errors).reduce((x, y) => x + y, 0) <= 3) console.error(err);
        }
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const pgCpu = await postgresCpuDesde(database, pg0);
  const transactions = Math.max(1, operations + refused);
  return {
    nodeCpuPerTx: (cpu.user + cpu.system) / 1000 / transactions,
    pgCpuPerTx: pgCpu === null ? null : pgCpu / transactions,
    machineCpuPerTx: (machineCpu() - machine0) / transactions,
    mode,
    itens,
    writers,
    seconds,
    movements,
    operations,
    refused,
    errors,
    latency: stats(latencies),
    load: loadAt,
  };
}

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU time (ms) of every PostgreSQL server process on this machine, by pid, from /proc. */
function postgresProcesses(): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // the process ended meanwhile
    }
  }
  return cpu;
}

/**
 * The CPU (ms) the PostgreSQL server spent for this database between `antes` and now: its backends
 * (the writers' pool) and the server's own processes (WAL writer, checkpointer…) — not the other
 * databases' backends (other engineers' tests share the server). Null when the server's processes
 * are not readable here (a remote server).
 */
async function postgresCpuDesde(database: Database, antes: Map<number, number>): Promise<number | null> {
  if (!antes.size) return null;
  const agora = postgresProcesses();
  const pids = rowsOf<{ pid: number }>(
    await database.db.execute(sql`select pid from pg_stat_activity
      where datname = current_database() or backend_type not in ('client backend', 'autovacuum worker')`),
  ).map((r) => Number(r.pid));
  let total = 0;
  for (const pid of pids) if (agora.has(pid)) total += agora.get(pid)! - (antes.get(pid) ?? 0);
  return total;
}

/** CPU time (ms) the whole machine spent busy (every core, every process, the kernel). */
function machineCpu(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = ticks.map(Number);
  // user nice system idle iowait irq softirq steal
  return (n[0]! + n[1]! + n[2]! + n[5]! + n[6]! + n[7]!) * TICK_MS;
}

/** The data set's product id of `text` ('p' || n): md5 with the UUID version and variant digits. */
function md5Uuid(text: string): string {
  const m = createHash('md5').update(text).digest('hex');
  const h = `${m.slice(0, 12)}4${m.slice(13, 16)}8${m.slice(17)}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// 3. The ledger's invariants in SQL

const CHECKS: { name: string; query: ReturnType<typeof sql> }[] = [
  {
    name: 'balances ≠ sum of their ledger rows',
    query: sql`select count(*)::int as n from estoque_saldos s
      full join (select product_id, local_id, lote_id, sum(quantidade) as q from estoque_movimentos group by 1, 2, 3) m
        on m.product_id = s.produto_id and m.local_id = s.local_id and m.lote_id is not distinct from s.lote_id
      where coalesce(s.saldo, 0) <> coalesce(m.q, 0) or s.id is null`,
  },
  {
    name: 'products whose estoque_atual ≠ sum of their balances',
    query: sql`select count(*)::int as n from products p
      left join (select produto_id, sum(saldo) as saldo, sum(reservado) as reservado from estoque_saldos group by 1) s
        on s.produto_id = p.id
      where p.estoque_atual <> coalesce(s.saldo, 0) or p.estoque_reservado <> coalesce(s.reservado, 0)`,
  },
  {
    name: 'balances whose reservado ≠ sum of their reservations',
    query: sql`select count(*)::int as n from estoque_saldos s
      left join (select produto_id, local_id, lote_id, sum(quantidade) as q from estoque_reservas group by 1, 2, 3) r
        on r.produto_id = s.produto_id and r.local_id = s.local_id and r.lote_id is not distinct from s.lote_id
      where s.reservado <> coalesce(r.q, 0)`,
  },
  {
    name: 'balances with disponível (saldo − reservado) < 0 or reservado < 0',
    query: sql`select count(*)::int as n from estoque_saldos where saldo - reservado < 0 or reservado < 0`,
  },
  {
    name: "products whose last ledger row's saldo_produto ≠ estoque_atual",
    query: sql`select count(*)::int as n from products p
      join lateral (select m.saldo_produto from estoque_movimentos m where m.product_id = p.id
                    order by m.ocorrido_em desc, m.id desc limit 1) u on true
      where u.saldo_produto <> p.estoque_atual`,
  },
  {
    // the totals the Posição shows for a location alone, kept by the ledger (migration 0036)
    name: 'locations whose kept totals (estoque_totais_local) ≠ their recomputation',
    query: sql`select count(*)::int as n from locais_estoque l
      left join (select local_id, sum(produtos) as produtos, sum(saldo) as saldo, sum(valor) as valor
                 from estoque_totais_local group by 1) k on k.local_id = l.id
      left join (select x.local_id, count(*) filter (where p.ativo or x.saldo <> 0) as produtos,
                        sum(x.saldo) as saldo, sum(round(x.saldo * p.custo_medio, 2)) as valor
                 from (select produto_id, local_id, sum(saldo) as saldo from estoque_saldos group by 1, 2) x
                 join products p on p.id = x.produto_id group by 1) r on r.local_id = l.id
      where coalesce(k.produtos, 0) <> coalesce(r.produtos, 0) or coalesce(k.saldo, 0) <> coalesce(r.saldo, 0)
        or coalesce(k.valor, 0) <> coalesce(r.valor, 0)`,
  },
];

/**
 * What the stock summary's trigger adds to one posting: EXPLAIN ANALYZE of the ledger's kind of
 * products update (stock and cost of one product), in a transaction rolled back at the end; the
 * trigger's own time as PostgreSQL reports it. The first call on a connection compiles the
 * PL/pgSQL function.
 */
async function triggerCost(database: Database): Promise<{ first: number; stat: Stat }> {
  const times: number[] = [];
  await database.db
    .transaction(async (tx) => {
      for (let i = 0; i < 41; i++) {
        const codigo = `P${String(11 + i).padStart(6, '0')}`;
        const plan = rowsOf<{ 'QUERY PLAN': string }>(
          await tx.execute(sql`explain (analyze, costs off) update products
            set estoque_atual = estoque_atual + 1, custo_medio = custo_medio + 0.0001,
                preco_custo = round(custo_medio + 0.0001, 2)
            where codigo = ${codigo}`),
        )
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        const m = /Trigger dashboard_estoque_upd: time=([0-9.]+)/.exec(plan);
        if (!m) throw new Error(`sem o tempo do gatilho no plano:\n${plan}`);
        times.push(Number(m[1]));
      }
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
  return { first: times[0]!, stat: stats(times.slice(1)) };
}

async function verify(database: Database) {
  const out: { name: string; n: number }[] = [];
  for (const c of CHECKS) {
    const [row] = rowsOf<{ n: number }>(await database.db.execute(c.query));
    out.push({ name: c.name, n: Number(row!.n) });
  }
  const [antes] = rowsOf(await database.db.execute(CARDS_AGGREGATE));
  const [modelo] = rowsOf(await database.db.execute(CARDS_READ_MODEL));
  out.push({
    name: `stock summary ≠ its recomputation (${JSON.stringify(modelo)})`,
    n: JSON.stringify(antes) === JSON.stringify(modelo) ? 0 : 1,
  });
  return out;
}

// ---------------------------------------------------------------------------------------------

/** The ajustes through the API (issue 30): measured, and its section of docs/benchmarks.md written. */
async function ajustesSection(database: Database, command: string) {
  const figures = await benchAjustesHttp(database, DB_NAME, {
    writers: WRITERS,
    seconds: Number(argValue('ajustes-seconds') ?? '15'),
    rounds: Number(argValue('ajustes-rounds') ?? '3'),
    email: `ajustes.${EMAIL}`,
  });
  const body = ajustesReport(figures, DB_NAME, command);
  for (const c of figures.checks) console.log(`${c.name}: ${c.n}`);
  if (figures.checks.some((c) => c.n !== 0)) throw new Error('o razão não confere depois dos ajustes');
  if (!process.argv.includes('--no-write')) writeSection(AJUSTES_TITLE, body);
  console.log(body);
}

async function main() {
  if (ONLY === 'ajustes') {
    const { database } = await openBenchDatabase({
      scale: SCALE,
      regenerate: process.argv.includes('--regenerate'),
      poolSize: WRITERS + 2,
    });
    try {
      await database.exec('vacuum analyze estoque_saldos, products');
      await ajustesSection(database, 'npm run bench:estoque -- --only ajustes');
    } finally {
      await database.close();
    }
    if (process.argv.includes('--drop')) await dropBenchDatabase();
    return;
  }
  const { database, generatedIn } = await openBenchDatabase({
    scale: SCALE,
    regenerate: process.argv.includes('--regenerate'),
    poolSize: WRITERS + 2,
  });
  const { db } = database;
  try {
    // a run stopped during a trigger-off phase leaves the summary behind: start from a rebuild (the
    // check at the end is the one that matters: after the last run, kept by the trigger alone)
    await db.execute(sql`select dashboard_estoque_recalcular()`);
    await database.exec('vacuum analyze dashboard_estoque_resumo');
    // earlier runs' postings leave pages autovacuum has not visited yet: start, like a freshly
    // generated data set, from a vacuumed one (index-only scans read the visibility map)
    await database.exec('vacuum analyze estoque_saldos, products');
    const [counts] = rowsOf<Record<string, number>>(
      await db.execute(sql`select
        (select count(*)::int from products) as products,
        (select count(*)::int from products where ativo) as ativos,
        (select count(*)::int from locais_estoque) as locais,
        (select count(*)::int from estoque_saldos) as saldos,
        (select count(*)::bigint from estoque_movimentos) as movimentos,
        (select count(*)::int from estoque_movimentos where product_id = ${md5Uuid('p1')}) as kardex`),
    );
    const ids = rowsOf<{ dep: string; sep: string; ava: string; grupo: string; kardex: string }>(
      await db.execute(sql`select
        (select id from locais_estoque where codigo = 'DEP') as dep,
        (select id from locais_estoque where codigo = 'SEP') as sep,
        (select id from locais_estoque where codigo = 'AVA') as ava,
        (select id from grupos_estoque where codigo = ${grupoCodigo(2)}) as grupo,
        ${md5Uuid('p1')}::uuid as kardex`),
    )[0]!;
    const idsOf: Ids = {
      locais: { DEP: ids.dep, SEP: ids.sep, AVA: ids.ava },
      grupo: ids.grupo,
      kardex: ids.kardex,
      produtos: counts!.products!,
    };
    const { userId, token, jwtSecret } = await benchUser(database);
    const app = benchApp(database, DB_NAME, jwtSecret);
    const request = async (url: string) =>
      app.request(url, { headers: { Authorization: `Bearer ${token}` } });

    const reads = await benchReads(
      database,
      request,
      scenarios(idsOf).filter((s) => !READ_GROUPS || READ_GROUPS.includes(s.group)),
    );
    const trigger = await triggerCost(database);
    console.log(`gatilho: primeira ${ms(trigger.first)} ms, depois p50 ${trigger.stat.p50.toFixed(2)} ms`);
    for (const r of reads.results)
      console.log(`${r.group} ${r.name}: p50 ${ms(r.stat.p50)} p95 ${ms(r.stat.p95)} (total ${r.total})`);

    const [{ def: original }] = rowsOf<{ def: string }>(
      await db.execute(sql`select pg_get_functiondef('dashboard_estoque_aplicar()'::regprocedure) as def`),
    ) as [{ def: string }];
    const actor: Actor = { userId, email: EMAIL };
    const writerRuns: WriterRun[] = [];
    // alternating, so a noisy minute does not favour one upkeep
    const cycle: Mode[] = CYCLE ?? [
      'off',
      'single',
      'sliced',
      'sliced',
      'single',
      'off',
      'off',
      'single',
      'sliced',
    ];
    const order: [Mode, number][] = (ITENS ?? [1, 5]).flatMap((itens) =>
      cycle.map((m) => [m, itens] as [Mode, number]),
    );
    try {
      // --cycle with no known mode: reads only
      if (!CYCLE || CYCLE.length) {
        // one writer alone first: the time one posting takes on this machine right now
        await setMode(database, 'sliced', original);
        const alone = await runWriters(database, actor, idsOf, 'sliced', 50, 1, 1);
        writerRuns.push(alone);
        console.log(`1 escritor: p50 ${ms(alone.latency.p50)} ms por transação (carga ${alone.load})`);
        for (const [i, [mode, itens]] of order.entries()) {
          await setMode(database, mode, original);
          const run = await runWriters(database, actor, idsOf, mode, i + 1, itens);
          writerRuns.push(run);
          console.log(
            `escritores (${mode}, ${itens} por transação): ${run.movements} movimentos em ${run.seconds.toFixed(1)} s = ${(run.movements / run.seconds).toFixed(0)}/s, ${run.refused} recusados, erros ${JSON.stringify(run.errors)}, p95 ${ms(run.latency.p95)} ms, Node ${run.nodeCpuPerTx.toFixed(2)} + PostgreSQL ${run.pgCpuPerTx?.toFixed(2) ?? '?'} ms CPU/tx, máquina ${run.machineCpuPerTx.toFixed(2)} ms/tx (carga ${run.load})`,
          );
        }
      }
    } finally {
      await setMode(database, 'sliced', original);
    }
    // the runs with the trigger off left the summary behind: rebuild, then check it follows the
    // shipped trigger through one more run
    await db.execute(sql`select dashboard_estoque_recalcular()`);
    if (!PARTIAL) writerRuns.push(await runWriters(database, actor, idsOf, 'sliced', 99, 1));

    const t0 = performance.now();
    const checks = await verify(database);
    const checkSeconds = (performance.now() - t0) / 1000;
    for (const c of checks) console.log(`${c.name}: ${c.n}`);
    const [after] = rowsOf<{ movimentos: number }>(
      await db.execute(sql`select count(*)::bigint as movimentos from estoque_movimentos`),
    );

    if (PARTIAL) {
      await db.execute(sql`delete from auth_sessions where user_id = ${userId}`);
      return;
    }
    const body = report({
      counts: counts!,
      trigger,
      generatedIn,
      reads,
      writerRuns,
      checks,
      checkSeconds,
      after: Number(after!.movimentos),
    });
    if (!process.argv.includes('--no-write')) writeSection('Estoque', body);
    console.log(body);
    await db.execute(sql`delete from auth_sessions where user_id = ${userId}`);
    await ajustesSection(database, 'npm run bench:estoque');
  } finally {
    await database.close();
  }
  if (process.argv.includes('--drop')) {
    await dropBenchDatabase();
    console.log(`${DB_NAME} removido.`);
  }
}

function report(r: {
  counts: Record<string, number>;
  trigger: { first: number; stat: Stat };
  generatedIn: number | null;
  reads: Awaited<ReturnType<typeof benchReads>>;
  writerRuns: WriterRun[];
  checks: { name: string; n: number }[];
  checkSeconds: number;
  after: number;
}): string {
  const c = r.counts;
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const lines: string[] = [
    `Command: \`npm run bench:estoque\` — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores (${cpu}), Node ${process.version}, PostgreSQL 15 (local server, default settings), database \`${DB_NAME}\` (${process.argv.includes('--drop') ? 'dropped at the end with `--drop`' : 'kept for the next run; `--drop` drops it'}).`,
    '',
    `Data set (\`bench/estoque/dataset.ts\`, set-based SQL: \`generate_series\`, one statement per table${r.generatedIn ? `, loaded in ${Math.round(r.generatedIn)} s` : ''}): ${Number(c.products).toLocaleString('en-US')} products (${Number(c.ativos).toLocaleString('en-US')} active) in 10 groups, ${c.locais} locations, ${Number(c.movimentos).toLocaleString('en-US')} ledger rows over two years in time order, ${Number(c.saldos).toLocaleString('en-US')} balances; product P000001 (and nine others) has ${Number(c.kardex).toLocaleString('en-US')} rows.`,
    '',
    `Reads go through the real HTTP app in-process (\`app.request\`: session check, zod validation, page query and totals query together, JSON), one at a time: ${ROUNDS} rounds × ${ITERATIONS} requests per scenario after 3 warm-ups. p50/p95/max over all ${ROUNDS * ITERATIONS} samples; "median round p95" is the median of the ${ROUNDS} rounds' own p95 (less sensitive to one noisy moment). 1-minute / 5-minute / 15-minute load average at the start of each round: ${r.reads.loads.join('; ')}.`,
    '',
    '| scenario | matches | p50 ms | p95 ms | max ms | median round p95 |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  const titles: Record<string, string> = {
    posicao: 'Posição de Estoque, first page (GET /api/estoque/posicao)',
    kardex: 'Kardex, first page (GET /api/estoque/produtos/:id/kardex)',
    dashboard: 'Dashboard stock block',
  };
  for (const group of ['posicao', 'kardex', 'dashboard']) {
    const rows = r.reads.results.filter((x) => x.group === group);
    lines.push(`| **${titles[group]}** | | | | | |`);
    for (const x of rows)
      lines.push(
        `| ${x.name}${x.extra ? ' †' : ''} | ${typeof x.total === 'number' ? x.total.toLocaleString('en-US') : x.total} | ${ms(x.stat.p50)} | ${ms(x.stat.p95)} | ${ms(x.stat.max)} | ${ms(median(x.roundP95))} |`,
      );
  }
  const worst = (g: string) =>
    Math.max(...r.reads.results.filter((x) => x.group === g && !x.extra).map((x) => x.stat.p95));
  const posicao = worst('posicao');
  const kardex = worst('kardex');
  const cards = r.reads.results.find((x) => x.url === '/api/dashboard/estoque')!;
  lines.push(
    '',
    '† measured for information; the targets below are about the Posição with a filter, the Kardex first page of the product and the stock cards.',
    '',
    'The stock cards as SQL alone (same rounds), before and after the read model — both give the same figures (checked):',
    '',
    '| cards query | p50 ms | p95 ms | max ms | median round p95 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.reads.sqlOnly.map(
      (s) =>
        `| ${s.name} | ${ms(s.stat.p50)} | ${ms(s.stat.p95)} | ${ms(s.stat.max)} | ${ms(median(s.roundP95))} |`,
    ),
    '',
    `Targets: Posição first page with a filter p95 < 100 ms — worst scenario p95 ${ms(posicao)} ms (${posicao < 100 ? 'met' : '**not met**'}); Kardex first page (10,000 rows) p95 < 50 ms — worst ${ms(kardex)} ms (${kardex < 50 ? 'met' : '**not met**'}); dashboard stock block p95 < 50 ms — ${ms(cards.stat.p95)} ms (${cards.stat.p95 < 50 ? 'met' : '**not met**'}).`,
    '',
    "How the Posição is computed (`posicao.service.ts`, since 2026-11-23): two statements per page, run together — the page rows and the totals row; the list's total is the totals' product count (one statement less than a separate capped count). With a location filter the page reads each listed product's balance in that location through `estoque_saldos_local_idx` (local_id, produto_id) INCLUDE (saldo, reservado) (migration 0031), so a page sorted by name walks `products_busca_ordem_idx` and stops after 50 products, instead of grouping the location's ~95,000 balances three times (page, count, totals) as before; the totals aggregate the location once when no group or search narrows the products, and look the balances up per product otherwise. A group sorted by name walks `products (grupo_id, busca, id)` (migration 0031) instead of every product's name.",
    ...(posicao >= 100
      ? [
          '',
          "Why the Posição can still miss with a location filter (EXPLAIN ANALYZE on this data set): every page also computes the totals row over the *whole* filter — the count and Σ round(saldo × custo médio, 2) of every matching product. With a location alone that is every product the location holds (~95,000 here): one pass over the location's balances (an index-only scan of `estoque_saldos_local_idx`, grouped per product) joined to the products, ~95,000 numeric products and roundings, on every page. The page itself costs ~1 ms (it walks the products in name order and looks up each one's balance in the location). What would remove the pass: per-location totals kept by the ledger like `dashboard_estoque_resumo` — with the catch that a change of custo médio revalues the product in every location, not only the one the movement touched.",
        ]
      : []),
    '',
    `Writers: ${WRITERS} concurrent writers (one pool connection each), ${WRITER_SECONDS} s per run, every operation one transaction (\`writeTx\`) through the real ledger services; 30% of the products picked are the 10 Kardex products (row-lock contention), the rest any of the ${r.counts.products!.toLocaleString('en-US')}. Two workloads:`,
    '',
    `- **1 per transaction**: 45% \`registraEntrada\` (1–20 units at the product's cost ±10%, so the custo médio — and the value the dashboard shows — moves), 40% \`registraSaida\` (1–10 units; refused with "Estoque insuficiente…" when the balance lacks them — "refused"), 15% \`registraTransferencia\` (two rows) between Depósito and Separação. The worst case: one commit (one WAL flush) and 4 round trips per movement (BEGIN with \`writeTx\`'s audit settings; \`estoque_travar\` with the checks, the default location, the balance and product locks and the negative-stock setting; \`estoque_gravar\`; COMMIT — 12, then 7, then 6 earlier on 2026-11-23).`,
    '- **documents of 5 items**: half notas de entrada (5 entradas), half pedidos (5 saídas), each posted at once by `lancaNoRazao` (balances and products locked in its fixed order; all or nothing — a pedido with one short item is refused whole).',
    '',
    'The runs alternate the upkeep of the stock summary (trigger disabled / one hot row / 16 slices as shipped), in the order listed; the last run follows the rebuild of the summary after the runs with the trigger disabled:',
    '',
    '| workload | upkeep of the stock summary | movements/s | movements | transactions | refused | errors | tx p50 ms | tx p95 ms | Node CPU ms/tx | PostgreSQL CPU ms/tx | machine CPU ms/tx | load (1/5/15 min) |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const w of r.writerRuns)
    lines.push(
      `| ${w.itens === 1 ? '1 per transaction' : `documents of ${w.itens}`}${w.writers === WRITERS ? '' : `, **${w.writers} writer alone**`} | ${MODE_LABEL[w.mode]} | **${(w.movements / w.seconds).toFixed(0)}** | ${w.movements.toLocaleString('en-US')} | ${w.operations.toLocaleString('en-US')} | ${w.refused} | ${
        Object.keys(w.errors).length
          ? Object.entries(w.errors)
              .map(([k, v]) => `${k}: ${v}`)
              .join(', ')
          : 'none'
      } | ${ms(w.latency.p50)} | ${ms(w.latency.p95)} | ${w.nodeCpuPerTx.toFixed(2)} | ${w.pgCpuPerTx?.toFixed(2) ?? '—'} | ${w.machineCpuPerTx.toFixed(2)} | ${w.load} |`,
    );
  const rates = (m: Mode, itens: number) =>
    r.writerRuns
      .filter((w) => w.mode === m && w.itens === itens && w.writers === WRITERS)
      .map((w) => w.movements / w.seconds);
  const rate = (m: Mode, itens: number) => median(rates(m, itens));
  const spread = (m: Mode, itens: number) =>
    `${rate(m, itens).toFixed(0)}/s (${Math.min(...rates(m, itens)).toFixed(0)}–${Math.max(...rates(m, itens)).toFixed(0)})`;
  const alone = r.writerRuns.find((w) => w.writers !== WRITERS);
  const linha = (itens: number) =>
    `without the summary ${spread('off', itens)}, one hot row ${spread('single', itens)}, 16 slices ${spread('sliced', itens)}`;
  const um = rate('sliced', 1);
  const doc = rate('sliced', 5);
  lines.push(
    '',
    `Median rates (min–max of the runs) — 1 per transaction: ${linha(1)}; documents of 5: ${linha(5)}.${[1, 5]
      .filter(
        (n) =>
          Math.max(Math.min(...rates('off', n)), Math.min(...rates('sliced', n))) <=
          Math.min(Math.max(...rates('off', n)), Math.max(...rates('sliced', n))),
      )
      .map(
        (n) =>
          ` ${n === 1 ? 'One per transaction' : 'Documents'}: the ranges without the summary and with the 16 slices overlap (the load moves during the run more than the trigger costs).`,
      )
      .join('')}`,
    `Target ≥ 1,000 movements/s with 8 writers (16 slices, as shipped): 1 per transaction ${um.toFixed(0)}/s (${um >= 1000 ? 'met' : '**not met**'}); documents of 5 ${doc.toFixed(0)}/s (${doc >= 1000 ? 'met' : '**not met**'}).`,
    '',
    `What the summary's trigger costs a posting (EXPLAIN ANALYZE of the ledger's products update, 40 times in a rolled-back transaction): p50 ${r.trigger.stat.p50.toFixed(2)} ms, p95 ${r.trigger.stat.p95.toFixed(2)} ms (${ms(r.trigger.first)} ms the first time on a connection, which compiles the PL/pgSQL function)${alone ? `, against ${ms(alone.latency.p50)} ms for a whole posting by one writer alone (p50)` : ''}. A slice is held from the products update to the commit; with one hot row every other writer waits for that commit, which is what the "one hot row" runs show.`,
    ...(um < 1000
      ? [
          '',
          `Why one movement per transaction can fall short: the rate is bound by CPU, not by locks or the disk. Since 2026-11-23 a posting is a transaction of 7 round trips instead of 12 (\`razao.service.ts\`, \`alocacao.service.ts\`): the checks of product, unit, locations and lot in one query; one balance key locked directly (inserted first only when its row is missing; several keys are inserted-if-missing and then locked, to keep the lock order); the products locked with the negative-stock setting read in the same statement; the ledger rows, the balances and the products' columns written by one statement (data-modifying CTEs), which also answers the rows' moments (the API no longer reads them back). What is left per posting is this Node process's "Node CPU ms/tx" above (services, drizzle, pg) and the PostgreSQL backend's work, on 2 cores shared with the load above${alone ? ` — one writer alone took ${ms(alone.latency.p50)} ms per posting (p50)` : ''}. Documents spread a transaction's fixed cost over 5 movements. Since the second round of 2026-11-23 the checks ride in \`estoque_travar\` and the audit settings in BEGIN: 4 round trips; the Node and PostgreSQL CPU per transaction above are where the rest goes (\`bench/estoque/perfil.ts\` breaks one posting down).`,
        ]
      : []),
    '',
    `Ledger checked at the end in SQL (the rules of \`verificaRazao\`), over all ${r.after.toLocaleString('en-US')} rows, in ${r.checkSeconds.toFixed(0)} s:`,
    '',
    '| check | violations |',
    '| --- | ---: |',
    ...r.checks.map((x) => `| ${x.name} | ${x.n} |`),
  );
  return lines.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
