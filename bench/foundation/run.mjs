// Foundation benchmark: cold `npm start` to /ready on an existing data directory, GET /health throughput
// with autocannon, and the server's idle memory (RSS). Writes the "Foundation" section of docs/benchmarks.md.
// Run: npm run bench:foundation
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { writeSection } from '../lib/write-section.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
const port = 3900 + Math.floor(Math.random() * 90);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
process.on('uncaughtException', (err) => {
  console.error(err);
  process.exit(1);
});

let logFile = null;
const logFd = () => (logFile ??= fs.openSync(process.env.BENCH_LOG, 'a'));

function start(extraEnv = {}) {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // a web build is not what this measures: sources newer than apps/web/dist (a work tree being
      // edited) would rebuild on every start, and a start stopped before its build ends rebuilds again
      SKIP_WEB_BUILD: 'true',
      ...extraEnv,
    },
    // BENCH_LOG=<file>: the server's output there (to see why a start is slow or fails)
    stdio: process.env.BENCH_LOG ? ['ignore', logFd(), logFd()] : 'ignore',
    detached: true,
  });
  started.push(child);
  return { child, t0 };
}

async function waitReady(t0, limitMs = 120_000) {
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/ready`);
      if (r.ok) return performance.now() - t0;
    } catch {}
    if (performance.now() - t0 > limitMs)
      throw new Error(`server did not become ready in ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stop(child) {
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
}

const serverPid = () => {
  // npm -> node scripts/start.mjs -> node dist/main.mjs (the server's bundle): find the server itself
  const r = spawnSync('pgrep', ['-f', 'dist/main.mjs'], { encoding: 'utf8' });
  const pids = r.stdout.trim().split('\n').filter(Boolean).map(Number);
  const ours = pids.find((p) => fs.readFileSync(`/proc/${p}/environ`, 'utf8').includes(`PORT=${port}`));
  if (!ours) throw new Error('server process not found');
  return ours;
};

const rssMiB = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

const started = [];
process.on('exit', () => {
  for (const c of started) {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {}
  }
});

// First start creates and seeds the data directory (and builds the web app if stale); not measured.
// It takes 20–40 s on a quiet machine and ~90 s at a load of 14 (docs/benchmarks.md): 5 minutes allowed.
{
  const { child, t0 } = start();
  const ms = await waitReady(t0, 300_000);
  console.log(`first start (migrate + demo data): ${(ms / 1000).toFixed(2)} s`);
  await stop(child);
}

// the 1-minute load average beside each figure: the machine is shared, a figure means little without it
const load1 = () => os.loadavg()[0];
const fmtLoads = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[Math.floor(s.length / 2)].toFixed(1)} (${s[0].toFixed(1)}–${s[s.length - 1].toFixed(1)})`;
};
const startLoads = [];
const times = [];
for (let i = 0; i < RUNS; i++) {
  startLoads.push(load1());
  const { child, t0 } = start();
  const ms = await waitReady(t0);
  times.push(ms);
  console.log(`cold start ${i + 1}: ${(ms / 1000).toFixed(2)} s`);
  await stop(child);
}
times.sort((a, b) => a - b);

// The start after a change to the server's sources: its bundle (apps/server/dist) is rebuilt first.
// Forced by removing the bundle's record of its inputs, as a changed source would.
const REBUILD_RUNS = Number(process.env.BENCH_REBUILD_RUNS ?? 3);
const rebuildLoads = [];
const rebuildTimes = [];
for (let i = 0; i < REBUILD_RUNS; i++) {
  fs.rmSync(path.join(root, 'apps/server/dist/entradas.json'), { force: true });
  rebuildLoads.push(load1());
  const { child, t0 } = start();
  const ms = await waitReady(t0);
  rebuildTimes.push(ms);
  console.log(`start with the server rebuilt ${i + 1}: ${(ms / 1000).toFixed(2)} s`);
  await stop(child);
}
rebuildTimes.sort((a, b) => a - b);

const { child, t0 } = start();
await waitReady(t0);
await new Promise((r) => setTimeout(r, 3000));
const pid = serverPid();
const idleRss = rssMiB(pid);
const loadBeforeLoad = load1();
const result = await autocannon({ url: `http://127.0.0.1:${port}/health`, connections: 50, duration: 10 });
const afterRss = rssMiB(pid);
const loadAfterLoad = load1();
await stop(child);

// The same server on a PostgreSQL server instead of PGlite, to show how much of the RSS is the embedded database.
let pgRss = null;
const pgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
try {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  await admin.query('drop database if exists erp_bench_foundation with (force)');
  await admin.query('create database erp_bench_foundation');
  await admin.end();
  const url = new URL(pgAdminUrl);
  url.pathname = '/erp_bench_foundation';
  const pgStart = start({ DATABASE_URL: url.toString(), SEED_DEMO: 'false' });
  await waitReady(pgStart.t0);
  await new Promise((r) => setTimeout(r, 3000));
  pgRss = rssMiB(serverPid());
  await stop(pgStart.child);
} catch (err) {
  console.warn(`PostgreSQL comparison skipped: ${err.message}`);
}
// after the PostgreSQL start too, which writes its key file into the same DATA_DIR
fs.rmSync(dataDir, { recursive: true, force: true });

const median = times[Math.floor(times.length / 2)];
const body = `
Command: \`npm run bench:foundation\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores.

| measure | result | target | load (1 min) |
| --- | --- | --- | --- |
| cold \`npm start\` → \`/ready\` 200, existing data dir (embedded PGlite), median of ${RUNS} | ${(median / 1000).toFixed(2)} s (min ${(times[0] / 1000).toFixed(2)} s, max ${(times[times.length - 1] / 1000).toFixed(2)} s) | < 3 s | ${fmtLoads(startLoads)} at the starts |
| the same after a change to the server's sources (its bundle rebuilt first), median of ${REBUILD_RUNS} | ${(rebuildTimes[Math.floor(rebuildTimes.length / 2)] / 1000).toFixed(2)} s (min ${(rebuildTimes[0] / 1000).toFixed(2)} s, max ${(rebuildTimes[rebuildTimes.length - 1] / 1000).toFixed(2)} s) | — | ${fmtLoads(rebuildLoads)} at the starts |
| \`GET /health\`, autocannon 50 connections × 10 s | ${Math.round(result.requests.average)} req/s (latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.errors} errors, ${result.non2xx} non-2xx) | — | ${loadBeforeLoad.toFixed(1)} before → ${loadAfterLoad.toFixed(1)} after |
| server RSS idle after start | ${idleRss.toFixed(0)} MiB | — | |
| server RSS after the load | ${afterRss.toFixed(0)} MiB | — | |
| server RSS idle, same server on a PostgreSQL server (no PGlite) | ${pgRss === null ? 'not measured' : `${pgRss.toFixed(0)} MiB`} | — | |

The cold start includes npm, the launcher's check that the server's bundle is current (\`apps/server/dist/main.mjs\`,
decision record 0008; built by the unmeasured first start), Node loading that bundle and the npm packages it
imports, opening PGlite (WASM) on the existing data directory and checking migrations (the web build's stale-check
is skipped with \`SKIP_WEB_BUILD=true\`: a rebuild is not what this measures). The difference between the embedded
and the PostgreSQL-server RSS is PGlite's WebAssembly heap (the embedded PostgreSQL itself); the rest is Node and
the app's modules.
`;
writeSection('Foundation', body);
console.log(body);
