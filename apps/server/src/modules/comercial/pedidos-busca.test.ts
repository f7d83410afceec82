import { pedidosListQuerySchema } from '@erp/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { salesOrders } from './comercial.tables.ts';
import { buscaPedidos, listPedidos } from './pedidos-leitura.service.ts';

// The order list's search through its indexes (migration 0047, issue 30): the list's answer equals
// the plain query — erp_normaliza() like on the raw columns, read with every index turned off — on
// PGlite and on PostgreSQL; and on PostgreSQL, the plan of a search by customer name reads the
// trigram index, not the whole table.

let database: Database;

const CLIENTES: [string, string, string, string | null][] = [
  // id suffix, documento, razão social, fantasia
  ['01', '11222333000181', 'Mercado São José Ltda', 'Zé Mercadinho'],
  ['02', '52998224725', 'José da Silva', null],
  ['03', '12ABC34501DE35', 'Padaria Pão-Quente 1-A', 'Pão Quente'],
  ['04', '04252011000110', 'Supermercado Estrela', null],
  ['05', '98765432000198', 'Empório 100% Natural_Bio', null],
];
const cid = (s: string) => `00000000-0000-4000-8000-0000000000${s}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (const [s, doc, nome, fantasia] of CLIENTES) {
    await db.execute(sql`insert into clientes (id, tipo_pessoa, documento, razao_social, nome_fantasia)
      values (${cid(s)}, ${doc.length === 11 ? 'F' : 'J'}, ${doc}, ${nome}, ${fantasia})`);
  }
  // 200 orders over the customers; the name on the order is its snapshot (a few kept an old name)
  const statuses = ['orcamento', 'digitado', 'faturado', 'cancelado'];
  const values = Array.from({ length: 200 }, (_, i) => {
    const [s, , nome] = CLIENTES[i % CLIENTES.length]!;
    const snapshot = i % 17 === 0 ? `${nome} (antigo Ávila)` : i % 23 === 0 ? nome.toUpperCase() : nome;
    return sql`(${cid(s)}, ${snapshot}, ${'2026-01-01'}::date + ${i % 60}::int, ${statuses[i % 4]}, ${(i + 1) * 10})`;
  });
  await db.execute(sql`insert into sales_orders (cliente_id, cliente_nome, data_emissao, status, valor_total)
    values ${sql.join(values, sql`, `)}`);
});

afterAll(async () => {
  await database?.close();
});

const consulta = (q: Record<string, unknown>) => {
  const parsed = pedidosListQuerySchema.parse(q);
  return { ...parsed, pageSize: 1000 };
};

async function pela_lista(q: Record<string, unknown>) {
  const page = await listPedidos(database.db, consulta(q));
  return {
    ids: page.items.map((r) => r.numero),
    total: page.total,
    maisDe: page.totalIsLowerBound ?? false,
  };
}

/** The plain query: the same meaning written on the raw columns, read with no index at all. */
async function plana(words: string[], status?: string) {
  const conds = words.map((w) => {
    const nome = sql`erp_normaliza(o.cliente_nome) like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
    const limpo = /^[0-9a-z./-]+$/.test(w) ? w.replace(/[./-]/g, '') : '';
    const doc = /^\d{11}$/.test(limpo) || /^[0-9a-z]{12}\d{2}$/.test(limpo) ? limpo : undefined;
    const docCond = doc
      ? sql`o.cliente_id in (select c.id from clientes c
          where erp_normaliza(c.razao_social || ' ' || coalesce(c.nome_fantasia, '') || ' ' || c.documento) like ${`%${doc}%`})`
      : undefined;
    if (words.length === 1 && /^\d{1,15}$/.test(w)) {
      return docCond ? sql`(o.numero = ${Number(w)} or ${docCond})` : sql`o.numero = ${Number(w)}`;
    }
    return docCond ? sql`(${nome} or ${docCond})` : nome;
  });
  if (status) conds.push(sql`o.status = ${status}`);
  const where = conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    const rows = rowsOf<{ numero: number }>(
      await tx.execute(sql`select o.numero from sales_orders o ${where} order by o.numero desc`),
    );
    return rows.map((r) => Number(r.numero));
  });
}

describe('order list search (indexed) equals the plain query', () => {
  const casos: [string, string[], string | undefined, number][] = [
    // q, its normalised words, status, the number of orders expected
    ['são josé', ['sao', 'jose'], undefined, 40],
    ['SAO', ['sao'], undefined, 40],
    ['Ávila', ['avila'], undefined, 12],
    ['mercado', ['mercado'], undefined, 80],
    ['mercado', ['mercado'], 'faturado', 20],
    ['pão-quente 1-a', ['pao-quente', '1-a'], undefined, 40],
    ['1-A', ['1-a'], undefined, 40],
    ['100%', ['100%'], undefined, 40],
    ['natural_bio', ['natural_bio'], undefined, 40],
    ['_', ['_'], undefined, 40],
    ['17', ['17'], undefined, 1],
    ['0017', ['0017'], undefined, 1],
    ['999999', ['999999'], undefined, 0],
    ['11.222.333/0001-81', ['11.222.333/0001-81'], undefined, 40],
    ['11222333000181', ['11222333000181'], undefined, 40],
    ['529.982.247-25', ['529.982.247-25'], undefined, 40],
    ['12.ABC.345/01DE-35', ['12.abc.345/01de-35'], 'cancelado', 10],
    ['12ABC34501DE35', ['12abc34501de35'], undefined, 40],
    ['estrela 04252011000110', ['estrela', '04252011000110'], undefined, 40],
    ['silva josé', ['silva', 'jose'], undefined, 40],
    ['inexistente', ['inexistente'], undefined, 0],
  ];
  it.each(casos)('q=%s', async (q, words, status, esperado) => {
    const lista = await pela_lista({ q, ...(status ? { status } : {}) });
    const ref = await plana(words, status);
    expect(lista.ids).toEqual(ref);
    expect(lista.total).toBe(esperado);
    expect(ref).toHaveLength(esperado);
  });
});

describe('a searched page read and sorted keeps the list order', () => {
  // "silva" is customer 02's orders only, a few (BUSCA_CONTAGEM or fewer): read through the trigram index and
  // sorted by the `sortsLidos` expressions; the same orders by the customer filter use the plain sorts
  const chaves = ['numero', 'data_emissao', 'cliente', 'vendedor', 'valor_total', 'data_entrega', 'status'];
  it.each(
    chaves.flatMap((sort) => [
      [sort, 'asc'],
      [sort, 'desc'],
    ]),
  )('sort=%s %s', async (sort, dir) => {
    const buscado = await pela_lista({ q: 'silva', sort, dir });
    const filtrado = await pela_lista({ cliente_id: cid('02'), sort, dir });
    expect(buscado.ids).toHaveLength(40);
    expect(buscado.ids).toEqual(filtrado.ids);
  });
});

describe('a broad search (more than BUSCA_CONTAGEM matches) walks the order and equals the plain query', () => {
  beforeAll(async () => {
    await database.db.execute(sql`insert into sales_orders (cliente_id, cliente_nome, data_emissao, status, valor_total)
      select ${cid('04')}::uuid, 'Ampla Comércio ' || g, '2026-01-01'::date + g % 90,
             (array['orcamento', 'faturado'])[1 + g % 2], g
      from generate_series(1, 6000) g`);
    // the cap's edges: "beira" in 1,001 orders, 1,000 of them digitado
    await database.db.execute(sql`insert into sales_orders (cliente_id, cliente_nome, data_emissao, status, valor_total)
      select ${cid('05')}::uuid, 'Beira Rio ' || g, '2026-02-01'::date + g % 30,
             case when g <= 1000 then 'digitado' else 'faturado' end, g
      from generate_series(1, 1001) g`);
  });
  // q, its words, status, the matches (plain query), the total shown, "mais de"
  it.each([
    ['ampla', ['ampla'], undefined, 6000, 1000, true],
    ['comercio', ['comercio'], 'faturado', 3000, 1000, true],
    ['ampla 12', ['ampla', '12'], undefined, 219, 219, false],
    // the cap's edges: 1,000 matches are counted exactly and read by key, 1,001 walk the order
    ['beira', ['beira'], 'digitado', 1000, 1000, false],
    ['beira', ['beira'], undefined, 1001, 1000, true],
  ] as [string, string[], string | undefined, number, number, boolean][])(
    'q=%s %j status=%s',
    async (q, words, status, casam, total, maisDe) => {
      const lista = await pela_lista({ q, ...(status ? { status } : {}) });
      const ref = await plana(words, status);
      expect(ref).toHaveLength(casam);
      expect(lista.total).toBe(total);
      expect(lista.maisDe).toBe(maisDe);
      expect(lista.ids).toEqual(ref.slice(0, 1000));
    },
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('order search plan (PostgreSQL)', () => {
  beforeAll(async () => {
    // 30,000 more orders with varied names, so the planner has a table worth an index
    await database.db.execute(sql`insert into sales_orders (cliente_id, cliente_nome, data_emissao, status, valor_total)
      select ${cid('04')}::uuid,
             (array['Mercado', 'Padaria', 'Empório', 'Atacarejo'])[1 + g % 4] || ' ' ||
             (array['Central', 'Popular', 'Estrela', 'Boa Vista', 'Família'])[1 + g % 5] || ' ' || g,
             '2026-01-01'::date + g % 300, (array['orcamento', 'faturado', 'cancelado'])[1 + g % 3], 10
      from generate_series(1, 30000) g`);
    // vacuum: moves the GIN pending list (fastupdate) into the index, as autovacuum would
    await database.db.execute(sql`vacuum analyze sales_orders`);
  });

  async function plano(query: { getSQL(): unknown }) {
    const rows = rowsOf<{ 'QUERY PLAN': string }>(
      await database.db.execute(sql`explain ${query as ReturnType<typeof sql>}`),
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  it.each([
    ['ávila', undefined],
    ['são josé', undefined],
    ['josé', 'faturado'],
  ])('q=%s status=%s: an index (the count the trigram one), no seq scan', async (q, status) => {
    const o = salesOrders;
    const where = and(status ? eq(o.status, status) : undefined, buscaPedidos(q));
    const page = database.db
      .select({ id: o.id })
      .from(o)
      .where(where)
      .orderBy(desc(o.numero), desc(o.id))
      .limit(20);
    const count = database.db.select({ one: sql`1` }).from(o).where(where).limit(10_001);
    const [planoPagina, planoContagem] = [await plano(page), await plano(count)];
    // the count has no order: the trigram index alone serves it. The page may instead walk the list's
    // order (sales_orders_numero_key) and filter: the planner's choice when its trigram estimate
    // guesses the word common (for the 12 orders that hold «ávila» it guessed 751 in one CI run, after
    // the same vacuum analyze); both read an index, neither scans the table
    expect(planoContagem).toContain('sales_orders_busca_trgm_idx');
    expect(planoPagina).toMatch(
      /sales_orders_busca_trgm_idx|Index Scan Backward using sales_orders_numero_key/,
    );
    for (const p of [planoPagina, planoContagem]) expect(p).not.toMatch(/Seq Scan on sales_orders/);
  });
});
