// Cold starts of two (or more) checkouts of this repository, interleaved: `npm start` → `GET /ready` 200
// on the same existing data directory, the order reversed every round so that the machine's load falls
// on both alike. Beside the wall time, the CPU the start used (utime + stime of every process of npm's
// process group when /ready answers: npm, the launcher, the server with its threads), which depends far
// less on the load than the wall time. Prints medians; writes nothing.
//
// node bench/foundation/compare.mjs <checkout A> <checkout B> [--runs 7]
// (each checkout with its node_modules; the data directory is made by a first start of A, not timed)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 7;
const copies = args.map((a) => path.resolve(a));
if (copies.length < 2) throw new Error('usage: compare.mjs <checkout A> <checkout B> [--runs 7]');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-compare-'));
const port = 3900 + Math.floor(Math.random() * 90);

function cpuOfGroup(pgid) {
  let ticks = 0;
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const st = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // ended meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

async function start(cwd, limitMs = 120_000) {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SKIP_WEB_BUILD: 'true',
    },
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) break;
    } catch {}
    if (performance.now() - t0 > limitMs) throw new Error(`${cwd}: not ready in ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const wall = performance.now() - t0;
  const cpu = cpuOfGroup(child.pid);
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
  await new Promise((r) => setTimeout(r, 500));
  return { wall, cpu };
}

await start(copies[0], 300_000); // creates and seeds the data directory (and builds what is stale)
for (const c of copies.slice(1)) await start(c); // builds what is stale there
const res = new Map(copies.map((c) => [c, []]));
const loads = [];
for (let i = 0; i < RUNS; i++) {
  for (const c of i % 2 ? [...copies].reverse() : copies) {
    loads.push(os.loadavg()[0]);
    const r = await start(c);
    res.get(c).push(r);
    console.log(
      `${i + 1} ${c}: ${(r.wall / 1000).toFixed(2)} s, CPU ${(r.cpu / 1000).toFixed(2)} s, load ${os.loadavg()[0].toFixed(1)}`,
    );
  }
}
fs.rmSync(dataDir, { recursive: true, force: true });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(res.get(copies[0]).map((r) => r.wall));
for (const [c, rs] of res) {
  const w = rs.map((r) => r.wall);
  console.log(
    `${c}: median ${(median(w) / 1000).toFixed(2)} s (${(Math.min(...w) / 1000).toFixed(2)}–${(Math.max(...w) / 1000).toFixed(2)}), ratio ${(median(w) / base).toFixed(2)}; CPU median ${(median(rs.map((r) => r.cpu)) / 1000).toFixed(2)} s`,
  );
}
console.log(
  `load (1 min) at the starts: median ${median(loads).toFixed(1)} (${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`,
);
