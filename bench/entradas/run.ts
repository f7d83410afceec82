// Goods receipt benchmark (issue 17) on PostgreSQL, database erp_bench_entradas: a 500-item NF-e
// (built by montaNfeXml — no third-party document) of a registered supplier whose items are 500
// products found by the GTIN of their box (CX = 12): import (XSD, chave, signature, parse, store,
// automatic mapping), 10 items re-mapped by hand, the missing signature confirmed, then lançar (500
// ledger entradas, custo médio, 3 payables) — through HTTP on the real server process
// (bench/lib/http.ts: session check + zod validation + SQL + JSON). Target: import + map + post < 3 s. Three runs (each
// a new note number); reports each step's median and the total's median and range. Writes the
// "## Entradas" section of docs/benchmarks.md.
//   npm run bench:entradas   (NFE_SCHEMAS_DIR defaults to ../shared/nfe/schemas/PL_010_V1.30)
//   npx tsx bench/entradas/run.ts [--runs 3] [--no-write] [--drop]
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, businessToday, gtinDigito } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rowsOf } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { type ItemExemplo, montaNfeXml } from '../../apps/server/src/modules/entradas/nfe-exemplo.ts';
import { formatLoad, type HttpServer, loadSampler, startHttpServer } from '../lib/http.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = process.env.BENCH_DB_NAME ?? 'erp_bench_entradas';
const SCHEMAS =
  process.env.NFE_SCHEMAS_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/nfe/schemas/PL_010_V1.30');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('runs') ?? '3');
const ITENS = 500;
const EMAIL = 'bench.entradas@bench.erp.br';
const CNPJ = '34128745000152';
const HOJE = businessToday();

async function admin<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ databaseUrl: `${SERVER_URL}/postgres`, poolSize: 1 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const gtin13 = (n: number) => {
  const corpo = `789${String(n).padStart(9, '0')}`;
  return `${corpo}${gtinDigito(corpo)}`;
};
const gtin14 = (ean: string) => {
  const corpo = `1${ean.slice(0, 12)}`;
  return `${corpo}${gtinDigito(corpo)}`;
};

async function prepara(): Promise<Database> {
  await admin((db) => db.exec(`drop database if exists ${DB_NAME} with (force)`));
  await admin((db) => db.exec(`create database ${DB_NAME}`));
  const database = await openDatabase({ databaseUrl: `${SERVER_URL}/${DB_NAME}`, poolSize: 4 });
  await migrate(database.db);
  await database.exec(`insert into unidades (sigla, descricao) values ('CX', 'Caixa') on conflict do nothing;
    insert into fornecedores (tipo_pessoa, documento, razao_social) values ('J', '${CNPJ}', 'Fornecedor Bench Ltda');
    insert into products (codigo, nome, unidade, gtin)
      select 'B' || lpad(g::text, 5, '0'), 'Produto bench ' || g, 'UN', 'SEM GTIN' from generate_series(1, ${ITENS}) g;`);
  // GTINs computed here (check digit), the box packaging of 12
  const prods = rowsOf<{ id: string; codigo: string }>(
    await database.db.execute(sql`select id, codigo from products order by codigo`),
  );
  for (const [i, p] of prods.entries()) {
    const ean = gtin13(i + 1);
    await database.db.execute(sql`update products set gtin = ${ean} where id = ${p.id}`);
    await database.db.execute(sql`insert into produto_embalagens (produto_id, unidade, fator, gtin, padrao_compra)
      values (${p.id}, 'CX', 12, ${gtin14(ean)}, true)`);
  }
  await database.exec('analyze');
  return database;
}

function nota(numero: number): string {
  const itens: ItemExemplo[] = Array.from({ length: ITENS }, (_, i) => {
    const ean = gtin13(i + 1);
    return {
      cProd: `F${i + 1}`,
      xProd: `PRODUTO BENCH ${i + 1} CX 12`,
      cEAN: gtin14(ean),
      cEANTrib: ean,
      uCom: 'CX',
      qCom: `${1 + (i % 9)}.0000`,
      vUnCom: `${(12 + (i % 50)).toFixed(2)}00000000`,
      vIPI: i % 4 === 0 ? '1.50' : undefined,
    };
  });
  const xml0 = montaNfeXml({
    cnpjEmitente: CNPJ,
    nomeEmitente: 'Fornecedor Bench Ltda',
    numero,
    dhEmi: `${HOJE}T08:00:00-03:00`,
    itens,
    cNF: String(10_000_000 + numero),
  });
  const vNF = /<vNF>([\d.]+)<\/vNF>/.exec(xml0)![1]!;
  const cents = Math.round(Number(vNF) * 100);
  const parte = Math.floor(cents / 3);
  const dups = [cents - 2 * parte, parte, parte].map((c, i) => ({
    nDup: String(i + 1).padStart(3, '0'),
    dVenc: addDays(HOJE, 30 * (i + 1)),
    vDup: (c / 100).toFixed(2),
  }));
  return montaNfeXml({
    cnpjEmitente: CNPJ,
    nomeEmitente: 'Fornecedor Bench Ltda',
    numero,
    dhEmi: `${HOJE}T08:00:00-03:00`,
    itens,
    dups,
    cNF: String(10_000_000 + numero),
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${Math.round(x)} ms`;

let server: HttpServer | undefined;

async function main() {
  const database = await prepara();
  // Through HTTP: the real server process on the database (bench/lib/http.ts), as `npm start` runs it.
  server = await startHttpServer(database, DB_NAME, {
    role: 'estoque',
    email: EMAIL,
    env: { NFE_SCHEMAS_DIR: SCHEMAS, BODY_LIMIT_BYTES: String(16 * 1024 * 1024) },
  });
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under measurement
  const call = async (method: string, url: string, body?: unknown): Promise<Record<string, any>> =>
    // biome-ignore lint/suspicious/noExplicitAny: same
    (await server!.request(method, url, body)).body as Record<string, any>;
  const sampler = loadSampler();
  const outroProduto = rowsOf<{ id: string }>(
    await database.db.execute(sql`select id from products order by codigo desc limit 1`),
  )[0]!.id;
  const runs: Array<{ importar: number; mapear: number; lancar: number; total: number; bytes: number }> = [];
  // warm-up: compile the XSD once (a server does it on its first import)
  await call('POST', '/api/estoque/entradas/importar', {
    arquivos: [{ nome: 'w.xml', conteudo_base64: Buffer.from(nota(999)).toString('base64') }],
  });
  for (let r = 0; r < RUNS; r++) {
    const xml = nota(1000 + r);
    const t0 = performance.now();
    const imp = await call('POST', '/api/estoque/entradas/importar', {
      arquivos: [{ nome: `bench-${r}.xml`, conteudo_base64: Buffer.from(xml).toString('base64') }],
    });
    const res = imp.resultados[0];
    if (!res.ok) throw new Error(res.mensagem);
    const e = res.entrada;
    if (e.itens_mapeados !== ITENS) throw new Error(`mapeados ${e.itens_mapeados}`);
    const t1 = performance.now();
    for (const item of e.itens.slice(0, 10))
      await call('PUT', `/api/estoque/entradas/${e.id}/itens/${item.id}`, {
        produto_id: item.produto_id ?? outroProduto,
      });
    await call('POST', `/api/estoque/entradas/${e.id}/confirmar-assinatura`);
    const t2 = performance.now();
    const l = await call('POST', `/api/estoque/entradas/${e.id}/lancar`);
    if (l.status !== 'lancada' || l.titulos.length !== 3) throw new Error('lançamento incompleto');
    const t3 = performance.now();
    runs.push({ importar: t1 - t0, mapear: t2 - t1, lancar: t3 - t2, total: t3 - t0, bytes: xml.length });
    console.log(
      `run ${r + 1}: importar ${ms(t1 - t0)}, mapear ${ms(t2 - t1)}, lançar ${ms(t3 - t2)}, total ${ms(t3 - t0)}`,
    );
  }
  const carga = sampler.stop();
  await server.stop();
  const [movs] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from estoque_movimentos`),
  );
  await database.close();
  if (process.argv.includes('--drop'))
    await admin((db) => db.exec(`drop database if exists ${DB_NAME} with (force)`));
  const totals = runs.map((x) => x.total);
  const body = `Issue 17 target: import, map and post a 500-item NF-e < 3 s on PostgreSQL. \`npm run bench:entradas\`
(PostgreSQL at ${SERVER_URL.replace(/\/\/[^@]*@/, '//')}, ${os.cpus().length} CPUs, Node ${process.version}, ${HOJE}).
A 500-item nfeProc (${Math.round(runs[0]!.bytes / 1024)} KB, built by \`montaNfeXml\`) of a registered supplier, every item a
product found by the GTIN of its box (CX = 12), through HTTP on the real server process (\`bench/lib/http.ts\`,
production mode, as the estoque role): import (XSD, chave, signature,
parse, store, automatic mapping), 10 items mapped by hand + the missing signature confirmed, then lançar (500 ledger
entradas with the custo médio, 3 payables). ${RUNS} runs after one warm-up import; ${movs!.n} ledger rows at the end.
Load average (1 min) during the runs: ${formatLoad(carga)}. No SQL reference here: the steps are writes (a note's
chave is unique, the ledger append-only), so their statements cannot be replayed as they were sent.

| step | median |
| --- | --- |
| import (POST /importar) | ${ms(median(runs.map((x) => x.importar)))} |
| map 10 by hand + confirm | ${ms(median(runs.map((x) => x.mapear)))} |
| lançar (POST /:id/lancar) | ${ms(median(runs.map((x) => x.lancar)))} |
| **total** | **${ms(median(totals))}** (range ${ms(Math.min(...totals))} – ${ms(Math.max(...totals))}) |`;
  console.log(body);
  if (!process.argv.includes('--no-write')) writeSection('Entradas', body);
}

main().catch(async (e) => {
  console.error(e);
  await server?.stop(); // the server is a child process: it would outlive the bench
  process.exit(1);
});
