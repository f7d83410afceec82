import { addDays } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client.ts';
import { createRandom } from '../../db/seed/prng.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { criaProduto, localPrincipal } from '../estoque/estoque-test-support.ts';
import { type Datas, datas, sqlHistorico } from './sugestao-compra.service.ts';

// The suggestion's sales windows read from the daily read model estoque_vendas_dia (migration 0063,
// kept by the ledger's insert trigger) must be what the plain ledger says. The reference,
// sqlHistoricoRazao, reads the ledger rows themselves: the balance before the windows (Σ quantities),
// the rows of the windows grouped per São Paulo day (date_bin from a UTC−3 midnight), a day's end
// balance by a running sum, each day holding it until the next day with movements. A random ledger
// (fixed seed) of several products: entradas, sales (origem pedido), saídas of other origins, estornos
// of sales, stock-outs, days without movements, rows today and tomorrow (outside the windows), rows
// at 02:59:59 / 03:00:00 UTC (the day before / the day itself in São Paulo), written in multi-product
// statements in time order and then back-dated rows (demo data and imports pass ocorrido_em), one by
// one and several products and days in one statement. Every window (7 and 30 days, several «hoje»)
// equal, column by column; and the rebuild (estoque_vendas_dia_recalcular) gives the same table the
// trigger kept. On PGlite and PostgreSQL.

const TZ = 'America/Sao_Paulo';
const HOJE = '2026-03-20';

/** The reference: both windows from the ledger rows (the query the suggestion ran before 0063). */
function sqlHistoricoRazao(filtro: SQL, d: Datas): SQL {
  const tIni = sql`(${d.prevDe}::date::timestamp at time zone ${TZ})`;
  const tFim = sql`(${d.hoje}::date::timestamp at time zone ${TZ})`;
  const venda = sql`m.origem = 'pedido' and m.tipo in ('saida', 'estorno')`;
  const diaSP = sql`(date_bin('1 day', m.ocorrido_em, timestamptz '2000-01-01 00:00:00-03') at time zone '${sql.raw(TZ)}')::date`;
  const dias = (de: string, ate: string) =>
    sql`greatest(0, least(s.ate, ${ate}::date + 1) - greatest(s.dia, ${de}::date))`;
  return sql`select p.id as product_id, h.* from products p cross join lateral (
    select
      coalesce(sum(${dias(d.curDe, d.curAte)}) filter (where s.saldo_final <= 0), 0)::int as cur_sem,
      coalesce(sum(s.vendido) filter (where s.dia >= ${d.curDe}::date and s.saldo_final > 0), 0)::numeric(18,3)::text as cur_vendido,
      coalesce(sum(s.valor) filter (where s.dia >= ${d.curDe}::date), 0)::numeric(18,2)::text as cur_valor,
      coalesce(sum(${dias(d.prevDe, d.prevAte)}) filter (where s.saldo_final <= 0), 0)::int as prev_sem,
      coalesce(sum(s.vendido) filter (where s.dia <= ${d.prevAte}::date and s.saldo_final > 0), 0)::numeric(18,3)::text as prev_vendido,
      coalesce(sum(s.valor) filter (where s.dia <= ${d.prevAte}::date), 0)::numeric(18,2)::text as prev_valor,
      coalesce(bool_or(s.real and s.dia < ${d.curDe}::date), false) as tem_anterior
    from (
      select x.dia, x.vendido, x.valor, x.real, sum(x.liquido) over w as saldo_final,
        coalesce(lead(x.dia) over w, ${d.hoje}::date) as ate
      from (
        select ${d.prevDe}::date - 1 as dia, coalesce(a.s, 0) as liquido, 0::numeric as vendido,
          0::numeric as valor, a.s is not null as real
        from (select sum(m.quantidade) as s from estoque_movimentos m
          where m.product_id = p.id and m.ocorrido_em < ${tIni}) a
        union all
        select ${diaSP}, sum(m.quantidade),
          coalesce(-sum(m.quantidade) filter (where ${venda}), 0),
          coalesce(-sum(m.quantidade * m.custo_unitario) filter (where ${venda}), 0), true
        from estoque_movimentos m
        where m.product_id = p.id and m.ocorrido_em >= ${tIni} and m.ocorrido_em < ${tFim}
        group by ${diaSP}
      ) x
      window w as (order by x.dia)
    ) s
  ) h
  where ${filtro}`;
}

type Linha = {
  produto: string;
  momento: string; // ISO 8601, UTC
  tipo: 'entrada' | 'saida' | 'ajuste' | 'estorno';
  quantidade: number;
  custo: string;
  origem: string;
  estornaDe?: number; // index into the rows written before
};

let database: Database & { url?: string };
let local: string;
const produtos: string[] = [];
const filtro = sql`p.codigo like 'HV%'`;
const ids: number[] = [];

const q = async <T>(s: SQL) => rowsOf<T>(await database.db.execute(s));

/** One insert statement of several rows (each a ledger row, saldo_produto left at its default). */
async function grava(linhas: Linha[]) {
  const valores = linhas.map(
    (l) => sql`(${l.produto}::uuid, ${local}::uuid, ${l.tipo}, ${l.quantidade}, ${l.custo}, ${l.origem},
      ${l.estornaDe === undefined ? null : ids[l.estornaDe]!}::bigint, ${l.momento}::timestamptz)`,
  );
  const r = await q<{
    id: string;
  }>(sql`insert into estoque_movimentos (product_id, local_id, tipo, quantidade,
      custo_unitario, origem, estorno_de, ocorrido_em) values ${sql.join(valores, sql`, `)} returning id`);
  for (const x of r) ids.push(Number(x.id));
}

/** A moment of São Paulo day `d` at hour:minute:second UTC−3. */
const momento = (d: string, h: number, m = 0, s = 0) =>
  new Date(Date.parse(`${d}T00:00:00-03:00`) + ((h * 60 + m) * 60 + s) * 1000).toISOString();

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  local = await localPrincipal(db);
  for (let i = 0; i < 8; i++)
    produtos.push(await criaProduto(db, { nome: `Histórico ${i}`, codigo: `HV${i}` }));
  const rnd = createRandom(34);
  // Products 0–4: a random history from day −75 to tomorrow, in time order, several products a statement.
  const eventos: Linha[] = [];
  const vendas: number[] = []; // indexes (in `ids` order) of sales that may be reversed
  for (let k = -75; k <= 1; k++) {
    const d = addDays(HOJE, k);
    for (let p = 0; p < 5; p++) {
      if (rnd.int(0, 9) < 3) continue; // a day without movements
      const n = rnd.int(1, 3);
      for (let j = 0; j < n; j++) {
        const hora = rnd.int(0, 23);
        const r = rnd.int(0, 19);
        const l: Linha =
          r < 3
            ? {
                produto: produtos[p]!,
                momento: '',
                tipo: 'entrada',
                quantidade: rnd.int(5, 25),
                custo: '4.2500',
                origem: 'entrada',
              }
            : r < 5
              ? {
                  produto: produtos[p]!,
                  momento: '',
                  tipo: 'saida',
                  quantidade: -rnd.int(1, 4),
                  custo: '4.1000',
                  origem: 'venda',
                }
              : r < 6
                ? {
                    produto: produtos[p]!,
                    momento: '',
                    tipo: 'ajuste',
                    quantidade: rnd.pick([-2, 3]),
                    custo: '4.0000',
                    origem: 'ajuste',
                  }
                : {
                    produto: produtos[p]!,
                    momento: '',
                    tipo: 'saida',
                    quantidade: -rnd.int(1, 5),
                    custo: `4.${rnd.int(1000, 9999)}`,
                    origem: 'pedido',
                  };
        l.momento = momento(d, hora, rnd.int(0, 59), rnd.int(0, 59));
        eventos.push(l);
      }
    }
  }
  eventos.sort((a, b) => a.momento.localeCompare(b.momento));
  for (let i = 0; i < eventos.length; i += 7) {
    const lote = eventos.slice(i, i + 7);
    const base = ids.length;
    await grava(lote);
    lote.forEach((l, j) => {
      if (l.origem === 'pedido') vendas.push(base + j);
    });
    // now and then a sale of the batch is reversed (an NF-e cancelled) a little later the same day
    const v = vendas.at(-1);
    if (v !== undefined && rnd.int(0, 3) === 0) {
      const [orig] = await q<{
        product_id: string;
        quantidade: string;
        custo_unitario: string;
        ocorrido_em: Date | string;
      }>(
        sql`select product_id, quantidade::text, custo_unitario::text, ocorrido_em from estoque_movimentos where id = ${ids[v]!}`,
      );
      vendas.pop();
      await grava([
        {
          produto: orig!.product_id,
          momento: new Date(new Date(orig!.ocorrido_em).getTime() + 60_000).toISOString(),
          tipo: 'estorno',
          quantidade: -Number(orig!.quantidade),
          custo: orig!.custo_unitario,
          origem: 'pedido',
          estornaDe: v,
        },
      ]);
    }
  }
  // Product 5: only today; product 6: nothing at all.
  await grava([
    {
      produto: produtos[5]!,
      momento: momento(HOJE, 10),
      tipo: 'entrada',
      quantidade: 9,
      custo: '3.0000',
      origem: 'entrada',
    },
  ]);
  // Product 7: a balance of exactly 0 held over days without movements (out of stock), twice.
  await grava(
    (
      [
        [-40, 10, 'entrada'],
        [-12, -10, 'pedido'],
        [-3, 5, 'entrada'],
        [-2, -5, 'pedido'],
      ] as const
    ).map(([k, quantidade, origem]) => ({
      produto: produtos[7]!,
      momento: momento(addDays(HOJE, k), 11),
      tipo: origem === 'pedido' ? ('saida' as const) : ('entrada' as const),
      quantidade,
      custo: '2.0000',
      origem,
    })),
  );
  // The day boundary, back-dated: on day −5 at 02:59:58–59 UTC (23:59 of day −6 in São Paulo) product 0
  // sells 2 and is adjusted to −1; at 03:00:00 UTC (00:00 of day −5) 41 come in: 40.
  const d5 = addDays(HOJE, -5);
  const [s0] = await q<{ s: string }>(sql`select sum(quantidade)::text as s from estoque_movimentos
    where product_id = ${produtos[0]!} and ocorrido_em < ${`${d5}T02:59:59Z`}::timestamptz`);
  await grava([
    {
      produto: produtos[0]!,
      momento: `${d5}T02:59:58.000Z`,
      tipo: 'saida',
      quantidade: -2,
      custo: '4.5000',
      origem: 'pedido',
    },
    {
      produto: produtos[0]!,
      momento: `${d5}T02:59:59.000Z`,
      tipo: 'ajuste',
      quantidade: 1 - Number(s0!.s),
      custo: '4.5000',
      origem: 'ajuste',
    },
  ]);
  await grava([
    {
      produto: produtos[0]!,
      momento: `${d5}T03:00:00.000Z`,
      tipo: 'entrada',
      quantidade: 41,
      custo: '4.5000',
      origem: 'entrada',
    },
  ]);
  // Back-dated rows, one by one and several products and days in one statement (one before every
  // other row of its product).
  await grava([
    {
      produto: produtos[1]!,
      momento: momento(addDays(HOJE, -40), 12),
      tipo: 'saida',
      quantidade: -30,
      custo: '4.0000',
      origem: 'pedido',
    },
  ]);
  await grava([
    {
      produto: produtos[3]!,
      momento: momento(addDays(HOJE, -200), 8),
      tipo: 'entrada',
      quantidade: 12,
      custo: '4.0000',
      origem: 'entrada',
    },
  ]);
  await grava([
    {
      produto: produtos[2]!,
      momento: momento(addDays(HOJE, -33), 2),
      tipo: 'saida',
      quantidade: -7,
      custo: '4.3000',
      origem: 'pedido',
    },
    {
      produto: produtos[2]!,
      momento: momento(addDays(HOJE, -3), 15),
      tipo: 'entrada',
      quantidade: 20,
      custo: '4.3000',
      origem: 'entrada',
    },
    {
      produto: produtos[4]!,
      momento: momento(addDays(HOJE, -61), 23, 59, 59),
      tipo: 'saida',
      quantidade: -50,
      custo: '4.3000',
      origem: 'pedido',
    },
    {
      produto: produtos[4]!,
      momento: momento(addDays(HOJE, -20), 0),
      tipo: 'entrada',
      quantidade: 60,
      custo: '4.3000',
      origem: 'entrada',
    },
    {
      produto: produtos[1]!,
      momento: momento(addDays(HOJE, -10), 9),
      tipo: 'saida',
      quantidade: -3,
      custo: '4.3000',
      origem: 'venda',
    },
  ]);
}, 120_000);
afterAll(() => database?.close());

describe('suggestion history from the daily read model (estoque_vendas_dia)', () => {
  it('the ledger holds what the test means: stock-outs, estornos, rows at the day boundary', async () => {
    const [c] = await q<{ linhas: number; estornos: number; produtos: number; dias: number }>(sql`
      select count(*)::int as linhas, count(*) filter (where tipo = 'estorno')::int as estornos,
        count(distinct product_id)::int as produtos,
        (select count(*) from estoque_vendas_dia v where v.saldo <= 0)::int as dias
      from estoque_movimentos where product_id in (select id from products where codigo like 'HV%')`);
    expect(c!.linhas).toBeGreaterThan(300);
    expect(c!.estornos).toBeGreaterThan(5);
    expect(c!.produtos).toBe(7);
    expect(c!.dias).toBeGreaterThan(5); // days ending out of stock
    // 02:59:59 UTC is the day before in São Paulo, at −1; 03:00:00 UTC the day itself, back at 40
    const d5 = addDays(HOJE, -5);
    const r = await q<{
      dia: string;
      saldo: string;
    }>(sql`select dia::text, saldo::text from estoque_vendas_dia
      where produto_id = ${produtos[0]!} and dia in (${addDays(d5, -1)}::date, ${d5}::date) order by dia`);
    expect(r.map((x) => [x.dia, Number(x.saldo)])).toEqual([
      [addDays(d5, -1), -1],
      [d5, expect.any(Number)],
    ]);
    const [d] = await q<{ n: number }>(sql`select sum(quantidade)::int as n from estoque_movimentos
      where product_id = ${produtos[0]!} and ocorrido_em < ${`${d5}T03:00:01Z`}::timestamptz`);
    expect(d!.n).toBe(40);
  });

  for (const hoje of [HOJE, addDays(HOJE, -4), addDays(HOJE, -5), addDays(HOJE, 2), addDays(HOJE, -19)])
    for (const n of [7, 30])
      it(`equals the ledger query: hoje ${hoje}, window ${n} days`, async () => {
        const d = datas(hoje, n);
        const ordem = (a: { product_id: string }, b: { product_id: string }) =>
          a.product_id.localeCompare(b.product_id);
        const esperado = (await q<{ product_id: string }>(sqlHistoricoRazao(filtro, d))).sort(ordem);
        const lido = (await q<{ product_id: string }>(sqlHistorico(filtro, d))).sort(ordem);
        expect(esperado).toHaveLength(8);
        expect(lido).toEqual(esperado);
      });

  it('the rebuild gives the table the trigger kept', async () => {
    const [antes] = await q<{ n: number }>(sql`select count(*)::int as n from estoque_vendas_dia`);
    // exact: numeric equality, column by column (a table of the test's own database: the pool's
    // connections do not share temporary tables)
    await database.db.execute(sql`create table vendas_dia_trigger as select * from estoque_vendas_dia`);
    await database.db.execute(sql`select estoque_vendas_dia_recalcular()`);
    const [dif] = await q<{ n: number; total: number }>(sql`select count(*)::int as n,
        (select count(*) from estoque_vendas_dia)::int as total
      from vendas_dia_trigger a full join estoque_vendas_dia b on a.produto_id = b.produto_id and a.dia = b.dia
      where a.dia is null or b.dia is null or (a.liquido, a.vendido, a.valor, a.saldo, a.sem_estoque_acum,
        a.vendido_acum, a.valor_acum) is distinct from (b.liquido, b.vendido, b.valor, b.saldo,
        b.sem_estoque_acum, b.vendido_acum, b.valor_acum)`);
    expect(dif).toEqual({ n: 0, total: antes!.n });
    expect(antes!.n).toBeGreaterThan(200);
  });
});
