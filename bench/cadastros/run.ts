// Cadastros benchmark: the customer list with search and filters, 200,000 customers on
// PostgreSQL (database erp_bench_cadastros), through HTTP on the real server process
// (session check + zod validation + SQL with count + JSON), one request at a time, beside the
// same request's SQL replayed alone.
// Writes the "## Cadastros" section of docs/benchmarks.md.
//   npm run bench:cadastros
//   npx tsx bench/cadastros/run.ts [--customers 200000] [--iterations 100] [--regenerate] [--no-write]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { cidades } from '../../apps/server/src/db/seed/demo-data.ts';
import { captureApp, type EndpointFigures, endpointTable, getVsSql } from '../lib/endpoint.ts';
import { formatLoad, loadSampler, startHttpServer, stats } from '../lib/http.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'erp_bench_cadastros';
const CUSTOMERS = Number(arg('customers') ?? '200000');
const ITERATIONS = Number(arg('iterations') ?? '100');

async function ensureDatabase() {
  const admin = await openDatabase({ databaseUrl: `${SERVER_URL}/postgres`, poolSize: 1 });
  if (process.argv.includes('--regenerate'))
    await admin.exec(`drop database if exists ${DB_NAME} with (force)`);
  try {
    await admin.exec(`create database ${DB_NAME}`);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // already exists
  } finally {
    await admin.close();
  }
  return openDatabase({ databaseUrl: `${SERVER_URL}/${DB_NAME}`, poolSize: 10 });
}

const words = [
  'Mercado',
  'Supermercado',
  'Empório',
  'Mercearia',
  'Atacarejo',
  'Padaria',
  'Restaurante',
  'Lanchonete',
  'Conveniência',
  'Distribuidora',
];
const names = [
  'Bom Preço',
  'Central',
  'São José',
  'Popular',
  'Estrela',
  'Família',
  'Vila Nova',
  'Boa Vista',
  'Primavera',
  'Santa Luzia',
  'Progresso',
  'União',
  'Real',
  'Ipê',
  'Aurora',
  'São Jorge',
  'Santo Antônio',
];
const surnames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ferreira',
  'Rodrigues',
  'Almeida',
  'Costa',
  'Gomes',
  'Martins',
  'Araújo',
  'Ribeiro',
  'Conceição',
  'Assunção',
];

/** 200,000 customers generated in SQL (fast), with classifications, 12 cities, 20 salespeople. */
async function generate(db: Awaited<ReturnType<typeof ensureDatabase>>) {
  const started = performance.now();
  const lit = (a: readonly string[]) => `(ARRAY[${a.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}])`;
  await db.exec(`
    insert into vendedores (nome, comissao) select 'Vendedor ' || lpad(g::text, 2, '0'), 3 from generate_series(1, 20) g;
    insert into situacoes_cliente (nome, bloqueia_vendas) values ('Regular', false), ('Em análise', false), ('Bloqueado', true);
    insert into regioes_entrega (nome) values ('Capital'), ('Interior'), ('Sul'), ('Sudeste'), ('Norte e Nordeste');
    insert into segmentos (nome) values ('Varejo'), ('Food service'), ('Atacado');
    insert into grupos_empresariais (nome) values ('Rede A'), ('Rede B');
  `);
  await db.exec(`
    with v as (select array_agg(id order by nome) a from vendedores),
         s as (select array_agg(id order by nome) a from situacoes_cliente),
         r as (select array_agg(id order by nome) a from regioes_entrega),
         sg as (select array_agg(id order by nome) a from segmentos)
    insert into clientes (tipo_pessoa, documento, razao_social, nome_fantasia, email, telefone, cep, logradouro,
      numero, bairro, municipio, codigo_municipio, uf, vendedor_id, situacao_id, regiao_id, segmento_id,
      limite_credito, ativo)
    select
      case when g % 10 < 7 then 'J' else 'F' end,
      case when g % 10 < 7 then lpad(g::text, 12, '0') || '91' else lpad(g::text, 11, '0') end,
      case when g % 10 < 7
        then ${lit(words)}[1 + g % ${words.length}] || ' ' || ${lit(names)}[1 + (g / 7) % ${names.length}] || ' ' || ${lit(surnames)}[1 + (g / 11) % ${surnames.length}] || ' Ltda'
        else ${lit(surnames)}[1 + (g / 3) % ${surnames.length}] || ' ' || ${lit(names)}[1 + (g / 13) % ${names.length}] || ' ' || ${lit(surnames)}[1 + (g / 5) % ${surnames.length}]
      end,
      case when g % 10 < 7 then ${lit(words)}[1 + g % ${words.length}] || ' ' || ${lit(names)}[1 + (g / 7) % ${names.length}] end,
      'cliente' || g || '@bench.erp.br',
      '11' || (30000000 + g % 9999999),
      ${lit(cidades.map((c) => c.cep))}[1 + g % ${cidades.length}] || lpad((g % 1000)::text, 3, '0'),
      'Rua ' || g, (g % 3000)::text, 'Centro',
      ${lit(cidades.map((c) => c.municipio))}[1 + g % ${cidades.length}],
      ${lit(cidades.map((c) => c.codigo))}[1 + g % ${cidades.length}],
      ${lit(cidades.map((c) => c.uf))}[1 + g % ${cidades.length}],
      v.a[1 + g % 20], s.a[1 + (g / 17) % 3], r.a[1 + g % 5], sg.a[1 + g % 3],
      (g % 500) * 100, g % 30 <> 29
    from generate_series(1, ${CUSTOMERS}) g, v, s, r, sg;
    analyze;
  `);
  return (performance.now() - started) / 1000;
}

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

async function main() {
  const database = await ensureDatabase();
  await migrate(database.db);
  const count = Number(
    rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from clientes`))[0]!.n,
  );
  let generatedIn: number | null = null;
  if (count !== CUSTOMERS) {
    if (count !== 0) throw new Error(`${DB_NAME} tem ${count} clientes; rode com --regenerate`);
    console.log(`gerando ${CUSTOMERS} clientes…`);
    generatedIn = await generate(database);
  }

  const server = await startHttpServer(database, DB_NAME, {
    role: 'comercial',
    email: 'bench.comercial@bench.erp.br',
  });

  const ids = rowsOf<{ v: string; s: string }>(
    await database.db.execute(sql`select
      (select id from vendedores order by nome offset 3 limit 1) as v,
      (select id from situacoes_cliente order by nome limit 1) as s`),
  )[0]!;
  const scenarios: [string, string][] = [
    ['busca "sao jose" + UF=SP + ativos (página 1, ordem por nome)', `q=sao%20jose&uf=SP&ativo=true`],
    ['busca "silva" + vendedor + situação', `q=silva&vendedor_id=${ids.v}&situacao_id=${ids.s}`],
    ['busca "mercado popular" + UF=SP, página 3', `q=mercado%20popular&uf=SP&page=3`],
    ['busca por documento "00000012345" + ativos', `q=00000012345&ativo=true`],
    ['sem busca, UF=SC, ordem por limite de crédito desc', `uf=SC&sort=limite_credito&dir=desc`],
    ['sem filtro (lista inicial, ativos)', `ativo=true`],
  ];
  const results: { name: string; total: number; figures: EndpointFigures }[] = [];
  const all: number[] = [];
  const sampler = loadSampler();
  try {
    const capture = await captureApp(database, DB_NAME, 'comercial');
    for (const [name, qs] of scenarios) {
      const figures = await getVsSql(server, capture, database, `/api/cadastros/clientes?${qs}`, ITERATIONS);
      const total = (figures.body as { total: number }).total;
      all.push(...figures.samples);
      results.push({ name, total, figures });
      console.log(
        name,
        total,
        `HTTP p95 ${figures.http.p95.toFixed(1)} ms, SQL p95 ${figures.sql.p95.toFixed(1)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
  const load = sampler.stop();
  const overall = stats(all);
  const body = [
    `Command: \`npm run bench:cadastros\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, PostgreSQL ${
      rowsOf<{ server_version: string }>(
        await database.db.execute(sql`show server_version`),
      )[0]!.server_version.split(' ')[0]
    }, 2 cores.`,
    '',
    `${CUSTOMERS.toLocaleString('en-US')} customers in \`${DB_NAME}\`${generatedIn ? ` (generated in ${generatedIn.toFixed(0)} s)` : ''}. Through HTTP: the real server process (\`bench/lib/http.ts\`: \`node --import tsx apps/server/src/main.ts\` on the database, production mode) answers \`fetch\` over loopback — session check, zod validation of the query, page query with joins + capped count, JSON —, one request at a time, ${ITERATIONS} times per scenario after 5 warm-up requests; page size 25, as the comercial role. "Its SQL": the statements the same request sends (captured once through the in-process app, session check included) replayed with their parameters on one connection of the bench, ${ITERATIONS} times, right after; "SQL / HTTP" is the database's share of the wait. Times in ms.`,
    '',
    endpointTable(
      [{ header: 'scenario (GET /api/cadastros/clientes)' }, { header: 'matches', right: true }],
      results.map((r) => ({ cells: [r.name, r.total.toLocaleString('en-US')], figures: r.figures })),
    ),
    `| **all scenarios, through HTTP** | | ${overall.p50.toFixed(1)} | **${overall.p95.toFixed(1)}** | ${overall.max.toFixed(1)} | | | | ${formatLoad(load)} |`,
    '',
    `Target: list page with search and filter p95 < 100 ms — ${overall.p95 < 100 ? 'met' : '**not met**'}.`,
    'Search: the stored generated column `busca` = `erp_normaliza(razão social ‖ fantasia ‖ documento)` (accents and case folded) with a trigram GIN index, one `like` per typed word. Name order: btree `(busca, id)` (busca starts with the normalised name). Totals are counted up to 10,000 (`COUNT_CAP`; above it the screen shows "mais de 10.000"), so an unfiltered page never counts 200,000 rows.',
    `Load average (1 min) over the whole run: median ${formatLoad(load)} (min–max); 1 / 5 / 15 min at the end: ${loadavg()} (the 2 cores are shared with other work; figures under load are pessimistic).`,
  ].join('\n');
  if (!process.argv.includes('--no-write')) writeSection('Cadastros', body);
  console.log(body);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
