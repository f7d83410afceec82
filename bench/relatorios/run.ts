// Relatórios benchmark (issue 35, "Measured"): each report's first page for a year, p95 through HTTP
// on the real server process beside its SQL replayed on one connection (bench/lib/endpoint.ts), the
// load average beside both; and the exports of 100,000 rows (XLSX, PDF) timed through HTTP.
// Data: the dashboard bench's 1 M orders / 3 M items (bench/dashboard/generate.ts, database
// erp_bench, generated here when missing) copied to erp_bench_relatorios (createdb -T), migrated (0067
// freezes every item's cost from the product's custo médio), vacuumed and analysed.
// Run under the bench lock: flock /tmp/coord/bench.lock npm run bench:relatorios
//   npx tsx bench/relatorios/run.ts [--iterations 20] [--fresh] [--no-write]
//     [--only preparar|paginas|exportacoes]  (the data set alone, the report pages alone, the exports alone;
//     a partial run never rewrites docs/benchmarks.md)
import { execSync } from 'node:child_process';
import { addDays, businessToday } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { baseValida, passadoDe } from '../../apps/server/src/modules/dashboard/dashboard-bases.service.ts';
import { captureApp, endpointTable, getVsSql } from '../lib/endpoint.ts';
import { formatLoad, loadSampler, startHttpServer, stats } from '../lib/http.ts';
import { argValue, dropDatabase, openMigratedDatabase, SERVER_URL } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const ITERATIONS = Number(argValue('iterations') ?? '20');
const ONLY = argValue('only');
const DB_NAME = 'erp_bench_relatorios';
const psql = (q: string, db = 'postgres') =>
  execSync(`psql ${SERVER_URL}/${db} -Atc "${q}"`, { encoding: 'utf8' }).trim();

const temBase = psql(`select count(*) from pg_database where datname = 'erp_bench'`) === '1';
if (!temBase) {
  console.log('erp_bench ausente: gerando (bench/dashboard/generate.ts, 1 M pedidos)…');
  execSync('npx tsx bench/dashboard/generate.ts --target postgres --migrations-at HEAD', {
    stdio: 'inherit',
  });
}
const temCopia = psql(`select count(*) from pg_database where datname = '${DB_NAME}'`) === '1';
if (process.argv.includes('--fresh') || !temCopia) {
  await dropDatabase(DB_NAME);
  console.log(`copiando erp_bench para ${DB_NAME}…`);
  psql(`create database ${DB_NAME} template erp_bench`);
}
const t0 = performance.now();
const database = await openMigratedDatabase(DB_NAME, { poolSize: 2 });
console.log(`migrado em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const [sem] = rowsOf<{ n: number }>(
  await database.db.execute(
    sql`select count(*)::int as n from sales_order_items where custo_unitario is null`,
  ),
);
if (sem!.n > 0) {
  console.log(`${sem!.n} itens sem custo: sales_order_items_custo_preencher()…`);
  // Triggers off for the backfill (a bulk load's, as the generator's): with them on, the audit and
  // the read models' triggers of 3 M updated items took over 20 minutes. Then the read models
  // that sum the cost are rebuilt (migrations 0075 and 0076). Two calls for VACUUM: a multi-statement exec is
  // one implicit transaction, where VACUUM cannot run.
  await database.exec(
    'set local session_replication_role = replica; select sales_order_items_custo_preencher();',
  );
  await database.exec('select relatorio_vendas_dia_recalcular()');
  await database.exec('select relatorio_vendas_pedido_recalcular()');
  await database.exec('vacuum analyze sales_order_items');
}
// The rebuilt read models hold as many dead rows as live ones until vacuumed (a rebuild deletes and
// inserts every row); in service, autovacuum keeps them so and sets the visibility map that the
// customers' index-only scans rely on (migration 0077). A bench on the unvacuumed copy read twice
// the pages: 26,699 heap pages for the year's 319,068 order rows.
await database.exec('vacuum analyze relatorio_vendas_dia');
await database.exec('vacuum analyze relatorio_vendas_pedido');
await database.exec('analyze sales_orders; analyze products;');
const [tam] = rowsOf<{ pedidos: number; itens: number; produtos: number; ultimo: string }>(
  await database.db.execute(sql`select (select count(*)::int from sales_orders) as pedidos,
    (select count(*)::int from sales_order_items) as itens, (select count(*)::int from products) as produtos,
    (select max(data_emissao)::text from sales_orders) as ultimo`),
);
const ate = tam!.ultimo;
const umAno = (() => {
  const d = new Date(`${ate}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();
console.log(
  `${tam!.pedidos} pedidos, ${tam!.itens} itens, ${tam!.produtos} produtos; ano: ${umAno} a ${ate}`,
);
if (ONLY === 'preparar') {
  await database.close();
  process.exit(0);
}

const server = await startHttpServer(database, DB_NAME, {
  role: 'admin',
  email: 'bench-relatorios@bench.local',
});
const capture = await captureApp(database, DB_NAME, 'admin');
const periodo = `de=${umAno}&ate=${ate}`;
const paginas: [string, string][] = [
  ['Vendas por produto', `/api/relatorios/vendas?${periodo}&agrupar=produto`],
  ['Vendas por cliente', `/api/relatorios/vendas?${periodo}&agrupar=cliente`],
  ['Vendas por vendedor', `/api/relatorios/vendas?${periodo}&agrupar=vendedor`],
  ['Vendas por mês', `/api/relatorios/vendas?${periodo}&agrupar=mes&sort=rotulo&dir=asc`],
  ['Curva ABC de produtos (receita)', `/api/relatorios/curva-abc?${periodo}&dimensao=produto`],
  ['Curva ABC de clientes (margem)', `/api/relatorios/curva-abc?${periodo}&dimensao=cliente&criterio=margem`],
];
const linhas: { cells: string[]; figures: Awaited<ReturnType<typeof getVsSql>> }[] = [];
// The Curva ABC's bases (migration 0086; Vendas por cliente sorted by revenue reads the customers' by
// revenue): a page that misses its range's asks the server's sweep for it. The pages are measured as
// users meet them once it is built (waited for here); the rows "sem base" below time the page right
// after a change before today made it stale, and its rebuild.
const CURVAS = [
  ['Vendas por cliente', 'abc_cliente_receita'],
  ['Curva ABC de produtos (receita)', 'abc_produto_receita'],
  ['Curva ABC de clientes (margem)', 'abc_cliente_margem'],
] as const;
const esperaBase = async (modelo: (typeof CURVAS)[number][1]) => {
  const passado = passadoDe({ inicio: umAno, fim: addDays(ate, 1) }, businessToday());
  if (!passado) return 0;
  const inicio = Date.now();
  for (;;) {
    if (await baseValida(database.db, modelo, passado)) return Date.now() - inicio;
    if (Date.now() - inicio > 600_000) throw new Error(`the base ${modelo} was not built in 600 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const semBase: string[] = [];
try {
  for (const [nome, modelo] of ONLY === 'exportacoes' ? [] : CURVAS) {
    await server.request('GET', paginas.find(([n]) => n === nome)![1]);
    console.log(`${nome}: base pronta em ${await esperaBase(modelo)} ms`);
  }
  for (const [nome, url] of ONLY === 'exportacoes' ? [] : paginas) {
    const figures = await getVsSql(server, capture, database, url, ITERATIONS, 3);
    console.log(
      `${nome}: HTTP p95 ${figures.http.p95.toFixed(0)} ms, SQL p95 ${figures.sql.p95.toFixed(0)} ms`,
    );
    linhas.push({ cells: [nome], figures });
  }
  for (const [nome, modelo] of ONLY === 'exportacoes' ? [] : CURVAS) {
    const url = paginas.find(([n]) => n === nome)![1];
    const sampler = loadSampler();
    const pagina: number[] = [];
    const rebuild: number[] = [];
    for (let i = 0; i < 10; i++) {
      await database.db.execute(sql`update dashboard_bases_estado set versao = versao + 1`);
      const t = performance.now();
      await server.request('GET', url);
      pagina.push(performance.now() - t);
      rebuild.push(await esperaBase(modelo));
    }
    const [p, r] = [stats(pagina), stats(rebuild)];
    semBase.push(
      `| ${nome} | ${p.p50.toFixed(0)} | ${p.p95.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.max.toFixed(0)} | ${formatLoad(sampler.stop())} |`,
    );
    console.log(semBase.at(-1));
  }
  // exports of ~100,000 rows: the ABC of products (one row per product sold) over the longest window
  // ending on the last day with at most 100,000 products sold
  let dias = 365;
  let produtosVendidos = 0;
  let periodoExport = periodo;
  for (;;) {
    const [c] = rowsOf<{ n: number; de: string }>(
      await database.db.execute(sql`select count(distinct i.product_id)::int as n,
          (${ate}::date - ${dias - 1}::int)::text as de
        from sales_order_items i join sales_orders o on o.id = i.order_id
        where o.data_emissao between ${ate}::date - ${dias - 1}::int and ${ate}::date
          and o.status not in ('orcamento', 'cancelado')`),
    );
    produtosVendidos = c!.n;
    if (produtosVendidos <= 100_000 || dias <= 1) {
      periodoExport = `de=${c!.de}&ate=${ate}`;
      break;
    }
    dias = Math.floor((dias * 100_000) / produtosVendidos) - 1;
  }
  console.log(`exportação: ${dias} dias, ${produtosVendidos} produtos`);
  const exportacoes: string[] = [];
  for (const formato of ONLY === 'paginas' ? [] : (['xlsx', 'pdf'] as const)) {
    const sampler = loadSampler();
    const tempos: number[] = [];
    let bytes = 0;
    let total = '';
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const res = await fetch(
        `${server.url}/api/relatorios/curva-abc/export?${periodoExport}&formato=${formato}`,
        {
          headers: { authorization: `Bearer ${server.token}` },
        },
      );
      bytes = (await res.arrayBuffer()).byteLength;
      total = res.headers.get('x-total-count') ?? '?';
      tempos.push(performance.now() - t);
    }
    const s = stats(tempos);
    exportacoes.push(
      `| Curva ABC de produtos (${dias} days), ${formato.toUpperCase()} | ${total} | ${(bytes / 1e6).toFixed(1)} MB | ${(s.p50 / 1000).toFixed(1)} s | ${(s.max / 1000).toFixed(1)} s | ${formatLoad(sampler.stop())} |`,
    );
    console.log(exportacoes.at(-1));
  }
  const corpo = `\`npm run bench:relatorios\` (under \`flock /tmp/coord/bench.lock\`), PostgreSQL, the dashboard
bench's data set copied to \`${DB_NAME}\`: ${tam!.pedidos.toLocaleString('en')} orders, ${tam!.itens.toLocaleString('en')}
items, ${tam!.produtos.toLocaleString('en')} products over three years; the cost of every item frozen by
migration 0067. Each report's first page (25 rows, the totals, the filters) for one year
(${umAno} to ${ate}), ${ITERATIONS} requests after 3 warm-ups, as admin (no seller scope), through HTTP on
the real server process beside the same request's SQL replayed on one connection; ms. Target: p95 < 500 ms.

${endpointTable([{ header: 'Report, one year' }], linhas)}

The two Curva ABC pages and Vendas por cliente (sorted by revenue: the customers' curve by revenue)
read their range's base (migration 0086: every key's sums of the days before today, built by the
server's sweep when a page first misses it; this run waited for it). Right after a
change before today (an older order edited or cancelled, a rebuild) the base is stale until rebuilt and
the page reads the whole year; 10 times each: the base made stale, the page timed, then the time until
its base was valid again; ms:

| Page without its base | HTTP p50 | HTTP p95 | rebuilt after, p50 | max | load (1 min) |
| --- | ---: | ---: | ---: | ---: | --- |
${semBase.join('\n')}

Exports (the whole result, in the screen's order; 3 runs each through HTTP; target < 10 s for
100,000 rows):

| Export | rows | size | p50 | max | load (1 min) |
| --- | ---: | ---: | ---: | ---: | --- |
${exportacoes.join('\n')}
`;
  console.log(corpo);
  if (!process.argv.includes('--no-write') && !ONLY) writeSection('Relatórios (issue 35)', corpo);
} finally {
  await server.stop();
  await database.close();
}
