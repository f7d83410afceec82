// `npm run bench`: every `bench:*` script of the root package.json, one after another, each in its own
// process (`npm run bench:<name>`), so one bench's memory, pools or child servers never colour the next
// one's figures. A failing bench stops nothing: the others still run, the failure is reported and the
// runner exits non-zero at the end (issue 30: a benchmark that cannot run is a failure). Each bench
// writes its own section of docs/benchmarks.md; this runner keeps the "Running the benchmarks" section at
// the top (every command, what it measures, its duration and status in the last run).
//   npm run bench [-- --only cadastros,precos] [-- --skip estoque,dashboard] [-- --list] [-- --write-summary]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSection } from './lib/write-section.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docFile = path.join(root, 'docs/benchmarks.md');
const SECTION = 'Running the benchmarks';

/** What each bench measures (the summary's second column); a bench missing here reads "see its section". */
const WHAT = {
  foundation:
    'cold `npm start` to `/ready`, `GET /health` throughput (autocannon), idle RSS (embedded PGlite)',
  dashboard:
    'generates the 1 M-order data set (`erp_bench`) and times every dashboard endpoint through HTTP against its SQL',
  cadastros: 'customer list with search and filters, 200,000 customers (`erp_bench_cadastros`)',
  estoque:
    'stock posting (8 writers, API against its SQL), stock lists and kardex at 5 M ledger rows (`erp_bench_estoque`, dropped at the end)',
  precos:
    'price and tax engine for a 200-item order in process, then the price endpoint and the taxes on PostgreSQL',
  comercial: 'order save (100 items), order list and kanban at 1 M orders',
  financeiro:
    'receivables list, cash flow, aging and month summary at 500,000 títulos (`erp_bench_financeiro`)',
  entradas: 'import, map and post a 500-item NF-e (goods receipt; `erp_bench_entradas`, dropped at the end)',
  extrato:
    'OFX import of 10,000 lines and the reconciliation period (2,000 lines × 50,000 títulos; `erp_bench_extrato`, dropped at the end)',
  nfe: 'build, sign and XSD-validate an NF-e in process (before/after the signer rewrite)',
  expedicao: 'the load-assembly list of available orders (5,000 liberado among 205,000)',
  'expedicao-faturamento':
    'invoicing a 200-order load through the pg-boss worker and the SEFAZ double (150 ms latency; `erp_bench_faturamento`)',
  'comercial-busca': "the order entry's product and customer searches (100,000 products, 200,000 customers)",
  uploads: "another user's `GET /api/me` while a 20 MB .zip of NF-e is imported (PostgreSQL and PGlite)",
  web: 'production web build and first load of the dashboard in headless Chromium (bytes, time to visible)',
  'pedidos-busca': 'order list searched by number, customer name and CNPJ/CPF at 1 M orders',
};

function argList(name) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return null;
  return (process.argv[i + 1] ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^bench:/, ''))
    .filter(Boolean);
}

const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {};
const all = Object.keys(scripts)
  .filter((s) => s.startsWith('bench:'))
  .map((s) => s.slice('bench:'.length));
const only = argList('only');
const skip = argList('skip') ?? [];
for (const name of [...(only ?? []), ...skip]) {
  if (!all.includes(name)) {
    console.error(`unknown bench "${name}"; known: ${all.join(', ')}`);
    process.exit(2);
  }
}
// --write-summary: runs nothing, only rewrites the summary table (a bench added or described anew)
const selected = process.argv.includes('--write-summary')
  ? []
  : all.filter((n) => (only ? only.includes(n) : true) && !skip.includes(n));

if (process.argv.includes('--list')) {
  for (const n of all) console.log(`bench:${n}\t${scripts[`bench:${n}`]}`);
  process.exit(0);
}

const load = () => os.loadavg()[0].toFixed(2);
const fmtSeconds = (s) => (s >= 120 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(1)} s`);

function run(name) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', `bench:${name}`], { cwd: root, stdio: 'inherit' });
    const stopChild = () => child.kill('SIGTERM');
    process.once('SIGINT', stopChild);
    process.once('SIGTERM', stopChild);
    child.on('error', (err) => resolve({ code: 1, error: err.message }));
    child.on('exit', (code, signal) => {
      process.off('SIGINT', stopChild);
      process.off('SIGTERM', stopChild);
      resolve({ code: code ?? 1, signal });
    });
  });
}

const results = [];
for (const name of selected) {
  const loadBefore = load();
  const started = new Date();
  console.log(`\n=== bench:${name} (${started.toISOString().slice(11, 19)} UTC, load ${loadBefore}) ===`);
  const t = performance.now();
  const { code, signal } = await run(name);
  const seconds = (performance.now() - t) / 1000;
  const ok = code === 0;
  results.push({ name, seconds, ok, code, signal, loadBefore, loadAfter: load(), started });
  console.log(
    `=== bench:${name}: ${ok ? 'ok' : `FAILED (exit ${signal ?? code})`} in ${fmtSeconds(seconds)} ===`,
  );
}

// Summary on the terminal.
const rows = [
  ['bench', 'time', 'status', 'load before', 'load after'],
  ...results.map((r) => [
    `bench:${r.name}`,
    fmtSeconds(r.seconds),
    r.ok ? 'ok' : `FAILED (${r.signal ?? r.code})`,
    r.loadBefore,
    r.loadAfter,
  ]),
];
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
console.log('');
for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c])).join('  '));

// The summary section: this run's rows, the previous run's kept for the benches not run now.
const previous = new Map();
const text = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8') : '# Benchmarks\n';
const start = text.indexOf(`## ${SECTION}\n`);
if (start >= 0) {
  const end = text.indexOf('\n## ', start + 4);
  for (const line of text.slice(start, end === -1 ? undefined : end).split('\n')) {
    const m = line.match(/^\| `npm run bench:([\w-]+)` \|.*?\| ([^|]*) \| ([^|]*) \| ([^|]*) \|$/);
    if (m) previous.set(m[1], { duration: m[2].trim(), status: m[3].trim(), when: m[4].trim() });
  }
}
const current = new Map(results.map((r) => [r.name, r]));
const table = all.map((name) => {
  const r = current.get(name);
  const what = WHAT[name] ?? 'see its section below';
  if (r) {
    const when = `${r.started.toISOString().slice(0, 16).replace('T', ' ')} UTC, load ${r.loadBefore} → ${r.loadAfter}`;
    return `| \`npm run bench:${name}\` | ${what} | ${fmtSeconds(r.seconds)} | ${r.ok ? 'ok' : `**failed** (exit ${r.signal ?? r.code})`} | ${when} |`;
  }
  const p = previous.get(name) ?? { duration: '—', status: 'not run yet', when: '—' };
  return `| \`npm run bench:${name}\` | ${what} | ${p.duration} | ${p.status} | ${p.when} |`;
});
const body = `\`npm run bench\` runs every bench below one after another, each in its own process, and rewrites this
file: each bench its own section, the runner this table. \`npm run bench -- --only cadastros,precos\` runs some,
\`npm run bench -- --skip estoque,dashboard\` leaves some out (the others keep their last figures); a failing bench
stops nothing, but the runner exits non-zero. One bench alone: \`npm run bench:<name>\`. The PostgreSQL benches need
a local server (\`BENCH_SERVER_URL\`, default \`postgres://postgres@127.0.0.1:5432\`); they create their own
databases. Every figure is read with the 1-minute load average beside it: the machine's 2 cores are shared.

How each bench measures: through HTTP on the real server process (\`bench/lib/http.ts\`), beside the statements the
same request sends replayed alone (\`bench/lib/endpoint.ts\`): cadastros, financeiro, expedicao, the price route of
precos. Through HTTP without a SQL reference: entradas (its steps are writes, not replayable as sent), uploads
(another user's \`/api/me\` during an import), foundation (\`/health\`), web (a browser). In process: nfe and the
engine of precos (no endpoint; the target is the engine's CPU), the taxes of precos (a service of the order save,
no route), expedicao-faturamento (the pg-boss worker runs in the bench's process with the batch setting under test;
the click itself is a negligible share of the wait), comercial-busca (services + EXPLAIN of what they send). The
others say how they measure in their sections.

| command | what it measures | duration (last run) | status | last run (load 1 min before → after) |
| --- | --- | --- | --- | --- |
${table.join('\n')}`;

// First time: the section goes right after the file's introduction, before the first bench's section.
if (start < 0) {
  const first = text.indexOf('\n## ');
  const placeholder = `## ${SECTION}\n\n`;
  const out =
    first < 0
      ? `${text.trimEnd()}\n\n${placeholder}`
      : `${text.slice(0, first + 1)}${placeholder}${text.slice(first + 1)}`;
  fs.writeFileSync(docFile, out);
}
writeSection(SECTION, body);

const failed = results.filter((r) => !r.ok);
if (failed.length) {
  console.error(`\n${failed.length} bench(es) failed: ${failed.map((r) => `bench:${r.name}`).join(', ')}`);
  process.exit(1);
}
