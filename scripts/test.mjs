// npm test: type check, lint, unit + integration tests, browser tests; then one summary line.
import { spawnSync } from 'node:child_process';
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

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-test-'));
const unitReport = path.join(tmp, 'unit.json');
const e2eReport = path.join(tmp, 'e2e.json');

run('Type check (tsc)', 'npm', ['run', '--silent', 'typecheck']);
run('Lint (biome)', 'npx', ['biome', 'check', '.']);
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

console.log('\nResumo:');
for (const s of steps) console.log(`  ${s.ok ? 'OK   ' : 'FALHOU'} ${s.name} (${s.seconds} s)`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(steps.every((s) => s.ok) ? 0 : 1);
