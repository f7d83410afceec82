// Dispatch benchmark (issue 21), on PostgreSQL (database erp_bench_expedicao, recreated): the
// assembly screen's API (pedidosDisponiveis: the liberado orders not in a load, sorted by região,
// city, CEP, with the região/city facets) over 5,000 liberado orders among 200,000 others — target
// < 300 ms; unfiltered and filtered by a região. The orders are written by generate_series with
// triggers off (session replication role), then analysed. Writes the "## Expedição" section of
// docs/benchmarks.md.
//   npx tsx bench/expedicao/run.ts [--liberados 5000] [--outros 200000] [--iterations 30] [--no-write]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { pedidosDisponiveis } from '../../apps/server/src/modules/expedicao/cargas-leitura.service.ts';
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

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function openBench(): Promise<Database> {
  const admin = await openDatabase({ databaseUrl: `${SERVER_URL}/postgres`, poolSize: 1 });
  try {
    await admin.exec(`drop database if exists ${DB_NAME} with (force)`);
    await admin.exec(`create database ${DB_NAME}`);
  } finally {
    await admin.close();
  }
  return openDatabase({ databaseUrl: `${SERVER_URL}/${DB_NAME}`, poolSize: 2 });
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

async function mede(fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

async function main() {
  const database = await openBench();
  try {
    const t0 = performance.now();
    await setup(database);
    const carga = ((performance.now() - t0) / 1000).toFixed(1);
    const db = database.db;
    const todos = await pedidosDisponiveis(db, {});
    const regiao = todos.regioes[0]!.id!;
    const a = await mede(() => pedidosDisponiveis(db, {}));
    const b = await mede(() => pedidosDisponiveis(db, { regiao_id: regiao }));
    const load = os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ');
    const body = [
      `Measured ${new Date().toISOString().slice(0, 10)} on PostgreSQL (${os.cpus().length} cores, load ${load}); ${LIBERADOS.toLocaleString('en')} liberado orders among ${(LIBERADOS + OUTROS).toLocaleString('en')}, 3,000 customers in 12 regiões (setup ${carga} s). \`npx tsx bench/expedicao/run.ts\`.`,
      '',
      '| assembly API (`GET /api/expedicao/montagem/pedidos`, service `pedidosDisponiveis`) | p50 | p95 | max | target |',
      '| --- | --- | --- | --- | --- |',
      `| all available (${todos.total} orders; first ${todos.limite} sorted + facets) | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(a.max)} | < 300 ms |`,
      `| one região | ${ms(b.p50)} | ${ms(b.p95)} | ${ms(b.max)} | < 300 ms |`,
    ].join('\n');
    console.log(body);
    if (!process.argv.includes('--no-write')) writeSection('Expedição', body);
  } finally {
    await database.close();
  }
}

await main();
