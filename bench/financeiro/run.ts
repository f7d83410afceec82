// Finance benchmark (issue 15) on PostgreSQL, database erp_bench_financeiro: 500,000 títulos (70 %
// receber, 30 % pagar) due over three years (two back, one ahead) with their baixas and bank
// movements (generated in SQL when missing: paid ones settled in full, a share partly paid, some
// cancelled), three bank accounts.
// Through HTTP on the real server process (bench/lib/http.ts: session check + zod validation + SQL +
// JSON), one request at a time, beside the same requests' SQL replayed alone:
//  - the Receber list filtered by status and a one-month due period (first page of 50, sorted by
//    vencimento, with the count and the footer totals) — target p95 < 100 ms;
//  - the fluxo de caixa of 12 months by day (all accounts, and one account) — target < 200 ms;
//  - for information: the aging of receber and the month by classe.
// Three runs (each: warm-up, then `iterations` requests per scenario in rounds); the figures are the
// medians of the runs' p50 and p95, with their ranges. Writes the "## Financeiro" section of
// docs/benchmarks.md.
//   npm run bench:financeiro
//   npx tsx bench/financeiro/run.ts [--titulos 500000] [--regenerate] [--runs 3] [--iterations 30] [--no-write] [--drop]
import os from 'node:os';
import { addDays, businessToday } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { captureApp } from '../lib/endpoint.ts';
import {
  formatLoad,
  type HttpServer,
  type Stat as HttpStat,
  type LoadFigures,
  loadSampler,
  startHttpServer,
  statementsTimed,
} from '../lib/http.ts';
import { argValue as arg, bulkLoad, dropDatabase, median, openMigratedDatabase } from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const DB_NAME = process.env.BENCH_DB_NAME ?? 'erp_bench_financeiro';
const TITULOS = Number(arg('titulos') ?? '500000');
const RUNS = Number(arg('runs') ?? '3');
const ITERATIONS = Number(arg('iterations') ?? '30');
const WARMUP = 5;
const EMAIL = 'bench.financeiro@bench.erp.br';
const HOJE = businessToday();

/** The data set, one statement each (bulk load: replica mode skips the audit and check triggers). */
function dataset(hoje: string): { label: string; sql: string }[] {
  const inicio = addDays(hoje, -730);
  return [
    {
      label: 'cadastros',
      sql: `insert into classes_financeiras (codigo, nome, tipo) values
          ('1', 'Receitas', 'receita'), ('1.01', 'Vendas', 'receita'),
          ('2', 'Despesas', 'despesa'), ('2.01', 'Compras', 'despesa');
        insert into contas_bancarias (id, nome, tipo, saldo_inicial, data_saldo_inicial) values
          ('00000000-0000-4000-8000-000000000000'::uuid, 'Banco A', 'corrente', 500000, '${addDays(inicio, -1)}'),
          ('00000000-0000-4000-8000-000000000001'::uuid, 'Banco B', 'corrente', 200000, '${addDays(inicio, -1)}'),
          ('00000000-0000-4000-8000-000000000002'::uuid, 'Caixa', 'caixa', 5000, '${addDays(inicio, -1)}')`,
    },
    {
      label: `${TITULOS} títulos`,
      sql: `insert into financial_accounts (id, tipo, status, descricao, valor, saldo, data_emissao,
          data_vencimento, pessoa_nome, documento, parcela, total_parcelas, juros_mes_percentual,
          multa_percentual, classe_financeira_id, conta_bancaria_id, origem, motivo_cancelamento)
        select md5('t' || g)::uuid, x.tipo, x.status, 'Título ' || g, x.valor,
          case x.status when 'pago' then 0 when 'parcial' then round(x.valor * 0.6, 2) else x.valor end,
          x.venc - 28, x.venc, 'Pessoa ' || (g % 20000), 'NF ' || g, 1, 1, 1, 2,
          (select id from classes_financeiras where codigo = case x.tipo when 'receber' then '1.01' else '2.01' end),
          ('00000000-0000-4000-8000-00000000000' || (g % 3))::uuid, 'manual',
          case x.status when 'cancelado' then 'Cancelado no gerador do benchmark' end
        from generate_series(1, ${TITULOS}) g
        cross join lateral (select
          case when g % 10 < 7 then 'receber' else 'pagar' end as tipo,
          ('${inicio}'::date + ((g::bigint * 7919) % 1095)::int) as venc,
          (50 + ((g::bigint * 104729) % 500000) / 100.0)::numeric(14,2) as valor) v
        cross join lateral (select v.tipo, v.venc, v.valor,
          case
            when g % 97 = 0 then 'cancelado'
            when v.venc < '${hoje}'::date - 30 then case when g % 40 = 0 then 'em_aberto' when g % 40 = 1 then 'parcial' else 'pago' end
            when v.venc < '${hoje}'::date then case g % 3 when 0 then 'pago' when 1 then 'parcial' else 'em_aberto' end
            else case when g % 10 = 0 then 'parcial' else 'em_aberto' end
          end as status) x`,
    },
    {
      label: 'baixas',
      sql: `insert into baixas (titulo_id, data_pagamento, conta_bancaria_id, valor_pago, juros, multa, desconto, principal)
        select f.id, least(f.data_vencimento, '${addDays(hoje, -1)}'::date), f.conta_bancaria_id,
          f.valor - f.saldo, 0, 0, 0, f.valor - f.saldo
        from financial_accounts f where f.status in ('pago', 'parcial')`,
    },
    {
      label: 'conta_movimentos',
      sql: `insert into conta_movimentos (conta_bancaria_id, data, tipo, valor, historico, baixa_id, titulo_id)
        select b.conta_bancaria_id, b.data_pagamento,
          case f.tipo when 'receber' then 'recebimento' else 'pagamento' end,
          case f.tipo when 'receber' then b.valor_pago else -b.valor_pago end,
          f.descricao, b.id, f.id
        from baixas b join financial_accounts f on f.id = b.titulo_id order by b.data_pagamento`,
    },
  ];
}

async function openBench(regenerate: boolean) {
  const database = await openMigratedDatabase(DB_NAME, { poolSize: 4, fresh: regenerate });
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from financial_accounts`),
  ) as [{ n: number }];
  let generatedIn: number | null = null;
  if (n === 0) {
    const started = performance.now();
    await bulkLoad(database, dataset(HOJE));
    // replica mode skipped the read model's trigger: rebuild it
    await database.exec('select conta_movimentos_dia_recalcular()');
    await database.exec('vacuum analyze');
    generatedIn = (performance.now() - started) / 1000;
    console.log(`gerado em ${generatedIn.toFixed(1)} s`);
  } else {
    // indexes added by a later migration need fresh statistics too
    await database.exec('analyze');
  }
  return { database, generatedIn };
}

type Stat = { p50: number; p95: number; max: number };
function stats(samples: number[]): Stat {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}
const ms = (n: number) => n.toFixed(1);

type Scenario = { name: string; url: string; target?: number; rows?: string };

function scenarios(conta: string): Scenario[] {
  const mes = (n: number) => {
    const d = new Date(`${HOJE.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + n);
    const de = d.toISOString().slice(0, 10);
    d.setUTCMonth(d.getUTCMonth() + 1);
    return { de, ate: addDays(d.toISOString().slice(0, 10), -1) };
  };
  const atual = mes(0);
  const passado = mes(-3);
  const lista = (status: string, p: { de: string; ate: string }) =>
    `/api/financeiro/receber?status=${status}&vencimento_de=${p.de}&vencimento_ate=${p.ate}&page=1&pageSize=50&sort=vencimento`;
  return [
    {
      name: 'Receber: em aberto e parciais, vencimento no mês atual',
      url: lista('abertos', atual),
      target: 100,
    },
    { name: 'Receber: pagos, vencimento há 3 meses', url: lista('pago', passado), target: 100 },
    {
      // issue 30: the list as it opens, open receivables without a period (every open título)
      name: 'Receber: em aberto e parciais, sem filtro de vencimento (issue 30)',
      url: '/api/financeiro/receber?status=abertos&page=1&pageSize=50&sort=vencimento',
      target: 50,
    },
    { name: 'Receber: vencidos, vencimento no mês atual', url: lista('vencidos', atual), target: 100 },
    {
      name: 'Fluxo de caixa: 12 meses por dia, todas as contas (6 passados, 6 à frente)',
      url: `/api/financeiro/fluxo-caixa?de=${addDays(HOJE, -182)}&ate=${addDays(HOJE, 182)}&agrupamento=dia`,
      target: 200,
    },
    {
      name: 'Fluxo de caixa: 12 meses por dia, uma conta',
      url: `/api/financeiro/fluxo-caixa?de=${addDays(HOJE, -182)}&ate=${addDays(HOJE, 182)}&agrupamento=dia&conta_bancaria_id=${conta}`,
      target: 200,
    },
    {
      name: 'Fluxo de caixa: últimos 12 meses por dia, todas as contas',
      url: `/api/financeiro/fluxo-caixa?de=${addDays(HOJE, -364)}&ate=${HOJE}&agrupamento=dia`,
      target: 200,
    },
    { name: 'Aging a receber (informativo)', url: '/api/financeiro/aging?tipo=receber' },
    {
      name: 'Resumo do mês por classe (informativo)',
      url: `/api/financeiro/resumo-classes?mes=${HOJE.slice(0, 7)}`,
    },
  ];
}

async function main() {
  const { database, generatedIn } = await openBench(process.argv.includes('--regenerate'));
  const { db } = database;
  let server: HttpServer | undefined;
  try {
    const [counts] = rowsOf<Record<string, number>>(
      await db.execute(sql`select
        (select count(*)::int from financial_accounts) as titulos,
        (select count(*)::int from financial_accounts where tipo = 'receber') as receber,
        (select count(*)::int from financial_accounts where status in ('em_aberto', 'parcial')) as abertos,
        (select count(*)::int from baixas) as baixas,
        (select count(*)::int from conta_movimentos) as movimentos`),
    );
    console.log(counts);
    server = await startHttpServer(database, DB_NAME, { role: 'financeiro', email: EMAIL });
    const { url: base, token } = server;
    const request = (url: string) =>
      fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const lista = scenarios('00000000-0000-4000-8000-000000000000');
    // what each scenario answers (rows, total), once
    for (const s of lista) {
      const res = await request(s.url);
      if (res.status !== 200) throw new Error(`${s.url}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as {
        total?: number | { quantidade: number };
        linhas?: unknown[];
        items?: unknown[];
        receitas?: unknown[];
      };
      s.rows =
        typeof body.total === 'number'
          ? `${body.items?.length} de ${body.total}`
          : body.linhas
            ? `${body.linhas.length} dias`
            : body.total
              ? `${body.total.quantidade} títulos em aberto`
              : `${body.receitas?.length} classes de receita`;
    }
    const porRun: Stat[][] = [];
    const cargas: LoadFigures[] = [];
    for (let run = 0; run < RUNS; run++) {
      const sampler = loadSampler();
      const samples = lista.map(() => [] as number[]);
      for (const s of lista) for (let i = 0; i < WARMUP; i++) await (await request(s.url)).arrayBuffer();
      for (let i = 0; i < ITERATIONS; i++) {
        for (const [k, s] of lista.entries()) {
          const t = performance.now();
          const res = await request(s.url);
          await res.arrayBuffer();
          samples[k]!.push(performance.now() - t);
        }
      }
      porRun.push(samples.map(stats));
      cargas.push(sampler.stop());
      console.log(
        `run ${run + 1}:`,
        porRun
          .at(-1)!
          .map((x) => `${ms(x.p50)}/${ms(x.p95)}`)
          .join('  '),
      );
    }
    await server.stop();
    // The reference, same run: the statements each request sends, replayed alone on one connection.
    const capture = await captureApp(database, DB_NAME, 'financeiro');
    const sqlSampler = loadSampler();
    const sqlStats: HttpStat[] = [];
    for (const s of lista)
      sqlStats.push(
        await statementsTimed(database, await capture.statementsOf(s.url), ITERATIONS * RUNS, WARMUP),
      );
    const sqlLoad = sqlSampler.stop();
    const linhas = lista.map((s, k) => {
      const p50 = porRun.map((r) => r[k]!.p50);
      const p95 = porRun.map((r) => r[k]!.p95);
      const p95m = median(p95);
      const ok = s.target === undefined ? '—' : p95m < s.target ? `< ${s.target} ms ✔` : `< ${s.target} ms ✘`;
      const q = sqlStats[k]!;
      return `| ${s.name} | ${s.rows} | ${ms(median(p50))} (${ms(Math.min(...p50))}–${ms(Math.max(...p50))}) | ${ms(p95m)} (${ms(Math.min(...p95))}–${ms(Math.max(...p95))}) | ${ms(q.p50)} | ${ms(q.p95)} | ${(q.p50 / median(p50)).toFixed(2)} | ${ok} |`;
    });
    const corpo = `Issue 15. \`npm run bench:financeiro\` (bench/financeiro/run.ts): PostgreSQL ${
      rowsOf<{ v: string }>(await db.execute(sql`select current_setting('server_version') as v`))[0]!.v
    } on this machine (${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' / ',
      )} at the end of the run, shared with other work), database \`${DB_NAME}\`: ${counts!.titulos!.toLocaleString('en')} títulos (${counts!.receber!.toLocaleString('en')} a receber; ${counts!.abertos!.toLocaleString('en')} open), ${counts!.baixas!.toLocaleString('en')} baixas, ${counts!.movimentos!.toLocaleString('en')} bank movements, due dates over three years (two back, one ahead)${
      generatedIn ? `; generated in SQL in ${generatedIn.toFixed(0)} s` : ''
    }. Through HTTP: the real server process (\`bench/lib/http.ts\`, production mode, on the database) answers \`fetch\` over loopback (session, zod, SQL, JSON), one request at a time, as the financeiro role; ${RUNS} runs × ${ITERATIONS} requests per scenario (in rounds over the scenarios) after ${WARMUP} warm-up; HTTP figures are the **medians of the runs** (range over the runs), ms. "Its SQL": the statements the same request sends (captured once through the in-process app, session check included) replayed with their parameters on one connection, ${RUNS * ITERATIONS} times per scenario right after; "SQL / HTTP" is the database's share of the wait (p50). Load average (1 min) during each run: ${cargas.map(formatLoad).join('; ')}; during the SQL replay: ${formatLoad(sqlLoad)}. Today = ${HOJE}.

| scenario | answer | HTTP p50 | HTTP p95 | its SQL p50 | its SQL p95 | SQL / HTTP | target (HTTP p95) |
| --- | --- | --- | --- | ---: | ---: | ---: | --- |
${linhas.join('\n')}

The list answers the first page of 50, the count (capped) and the footer totals over the whole filter
(em aberto, vencido, pago no período) in the same request. The fluxo de caixa reads the realizado and the opening balance from the
read model \`conta_movimentos_dia\` (per account and day, kept by a statement trigger on the append-only ledger;
migration 0030) and the previsto from one aggregate of the open títulos on max(vencimento, hoje) (index
\`dashboard_contas_aberto_idx\`), put in periods by the shared \`agruparFluxo\`. The list's status + period
filter and footer totals read \`financial_accounts_lista_idx\` (tipo, status, vencimento) INCLUDE (saldo) and
"pago no período" \`baixas_ativas_titulo_idx\`. The open títulos' list without a due period (\`?status=abertos\`, issue 30) reads its footer off the read model \`financeiro_abertos_dia\` (migrations 0049 and 0054: per type and due date, Σ saldo and Σ valor of the open títulos) — em aberto and vencido are its Σ saldo, «pago» is Σ valor − Σ saldo (saldo = valor − the active baixas' principal) — instead of joining the baixas of every parcial título (150/172 ms p50/p95 before 0054).`;
    console.log(corpo);
    if (!process.argv.includes('--no-write')) writeSection('Financeiro', corpo);
  } finally {
    await server?.stop();
    await database.close();
    if (process.argv.includes('--drop')) await dropDatabase(DB_NAME);
  }
}

await main();
