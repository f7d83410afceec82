// The order entry's searches on PostgreSQL, with their plans (issue 14): the product search
// (GET /api/comercial/produtos?q= → buscaProdutosVenda, the products register's search) over
// 100,000 products and the customer search (GET /api/cadastros/clientes?q=&ativo=true&pageSize=20
// → clientesService.list) over 200,000 customers. Both filter the stored column `busca`
// (erp_normaliza / erp_busca) with one `like '%word%'` per typed word, served by the pg_trgm GIN
// indexes products_busca_trgm_idx and clientes_busca_trgm_idx (migrations 0003, 0005, 0023; PGlite
// loads the pg_trgm contrib extension too, so the same migrations run there).
// Each scenario: the service called 5 times warm, then 30 times measured (p50/p95), and the SQL it
// sent captured and run again under EXPLAIN (ANALYZE, BUFFERS): the indexes each statement used.
//   npx tsx bench/comercial/busca.ts [--regenerate] [--drop] [--no-write] [--plans]
//     [--before <checkout> [--before-label <what it is>]]
// Writes the "Busca do pedido (produtos e clientes)" section of docs/benchmarks.md. `--before`
// names another checkout of the repository (e.g. `git worktree add --detach /tmp/antes <commit>`,
// node_modules linked in): its two services are loaded beside ours and every measured call
// alternates between them on the same database, so before and after see the same load.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rowsOf } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { JANELA_DA_ORDEM, JANELA_MIN_CORRESPONDENCIAS } from '../../apps/server/src/lib/list-query.ts';
import { clientesService } from '../../apps/server/src/modules/cadastros/clientes.service.ts';
import { buscaProdutosVenda } from '../../apps/server/src/modules/comercial/consultas.service.ts';
import { clientesListQuerySchema } from '../../packages/shared/src/index.ts';
import { datasetStatements, FULL_SIZE } from '../estoque/dataset.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const SERVER_URL = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = 'erp_bench_busca';
const flag = (f: string) => process.argv.includes(`--${f}`);
const option = (f: string) => {
  const i = process.argv.indexOf(`--${f}`);
  return i === -1 ? undefined : process.argv[i + 1];
};

async function admin(text: string) {
  const db = await openDatabase({ databaseUrl: `${SERVER_URL}/postgres`, poolSize: 1 });
  try {
    await db.exec(text);
  } catch (err) {
    if ((err as { code?: string }).code !== '42P04') throw err; // already exists
  } finally {
    await db.close();
  }
}

const lit = (a: readonly string[]) => `(ARRAY[${a.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}])`;
const WORDS = ['Mercado', 'Supermercado', 'Empório', 'Mercearia', 'Atacarejo', 'Padaria', 'Restaurante'];
const NAMES = ['Bom Preço', 'Central', 'São José', 'Popular', 'Estrela', 'Família', 'Vila Nova', 'Boa Vista'];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ferreira',
  'Almeida',
];

/** GTIN-13 with its check digit, in SQL, from a 12-digit number. */
const gtin13 = (n: string) => `(${n} || ((10 - (
  (select sum(substr(${n}, i, 1)::int * case when i % 2 = 0 then 3 else 1 end) from generate_series(1, 12) i)
  % 10)) % 10)::text)`;

async function open(): Promise<Database> {
  if (flag('regenerate')) await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const database = await openDatabase({ databaseUrl: `${SERVER_URL}/${DB_NAME}`, poolSize: 2 });
  await migrate(database.db);
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from products`),
  ) as [{ n: number }];
  if (n > 0) return database;
  const t0 = performance.now();
  // the stock bench's 100,000 products (groups, names, brands), then GTINs and packagings
  const [grupos, produtos] = datasetStatements(FULL_SIZE, new Date().toISOString());
  const carga = [
    grupos!.sql,
    produtos!.sql,
    `update products set gtin = ${gtin13(`'789' || lpad(substr(codigo, 2), 9, '0')`)} where codigo ~ '^P[0-9]{6}$'`,
    `insert into unidades (sigla, descricao, casas_decimais) values ('CX', 'Caixa', 0) on conflict do nothing`,
    `insert into produto_embalagens (produto_id, unidade, fator, gtin, padrao_compra, padrao_venda)
       select id, 'CX', 12, ${gtin13(`'178' || lpad(substr(codigo, 2), 9, '0')`)}, true, true
       from products where codigo ~ '^P[0-9]{6}$' and substr(codigo, 2)::int % 3 = 0`,
    `insert into clientes (tipo_pessoa, documento, razao_social, nome_fantasia, limite_credito, ativo)
       select case when g % 10 < 7 then 'J' else 'F' end,
         case when g % 10 < 7 then lpad(g::text, 12, '0') || '91' else lpad(g::text, 11, '0') end,
         case when g % 10 < 7
           then ${lit(WORDS)}[1 + g % ${WORDS.length}] || ' ' || ${lit(NAMES)}[1 + (g / 7) % ${NAMES.length}] || ' '
             || ${lit(SURNAMES)}[1 + (g / 11) % ${SURNAMES.length}] || ' Ltda'
           else ${lit(SURNAMES)}[1 + (g / 3) % ${SURNAMES.length}] || ' ' || ${lit(NAMES)}[1 + (g / 13) % ${NAMES.length}]
             || ' ' || ${lit(SURNAMES)}[1 + (g / 5) % ${SURNAMES.length}] end,
         case when g % 10 < 7 then ${lit(WORDS)}[1 + g % ${WORDS.length}] || ' ' || ${lit(NAMES)}[1 + (g / 7) % ${NAMES.length}] end,
         (g % 100) * 1000, g % 40 <> 0
       from generate_series(1, 200000) g`,
  ];
  for (const s of carga)
    await database.exec(`begin; set local session_replication_role = replica; ${s}; commit;`);
  await database.exec('vacuum analyze');
  console.log(`${DB_NAME}: carregado em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return database;
}

// Every statement a service sends, captured at the driver (text and parameters).
type Enviado = { text: string; values: unknown[] };
let capturados: Enviado[] | null = null;
const original = pg.Client.prototype.query;
// biome-ignore lint/suspicious/noExplicitAny: a capturing shim over the driver
(pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
  const cfg = args[0];
  if (capturados && cfg && typeof cfg === 'object' && typeof cfg.text === 'string')
    capturados.push({ text: cfg.text, values: cfg.values ?? (Array.isArray(args[1]) ? args[1] : []) });
  // biome-ignore lint/suspicious/noExplicitAny: same
  return (original as any).apply(this, args);
};

const carga = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

let antes: Awaited<ReturnType<typeof servicosAntes>>;

const pct = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))]!;

/** The two services of another checkout (--before), to be measured beside ours. */
async function servicosAntes() {
  const dir = option('before');
  if (!dir) return undefined;
  const de = async (arquivo: string) => import(path.resolve(dir, arquivo));
  return {
    clientes: (await de('apps/server/src/modules/cadastros/clientes.service.ts'))
      .clientesService as typeof clientesService,
    produtos: (await de('apps/server/src/modules/comercial/consultas.service.ts'))
      .buscaProdutosVenda as typeof buscaProdutosVenda,
  };
}

async function main() {
  const loadInicio = carga();
  antes = await servicosAntes();
  const database = await open();
  const { db } = database;
  const amostra = rowsOf<{ codigo: string; nome: string; gtin: string; cx: string | null }>(
    await db.execute(sql`select p.codigo, p.nome, p.gtin, e.gtin as cx from products p
      left join produto_embalagens e on e.produto_id = p.id where p.codigo = 'P012345' or p.codigo = 'P045678'
      order by p.codigo`),
  );
  const [a, b] = amostra as [(typeof amostra)[number], (typeof amostra)[number]];
  const query = (q: string) => clientesListQuerySchema.parse({ q, ativo: 'true', pageSize: '20' });
  const cliente = (q: string) => ({
    fn: () => clientesService.list(db, query(q)),
    antes: () => antes!.clientes.list(db, query(q)),
  });
  const cenarios: { nome: string; q: string; fn: () => Promise<unknown>; antes: () => Promise<unknown> }[] = [
    {
      nome: 'produto: nome, duas palavras',
      q: a.nome.split(' ').slice(0, 2).join(' ').toLowerCase(),
    },
    {
      nome: 'produto: nome, uma palavra',
      q: a.nome.split(' ')[1]!.toLowerCase(),
    },
    { nome: 'produto: código', q: a.codigo },
    { nome: 'produto: GTIN do produto', q: a.gtin },
    { nome: 'produto: GTIN da caixa', q: b.cx ?? a.gtin },
    // 9,750 products, the first after 3,750 names; accents and capitals typed
    { nome: 'produto: palavra ampla, acento e maiúsculas', q: 'JOÃO' },
    { nome: 'produto: palavra ampla (10 mil)', q: '500' },
    { nome: 'produto: prefixo do código', q: a.codigo.slice(0, 5) },
    { nome: 'produto: 2 caracteres', q: 'kg' },
  ].map((c) => ({ ...c, fn: () => buscaProdutosVenda(db, c.q), antes: () => antes!.produtos(db, c.q) }));
  cenarios.push(
    { nome: 'cliente: razão social, duas palavras', q: 'mercado popular', ...cliente('mercado popular') },
    { nome: 'cliente: nome, uma palavra', q: 'carvalho', ...cliente('carvalho') },
    // 135,000 of the 200,000 customers
    { nome: 'cliente: palavra ampla (Ltda)', q: 'ltda', ...cliente('ltda') },
    // 28,000 customers, the first after 8,000 names
    { nome: 'cliente: palavra ampla, começa adiante', q: 'silva', ...cliente('silva') },
    // 19,000 customers, every one after 140,000 names
    { nome: 'cliente: palavra ampla, no fim da ordem', q: 'restaurante', ...cliente('restaurante') },
    { nome: 'cliente: acentos e maiúsculas', q: 'SÃO JOSÉ', ...cliente('SÃO JOSÉ') },
    { nome: 'cliente: 2 caracteres', q: 'ca', ...cliente('ca') },
    { nome: 'cliente: 2 caracteres, nenhum', q: 'zq', ...cliente('zq') },
    { nome: 'cliente: fantasia', q: 'padaria estrela', ...cliente('padaria estrela') },
    { nome: 'cliente: CNPJ', q: '000000123456', ...cliente('000000123456') },
  );

  const linhas: string[] = [];
  const planos: string[] = [];
  for (const c of cenarios) {
    const tempos: number[] = [];
    const temposAntes: number[] = [];
    const mede = async (fn: () => Promise<unknown>, v: number[]) => {
      const t = performance.now();
      await fn();
      v.push(performance.now() - t);
    };
    for (let i = 0; i < 5; i++) await Promise.all([c.fn(), antes && c.antes()]);
    for (let i = 0; i < 30; i++) {
      await mede(c.fn, tempos);
      if (antes) await mede(c.antes, temposAntes);
    }
    capturados = [];
    const resposta = (await c.fn()) as { items: unknown[] };
    const enviados = capturados;
    capturados = null;
    const indices = new Set<string>();
    let execucao = 0;
    for (const e of enviados) {
      const rows = rowsOf<{ 'QUERY PLAN': string }>(
        await db.execute(sql.raw(`explain (analyze, buffers, costs off) ${inline(e)}`)),
      );
      const plano = rows.map((r) => r['QUERY PLAN']).join('\n');
      for (const m of plano.matchAll(
        /(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g,
      ))
        indices.add(m[1]!);
      if (/Seq Scan on (products|clientes)\b/.test(plano)) indices.add('Seq Scan!');
      execucao += Number(/Execution Time: ([\d.]+)/.exec(plano)?.[1] ?? 0);
      planos.push(`-- ${c.nome} («${c.q}»)\n${plano}`);
    }
    const antesCol = antes
      ? ` ${pct(temposAntes, 0.5).toFixed(1)} / ${pct(temposAntes, 0.95).toFixed(1)} |`
      : '';
    linhas.push(
      `| ${c.nome} | \`${c.q}\` | ${resposta.items.length} | ${pct(tempos, 0.5).toFixed(1)} | ${pct(tempos, 0.95).toFixed(1)} |${antesCol} ${execucao.toFixed(1)} | ${[...indices].join(', ')} |`,
    );
    console.log(linhas.at(-1));
  }
  const load = `${loadInicio} at the start, ${carga()} at the end`;
  const [versao] = rowsOf<{ v: string }>(await db.execute(sql`select split_part(version(), ' on ', 1) as v`));
  const body = `Command: \`npx tsx bench/comercial/busca.ts${antes ? ' --before <checkout> --before-label <commit>' : ''}\` — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${versao!.v}, 2 cores, load average ${load} (shared with other engineers' work: figures are pessimistic; a quiet re-run is due).

Database \`${DB_NAME}\`: the stock bench's 100,000 products (GTIN-13 each, a box packaging CX = 12 with its own GTIN on one in three) and 200,000 customers. The order entry's two searches called through their services — \`buscaProdutosVenda\` (GET /api/comercial/produtos?q=: active products, first 20 by name, with their packagings) and \`clientesService.list\` (GET /api/cadastros/clientes?q=&ativo=true&pageSize=20: page and capped count) — 5 warm-up calls, then 30 measured; then the statements each sent, captured at the driver, run again under \`EXPLAIN (ANALYZE, BUFFERS)\`: "EXPLAIN ms" adds their execution times, "indexes" names every index their plans read (a sequential scan of products or clientes would be listed as "Seq Scan!").

| scenario | q | rows | p50 ms | p95 ms |${antes ? ' before: p50 / p95 ms |' : ''} EXPLAIN ms | indexes |
| --- | --- | ---: | ---: | ---: |${antes ? ' ---: |' : ''} ---: | --- |
${linhas.join('\n')}

A searched page sorted by name (within its first 200 rows) counts its matches first (\`select count(*) from (… limit 10001)\`, the page's total, through the trigram index), and the count chooses the plan. With ${JANELA_MIN_CORRESPONDENCIAS.toLocaleString('en-US')} matches or more, the page is first looked for in the first ${JANELA_DA_ORDEM.toLocaleString('en-US')} names (\`paginaNaJanela\` in \`apps/server/src/lib/list-query.ts\`): the name-order btree (\`products_busca_ordem_idx\`, \`clientes_busca_ordem_idx\`, \`(busca, id)\`) read index-only, the typed words matched on its entries, then only the matching rows fetched by primary key (\`…_pkey\`); a broad word fills the page within a few hundred entries. With fewer matches, or when the window holds fewer than the page (a broad word whose names all sort later, "restaurante", which pays the failed window, 2–3 ms of EXPLAIN time), the matches are read through the trigram index (\`products_busca_trgm_idx\`, \`clientes_busca_trgm_idx\`, GIN \`gin_trgm_ops\` on the stored \`busca\`; pg_trgm from migration 0003, loaded by PGlite too) and sorted (\`busca || ''\`, the same order). Either way the page is exact (the window is a prefix of the order); a GTIN typed in full (8–14 digits) skips the window, as a packaging's GTIN (\`produto_embalagens_gtin_key\`) is ORed with the text. Words of 1–2 characters have no trigram: the planner walks the names in order or scans the table ("zq", matching nothing, reads all 200,000).

${antes ? `What changed (2026-11-23): the window above. The before column is the code before it (${option('before-label') ?? 'another checkout'}: a searched page sorted by name always read every match through the trigram index and sorted them), loaded from a checkout of that commit with \`--before\` and called alternately with ours, call by call, on the same database: a broad word ("carvalho", "ltda", "são josé", "silva", "500") no longer reads its 10,000–135,000 matches but a few hundred index entries; the price: the count now runs before the page instead of beside it, so a search under 5,000 matches waits for it (the cadastros bench's filtered searches too: \`npx tsx bench/cadastros/run.ts\`, p50 +3–9 ms at load 6–8, p95 within target) ("espaguete", "macarrão espaguete"), and a broad word sorting late ("restaurante"; "mercado popular", 5,000 in the middle of the names) pays the failed window before its trigram read.` : ''}

Earlier, 2026-11-23 08:00 (same data set, load 14–17, p50 ms): a GTIN typed in full was matched by \`busca like … OR exists (packaging with that GTIN)\` — an OR the indexes cannot serve together, so the page walked every product in name order and the count read the whole table (GTIN of the product 570–609, of the box 525–606, "Seq Scan" in the plan); it is now \`OR products.id = any(array(select produto_id from produto_embalagens where gtin = …))\`, a BitmapOr of the trigram index and the primary key (8.9–11.6 and 3.4–14.5). With a search, the page sorted by name walked \`…_busca_ordem_idx\` and filtered: fast when the matches come early in name order, a read of most of the table when the word sits in the middle of the names ("espaguete" 235–304, "mercado popular" 179–401, "padaria estrela" 210–520); with a word of 3+ characters the sort is now written as an expression (\`busca || ''\`, same order), so the matches are read through the trigram index and sorted (48–76, 44–74, 32–72). The price: a word that matches many rows early in name order ("carvalho", ~40,000 customers) went from 29–45 to 132–186 — bounded by the matches, where the walk was bounded by the table. EXPLAIN plans: \`npx tsx bench/comercial/busca.ts --no-write --plans\`.`;
  if (!flag('no-write')) writeSection('Busca do pedido (produtos e clientes)', body);
  console.log(body);
  if (flag('plans')) console.log(planos.join('\n\n'));
  await database.close();
  if (flag('drop')) await admin(`drop database if exists ${DB_NAME} with (force)`);
}

/** The statement with its parameters written in (for EXPLAIN, which takes no parameters). */
function inline(e: Enviado): string {
  return e.text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = e.values[Number(n) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v).replace(/'/g, "''")}'`;
  });
}

await main();
