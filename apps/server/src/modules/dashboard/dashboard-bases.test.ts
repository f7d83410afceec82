import {
  addDays,
  type CurvaAbcQuery,
  classificaCurvaAbc,
  curvaAbcQuerySchema,
  Decimal,
  type Intervalo,
  resolverPeriodo,
  vendasQuerySchema,
} from '@erp/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { clientes } from '../cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../comercial/comercial.tables.ts';
import { products } from '../estoque/estoque.tables.ts';
import { relatorioCurvaAbc } from '../relatorios/curva-abc.service.ts';
import { ctesDaPaginaPelaBase, ctesDosClientesPelaBase } from '../relatorios/curva-abc-base.ts';
import { relatorioVendas } from '../relatorios/vendas-relatorio.service.ts';
import {
  baseValida,
  construirBase,
  ctesDaBase,
  type ModeloDoTopo,
  passadoDe,
  periodosDoDia,
} from './dashboard-bases.service.ts';

// Issue 35, migrations 0085 and 0086: the bases of the dashboard's long ranges and of the Curva ABC. A
// year and a quarter of random orders (60 products, 30 customers, quotes and cancelled orders among
// them, ties of value at the top 20's edge, items with and without a frozen cost), then every long
// period read without a base, with one, and after the writes that must and must not touch it — each
// answer equal to hand-written SQL over the orders and items themselves (the curves: ranked and
// classed by the shared rule, classificaCurvaAbc).

const HOJE = '2028-03-20';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const P = (n: number) => uuid(1000 + n);
const C = (n: number) => uuid(2000 + n);
const O = (n: number) => uuid(3000 + n);

let t: TestContext;
let admin: string;
let proximoPedido = 0;

/** A deterministic generator (mulberry32), so a failure replays. */
function gerador(semente: number) {
  let a = semente;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const aleatorio = gerador(35);
const inteiro = (n: number) => Math.floor(aleatorio() * n);

/** One order of `cliente` on `dia` with its items [product, subtotal in cents]; answers its id. */
async function pedido(cliente: number, dia: string, itens: [number, number][], status = 'faturado') {
  const n = ++proximoPedido;
  const total = itens.reduce((s, [, v]) => s + v, 0);
  const reais = (c: number) => (c / 100).toFixed(2);
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.insert(salesOrders).values({
      id: O(n),
      clienteId: C(cliente),
      clienteNome: `Cliente ${String(cliente).padStart(2, '0')}${n % 3 === 0 ? ' (nome novo)' : ''}`,
      dataEmissao: dia,
      status,
      valorTotal: reais(total),
    });
    await tx.insert(salesOrderItems).values(
      itens.map(([p, v]) => ({
        orderId: O(n),
        productId: P(p),
        produtoNome: 'x',
        quantidade: '1.000',
        precoUnitario: reais(v),
        subtotal: reais(v),
      })),
    );
    // the cost frozen on the items (the Curva ABC's margin): 130 % of the price on every seventh product
    // (sold at a loss), 60 % on the others but every third, which has none
    await tx.execute(sql`update sales_order_items set custo_unitario = case
        when mod(right(product_id::text, 4)::int - 1000, 7) = 0 then round(subtotal * 1.3, 2)
        when mod(right(product_id::text, 4)::int - 1000, 3) = 0 then 0
        else round(subtotal * 0.6, 2) end
      where order_id = ${O(n)}`);
  });
  return O(n);
}

beforeAll(async () => {
  t = await createTestApp();
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.insert(clientes).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: C(i),
        tipoPessoa: 'J' as const,
        documento: String(10_000_000_000_000 + i),
        razaoSocial: `Cliente ${i}`,
      })),
    );
    await tx.insert(products).values(
      Array.from({ length: 60 }, (_, i) => ({
        id: P(i),
        codigo: `P${i}`,
        nome: `Produto ${String(i).padStart(2, '0')}`,
        precoCusto: '1.00',
      })),
    );
  });
  // ~15 months up to today; a tenth quotes, a tenth cancelled; values in whole reais from 5 to 30 so
  // that products and customers tie
  for (let dia = '2027-01-03'; dia <= HOJE; dia = addDays(dia, 3)) {
    for (let k = 0; k < 2; k++) {
      const itens: [number, number][] = Array.from({ length: 1 + inteiro(3) }, () => [
        inteiro(60),
        (5 + inteiro(26)) * 100,
      ]);
      const s = inteiro(10);
      await pedido(inteiro(30), dia, itens, s === 0 ? 'orcamento' : s === 1 ? 'cancelado' : 'faturado');
    }
  }
  admin = (await t.signIn(['admin'])).token;
});
afterAll(() => t.close());

async function get(path: string) {
  const res = await t.request('GET', `/api/dashboard${path}`, { token: admin });
  expect(res.status, path).toBe(200);
  return res.json();
}

const contado = sql.raw(`o.status not in ('orcamento', 'cancelado')`);

/** The page's product figures by hand: count, top (value then name), the top 20 by value then id. */
async function produtosEsperados(r: Intervalo) {
  const linhas = rowsOf<{ id: string; produto: string; quantidade: string; valor_total: string }>(
    await t.db.execute(sql`
      select p.id, p.nome as produto, sum(i.quantidade)::numeric(20, 3)::text as quantidade,
        sum(i.subtotal)::numeric(20, 2)::text as valor_total
      from sales_order_items i join sales_orders o on o.id = i.order_id join products p on p.id = i.product_id
      where o.data_emissao >= ${r.inicio}::date and o.data_emissao < ${r.fim}::date and ${contado}
      group by p.id, p.nome
      order by sum(i.subtotal) desc, p.id`),
  );
  const top = linhas.slice(0, 20).sort((a, b) => {
    const d = Number(b.valor_total) - Number(a.valor_total);
    return d !== 0 ? d : a.produto < b.produto ? -1 : 1;
  });
  const maximo = linhas[0]?.valor_total;
  const topo = linhas
    .filter((l) => l.valor_total === maximo)
    .map((l) => l.produto)
    .sort()[0];
  return {
    contagem: linhas.length,
    topo: topo ?? null,
    linhas: top.map(({ id: _, ...l }) => l),
  };
}

/** Vendas por Cliente by hand: the top 20 by value then id, each with its latest order's name. */
async function clientesEsperados(r: Intervalo) {
  return rowsOf<{ cliente: string; pedidos: number; valor_total: string }>(
    await t.db.execute(sql`
      with s as (
        select o.cliente_id, count(*)::int as pedidos, sum(o.valor_total) as valor
        from sales_orders o
        where o.data_emissao >= ${r.inicio}::date and o.data_emissao < ${r.fim}::date and ${contado}
        group by o.cliente_id order by valor desc, o.cliente_id limit 20)
      select (select o.cliente_nome from sales_orders o
              where o.cliente_id = s.cliente_id and o.data_emissao >= ${r.inicio}::date
                and o.data_emissao < ${r.fim}::date and ${contado}
              order by o.data_emissao desc, o.numero desc limit 1) as cliente,
        s.pedidos, s.valor::numeric(20, 2)::text as valor_total
      from s order by s.valor desc, cliente`),
  );
}

/** Every long range the tests read: the selector's, and custom ones ending before today or after it. */
const RANGES: [string, string][] = [
  ['30d', 'periodo=30d'],
  ['90d', 'periodo=90d'],
  ['ano', 'periodo=ano'],
  ['365 dias até ontem', `periodo=personalizado&de=${addDays(HOJE, -365)}&ate=${addDays(HOJE, -1)}`],
  ['15 meses até hoje', 'periodo=personalizado&de=2027-01-01&ate=2028-03-20'],
  ['até depois de hoje', 'periodo=personalizado&de=2027-11-15&ate=2028-04-10'],
];

function intervaloDe(q: string): Intervalo {
  const ps = new URLSearchParams(q);
  return resolverPeriodo(
    ps.get('periodo') as '30d',
    HOJE,
    ps.get('de') ?? undefined,
    ps.get('ate') ?? undefined,
  ).atual;
}

/** Whether the page's statement finds a valid base for the range (ctesDaBase's `b`). */
async function usaBase(modelo: ModeloDoTopo, r: Intervalo) {
  const passado = passadoDe(r, HOJE)!;
  const [row] = rowsOf<{ ok: boolean }>(
    await t.db.execute(sql`with ${ctesDaBase(modelo, r, passado)} select exists (select 1 from b) as ok`),
  );
  return row!.ok;
}

async function confereTudo(comBase: boolean) {
  for (const [nome, q] of RANGES) {
    const r = intervaloDe(q);
    for (const modelo of ['produtos', 'clientes'] as const)
      expect(await usaBase(modelo, r), `${nome} ${modelo}`).toBe(comBase);
    const esperado = await produtosEsperados(r);
    const cards = await get(`/comercial?hoje=${HOJE}&${q}`);
    expect({ contagem: cards.produtos_vendidos, topo: cards.produto_mais_vendido }, nome).toEqual({
      contagem: esperado.contagem,
      topo: esperado.topo,
    });
    expect((await get(`/comercial/vendas-por-produto?hoje=${HOJE}&${q}`)).linhas, nome).toEqual(
      esperado.linhas,
    );
    expect((await get(`/comercial/vendas-por-cliente?hoje=${HOJE}&${q}`)).linhas, nome).toEqual(
      await clientesEsperados(r),
    );
  }
  await confereCurvas(comBase);
  await confereVendasPorCliente(comBase);
}

const MODELOS = [
  'produtos',
  'clientes',
  'abc_produto_receita',
  'abc_cliente_receita',
  'abc_cliente_margem',
] as const;

async function constroiTodas() {
  for (const [, q] of RANGES) {
    const passado = passadoDe(intervaloDe(q), HOJE)!;
    for (const modelo of MODELOS) expect(await construirBase(t.db, modelo, passado)).toBe(true);
  }
}

/**
 * The Curva ABC's pages: the first ones off the bases (products by revenue, customers by revenue and
 * margin; cut-offs moved, later pages), and one the bases do not answer (a class, sorted by revenue).
 */
const CURVAS: Partial<CurvaAbcQuery>[] = [
  { dimensao: 'produto', criterio: 'receita', pageSize: 100 },
  { dimensao: 'produto', criterio: 'receita', corte_a: 1, corte_b: 1, pageSize: 7, page: 2 },
  { dimensao: 'produto', criterio: 'receita', corte_a: 60, corte_b: 38, pageSize: 9, page: 5 },
  { dimensao: 'cliente', criterio: 'receita', pageSize: 100 },
  { dimensao: 'cliente', criterio: 'receita', corte_a: 95, corte_b: 4, pageSize: 4, page: 3 },
  { dimensao: 'cliente', criterio: 'margem', pageSize: 100 },
  { dimensao: 'cliente', criterio: 'margem', corte_a: 50, corte_b: 30, pageSize: 5, page: 4 },
  {
    dimensao: 'cliente',
    criterio: 'margem',
    corte_a: 50,
    corte_b: 30,
    classe: 'B',
    sort: 'receita',
    dir: 'desc',
  },
];

const centavos = (v: string) => BigInt(Decimal.of(v).times(100).toFixed(0));
/** A share in percent with 2 places, rounded half up as PostgreSQL's round(): parte × 100 / total. */
function percentual(parte: bigint, total: bigint) {
  if (total <= 0n) return '0.00';
  const x = parte * 10_000n;
  const q = x / total + ((x % total) * 2n >= total ? 1n : 0n);
  return `${q / 100n}.${String(q % 100n).padStart(2, '0')}`;
}
const reais = (c: bigint) => {
  const a = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

/** A curve by hand: each key's revenue and frozen cost off the items, ranked and classed by the shared rule. */
async function curvaEsperada(r: Intervalo, q: CurvaAbcQuery) {
  const chave = sql.raw(q.dimensao === 'produto' ? 'i.product_id' : 'o.cliente_id');
  const somas = rowsOf<{ id: string; receita: string; custo: string }>(
    await t.db.execute(sql`
      select ${chave}::text as id, sum(i.subtotal)::numeric(20, 2)::text as receita,
        sum(round(i.quantidade * coalesce(i.custo_unitario, 0), 2))::numeric(20, 2)::text as custo
      from sales_order_items i join sales_orders o on o.id = i.order_id
      where o.data_emissao >= ${r.inicio}::date and o.data_emissao < ${r.fim}::date and ${contado}
      group by ${chave}`),
  );
  const dos = new Map(somas.map((x) => [x.id, x]));
  const margem = (x: { receita: string; custo: string }) => Decimal.of(x.receita).minus(x.custo).toFixed(2);
  const positivo = (v: string) => (centavos(v) > 0n ? centavos(v) : 0n);
  const classificada = classificaCurvaAbc(
    somas.map((x) => ({ id: x.id, valor: q.criterio === 'receita' ? x.receita : margem(x) })),
    { a: q.corte_a, b: q.corte_b },
  );
  const total = classificada.reduce((s, l) => s + positivo(l.valor), 0n);
  const curva = classificada.map((l) => {
    const x = dos.get(l.id)!;
    const ate = centavos(l.acumulado_antes) + positivo(l.valor);
    return {
      chave: l.id,
      posicao: l.posicao,
      receita: x.receita,
      custo: x.custo,
      margem: margem(x),
      valor: l.valor,
      participacao: percentual(positivo(l.valor), total),
      acumulado: percentual(ate, total),
      classe: l.classe,
    };
  });
  const listadas = curva.filter((l) => !q.classe || l.classe === q.classe);
  if (q.sort === 'receita')
    listadas.sort((a, b) => Decimal.of(b.receita).cmp(a.receita) || a.posicao - b.posicao);
  const classes = (['A', 'B', 'C'] as const).map((c) => {
    const da = curva.filter((l) => l.classe === c);
    return [c, da.length, reais(da.reduce((s, l) => s + positivo(l.valor), 0n))];
  });
  const soma = (k: 'receita' | 'custo') => reais(listadas.reduce((s, l) => s + centavos(l[k]), 0n));
  return {
    linhas: listadas.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
    totais: { itens: listadas.length, receita: soma('receita'), custo: soma('custo'), valor: reais(total) },
    classes,
    pareto: curva.slice(0, 30).map((l) => [l.valor, l.acumulado, l.classe]),
    curva: classificada.map((l) => [
      l.id,
      l.posicao,
      centavos(l.valor).toString(),
      centavos(l.acumulado_antes).toString(),
      l.classe,
    ]),
  };
}

/**
 * The base's page statement with few first rows (the report asks for 30 at least, as many as these
 * curves hold): the classes' counts and values then come from the rows around the cut-offs (the bands).
 */
async function conferePelaBase(
  r: Intervalo,
  q: CurvaAbcQuery,
  esperada: Awaited<ReturnType<typeof curvaEsperada>>,
) {
  const base = { dimensao: q.dimensao, criterio: q.criterio, r, passado: passadoDe(r, HOJE)! };
  for (const primeiras of [1, 4]) {
    const [row] = rowsOf<Record<string, unknown>>(
      await t.db.execute(sql`with ${ctesDaPaginaPelaBase(base, { a: q.corte_a, b: q.corte_b }, primeiras, sql`0`)}
        select t.itens, t.valor::text as valor,
          json_build_array(json_build_array('A', t.itens_a, t.valor_a::text), json_build_array('B', t.itens_b, t.valor_b::text),
            json_build_array('C', t.itens_c, t.valor_c::text)) as classes,
          (select json_agg(json_build_array(c.chave, c.posicao, c.valor::text, c.antes::text, c.classe) order by c.posicao)
           from c where c.posicao <= ${primeiras}) as primeiras
        from t`),
    );
    const rotulo = `${JSON.stringify(base)} ${q.corte_a}/${q.corte_b} ${primeiras}`;
    expect(row, rotulo).toEqual({
      itens: esperada.totais.itens,
      valor: centavos(esperada.totais.valor).toString(),
      classes: esperada.classes.map(([c, n, v]) => [c, n, centavos(v as string).toString()]),
      primeiras: esperada.curva.slice(0, primeiras),
    });
  }
}

async function confereCurvas(comBase: boolean) {
  for (const [nome, q] of RANGES) {
    const r = intervaloDe(q);
    const passado = passadoDe(r, HOJE)!;
    for (const modelo of MODELOS.slice(2))
      expect(await baseValida(t.db, modelo, passado), `${nome} ${modelo}`).toBe(comBase);
    for (const c of CURVAS) {
      const consulta = curvaAbcQuerySchema.parse({ ...c, de: r.inicio, ate: addDays(r.fim, -1) });
      const esperada = await curvaEsperada(r, consulta);
      const pagina = await relatorioCurvaAbc(t.db, consulta, null, HOJE);
      const rotulo = `${nome} ${JSON.stringify(c)}`;
      expect(
        pagina.items.map(
          ({ chave, posicao, receita, custo, margem, valor, participacao, acumulado, classe }) => ({
            chave,
            posicao,
            receita,
            custo,
            margem,
            valor,
            participacao,
            acumulado,
            classe,
          }),
        ),
        rotulo,
      ).toEqual(esperada.linhas);
      const { itens, receita, custo, valor } = pagina.totais;
      expect({ itens, receita, custo, valor, total: pagina.total }, rotulo).toEqual({
        ...esperada.totais,
        total: esperada.totais.itens,
      });
      expect(
        pagina.totais.classes.map((x) => [x.classe, x.itens, x.valor]),
        rotulo,
      ).toEqual(esperada.classes);
      expect(
        pagina.totais.pareto.map((x) => [x.valor, x.acumulado, x.classe]),
        rotulo,
      ).toEqual(esperada.pareto);
      if (comBase && !consulta.classe) await conferePelaBase(r, consulta, esperada);
    }
  }
}

/**
 * Vendas por cliente by hand: every customer's counted orders, quantity, revenue, frozen cost and
 * margin off the items, by the criterion descending then the id descending (the report's order).
 */
async function vendasPorClienteEsperadas(r: Intervalo, criterio: 'receita' | 'margem') {
  return rowsOf<{ chave: string; valor_c: string }>(
    await t.db.execute(sql`
      with s as (
        select o.cliente_id, count(distinct o.id)::int as pedidos, sum(i.quantidade) as quantidade,
          sum(i.subtotal) as receita, sum(round(i.quantidade * coalesce(i.custo_unitario, 0), 2)) as custo
        from sales_order_items i join sales_orders o on o.id = i.order_id
        where o.data_emissao >= ${r.inicio}::date and o.data_emissao < ${r.fim}::date and ${contado}
        group by o.cliente_id)
      select s.cliente_id::text as chave, s.pedidos, s.quantidade::numeric(20, 3)::text as quantidade,
        s.receita::numeric(20, 2)::text as receita, s.custo::numeric(20, 2)::text as custo,
        (s.receita - s.custo)::numeric(20, 2)::text as margem,
        case when s.receita <> 0 then round((s.receita - s.custo) * 100 / s.receita, 2)::text end as margem_percentual,
        ((${sql.raw(criterio === 'receita' ? 's.receita' : 's.receita - s.custo')}) * 100)::bigint::text as valor_c
      from s order by ${sql.raw(criterio === 'receita' ? 's.receita' : 's.receita - s.custo')} desc, s.cliente_id::text desc`),
  );
}

/**
 * Vendas por cliente sorted by revenue and by margin, pages of several sizes (the first ones off the
 * customers' curve bases when valid), equal to the hand-written rows; with a base, its statement alone
 * down to positions 1, 4 and 11 (the candidates' bound at each) and its count of customers.
 */
async function confereVendasPorCliente(comBase: boolean) {
  for (const [nome, q] of RANGES) {
    const r = intervaloDe(q);
    for (const criterio of ['receita', 'margem'] as const) {
      const esperadas = await vendasPorClienteEsperadas(r, criterio);
      const linhas = esperadas.map(({ valor_c: _, ...l }) => l);
      for (const [page, pageSize] of [
        [1, 100],
        [3, 7],
        [2, 4],
      ] as const) {
        const consulta = vendasQuerySchema.parse({
          agrupar: 'cliente',
          sort: criterio,
          dir: 'desc',
          de: r.inicio,
          ate: addDays(r.fim, -1),
          page,
          pageSize,
        });
        const pagina = await relatorioVendas(t.db, consulta, null, HOJE);
        const rotulo = `${nome} ${criterio} ${page}/${pageSize}`;
        expect(
          pagina.items.map(({ chave, pedidos, quantidade, receita, custo, margem, margem_percentual }) => ({
            chave,
            pedidos,
            quantidade,
            receita,
            custo,
            margem,
            margem_percentual,
          })),
          rotulo,
        ).toEqual(linhas.slice((page - 1) * pageSize, page * pageSize));
        expect(pagina.total, rotulo).toBe(linhas.length);
      }
      if (!comBase) continue;
      const base = { dimensao: 'cliente' as const, criterio, r, passado: passadoDe(r, HOJE)! };
      for (const ate of [1, 4, 11]) {
        const [row] = rowsOf<{ total: number; linhas: [string, string][] }>(
          await t.db.execute(sql`with ${ctesDosClientesPelaBase(base, ate)}
            select (select total from gt) as total,
              (select json_agg(json_build_array(p.chave, p.valor::text)) from (
                select g.chave, ${sql.raw(criterio === 'receita' ? 'g.receita' : 'g.receita - g.custo')} as valor
                from g order by 2 desc, g.chave desc limit ${ate}) p) as linhas`),
        );
        expect(row, `${nome} ${criterio} até ${ate}`).toEqual({
          total: esperadas.length,
          linhas: esperadas.slice(0, ate).map((l) => [l.chave, l.valor_c]),
        });
      }
    }
  }
}

describe('bases of the long ranges (migration 0085)', () => {
  it('the part a base answers: the days before today, from 28 of them', () => {
    expect(passadoDe({ inicio: '2028-01-01', fim: '2029-01-01' }, HOJE)).toEqual({
      inicio: '2028-01-01',
      fim: HOJE,
    });
    expect(passadoDe({ inicio: '2027-01-01', fim: '2027-06-01' }, HOJE)).toEqual({
      inicio: '2027-01-01',
      fim: '2027-06-01',
    });
    // 27 days before today: read whole; 28: a base
    expect(passadoDe({ inicio: addDays(HOJE, -27), fim: addDays(HOJE, 1) }, HOJE)).toBeNull();
    expect(passadoDe({ inicio: addDays(HOJE, -28), fim: addDays(HOJE, 1) }, HOJE)).not.toBeNull();
    // the sweep's periods of the day: 30 and 90 days, the year (from 28 January on)
    expect(periodosDoDia(HOJE)).toEqual([
      { inicio: '2028-02-20', fim: HOJE },
      { inicio: '2027-12-22', fim: HOJE },
      { inicio: '2028-01-01', fim: HOJE },
    ]);
    expect(periodosDoDia('2028-01-20')).toHaveLength(2);
  });

  it('without bases, with them, and after writes of today: the same figures as the orders give', async () => {
    await confereTudo(false);
    await constroiTodas();
    await confereTudo(true);
    // today's orders (the usual writes) leave the bases valid: one of a product and a customer far
    // from the top that jumps into it, one of products and customers that had sold nothing before
    const [antes] = rowsOf<{ versao: string }>(
      await t.db.execute(sql`select versao::text from dashboard_bases_estado`),
    );
    const grande = await pedido(29, HOJE, [
      [59, 400_000],
      [58, 100],
    ]);
    await pedido(28, HOJE, [[57, 2_500]]);
    await pedido(27, '2028-04-05', [[56, 300_000]]); // a future-dated order (the range past today)
    await pedido(26, HOJE, [[55, 1_000_000]], 'orcamento'); // a quote counts nowhere
    // the customer at the top of the year's margins sells today at a great loss (product 7: cost 130 %):
    // it falls to the curve's end, and the rows after its old place move up past the cut-offs
    const [perto] = rowsOf<{ chave: string }>(
      await t.db.execute(sql`select x.chave::text from curva_abc_base_linhas x join curva_abc_bases h on h.id = x.base_id
        where h.dimensao = 'cliente' and h.criterio = 'margem' and h.inicio = '2028-01-01' order by x.posicao limit 1`),
    );
    await pedido(Number(perto!.chave.slice(-2)), HOJE, [[7, 2_000_000]]);
    const [depois] = rowsOf<{ versao: string }>(
      await t.db.execute(sql`select versao::text from dashboard_bases_estado`),
    );
    expect(depois!.versao).toBe(antes!.versao);
    await confereTudo(true);
    // today's big order cancelled: the day's net is a loss, every running total after the top
    // customer's old place falls and the curve's rows cross the cut-offs upwards
    await writeTx(t.db, systemActor, (tx) =>
      tx.update(salesOrders).set({ status: 'cancelado' }).where(eq(salesOrders.id, grande)),
    );
    await confereTudo(true);
  }, 120_000); // every range and report read 3 to 12 times over (~15 s on PGlite, more on a busy PostgreSQL)

  it('a write before the cut-off makes every base stale, and the pages read the ranges whole', async () => {
    const [velho] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from sales_orders
        where status = 'faturado' and data_emissao between '2028-02-01' and '2028-02-10'
        order by numero limit 1`),
    );
    // each write: every base stale, the pages read the ranges whole; rebuilt, read off them again
    const mudaOPassado = async (escrita: SQL, reconfere = true) => {
      await writeTx(t.db, systemActor, (tx) => tx.execute(escrita));
      await confereTudo(false);
      await constroiTodas();
      if (reconfere) await confereTudo(true);
    };
    const itemDoPassado = (de: string, ate: string) => sql`(select i.id from sales_order_items i
      join sales_orders o on o.id = i.order_id
      where o.status = 'faturado' and o.data_emissao between ${de}::date and ${ate}::date order by i.id limit 1)`;
    await mudaOPassado(sql`update sales_orders set status = 'cancelado' where id = ${velho!.id}::uuid`);
    // an item of an older order edited
    await mudaOPassado(sql`update sales_order_items set subtotal = subtotal + 1000
      where id = ${itemDoPassado('2027-12-25', '2027-12-31')}`);
    // the frozen cost of an older order's item corrected: the customers' margins change (their base)
    await mudaOPassado(sql`update sales_order_items set custo_unitario = coalesce(custo_unitario, 0) + 7
      where id = ${itemDoPassado('2028-01-10', '2028-01-20')}`);
    // an order moved from the past to today
    await mudaOPassado(
      sql`update sales_orders set data_emissao = ${HOJE}::date
        where id = (select id from sales_orders where status = 'faturado'
                    and data_emissao between '2028-03-05' and '2028-03-15' order by numero limit 1)`,
      false,
    );
    // a rebuild of the read models, as a bulk load calls it
    await t.db.execute(sql`select dashboard_vendas_recalcular()`);
    for (const modelo of MODELOS)
      expect(await baseValida(t.db, modelo, passadoDe(intervaloDe('periodo=ano'), HOJE)!)).toBe(false);
    await constroiTodas();
    await confereTudo(true);
  }, 120_000); // every range and report read 3 to 12 times over (~15 s on PGlite, more on a busy PostgreSQL)

  it("the customers' curve's own read model: its rows before the cut-off count, today's and none do not", async () => {
    const versao = async () =>
      rowsOf<{ v: string }>(await t.db.execute(sql`select versao::text as v from dashboard_bases_estado`))[0]!
        .v;
    const v0 = await versao();
    await t.db.execute(
      sql`update relatorio_vendas_pedido set custo = custo where data_emissao = ${HOJE}::date`,
    );
    await t.db.execute(sql`delete from relatorio_vendas_pedido where itens < 0`); // deletes nothing
    expect(await versao()).toBe(v0);
    await t.db.execute(sql`update relatorio_vendas_pedido set custo = custo
      where order_id = (select order_id from relatorio_vendas_pedido where data_emissao < ${HOJE}::date
                        order by order_id limit 1)`);
    expect(await versao()).toBe(String(Number(v0) + 1));
  });
});

// The frontier's protocol on a real PostgreSQL server (PGlite serves one connection at a time): a
// writer that read the old frontier and changes a day before the new cut-off is waited for.
const servidor = process.env.TEST_DATABASE_URL;

describe.skipIf(!servidor)('a base and a writer at once (PostgreSQL only)', () => {
  let database: (Database & { url?: string }) | undefined;
  let pool: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
    await writeTx(pool.db, systemActor, async (tx) => {
      await tx
        .insert(clientes)
        .values({ id: C(0), tipoPessoa: 'J', documento: '10000000000000', razaoSocial: 'C0' });
      await tx
        .insert(products)
        .values(
          [0, 1, 2].map((i) => ({ id: P(i), codigo: `P${i}`, nome: `Produto ${i}`, precoCusto: '1.00' })),
        );
    });
  });
  afterAll(async () => {
    await pool?.close();
    await database?.close();
  });

  const venda = (db: Database['db'], n: number, dia: string, produto: number) =>
    db.transaction(async (tx) => {
      await tx.insert(salesOrders).values({
        id: O(n),
        clienteId: C(0),
        clienteNome: 'C0',
        dataEmissao: dia,
        status: 'faturado',
        valorTotal: '10.00',
      });
      await tx.insert(salesOrderItems).values({
        orderId: O(n),
        productId: P(produto),
        produtoNome: 'x',
        quantidade: '1.000',
        precoUnitario: '10.00',
        subtotal: '10.00',
      });
    });

  it('waits for the writer, then counts its order; a later write before the cut-off makes it stale', async () => {
    const db = pool!.db;
    await venda(db, 9001, '2028-02-01', 0);
    const passado = { inicio: '2028-01-01', fim: HOJE };
    let construida = false;
    let construcao: Promise<boolean> | undefined;
    await db.transaction(async (tx) => {
      // this writer reads the frontier (none yet) before the builder moves it, and commits after
      await tx.insert(salesOrders).values({
        id: O(9002),
        clienteId: C(0),
        clienteNome: 'C0',
        dataEmissao: '2028-02-02',
        status: 'faturado',
        valorTotal: '10.00',
      });
      await tx.insert(salesOrderItems).values({
        orderId: O(9002),
        productId: P(1),
        produtoNome: 'x',
        quantidade: '1.000',
        precoUnitario: '10.00',
        subtotal: '10.00',
      });
      construcao = construirBase(db, 'produtos', passado).then((ok) => {
        construida = true;
        return ok;
      });
      await new Promise((r) => setTimeout(r, 1000));
      expect(construida).toBe(false);
    });
    expect(await construcao).toBe(true);
    const [base] = rowsOf<{ contagem: number; chaves: string }>(
      await db.execute(sql`select contagem, chaves::text from dashboard_bases where modelo = 'produtos'`),
    );
    expect(base).toEqual({ contagem: 2, chaves: `{${P(0)},${P(1)}}` });
    expect(await baseValida(db, 'produtos', passado)).toBe(true);
    await venda(db, 9003, HOJE, 2); // today's: still valid
    expect(await baseValida(db, 'produtos', passado)).toBe(true);
    await venda(db, 9004, '2028-03-19', 2); // yesterday's: stale
    expect(await baseValida(db, 'produtos', passado)).toBe(false);
  });
});
