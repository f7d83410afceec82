// Load invoicing benchmark (issue 21 "Measured": a 200-order load — build, sign, validate, send to
// the double with ~150 ms simulated latency — invoiced in < 60 s through the queue's concurrency).
// On PostgreSQL (database erp_bench_faturamento, recreated): the company (fiscal settings, série 1,
// the test A1), 40 customers and 30 products with their tax rules through the API (the NF-e test
// helpers), then per measured run a load of 200 orders of 3–10 items each (deterministic), made
// through the comercial API (liberado) and put in a load «conferida" the way faturamento.test.ts
// does (orders conferido, company setting «exigir conferência» off: the blind check is not what is
// measured). The SEFAZ double runs in a child process (sefaz-double-processo.ts) answering every
// request `--latencia` ms late. Each run starts pg-boss (startJobs) and the worker
// (iniciaWorkerFaturamento with the run's `lote`, or N workers of lote 1: `--lotes 8x1`), clicks «Faturar carga» (POST
// /api/expedicao/cargas/:id/faturar through the in-process app), watches the progress route like
// the screen and stops when the load is faturada; then checks 200 authorised notes, one per order,
// consecutive numbers. Writes "## Expedição — faturamento de carga" of docs/benchmarks.md.
//   npm run bench:expedicao-faturamento
//   npx tsx bench/expedicao/faturamento.ts [--pedidos 200] [--lotes 8,8x1,16] [--runs 3] [--latencia 150]
//     [--polling 1] [--pool 10] [--no-write]
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { systemActor } from '../../apps/server/src/lib/audit-context.ts';
import type { Deps } from '../../apps/server/src/lib/context.ts';
import { startJobs } from '../../apps/server/src/lib/jobs/jobs.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { chama } from '../../apps/server/src/modules/comercial/comercial-test-support.ts';
import { setSetting } from '../../apps/server/src/modules/configuracoes/settings.service.ts';
import { iniciaWorkerFaturamento } from '../../apps/server/src/modules/expedicao/faturamento.service.ts';
import {
  criaClienteNfe,
  enviaCertificado,
  pedidoLiberado,
  preparaEmissao,
  produtoComRegra,
} from '../../apps/server/src/modules/notasfiscais/notas-saida-test-support.ts';
import type { TestContext } from '../../apps/server/src/test/test-app.ts';
import { argValue, benchUser, median, openMigratedDatabase, SERVER_URL } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';
import type { EstadoDouble } from './sefaz-double-processo.ts';

const PEDIDOS = Number(argValue('pedidos') ?? '200');
// the settings docs/benchmarks.md reports: the shipped lote 8 and the two around it
const LOTES_PADRAO = '8,8x1,16';
// a setting: `8` = one worker taking batches of 8 (the shipped shape); `8x1` = 8 workers of 1 each
// (iniciaWorkerFaturamento called 8 times with lote 1: no order waits for another's batch)
type Ajuste = { rotulo: string; workers: number; lote: number };
const AJUSTES: Ajuste[] = (argValue('lotes') ?? LOTES_PADRAO).split(',').map((a) => {
  const [x, y] = a.split('x').map(Number);
  return y === undefined
    ? { rotulo: a, workers: 1, lote: x! }
    : { rotulo: `${x} workers × lote ${y}`, workers: x!, lote: y };
});
const RUNS = Number(argValue('runs') ?? '3');
const LATENCIA = Number(argValue('latencia') ?? '150');
const POLLING = Number(argValue('polling') ?? '1');
const POOL = Number(argValue('pool') ?? '10');
const PRODUTOS = 30;
const CLIENTES = 40;
const DB_NAME = 'erp_bench_faturamento';
const SECRET = 'bench-secret-with-at-least-32-characters!!';
const self = fileURLToPath(import.meta.url);
const SCHEMAS =
  process.env.NFE_SCHEMAS_DIR ?? path.resolve(path.dirname(self), '../../../shared/nfe/schemas/PL_010_V1.30');

const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
const pct = (s: number[], q: number) => {
  const o = [...s].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil(q * o.length) - 1)]!;
};
const seg = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const q = async <T>(deps: Deps, s: ReturnType<typeof sql>) => rowsOf<T>(await deps.db.execute(s));

/**
 * CPU seconds used so far by the PostgreSQL backends connected to the bench database (app pool and
 * pg-boss's), per pid, from /proc (utime + stime, 100 ticks/s): the database's share of the work.
 */
async function cpuBackends(deps: Deps): Promise<Map<number, number>> {
  const pids = await q<{ pid: number }>(
    deps,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  const m = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const campos = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      m.set(pid, (Number(campos[11]) + Number(campos[12])) * 10);
    } catch {
      // a backend that ended meanwhile (or a server on another machine): not counted
    }
  }
  return m;
}
const somaCpu = (antes: Map<number, number>, depois: Map<number, number>) =>
  [...depois].reduce((s, [pid, ms]) => s + ms - (antes.get(pid) ?? 0), 0);

/** The double in its own process: its url/CA, and a way to ask its counters. */
async function iniciaDouble() {
  const filho = fork(self.replace('faturamento.ts', 'sefaz-double-processo.ts'), [
    '--schemas',
    SCHEMAS,
    '--latencia',
    String(LATENCIA),
  ]);
  const { url, caPem } = await new Promise<{ url: string; caPem: string }>((resolve, reject) => {
    filho.once('message', (m) => resolve(m as { url: string; caPem: string }));
    filho.once('exit', (c) => reject(new Error(`double saiu (${c})`)));
  });
  return {
    url,
    caPem,
    estado: () =>
      new Promise<EstadoDouble>((resolve) => {
        filho.once('message', (m) => resolve(m as EstadoDouble));
        filho.send('estado');
      }),
    fim: () =>
      new Promise<void>((resolve) => {
        filho.once('exit', () => resolve());
        filho.send('fim');
      }),
  };
}

/** The app over the bench database as main.ts builds it (production config, silent logs). */
async function contexto(sefazUrl: string, caPem: string) {
  const database = await openMigratedDatabase(DB_NAME, { poolSize: POOL, fresh: true });
  const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sefaz-ca-'));
  fs.writeFileSync(path.join(caDir, 'double.pem'), caPem);
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: SECRET,
    SITE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/erp-bench-unused',
    DATABASE_URL: `${SERVER_URL}/${DB_NAME}`,
    DATABASE_POOL_SIZE: String(POOL),
    NFE_SCHEMAS_DIR: SCHEMAS,
    SEFAZ_URL_OVERRIDE: sefazUrl,
    SEFAZ_CA_DIR: caDir,
  });
  const logger = createLogger('silent');
  const admin = await benchUser(database, 'bench-faturamento-admin@bench.local', 'admin');
  const comercial = await benchUser(database, 'bench-faturamento-comercial@bench.local', 'comercial');
  const deps: Deps = { database, db: database.db, config, logger, jwtSecret: admin.jwtSecret };
  const app = createApp(deps);
  // what the NF-e test helpers use of a TestContext: the app's request with JSON and a bearer token
  const request = (
    method: string,
    p: string,
    o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['Content-Type'] ??= 'application/json';
    return app.request(p, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
  };
  const t = { app, database, db: database.db, config, deps, request } as unknown as TestContext;
  return { t, deps, tokens: { admin: admin.token, comercial: comercial.token } };
}

type Ctx = Awaited<ReturnType<typeof contexto>>;

/** The company, customers and products every load uses. */
async function empresa(c: Ctx) {
  await preparaEmissao(c.t, c.tokens.admin, { proximo: 1 });
  await enviaCertificado(c.t, c.tokens.admin);
  await setSetting(c.deps.db, systemActor, 'expedicao_exige_conferencia', false);
  const produtos: string[] = [];
  for (let i = 0; i < PRODUTOS; i++)
    produtos.push(
      await produtoComRegra(c.t, c.tokens.admin, { nome: `Produto bench ${i + 1}`, estoque: '1000000' }),
    );
  const clientes: string[] = [];
  for (let i = 0; i < CLIENTES; i++)
    clientes.push(await criaClienteNfe(c.t, { razaoSocial: `Mercado Bench ${i + 1} Ltda` }));
  return { produtos, clientes };
}

/** A load «conferida» of PEDIDOS orders, 3–10 distinct products each (deterministic). */
async function cargaConferida(c: Ctx, base: Awaited<ReturnType<typeof empresa>>, k: number) {
  const pedidos: string[] = [];
  let itens = 0;
  for (let i = 0; i < PEDIDOS; i++) {
    const n = 3 + ((i * 7 + k) % 8);
    const linhas: [string, string, string][] = [];
    for (let j = 0; j < n; j++)
      linhas.push([base.produtos[(i * 5 + j * 11 + k) % PRODUTOS]!, String(1 + ((i + j) % 6)), '12.50']);
    itens += n;
    pedidos.push(
      (await pedidoLiberado(c.t, c.tokens.comercial, base.clientes[(i + k) % CLIENTES]!, linhas)).id,
    );
  }
  const [carga] = await q<{ id: string }>(
    c.deps,
    sql`insert into cargas (data_saida_prevista, status) values (current_date, 'conferida') returning id`,
  );
  for (const [i, p] of pedidos.entries()) {
    await c.deps.db.execute(sql`update sales_orders set status = 'conferido' where id = ${p}`);
    await c.deps.db.execute(
      sql`insert into cargas_pedidos (carga_id, pedido_id, sequencia) values (${carga!.id}, ${p}, ${i + 1})`,
    );
  }
  return { id: carga!.id, pedidos, itens };
}

type Rodada = {
  ajuste: string;
  paredeMs: number;
  notasPorS: number;
  notaP50: number;
  notaP95: number;
  esperaLoteP50: number;
  cpuMs: number;
  cpuDoubleMs: number;
  cpuPgMs: number;
  requisicoesPorNota: number;
  load: string;
};

async function mede(
  c: Ctx,
  dbl: Awaited<ReturnType<typeof iniciaDouble>>,
  carga: { id: string; pedidos: string[] },
  ajuste: Ajuste,
): Promise<Rodada> {
  const { deps } = c;
  deps.jobs = await startJobs({
    database: deps.database,
    databaseUrl: deps.config.databaseUrl,
    logger: deps.logger,
  });
  for (let w = 0; w < ajuste.workers; w++)
    await iniciaWorkerFaturamento(deps, { lote: ajuste.lote, pollingIntervalSeconds: POLLING });
  const antes = await dbl.estado();
  const pg0 = await cpuBackends(deps);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await chama(c.t, c.tokens.comercial, 'POST', `/api/expedicao/cargas/${carga.id}/faturar`);
  if (r.status !== 202 || r.body.enfileirados !== PEDIDOS)
    throw new Error(`faturar: ${r.status} ${JSON.stringify(r.body)}`);
  // the screen polls the progress every 1.5 s; the end is read from the load's status every 100 ms
  let tela = 0;
  let ultimo: Record<string, unknown> = {};
  for (;;) {
    const [k] = await q<{ status: string }>(deps, sql`select status from cargas where id = ${carga.id}`);
    if (k!.status === 'faturada') break;
    if (performance.now() - tela > 1500) {
      tela = performance.now();
      const p = await chama(c.t, c.tokens.comercial, 'GET', `/api/expedicao/cargas/${carga.id}/faturamento`);
      ultimo = p.body;
      if (!p.body.em_andamento && p.body.carga.status !== 'faturada')
        throw new Error(`fila parou sem faturar a carga: ${JSON.stringify(p.body).slice(0, 2000)}`);
    }
    if (performance.now() - t0 > 600_000) throw new Error(`10 min sem faturar: ${JSON.stringify(ultimo)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
  const paredeMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuPg = somaCpu(pg0, await cpuBackends(deps));
  const load = loadavg();
  const depois = await dbl.estado();
  await deps.jobs.stop();
  deps.jobs = undefined;

  // verification: one authorised note per order, none twice, consecutive numbers
  const notas = await q<{ pedido_id: string; numero: number; status: string }>(
    deps,
    sql`select n.pedido_id, n.numero, n.status from notas_fiscais n join cargas_pedidos cp
      on cp.pedido_id = n.pedido_id and cp.carga_id = ${carga.id}`,
  );
  const autorizadas = notas.filter((n) => n.status === 'autorizada');
  const numeros = autorizadas.map((n) => Number(n.numero)).sort((a, b) => a - b);
  const erros = [
    autorizadas.length !== PEDIDOS && `${autorizadas.length} notas autorizadas (esperado ${PEDIDOS})`,
    notas.length !== PEDIDOS && `${notas.length} notas no total`,
    new Set(autorizadas.map((n) => n.pedido_id)).size !== PEDIDOS && 'pedidos distintos ≠ notas',
    new Set(numeros).size !== numeros.length && 'número repetido',
    numeros.at(-1)! - numeros[0]! + 1 !== PEDIDOS &&
      `números não consecutivos (${numeros[0]}–${numeros.at(-1)})`,
    depois.autorizadas - antes.autorizadas !== PEDIDOS &&
      `o double autorizou ${depois.autorizadas - antes.autorizadas}`,
  ].filter(Boolean);
  if (erros.length) throw new Error(`verificação: ${erros.join('; ')}`);

  // per note: the attempt's start → the authorisation recorded (the note's own work and wait), and
  // the authorisation → the attempt's end (what the batch's slowest order adds)
  const tempos = await q<{ nota_ms: number; espera_ms: number }>(
    deps,
    sql`select extract(epoch from (e.created_at - f.iniciado_em)) * 1000 as nota_ms,
        extract(epoch from (f.concluido_em - e.created_at)) * 1000 as espera_ms
      from faturamento_carga_pedidos f
      join notas_fiscais n on n.pedido_id = f.pedido_id and n.status = 'autorizada'
      join notas_fiscais_eventos e on e.nota_id = n.id and e.tipo = 'autorizacao'
      where f.carga_id = ${carga.id}`,
  );
  const notaMs = tempos.map((x) => Number(x.nota_ms));
  const total = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  return {
    ajuste: ajuste.rotulo,
    paredeMs,
    notasPorS: PEDIDOS / (paredeMs / 1000),
    notaP50: pct(notaMs, 0.5),
    notaP95: pct(notaMs, 0.95),
    esperaLoteP50: pct(
      tempos.map((x) => Number(x.espera_ms)),
      0.5,
    ),
    cpuMs: (cpu.user + cpu.system) / 1000,
    cpuDoubleMs: depois.cpuMs - antes.cpuMs,
    cpuPgMs: cpuPg,
    requisicoesPorNota: (total(depois.requisicoes) - total(antes.requisicoes)) / PEDIDOS,
    load,
  };
}

async function main() {
  if (!fs.existsSync(path.join(SCHEMAS, 'nfe_v4.00.xsd'))) {
    console.error(`Schemas XSD da NF-e não encontrados em ${SCHEMAS}: defina NFE_SCHEMAS_DIR.`);
    process.exit(1);
  }
  const dbl = await iniciaDouble();
  const c = await contexto(dbl.url, dbl.caPem);
  try {
    const t0 = performance.now();
    const base = await empresa(c);
    console.log(`empresa, ${CLIENTES} clientes, ${PRODUTOS} produtos: ${seg(performance.now() - t0)}`);
    const rodadas: Rodada[] = [];
    let itens = 0;
    // interleaved (4, 8, 16, 4, 8, 16, …) so every setting sees the same spread of machine load
    for (let r = 0; r < RUNS; r++)
      for (const ajuste of AJUSTES) {
        const t1 = performance.now();
        const carga = await cargaConferida(c, base, rodadas.length);
        itens += carga.itens;
        console.log(
          `carga ${rodadas.length + 1}: ${PEDIDOS} pedidos, ${carga.itens} itens (${seg(performance.now() - t1)})`,
        );
        const x = await mede(c, dbl, carga, ajuste);
        rodadas.push(x);
        console.log(
          `${ajuste.rotulo} rodada ${r + 1}/${RUNS}: ${seg(x.paredeMs)} · ${x.notasPorS.toFixed(2)} notas/s · nota p50 ${x.notaP50.toFixed(0)} ms p95 ${x.notaP95.toFixed(0)} ms · espera do lote p50 ${x.esperaLoteP50.toFixed(0)} ms · CPU ${seg(x.cpuMs)} (PostgreSQL ${seg(x.cpuPgMs)}, double ${seg(x.cpuDoubleMs)}) · ${x.requisicoesPorNota.toFixed(2)} req/nota · load ${x.load}`,
        );
      }
    const fx = (xs: number[], f: (v: number) => string) =>
      xs.length === 1 ? f(xs[0]!) : `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    const linhas = AJUSTES.map(({ rotulo }) => {
      const rs = rodadas.filter((x) => x.ajuste === rotulo);
      const col = (f: (x: Rodada) => number, fmt: (v: number) => string) => fx(rs.map(f), fmt);
      return `| ${rotulo} | ${col((x) => x.paredeMs, seg)} | ${col(
        (x) => x.notasPorS,
        (v) => v.toFixed(2),
      )} | ${col((x) => x.notaP50, ms)} | ${col((x) => x.notaP95, ms)} | ${col((x) => x.esperaLoteP50, ms)} | ${col(
        (x) => x.cpuMs / x.paredeMs,
        (v) => `${(v * 100).toFixed(0)} %`,
      )} | ${col((x) => x.cpuPgMs, seg)} | ${col((x) => x.cpuDoubleMs, seg)} | ${col((x) => (x.cpuMs + x.cpuPgMs + x.cpuDoubleMs) / PEDIDOS, ms)} | ${rs.map((x) => x.load.split(' / ')[0]).join(', ')} |`;
    });
    const body = [
      `Command: \`npm run bench:expedicao-faturamento\` (\`npx tsx bench/expedicao/faturamento.ts --lotes ${argValue('lotes') ?? LOTES_PADRAO} --runs ${RUNS} --latencia ${LATENCIA}\`) — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, PostgreSQL local, ${os.cpus().length} cores shared with other work (load average 1/5/15 min at the end: ${loadavg()}).`,
      '',
      `Each run: a load «conferida» of ${PEDIDOS} orders (${(itens / rodadas.length / PEDIDOS).toFixed(1)} items per order on average, 3–10, ${PRODUTOS} products, ${CLIENTES} customers; orders made liberado through the comercial API, moved to conferido with the company's «exigir conferência» off), pg-boss started (\`startJobs\`) and the worker (\`iniciaWorkerFaturamento\` with \`lote\`; "N workers × lote 1" = the function called N times with \`lote: 1\`; polling ${POLLING} s, app pool ${POOL} connections + pg-boss's 4), then «Faturar carga» (\`POST /api/expedicao/cargas/:id/faturar\`, in-process app) until the load is faturada; the progress route polled every 1.5 s as the screen does. Per order the worker emits (builds, signs, validates against the XSD) and transmits the NF-e to the SEFAZ double — a child process, every request answered ${LATENCIA} ms late (${rodadas[0]!.requisicoesPorNota.toFixed(0)} request per note). Verified after every run: ${PEDIDOS} authorised notes, one per order, none twice, consecutive numbers, ${PEDIDOS} authorisations at the double. ${RUNS} runs per setting, interleaved; each cell the median, then the range.`,
      '',
      '| worker setting (`lote` = batch size of one worker) | wall time click → faturada | notes/s | per note p50 (attempt start → authorised) | per note p95 | batch wait p50 (authorised → attempt closed) | CPU of the process / wall | CPU of PostgreSQL (bench database backends) | CPU of the double | CPU per note (process + PostgreSQL + double) | load (1 min) at each run end |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...linhas,
      '',
      `Target: ${PEDIDOS} orders in < 60 s. "Batch wait": pg-boss hands the worker \`lote\` jobs at a time and the worker closes them all once the slowest is done (\`Promise.allSettled\`), so each order's attempt stays open that long after its note is authorised, and the next batch waits for it.`,
    ].join('\n');
    console.log(`\n${body}`);
    if (!process.argv.includes('--no-write')) writeSection('Expedição — faturamento de carga', body);
  } finally {
    await c.deps.jobs?.stop();
    await c.deps.database.close();
    await dbl.fim();
  }
}

await main();
