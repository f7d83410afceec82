import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../apps/server/src/db/client.ts';
import { benchUser, SERVER_URL } from './pg.ts';

// Through-HTTP measurement (issue 30): what the user waits for is the real server process — its own
// Node event loop, connection pool, session check, JSON — answering over loopback, not app.request
// in the bench's process. startHttpServer() spawns `node --import tsx apps/server/src/main.ts` on a
// PostgreSQL database of the local server, exactly as `npm start` runs it (production mode, silent
// logs, no demo seed); the bench talks to it with fetch() and replays the same SQL on its own
// connections as the reference, in the same run. Every figure carries the load average it was
// measured at (the machine is shared): loadSampler() samples os.loadavg() once a second.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The JWT secret of bench/lib/pg.ts benchUser(): tokens it signs are valid on the spawned server. */
const SECRET = 'bench-secret-with-at-least-32-characters!!';

export type Stat = { n: number; p50: number; p95: number; max: number; mean: number };

/** Nearest-rank percentiles of samples in ms. */
export function stats(samples: number[]): Stat {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s[s.length - 1] ?? 0, mean };
}

/** Times `fn` n times one after another, after `warmup` untimed calls. */
export async function timed(fn: () => Promise<unknown>, n: number, warmup = 5): Promise<Stat> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

/**
 * `workers` concurrent loops calling `fn(worker, i)` for `durationMs` (or until each did `perWorker`
 * calls); the calls per second and the latency of each call.
 */
export async function concurrent(
  workers: number,
  fn: (worker: number, i: number) => Promise<unknown>,
  opts: { durationMs?: number; perWorker?: number },
): Promise<{ calls: number; seconds: number; perSecond: number; latency: Stat }> {
  const samples: number[] = [];
  const start = performance.now();
  const until = opts.durationMs ? start + opts.durationMs : Number.POSITIVE_INFINITY;
  const max = opts.perWorker ?? Number.POSITIVE_INFINITY;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; i < max && performance.now() < until; i++) {
        const t = performance.now();
        await fn(w, i);
        samples.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { calls: samples.length, seconds, perSecond: samples.length / seconds, latency: stats(samples) };
}

export type LoadFigures = { min: number; median: number; max: number };

/** Samples the 1-minute load average every second until stop(); its min/median/max. */
export function loadSampler(): { stop(): LoadFigures } {
  const values = [os.loadavg()[0]!];
  const timer = setInterval(() => values.push(os.loadavg()[0]!), 1000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      values.push(os.loadavg()[0]!);
      const s = [...values].sort((a, b) => a - b);
      return { min: s[0]!, median: s[Math.floor(s.length / 2)]!, max: s[s.length - 1]! };
    },
  };
}

/** "load 4.1 (3.2–5.0)" for a table cell. */
export function formatLoad(l: LoadFigures): string {
  return `${l.median.toFixed(1)} (${l.min.toFixed(1)}–${l.max.toFixed(1)})`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type HttpServer = {
  url: string;
  pid: number;
  /** GET/POST/… with the bench user's bearer token; throws unless the status is `expect` (default 2xx). */
  request(
    method: string,
    pathname: string,
    body?: unknown,
    opts?: { expect?: number; token?: string },
  ): Promise<{ status: number; body: unknown }>;
  token: string;
  userId: string;
  stop(): Promise<void>;
};

/**
 * Starts the real server on database `dbName` of the local PostgreSQL server (already migrated and
 * loaded: the server migrates on start, so a pending migration runs here) and signs in a bench user
 * with `role` (default admin). `env` adds settings (e.g. DATABASE_POOL_SIZE).
 */
export async function startHttpServer(
  database: Database,
  dbName: string,
  opts: {
    role?: string;
    email?: string;
    env?: Record<string, string>;
    /** extra node flags for the server process (e.g. ['--cpu-prof']); default BENCH_SERVER_NODE_ARGS, space-separated */
    execArgv?: string[];
  } = {},
): Promise<HttpServer> {
  const { token, userId } = await benchUser(
    database,
    opts.email ?? 'bench-http@bench.local',
    opts.role ?? 'admin',
  );
  const port = await freePort();
  const execArgv = opts.execArgv ?? (process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) || []);
  const child: ChildProcess = spawn(process.execPath, [...execArgv, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: SECRET,
      JWT_EXPIRY_SECONDS: '86400',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `${SERVER_URL}/${dbName}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), `erp-bench-http-${port}`),
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    const alive = await Promise.race([
      exited.then(() => false),
      new Promise((r) => setTimeout(() => r(true), 250)),
    ]);
    if (!alive) throw new Error(`the server on ${dbName} exited during start-up`);
    try {
      const res = await fetch(`${url}/ready`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server on ${dbName} was not ready in 180 s`);
    }
  }
  const request: HttpServer['request'] = async (method, pathname, body, ropts = {}) => {
    const res = await fetch(`${url}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${ropts.token ?? token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON (a file)
    }
    const ok = ropts.expect === undefined ? res.status < 300 : res.status === ropts.expect;
    if (!ok) throw new Error(`${method} ${pathname} → ${res.status}: ${text.slice(0, 300)}`);
    return { status: res.status, body: parsed };
  };
  return {
    url,
    pid: child.pid!,
    token,
    userId,
    request,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Times one SQL statement on the bench's own connection (the reference beside an endpoint). */
export async function sqlTimed(database: Database, text: string, n: number, warmup = 5): Promise<Stat> {
  return timed(() => database.exec(text), n, warmup);
}

export const ms = (v: number) => v.toFixed(1);

/** One statement as the driver sent it (text and parameters). */
export type SentStatement = { text: string; values: unknown[] };

/**
 * The SQL an endpoint sends, as the reference beside its through-HTTP figures without writing it twice:
 * `fn` (e.g. the same request through the in-process app, `benchApp(...).request`) runs once while
 * every node-postgres query of this process is recorded, text and parameters. Replay them with
 * statementsTimed. Meant for reads: a write's statements would write again when replayed.
 */
export async function captureStatements(fn: () => Promise<unknown>): Promise<SentStatement[]> {
  const pg = (await import('pg')).default;
  const sent: SentStatement[] = [];
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: a recording shim over the driver's overloads
  (pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) {
    const cfg = args[0];
    if (typeof cfg === 'string') sent.push({ text: cfg, values: Array.isArray(args[1]) ? args[1] : [] });
    else if (cfg && typeof cfg === 'object' && typeof cfg.text === 'string')
      sent.push({ text: cfg.text, values: cfg.values ?? (Array.isArray(args[1]) ? args[1] : []) });
    // biome-ignore lint/suspicious/noExplicitAny: same
    return (original as any).apply(this, args);
  };
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

/**
 * Times the statements one request sent (captureStatements), replayed one after another with their
 * parameters on one connection of the bench's own pool: the database's share of the request, same run.
 */
export async function statementsTimed(
  database: Database,
  statements: SentStatement[],
  n: number,
  warmup = 5,
): Promise<Stat> {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres pool behind drizzle
  const pool = (database.db as any).$client as import('pg').Pool;
  const client = await pool.connect();
  try {
    return await timed(
      async () => {
        for (const s of statements) await client.query(s.text, s.values);
      },
      n,
      warmup,
    );
  } finally {
    client.release();
  }
}

/**
 * A lighter client for throughput runs: node:http with a keep-alive agent. fetch() (undici) spent
 * ~1.5 ms of the bench's CPU per request against ~0.5 ms for this (measured on /health with 8
 * concurrent loops), CPU the server being measured shares on a 2-core machine. Same contract as
 * HttpServer.request (the bench user's token; throws unless the status is `expect`, default 2xx).
 */
export function keepAliveClient(server: Pick<HttpServer, 'url' | 'token'>, maxSockets = 16) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(server.url);
  const request = (
    method: string,
    pathname: string,
    body?: unknown,
    opts: { expect?: number; token?: string } = {},
  ): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        {
          host: hostname,
          port,
          path: pathname,
          method,
          agent,
          headers: {
            authorization: `Bearer ${opts.token ?? server.token}`,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            const ok = opts.expect === undefined ? status < 300 : status === opts.expect;
            if (!ok) return reject(new Error(`${method} ${pathname} → ${status}: ${text.slice(0, 300)}`));
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              // not JSON
            }
            resolve({ status, body: parsed });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}
