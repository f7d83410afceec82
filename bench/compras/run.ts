// Compras benchmark (issue 34, "Measured (bench)"): the purchase suggestion of one supplier with
// 5,000 products over 2 years of ledger (10 M rows: 2,000 rows a product, ~2.7 a day — a sale a
// row, a replenishment every 20th, some products running out each cycle, lots near expiry, open
// purchase orders, posted receipts) — p95 through the API, target < 1 s — and the whole catalogue
// (the other suppliers, 5,000 products each, with a lighter history over the two windows the
// suggestion reads), target < 10 s. PostgreSQL database erp_bench_compras (kept between runs with the
// same sizes; --fresh rebuilds it), written by generate_series in replica mode (no triggers), the
// suggestion's daily read model then built by estoque_vendas_dia_recalcular() (migration 0063), both
// vacuumed and analysed; through HTTP on the real server process as the estoque role, beside the same
// request's SQL replayed on one connection (bench/lib/endpoint.ts), load average beside both.
// Writes the "## Compras — sugestão (issue 34)" section of docs/benchmarks.md.
//   npm run bench:compras
//   npx tsx bench/compras/run.ts [--produtos 5000] [--linhas 2000] [--catalogo 100000]
//     [--linhas-catalogo 36] [--iterations 10] [--fresh] [--no-write]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../apps/server/src/db/client.ts';
import { captureApp, endpointTable, getVsSql } from '../lib/endpoint.ts';
import { formatLoad, type HttpServer, loadSampler, startHttpServer, stats } from '../lib/http.ts';
import { argValue, bulkLoad, openMigratedDatabase } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const P = Number(argValue('produtos') ?? '5000');
const L = Number(argValue('linhas') ?? '2000');
const CATALOGO = Number(argValue('catalogo') ?? '100000');
const L_CATALOGO = Number(argValue('linhas-catalogo') ?? '36');
const ITERATIONS = Number(argValue('iterations') ?? '10');
const DB_NAME = 'erp_bench_compras';
const PARAMS = JSON.stringify({ P, L, CATALOGO, L_CATALOGO, v: 3 });
const FORNECEDORES = Math.ceil(CATALOGO / P);
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
/** A deterministic, RFC-valid (v4-shaped) uuid of a text: the API's z.uuid() refuses raw md5s. */
const uid = (x: string) => `overlay(overlay(md5(${x}) placing '4' from 13) placing '8' from 17)::uuid`;
const fid = (n: number | string) => uid(`'f' || ${n}`);
const pid = (g: string) => uid(`'p' || ${g}`);

/**
 * Ledger rows of products lo..hi: `rows` each over the last `span` days. Row k of product g: position
 * pos = k % 20 of a cycle — pos 0 an entrada of 19·s, else a sale of s = 1 + g % 5 (origem pedido);
 * the running balance is base + s·(19 − pos), so base = 2·s never runs out, and base = −4·s (every
 * 10th product) ends ~5 rows of each cycle at ≤ 0 — stock-out days. Written in time order (all
 * products' row k, then k + 1…), as a real ledger interleaves products: a product's rows are spread
 * over the table, not packed together.
 */
function ledger(lo: number, hi: number, rows: number, span: number) {
  return `insert into estoque_movimentos (product_id, local_id, tipo, quantidade, custo_unitario, saldo_produto,
      origem, origem_id, ocorrido_em)
    select ${pid('g')}, ${uid("'local'")},
      case when k % 20 = 0 then 'entrada' else 'saida' end,
      case when k % 20 = 0 then 19 * (1 + g % 5) else -(1 + g % 5) end, 5,
      (case when g % 10 = 0 then -4 else 2 end) * (1 + g % 5) + (1 + g % 5) * (19 - k % 20),
      case when k % 20 = 0 then 'entrada' else 'pedido' end, 'bench',
      now() - interval '${span} days' + (k * ${(span * 86400) / rows}) * interval '1 second' + (g % 3600) * interval '1 second'
    from generate_series(0, ${rows - 1}) k cross join generate_series(${lo}, ${hi}) g`;
}

/** The figures before this round's cuts (and, in one line, before the daily read model), as measured. */
const BEFORE = [
  "**Before** the set-based stock statement and the rule's parsing cuts (2026-11-29 14:04 UTC, same data and machine, read model in place, load 13.8):",
  '',
  '| supplier 1 | HTTP p50 | HTTP p95 | HTTP max | its SQL p50 | its SQL p95 | SQL / HTTP (p50) | load (1 min) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  '| 5,000 products, window 90 days | 1013.6 | 1303.7 | 1303.7 | 777.3 | 834.0 | 0.77 | 13.8 (13.4–14.1) |',
  '| 5,000 products, window 30 days | 958.5 | 1909.8 | 1909.8 | 643.5 | 1177.3 | 0.67 | 13.2 (12.7–13.4) |',
  '| 100 products (produto_ids) | 36.0 | 56.5 | 56.5 | 23.8 | 32.2 | 0.66 | 12.7 (12.7–12.7) |',
  '',
  'The whole catalogue then: 17.6 s one supplier after another (per supplier p50 890 ms), 17.9 s two at a time; load 11.8. Before the daily read model (migration 0063; 10:55 UTC, load 6.1): supplier 1 3.78 s p50 / 7.02 s p95, the whole catalogue 18.2 s one after another, 10.9 s two at a time.',
].join('\n');

async function gerado(database: Database): Promise<boolean> {
  const [r] = rowsOf<{ params: string | null }>(
    await database.db.execute(sql`select (select obj_description('products'::regclass)) as params`),
  );
  return r?.params === PARAMS;
}

async function setup(database: Database) {
  const statements = [
    {
      label: 'units, location, suppliers',
      sql: `insert into unidades (sigla, descricao, casas_decimais) values ('CX', 'Caixa', 0) on conflict do nothing;
        insert into locais_estoque (id, codigo, nome) values (${uid("'local'")}, 'DEP-B', 'Depósito bench');
        insert into fornecedores (id, tipo_pessoa, documento, razao_social, prazo_medio_entrega, pedido_minimo)
          select ${fid('n')}, 'J', lpad(n::text, 14, '0'), 'Fornecedor ' || n || ' Ltda', 10, 5000
          from generate_series(1, ${FORNECEDORES}) n`,
    },
    {
      label: `${CATALOGO.toLocaleString('en')} products, packagings`,
      sql: `insert into products (id, codigo, nome, unidade, ncm, fornecedor_id, custo_medio, preco_custo,
          estoque_minimo, estoque_maximo, peso_bruto, volume, controla_lote, prazo_entrega_dias)
        select ${pid('g')}, 'P' || lpad(g::text, 6, '0'), 'Produto ' || g, 'UN', '21069090',
          ${fid(`((g - 1) / ${P} + 1)`)}, 5, 5,
          case when g % 7 = 0 then 50 else 0 end, case when g % 11 = 0 then 500 else 0 end,
          0.5, 0.001, g % 10 = 3, case when g % 4 = 0 then 7 end
        from generate_series(1, ${CATALOGO}) g;
        insert into produto_embalagens (produto_id, unidade, fator, padrao_compra, padrao_venda)
          select ${pid('g')}, 'CX', 12, true, true from generate_series(1, ${CATALOGO}) g where g % 2 = 0`,
    },
    {
      label: `ledger: ${P.toLocaleString('en')} products × ${L.toLocaleString('en')} rows over 730 days`,
      sql: ledger(1, P, L, 730),
    },
    ...(CATALOGO > P
      ? [
          {
            label: `ledger: the other ${(CATALOGO - P).toLocaleString('en')} products × ${L_CATALOGO} rows over 180 days`,
            sql: ledger(P + 1, CATALOGO, L_CATALOGO, 180),
          },
        ]
      : []),
    {
      label: 'balances and lots (every 10th product: 3 lots, one expired, one in 10 days)',
      sql: `insert into estoque_saldos (produto_id, local_id, saldo, reservado)
          select ${pid('g')}, ${uid("'local'")}, 40 + g % 30, g % 5 from generate_series(1, ${CATALOGO}) g where g % 10 <> 3;
        insert into lotes (id, produto_id, numero, validade)
          select ${uid("'l' || g || '-' || j")}, ${pid('g')}, 'L' || j,
            current_date + (array[-2, 10, 200])[j]
          from generate_series(1, ${CATALOGO}) g cross join generate_series(1, 3) j where g % 10 = 3;
        insert into estoque_saldos (produto_id, local_id, lote_id, saldo)
          select ${pid('g')}, ${uid("'local'")}, ${uid("'l' || g || '-' || j")}, 10 * j
          from generate_series(1, ${CATALOGO}) g cross join generate_series(1, 3) j where g % 10 = 3`,
    },
    {
      label: 'open purchase orders (every 5th product) and posted receipts (every product)',
      sql: `insert into pedidos_compra (id, fornecedor_id, status, valor_produtos, valor_total, aprovado_por, aprovado_em)
          select ${uid("'pc' || n")}, ${fid('n')}, 'aprovado', 0, 0, ${uid("'u'")}, now()
          from generate_series(1, ${FORNECEDORES}) n;
        insert into pedido_compra_itens (pedido_id, sequencia, product_id, unidade, fator, quantidade_informada,
            preco_informado, quantidade, preco, valor_total)
          select ${uid(`'pc' || ((g - 1) / ${P} + 1)`)}, g, ${pid('g')}, 'UN', 1, 24, 5, 24, 5, 120
          from generate_series(1, ${CATALOGO}) g where g % 5 = 0;
        insert into entradas (id, status, origem, fornecedor_id, lancada_em)
          select ${uid("'e' || n")}, 'lancada', 'manual', ${fid('n')}, now() - interval '20 days'
          from generate_series(1, ${FORNECEDORES}) n;
        insert into entrada_itens (entrada_id, n_item, c_prod, x_prod, u_com, q_com, v_un_com, v_prod, produto_id,
            custo_unitario)
          select ${uid(`'e' || ((g - 1) / ${P} + 1)`)}, g, 'C' || g, 'PRODUTO ' || g, 'UN', 100, 4.8, 480, ${pid('g')}, 4.8
          from generate_series(1, ${CATALOGO}) g`,
    },
  ];
  await bulkLoad(database, statements, '512MB');
  // The daily read model of the suggestion (migration 0063): the bulk load bypassed its trigger.
  const tr = performance.now();
  await database.exec(
    `begin; set local work_mem = '512MB'; set local synchronous_commit = off; select estoque_vendas_dia_recalcular(); commit;`,
  );
  const rebuild = ((performance.now() - tr) / 1000).toFixed(0);
  console.log(`  daily read model (estoque_vendas_dia_recalcular): ${rebuild} s`);
  await database.exec(`comment on table estoque_vendas_dia is '${rebuild}'`);
  const t = performance.now();
  await database.exec('vacuum (analyze) estoque_movimentos');
  await database.exec('vacuum (analyze) estoque_vendas_dia');
  await database.exec('analyze');
  console.log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  await database.exec(`comment on table products is '${PARAMS}'`);
}

async function main() {
  const t0 = performance.now();
  let database = await openMigratedDatabase(DB_NAME, { poolSize: 4 });
  let carga = 'reused';
  if (!(await gerado(database)) || process.argv.includes('--fresh')) {
    await database.close();
    database = await openMigratedDatabase(DB_NAME, { poolSize: 4, fresh: true });
    await setup(database);
    carga = `${((performance.now() - t0) / 1000).toFixed(0)} s`;
  }
  let server: HttpServer | undefined;
  try {
    const [c] = rowsOf<{ movimentos: string; tamanho: string }>(
      await database.db.execute(sql`select (select count(*) from estoque_movimentos)::text as movimentos,
        pg_size_pretty(pg_total_relation_size('estoque_movimentos')) as tamanho`),
    );
    console.log(`ledger: ${c!.movimentos} rows, ${c!.tamanho}; setup ${carga}`);
    const [rm] = rowsOf<{ linhas: string; tamanho: string; rebuild: string | null }>(
      await database.db.execute(sql`select (select count(*) from estoque_vendas_dia)::text as linhas,
        pg_size_pretty(pg_total_relation_size('estoque_vendas_dia')) as tamanho,
        obj_description('estoque_vendas_dia'::regclass) as rebuild`),
    );
    console.log(`daily read model: ${rm!.linhas} rows, ${rm!.tamanho}; rebuilt in ${rm!.rebuild ?? '?'} s`);
    server = await startHttpServer(database, DB_NAME, { role: 'estoque' });
    const capture = await captureApp(database, DB_NAME, 'estoque');
    const fornecedor = async (n: number) =>
      rowsOf<{ id: string }>(
        await database.db.execute(sql.raw(`select ${uid(`'f' || ${n}`)}::text as id`)),
      )[0]!.id;
    const f1 = await fornecedor(1);
    const base = `/api/compras/sugestao?fornecedor_id=${f1}`;
    const ids = rowsOf<{ id: string }>(
      await database.db.execute(sql.raw(`select ${pid('g')}::text as id from generate_series(1, 100) g`)),
    ).map((r) => r.id);
    const cenarios: [string, string][] = [
      [`${P.toLocaleString('en')} products, window 90 days`, `${base}&janela_dias=90`],
      [`${P.toLocaleString('en')} products, window 30 days`, `${base}&janela_dias=30`],
      ['100 products (produto_ids)', `${base}&janela_dias=90&produto_ids=${ids.join(',')}`],
    ];
    const sampler = loadSampler();
    const rows = [];
    for (const [nome, u] of cenarios) {
      const figures = await getVsSql(server, capture, database, u, ITERATIONS, 2);
      const b = figures.body as { produtos: unknown[]; totais: { itens: number; valor: string } };
      console.log(
        `${nome}: HTTP p50 ${figures.http.p50.toFixed(0)} p95 ${figures.http.p95.toFixed(0)} ms; SQL p50 ${figures.sql.p50.toFixed(0)} ms; ${b.produtos.length} products, ${b.totais.itens} to buy`,
      );
      rows.push({ cells: [nome], figures });
    }
    const load = sampler.stop();

    // The whole catalogue: every supplier's suggestion, one after another, then two at a time.
    const todos = await Promise.all(Array.from({ length: FORNECEDORES }, (_, i) => fornecedor(i + 1)));
    const catalogo: { seq: number; par: number; maior: number; load: ReturnType<typeof sampler.stop> } = {
      seq: 0,
      par: 0,
      maior: 0,
      load: { min: 0, median: 0, max: 0 },
    };
    const s2 = loadSampler();
    let t = performance.now();
    const cada: number[] = [];
    for (const f of todos) {
      const ti = performance.now();
      await server.request('GET', `/api/compras/sugestao?fornecedor_id=${f}&janela_dias=90`);
      cada.push(performance.now() - ti);
    }
    catalogo.seq = performance.now() - t;
    catalogo.maior = Math.max(...cada);
    t = performance.now();
    const fila = [...todos];
    await Promise.all(
      [0, 1].map(async () => {
        for (let f = fila.shift(); f; f = fila.shift())
          await server!.request('GET', `/api/compras/sugestao?fornecedor_id=${f}&janela_dias=90`);
      }),
    );
    catalogo.par = performance.now() - t;
    catalogo.load = s2.stop();
    const cadaStat = stats(cada);
    console.log(
      `catalogue: sequential ${(catalogo.seq / 1000).toFixed(1)} s, 2 at a time ${(catalogo.par / 1000).toFixed(1)} s`,
    );

    const body = [
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (${os.cpus().length} cores, shared machine; load average 1 min during the single-supplier runs ${formatLoad(load)}, 1 / 5 / 15 min at the end ${loadavg()}). \`npm run bench:compras\`.`,
      '',
      `Data (PostgreSQL, database \`${DB_NAME}\`, setup ${carga}): ${CATALOGO.toLocaleString('en')} products of ${FORNECEDORES} suppliers (${P.toLocaleString('en')} each); the ledger has **${Number(c!.movimentos).toLocaleString('en')} rows** (${c!.tamanho} with its indexes): supplier 1's ${P.toLocaleString('en')} products × ${L.toLocaleString('en')} rows over 2 years (~${(L / 730).toFixed(1)} a day: a sale a row, a replenishment every 20th, every 10th product out of stock ~5 rows a cycle), the other products × ${L_CATALOGO} rows over the last 180 days (the two windows the suggestion reads). The daily read model \`estoque_vendas_dia\` (migration 0063): **${Number(rm!.linhas).toLocaleString('en')} rows** (${rm!.tamanho}), built from the ledger by \`estoque_vendas_dia_recalcular()\` in ${rm!.rebuild ?? '?'} s (the bulk load bypasses its trigger). Every 10th product has 3 lots (one expired, one in 10 days), every 5th an open purchase order, every product a posted receipt; half are bought in CX-12. No back-orders (the pending query runs, on an empty set).`,
      '',
      `**One supplier's suggestion** (target p95 < 1 s): \`GET /api/compras/sugestao\` through HTTP on the real server process as the estoque role, ${ITERATIONS} requests after 2 warm-ups, beside the same request's SQL replayed on one connection. ms.`,
      '',
      endpointTable([{ header: 'supplier 1' }], rows),
      '',
      `**The whole catalogue** (target < 10 s): the ${FORNECEDORES} suppliers' suggestions (${CATALOGO.toLocaleString('en')} products), one after another: **${(catalogo.seq / 1000).toFixed(1)} s** (per supplier p50 ${cadaStat.p50.toFixed(0)} ms, max ${catalogo.maior.toFixed(0)} ms — supplier 1, the 2-year history, included); two at a time: **${(catalogo.par / 1000).toFixed(1)} s**; load ${formatLoad(catalogo.load)}.`,
      '',
      BEFORE,
    ].join('\n');
    console.log(body);
    if (!process.argv.includes('--no-write')) writeSection('Compras — sugestão (issue 34)', body);
  } finally {
    await server?.stop();
    await database.close();
  }
}

await main();
