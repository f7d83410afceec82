// First load of the dashboard from the production build, in Chromium: `npm run bench:web` writes the
// section "Web — first load" of docs/benchmarks.md (--no-write: only the JSON; "Web — carregamento",
// the before/after of the route split, was written by hand). Builds apps/web into a folder of its own, starts the real
// server on it (embedded database with the demo data, in a temporary folder), signs in once and then
// opens "/" N times with an empty cache but the session kept: bytes transferred (JS, CSS, total) and
// the time until the dashboard's heading is visible. Prints medians as JSON.
// --mbps N emulates a link of N Mbit/s down (and 40 ms of latency) in Chromium; localhost otherwise.
//   npm run bench:web [-- --runs 5] [-- --dist <folder already built>] [-- --mbps 10] [-- --no-write]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { writeSection } from '../lib/write-section.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 5);
const loadBefore = os.loadavg().map((l) => l.toFixed(2));
const mbps = arg('mbps') ? Number(arg('mbps')) : null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-web-'));
let distDir = arg('dist');
if (!distDir) {
  distDir = path.join(dataDir, 'dist');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
}

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const baseURL = `http://127.0.0.1:${port}`;
const server = spawn('npx', ['tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SITE_URL: baseURL,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    NODE_ENV: 'production',
    WEB_DIST_DIR: distDir,
  },
  stdio: 'ignore',
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
};
process.once('exit', stop);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

try {
  for (const deadline = Date.now() + 300_000; ; ) {
    if ((await fetch(`${baseURL}/ready`).catch(() => null))?.ok) break;
    if (Date.now() > deadline) throw new Error('o servidor não ficou pronto');
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const ctxOpts = { baseURL, locale: 'pt-BR', viewport: { width: 1366, height: 900 } };
  // sign in once; every measured load starts from that session with an empty HTTP cache
  const login = await browser.newContext(ctxOpts);
  const lp = await login.newPage();
  await lp.goto('/auth');
  await lp.getByLabel('E-mail').fill('admin@demo.erp.br');
  await lp.getByLabel('Senha', { exact: true }).fill('demo12345');
  await lp.getByRole('button', { name: 'Entrar' }).click();
  await lp.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 60_000 });
  const storageState = await login.storageState();
  await login.close();

  const samples = [];
  for (let i = 0; i < runs + 1; i++) {
    const context = await browser.newContext({ ...ctxOpts, storageState });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (mbps)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: (mbps * 1_000_000) / 8,
        uploadThroughput: (mbps * 1_000_000) / 8,
      });
    const types = new Map();
    const bytes = { js: 0, css: 0, total: 0, jsFiles: 0 };
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      const t = types.get(e.requestId);
      bytes.total += e.encodedDataLength;
      if (t === 'Script') {
        bytes.js += e.encodedDataLength;
        bytes.jsFiles += 1;
      }
      if (t === 'Stylesheet') bytes.css += e.encodedDataLength;
    });
    const t0 = Date.now();
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 60_000 });
    const visibleMs = Date.now() - t0;
    await page.waitForLoadState('networkidle');
    // the first load warms the server (and the OS file cache): not counted
    if (i > 0) samples.push({ visibleMs, ...bytes });
    await context.close();
  }
  await browser.close();
  const load = os.loadavg().map((l) => l.toFixed(2));
  const out = { runs, mbps, load, samples };
  for (const k of ['visibleMs', 'js', 'css', 'total', 'jsFiles'])
    out[`median_${k}`] = median(samples.map((s) => s[k]));
  console.log(JSON.stringify(out, null, 1));
  if (!process.argv.includes('--no-write')) {
    const range = (k) => {
      const v = samples.map((s) => s[k]);
      return `${Math.min(...v)}–${Math.max(...v)}`;
    };
    const n = (x) => Math.round(x).toLocaleString('en-US');
    writeSection(
      'Web — first load (latest `npm run bench:web`)',
      `Command: \`npm run bench:web${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores; load average (1 / 5 / 15 min) before ${loadBefore.join(' / ')}, after ${load.join(' / ')}.

The production build (${arg('dist') ? `\`${arg('dist')}\`` : 'built by the bench with `vite build`'}) served by the real server (embedded PGlite, demo data), Chromium headless at 1366 × 900 signed in as admin, ${runs} loads of \`/\` with an empty HTTP cache and the session kept, after one warm-up load; ${mbps ? `${mbps} Mbit/s + 40 ms emulated` : 'localhost, no network emulation'}. "Visible": navigation start to the \`Dashboard\` heading visible; bytes as transferred until the network is idle. Medians (range). The before/after history of the route split is in "Web — carregamento".

| measure | result |
| --- | --- |
| dashboard visible | ${n(out.median_visibleMs)} ms (${range('visibleMs')}) |
| JS transferred | ${n(out.median_js)} B (${out.median_jsFiles} files) |
| CSS transferred | ${n(out.median_css)} B |
| total transferred | ${n(out.median_total)} B |`,
    );
  }
} finally {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
