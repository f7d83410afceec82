// Força de vendas sync (issue 36): a seller with 2,000 customers and a catalogue of 10,000 products
// (one packaging each, stock in the default location), a general price table with every product,
// a região table with 2,000 items and 2,000 open títulos, in PostgreSQL database erp_bench_vendas.
// Through HTTP on the real server process (bench/lib/http.ts): the first (full) GET /api/vendas/sync,
// then 100 changes (40 product prices, 30 table items, 20 customers' limits, 10 títulos) and the
// incremental sync from the first answer's cursor. Targets: first sync < 30 s, incremental < 2 s.
// The stored size is the JSON the device stores (the IndexedDB records are that JSON's objects).
// Then the app shell offline in Chromium on the same data (shell-offline.ts): the production build
// served by that server, the seller signed in, synced, the network cut, /vendas reloaded
// BENCH_VENDAS_RELOADS times (default 15). Target < 1 s. --no-shell skips it.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../apps/server/src/modules/auth/password.ts';
import { formatLoad, loadSampler, startHttpServer } from '../lib/http.ts';
import { bulkLoad, dropDatabase, openMigratedDatabase } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';
import { buildWeb, medeShellOffline, type ShellOffline } from './shell-offline.ts';

const DB = process.env.BENCH_VENDAS_DB ?? 'erp_bench_vendas';
// smaller sets for a quick check of the script: BENCH_VENDAS_CLIENTES=50 BENCH_VENDAS_PRODUTOS=300 … --no-write
const CLIENTES = Number(process.env.BENCH_VENDAS_CLIENTES ?? 2_000);
const PRODUTOS = Number(process.env.BENCH_VENDAS_PRODUTOS ?? 10_000);
const RELOADS = Number(process.env.BENCH_VENDAS_RELOADS ?? 15);
const SHELL = !process.argv.includes('--no-shell');
const SENHA = 'bench-vendas-12345';
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const database = await openMigratedDatabase(DB, { poolSize: 4, fresh: true });
  console.log(`loading ${DB}…`);
  await bulkLoad(database, [
    {
      label: 'região, seller, customers',
      sql: `insert into unidades (sigla, descricao, casas_decimais) values ('CX', 'Caixa', 0) on conflict do nothing;
        insert into regioes_entrega (id, nome) values ('00000000-0000-4000-8000-000000000001', 'Bench');
        insert into vendedores (id, nome, comissao, desconto_maximo) values ('00000000-0000-4000-8000-000000000002', 'Vendedor Bench', 3, 5);
        insert into vendedores (id, nome) values ('00000000-0000-4000-8000-000000000003', 'Outro Vendedor');
        insert into clientes (tipo_pessoa, documento, razao_social, uf, indicador_ie, limite_credito, vendedor_id, regiao_id, municipio)
          select 'J', lpad(g::text, 14, '0'), 'Cliente Bench ' || g, 'SP', '1', 10000,
            case when g <= ${CLIENTES} then '00000000-0000-4000-8000-000000000002'::uuid else '00000000-0000-4000-8000-000000000003'::uuid end,
            case when g % 2 = 0 then '00000000-0000-4000-8000-000000000001'::uuid end, 'São Paulo'
          from generate_series(1, ${CLIENTES * 2}) g`,
    },
    {
      label: 'products, packagings, stock',
      sql: `insert into products (id, codigo, nome, unidade, ncm, preco_venda, custo_medio, gtin)
          select ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'B' || lpad(g::text, 6, '0'),
            'Produto Bench ' || g, 'UN', '21069090', 10 + g % 50, 5 + g % 20, lpad((7890000000000 + g)::text, 13, '0')
          from generate_series(1, ${PRODUTOS}) g;
        insert into produto_embalagens (produto_id, unidade, fator, padrao_venda, padrao_compra)
          select id, 'CX', 12, true, true from products where codigo like 'B%';
        insert into locais_estoque (id, codigo, nome, padrao_entrada, padrao_saida)
          values ('00000000-0000-4000-8000-000000000004', 'BENCH', 'Depósito bench', true, true) on conflict do nothing;
        insert into estoque_saldos (produto_id, local_id, saldo)
          select id, '00000000-0000-4000-8000-000000000004', 100 from products where codigo like 'B%'`,
    },
    {
      label: 'price tables',
      sql: `insert into tabelas_preco (id, nome, vigencia_inicio, escopo, regiao_id) values
          ('00000000-0000-4000-8000-000000000005', 'Geral bench', '2026-01-01', 'geral', null),
          ('00000000-0000-4000-8000-000000000006', 'Região bench', '2026-01-01', 'regiao', '00000000-0000-4000-8000-000000000001');
        insert into tabela_preco_itens (tabela_id, produto_id, regra, preco)
          select '00000000-0000-4000-8000-000000000005', id, 'preco_fixo', preco_venda from products where codigo like 'B%';
        insert into tabela_preco_itens (tabela_id, produto_id, regra, percentual)
          select '00000000-0000-4000-8000-000000000006', id, 'abaixo_base', 5 from products where codigo like 'B%' and codigo <= 'B002000'`,
    },
    {
      label: 'títulos',
      sql: `insert into financial_accounts (tipo, status, cliente_id, pessoa_nome, descricao, data_vencimento, valor, saldo, documento)
          select 'receber', 'em_aberto', id, razao_social, 'Título bench', date '2026-12-20', 150, 150, 'NF ' || documento
          from clientes where vendedor_id = '00000000-0000-4000-8000-000000000002'`,
    },
  ]);
  const webDir = SHELL ? buildWeb() : null;
  const server = await startHttpServer(database, DB, {
    role: 'comercial',
    email: 'bench-vendas@bench.local',
    env: webDir ? { WEB_DIST_DIR: webDir } : {},
  });
  await database.db.execute(
    sql`update vendedores set user_id = ${server.userId} where id = '00000000-0000-4000-8000-000000000002'`,
  );
  await database.db.execute(
    sql`update users set encrypted_password = ${await hashPassword(SENHA)} where id = ${server.userId}`,
  );
  try {
    const load = loadSampler();
    const firsts: number[] = [];
    let full: { cursor: string; clientes: unknown[]; produtos: unknown[]; tabelas: unknown[] } | null = null;
    let bytesFull = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/vendas/sync`, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`sync ${res.status}: ${text.slice(0, 300)}`);
      firsts.push(performance.now() - t);
      full = JSON.parse(text);
      bytesFull = Buffer.byteLength(text);
    }
    // 100 changes through SQL, in the statements' own transactions (the triggers log them)
    await database.db.execute(sql`update products set preco_venda = preco_venda + 1
      where codigo in (select 'B' || lpad(g::text, 6, '0') from generate_series(1, 40) g)`);
    await database.db.execute(sql`update tabela_preco_itens set preco = preco + 1
      where tabela_id = '00000000-0000-4000-8000-000000000005'
        and produto_id in (select id from products where codigo like 'B%' order by codigo offset 100 limit 30)`);
    await database.db.execute(sql`update clientes set limite_credito = limite_credito + 100
      where id in (select id from clientes where vendedor_id = '00000000-0000-4000-8000-000000000002' order by documento limit 20)`);
    await database.db.execute(sql`update financial_accounts set saldo = 100, status = 'parcial'
      where id in (select id from financial_accounts where descricao = 'Título bench' order by documento limit 10)`);
    const incrs: number[] = [];
    let bytesIncr = 0;
    let contagem = '';
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/vendas/sync?desde=${encodeURIComponent(full!.cursor)}`, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`incremental ${res.status}: ${text.slice(0, 300)}`);
      incrs.push(performance.now() - t);
      bytesIncr = Buffer.byteLength(text);
      const s = JSON.parse(text);
      contagem = `${s.clientes.length} customers, ${s.produtos.length} products, ${s.tabelas.length} table(s), ${s.titulos.length} títulos`;
    }
    const l = load.stop();
    let shell: ShellOffline | null = null;
    let loadShell = '';
    if (SHELL) {
      const ls = loadSampler();
      shell = await medeShellOffline(
        server.url,
        { email: 'bench-vendas@bench.local', senha: SENHA },
        RELOADS,
      );
      loadShell = formatLoad(ls.stop());
    }
    const melhor = (v: number[]) => Math.min(...v);
    const mediana = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
    const p95 = (v: number[]) => {
      const o = [...v].sort((a, b) => a - b);
      return o[Math.min(o.length - 1, Math.ceil(0.95 * o.length) - 1)]!;
    };
    const linhasShell = shell
      ? [
          '',
          `App shell offline (\`bench/vendas/shell-offline.ts\`): Chromium headless (playwright-core, \`/usr/bin/chromium\`) at 390 × 844 on the production build served by the same server; the seller signed in through /auth, opened /vendas, the service worker installed and «Sincronizar» stored the data above in IndexedDB (the browser's storage estimate: ${shell.armazenado === null ? 'n/a' : mb(shell.armazenado)}; the list reads «${shell.clientes}»); then \`context.setOffline(true)\` and ${shell.runs} reloads after one untimed one. "Usable": navigation start to the customers list rendered from IndexedDB (the page's user-timing mark \`vendas-carteira\`); "reload to list visible": the wall time of \`page.reload()\` until Playwright sees the first customer. Load average (1 min) during the reloads: ${loadShell}.`,
          '',
          '| measure | median | p95 | max | target |',
          '| --- | ---: | ---: | ---: | --- |',
          `| offline reload → the seller's home usable | ${mediana(shell.marca).toFixed(0)} ms | ${p95(shell.marca).toFixed(0)} ms | ${Math.max(...shell.marca).toFixed(0)} ms | < 1 s — ${p95(shell.marca) < 1000 ? 'met' : '**not met**'} |`,
          `| offline reload → list visible (wall time) | ${mediana(shell.parede).toFixed(0)} ms | ${p95(shell.parede).toFixed(0)} ms | ${Math.max(...shell.parede).toFixed(0)} ms | |`,
        ]
      : [];
    const body = [
      `\`npm run bench:vendas\` (\`bench/vendas/run.ts\`): PostgreSQL database \`${DB}\`, a seller with ${CLIENTES.toLocaleString('en')} customers (another seller with as many), ${PRODUTOS.toLocaleString('en')} products with one packaging and stock each, a general table with every product, a região table with 2,000 items, ${CLIENTES.toLocaleString('en')} open títulos. Through HTTP on the real server process (\`bench/lib/http.ts\`, production mode), the seller's token. Load average (1 min) during the runs: ${formatLoad(l)}.`,
      '',
      '| measure | median | best | target |',
      '| --- | ---: | ---: | --- |',
      `| first (full) GET /api/vendas/sync, 3 runs | ${(mediana(firsts) / 1000).toFixed(2)} s | ${(melhor(firsts) / 1000).toFixed(2)} s | < 30 s — ${mediana(firsts) < 30_000 ? 'met' : '**not met**'} |`,
      `| incremental sync after 100 changes (${contagem}), 5 runs | ${mediana(incrs).toFixed(0)} ms | ${melhor(incrs).toFixed(0)} ms | < 2 s — ${mediana(incrs) < 2000 ? 'met' : '**not met**'} |`,
      '',
      `Stored on the device: the full answer is ${mb(bytesFull)} of JSON (${full!.clientes.length} customers, ${full!.produtos.length} products, ${full!.tabelas.length} tables), kept as those objects in IndexedDB (Chromium's on-disk size is of the same order, compressed by its LevelDB); the incremental answer ${(bytesIncr / 1024).toFixed(0)} kB.`,
      ...linhasShell,
    ].join('\n');
    if (!process.argv.includes('--no-write')) writeSection('Força de vendas (sync)', body);
    console.log(body);
  } finally {
    await server.stop();
    await database.close();
    if (webDir) fs.rmSync(webDir, { recursive: true, force: true });
    if (process.argv.includes('--drop')) await dropDatabase(DB);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
