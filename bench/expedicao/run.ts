// Dispatch benchmark (issue 21), on PostgreSQL (database erp_bench_expedicao, recreated): the
// assembly screen's API through HTTP beside its SQL (pedidosDisponiveis: the liberado orders not in a load, sorted by região,
// city, CEP, with the região/city facets) over 5,000 liberado orders among 200,000 others — target
// < 300 ms; unfiltered and filtered by a região. The orders are written by generate_series with
// triggers off (session replication role), then analysed. Writes the "## Expedição" section of
// docs/benchmarks.md.
//   npx tsx bench/expedicao/run.ts [--liberados 5000] [--outros 200000] [--iterations 30] [--no-write]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { captureApp, endpointTable, getVsSql } from '../lib/endpoint.ts';
import { formatLoad, type HttpServer, loadSampler, startHttpServer } from '../lib/http.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const LIBERADOS = Number(arg('liberados') ?? '5000');
const OUTROS = Number(arg('outros') ?? '200000');
const ITERATIONS = Number(arg('iterations') ?? '30');
const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = 'erp_bench_expedicao';

const PATH = '/api/expedicao/montagem/pedidos';
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

async function openBench(): Promise<Database> {
  const admin = await openDatabase({ databaseUrl: `${SERVER_URL}/postgres`, poolSize: 1 });
  try {
    await admin.exec(`drop database if exists ${DB_NAME} with (force)`);
    await admin.exec(`create database ${DB_NAME}`);
  } finally {
    await admin.close();
  }
  return openDatabase({ databaseUrl: `${SERVER_URL}/${DB_NAME}`, poolSize: 4 });
}

async function setup(database: Database) {
  const db = database.db;
  await migrate(db);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`insert into regioes_entrega (nome) select 'Região ' || g from generate_series(1, 12) g`,
    );
    await tx.execute(sql`insert into clientes (tipo_pessoa, documento, razao_social, municipio, uf, cep, regiao_id)
      select 'J', lpad(g::text, 14, '0'), 'Cliente ' || g, 'Cidade ' || (g % 60), 'SP', lpad((g * 7919 % 99999999)::text, 8, '0'),
        (select id from regioes_entrega order by nome offset (g % 12) limit 1)
      from generate_series(1, 3000) g`);
    await tx.execute(sql`insert into sales_orders (cliente_id, cliente_nome, data_emissao, status, valor_total, regiao_id,
        data_entrega, peso_bruto, volume)
      select c.id, c.razao_social, current_date - (g % 30), case when g <= ${LIBERADOS} then 'liberado'
          else (array['faturado', 'entregue', 'cancelado', 'orcamento'])[1 + g % 4] end,
        (g % 900 + 50)::numeric(14,2), c.regiao_id, current_date + (g % 5), (g % 300)::numeric / 10, (g % 50)::numeric / 1000
      from generate_series(1, ${LIBERADOS + OUTROS}) g
        join lateral (select id, razao_social, regiao_id from clientes offset (g % 3000) limit 1) c on true`);
  });
  await db.execute(sql`analyze`);
}

async function main() {
  const database = await openBench();
  let server: HttpServer | undefined;
  try {
    const t0 = performance.now();
    await setup(database);
    const carga = ((performance.now() - t0) / 1000).toFixed(1);
    server = await startHttpServer(database, DB_NAME, { role: 'comercial' });
    const capture = await captureApp(database, DB_NAME, 'comercial');
    const todos = (await server.request('GET', PATH)).body as {
      total: number;
      limite: number;
      regioes: { id: string | null }[];
    };
    const regiao = todos.regioes.find((r) => r.id)!.id!;
    const sampler = loadSampler();
    const a = await getVsSql(server, capture, database, PATH, ITERATIONS, 3);
    const b = await getVsSql(server, capture, database, `${PATH}?regiao_id=${regiao}`, ITERATIONS, 3);
    const load = sampler.stop();
    const body = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on PostgreSQL (${os.cpus().length} cores, load average 1 min during the run ${formatLoad(load)}, 1 / 5 / 15 min at the end ${loadavg()}); ${LIBERADOS.toLocaleString('en')} liberado orders among ${(LIBERADOS + OUTROS).toLocaleString('en')}, 3,000 customers in 12 regiões (setup ${carga} s). \`npm run bench:expedicao\`.`,
      '',
      `Through HTTP: the real server process (\`bench/lib/http.ts\`, production mode) answers \`fetch\` over loopback as the comercial role, one request at a time, ${ITERATIONS} times after 3 warm-ups; "its SQL": the statements the same request sends (captured once through the in-process app, session check included) replayed with their parameters on one connection, ${ITERATIONS} times, right after. Times in ms; target < 300 ms.`,
      '',
      endpointTable(
        [{ header: 'assembly API (`GET /api/expedicao/montagem/pedidos`)' }],
        [
          {
            cells: [`all available (${todos.total} orders; first ${todos.limite} sorted + facets)`],
            figures: a,
          },
          { cells: ['one região'], figures: b },
        ],
      ),
    ].join('\n');
    console.log(body);
    if (!process.argv.includes('--no-write')) writeSection('Expedição', body);
  } finally {
    await server?.stop();
    await database.close();
  }
}

await main();
