import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import { type Actor, systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { gruposEstoque, products } from '../estoque/estoque.tables.ts';
import { criaProduto, localPrincipal } from '../estoque/estoque-test-support.ts';
import { registraEntrada, registraSaida } from '../estoque/movimentos.service.ts';

// The stock block's read model (dashboard_estoque_resumo, 16 slices kept by a trigger on products)
// must always equal the aggregate over the products it replaced, whatever writes happen: the
// ledger's postings (stock, custo médio → preco_custo), register edits (minimum, maximum,
// ativo), inserts, deletes, rollbacks — and, on PostgreSQL, concurrent writers, none of which
// waits for another's slice.

const actor: Actor = systemActor;

/** The cards as they were computed before the read model: one pass over the active products. */
const AGREGADO = sql`
  select x.total_produtos,
    (select count(*)::int from products where ativo and estoque_atual <= estoque_minimo) as abaixo_minimo,
    round(x.valor, 2)::text as valor_total,
    (select count(*)::int from products where ativo and estoque_maximo > 0 and estoque_atual >= estoque_maximo) as acima_maximo
  from (select count(*)::int as total_produtos,
               coalesce(sum(estoque_atual * preco_custo) filter (where estoque_atual > 0), 0) as valor
        from products where ativo) x`;

async function recalculado(db: Database['db']) {
  return rowsOf(await db.execute(AGREGADO))[0];
}

/** The chart by group as it was computed before its read model (migration 0087): one pass over the products. */
const POR_GRUPO = sql`
  select coalesce(g.nome, 'Sem grupo') as grupo, x.produtos, round(x.valor, 2)::text as valor_total
  from (select p.grupo_id, count(*)::int as produtos, sum(p.estoque_atual * p.preco_custo) as valor
        from products p where p.ativo and p.estoque_atual > 0 group by p.grupo_id) x
  left join grupos_estoque g on g.id = x.grupo_id
  order by x.valor desc, grupo`;

/** The read model's groups summed (as the endpoint reads them) equal the plain pass. */
async function porGrupoConfere(db: Database['db']) {
  const doModelo = rowsOf(
    await db.execute(sql`select coalesce(g.nome, 'Sem grupo') as grupo, x.produtos, round(x.valor, 2)::text as valor_total
      from (select grupo_id, sum(produtos)::int as produtos, sum(valor) as valor from dashboard_estoque_grupo
            group by grupo_id having sum(produtos) > 0) x
      left join grupos_estoque g on g.id = x.grupo_id
      order by x.valor desc, grupo`),
  );
  expect(doModelo).toEqual(rowsOf(await db.execute(POR_GRUPO)));
  return doModelo;
}

let t: TestContext;
let token: string;
let dep: string;
const P: Record<'A' | 'B' | 'C' | 'D' | 'E', string> = { A: '', B: '', C: '', D: '', E: '' };

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn(['estoque'])).token;
  dep = await localPrincipal(t.db);
  P.A = await criaProduto(t.db, { nome: 'Arroz Tipo 1 5 kg', codigo: 'RA' });
  P.B = await criaProduto(t.db, { nome: 'Feijão Carioca 1 kg', codigo: 'RB' });
  P.C = await criaProduto(t.db, { nome: 'Café Torrado 500 g', codigo: 'RC' });
  P.D = await criaProduto(t.db, { nome: 'Óleo de Soja 900 ml', codigo: 'RD' });
  P.E = await criaProduto(t.db, { nome: 'Sal Refinado 1 kg', codigo: 'RE' });
  await writeTx(t.db, actor, async (tx) => {
    await tx.update(products).set({ estoqueMinimo: '10', estoqueMaximo: '100' }).where(eq(products.id, P.A));
    await tx.update(products).set({ estoqueMinimo: '5' }).where(eq(products.id, P.B));
    await tx.update(products).set({ estoqueMaximo: '10' }).where(eq(products.id, P.C));
  });
});
afterAll(() => t.close());

async function cards() {
  const res = await t.request('GET', '/api/dashboard/estoque', { token });
  expect(res.status).toBe(200);
  return res.json();
}

async function porGrupo() {
  const res = await t.request('GET', '/api/dashboard/estoque/por-grupo', { token });
  expect(res.status).toBe(200);
  return (await res.json()).linhas;
}

/** The endpoint shows `expected`, which is also what the old aggregate computes; the chart by group too. */
async function expectCards(expected: Record<string, unknown>, grupos?: unknown[]) {
  expect(await cards()).toEqual(expected);
  expect(await recalculado(t.db)).toEqual(expected);
  const chart = await porGrupo();
  expect(chart).toEqual(await porGrupoConfere(t.db));
  if (grupos) expect(chart).toEqual(grupos);
}

const entrada = (produtoId: string, quantidade: string, custoUnitario: string) =>
  writeTx(t.db, actor, (tx) => registraEntrada(tx, actor, { produtoId, quantidade, custoUnitario }));

describe('dashboard_estoque_resumo', () => {
  it('starts from the products that exist (all five with no stock: below or at their minimum)', async () => {
    expect(
      rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from dashboard_estoque_resumo`),
      )[0],
    ).toEqual({ n: 16 });
    await expectCards({ total_produtos: 5, abaixo_minimo: 5, valor_total: '0.00', acima_maximo: 0 });
  });

  it('follows the ledger: stock, custo médio rounded into preco_custo, value rounded once', async () => {
    await entrada(P.A, '30', '2.5000'); // 30 × 2.50 = 75.00, between 10 and 100
    await entrada(P.B, '3', '1.2350'); // preco_custo 1.24: 3 × 1.24 = 3.72, at most its minimum 5
    await entrada(P.C, '12', '10.0000'); // 120.00, at least its maximum 10
    await entrada(P.D, '100', '1.0000'); // 100.00 (D is deactivated below)
    await expectCards({ total_produtos: 5, abaixo_minimo: 2, valor_total: '298.72', acima_maximo: 1 });
    await writeTx(t.db, actor, (tx) =>
      registraSaida(tx, actor, { produtoId: P.A, quantidade: '20', localId: dep }),
    );
    // A: 10 left, at its minimum; 10 × 2.50 = 25.00
    await expectCards({ total_produtos: 5, abaixo_minimo: 3, valor_total: '248.72', acima_maximo: 1 });
    // a second entrada of C at another cost: (12 × 10 + 8 × 12.5) / 20 = 11.0000 → 20 × 11.00 = 220.00
    await entrada(P.C, '8', '12.5000');
    await expectCards({ total_produtos: 5, abaixo_minimo: 3, valor_total: '348.72', acima_maximo: 1 });
  });

  it('follows the register: deactivation, minimum/maximum, a name change, insert and delete', async () => {
    await writeTx(t.db, actor, (tx) => tx.update(products).set({ ativo: false }).where(eq(products.id, P.D)));
    await expectCards({ total_produtos: 4, abaixo_minimo: 3, valor_total: '248.72', acima_maximo: 1 });
    await writeTx(t.db, actor, async (tx) => {
      await tx.update(products).set({ estoqueMinimo: '0' }).where(eq(products.id, P.A));
      await tx.update(products).set({ estoqueMaximo: '0' }).where(eq(products.id, P.C));
    });
    await expectCards({ total_produtos: 4, abaixo_minimo: 2, valor_total: '248.72', acima_maximo: 0 });
    const antes = rowsOf(await t.db.execute(sql`select * from dashboard_estoque_resumo order by fatia`));
    await writeTx(t.db, actor, (tx) =>
      tx.update(products).set({ nome: 'Sal Refinado Iodado 1 kg' }).where(eq(products.id, P.E)),
    );
    expect(rowsOf(await t.db.execute(sql`select * from dashboard_estoque_resumo order by fatia`))).toEqual(
      antes,
    );
    const novo = await criaProduto(t.db, { nome: 'Açúcar Cristal 1 kg', codigo: 'RF' });
    await expectCards({ total_produtos: 5, abaixo_minimo: 3, valor_total: '248.72', acima_maximo: 0 });
    await writeTx(t.db, actor, (tx) => tx.delete(products).where(eq(products.id, novo)));
    await expectCards({ total_produtos: 4, abaixo_minimo: 2, valor_total: '248.72', acima_maximo: 0 });
  });

  it("the chart by group follows the products' groups: a group given, changed, taken away", async () => {
    const [secos, bebidas] = await writeTx(t.db, actor, (tx) =>
      tx
        .insert(gruposEstoque)
        .values([
          { codigo: 'SEC', nome: 'Secos' },
          { codigo: 'BEB', nome: 'Bebidas' },
        ])
        .returning({ id: gruposEstoque.id }),
    );
    // A 25.00, B 3.72, C 220.00 active with stock; D (100.00) inactive; E no stock
    await writeTx(t.db, actor, async (tx) => {
      await tx.update(products).set({ grupoId: secos!.id }).where(eq(products.id, P.A));
      await tx.update(products).set({ grupoId: secos!.id }).where(eq(products.id, P.B));
      await tx.update(products).set({ grupoId: bebidas!.id }).where(eq(products.id, P.D));
    });
    const cartoes = { total_produtos: 4, abaixo_minimo: 2, valor_total: '248.72', acima_maximo: 0 };
    await expectCards(cartoes, [
      { grupo: 'Sem grupo', produtos: 1, valor_total: '220.00' },
      { grupo: 'Secos', produtos: 2, valor_total: '28.72' },
    ]);
    // D active again (its 100.00 in Bebidas), C moved to Bebidas, a posting of B (3 → 1 unit)
    await writeTx(t.db, actor, async (tx) => {
      await tx.update(products).set({ ativo: true }).where(eq(products.id, P.D));
      await tx.update(products).set({ grupoId: bebidas!.id }).where(eq(products.id, P.C));
      await registraSaida(tx, actor, { produtoId: P.B, quantidade: '2', localId: dep });
    });
    await expectCards({ total_produtos: 5, abaixo_minimo: 2, valor_total: '346.24', acima_maximo: 0 }, [
      { grupo: 'Bebidas', produtos: 2, valor_total: '320.00' },
      { grupo: 'Secos', produtos: 2, valor_total: '26.24' },
    ]);
    // every product of a statement out of its group at once, then back as they were (one statement each)
    await writeTx(t.db, actor, (tx) => tx.update(products).set({ grupoId: null }));
    await expectCards({ total_produtos: 5, abaixo_minimo: 2, valor_total: '346.24', acima_maximo: 0 }, [
      { grupo: 'Sem grupo', produtos: 4, valor_total: '346.24' },
    ]);
    await writeTx(t.db, actor, async (tx) => {
      await tx.update(products).set({ grupoId: secos!.id }).where(eq(products.id, P.A));
      await tx.update(products).set({ grupoId: secos!.id }).where(eq(products.id, P.B));
      await tx.update(products).set({ ativo: false }).where(eq(products.id, P.D));
      await registraEntrada(tx, actor, { produtoId: P.B, quantidade: '2', custoUnitario: '1.2350' });
    });
    await expectCards(cartoes, [
      { grupo: 'Sem grupo', produtos: 1, valor_total: '220.00' },
      { grupo: 'Secos', produtos: 2, valor_total: '28.72' },
    ]);
  });

  it('a rolled-back posting leaves no trace, and the rebuild gives the same figures', async () => {
    await expect(
      writeTx(t.db, actor, async (tx) => {
        await registraEntrada(tx, actor, { produtoId: P.B, quantidade: '1000', custoUnitario: '9.0000' });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    const figuras = { total_produtos: 4, abaixo_minimo: 2, valor_total: '248.72', acima_maximo: 0 };
    await expectCards(figuras);
    const grupos = await porGrupo();
    await t.db.execute(sql`select dashboard_estoque_recalcular()`);
    await expectCards(figuras, grupos);
    expect(
      rowsOf(
        await t.db.execute(
          sql`select count(*)::int as n, count(*) filter (where fatia = 0)::int as na_primeira from dashboard_estoque_grupo`,
        ),
      )[0],
    ).toEqual({ n: 2, na_primeira: 2 });
    expect(
      rowsOf(
        await t.db.execute(
          sql`select fatia, produtos, abaixo_minimo, acima_maximo, valor::text as valor from dashboard_estoque_resumo
            where produtos <> 0 or abaixo_minimo <> 0 or acima_maximo <> 0 or valor <> 0`,
        ),
      ),
    ).toEqual([{ fatia: 0, produtos: 4, abaixo_minimo: 2, acima_maximo: 0, valor: '248.72000' }]);
  });
});

// Concurrent writers on a real PostgreSQL server (PGlite serves one connection at a time).
const servidor = process.env.TEST_DATABASE_URL;
let database: (Database & { url?: string }) | undefined;
let pool: Database | undefined;

describe.skipIf(!servidor)('concurrency (PostgreSQL only)', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await openDatabase({ databaseUrl: database.url, poolSize: 12 });
  });
  afterAll(async () => {
    await pool?.close();
    await database?.close();
  });

  it('a transaction holding a slice does not hold up another writer', async () => {
    const db = pool!.db;
    const [a, b] = [
      await criaProduto(db, { nome: 'Produto A' }),
      await criaProduto(db, { nome: 'Produto B' }),
    ];
    let outroTerminou = false;
    await writeTx(db, actor, async (tx) => {
      await registraEntrada(tx, actor, { produtoId: a, quantidade: '5', custoUnitario: '1.0000' });
      // while this transaction is open (its slice locked), another posts on another product
      const outro = writeTx(db, actor, (tx2) =>
        registraEntrada(tx2, actor, { produtoId: b, quantidade: '7', custoUnitario: '2.0000' }),
      ).then(() => {
        outroTerminou = true;
      });
      await Promise.race([outro, new Promise((r) => setTimeout(r, 3000))]);
      expect(outroTerminou).toBe(true);
    });
    expect(await recalculado(db)).toEqual(
      rowsOf(
        await db.execute(sql`select coalesce(sum(produtos), 0)::int as total_produtos,
          coalesce(sum(abaixo_minimo), 0)::int as abaixo_minimo, round(coalesce(sum(valor), 0), 2)::text as valor_total,
          coalesce(sum(acima_maximo), 0)::int as acima_maximo from dashboard_estoque_resumo`),
      )[0],
    );
  });

  it('8 writers × 25 postings on 4 shared products, and a register edit moving them between groups: the summary and the chart by group equal their recomputation', async () => {
    const db = pool!.db;
    const dep2 = await localPrincipal(db);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await criaProduto(db, { nome: `Concorrente ${i}` }));
    await Promise.all(
      ids.map((id) =>
        writeTx(db, actor, (tx) =>
          registraEntrada(tx, actor, { produtoId: id, quantidade: '100', custoUnitario: '3.0000' }),
        ),
      ),
    );
    const [grupo] = await writeTx(db, actor, (tx) =>
      tx
        .insert(gruposEstoque)
        .values({ codigo: 'CONC', nome: 'Concorrentes' })
        .returning({ id: gruposEstoque.id }),
    );
    // one statement over the four products: two of them in and out of the group, the other two out and in
    const trocaGrupos = async () => {
      for (let i = 0; i < 10; i++)
        await writeTx(db, actor, (tx) =>
          tx.execute(sql`update products set grupo_id = case when grupo_id is null then ${grupo!.id}::uuid end
            where id in (${ids[0]!}::uuid, ${ids[1]!}::uuid, ${ids[2]!}::uuid, ${ids[3]!}::uuid)`),
        );
    };
    await writeTx(db, actor, (tx) =>
      tx.execute(
        sql`update products set grupo_id = ${grupo!.id}::uuid where id in (${ids[0]!}::uuid, ${ids[2]!}::uuid)`,
      ),
    );
    const resultados = await Promise.allSettled([
      trocaGrupos(),
      ...Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 25; i++) {
          const produtoId = ids[(w + i) % 4]!;
          await writeTx(db, actor, (tx) =>
            i % 3 === 2
              ? registraSaida(tx, actor, { produtoId, quantidade: '2', localId: dep2 })
              : registraEntrada(tx, actor, {
                  produtoId,
                  quantidade: '1',
                  custoUnitario: `${3 + (i % 4)}.0000`,
                }),
          );
        }
      }),
    ]);
    expect(resultados.filter((r) => r.status === 'rejected')).toEqual([]);
    await porGrupoConfere(db);
    const resumo = rowsOf(
      await db.execute(sql`select coalesce(sum(produtos), 0)::int as total_produtos,
        coalesce(sum(abaixo_minimo), 0)::int as abaixo_minimo, round(coalesce(sum(valor), 0), 2)::text as valor_total,
        coalesce(sum(acima_maximo), 0)::int as acima_maximo from dashboard_estoque_resumo`),
    )[0];
    expect(resumo).toEqual(await recalculado(db));
    // 4 products × 100 + 8 writers × (17 entradas of 1 − 8 saídas of 2) = 400 + 8 = 408 units
    expect(
      rowsOf(
        await db.execute(
          sql`select sum(estoque_atual)::text as s from products where nome like 'Concorrente %'`,
        ),
      )[0],
    ).toEqual({ s: '408.000' });
  });
});
