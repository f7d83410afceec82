import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { rowsOf } from './db/client.ts';
import { createLogger } from './lib/logger.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t.close());

describe('probes', () => {
  it('GET /health answers ok', async () => {
    const res = await t.request('GET', '/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
  it('GET /ready checks the database and migrations', async () => {
    const res = await t.request('GET', '/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });
});

describe('error shape', () => {
  it('unknown /api route: 404 JSON', async () => {
    const { token } = await t.signIn(['admin']);
    const res = await t.request('GET', '/api/nao-existe', { token });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { requestId?: string };
    expect(body).toMatchObject({ code: 'not_found', message: 'Recurso não encontrado.' });
    expect(typeof body.requestId).toBe('string');
  });
  it('malformed JSON: 400 JSON, no stack', async () => {
    const { token } = await t.signIn([]);
    const res = await t.request('PUT', '/api/me', { token, body: '{"nome_completo": ' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'bad_request', message: 'Corpo da requisição não é um JSON válido.' });
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
  });
  it('oversized body: 413 JSON', async () => {
    const { token } = await t.signIn([]);
    const res = await t.request('PUT', '/api/me', { token, body: { nome_completo: 'x'.repeat(5000) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
  });
  it('file imports have their own limit (UPLOAD_LIMIT_BYTES): a whole file passes, its validation answers', async () => {
    const { token } = await t.signIn(['admin']);
    const arquivo = { arquivos: [{ nome: 'nota.xml', conteudo_base64: 'A'.repeat(8000) }] };
    const res = await t.request('POST', '/api/estoque/entradas/importar', { token, body: arquivo });
    expect(res.status).not.toBe(413);
    // the same body elsewhere is over BODY_LIMIT_BYTES (2048 here)
    const outra = await t.request('PUT', '/api/me', { token, body: arquivo });
    expect(outra.status).toBe(413);
  });
  it('validation failure: 400 with pt-BR field errors', async () => {
    const { token } = await t.signIn([]);
    const res = await t.request('PUT', '/api/me', { token, body: { nome_completo: '   ' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      details: { fields: { nome_completo: ['Nome é obrigatório'] } },
    });
  });
  it('no token: 401; tampered token: 401', async () => {
    expect((await t.request('GET', '/api/me')).status).toBe(401);
    const { token } = await t.signIn([]);
    const tampered = `${token.slice(0, -3)}${token.slice(-3) === 'aaa' ? 'bbb' : 'aaa'}`;
    expect((await t.request('GET', '/api/me', { token: tampered })).status).toBe(401);
  });
});

describe('security headers', () => {
  it('sets a strict CSP and nosniff', async () => {
    const res = await t.request('GET', '/health');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('security headers of the auth and API answers', () => {
  it('GET /auth/v1/verify keeps Referrer-Policy: no-referrer (the link token is in its URL)', async () => {
    const res = await t.request('GET', '/auth/v1/verify?token=qualquer&type=signup');
    expect(res.status).toBe(303);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await t.request('GET', '/health')).headers.get('referrer-policy')).toBe(
      'strict-origin-when-cross-origin',
    );
  });

  it('/api and /auth/v1 JSON answers carry Cache-Control: no-store (errors too)', async () => {
    const { token } = await t.signIn([]);
    for (const [path, withToken] of [
      ['/api/me', true],
      ['/api/me', false],
      ['/api/usuarios', true],
      ['/api/nao-existe', true],
      ['/api/config', false],
      ['/auth/v1/settings', false],
      ['/auth/v1/user', true],
      ['/auth/v1/user', false],
    ] as const) {
      const res = await t.request('GET', path, withToken ? { token } : {});
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control'), `${path} ${res.status}`).toBe('no-store');
    }
  });
});

describe('logs', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', { write: (s: string) => lines.push(JSON.parse(s)) });
    return { lines, logger };
  }

  it('the log line of a 403 answer names the user who was refused', async () => {
    const { lines, logger } = capture();
    const app = createApp({ ...t.deps, logger });
    const { token, userId } = await t.signIn([]);
    const res = await app.request('/api/usuarios', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({
      status: 403,
      path: '/api/usuarios',
      userId,
    });
  });

  it('a failed SQL statement is logged without its parameters (nor the row of a failing constraint)', async () => {
    const { lines, logger } = capture();
    const secret = '$argon2id$v=19$segredo-que-nao-pode-ir-ao-log';
    const err = await t.db
      .execute(sql`select ${secret}::text as hash, 1 / 0 as boom`)
      .catch((e: unknown) => e);
    expect(String((err as Error).message)).toContain(secret); // drizzle puts the parameters in its message
    logger.error({ err }, 'unhandled error');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('segredo-que-nao-pode-ir-ao-log');
    expect(lines[0]).toMatchObject({
      msg: 'unhandled error',
      err: { message: expect.stringMatching(/^Failed query: select \$1::text as hash/) },
    });
    expect(text).toContain('division by zero');
  });
});

describe('audit mechanism', () => {
  it('records the acting user with before/after of a profile change', async () => {
    const { token, userId, email } = await t.signIn([], { nome: 'Maria Antes' });
    const res = await t.request('PUT', '/api/me', {
      token,
      body: { nome_completo: 'Maria Depois', cargo: 'Compradora' },
      headers: { 'User-Agent': 'teste-agente' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      profile: { nome_completo: 'Maria Depois', cargo: 'Compradora', departamento: null },
    });
    const rows = rowsOf<{
      user_id: string;
      user_email: string;
      acao: string;
      antes: unknown;
      depois: unknown;
      user_agent: string;
    }>(
      await t.db.execute(
        sql`select user_id, user_email, acao, antes, depois, user_agent from audit_log where tabela = 'user_profiles' and registro_id = ${userId} and acao = 'alteracao'`,
      ),
    );
    expect(rows).toEqual([
      {
        user_id: userId,
        user_email: email,
        acao: 'alteracao',
        antes: { nome_completo: 'Maria Antes', cargo: null },
        depois: { nome_completo: 'Maria Depois', cargo: 'Compradora' },
        user_agent: 'teste-agente',
      },
    ]);
  });
  it('audit_log refuses UPDATE and DELETE', async () => {
    await expect(t.db.execute(sql`update audit_log set acao = 'x'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });
});

describe('JSON bodies through the Node server (read from the IncomingMessage, not a web Request)', () => {
  const viaNode = async (
    fn: (
      send: (
        body: string | Buffer,
        headers?: Record<string, string>,
      ) => Promise<{ status: number; body: unknown; cacheControl?: string | undefined }>,
    ) => Promise<void>,
  ) => {
    const { serve } = await import('@hono/node-server');
    const http = await import('node:http');
    const { token } = await t.signIn([]);
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    const send = (body: string | Buffer, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: unknown; cacheControl?: string | undefined }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/me',
            method: 'PUT',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
          },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (p: Buffer) => parts.push(p));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body: JSON.parse(Buffer.concat(parts).toString('utf8')),
                cacheControl: res.headers['cache-control'],
              }),
            );
          },
        );
        req.on('error', reject);
        if (headers['transfer-encoding'] === 'chunked') {
          // no Content-Length: the body in two chunks
          const b = Buffer.from(body);
          req.write(b.subarray(0, 5));
          req.end(b.subarray(5));
        } else req.end(body);
      });
    try {
      await fn(send);
    } finally {
      (server as import('node:http').Server).closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  };
  it('a valid body (UTF-8, with or without a BOM, chunked or not) is read; malformed 400; oversized 413', async () => {
    await viaNode(async (send) => {
      const ok = await send(JSON.stringify({ nome_completo: 'José Ção' }));
      expect(ok.status).toBe(200);
      expect(ok.cacheControl).toBe('no-store');
      expect(JSON.stringify(ok.body)).toContain('"nome_completo":"José Ção"');
      const bom = await send(
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"nome_completo":"Ana"}')]),
      );
      expect(bom.status).toBe(200);
      expect(JSON.stringify(bom.body)).toContain('"nome_completo":"Ana"');
      const chunked = await send('{"nome_completo":"Bia Ç"}', { 'transfer-encoding': 'chunked' });
      expect(chunked.status).toBe(200);
      expect(JSON.stringify(chunked.body)).toContain('"nome_completo":"Bia Ç"');
      const malformed = await send('{"nome_completo": ');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toMatchObject({
        code: 'bad_request',
        message: 'Corpo da requisição não é um JSON válido.',
      });
      const grande = await send(JSON.stringify({ nome_completo: 'x'.repeat(5000) }));
      expect(grande.status).toBe(413);
      expect(grande.body).toMatchObject({ code: 'payload_too_large' });
      expect(grande.cacheControl).toBe('no-store');
      const grandeChunked = await send(JSON.stringify({ nome_completo: 'x'.repeat(5000) }), {
        'transfer-encoding': 'chunked',
      });
      expect(grandeChunked.status).toBe(413);
      const invalido = await send(JSON.stringify({ nome_completo: '' }));
      expect(invalido.status).toBe(400);
      expect(invalido.body).toMatchObject({ code: 'validation_failed' });
    });
  });
});
