// The search box of the document lists at 1 M orders, through HTTP (issue 30): the order list by a
// customer name word (broad and narrow, with and without a status filter), by número and by a typed
// CNPJ; contas a receber / a pagar by pessoa, description and document; outgoing and incoming notes
// by customer, número and part of the chave. Each request goes to the real server process
// (bench/lib/http.ts) on a copy of the 1 M-order database erp_bench (bench/dashboard/generate.ts);
// beside it, in the same run, the very statements the same request sends (captured once through the
// in-process app) replayed on the bench's own connection — the database's share — and the plan's
// indexes. The load average is sampled during each scenario.
//   npx tsx bench/comercial/pedidos-busca.ts [--fresh] [--keep] [--no-write] [--n 40] [--source erp_bench]
// --fresh copies erp_bench again (createdb -T erp_bench erp_bench_busca); the copy is dropped at the
// end unless --keep. The notes tables are empty in erp_bench: 100,000 outgoing and 50,000 incoming
// notes over its customers and suppliers are bulk-loaded into the copy. Writes the "Busca nas listas
// a 1 M pedidos" section of docs/benchmarks.md.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import {
  captureStatements,
  formatLoad,
  loadSampler,
  ms,
  type SentStatement,
  type Stat,
  startHttpServer,
  statementsTimed,
  stats,
} from '../lib/http.ts';
import { benchApp, benchUser, bulkLoad, dropDatabase, SERVER_URL } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const DB = 'erp_bench_busca';
const flag = (f: string) => process.argv.includes(`--${f}`);
const opt = (f: string) => {
  const i = process.argv.indexOf(`--${f}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const SOURCE = opt('source') ?? 'erp_bench';
const N = Number(opt('n') ?? 40);
const TARGET_P95 = 50;

async function admin(text: string) {
  const db = await openDatabase({ databaseUrl: `${SERVER_URL}/postgres`, poolSize: 1 });
  try {
    await db.exec(text);
  } finally {
    await db.close();
  }
}

/** A copy of erp_bench (CREATE DATABASE … TEMPLATE fails while anyone is connected to it: retried). */
async function copia(): Promise<void> {
  if (flag('fresh')) await dropDatabase(DB);
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(`create database ${DB} template ${SOURCE}`);
      console.log(`${DB}: copied from ${SOURCE}`);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '42P04') return; // already there (kept by --keep)
      if (code === '3D000') throw new Error(`${SOURCE} is missing: npm run bench:dashboard generates it`);
      if (attempt >= 60) throw err;
      console.log(`  ${SOURCE} busy (${(err as Error).message}); retrying`);
      await new Promise((r) => setTimeout(r, 5000));
    }
  }
}

/** Outgoing and incoming notes over the data set's customers and suppliers (none in erp_bench). */
function notasStatements(clientes: number, fornecedores: number) {
  const chave = (n: string, doc: string) =>
    `'3526' || lpad(((${n}) % 12 + 1)::text, 2, '0') || ${doc} || '55' || '001' || lpad((${n})::text, 9, '0') || '1' || lpad(((${n})::bigint * 7919 % 100000000)::text, 8, '0') || ((${n}) % 10)::text`;
  return [
    {
      label: 'notas_fiscais (100,000)',
      sql: `insert into notas_fiscais (cliente_id, serie, numero, chave, status, ambiente, emissao, valor_total, xml)
        select c.id, 1, n, ${chave('n', 'c.documento')}, case when n % 20 = 0 then 'cancelada' else 'autorizada' end, '2',
               now() - ((100000 - n) * interval '9 minutes'), 100 + n % 5000, '<NFe/>'
        from generate_series(1, 100000) n
        join (select id, documento, row_number() over (order by id) - 1 as k from clientes) c
          on c.k = (n::bigint * 7867) % ${clientes}`,
    },
    {
      label: 'entradas (50,000)',
      sql: `insert into entradas (fornecedor_id, origem, status, chave, modelo, serie, numero, emissao, emitente_nome,
          emitente_documento, valor_nota)
        select f.id, 'manual', 'rascunho', ${chave('n', 'f.documento')}, '55', 1, n,
               now() - ((50000 - n) * interval '17 minutes'), f.razao_social, f.documento, 100 + n % 5000
        from generate_series(1, 50000) n
        join (select id, documento, razao_social, row_number() over (order by id) - 1 as k from fornecedores) f
          on f.k = n % ${fornecedores}`,
    },
  ];
}

type Linha = {
  nome: string;
  path: string;
  http: Stat;
  sql: Stat;
  total: number | string;
  indices: string;
  load: string;
};

/** The indexes the captured statements' plans read, and whether a table is read whole. */
async function indicesDoPlano(database: Database, statements: SentStatement[]): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres pool behind drizzle
  const pool = (database.db as any).$client as import('pg').Pool;
  const client = await pool.connect();
  const nomes = new Set<string>();
  const seq = new Set<string>();
  try {
    for (const s of statements) {
      if (!/^\s*select/i.test(s.text) || /auth_sessions|users/.test(s.text)) continue;
      const r = await client.query(`explain (format json) ${s.text}`, s.values);
      const walk = (node: Record<string, unknown>) => {
        if (typeof node['Index Name'] === 'string') nomes.add(node['Index Name'] as string);
        if (node['Node Type'] === 'Seq Scan') seq.add(String(node['Relation Name']));
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk((r.rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
    }
  } finally {
    client.release();
  }
  const grandes = [
    'sales_orders',
    'financial_accounts',
    'notas_fiscais',
    'entradas',
    'clientes',
    'fornecedores',
  ];
  const lidas = [...seq].filter((t) => grandes.includes(t));
  return [...nomes].sort().join(', ') + (lidas.length ? `; **seq scan: ${lidas.join(', ')}**` : '');
}

async function main() {
  await copia();
  const database = await openDatabase({ databaseUrl: `${SERVER_URL}/${DB}`, poolSize: 4 });
  try {
    let t = performance.now();
    await migrate(database.db); // migration 0047's indexes, when the copy predates them
    console.log(`migrate: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const [{ notas, clientes, fornecedores }] = rowsOf<{
      notas: number;
      clientes: number;
      fornecedores: number;
    }>(
      await database.db.execute(sql`select (select count(*)::int from notas_fiscais) as notas,
        (select count(*)::int from clientes) as clientes, (select count(*)::int from fornecedores) as fornecedores`),
    ) as [{ notas: number; clientes: number; fornecedores: number }];
    if (notas === 0) {
      t = performance.now();
      await bulkLoad(database, notasStatements(clientes, fornecedores));
      await database.exec('vacuum analyze notas_fiscais');
      await database.exec('vacuum analyze entradas');
      console.log(`notes: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    await database.exec('analyze sales_orders');
    await database.exec('analyze financial_accounts');

    // the searched values, read from the data set itself
    const [amostra] = rowsOf<{
      numero: string;
      documento: string;
      nota: number;
      chave: string;
      entrada: number;
      forn: string;
      doc_titulo: string;
    }>(
      await database.db.execute(sql`select
        (select numero::text from sales_orders order by numero desc offset 123456 limit 1) as numero,
        (select c.documento from clientes c join sales_orders o on o.cliente_id = c.id order by o.numero desc offset 5000 limit 1) as documento,
        (select numero from notas_fiscais order by numero desc offset 4321 limit 1) as nota,
        (select substr(chave, 7, 20) from notas_fiscais order by numero desc offset 777 limit 1) as chave,
        (select numero from entradas order by numero desc offset 321 limit 1) as entrada,
        (select split_part(razao_social, ' ', 2) from fornecedores order by id limit 1) as forn,
        (select documento from financial_accounts where tipo = 'pagar' order by id offset 999 limit 1) as doc_titulo`),
    );
    const a = amostra!;
    const cnpj = a.documento.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\w{2})$/, '$1.$2.$3/$4-$5');
    const q = (s: string) => encodeURIComponent(s);
    const cenarios: [string, string][] = [
      ['Pedidos: palavra ampla do nome ("carvalho", ~5 %)', `/api/comercial/pedidos?q=${q('carvalho')}`],
      [
        'Pedidos: palavra ampla + situação faturado',
        `/api/comercial/pedidos?q=${q('carvalho')}&status=faturado`,
      ],
      [
        'Pedidos: palavra ampla + situação bloqueado (rara)',
        `/api/comercial/pedidos?q=${q('carvalho')}&status=bloqueado`,
      ],
      [
        'Pedidos: três palavras ("padaria silva santos")',
        `/api/comercial/pedidos?q=${q('padaria silva santos')}`,
      ],
      [
        'Pedidos: três palavras + situação entregue',
        `/api/comercial/pedidos?q=${q('padaria silva santos')}&status=entregue`,
      ],
      ['Pedidos: palavra com acento ("araújo")', `/api/comercial/pedidos?q=${q('araújo')}`],
      ['Pedidos: por número', `/api/comercial/pedidos?q=${a.numero}`],
      ['Pedidos: por CNPJ digitado com máscara', `/api/comercial/pedidos?q=${q(cnpj)}`],
      ['A receber: nome ("oliveira")', `/api/financeiro/receber?q=${q('oliveira')}`],
      ['A receber: nome + abertos', `/api/financeiro/receber?q=${q('oliveira')}&status=abertos`],
      ['A pagar: documento', `/api/financeiro/pagar?q=${q(a.doc_titulo)}`],
      ['A pagar: fornecedor ("fornecedora")', `/api/financeiro/pagar?q=${q(`fornecedora ${a.forn}`)}`],
      ['NF-e de saída: cliente ("mercado silva")', `/api/notasfiscais/saida?q=${q('mercado silva')}`],
      ['NF-e de saída: por número', `/api/notasfiscais/saida?q=${a.nota}`],
      ['NF-e de saída: parte da chave', `/api/notasfiscais/saida?q=${a.chave}`],
      ['Entradas: fornecedor', `/api/estoque/entradas?q=${q(a.forn)}`],
      ['Entradas: por número', `/api/estoque/entradas?q=${a.entrada}`],
    ];

    const server = await startHttpServer(database, DB);
    const { token, jwtSecret } = await benchUser(database, 'bench-busca-capture@bench.local', 'admin');
    const app = benchApp(database, DB, jwtSecret);
    const linhas: Linha[] = [];
    try {
      for (const [nome, path] of cenarios) {
        const statements = await captureStatements(async () => {
          const res = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
          if (res.status !== 200)
            throw new Error(`${path} (in process) → ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        });
        const sampler = loadSampler();
        let body: { total?: number; totalIsLowerBound?: boolean } = {};
        for (let i = 0; i < 5; i++) await server.request('GET', path);
        const samples: number[] = [];
        for (let i = 0; i < N; i++) {
          const t0 = performance.now();
          body = (await server.request('GET', path)).body as typeof body;
          samples.push(performance.now() - t0);
        }
        const sqlStat = await statementsTimed(database, statements, N);
        const load = sampler.stop();
        const linha: Linha = {
          nome,
          path,
          http: stats(samples),
          sql: sqlStat,
          total: `${body.total ?? '?'}${body.totalIsLowerBound ? '+' : ''}`,
          indices: await indicesDoPlano(database, statements),
          load: formatLoad(load),
        };
        linhas.push(linha);
        console.log(
          `${nome}: HTTP p50 ${ms(linha.http.p50)} p95 ${ms(linha.http.p95)} | SQL p50 ${ms(linha.sql.p50)} p95 ${ms(linha.sql.p95)} | ${linha.total} | load ${linha.load} | ${linha.indices}`,
        );
      }
    } finally {
      await server.stop();
    }

    const [tamanho] = rowsOf<{ pedidos: number; titulos: number }>(
      await database.db.execute(sql`select (select count(*)::int from sales_orders) as pedidos,
        (select count(*)::int from financial_accounts) as titulos`),
    );
    const acima = linhas.filter((l) => l.http.p95 >= TARGET_P95);
    const body = `Issue 30: every list's search box on an index (migration 0047, \`apps/server/src/lib/busca-listas.ts\`):
a stored \`busca\` column (erp_normaliza() of the customer name on orders; of pessoa, description and document on
títulos; of chave, issuer and document on incoming notes) with a trigram GIN index — stored, as erp_normaliza()'s
translate() costs ~10 µs a row and every trigram candidate is rechecked; número by its btree; a typed CPF/CNPJ
and the outgoing notes' customer through the customers' own trigram index; the outgoing notes' chave by a trigram
index on it. A searched order or título page runs its capped count first, capped at 1,000 (decision 0011: the
page shows "mais de 1.000"; unsearched lists keep 10,000): up to 1,000 matches are read by primary key and
sorted, more walk the list order. Measured through HTTP on the real server process (\`bench/lib/http.ts\`), ${N} requests per
scenario after 5 warm-ups, on a copy of erp_bench (${tamanho!.pedidos.toLocaleString('en')} orders,
${tamanho!.titulos.toLocaleString('en')} títulos; 100,000 outgoing and 50,000 incoming notes added), PostgreSQL
on ${os.cpus().length} cores shared with other work. "SQL" is the statements the same request sends (session check
included), captured through the in-process app and replayed on one connection in the same run.
\`npm run bench:pedidos-busca\` — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.

| busca | HTTP p50 / p95 (ms) | SQL p50 / p95 (ms) | total | load 1 min | índices no plano |
|---|---|---|---|---|---|
${linhas
  .map(
    (l) =>
      `| ${l.nome} | ${ms(l.http.p50)} / ${ms(l.http.p95)} | ${ms(l.sql.p50)} / ${ms(l.sql.p95)} | ${l.total} | ${l.load} | ${l.indices} |`,
  )
  .join('\n')}

Target p95 < ${TARGET_P95} ms through the API: ${acima.length ? `**missed by ${acima.map((l) => `${l.nome} (${ms(l.http.p95)} ms)`).join('; ')}**` : 'met by every scenario'}.
Before (issue 30's measurement, the same data set): the order search by name p50 2.6 s, p95 7.3 s with a
status filter — a parallel scan of the 1 M orders.`;
    if (!flag('no-write')) writeSection('Busca nas listas a 1 M pedidos', body);
    console.log(body);
    if (acima.length) process.exitCode = 1;
  } finally {
    await database.close();
    if (!flag('keep')) await dropDatabase(DB);
  }
}

await main();
