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
      ...extraEnv,
    },
    stdio: 'ignore',
    detached: true,
  });
  started.push(child);
  return { child, t0 };
}

async function waitReady(t0) {
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/ready`);
      if (r.ok) return performance.now() - t0;
    } catch {}
    if (performance.now() - t0 > 120_000) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function stop(child) {
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
}

const serverPid = () => {
  // npm -> sh -> node scripts/start.mjs -> node src/main.ts (which has an esbuild child): find main.ts itself
  const r = spawnSync('pgrep', ['-f', 'tsx src/main.ts'], { encoding: 'utf8' });
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
{
  const { child, t0 } = start();
  const ms = await waitReady(t0);
  console.log(`first start (migrate + demo data): ${(ms / 1000).toFixed(2)} s`);
  await stop(child);
}

const times = [];
for (let i = 0; i < RUNS; i++) {
  const { child, t0 } = start();
  const ms = await waitReady(t0);
  times.push(ms);
  console.log(`cold start ${i + 1}: ${(ms / 1000).toFixed(2)} s`);
  await stop(child);
}
times.sort((a, b) => a - b);

const { child, t0 } = start();
await waitReady(t0);
await new Promise((r) => setTimeout(r, 3000));
const pid = serverPid();
const idleRss = rssMiB(pid);
const result = await autocannon({ url: `http://127.0.0.1:${port}/health`, connections: 50, duration: 10 });
const afterRss = rssMiB(pid);
await stop(child);
fs.rmSync(dataDir, { recursive: true, force: true });

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

const median = times[Math.floor(times.length / 2)];
const body = `
Command: \`npm run bench:foundation\` — ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores.

| measure | result | target |
| --- | --- | --- |
| cold \`npm start\` → \`/ready\` 200, existing data dir (embedded PGlite), median of ${RUNS} | ${(median / 1000).toFixed(2)} s (min ${(times[0] / 1000).toFixed(2)} s, max ${(times[times.length - 1] / 1000).toFixed(2)} s) | < 3 s |
| \`GET /health\`, autocannon 50 connections × 10 s | ${Math.round(result.requests.average)} req/s (latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.errors} errors, ${result.non2xx} non-2xx) | — |
| server RSS idle after start | ${idleRss.toFixed(0)} MiB | — |
| server RSS after the load | ${afterRss.toFixed(0)} MiB | — |
| server RSS idle, same server on a PostgreSQL server (no PGlite) | ${pgRss === null ? 'not measured' : `${pgRss.toFixed(0)} MiB`} | — |

The cold start includes npm, the stale-check of the web build (no rebuild), tsx loading the TypeScript sources,
opening PGlite (WASM) on the existing data directory and checking migrations. The difference between the embedded
and the PostgreSQL-server RSS is PGlite's WebAssembly heap (the embedded PostgreSQL itself); the rest is Node with
tsx and the app's modules.
`;
writeSection('Foundation', body);
console.log(body);
