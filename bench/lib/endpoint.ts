import type { Database } from '../../apps/server/src/db/client.ts';
import {
  captureStatements,
  formatLoad,
  type HttpServer,
  type LoadFigures,
  loadSampler,
  type Stat,
  statementsTimed,
  stats,
} from './http.ts';
import { benchApp, benchUser } from './pg.ts';

// A read endpoint measured the way issue 30 asks: through HTTP on the real server process (http.ts),
// then the very statements the same request sends — captured once through the in-process app — replayed
// on the bench's own connection as the reference, in the same run, with the load average beside both.

export type EndpointFigures = {
  http: Stat;
  /** The HTTP times, ms (to pool scenarios). */
  samples: number[];
  sql: Stat;
  statements: number;
  load: LoadFigures;
  /** The last answer's JSON. */
  body: unknown;
};

/** An in-process app over `database` for capturing what a request sends (its own bench user). */
export async function captureApp(database: Database, dbName: string, role: string) {
  const { token, jwtSecret } = await benchUser(database, `bench-capture-${role}@bench.local`, role);
  const app = benchApp(database, dbName, jwtSecret);
  return {
    /** The statements one GET of `pathname` sends, session check included. */
    statementsOf(pathname: string) {
      return captureStatements(async () => {
        const res = await app.request(pathname, { headers: { authorization: `Bearer ${token}` } });
        if (res.status !== 200)
          throw new Error(`${pathname} (in process) → ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      });
    },
  };
}

/** `GET pathname` n times through HTTP, then its captured SQL n times; warm-ups before each. */
export async function getVsSql(
  server: HttpServer,
  capture: Awaited<ReturnType<typeof captureApp>>,
  database: Database,
  pathname: string,
  n: number,
  warmup = 5,
): Promise<EndpointFigures> {
  const sampler = loadSampler();
  let body: unknown;
  for (let i = 0; i < warmup; i++) await server.request('GET', pathname);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    body = (await server.request('GET', pathname)).body;
    samples.push(performance.now() - t);
  }
  const http = stats(samples);
  const statements = await capture.statementsOf(pathname);
  const sql = await statementsTimed(database, statements, n, warmup);
  return { http, samples, sql, statements: statements.length, load: sampler.stop(), body };
}

const f = (v: number) => v.toFixed(1);

/**
 * The usual table, ms: the leading columns (`lead`: header, alignment, each row's cells), then through
 * HTTP, its SQL, their ratio (how much of the wait is the database) and the load average while measured.
 */
export function endpointTable(
  lead: { header: string; right?: boolean }[],
  rows: { cells: string[]; figures: EndpointFigures }[],
): string {
  const head = [
    ...lead.map((l) => l.header),
    'HTTP p50',
    'HTTP p95',
    'HTTP max',
    'its SQL p50',
    'its SQL p95',
    'SQL / HTTP (p50)',
    'load (1 min)',
  ];
  const align = [...lead.map((l) => (l.right ? '---:' : '---')), ...Array(6).fill('---:'), '---'];
  return [
    `| ${head.join(' | ')} |`,
    `| ${align.join(' | ')} |`,
    ...rows.map(({ cells, figures: r }) =>
      [
        '',
        ...cells,
        f(r.http.p50),
        f(r.http.p95),
        f(r.http.max),
        f(r.sql.p50),
        f(r.sql.p95),
        (r.sql.p50 / r.http.p50).toFixed(2),
        formatLoad(r.load),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  ].join('\n');
}
