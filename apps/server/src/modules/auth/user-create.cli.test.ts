import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, rowsOf } from '../../db/client.ts';
import { holdDataDir } from '../../db/data-dir-lock.ts';
import { createLogger } from '../../lib/logger.ts';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-user-create-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/modules/auth/user-create.cli.ts', ...args],
      {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        timeout: 60_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run user:create (embedded database)', () => {
  it('creates a confirmed user with roles on a stopped server’s data directory; it can sign in', async () => {
    const r = await run([
      '--email',
      ' Primeira.Admin@Empresa.com.br ',
      '--password',
      'senha-da-admin-1',
      '--name',
      'Primeira Admin',
      '--role',
      'admin',
      '--role',
      'comercial',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(
      'Usuário criado: Primeira.Admin@Empresa.com.br (admin, comercial), e-mail confirmado.',
    );

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const [u] = rowsOf<{ id: string; confirmed: boolean; nome: string; roles: string[] }>(
        await database.db.execute(sql`
          select u.id, u.email_confirmed_at is not null as confirmed, p.nome_completo as nome,
                 array(select role from user_roles where user_id = u.id order by role) as roles
            from users u join user_profiles p on p.user_id = u.id`),
      );
      expect(u).toMatchObject({ confirmed: true, nome: 'Primeira Admin', roles: ['admin', 'comercial'] });
      const config = loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
      });
      const app = createApp({
        database,
        db: database.db,
        config,
        logger: createLogger('silent'),
        jwtSecret: new TextEncoder().encode(config.jwtSecret),
      });
      const res = await app.request('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'primeira.admin@empresa.com.br', password: 'senha-da-admin-1' }),
      });
      expect(res.status).toBe(200);
      const session = (await res.json()) as { access_token: string };
      const me = await app.request('/api/me', {
        headers: { Authorization: `Bearer ${session.access_token}` },
      });
      expect(((await me.json()) as { roles: string[] }).roles).toEqual(['admin', 'comercial']);
    } finally {
      await database.close();
    }
  });

  it('refuses an e-mail that exists, an unknown role, a short password', async () => {
    const dup = await run(['--email', 'primeira.admin@empresa.com.br', '--password', 'outra-senha-1']);
    expect(dup.code).toBe(1);
    expect(dup.stderr.trim()).toBe('Erro: Já existe um usuário com este e-mail.');
    const role = await run(['--email', 'b@empresa.com.br', '--password', 'outra-senha-1', '--role', 'dono']);
    expect(role.code).toBe(2);
    expect(role.stderr).toContain(
      'Papel desconhecido: dono. Papéis válidos: admin, financeiro, estoque, comercial.',
    );
    const short = await run(['--email', 'b@empresa.com.br', '--password', 'curta']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('--password: A senha deve ter no mínimo 8 caracteres');
  });

  it('refuses with a clear message while a running server holds the data directory', async () => {
    // this test process plays the running server: it holds the directory the way main.ts does
    const held = holdDataDir(dataDir);
    if (!('release' in held)) throw new Error('diretório já ocupado');
    try {
      const r = await run(['--email', 'c@empresa.com.br', '--password', 'outra-senha-1']);
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        `O banco embutido em ${dataDir} está em uso pelo servidor (processo ${process.pid}). ` +
          'O banco embutido admite um processo por vez: pare o servidor e rode o comando de novo.',
      );
    } finally {
      held.release();
    }
    // a stale pid file (the server died) does not block
    fs.writeFileSync(path.join(dataDir, 'server.pid'), '999999\n');
    const ok = await run(['--email', 'c@empresa.com.br', '--password', 'outra-senha-1']);
    expect(ok.code).toBe(0);
    expect(ok.stdout.trim()).toBe('Usuário criado: c@empresa.com.br (sem papel), e-mail confirmado.');
    // the command released the directory when done
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });
});
