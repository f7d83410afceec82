// Bank statement and reconciliation benchmark (issue 18) on PostgreSQL, database erp_bench_extrato
// (setup shared with the other benches: ../lib/pg.ts). Through the real HTTP app in-process
// (app.request: session check + zod validation + SQL + JSON), as the financeiro role:
//  (a) import of a generated 10,000-line OFX 1.02 (SGML, CHARSET 1252 with cp1252 accents, FITIDs,
//      LEDGERBAL) into a fresh bank account each run — POST /api/financeiro/extrato-bancario/importar;
//      then, for information, the same file again (everything repeated: adds nothing). Target < 2 s.
//  (b) the reconciliation screen's read for a period of 2,000 statement lines against 50,000 open
//      títulos of the account, all due inside the period (every título is a candidate) — GET
//      /api/financeiro/conciliacao-bancaria: lines, candidates narrowed by SQL, ranked suggestions
//      (¼ of the lines exact amount + date, ¼ documento in the memo with another amount, ¼ the sum of
//      three boletos, ¼ nothing — the bounded sum search runs for them too). Target < 2 s.
// Each measured RUNS times (default 3); the figures are the medians (and ranges). Writes the
// "## Extrato e conciliação" section of docs/benchmarks.md.
//   npm run bench:extrato
//   npx tsx bench/extrato/run.ts [--runs 3] [--no-write] [--drop]
import os from 'node:os';
import { addDays, businessToday } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../apps/server/src/db/client.ts';
import {
  argValue,
  benchApp,
  benchUser,
  bulkLoad,
  dropDatabase,
  median,
  openMigratedDatabase,
} from '../lib/pg.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';

const DB_NAME = process.env.BENCH_DB_NAME ?? 'erp_bench_extrato';
const RUNS = Number(argValue('runs') ?? '3');
const LINHAS_OFX = 10_000;
const LINHAS_CONCILIACAO = 2_000;
const TITULOS = 50_000;
const DIAS = 60; // the reconciliation period
const EMAIL = 'bench.extrato@bench.erp.br';
const HOJE = businessToday();
const INICIO = addDays(HOJE, -DIAS);
const CONTA_CONCILIACAO = '00000000-0000-4000-8000-00000000c0c0';

const dataOfx = (d: string) => d.replaceAll('-', '');

/** A 10,000-line OFX 1.02 as a Brazilian bank writes it (cp1252 bytes, unclosed leaf tags, CRLF). */
function ofx10k(): Buffer {
  const linhas: string[] = [];
  let saldo = 0;
  for (let i = 0; i < LINHAS_OFX; i++) {
    const d = addDays(INICIO, Math.floor((i * DIAS) / LINHAS_OFX));
    const cents = (i % 7 === 0 ? -1 : 1) * (1_000 + ((i * 7919) % 900_000));
    saldo += cents;
    const valor = (cents / 100).toFixed(2);
    const memo =
      i % 5 === 0
        ? `TARIFA PACOTE DE SERVIÇOS ${i}`
        : i % 3 === 0
          ? `TED-CRÉDITO EM CONTA CLIENTE ${i % 977}`
          : `PAGAMENTO DE TÍTULO NF ${100_000 + i}`;
    linhas.push(
      `<STMTTRN>\r\n<TRNTYPE>${cents < 0 ? 'DEBIT' : 'CREDIT'}\r\n<DTPOSTED>${dataOfx(d)}120000[-3:BRT]\r\n<TRNAMT>${valor}\r\n<FITID>${String(i + 1).padStart(10, '0')}\r\n<CHECKNUM>${100_000 + i}\r\n<MEMO>${memo}\r\n</STMTTRN>`,
    );
  }
  const texto = `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n<OFX>\r\n<SIGNONMSGSRSV1>\r\n<SONRS>\r\n<STATUS>\r\n<CODE>0\r\n<SEVERITY>INFO\r\n</STATUS>\r\n<DTSERVER>${dataOfx(HOJE)}120000[-3:BRT]\r\n<LANGUAGE>POR\r\n</SONRS>\r\n</SIGNONMSGSRSV1>\r\n<BANKMSGSRSV1>\r\n<STMTTRNRS>\r\n<TRNUID>1\r\n<STATUS>\r\n<CODE>0\r\n<SEVERITY>INFO\r\n</STATUS>\r\n<STMTRS>\r\n<CURDEF>BRL\r\n<BANKACCTFROM>\r\n<BANKID>001\r\n<ACCTID>12345-6\r\n<ACCTTYPE>CHECKING\r\n</BANKACCTFROM>\r\n<BANKTRANLIST>\r\n<DTSTART>${dataOfx(INICIO)}\r\n<DTEND>${dataOfx(HOJE)}\r\n${linhas.join('\r\n')}\r\n</BANKTRANLIST>\r\n<LEDGERBAL>\r\n<BALAMT>${(saldo / 100).toFixed(2)}\r\n<DTASOF>${dataOfx(HOJE)}\r\n</LEDGERBAL>\r\n</STMTRS>\r\n</STMTTRNRS>\r\n</BANKMSGSRSV1>\r\n</OFX>\r\n`;
  return Buffer.from(texto, 'latin1'); // ç, É, Í… are the same single bytes in cp1252
}

/**
 * 50,000 open títulos of one account due over the period (70 % receber), documento 'NF <n>', and
 * 2,000 statement lines over the same period: line k of kind k % 4 — 0: the saldo of título k·20
 * on its vencimento + 1 day; 1: título k·20 + 1 named by its documento in the memo, with R$ 3,17 of
 * juros; 2: the sum of three receivables due the same day (k·20 + 2, +3, +4); 3: an amount nobody has.
 */
function dataset(): { label: string; sql: string }[] {
  return [
    {
      label: 'cadastros',
      sql: `insert into classes_financeiras (codigo, nome, tipo) values
          ('1', 'Receitas', 'receita'), ('1.01', 'Vendas', 'receita'),
          ('2', 'Despesas', 'despesa'), ('2.01', 'Compras', 'despesa');
        insert into contas_bancarias (id, nome, tipo, saldo_inicial, data_saldo_inicial)
        values ('${CONTA_CONCILIACAO}'::uuid, 'Banco Conciliação', 'corrente', 100000, '${addDays(INICIO, -30)}')`,
    },
    {
      label: `${TITULOS} títulos em aberto`,
      sql: `insert into financial_accounts (id, tipo, status, descricao, valor, saldo, data_emissao,
          data_vencimento, pessoa_nome, documento, parcela, total_parcelas, juros_mes_percentual,
          multa_percentual, classe_financeira_id, conta_bancaria_id, origem)
        select md5('c' || g)::uuid, v.tipo, 'em_aberto', 'Título ' || g, v.valor, v.valor, v.venc - 28, v.venc,
          'Cliente ' || (g % 5000) || ' Comércio Ltda', 'NF ' || (500000 + g), 1, 1, 1, 2,
          (select id from classes_financeiras where codigo = case v.tipo when 'receber' then '1.01' else '2.01' end),
          '${CONTA_CONCILIACAO}'::uuid, 'manual'
        from generate_series(0, ${TITULOS - 1}) g
        cross join lateral (select
          case when g % 20 between 2 and 4 or g % 10 < 6 then 'receber' else 'pagar' end as tipo,
          ('${INICIO}'::date + (case when g % 20 between 2 and 4 then (g / 20) % ${DIAS} else (g::bigint * 7919) % ${DIAS} end)::int) as venc,
          (20 + ((g::bigint * 104729) % 300000) / 100.0)::numeric(14,2) as valor) v`,
    },
    {
      label: `${LINHAS_CONCILIACAO} linhas do extrato`,
      sql: `insert into extrato_linhas (conta_bancaria_id, origem, data, valor, memo, documento, posicao, chave_dedupe)
        select '${CONTA_CONCILIACAO}'::uuid, 'manual', x.data, x.valor, x.memo, null, k, 'bench:' || k
        from generate_series(0, ${LINHAS_CONCILIACAO - 1}) k
        cross join lateral (select
          case k % 4
            when 0 then (select least(t.data_vencimento + 1, '${HOJE}'::date) from financial_accounts t where t.id = md5('c' || (k * 20))::uuid)
            when 1 then '${INICIO}'::date + (k % ${DIAS})
            when 2 then (select t.data_vencimento from financial_accounts t where t.id = md5('c' || (k * 20 + 2))::uuid)
            else '${INICIO}'::date + (k % ${DIAS}) end as data,
          case k % 4
            when 0 then (select case t.tipo when 'receber' then t.saldo else -t.saldo end from financial_accounts t where t.id = md5('c' || (k * 20))::uuid)
            when 1 then (select case t.tipo when 'receber' then t.saldo + 3.17 else -(t.saldo + 3.17) end from financial_accounts t where t.id = md5('c' || (k * 20 + 1))::uuid)
            when 2 then (select sum(t.saldo) from financial_accounts t where t.id in (md5('c' || (k * 20 + 2))::uuid, md5('c' || (k * 20 + 3))::uuid, md5('c' || (k * 20 + 4))::uuid))
            else 0.01 + k / 1000.0 end as valor,
          case k % 4
            when 0 then 'PIX RECEBIDO ' || k
            when 1 then 'PAGAMENTO NF ' || (500000 + k * 20 + 1)
            when 2 then 'CRED LIQUIDACAO COBRANCA'
            else 'TRANSFERENCIA AVULSA ' || k end as memo) x`,
    },
  ];
}

async function prepara(): Promise<{ database: Database; geradoEm: number | null }> {
  const database = await openMigratedDatabase(DB_NAME, { poolSize: 4 });
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from extrato_linhas where origem = 'manual'`),
  ) as [{ n: number }];
  if (n > 0) {
    await database.exec('analyze');
    return { database, geradoEm: null };
  }
  const t = performance.now();
  await bulkLoad(database, dataset());
  await database.exec('vacuum analyze');
  return { database, geradoEm: (performance.now() - t) / 1000 };
}

const s = (x: number) => `${(x / 1000).toFixed(2)} s`;
const faixa = (xs: number[]) => `${s(median(xs))} (${s(Math.min(...xs))}–${s(Math.max(...xs))})`;

async function main() {
  const { database, geradoEm } = await prepara();
  const { db } = database;
  try {
    const { token, jwtSecret } = await benchUser(database, EMAIL, 'financeiro');
    const app = benchApp(database, DB_NAME, jwtSecret, { UPLOAD_LIMIT_BYTES: String(64 * 1024 * 1024) });
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await app.request(url, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API under measurement
      const json = (await res.json()) as Record<string, any>;
      if (res.status >= 300)
        throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 400)}`);
      return json;
    };

    // (a) OFX import
    const arquivo = ofx10k();
    const base64 = arquivo.toString('base64');
    const importar: number[] = [];
    const reimportar: number[] = [];
    for (let r = 0; r <= RUNS; r++) {
      const [conta] = rowsOf<{ id: string }>(
        await db.execute(sql`insert into contas_bancarias (nome, tipo, saldo_inicial, data_saldo_inicial)
          values (${`Banco OFX ${Date.now()}-${r}`}, 'corrente', 0, ${addDays(INICIO, -1)}) returning id`),
      );
      const corpo = { conta_bancaria_id: conta!.id, nome: 'extrato-10k.ofx', conteudo_base64: base64 };
      const t0 = performance.now();
      const a = await call('POST', '/api/financeiro/extrato-bancario/importar', corpo);
      const t1 = performance.now();
      const b = await call('POST', '/api/financeiro/extrato-bancario/importar', corpo);
      const t2 = performance.now();
      if (a.novas !== LINHAS_OFX || b.novas !== 0 || b.repetidas !== LINHAS_OFX)
        throw new Error(`importação: ${JSON.stringify({ a: a.novas, b: b.novas })}`);
      if (r === 0) continue; // warm-up (first compile of the paths)
      importar.push(t1 - t0);
      reimportar.push(t2 - t1);
      console.log(`OFX run ${r}: importar ${s(t1 - t0)}, reimportar ${s(t2 - t1)}`);
    }

    // (b) reconciliation suggestions
    const url = `/api/financeiro/conciliacao-bancaria?conta_bancaria_id=${CONTA_CONCILIACAO}&de=${INICIO}&ate=${HOJE}`;
    const sugestoes: number[] = [];
    let resumo = { linhas: 0, comSugestao: 0, exatas: 0, memo: 0, soma: 0 };
    for (let r = 0; r <= RUNS; r++) {
      const t0 = performance.now();
      const p = await call('GET', url);
      const dt = performance.now() - t0;
      // biome-ignore lint/suspicious/noExplicitAny: the period's answer
      const linhas = p.linhas as any[];
      resumo = {
        linhas: linhas.length,
        comSugestao: linhas.filter((l) => l.sugestoes.length).length,
        exatas: linhas.filter((l, k) => k % 4 === 0 && l.sugestoes[0]?.tipo === 'titulo').length,
        memo: linhas.filter((l, k) => k % 4 === 1 && l.sugestoes[0]?.tipo === 'titulo').length,
        soma: linhas.filter((l) => l.sugestoes[0]?.tipo === 'titulos').length,
      };
      if (r === 0) continue;
      sugestoes.push(dt);
      console.log(`conciliação run ${r}: ${s(dt)}`, resumo);
    }
    const [{ abertos }] = rowsOf<{ abertos: number }>(
      await db.execute(sql`select count(*)::int as abertos from financial_accounts
        where conta_bancaria_id = ${CONTA_CONCILIACAO} and status = 'em_aberto'
          and data_vencimento between ${addDays(INICIO, -7)} and ${addDays(HOJE, 7)}`),
    ) as [{ abertos: number }];
    const versao = rowsOf<{ v: string }>(
      await db.execute(sql`select current_setting('server_version') as v`),
    )[0]!.v;
    const ok = (xs: number[]) => (median(xs) < 2000 ? '< 2 s ✔' : '< 2 s ✘');
    const corpo = `Issue 18. \`npm run bench:extrato\` (bench/extrato/run.ts): PostgreSQL ${versao} on this machine (${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(
        ' / ',
      )} at the end of the run, shared with other work), database \`${DB_NAME}\`${geradoEm ? ` (generated in SQL in ${geradoEm.toFixed(0)} s)` : ''}. Through the real app in-process (session, zod, SQL, JSON) as the financeiro role, one request at a time, after one warm-up; ${RUNS} runs, **median** (range), ${HOJE}.

| scenario | data | time | target |
| --- | --- | --- | --- |
| (a) OFX import, POST /api/financeiro/extrato-bancario/importar | generated OFX 1.02 of ${LINHAS_OFX.toLocaleString('en')} lines (${(arquivo.length / 1024 / 1024).toFixed(2)} MB, cp1252, ${(base64.length / 1024 / 1024).toFixed(2)} MB in base64) into a new account each run: all new | ${faixa(importar)} | ${ok(importar)} |
| the same file again (information) | all ${LINHAS_OFX.toLocaleString('en')} repeated, nothing added | ${faixa(reimportar)} | — |
| (b) reconciliation period with suggestions, GET /api/financeiro/conciliacao-bancaria | ${resumo.linhas.toLocaleString('en')} pending lines over ${DIAS} days × ${abertos.toLocaleString('en')} open títulos of the account due in the period ± 7 days (all candidates); ${resumo.comSugestao.toLocaleString('en')} lines with suggestions: ${resumo.exatas} exact first, ${resumo.memo} by documento in the memo, ${resumo.soma} sums of títulos | ${faixa(sugestoes)} | ${ok(sugestoes)} |

The import parses the bytes (charset check, SGML), computes the de-duplication keys and writes all the
lines in one statement (\`insert … select from jsonb_to_recordset(…) on conflict do nothing\` on the account +
key unique index) in one transaction with the import record. The period read loads the lines, the SQL-narrowed candidates (open
títulos of the account due in the period ± 7 days or named by a memo's digits; movements ± 3 days) and runs
the pure engine once for all lines (one index of the títulos by amount and by date; the sum search bounded
to the 20 títulos due nearest the line, 2–5 of them, 20,000 steps).`;
    console.log(corpo);
    if (!process.argv.includes('--no-write')) writeSection('Extrato e conciliação', corpo);
  } finally {
    await database.close();
    if (process.argv.includes('--drop')) await dropDatabase(DB_NAME);
  }
}

await main();
