// Where one posting's time goes (issue 12's writer target): one writer on one connection posts
// single movements (entrada, saída, transferência in turn, as the writers' workload) in the bench
// database and reports, per transaction, the round trips and each one's wall time by statement
// kind, this Node process's CPU, its PostgreSQL backend's CPU (/proc/<pid>/stat) and the ledger
// functions' own time (pg_stat_user_functions with track_functions = 'all').
//   npx tsx bench/estoque/perfil.ts [--n 1000] [--itens 1]
// Needs erp_bench_estoque (run.ts generates it). Writes nothing to docs/benchmarks.md.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { type Actor, writeTx } from '../../apps/server/src/lib/audit-context.ts';
import { AppError } from '../../apps/server/src/lib/errors.ts';
import {
  registraEntrada,
  registraSaida,
  registraTransferencia,
} from '../../apps/server/src/modules/estoque/movimentos.service.ts';
import { type Lancamento, lancaNoRazao } from '../../apps/server/src/modules/estoque/razao.service.ts';
import { benchUser } from '../lib/pg.ts';
import { argValue, openBenchDatabase } from './db.ts';

const N = Number(argValue('n') ?? '1000');
const ITENS = Number(argValue('itens') ?? '1');
const TICK_MS = 1000 / 100; // USER_HZ

/** utime + stime of a process, ms. */
function procCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(campos[11]) + Number(campos[12])) * TICK_MS;
}

// every query the pg client sends: its kind (first words) and wall time
const porTipo = new Map<string, { n: number; ms: number }>();
let medindo = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const cfg = args[0] as string | { text: string };
  const text = typeof cfg === 'string' ? cfg : cfg.text;
  const tipo =
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/^(select (estoque_\w+|movimento_id|set_config|p\.id)|\w+)/i)?.[0]
      .toLowerCase()
      .slice(0, 40) ?? '?';
  const t0 = performance.now();
  const r = (query as (...a: unknown[]) => unknown).apply(this, args);
  if (medindo && r instanceof Promise)
    r.then(
      () => {
        const s = porTipo.get(tipo) ?? { n: 0, ms: 0 };
        s.n++;
        s.ms += performance.now() - t0;
        porTipo.set(tipo, s);
      },
      () => {},
    );
  return r;
} as typeof query;

function md5UuidFactory() {
  return import('node:crypto').then(({ createHash }) => (text: string) => {
    const m = createHash('md5').update(text).digest('hex');
    const h = `${m.slice(0, 12)}4${m.slice(13, 16)}8${m.slice(17)}`;
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  });
}

async function main() {
  const { database } = await openBenchDatabase({ scale: 1, regenerate: false, poolSize: 1 });
  const { db } = database;
  const md5Uuid = await md5UuidFactory();
  try {
    await db.execute(sql`set track_functions = 'all'`);
    await db.execute(sql`set stats_fetch_consistency = 'none'`);
    const [{ pid }] = rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`)) as [
      { pid: number },
    ];
    const [locais] = rowsOf<{ dep: string; sep: string }>(
      await db.execute(sql`select (select id from locais_estoque where codigo = 'DEP') as dep,
        (select id from locais_estoque where codigo = 'SEP') as sep`),
    ) as [{ dep: string; sep: string }];
    const { userId } = await benchUser(database, 'bench.perfil@bench.erp.br', 'estoque');
    const actor: Actor = { userId, email: 'bench.perfil@bench.erp.br' };
    let semente = 12345;
    const rnd = () => {
      semente = (semente * 1103515245 + 12345) % 2147483648;
      return semente / 2147483648;
    };
    let i = 0;
    let recusados = 0;
    const posta = async () => {
      i++;
      // as the writers of run.ts: 30% of the picks are the 10 Kardex products
      const p = rnd() < 0.3 ? 1 + Math.floor(rnd() * 10) : 1 + Math.floor(rnd() * 100_000);
      const produtoId = md5Uuid(`p${p}`);
      const custo = ((((p * 7919) % 20000) + 100) / 100).toFixed(2);
      const [a, b] = i % 2 ? [locais.dep, locais.sep] : [locais.sep, locais.dep];
      try {
        if (ITENS > 1) {
          const lancamentos: Lancamento[] = Array.from({ length: ITENS }, (_, k) => ({
            op: {
              tipo: i % 2 ? 'entrada' : 'saida',
              chave: {
                produtoId: md5Uuid(`p${rnd() < 0.3 ? 1 + k + 10 * 0 : 1 + Math.floor(rnd() * 100_000)}`),
                localId: a,
                loteId: null,
              },
              quantidade: '1',
              ...(i % 2 ? { custoUnitario: custo } : {}),
            } as Lancamento['op'],
            meta: { origem: 'perfil' },
          }));
          return await writeTx(db, actor, (tx) => lancaNoRazao(tx, actor, lancamentos));
        }
        switch (i % 3) {
          case 0:
            return await writeTx(db, actor, (tx) =>
              registraEntrada(tx, actor, { produtoId, localId: a, quantidade: '3', custoUnitario: custo }),
            );
          case 1:
            return await writeTx(db, actor, (tx) =>
              registraSaida(tx, actor, { produtoId, localId: a, quantidade: '1' }),
            );
          default:
            return await registraTransferencia(db, actor, {
              produto_id: produtoId,
              lote_id: null,
              origem_id: a,
              destino_id: b,
              quantidade: '1',
              observacao: null,
            });
        }
      } catch (err) {
        if (err instanceof AppError && err.code === 'unprocessable') recusados++;
        else throw err;
      }
    };
    for (let k = 0; k < 200; k++) await posta();
    const funcoes = async () =>
      rowsOf<{ funcname: string; calls: number; self_time: number; total_time: number }>(
        await db.execute(sql`select funcname, calls::int, self_time, total_time from pg_stat_user_functions
          where funcname in ('estoque_travar', 'estoque_gravar', 'dashboard_estoque_aplicar')`),
      );
    const f0 = await funcoes();
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
    medindo = true;
    recusados = 0;
    const node0 = process.cpuUsage();
    const back0 = procCpu(pid);
    const t0 = performance.now();
    for (let k = 0; k < N; k++) await posta();
    const wall = performance.now() - t0;
    const node = process.cpuUsage(node0);
    const back = procCpu(pid) - back0;
    medindo = false;
    await new Promise((r) => setTimeout(r, 50));
    await db.execute(sql`select pg_stat_force_next_flush()`);
    await new Promise((r) => setTimeout(r, 50));
    const f1 = await funcoes();
    console.log(`${N} transações de ${ITENS} (${recusados} recusadas), carga ${load}`);
    console.log(`parede ${(wall / N).toFixed(3)} ms/tx`);
    console.log(
      `Node CPU ${((node.user + node.system) / 1000 / N).toFixed(3)} ms/tx (user ${(node.user / 1000 / N).toFixed(3)}, system ${(node.system / 1000 / N).toFixed(3)})`,
    );
    console.log(`backend CPU ${(back / N).toFixed(3)} ms/tx`);
    let idas = 0;
    for (const [tipo, s] of [...porTipo].sort((x, y) => y[1].ms - x[1].ms)) {
      idas += s.n;
      console.log(`  ${tipo.padEnd(42)} ${(s.n / N).toFixed(2)}/tx  ${(s.ms / s.n).toFixed(3)} ms`);
    }
    console.log(`idas e voltas ${(idas / N).toFixed(2)}/tx`);
    for (const b of f1) {
      const a = f0.find((x) => x.funcname === b.funcname);
      const calls = b.calls - (a?.calls ?? 0);
      if (calls)
        console.log(
          `  ${b.funcname}: ${calls} chamadas, total ${((b.total_time - (a?.total_time ?? 0)) / calls).toFixed(3)} ms, próprio ${((b.self_time - (a?.self_time ?? 0)) / calls).toFixed(3)} ms`,
        );
    }
  } finally {
    await database.close();
  }
}

await main();
