// What one stock posting costs PostgreSQL (issue 30: the ajustes through the API are bound by the
// CPU of the three processes on 2 cores): one connection calls `estoque_ajustar` (the statement
// POST /api/estoque/ajustes sends, migration 0048) --n times on 5,000 products at one location,
// entradas of 2 units, and reports per posting the wall time, the backend's CPU (utime + stime
// from /proc/<pid>/stat) and each PL/pgSQL function's own and total time (pg_stat_user_functions,
// track_functions = 'all' for this session): estoque_ajustar itself and the triggers its writes fire.
// `--lote 8` sends the postings 8 at a time through estoque_ajustar_lote (the group commit).
//   npx tsx bench/estoque/ajustar-cpu.ts [--n 2000] [--lote 8]
// Needs erp_bench_estoque (run.ts generates it). Writes nothing to docs/benchmarks.md.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { argValue, DB_NAME, openBenchDatabase, SERVER_URL } from './db.ts';

const N = Number(argValue('n') ?? '2000');
const LOTE = Number(argValue('lote') ?? '1');
const TICK_MS = 1000 / 100; // USER_HZ

// migrated (and generated when missing) like the other stock benches, then one plain connection
const { database } = await openBenchDatabase({ scale: 1, regenerate: false, poolSize: 1 });
await database.close();
const c = new pg.Client({ connectionString: `${SERVER_URL}/${DB_NAME}` });
await c.connect();
await c.query(`set track_functions = 'all'`);
const { pid } = (await c.query('select pg_backend_pid() as pid')).rows[0];

/** utime + stime of the backend, ms. */
function cpu(): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(campos[11]) + Number(campos[12])) * TICK_MS;
}

type Fn = { funcname: string; calls: string; total_time: number; self_time: number };
async function funcoes(): Promise<Map<string, Fn>> {
  // the backend's counters reach the shared statistics at most once a second when idle
  await c.query('select pg_stat_force_next_flush()');
  await new Promise((r) => setTimeout(r, 1200));
  const { rows } = await c.query<Fn>(
    'select funcname, calls, total_time, self_time from pg_stat_user_functions',
  );
  return new Map(rows.map((r) => [r.funcname, r]));
}

const produtos = (
  await c.query<{ id: string }>('select id from products where ativo order by codigo limit 5000 offset 1000')
).rows.map((r) => r.id);
const local = (
  await c.query<{ id: string }>('select id from locais_estoque where ativo order by codigo limit 1')
).rows[0]!.id;
// the postings' user (a freshly generated database has none until the API bench signs one in)
await c.query(
  `insert into users (email) select 'bench-ajustar-cpu@bench.local' where not exists (select 1 from users)`,
);
const usuario = (
  await c.query<{ id: string; email: string }>('select id, email from users order by email limit 1')
).rows[0]!;
const ajuste = (i: number) => ({
  produto_id: produtos[i % produtos.length],
  local_id: local,
  lote_id: null,
  quantidade: '2',
  custo_unitario: '10.00',
  motivo: 'bench ajustar-cpu',
  permite_negativo_padrao: false,
  usuario: { id: usuario.id, email: usuario.email, ip: '127.0.0.1', user_agent: 'bench' },
});
const posta = async (i: number) => {
  if (LOTE === 1) {
    await c.query('select r, momento from estoque_ajustar($1)', [JSON.stringify(ajuste(i))]);
    return;
  }
  const lote = Array.from({ length: LOTE }, (_, k) => ajuste(i + k)).sort((a, b) =>
    a.produto_id! < b.produto_id! ? -1 : 1,
  );
  await c.query('select ordem from estoque_ajustar_lote($1)', [JSON.stringify(lote)]);
};

for (let i = 0; i < 100; i += LOTE) await posta(i); // plans and caches
const antes = await funcoes();
const cpu0 = cpu();
const t0 = performance.now();
for (let i = 0; i < N; i += LOTE) await posta(i);
const wall = performance.now() - t0;
const cpuMs = cpu() - cpu0;
const depois = await funcoes();
await c.end();

console.log(
  `${N} postings${LOTE > 1 ? `, ${LOTE} per statement` : ''}: wall ${(wall / N).toFixed(3)} ms, backend CPU ${(cpuMs / N).toFixed(3)} ms per posting`,
);
const linhas = [...depois.values()]
  .map((d) => {
    const a = antes.get(d.funcname);
    return {
      funcao: d.funcname,
      chamadas: Number(d.calls) - Number(a?.calls ?? 0),
      'total ms/posting': ((d.total_time - (a?.total_time ?? 0)) / N).toFixed(3),
      'própria ms/posting': ((d.self_time - (a?.self_time ?? 0)) / N).toFixed(3),
    };
  })
  .filter((l) => l.chamadas > 0)
  .sort((x, y) => Number(y['própria ms/posting']) - Number(x['própria ms/posting']));
console.table(linhas);
