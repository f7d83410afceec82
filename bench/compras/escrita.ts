// Write cost of the suggestion's daily read model (issue 34, migration 0063): the ledger's insert
// trigger estoque_vendas_dia_aplicar keeps estoque_vendas_dia in the writer's transaction. Stock
// postings (estoque_ajustar, one statement and one transaction each, as POST /api/estoque/ajustes
// posts them) by `--writers` concurrent connections on `--produtos` products for `--seconds`, in
// alternating rounds with the trigger on and off (ALTER TABLE … DISABLE TRIGGER), then one writer
// alone; postings per second and the mean latency. PostgreSQL database erp_bench_compras_escrita
// (created anew, dropped at the end). Prints the figures (docs/benchmarks.md «Compras — sugestão»
// quotes them).
//   npx tsx bench/compras/escrita.ts [--writers 8] [--produtos 1000] [--seconds 10] [--rounds 3]
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import { argValue, dropDatabase, openMigratedDatabase } from '../lib/pg.ts';

const WRITERS = Number(argValue('writers') ?? '8');
const PRODUTOS = Number(argValue('produtos') ?? '1000');
const SECONDS = Number(argValue('seconds') ?? '10');
const ROUNDS = Number(argValue('rounds') ?? '3');
const DB_NAME = 'erp_bench_compras_escrita';

const database = await openMigratedDatabase(DB_NAME, { poolSize: WRITERS, fresh: true });
const { db } = database;
try {
  await database.exec(`insert into locais_estoque (codigo, nome) values ('ESC', 'Depósito escrita');
    insert into products (codigo, nome, unidade, ncm, custo_medio)
      select 'E' || lpad(g::text, 6, '0'), 'Produto ' || g, 'UN', '21069090', 5 from generate_series(1, ${PRODUTOS}) g`);
  const [ctx] = rowsOf<{ local: string; produtos: string[] }>(
    await db.execute(sql`select (select id from locais_estoque where codigo = 'ESC') as local,
      (select array_agg(id::text order by codigo) from products where codigo like 'E%') as produtos`),
  );
  const local = ctx!.local;
  const produtos = ctx!.produtos;
  let seq = 0;
  const posta = (produto: string, quantidade: number) =>
    db.execute(
      sql`select estoque_ajustar(${JSON.stringify({
        produto_id: produto,
        local_id: local,
        lote_id: null,
        quantidade: String(quantidade),
        custo_unitario: '5',
        motivo: 'bench',
        permite_negativo_padrao: true,
        usuario: { id: '', email: 'bench@erp', ip: '127.0.0.1', user_agent: 'bench' },
      })}::jsonb)`,
    );
  // every product in stock first
  for (const p of produtos) await posta(p, 1000);

  const rodada = async (writers: number) => {
    const fim = performance.now() + SECONDS * 1000;
    let n = 0;
    let ms = 0;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        while (performance.now() < fim) {
          seq = (seq * 1103515245 + 12345) % 2147483648;
          const p = produtos[seq % produtos.length]!;
          const t = performance.now();
          await posta(p, seq % 3 === 0 ? 2 : -1);
          ms += performance.now() - t;
          n++;
        }
      }),
    );
    return { porSegundo: n / SECONDS, media: ms / n };
  };
  const gatilho = (on: boolean) =>
    database.exec(
      `alter table estoque_movimentos ${on ? 'enable' : 'disable'} trigger estoque_vendas_dia_ins`,
    );

  const res: Record<string, { porSegundo: number; media: number }[]> = { on: [], off: [], on1: [], off1: [] };
  for (let r = 0; r < ROUNDS; r++)
    for (const on of [true, false]) {
      await gatilho(on);
      res[on ? 'on' : 'off']!.push(await rodada(WRITERS));
      res[on ? 'on1' : 'off1']!.push(await rodada(1));
    }
  await gatilho(true);
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const fmt = (k: string) =>
    `${med(res[k]!.map((x) => x.porSegundo)).toFixed(0)} postings/s (rounds ${res[k]!.map((x) => x.porSegundo.toFixed(0)).join(', ')}), mean ${med(res[k]!.map((x) => x.media)).toFixed(2)} ms`;
  console.log(`${WRITERS} writers, trigger on:  ${fmt('on')}`);
  console.log(`${WRITERS} writers, trigger off: ${fmt('off')}`);
  console.log(`1 writer, trigger on:  ${fmt('on1')}`);
  console.log(`1 writer, trigger off: ${fmt('off1')}`);
  const [c] = rowsOf<{ linhas: string; dias: string }>(
    await db.execute(sql`select (select count(*) from estoque_movimentos)::text as linhas,
      (select count(*) from estoque_vendas_dia)::text as dias`),
  );
  console.log(
    `ledger ${c!.linhas} rows, read model ${c!.dias} rows; load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')}`,
  );
} finally {
  await database.close();
  await dropDatabase(DB_NAME);
}
