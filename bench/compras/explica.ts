// Where the suggestion's time goes (issue 34): EXPLAIN (ANALYZE, BUFFERS) of each of its statements
// for supplier 1 of the bench database erp_bench_compras (npm run bench:compras generates it), and the
// whole service call in-process, timed. Prints only.
//   npx tsx bench/compras/explica.ts [--janela 90] [--fornecedor 1]
import { businessToday } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import {
  datas,
  filtroProdutos,
  sqlEstoque,
  sqlHistorico,
  sugestaoCompra,
} from '../../apps/server/src/modules/compras/sugestao-compra.service.ts';
import { argValue, openMigratedDatabase } from '../lib/pg.ts';

const database = await openMigratedDatabase('erp_bench_compras', { poolSize: 4 });
const { db } = database;
try {
  const n = Number(argValue('janela') ?? '90');
  const f = argValue('fornecedor') ?? '1';
  const [forn] = rowsOf<{ id: string }>(
    await db.execute(
      sql.raw(
        `select overlay(overlay(md5('f' || ${f}) placing '4' from 13) placing '8' from 17)::uuid::text as id`,
      ),
    ),
  );
  const q = { fornecedor_id: forn!.id, janela_dias: n } as Parameters<typeof sugestaoCompra>[1];
  const filtro = filtroProdutos(q);
  const explica = async (nome: string, s: SQL) => {
    const plano = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, buffers) ${s}`));
    console.log(`--- ${nome}\n${plano.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  await explica('history (read model)', sqlHistorico(filtro, datas(businessToday(), n)));
  await explica('stock, lots, back-orders, last purchase', sqlEstoque(filtro));
  const tempo = async (nome: string, f: () => Promise<unknown>) => {
    const ts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await f();
      ts.push(performance.now() - t);
    }
    console.log(`${nome}: ${ts.map((x) => x.toFixed(0)).join(', ')} ms`);
  };
  const d = datas(businessToday(), n);
  await tempo('history alone', () => db.execute(sqlHistorico(filtro, d)));
  await tempo('stock alone', () => db.execute(sqlEstoque(filtro)));
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    const r = await sugestaoCompra(db, q);
    const t2 = performance.now();
    const json = JSON.stringify(r);
    console.log(
      `service ${(t2 - t).toFixed(0)} ms, JSON.stringify ${(performance.now() - t2).toFixed(0)} ms, ${(json.length / 1e6).toFixed(1)} MB, ${r.produtos.length} products`,
    );
  }
} finally {
  await database.close();
}
