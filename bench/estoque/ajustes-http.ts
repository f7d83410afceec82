import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import {
  concurrent,
  formatLoad,
  keepAliveClient,
  type LoadFigures,
  loadSampler,
  startHttpServer,
} from '../lib/http.ts';
import { benchApp, benchUser } from '../lib/pg.ts';

// Stock posting through the API (issue 30): 8 concurrent writers, one movement per request
// (POST /api/estoque/ajustes: entradas and saídas of 1–5 units, 30% of them on the 10 Kardex
// products, the rest on any product, at DEP or SEP), against the real server process
// (bench/lib/http.ts), beside the same postings' SQL — the one statement the service sends,
// `select r, momento from estoque_ajustar($1)` — from 8 connections of the bench, in the same run,
// alternating. Both replay the same deterministic sequence (seeded per writer). Refusals
// ("Estoque insuficiente…", 422) count as answered requests and are reported. Then the round trips
// of one POST (counted on the pg client of the in-process app), and the ledger checked: nothing
// available negative anywhere, and for every product posted to, balance = Σ its ledger rows and
// the product = Σ its balances.

export type AjustesFigures = {
  writers: number;
  seconds: number;
  rounds: { api: RunFigures; sql: RunFigures }[];
  apiPerSecond: number;
  sqlPerSecond: number;
  ratio: number;
  roundTrips: { total: number; perPost: number; posts: number; statements: string[] };
  checks: { name: string; n: number }[];
  products: number;
};

type RunFigures = {
  /** CPU (user + system) of the server process per request, ms (API runs only; Linux /proc) */
  serverCpu: number | null;
  /** CPU of the bench's own process per request (the HTTP client, or the pg clients), ms */
  clientCpu: number;
  /** CPU of every PostgreSQL process per request (backends, WAL writer, checkpointer), ms; Linux /proc */
  pgCpu: number | null;
  /** the whole machine's busy CPU per request, ms, and its idle share during the run (/proc/stat) */
  machine: { busy: number; idle: number } | null;
  perSecond: number;
  calls: number;
  refused: number;
  p50: number;
  p95: number;
  load: LoadFigures;
};

/** Deterministic PRNG (mulberry32): the API and SQL runs replay the same sequence per writer. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Posting = {
  produto_id: string;
  local_id: string;
  lote_id: null;
  sentido: 'entrada' | 'saida';
  quantidade: string;
  custo_unitario: string | null;
  motivo: string;
};

export async function benchAjustesHttp(
  database: Database,
  dbName: string,
  opts: { writers: number; seconds: number; rounds: number; email: string },
): Promise<AjustesFigures> {
  const { db } = database;
  const [ids] = rowsOf<{ dep: string; sep: string; produtos: number }>(
    await db.execute(sql`select (select id from locais_estoque where codigo = 'DEP') as dep,
      (select id from locais_estoque where codigo = 'SEP') as sep,
      (select count(*)::int from products where codigo ~ '^P[0-9]{6}$') as produtos`),
  );
  const { dep, sep, produtos } = ids!;
  // product ids of the data set (md5-derived, as dataset.ts makes them), fetched once
  const uuids: string[] = [];
  for (let from = 1; from <= produtos; from += 50_000) {
    const to = Math.min(produtos, from + 49_999);
    uuids.push(
      ...rowsOf<{ id: string }>(
        await db.execute(sql`select overlay(overlay(md5('p' || g) placing '4' from 13) placing '8' from 17)::uuid::text as id
          from generate_series(${from}::int, ${to}::int) g order by g`),
      ).map((r) => r.id),
    );
  }
  const sequence = (seed: number) => {
    const rnd = prng(seed);
    return (): Posting => {
      const p = rnd() < 0.3 ? Math.floor(rnd() * 10) : Math.floor(rnd() * produtos);
      const saida = rnd() < 0.55;
      return {
        produto_id: uuids[p]!,
        local_id: rnd() < 0.5 ? dep : sep,
        lote_id: null,
        sentido: saida ? 'saida' : 'entrada',
        quantidade: String(1 + Math.floor(rnd() * 5)),
        custo_unitario: saida ? null : (((((p + 1) * 7919) % 20000) + 100) / 100).toFixed(2),
        motivo: 'Benchmark de ajustes (issue 30)',
      };
    };
  };
  const touched = new Set<string>();

  const server = await startHttpServer(database, dbName, { role: 'estoque', email: opts.email });
  // node:http with keep-alive: fetch() took ~3× the client CPU, shared with the server on 2 cores
  const api = keepAliveClient(server);
  const rounds: AjustesFigures['rounds'] = [];
  try {
    // the SQL reference: the statement the service sends, one connection per writer
    const clients = await Promise.all(
      Array.from({ length: opts.writers }, async () => {
        const c = new pg.Client({
          connectionString: `${process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432'}/${dbName}`,
        });
        await c.connect();
        return c;
      }),
    );
    const [user] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from users where email = ${opts.email}`),
    );
    const payload = (x: Posting) =>
      JSON.stringify({
        produto_id: x.produto_id,
        local_id: x.local_id,
        lote_id: null,
        quantidade: x.sentido === 'saida' ? `-${x.quantidade}` : x.quantidade,
        custo_unitario: x.custo_unitario,
        motivo: x.motivo,
        permite_negativo_padrao: false,
        usuario: { id: user!.id, email: opts.email, ip: '127.0.0.1', user_agent: 'bench' },
      });
    try {
      // warm-up: the server's plans and pool, and the backends' function cache
      const warm = sequence(1);
      await concurrent(
        opts.writers,
        () => api.request('POST', '/api/estoque/ajustes', warm(), { expect: 201 }).catch(() => 0),
        { perWorker: 20 },
      );
      await concurrent(
        opts.writers,
        (w) =>
          clients[w]!.query('select r, momento from estoque_ajustar($1)', [payload(warm())]).catch(() => 0),
        { perWorker: 20 },
      );

      for (let round = 0; round < opts.rounds; round++) {
        const run = async (kind: 'api' | 'sql'): Promise<RunFigures> => {
          const gens = Array.from({ length: opts.writers }, (_, w) => sequence(1000 * (round + 1) + w));
          let refused = 0;
          const cpu0 = kind === 'api' ? processCpu(server.pid) : null;
          const pg0 = postgresCpu();
          const client0 = process.cpuUsage();
          const m0 = machineCpu();
          const sampler = loadSampler();
          const r = await concurrent(
            opts.writers,
            async (w) => {
              const x = gens[w]!();
              touched.add(x.produto_id);
              try {
                if (kind === 'api') await api.request('POST', '/api/estoque/ajustes', x, { expect: 201 });
                else await clients[w]!.query('select r, momento from estoque_ajustar($1)', [payload(x)]);
              } catch (err) {
                const text = String((err as Error).message);
                if (
                  kind === 'api'
                    ? text.includes('→ 422') && text.includes('Estoque insuficiente')
                    : (err as { code?: string }).code === 'ES422'
                )
                  refused++;
                else throw err;
              }
            },
            { durationMs: opts.seconds * 1000 },
          );
          const load = sampler.stop();
          const cpu1 = kind === 'api' ? processCpu(server.pid) : null;
          const client1 = process.cpuUsage(client0);
          const pg1 = postgresCpu();
          const m1 = machineCpu();
          const f = {
            serverCpu: cpu0 !== null && cpu1 !== null ? (cpu1 - cpu0) / r.calls : null,
            clientCpu: (client1.user + client1.system) / 1000 / r.calls,
            pgCpu: pg0 !== null && pg1 !== null ? (pg1 - pg0) / r.calls : null,
            machine:
              m0 && m1
                ? {
                    busy: (m1.busy - m0.busy) / r.calls,
                    idle: (m1.idle - m0.idle) / (m1.idle - m0.idle + m1.busy - m0.busy),
                  }
                : null,
            perSecond: r.perSecond,
            calls: r.calls,
            refused,
            p50: r.latency.p50,
            p95: r.latency.p95,
            load,
          };
          console.log(
            `ajustes ${kind === 'api' ? 'pela API' : 'SQL (estoque_ajustar)'}: ${r.calls} em ${r.seconds.toFixed(1)} s = ${r.perSecond.toFixed(0)}/s, ${refused} recusados, p50 ${r.latency.p50.toFixed(1)} ms, p95 ${r.latency.p95.toFixed(1)} ms CPU por movimento: cliente ${f.clientCpu.toFixed(2)} ms, servidor ${f.serverCpu?.toFixed(2) ?? '?'} ms, PostgreSQL ${f.pgCpu?.toFixed(2) ?? '?'} ms, máquina ${f.machine?.busy.toFixed(2) ?? '?'} ms (${f.machine ? (f.machine.idle * 100).toFixed(0) : '?'} % ociosa) (carga ${formatLoad(load)})`,
          );
          return f;
        };
        // alternating which goes first, so a noisy minute does not favour one
        if (round % 2 === 0) {
          const api = await run('api');
          rounds.push({ api, sql: await run('sql') });
        } else {
          const sqlRun = await run('sql');
          rounds.push({ api: await run('api'), sql: sqlRun });
        }
      }
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  } finally {
    api.close();
    await server.stop();
  }

  const roundTrips = await countRoundTrips(database, dbName, opts.email, sequence(7), dep);
  const checks = await checkLedger(database, [...touched]);
  const apiPerSecond = median(rounds.map((r) => r.api.perSecond));
  const sqlPerSecond = median(rounds.map((r) => r.sql.perSecond));
  return {
    writers: opts.writers,
    seconds: opts.seconds,
    rounds,
    apiPerSecond,
    sqlPerSecond,
    ratio: apiPerSecond / sqlPerSecond,
    roundTrips,
    checks,
    products: produtos,
  };
}

/**
 * CPU of every PostgreSQL process of this machine in ms (Linux /proc; null elsewhere): the
 * database's share of a posting, backends and background writers alike — utime + stime of the
 * live processes, plus the postmaster's cutime + cstime, where the CPU of backends that ended (a
 * pool closing idle connections) is added when they are reaped.
 */
function postgresCpu(): number | null {
  try {
    let ticks = 0;
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      } catch {
        continue;
      }
      if (!stat.includes('(postgres)')) continue;
      const f = stat.split(') ')[1]!.split(' ');
      // utime, stime, cutime, cstime (fields 14–17 of proc(5)); only the postmaster reaps children
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    }
    return (ticks * 1000) / 100; // USER_HZ = 100
  } catch {
    return null;
  }
}

/**
 * The whole machine's CPU time from /proc/stat in ms (all cores): busy (user, nice, system, irq,
 * softirq, steal — the kernel's loopback TCP included) and idle (idle, iowait); null elsewhere.
 */
function machineCpu(): { busy: number; idle: number } | null {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = f as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return {
      busy: ((user + nice + system + irq + softirq + steal) * 1000) / 100,
      idle: ((idle + iowait) * 1000) / 100,
    };
  } catch {
    return null;
  }
}

/** utime + stime of a process in ms (Linux /proc; null elsewhere). */
function processCpu(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100
  } catch {
    return null;
  }
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * The database round trips of one POST /api/estoque/ajustes: the in-process app (the same routes,
 * middleware and services as the server) on this bench's pool, every pg query counted.
 */
async function countRoundTrips(
  database: Database,
  dbName: string,
  email: string,
  next: () => Posting,
  dep: string,
): Promise<AjustesFigures['roundTrips']> {
  const { token, jwtSecret } = await benchUser(database, email, 'estoque');
  const app = benchApp(database, dbName, jwtSecret);
  const post = (x: Posting) =>
    app.request('/api/estoque/ajustes', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...x, local_id: dep, sentido: 'entrada', custo_unitario: '10.00' }),
    });
  await post(next()); // warm-up
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: the driver's overloaded signature, counted and passed on
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
    statements.push(String(text).replace(/\s+/g, ' ').slice(0, 60));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  const posts = 20;
  try {
    for (let i = 0; i < posts; i++) {
      const res = await post(next());
      if (res.status !== 201)
        throw new Error(`POST /api/estoque/ajustes → ${res.status}: ${await res.text()}`);
    }
  } finally {
    pg.Client.prototype.query = original;
  }
  const unique = [...new Set(statements)];
  return { total: statements.length, perPost: statements.length / posts, posts, statements: unique };
}

async function checkLedger(database: Database, produtos: string[]): Promise<{ name: string; n: number }[]> {
  const { db } = database;
  const lista = `{${produtos.join(',')}}`;
  const q = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number }>(await db.execute(query))[0]!.n);
  return [
    {
      name: 'balances with disponível (saldo − reservado) < 0, whole database',
      n: await q(sql`select count(*)::int as n from estoque_saldos where saldo - reservado < 0`),
    },
    {
      name: `balances ≠ Σ their ledger rows (the ${produtos.length.toLocaleString('en-US')} products posted to)`,
      n: await q(sql`select count(*)::int as n from estoque_saldos s
        where s.produto_id = any(${lista}::uuid[])
          and s.saldo <> (select coalesce(sum(m.quantidade), 0) from estoque_movimentos m
            where m.product_id = s.produto_id and m.local_id = s.local_id and m.lote_id is not distinct from s.lote_id)`),
    },
    {
      name: 'products ≠ Σ their balances (same products)',
      n: await q(sql`select count(*)::int as n from products p where p.id = any(${lista}::uuid[])
        and p.estoque_atual <> (select coalesce(sum(s.saldo), 0) from estoque_saldos s where s.produto_id = p.id)`),
    },
  ];
}

/** The markdown of the section. */
export function ajustesReport(f: AjustesFigures, dbName: string, command: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? '?';
  const lines = [
    `Command: \`${command}\` — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores (${cpu}), Node ${process.version}, PostgreSQL 15 (local server, default settings, fsync on), database \`${dbName}\` (the stock bench's data set: ${f.products.toLocaleString('en-US')} products).`,
    '',
    `${f.writers} concurrent writers, one movement per request, ${f.seconds} s per run, the API and its SQL alternating in ${f.rounds.length} round(s). **API**: \`POST /api/estoque/ajustes\` to the real server process (\`bench/lib/http.ts\`: \`node --import tsx apps/server/src/main.ts\`, production mode, pool of 10) over loopback (a keep-alive \`node:http\` client, \`keepAliveClient\`) — session check, zod, the service, JSON. **SQL**: the one statement the service sends, \`select r, momento from estoque_ajustar($1)\` (migration 0048), from ${f.writers} connections of the bench. Same seeded sequence in both: entradas and saídas of 1–5 units, 30% on the 10 Kardex products (row-lock contention), the rest on any product, at DEP or SEP. A refusal ("Estoque insuficiente…", 422) counts as an answered request. Load = 1-minute load average sampled every second during the run, median (min–max); the machine is shared with other engineers' runs.`,
    '',
    '| round | API movements/s | SQL movements/s | API ÷ SQL | API p50 / p95 ms | SQL p50 / p95 ms | refused API / SQL | CPU ms per posting, API: client / server / PostgreSQL | CPU ms per posting, SQL: client / PostgreSQL | load (API) | load (SQL) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...f.rounds.map(
      (r, i) =>
        `| ${i + 1} | **${r.api.perSecond.toFixed(0)}** | ${r.sql.perSecond.toFixed(0)} | ${(r.api.perSecond / r.sql.perSecond).toFixed(2)} | ${r.api.p50.toFixed(1)} / ${r.api.p95.toFixed(1)} | ${r.sql.p50.toFixed(1)} / ${r.sql.p95.toFixed(1)} | ${r.api.refused} / ${r.sql.refused} | ${r.api.clientCpu.toFixed(2)} / ${r.api.serverCpu?.toFixed(2) ?? '?'} / ${r.api.pgCpu?.toFixed(2) ?? '?'} | ${r.sql.clientCpu.toFixed(2)} / ${r.sql.pgCpu?.toFixed(2) ?? '?'} | ${formatLoad(r.api.load)} | ${formatLoad(r.sql.load)} |`,
    ),
    '',
    `Median: **${f.apiPerSecond.toFixed(0)} movements/s through the API**, ${f.sqlPerSecond.toFixed(0)}/s for its SQL alone: ratio **${f.ratio.toFixed(2)}** (targets: ≥ 1,000/s through the API, ratio ≥ 0.8).`,
    '',
    `Database round trips of one POST (the in-process app on the same database, every query of the pg client counted over ${f.roundTrips.posts} POSTs): **${f.roundTrips.perPost.toFixed(1)}** — ${f.roundTrips.statements.map((s) => `\`${s}…\``).join(', ')}. Before issue 30 it was 5 (the session check, \`begin; select set_config(…)\`, \`estoque_travar\`, \`estoque_gravar\`, \`commit\`). The session check stays: it reads the session, the user and the roles on every request by design (a sign-out or a role change takes effect on the next request).`,
    '',
    `Where the API's time goes: the database's share of a posting is one statement now (migration 0048), and that statement alone reaches the SQL column. Through the API a posting is three hops between processes — client → server, server → PostgreSQL twice (the session check, then \`estoque_ajustar\`) — each waiting for a core on a shared 2-core machine, plus the server's own CPU per request (column "server CPU", utime + stime of the server process from /proc; the server is one Node thread). On 2026-11-29 at load 11 the same server spent 0.7 ms of CPU per \`GET /health\` (no session, no database) and 4.3–4.5 ms per authenticated request — this POST or \`GET /api/estoque/locais\` alike: that cost was the authenticated request path (session check, Hono's node adapter materializing a WHATWG Request to read the body, two pino child loggers, drizzle/pg), not the posting. Those were cut afterwards (commit eba76b5: the session check as a named prepared statement, loggers made on first use, the body read from Node's request): 1.3–1.7 ms of server CPU per request at load 5.6–6.8; a CPU profile of the server during a run then showed it idle about half the time and most of the rest inside socket writes — the three processes taking turns on 2 cores, not the server's own work. The bench's own HTTP client shares the cores too (fetch() cost ~1.5 ms of client CPU per request; the keep-alive node:http client used here ~0.5).`,
    '',
    'Checks after the runs (0 = holds):',
    '',
    '| check | rows |',
    '|---|---|',
    ...f.checks.map((c) => `| ${c.name} | ${c.n} |`),
  ];
  return lines.join('\n');
}
