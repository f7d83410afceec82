// Dashboard benchmark, through HTTP (issue 30): the real server process (bench/lib/http.ts) on the
// 1 M-order data set in PostgreSQL (erp_bench, bench/dashboard/generate.ts), timed with fetch();
// beside each endpoint, in the same run, its SQL alone — every statement the request sends (session
// check included), captured once through the in-process app and replayed on the bench's own
// connection. Also the títulos list (GET /api/financeiro/receber, unfiltered) beside its SQL and the
// footer's plain aggregate it replaced. Every figure carries the 1-minute load average it was
// measured at. Writes the "## Dashboard" and "## Contas a receber (lista)" sections of docs/benchmarks.md.
//   npm run bench:dashboard                 (generates erp_bench first when missing)
//   npx tsx bench/dashboard/run.ts [--db erp_bench_copy] [--iterations 100] [--no-write]
//     [--compare-db erp_bench_decimo]   (the same statements replayed on a smaller data set too,
//                                        e.g. generate.ts --scale 0.1 into another database: flat?)
// PGlite is not measured here: the targets are for PostgreSQL through HTTP. The generator
// still loads a PGlite data set (`generate.ts --target pglite`, a tenth) for hand measurements.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, businessToday, monthRange, type PeriodoDashboard, resolverPeriodo } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from '../../apps/server/src/db/client.ts';
import { baseValida, passadoDe } from '../../apps/server/src/modules/dashboard/dashboard-bases.service.ts';
import {
  captureStatements,
  concurrent,
  formatLoad,
  type LoadFigures,
  loadSampler,
  ms,
  type Stat,
  sqlTimed,
  startHttpServer,
  statementsTimed,
  stats,
  timed,
} from '../lib/http.ts';
import { benchApp, SERVER_URL } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';
import { argValue } from './db.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dbName = argValue('db') ?? 'erp_bench';
const iterations = Number(argValue('iterations') ?? '100');
const write = !process.argv.includes('--no-write');
const compareDb = argValue('compare-db');

const endpoints = [
  '/comercial',
  '/comercial/vendas-por-periodo',
  '/comercial/vendas-por-produto',
  '/comercial/vendas-por-cliente',
  '/comercial/vendas-por-vendedor',
  '/estoque',
  '/estoque/abaixo-minimo',
  '/estoque/acima-maximo',
  '/estoque/valor',
  '/financeiro',
  '/financeiro/receber',
  '/financeiro/pagar',
  '/financeiro/vencidas',
];
const blocks = ['/comercial', '/estoque', '/financeiro'];
const LISTA = '/api/financeiro/receber';
/** The list routes are first called here (the dashboard's are warm by then): more warm-up calls. */
const LIST_WARMUP = 30;

type Pair = { label: string; http: Stat; sql: Stat; load: LoadFigures };

if (process.argv.includes('--generate') && dbName === 'erp_bench')
  execFileSync('npx', ['tsx', path.join(here, 'generate.ts'), '--target', 'postgres'], {
    stdio: 'inherit',
    cwd: root,
  });

const database: Database = await openDatabase({ databaseUrl: `${SERVER_URL}/${dbName}`, poolSize: 4 });
const server = await startHttpServer(database, dbName, { email: 'bench-dashboard@bench.local' });
try {
  // The server applied any pending migration on start; one that rewrote rows (a new column's
  // backfill) leaves the visibility map cleared and the list's capped count reading the heap. Measure
  // the steady state autovacuum keeps, not the minutes right after a migration.
  await database.exec(
    'vacuum (analyze) financial_accounts, baixas, sales_orders, sales_order_items, products, dashboard_vendas_mes, dashboard_vendas_produto_mes, dashboard_vendas_cliente_mes, financeiro_abertos_dia, financeiro_baixas_total, dashboard_vendas_dia, dashboard_vendas_produto_dia, dashboard_vendas_cliente_dia',
  );
  const hoje = businessToday();
  const { inicio, fim } = monthRange(hoje);
  const [counts] = rowsOf<Record<string, number>>(
    await database.db.execute(sql`select
      (select count(*)::int from sales_orders) as sales_orders,
      (select count(*)::int from sales_order_items) as sales_order_items,
      (select count(*)::int from clientes) as clientes,
      (select count(*)::int from products) as products,
      (select count(*)::int from financial_accounts) as financial_accounts,
      (select count(*)::int from financial_accounts where tipo = 'receber') as receber,
      (select count(*)::int from sales_orders where data_emissao >= ${inicio}::date and data_emissao < ${fim}::date) as pedidos_mes,
      (select count(*)::int from dashboard_vendas_mes) as linhas_vendas_mes,
      (select count(*)::int from financeiro_abertos_dia) as linhas_abertos_dia`),
  );
  if (!counts!.sales_orders) throw new Error(`${dbName}: sem dados; rode bench/dashboard/generate.ts`);
  console.log(`${dbName}, hoje ${hoje}:`, counts);

  // The in-process app on the bench's own pool, only to capture each request's statements once.
  const app = benchApp(
    database,
    dbName,
    new TextEncoder().encode('bench-secret-with-at-least-32-characters!!'),
  );
  const capture = (p: string) =>
    captureStatements(async () => {
      const res = await app.request(p, { headers: { authorization: `Bearer ${server.token}` } });
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      await res.text();
    });
  const get = (p: string) => server.request('GET', p);

  /** The endpoint through HTTP, then its statements alone, back to back (same load). */
  async function pair(label: string, p: string, n = iterations, warmup = 5): Promise<Pair> {
    const statements = await capture(p);
    captured.set(label, statements);
    const load = loadSampler();
    const http = await timed(() => get(p), n, warmup);
    const sqlStat = await statementsTimed(database, statements, n, warmup);
    const pairStat = { label, http, sql: sqlStat, load: load.stop() };
    console.log(
      `${label}: HTTP p50 ${ms(http.p50)} p95 ${ms(http.p95)} | SQL p50 ${ms(sqlStat.p50)} p95 ${ms(sqlStat.p95)} | load ${formatLoad(pairStat.load)}`,
    );
    return pairStat;
  }

  const captured = new Map<string, Awaited<ReturnType<typeof capture>>>();
  const porEndpoint: Pair[] = [];
  for (const e of endpoints) porEndpoint.push(await pair(`/api/dashboard${e}`, `/api/dashboard${e}`));

  // The page: its three blocks fired together; their SQL fired together on three connections.
  // (captured one after another: each capture patches the driver for its own duration)
  const blockStatements: Awaited<ReturnType<typeof capture>>[] = [];
  for (const b of blocks) blockStatements.push(await capture(`/api/dashboard${b}`));
  const wholeLoad = loadSampler();
  const whole = await timed(() => Promise.all(blocks.map((b) => get(`/api/dashboard${b}`))), iterations);
  const wholeSql = await timed(
    () => Promise.all(blockStatements.map((s) => statementsTimed(database, s, 1, 0))),
    iterations,
  );
  const wholePair: Pair = {
    label: 'dashboard (3 blocks at once)',
    http: whole,
    sql: wholeSql,
    load: wholeLoad.stop(),
  };
  console.log(
    `dashboard: HTTP p50 ${ms(whole.p50)} p95 ${ms(whole.p95)} | load ${formatLoad(wholePair.load)}`,
  );

  // Under load: 4 clients each loading the whole dashboard over and over for 15 s.
  const busyLoad = loadSampler();
  const busy = await concurrent(4, () => Promise.all(blocks.map((b) => get(`/api/dashboard${b}`))), {
    durationMs: 15_000,
  });
  const busyFigures = busyLoad.stop();
  console.log(
    `dashboard × 4 clients: p50 ${ms(busy.latency.p50)} p95 ${ms(busy.latency.p95)}, ${busy.perSecond.toFixed(1)}/s`,
  );

  // The títulos list, unfiltered (the screen's first load), and the footer's plain aggregate.
  // Issue 35: the whole page's data (cards, the charts, the three blocks) for each period of the
  // selector, through HTTP (all requests at once, as the browser sends them) beside their SQL.
  const ate = addDays(hoje, -1);
  const periodos = [
    ['este mês', 'periodo=mes'],
    ['mês anterior', 'periodo=mes_anterior'],
    ['últimos 30 dias', 'periodo=30d'],
    ['últimos 90 dias', 'periodo=90d'],
    ['ano', 'periodo=ano'],
    ['personalizado, 365 dias', `periodo=personalizado&de=${addDays(ate, -364)}&ate=${ate}`],
  ] as const;
  const pagina = (q: string) => [
    `/api/dashboard/comercial?${q}`,
    `/api/dashboard/comercial/serie?${q}`,
    `/api/dashboard/comercial/vendas-por-produto?${q}`,
    `/api/dashboard/comercial/vendas-por-cliente?${q}`,
    `/api/dashboard/comercial/vendas-por-vendedor?${q}`,
    `/api/dashboard/comercial/vendas-por-regiao?${q}`,
    '/api/dashboard/estoque',
    '/api/dashboard/estoque/por-grupo',
    '/api/dashboard/financeiro',
    '/api/dashboard/financeiro/vencimentos-semanas',
  ];
  const periodIterations = Math.min(iterations, 40);
  const AQUECIMENTO = 10;
  const porPeriodo: Pair[] = [];
  const detalhe: Pair[] = [];
  // The long ranges' bases (migration 0085): the server's sweep builds those of 30/90 days and the
  // year at start, a page that misses one asks for it (the custom range). The page is measured as
  // users meet it through the day — with them — after waiting for them; the rows "sem base" below
  // measure the page right after a change before today made them stale.
  // the server's today, read again at each wait (a run across São Paulo's midnight waits for the new
  // day's bases, the ones the server's pages then read)
  const passadoDoPeriodo = (q: string) => {
    const ps = new URLSearchParams(q);
    const p = resolverPeriodo(
      ps.get('periodo') as PeriodoDashboard,
      businessToday(),
      ps.get('de') ?? undefined,
      ps.get('ate') ?? undefined,
    );
    return passadoDe(p.atual, p.hoje);
  };
  const esperaBases = async (q: string) => {
    const passado = passadoDoPeriodo(q);
    if (!passado) return 0;
    const inicio = Date.now();
    for (;;) {
      const prontas = await Promise.all(
        (['produtos', 'clientes'] as const).map((m) => baseValida(database.db, m, passado)),
      );
      if (prontas.every(Boolean)) return Date.now() - inicio;
      if (Date.now() - inicio > 180_000) throw new Error(`the bases of ${q} were not built in 180 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  for (const [, q] of periodos) {
    await Promise.all(pagina(q).map((p) => get(p)));
    await esperaBases(q);
  }
  for (const [nome, q] of periodos) {
    const paths = pagina(q);
    const stmts: Awaited<ReturnType<typeof capture>>[] = [];
    for (const p of paths) stmts.push(await capture(p));
    const load = loadSampler();
    // 10 warm-up pages: the server's ten pooled connections each run the page's statements a first
    // time (a backend loads the catalog entries of what a statement reads on its first run)
    const http = await timed(() => Promise.all(paths.map((p) => get(p))), periodIterations, AQUECIMENTO);
    const sqlStat = await timed(
      () => Promise.all(stmts.map((st) => statementsTimed(database, st, 1, 0))),
      periodIterations,
      3,
    );
    const par = {
      label: `página inteira, ${nome} (${q.split('&')[0]})`,
      http,
      sql: sqlStat,
      load: load.stop(),
    };
    porPeriodo.push(par);
    console.log(
      `${par.label}: HTTP p50 ${ms(http.p50)} p95 ${ms(http.p95)} | SQL p50 ${ms(sqlStat.p50)} p95 ${ms(sqlStat.p95)} | load ${formatLoad(par.load)}`,
    );
  }
  // The page after a pause (the user comes back to it): the server keeps its connections (main.ts,
  // manterConexoes), so nothing is opened again; 3 times: 35 s idle, then the 30 days' page once.
  const depoisDePausa: number[] = [];
  const cargaPausa = loadSampler();
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 35_000));
    const t0 = performance.now();
    await Promise.all(pagina('periodo=30d').map((p) => get(p)));
    depoisDePausa.push(performance.now() - t0);
  }
  const pausa = { ms: depoisDePausa, load: cargaPausa.stop() };
  console.log(
    `página inteira depois de 35 s parada (30d): ${depoisDePausa.map((x) => x.toFixed(0)).join(', ')} ms`,
  );
  for (const p of pagina('periodo=ano').slice(0, 6))
    detalhe.push(await pair(`${p} (sozinho)`, p, periodIterations, 3));

  // The page right after a change before today (an older order edited or cancelled): its bases stale,
  // it reads the whole range (and asks for them again). Each time: the bases made stale, the page
  // timed, then the rebuild waited for (timed too, apart) — 10 times per long period.
  const semBase: { label: string; http: Stat; rebuild: Stat; load: LoadFigures }[] = [];
  for (const [nome, q] of periodos.filter(([, q]) => !q.startsWith('periodo=mes') && q !== 'periodo=30d')) {
    const paths = pagina(q);
    const load = loadSampler();
    const pagina_ms: number[] = [];
    const rebuild_ms: number[] = [];
    for (let i = 0; i < 10; i++) {
      await database.db.execute(sql`update dashboard_bases_estado set versao = versao + 1`);
      const t0 = performance.now();
      await Promise.all(paths.map((p) => get(p)));
      pagina_ms.push(performance.now() - t0);
      rebuild_ms.push(await esperaBases(q));
    }
    const linha = {
      label: `página inteira sem base, ${nome} (${q.split('&')[0]})`,
      http: stats(pagina_ms),
      rebuild: stats(rebuild_ms),
      load: load.stop(),
    };
    semBase.push(linha);
    console.log(
      `${linha.label}: HTTP p50 ${ms(linha.http.p50)} p95 ${ms(linha.http.p95)} | rebuild p50 ${ms(linha.rebuild.p50)} | load ${formatLoad(linha.load)}`,
    );
  }

  const lista = await pair(`GET ${LISTA}`, LISTA, iterations, LIST_WARMUP);
  const listaPagar = await pair(
    'GET /api/financeiro/pagar',
    '/api/financeiro/pagar',
    iterations,
    LIST_WARMUP,
  );
  const filtrada = await pair(
    `GET ${LISTA}?status=abertos`,
    `${LISTA}?status=abertos`,
    iterations,
    LIST_WARMUP,
  );
  const rodapePlanoLoad = loadSampler();
  const rodapePlano = await sqlTimed(
    database,
    `select coalesce(sum(saldo) filter (where status in ('em_aberto', 'parcial')), 0)::numeric(14,2)::text as em_aberto,
       coalesce(sum(saldo) filter (where status in ('em_aberto', 'parcial') and data_vencimento < '${hoje}'::date), 0)::numeric(14,2)::text as vencido,
       coalesce((select sum(b.principal) from baixas b where b.titulo_id in (select id from financial_accounts where tipo = 'receber')
         and not b.estornada), 0)::numeric(14,2)::text as pago_no_periodo
     from financial_accounts where tipo = 'receber'`,
    Math.min(iterations, 30),
  );
  const rodapePlanoFig = rodapePlanoLoad.stop();
  console.log(
    `footer's plain aggregate: p50 ${ms(rodapePlano.p50)} p95 ${ms(rodapePlano.p95)} | load ${formatLoad(rodapePlanoFig)}`,
  );

  // Flat with size: the same statements (same "today") on a smaller data set, right after.
  const comparacao: string[] = [];
  if (compareDb) {
    const small = await openDatabase({ databaseUrl: `${SERVER_URL}/${compareDb}`, poolSize: 2 });
    try {
      const [sc] = rowsOf<Record<string, number>>(
        await small.db.execute(sql`select (select count(*)::int from sales_orders) as sales_orders,
          (select count(*)::int from financial_accounts) as financial_accounts`),
      );
      comparacao.push(
        '',
        `The same statements (captured above) replayed on \`${compareDb}\` (${sc!.sales_orders} orders, ${sc!.financial_accounts} títulos) right after, beside the full data set's, to show how they scale:`,
        '',
        `| SQL of | ${compareDb} p50 | ${compareDb} p95 | ${dbName} p50 | ${dbName} p95 | load |`,
        '|---|---:|---:|---:|---:|---|',
      );
      for (const label of [...blocks.map((b) => `/api/dashboard${b}`), `GET ${LISTA}`]) {
        const load = loadSampler();
        const a = await statementsTimed(small, captured.get(label)!, iterations);
        const b = await statementsTimed(database, captured.get(label)!, iterations);
        comparacao.push(
          `| ${label} | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(b.p50)} | ${ms(b.p95)} | ${formatLoad(load.stop())} |`,
        );
        console.log(comparacao.at(-1));
      }
    } finally {
      await small.close();
    }
  }

  const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const cpu = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`;
  const c = counts!;
  const row = (p: Pair) =>
    `| ${p.label} | ${ms(p.http.p50)} | ${ms(p.http.p95)} | ${ms(p.sql.p50)} | ${ms(p.sql.p95)} | ${formatLoad(p.load)} |`;
  const head = [
    '| what | HTTP p50 | HTTP p95 | SQL p50 | SQL p95 | load (median, min–max) |',
    '|---|---:|---:|---:|---:|---|',
  ];
  const dataset = `PostgreSQL database \`${dbName}\` (generator \`bench/dashboard/generate.ts\`): ${c.sales_orders} orders, ${c.sales_order_items} items, ${c.clientes} customers, ${c.products} products, ${c.financial_accounts} títulos (${c.receber} receivables); ${c.pedidos_mes} orders in the current month (today ${hoje}).`;
  const dashboard = [
    `Measured ${when} on ${cpu}, with \`npm run bench:dashboard\` (runner \`bench/dashboard/run.ts\`).`,
    dataset,
    '',
    'Through HTTP: the real server process (`bench/lib/http.ts`: `node apps/server/src/main.ts`, production mode) answering `fetch()` over loopback, with a signed-in admin; each endpoint timed sequentially (5 warm-up calls, then ' +
      `${iterations}), then — same run, right after — its SQL alone: every statement the request sends (session check included), captured once and replayed on one connection of the bench's own pool. Times in ms; the load is the 1-minute load average over the measurement on the 2 shared cores.`,
    '',
    ...head,
    ...porEndpoint.map(row),
    `| **${wholePair.label}** | **${ms(whole.p50)}** | **${ms(whole.p95)}** | ${ms(wholeSql.p50)} | ${ms(wholeSql.p95)} | ${formatLoad(wholePair.load)} |`,
    `| dashboard, 4 clients at once for 15 s (${busy.calls} page loads, ${busy.perSecond.toFixed(1)}/s) | ${ms(busy.latency.p50)} | ${ms(busy.latency.p95)} | — | — | ${formatLoad(busyFigures)} |`,
    '',
    `Target (issue 30): whole dashboard p95 < 25 ms, flat with data size — p95 ${ms(whole.p95)} ms quiet (${whole.p95 < 25 ? 'met' : 'NOT met'}), ${ms(busy.latency.p95)} ms with 4 clients loading it at once.`,
    '',
    ...comparacao,
    '',
    `How the blocks stay flat: \`/comercial\` sums the month's slices of \`dashboard_vendas_mes\` (orders, Σ valor_total, products sold; migration 0049, kept by statement triggers on \`sales_orders\` and on \`dashboard_vendas_produto_mes\`, ${c.linhas_vendas_mes} rows here) and takes the top product off \`dashboard_vendas_produto_mes_valor_idx\`; \`/estoque\` sums the 16 slices of \`dashboard_estoque_resumo\` (migration 0022); \`/financeiro\` sums \`financeiro_abertos_dia\` (open títulos and saldo per type and due date, migration 0049, ${c.linhas_abertos_dia} rows here: one per due date, whatever the number of títulos) — the overdue count is the rows due before today, exact for any "today". Before 0049 the commercial card aggregated the month's orders (~25,000 index entries) and the finance card every open título; they grew ×5 per ×10 orders. The drill-downs read the top rows of their indexes or read models (migrations 0008–0011, 0029). Writers add to a slice no other transaction holds (SKIP LOCKED; a new slice when all are held), so concurrent order saves and baixas never wait on one hot row (tested with 8 writers in \`resumos.test.ts\`).`,
  ].join('\n');

  const contas = [
    `Measured ${when} on ${cpu}, with \`npm run bench:dashboard\` (same run and data set as "Dashboard").`,
    dataset,
    '',
    `\`GET /api/financeiro/receber\` unfiltered (its first page by due date, the capped count, the footer totals em aberto / vencido / pago) through HTTP, beside its statements alone, as in "Dashboard". ${iterations} calls after ${LIST_WARMUP} warm-up ones; ms.`,
    '',
    ...head,
    row(lista),
    row(listaPagar),
    row(filtrada),
    `| footer's plain aggregate alone (before migration 0049: every receivable and its baixas) | — | — | ${ms(rodapePlano.p50)} | ${ms(rodapePlano.p95)} | ${formatLoad(rodapePlanoFig)} |`,
    '',
    `Target (issue 30): unfiltered p95 < 50 ms, flat as títulos grow — p95 ${ms(lista.http.p95)} ms (${lista.http.p95 < 50 ? 'met' : 'NOT met'}).`,
    '',
    "How: with no filter (only page, order and direction), the footer comes from the read models of migration 0049 — `financeiro_abertos_dia` (em aberto: the type's rows; vencido: its rows due before today) and `financeiro_baixas_total` (pago: Σ principal of the active baixas per type) — kept in the títulos' and baixas' own transactions and equal to the plain aggregate (tested in `resumos.test.ts` after mixed writes, on PGlite and PostgreSQL with concurrent writers). Any filter (status, due dates, pessoa, classe, centro, conta, forma, origem, search) keeps the plain aggregate over the filter, as the read models are not keyed by it; the row with `?status=abertos` shows that path. The page walks `(tipo, data_vencimento, id)`; the count stops at the cap.",
  ].join('\n');

  const maxP95 = Math.max(...porPeriodo.map((p) => p.http.p95));
  const periodosTexto = [
    `Measured ${when} on ${cpu}, with \`npm run bench:dashboard\` (same run and data set as "Dashboard").`,
    dataset,
    '',
    `The whole page's data for each period of the selector: the ten requests the page sends (commercial cards with the previous period, sales series, top products/customers/sellers, regions, the stock cards and value by group, the finance cards and the 8 weeks of due dates) sent at once through HTTP, ${periodIterations} times after ${AQUECIMENTO} warm-up ones (the server's ten pooled connections each run the statements once); beside them the same requests' statements replayed at once on the bench's pool (4 connections). Times in ms.`,
    '',
    ...head,
    ...porPeriodo.map(row),
    '',
    `After 35 s with no request (the user back on the page; the server keeps its connections), the 30 days' page, 3 times: ${pausa.ms.map((x) => ms(x)).join(', ')} ms, load ${formatLoad(pausa.load)}.`,
    '',
    'The "ano" period\'s commercial requests one at a time (where the time goes):',
    '',
    ...head,
    ...detalhe.map(row),
    '',
    `Target (issue 35): the whole page p95 < 100 ms for any period — worst p95 ${ms(maxP95)} ms (${maxP95 < 100 ? 'met' : 'NOT met'}), with the long ranges' bases built (migration 0085; the server builds those of 30/90 days and the year at start and every minute when stale, and a custom range's when a page first misses it — this run waited for them before measuring).`,
    '',
    'Right after a change before today (an older order edited or cancelled, a rebuild), the bases are stale until the server rebuilds them: the page then reads the whole range. Each of 10 times: the bases made stale (`versao` + 1), the whole page timed, then the time until both bases (products, customers) were valid again:',
    '',
    '| what | HTTP p50 | HTTP p95 | rebuild p50 | rebuild p95 | load (median, min–max) |',
    '|---|---:|---:|---:|---:|---|',
    ...semBase.map(
      (b) =>
        `| ${b.label} | ${ms(b.http.p50)} | ${ms(b.http.p95)} | ${ms(b.rebuild.p50)} | ${ms(b.rebuild.p95)} | ${formatLoad(b.load)} |`,
    ),
    '',
    "How: the cards' totals read the period's months off `dashboard_vendas_mes` and its loose days off `dashboard_vendas_dia_total` (per day, in slices; migration 0082), which the series reads too (one row per day and slice); sellers and regions read the whole months off `dashboard_vendas_mes_vendedor_regiao` (0082) and only the loose days off `dashboard_vendas_dia` (per day, seller and region; 0065); products and customers read three or more whole months off the per-year running sums (`relatorio_vendas_produto_ano`, `dashboard_vendas_cliente_ano`; 0078, 0080) — one row per product or customer sold —, fewer off `dashboard_vendas_produto_mes` / `dashboard_vendas_cliente_mes`, and the loose days at the ends off `dashboard_vendas_produto_dia` / `dashboard_vendas_cliente_dia`; those statements run without parallel workers (the page's requests run at once on the same cores). A single calendar month stays on the old path (the top of the month's index). Past 28 days before today, the products' count and top and the customers' top come from the range's base (`dashboard_bases`, migration 0085: the count and the top 20 with ties of the days before today, computed once and valid while nothing before its cut-off changes), today's rows (`dashboard_vendas_produto_dia` / `dashboard_vendas_cliente_dia`) and those keys' own sums before today — a few thousand rows instead of one per product (customer) sold in the range; without a valid base, one row per product (customer) sold in the range, as the rows \"sem base\" show.",
  ].join('\n');

  if (write) {
    // the previous "Dashboard" figures stay below the new ones, as history
    const doc = fs.readFileSync(path.join(root, 'docs/benchmarks.md'), 'utf8');
    const ini = doc.indexOf('## Dashboard\n');
    const fimSecao = ini === -1 ? -1 : doc.indexOf('\n## ', ini + 5);
    const anterior =
      ini === -1
        ? ''
        : doc.slice(ini + '## Dashboard\n'.length, fimSecao === -1 ? undefined : fimSecao).trim();
    const historico = anterior.split('\n### History')[0]!.trim();
    const antigos = anterior.includes('\n### History')
      ? anterior.slice(anterior.indexOf('\n### History') + '\n### History'.length).trim()
      : '';
    writeSection(
      'Dashboard',
      [dashboard, '', '### History', '', historico.replace(/^/gm, ''), antigos ? `\n${antigos}` : ''].join(
        '\n',
      ),
    );
    writeSection('Dashboard — períodos e gráficos (issue 35)', periodosTexto);
    writeSection('Contas a receber (lista)', contas);
    console.log('docs/benchmarks.md: seções "## Dashboard" e "## Contas a receber (lista)" atualizadas.');
  } else console.log(`${dashboard}\n\n${periodosTexto}\n\n${contas}`);
} finally {
  await server.stop();
  await database.close();
}
