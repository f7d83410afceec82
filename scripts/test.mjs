// npm test: type check, lint, unit + integration tests, browser tests; then one summary line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const steps = [];
let passed = 0;
let failed = 0;
let skipped = 0;

function run(name, cmd, args, { report } = {}) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const ok = r.status === 0;
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (report && fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

/**
 * Commands run two at a time (each tsc is one core; four in a row left the other core idle), their
 * output printed whole when each ends so it does not interleave. One step, ok when all pass.
 */
async function runParallel(name, commands, width = Math.max(2, os.availableParallelism() - 1)) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const queue = [...commands];
  let ok = true;
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const { label, cmd, args } = c;
      const t0 = Date.now();
      const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      const code = await new Promise((resolve) => child.on('close', resolve));
      if (code !== 0) ok = false;
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      process.stdout.write(`  ${code === 0 ? 'ok' : 'FALHOU'} ${label} (${seconds} s)\n${out}`);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  steps.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  if (!ok) failed += 1;
  return ok;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-test-'));
const unitReport = path.join(tmp, 'unit.json');
const e2eReport = path.join(tmp, 'e2e.json');

// the projects of `npm run typecheck`, and Biome beside them
await runParallel('Type check (tsc) and lint (biome)', [
  ...['apps/web', 'apps/server', 'apps/web/e2e', 'packages/shared'].map((p) => ({
    label: `tsc -p ${p}`,
    cmd: 'npx',
    args: ['tsc', '-p', p],
  })),
  { label: 'biome check .', cmd: 'npx', args: ['biome', 'check', '.'] },
]);
run(
  'Unit and integration tests (vitest)',
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'shared',
    '--project',
    'web',
    '--project',
    'server',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${unitReport}`,
  ],
  { report: unitReport },
);
run(
  'Browser tests (vitest + system Chromium)',
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'e2e',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${e2eReport}`,
  ],
  { report: e2eReport },
);

// The slowest test files of each stage (vitest's JSON report): where the suite's minutes go.
for (const [nome, report] of [
  ['unit/integration', unitReport],
  ['browser', e2eReport],
]) {
  if (!fs.existsSync(report)) continue;
  const arquivos = (JSON.parse(fs.readFileSync(report, 'utf8')).testResults ?? [])
    .map((r) => ({
      nome: path.relative(process.cwd(), r.name),
      s: ((r.endTime ?? 0) - (r.startTime ?? 0)) / 1000,
    }))
    .sort((a, b) => b.s - a.s)
    .slice(0, 8);
  console.log(`\nArquivos mais lentos (${nome}):`);
  for (const a of arquivos) console.log(`  ${a.s.toFixed(1).padStart(6)} s  ${a.nome}`);
}

console.log('\nResumo:');
for (const s of steps) console.log(`  ${s.ok ? 'OK   ' : 'FALHOU'} ${s.name} (${s.seconds} s)`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(steps.every((s) => s.ok) ? 0 : 1);
