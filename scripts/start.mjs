// npm start: the web app and the API from one Node process (embedded PGlite in ./data unless
// DATABASE_URL is set). The web build (only when its sources changed since the last one) runs beside
// the server's own start-up — database, migrations, demo data — instead of before it: the two use
// different cores. Each stage prints a line when it starts and one with its seconds when it ends.
//
// The server runs precompiled (decision record 0008): apps/server/dist/main.mjs, one ES module bundled
// by esbuild from apps/server/src and packages/shared (scripts/build-server.mjs), rebuilt here first
// when any of its sources changed since the last build (about a second) — not tsx transpiling some 500
// TypeScript files on every start. `npm run dev`, the tests and the CLIs keep running the sources.
//
// Signals: SIGINT, SIGTERM and SIGHUP go to the server (graceful shutdown) and to a build still
// running; this launcher exits with the server's code. package.json runs it with `exec`, so the
// signal npm forwards to its script reaches this process and not only a shell in between (dash does
// not pass it on); should the parent die anyway (npm killed), the server is stopped the same way.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compilaServidor, entradaServidor, servidorDesatualizado } from './build-server.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webDir = path.join(root, 'apps/web');
const distDir = path.join(webDir, 'dist');
const builtIndex = path.join(distDir, 'index.html');
const inicio = performance.now();
const segundos = (desde) => `${((performance.now() - desde) / 1000).toFixed(1).replace('.', ',')} s`;

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(root, 'packages/shared/src'),
];
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const precisaCompilar =
  process.env.SKIP_WEB_BUILD !== 'true' && Math.max(...sources.map(newestMtime)) > builtAt;

let parando = false;
let build = null;
let server = null;
let codigoSaida = null;
function para(sinal, codigo = null) {
  if (parando) return;
  parando = true;
  codigoSaida = codigo;
  build?.kill('SIGTERM');
  // during the server's own build (not started yet) the launcher ends once that build returns
  server?.kill(sinal === 'SIGHUP' ? 'SIGTERM' : sinal);
}
for (const sinal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sinal, () => para(sinal));
// Orphaned (the parent that would forward a signal is gone): stop as if told to.
const pai = process.ppid;
setInterval(() => {
  if (process.ppid !== pai) para('SIGTERM');
}, 500).unref();

if (precisaCompilar) {
  // Built aside and moved into place when complete: the server (already up on a second start)
  // keeps serving the previous build meanwhile, never a half-written one.
  const novo = path.join(webDir, 'node_modules/.erp-build/dist');
  fs.rmSync(novo, { recursive: true, force: true });
  const vite = path.join(
    path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  console.log('[1/4] Aplicação web: compilando (em paralelo com o banco de dados)…');
  const desde = performance.now();
  build = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', novo], {
    cwd: webDir,
    stdio: 'inherit',
  });
  build.on('exit', (code, signal) => {
    build = null;
    // stopped by us or by the terminal's Ctrl+C (which the server also receives)
    if (parando || signal) return;
    if (code !== 0) {
      console.error('[1/4] A compilação da aplicação web falhou; parando o servidor.');
      para('SIGTERM', 1);
      return;
    }
    const antigo = path.join(webDir, 'node_modules/.erp-build/anterior');
    fs.rmSync(antigo, { recursive: true, force: true });
    if (fs.existsSync(distDir)) fs.renameSync(distDir, antigo);
    fs.renameSync(novo, distDir);
    fs.rmSync(antigo, { recursive: true, force: true });
    console.log(`[1/4] Aplicação web compilada (${segundos(desde)})`);
  });
} else {
  console.log('[1/4] Aplicação web: já compilada');
}

// The server's bundle, rebuilt when stale (part of stage 1: what the start runs is being prepared).
if (servidorDesatualizado()) {
  console.log('[1/4] Servidor: compilando…');
  const desde = performance.now();
  try {
    const { arquivos } = await compilaServidor();
    console.log(`[1/4] Servidor compilado: ${arquivos} arquivos (${segundos(desde)})`);
  } catch (err) {
    // Ctrl+C reaches esbuild too: a build stopped that way is no failure
    if (parando) process.exit(codigoSaida ?? 0);
    console.error(`[1/4] A compilação do servidor falhou: ${err.message}`);
    build?.kill('SIGTERM');
    process.exit(1);
  }
} else {
  console.log('[1/4] Servidor: já compilado');
}
if (parando) process.exit(codigoSaida ?? 0);

process.env.NODE_ENV ??= 'production';
const serverDir = path.join(root, 'apps/server');
server = spawn(process.execPath, [path.relative(serverDir, entradaServidor)], {
  cwd: serverDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: path.resolve(process.env.DATA_DIR ?? path.join(root, 'data')),
    // the server numbers its stages after this launcher's one
    ERP_ETAPAS_ANTERIORES: '1',
    ERP_INICIO_MS: String(Math.round(performance.timeOrigin + inicio)),
  },
});

server.on('exit', (code, signal) => {
  build?.kill('SIGTERM');
  process.exit(codigoSaida ?? code ?? (signal ? 1 : 0));
});
