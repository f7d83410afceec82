import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { users } from './modules/auth/auth.tables.ts';
import { createSession } from './modules/auth/session.service.ts';
import { signAccessToken } from './modules/auth/tokens.ts';
import { withDatabase } from './test/global-setup.ts';

// Process-level guarantees of the real server: start-up, crash durability, concurrent migrations.
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = path.resolve(serverDir, '../..');
const SECRET = 'startup-test-secret-with-32-chars-at-least';
const children: ChildProcess[] = [];
const tmpDirs: string[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of tmpDirs) fs.rmSync(d, { recursive: true, force: true });
});

function tmpDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-startup-'));
  tmpDirs.push(d);
  return d;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function startServer(
  env: Record<string, string>,
  command: { cmd: string; args: string[]; cwd: string; detached?: boolean } = {
    cmd: process.execPath,
    args: ['--import', 'tsx', 'src/main.ts'],
    cwd: serverDir,
  },
) {
  const child = spawn(command.cmd, command.args, {
    cwd: command.cwd,
    detached: command.detached ?? false,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      JWT_SECRET: SECRET,
      // configured like production: without it the server warns that it generated a key file
      CERTIFICADO_CHAVE_CRIPTOGRAFIA: Buffer.alloc(32, 7).toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, exited, output: () => output };
}

async function waitReady(port: number, proc: ReturnType<typeof startServer>, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/ready`);
      if (res.ok) return;
    } catch {}
    if (proc.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`server not ready:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('configuration errors stop start-up with a readable message', () => {
  it('invalid PORT', async () => {
    const p = startServer({ PORT: 'abc', DATA_DIR: tmpDir() });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('Configuração inválida');
    expect(p.output()).toContain('PORT');
  });
  it('invalid DATABASE_URL', async () => {
    const p = startServer({ DATABASE_URL: 'mysql://localhost/erp', DATA_DIR: tmpDir() });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('DATABASE_URL: deve ser uma URL postgres://usuario:senha@host:porta/banco');
  });
  it('unreachable DATABASE_URL', async () => {
    const port = await freePort();
    const p = startServer({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nada`,
      DATA_DIR: tmpDir(),
      PORT: '0',
    });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('Não foi possível abrir o servidor PostgreSQL (DATABASE_URL)');
  });
});

describe('embedded database durability', () => {
  it('data acknowledged before kill -9 is there after restart; SIGTERM stops cleanly', async () => {
    const dataDir = tmpDir();
    // Prepare a user and session while no server holds the data directory.
    const db0 = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await migrate(db0.db);
    const [u] = await db0.db
      .insert(users)
      .values({ email: 'duravel@teste.com.br', emailConfirmedAt: new Date() })
      .returning({ id: users.id });
    const session = await createSession(db0.db, u!.id, {});
    await db0.close();
    const { token } = await signAccessToken(
      new TextEncoder().encode(SECRET),
      { sub: u!.id, email: 'duravel@teste.com.br', sessionId: session.sessionId },
      3600,
    );
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };

    const port = await freePort();
    const first = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitReady(port, first);
    const put = await fetch(`http://127.0.0.1:${port}/api/me`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ nome_completo: 'Gravado Antes do Kill', cargo: 'Comprador' }),
    });
    expect(put.status).toBe(200);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe(-1);

    const second = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitReady(port, second);
    const me = await fetch(`http://127.0.0.1:${port}/api/me`, { headers: auth });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { profile: unknown }).profile).toEqual({
      nome_completo: 'Gravado Antes do Kill',
      cargo: 'Comprador',
      departamento: null,
    });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('"msg":"stopped"');
  }, 90_000);
});

/** The processes of a process group, from /proc (pid → command line). */
function processGroup(pgid: number): Map<number, string> {
  const found = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp …: comm may hold spaces, so read after its closing parenthesis
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp === pgid) {
        found.set(
          Number(entry),
          fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim(),
        );
      }
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')('npm start under a process manager', () => {
  it('SIGTERM to npm reaches the server: graceful shutdown, exit 0, no process of the tree left', async () => {
    const port = await freePort();
    // its own process group, so whatever is left can be found (and cleaned up) afterwards
    const p = startServer(
      {
        PORT: String(port),
        DATA_DIR: tmpDir(),
        HOME: process.env.HOME ?? os.homedir(),
        DATABASE_URL: '',
        SKIP_WEB_BUILD: 'true',
      },
      { cmd: 'npm', args: ['start'], cwd: rootDir, detached: true },
    );
    const pgid = p.child.pid!;
    try {
      await waitReady(port, p, 120_000);
      const tree = processGroup(pgid);
      // npm, the launcher and the server itself
      expect([...tree.values()].some((c) => c.includes('scripts/start.mjs'))).toBe(true);
      expect([...tree.values()].some((c) => c.includes('dist/main.mjs'))).toBe(true);
      expect(p.output()).toContain('[2/4] Banco de dados pronto');
      expect(p.output()).toContain('[3/4] Dados de demonstração: desligados (SEED_DEMO=false)');

      process.kill(pgid, 'SIGTERM'); // npm's pid only, as a process manager does
      expect(await p.exited).toBe(0);
      expect(p.output()).toContain('"msg":"stopped"');
      const deadline = Date.now() + 10_000;
      while (processGroup(pgid).size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect([...processGroup(pgid).values()]).toEqual([]);
    } finally {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {
        // nothing left
      }
    }
  }, 150_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL server', () => {
  it('two servers started at once apply migrations once, without error', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `erp_t_${process.ppid}_startup_${Date.now()}`;
    const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
    await admin.exec(`create database ${name}`);
    try {
      const url = withDatabase(serverUrl, name);
      const [pa, pb] = [await freePort(), await freePort()];
      const a = startServer({ PORT: String(pa), DATABASE_URL: url, DATA_DIR: tmpDir() });
      const b = startServer({ PORT: String(pb), DATABASE_URL: url, DATA_DIR: tmpDir() });
      await Promise.all([waitReady(pa, a), waitReady(pb, b)]);
      const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
      const migrationCount = fs
        .readdirSync(path.join(serverDir, 'src/db/migrations'))
        .filter((f) => f.endsWith('.sql')).length;
      const rows = rowsOf<{ n: number }>(
        await db.db.execute(sql`select count(*)::int as n from schema_migrations`),
      );
      expect(rows[0]!.n).toBe(migrationCount);
      await db.close();
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
      expect(a.output() + b.output()).not.toMatch(/"level":(40|50|60)/);
    } finally {
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    }
  }, 90_000);
});
