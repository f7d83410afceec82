// Price + taxes benchmark (issue 13: a 200-item order priced and taxed in p95 < 20 ms), in process,
// no database: the engine the orders screen and the NF-e call, on the data set of dataset.ts.
// The engine gets what the server's queries return, not the whole data set: the price tables whose
// scope reaches the customer with only the order's products' items (precos/preco.service.ts,
// tabelasParaPrecos — tables of other customers' lists and other grupos never reach the engine;
// expired and inactive ones do, the trace names them) and the tax rules that can apply to the
// operation (tributacao/impostos.service.ts, carregaRegras with soAplicaveis). dataset.ts mirrors
// those WHERE clauses; the database read itself is timed by endpoint.ts, through the real routes.
// One run = indexTables + priceOrder (200 items) + matchRule + computeItemTaxes per item + totalize.
// The default runs the measurement 3 times, each in its own process, then the endpoint bench, and
// writes the medians and ranges to the "## Preços e tributação" section of docs/benchmarks.md.
//   npm run bench:precos
//   npx tsx bench/precos/run.ts [--runs 3] [--iterations 500] [--no-endpoint] [--no-write]
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexTables, priceOrder } from '../../packages/shared/src/precos/resolve-preco.ts';
import { computeItemTaxes, type ImpostosItem } from '../../packages/shared/src/tributacao/calculo-item.ts';
import type { PartesOperacao } from '../../packages/shared/src/tributacao/partes.ts';
import type { RegraTributacao } from '../../packages/shared/src/tributacao/regra.schema.ts';
import { matchRule } from '../../packages/shared/src/tributacao/regra-match.ts';
import { totalize } from '../../packages/shared/src/tributacao/totais.ts';
// @ts-expect-error plain .mjs helper shared by the benchmarks (no type declarations)
import { writeSection } from '../lib/write-section.mjs';
import {
  customer,
  DATE,
  ITEMS,
  items,
  loaded,
  products,
  regrasCarregadas,
  rules,
  SCENARIOS,
  tables,
} from './dataset.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ITERATIONS = Number(arg('iterations') ?? '500');
const RUNS = Number(arg('runs') ?? '3');
const WARMUP = 50;

/** One order: price every item, pick its tax rule, compute its taxes, totalize. */
function run(partes: PartesOperacao, rules: readonly RegraTributacao[], split?: number[]) {
  const t0 = performance.now();
  const indice = indexTables(loaded);
  const precos = priceOrder({ customer, date: DATE, tables: indice, items });
  split?.push(performance.now() - t0);
  const impostos: ImpostosItem[] = precos.map((preco, i) => {
    const p = products[i]!;
    const { regra } = matchRule(rules, { produtoId: p.id, ncm: p.ncm }, partes, { explicar: false });
    if (!regra) throw new Error(`sem regra: ${p.ncm}`);
    return computeItemTaxes(
      { quantidade: items[i]!.quantity, valorUnitario: preco.preco, origem: p.origem, ncm: p.ncm },
      regra,
      partes,
    );
  });
  return { precos, impostos, totais: totalize(impostos) };
}

const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
}
const ms = (x: number) => `${x.toFixed(2)} ms`;

type Resultado = {
  name: string;
  p50: number;
  p95: number;
  max: number;
  precoP50: number;
  impostosP50: number;
  comSt: number;
  comIpi: number;
  comDifal: number;
  porTabela: number;
  vNF: string;
  regras: number;
  cpuP50: number;
  cpuP95: number;
};
type Rodada = { results: Resultado[]; loadBefore: string; loadAfter: string };

/** One measurement (one process): every scenario, warm-up then ITERATIONS runs. */
function measure(): Rodada {
  const loadBefore = loadavg();
  const results = SCENARIOS.map(({ name, partes }): Resultado => {
    const regras = regrasCarregadas(partes);
    const sample = run(partes, regras);
    const comSt = sample.impostos.filter((i) => i.ICMS.vICMSST !== '0.00').length;
    const comIpi = sample.impostos.filter((i) => i.IPI !== null && i.IPI.vIPI !== '0.00').length;
    const comDifal = sample.impostos.filter((i) => i.ICMSUFDest !== null).length;
    const porTabela = sample.precos.filter((p) => p.origem.tipo === 'tabela').length;
    for (let i = 0; i < WARMUP; i++) run(partes, regras);
    const samples: number[] = [];
    const pricing: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      run(partes, regras, pricing);
      samples.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    const cpuStats = stats(cpu);
    const taxes = samples.map((x, i) => x - pricing[i]!);
    return {
      name,
      ...stats(samples),
      precoP50: stats(pricing).p50,
      impostosP50: stats(taxes).p50,
      comSt,
      comIpi,
      comDifal,
      porTabela,
      vNF: sample.totais.ICMSTot.vNF,
      regras: regras.length,
      cpuP50: cpuStats.p50,
      cpuP95: cpuStats.p95,
    };
  });
  return { results, loadBefore, loadAfter: loadavg() };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
/** "12.34 ms (10.01–15.67)": the median of the runs and their range. */
const faixa = (xs: number[]) =>
  xs.length === 1
    ? ms(xs[0]!)
    : `${ms(median(xs))} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;

function main() {
  if (process.argv.includes('--child')) {
    process.stdout.write(JSON.stringify(measure()));
    return;
  }
  // Each run in its own process (its own JIT warm-up and heap), one after the other.
  const rodadas: Rodada[] = [];
  const self = fileURLToPath(import.meta.url);
  for (let r = 0; r < RUNS; r++) {
    const out = execFileSync(
      process.execPath,
      [...process.execArgv, self, '--child', '--iterations', String(ITERATIONS)],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    rodadas.push(JSON.parse(out) as Rodada);
    console.log(
      `rodada ${r + 1}/${RUNS}: p95 ${rodadas
        .at(-1)!
        .results.map((x) => ms(x.p95))
        .join(' / ')}`,
    );
  }
  // The same order through the server: PostgreSQL, the real price route and the taxes service.
  type Stat = { p50: number; p95: number; max: number };
  type Endpoint = {
    banco: string;
    regras: number;
    iterations: number;
    via: string;
    preco: Stat;
    precoSql: Stat | null;
    impostos: (Stat & { name: string; vNF: string; sql: Stat | null })[];
    juntos: Stat;
    load: { min: number; median: number; max: number };
  };
  let endpoint: Endpoint | null = null;
  if (!process.argv.includes('--no-endpoint')) {
    const out = execFileSync(
      process.execPath,
      [...process.execArgv, path.join(path.dirname(self), 'endpoint.ts')],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    endpoint = JSON.parse(out.trim().split('\n').at(-1)!) as Endpoint;
    console.log(`endpoint: preço p95 ${ms(endpoint.preco.p95)}`);
  }
  const de = (i: number, f: (x: Resultado) => number) => rodadas.map((x) => f(x.results[i]!));
  const worstP95 = Math.max(...SCENARIOS.map((_, i) => median(de(i, (x) => x.p95))));
  const itensTabela = tables.reduce((s, t) => s + t.itens.length, 0);
  const itensCarregados = loaded.reduce((s, t) => s + t.itens.length, 0);
  const first = rodadas[0]!.results;
  const body = [
    `Command: \`npm run bench:precos\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, 2 cores, in process (no database); ${RUNS} runs, each in its own process.`,
    '',
    `One run prices and taxes a ${ITEMS}-item order: \`indexTables\` + \`priceOrder\` (packages/shared/src/precos), then per item \`matchRule\` + \`computeItemTaxes\`, then \`totalize\`. Data set: ${tables.length} price tables (${itensTabela.toLocaleString('en-US')} items, 1 to 3 quantity breaks each): 25 reaching the customer — 5 per level —, 4 that reach it but do not count (2 expired, 2 inactive) and 6 of other customers' lists and other grupos; ${rules.length} tax rules (NCM prefixes of 2–8 digits, by destination and recipient type). The engine gets what the server's queries return: the ${loaded.length} tables reaching the customer with the order's products' items (${itensCarregados.toLocaleString('en-US')} items; \`tabelasParaPrecos\`) and the rules that can apply to the operation (\`carregaRegras\`: ${first.map((x) => x.regras).join(' / ')} rules per scenario). Per process: ${WARMUP} warm-up runs, then ${ITERATIONS} measured runs per scenario. Each cell: the median of the ${RUNS} runs, then their range. p50/p95/max are wall-clock times (the target); "CPU" is the process's CPU time for the same runs (all its threads, garbage collection included), which waiting for a core does not inflate.`,
    '',
    '| scenario (200 items) | priced by a table | with ST | with IPI | with DIFAL | vNF | p50 prices | p50 taxes | p50 | p95 | max | CPU p50 / p95 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...first.map(
      (x, i) =>
        `| ${x.name} | ${x.porTabela} | ${x.comSt} | ${x.comIpi} | ${x.comDifal} | ${x.vNF} | ${ms(median(de(i, (y) => y.precoP50)))} | ${ms(median(de(i, (y) => y.impostosP50)))} | ${faixa(de(i, (y) => y.p50))} | ${faixa(de(i, (y) => y.p95))} | ${faixa(de(i, (y) => y.max))} | ${ms(median(de(i, (y) => y.cpuP50)))} / ${ms(median(de(i, (y) => y.cpuP95)))} |`,
    ),
    '',
    `Target (issue 13): p95 < 20 ms for a 200-item order — ${worstP95 < 20 ? 'met' : '**not met**'} (worst scenario, median of the runs' p95: ${ms(worstP95)}).`,
    ...(endpoint
      ? [
          '',
          `Through the server (\`bench/precos/endpoint.ts\`: the same data set in ${endpoint.banco} — ${endpoint.regras} tax rules, the duplicate match keys the database refuses left out —, the same 200-item order, ${endpoint.iterations} requests after 5 warm-ups, one at a time): \`POST /api/precos/preco/pedido\` ${endpoint.via === 'HTTP' ? 'through HTTP on the real server process (`bench/lib/http.ts`, production mode; ' : 'in process ('}session, validation, customer, products, the tables reaching the customer without breaks, the winning items' breaks, \`priceOrder\`, JSON of 200 traces) and \`calcularImpostosPedido\` with the prices it answered (company, customer, products, applicable rules, engine, totals) — a service the order save calls, no route of its own, so it is timed in the bench's process. "Its SQL": the statements each sends (captured once, session check included for the route) replayed with their parameters on one connection, same run. The in-process target above is the engine's; these figures add the database reads and the JSON. Load average (1 min) during the measurement: ${endpoint.load.median.toFixed(1)} (${endpoint.load.min.toFixed(1)}–${endpoint.load.max.toFixed(1)}).`,
          '',
          '| through the server | p50 | p95 | max | its SQL p50 | its SQL p95 |',
          '| --- | ---: | ---: | ---: | ---: | ---: |',
          `| POST /api/precos/preco/pedido (200 items, ${endpoint.via}) | ${ms(endpoint.preco.p50)} | ${ms(endpoint.preco.p95)} | ${ms(endpoint.preco.max)} | ${endpoint.precoSql ? ms(endpoint.precoSql.p50) : '—'} | ${endpoint.precoSql ? ms(endpoint.precoSql.p95) : '—'} |`,
          ...endpoint.impostos.map(
            (x) =>
              `| calcularImpostosPedido — ${x.name} (vNF ${x.vNF}; in process) | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.max)} | ${x.sql ? ms(x.sql.p50) : '—'} | ${x.sql ? ms(x.sql.p95) : '—'} |`,
          ),
          `| price (${endpoint.via}) then taxes, one after the other (SP → MG) | ${ms(endpoint.juntos.p50)} | ${ms(endpoint.juntos.p95)} | ${ms(endpoint.juntos.max)} | | |`,
          '',
        ]
      : []),
    "History: before 2026-11-23 the bench indexed all 35 tables on every order and the index sorted each item's breaks (`Decimal.of` per comparison) and each product's candidates (pt-BR collation per comparison): p95 258–323 ms under load, with garbage collection first in the profile. Now `IndicePrecos` sorts the tables once and files their items in that order (O(items), no per-product sort), reads only the winning item's breaks, and builds the trace sentences that repeat across an order (a table's label, why it lost to another, why it is ignored on the day) once per index. The server's query already loaded only the tables reaching the customer and the order's products; the bench now hands the engine the same (a test proves the restricted load gives the same prices and traces). On the server the price route no longer aggregates every candidate item's breaks in SQL (a subquery per item row, most of its time): it loads the tables without breaks, asks the engine for each item's winning table item (`itensVencedores`) and reads only those items' breaks — measured interleaved under the same load, that halved the route's price step (median 204 → 104 ms at load average 20), with identical answers. The data set's two expired general tables ended before they began (the database's check refuses that); they now run from 01/11/2025 to 31/01/2026.",
    `Machine load average (1 / 5 / 15 min) before → after each run: ${rodadas.map((x) => `${x.loadBefore} → ${x.loadAfter}`).join('; ')} (other engineers' tests share the 2 cores; figures under load are pessimistic).`,
  ].join('\n');
  if (!process.argv.includes('--no-write')) writeSection('Preços e tributação', body);
  console.log(body);
}

main();
