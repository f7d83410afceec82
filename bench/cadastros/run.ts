// Cadastros benchmark: the customer list with search and filters, 200,000 customers on
// PostgreSQL (database erp_bench_cadastros), through the real HTTP app in-process
// (app.request: session check + zod validation + SQL with count + JSON), one request at a time.
// Writes the "## Cadastros" section of docs/benchmarks.md.
//   npm run bench:cadastros
//   npx tsx bench/cadastros/run.ts [--customers 200000] [--iterations 100] [--regenerate] [--no-write]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, rowsOf } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { cidades } from '../../apps/server/src/db/seed/demo-data.ts';
import { createLogger } from '../../apps/server/src/lib/logger.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/password.ts';
import { createSession } from '../../apps/server/src/modules/auth/session.service.ts';
import { signAccessToken } from '../../apps/server/src/modules/auth/tokens.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = 'erp_bench_cadastros';
const CUSTOMERS = Number(arg('customers') ?? '200000');
const ITERATIONS = Number(arg('iterations') ?? '100');
const SECRET = 'bench-secret-with-at-least-32-characters!!';

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

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}

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

  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: SECRET,
    SITE_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/erp-bench-unused',
    DATABASE_URL: `${SERVER_URL}/${DB_NAME}`,
  });
  const jwtSecret = new TextEncoder().encode(SECRET);
  const app = createApp({ database, db: database.db, config, logger: createLogger('silent'), jwtSecret });
  const email = 'bench.comercial@bench.erp.br';
  await database.db.execute(sql`delete from users where email = ${email}`).catch(() => {});
  const [user] = rowsOf<{ id: string }>(
    await database.db.execute(sql`insert into users (email, encrypted_password, email_confirmed_at)
      values (${email}, ${await hashPassword('bench-password-123')}, now()) returning id`),
  );
  await database.db.execute(sql`insert into user_roles (user_id, role) values (${user!.id}, 'comercial')`);
  const session = await createSession(database.db, user!.id, {});
  const { token } = await signAccessToken(
    jwtSecret,
    { sub: user!.id, email, sessionId: session.sessionId },
    3600,
  );

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
  const results: { name: string; p50: number; p95: number; max: number; total: number }[] = [];
  const all: number[] = [];
  for (const [name, qs] of scenarios) {
    const url = `/api/cadastros/clientes?${qs}`;
    let total = 0;
    for (let i = 0; i < 5; i++) await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const t0 = performance.now();
      const res = await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { total: number };
      samples.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(body)}`);
      total = body.total;
    }
    all.push(...samples);
    results.push({ name, total, ...stats(samples) });
    console.log(name, total, stats(samples));
  }
  const overall = stats(all);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const body = [
    `Command: \`npm run bench:cadastros\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, PostgreSQL ${
      rowsOf<{ server_version: string }>(
        await database.db.execute(sql`show server_version`),
      )[0]!.server_version.split(' ')[0]
    }, 2 cores.`,
    '',
    `${CUSTOMERS.toLocaleString('en-US')} customers in \`${DB_NAME}\`${generatedIn ? ` (generated in ${generatedIn.toFixed(0)} s)` : ''}. Each request goes through the real HTTP app in-process (session check against the database, zod validation of the query, page query with joins + count query, JSON), one at a time, ${ITERATIONS} times per scenario after 5 warm-up requests; page size 25.`,
    '',
    '| scenario (GET /api/cadastros/clientes) | matches | p50 | p95 | max |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.total.toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`,
    ),
    `| **all scenarios** | | ${ms(overall.p50)} | **${ms(overall.p95)}** | ${ms(overall.max)} |`,
    '',
    `Target: list page with search and filter p95 < 100 ms — ${overall.p95 < 100 ? 'met' : '**not met**'}.`,
    'Search: the stored generated column `busca` = `erp_normaliza(razão social ‖ fantasia ‖ documento)` (accents and case folded) with a trigram GIN index, one `like` per typed word. Name order: btree `(busca, id)` (busca starts with the normalised name). Totals are counted up to 10,000 (`COUNT_CAP`; above it the screen shows "mais de 10.000"), so an unfiltered page never counts 200,000 rows.',
    `Machine load average during the run: ${loadavg()} (the work tree's other engineers run their tests on the same 2 cores; figures under load are pessimistic).`,
  ].join('\n');
  if (!process.argv.includes('--no-write')) writeSection('Cadastros', body);
  console.log(body);
  await database.db.execute(sql`delete from auth_sessions where user_id = ${user!.id}`).catch(() => {});
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
