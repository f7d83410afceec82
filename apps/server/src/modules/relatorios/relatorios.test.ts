import { classificaCurvaAbc } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { paginasPdf, temPoppler } from '../../test/pdf-texto.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { clientes, vendedores } from '../cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../comercial/comercial.tables.ts';
import { gruposEstoque, products } from '../estoque/estoque.tables.ts';

// A hand-made data set; every expected figure is worked out by hand in the comments. The cost of an
// item is its quantity × the custo médio frozen on it when the item was written (migration 0067),
// rounded to the cent per item; orçamento and cancelado are not sales.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const V_ANA = uuid(101);
const V_BRUNO = uuid(102);
const C_ALFA = uuid(201);
const C_BETA = uuid(202);
const C_GAMA = uuid(203);
const G1 = uuid(251);
const P = (n: number) => uuid(300 + n);
const MARCO = 'de=2026-03-01&ate=2026-03-31';
const ABRIL = 'de=2026-04-01&ate=2026-04-30';

/** Order n (id 400 + n) and a line of it: the rows the data sets below insert. */
const pedido = (
  n: number,
  clienteId: string,
  vendedorId: string | null,
  dataEmissao: string,
  status: string,
) => ({
  id: uuid(400 + n),
  clienteId,
  clienteNome: 'snapshot',
  vendedorId,
  dataEmissao,
  status,
  valorTotal: '0',
});
const item = (o: number, p: number, quantidade: string, subtotal: string) => ({
  orderId: uuid(400 + o),
  productId: P(p),
  produtoNome: 'snapshot',
  quantidade,
  precoUnitario: '1',
  subtotal,
});

let t: TestContext;
let admin: string;
let bruno: string; // comercial linked to the seller Bruno
let comercial: string; // comercial linked to no seller
let estoque: string;

beforeAll(async () => {
  t = await createTestApp();
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.insert(vendedores).values([
      { id: V_ANA, nome: 'Ana Vendas' },
      { id: V_BRUNO, nome: 'Bruno Vendas' },
    ]);
    const cliente = (id: string, doc: string, nome: string) => ({
      id,
      tipoPessoa: 'J' as const,
      documento: doc,
      razaoSocial: nome,
    });
    await tx
      .insert(clientes)
      .values([
        cliente(C_ALFA, '11111111000111', 'Mercado Alfa'),
        cliente(C_BETA, '22222222000122', 'Padaria Beta'),
        cliente(C_GAMA, '33333333000133', 'Empório Gama'),
      ]);
    await tx.insert(gruposEstoque).values({ id: G1, codigo: 'G1', nome: 'Mercearia' });
    await tx.insert(products).values([
      { id: P(1), codigo: 'P1', nome: 'Arroz', custoMedio: '2.5000', grupoId: G1 },
      { id: P(2), codigo: 'P2', nome: 'Café', custoMedio: '10.3333' },
      { id: P(3), codigo: 'P3', nome: 'Sal', custoMedio: '1.0000', grupoId: G1 },
      { id: P(4), codigo: 'P4', nome: 'Brinde', custoMedio: '0' },
    ]);
    await tx.insert(salesOrders).values([
      pedido(1, C_ALFA, V_ANA, '2026-03-01', 'faturado'), // the 1st counts
      pedido(2, C_BETA, V_BRUNO, '2026-03-31', 'liberado'), // the 31st counts
      pedido(3, C_BETA, V_ANA, '2026-02-28', 'faturado'), // February: out
      pedido(4, C_ALFA, null, '2026-03-15', 'orcamento'), // a quote: not a sale
      pedido(5, C_ALFA, V_ANA, '2026-03-10', 'cancelado'), // cancelled: not a sale
      pedido(6, C_GAMA, null, '2026-03-20', 'digitado'), // no seller
    ]);
    await tx.insert(salesOrderItems).values([
      item(1, 1, '3.000', '30.00'), // cost 3 × 2.5 = 7.50
      item(1, 2, '1.500', '20.00'), // cost 1.5 × 10.3333 = 15.49995 -> 15.50
      item(2, 1, '1.000', '9.99'), // 2.50
      item(2, 3, '7.000', '14.00'), // 7.00
      item(3, 1, '10.000', '100.00'), // February
      item(4, 2, '1.000', '50.00'), // quote
      item(5, 2, '1.000', '70.00'), // cancelled
      item(6, 2, '2.000', '25.00'), // 2 × 10.3333 = 20.6666 -> 20.67
    ]);
    // a purchase moves the average cost after the March sales: their cost stays frozen
    await tx
      .update(products)
      .set({ custoMedio: '99.0000' })
      .where(sql`${products.id} = ${P(1)}`);
    await tx
      .insert(salesOrders)
      .values([
        pedido(7, C_ALFA, V_ANA, '2026-04-05', 'entregue'),
        pedido(8, C_GAMA, V_BRUNO, '2026-04-06', 'conferido'),
      ]);
    await tx.insert(salesOrderItems).values([
      item(7, 1, '5.000', '50.00'), // 5 × 99 = 495.00 (the new average): margin −445.00
      item(7, 2, '1.000', '30.00'), // 10.33
      item(7, 3, '1.000', '15.00'), // 1.00
      item(8, 4, '1.000', '5.00'), // 0
    ]);
  });
  admin = (await t.signIn(['admin'])).token;
  const b = await t.signIn(['comercial']);
  await t.db.update(vendedores).set({ userId: b.userId }).where(sql`${vendedores.id} = ${V_BRUNO}`);
  bruno = b.token;
  comercial = (await t.signIn(['comercial'])).token;
  estoque = (await t.signIn(['estoque'])).token;
});
afterAll(() => t.close());

async function get(path: string, token = admin) {
  const res = await t.request('GET', `/api/relatorios${path}`, { token });
  expect(res.status, path).toBe(200);
  return res.json();
}

/** The hand-written SQL the report's totals must equal (independent of the service's query). */
async function totaisSql(de: string, ate: string, extra = sql`true`) {
  const [r] = rowsOf<Record<string, string | number>>(
    await t.db.execute(sql`select count(distinct o.id)::int as pedidos, sum(i.quantidade)::text as quantidade,
        sum(i.subtotal)::text as receita, sum(round(i.quantidade * i.custo_unitario, 2))::text as custo
      from sales_orders o join sales_order_items i on i.order_id = o.id
      where o.data_emissao between ${de}::date and ${ate}::date
        and o.status in ('digitado', 'bloqueado', 'liberado', 'em_separacao', 'conferido', 'faturado', 'entregue')
        and ${extra}`),
  );
  return r!;
}

describe('Relatório de Vendas (March 2026)', () => {
  it('by product: quantity, revenue, frozen cost and gross margin to the cent', async () => {
    const r = await get(`/vendas?${MARCO}&agrupar=produto`);
    expect(r.items).toEqual([
      // Café: O1 20.00 + O6 25.00; cost 15.50 + 20.67 = 36.17; 8.83 / 45.00 = 19.622 % -> 19.62
      {
        chave: P(2),
        rotulo: 'P2 · Café',
        pedidos: 2,
        quantidade: '3.500',
        receita: '45.00',
        custo: '36.17',
        margem: '8.83',
        margem_percentual: '19.62',
      },
      // Arroz: 30.00 + 9.99; cost 7.50 + 2.50 (frozen at 2.5, not the later 99); 29.99 / 39.99 = 74.994 %
      {
        chave: P(1),
        rotulo: 'P1 · Arroz',
        pedidos: 2,
        quantidade: '4.000',
        receita: '39.99',
        custo: '10.00',
        margem: '29.99',
        margem_percentual: '74.99',
      },
      {
        chave: P(3),
        rotulo: 'P3 · Sal',
        pedidos: 1,
        quantidade: '7.000',
        receita: '14.00',
        custo: '7.00',
        margem: '7.00',
        margem_percentual: '50.00',
      },
    ]);
    expect(r.total).toBe(3);
    // 98.99 − 53.17 = 45.82; 45.82 / 98.99 = 46.2875… % -> 46.29; 3 orders (O1, O2, O6)
    expect(r.totais).toEqual({
      pedidos: 3,
      quantidade: '14.500',
      receita: '98.99',
      custo: '53.17',
      margem: '45.82',
      margem_percentual: '46.29',
    });
    const sqlMao = await totaisSql('2026-03-01', '2026-03-31');
    expect(r.totais).toMatchObject(sqlMao);
    expect(r.filtros).toEqual([
      ['Período', '01/03/2026 a 31/03/2026'],
      ['Agrupado por', 'Produto'],
    ]);
  });

  it('by seller (each order under its own seller, "Sem vendedor" kept), by group, month and day', async () => {
    const v = await get(`/vendas?${MARCO}&agrupar=vendedor`);
    expect(
      v.items.map((l: Record<string, unknown>) => [
        l.rotulo,
        l.pedidos,
        l.receita,
        l.custo,
        l.margem_percentual,
      ]),
    ).toEqual([
      ['Ana Vendas', 1, '50.00', '23.00', '54.00'],
      ['Sem vendedor', 1, '25.00', '20.67', '17.32'],
      ['Bruno Vendas', 1, '23.99', '9.50', '60.40'], // 14.49 / 23.99 = 60.400 %
    ]);
    const g = await get(`/vendas?${MARCO}&agrupar=grupo&sort=rotulo&dir=asc`);
    expect(g.items.map((l: Record<string, unknown>) => [l.rotulo, l.receita, l.custo])).toEqual([
      ['Mercearia', '53.99', '17.00'], // Arroz + Sal
      ['Sem grupo', '45.00', '36.17'],
    ]);
    const m = await get(`/vendas?de=2026-02-01&ate=2026-04-30&agrupar=mes&sort=rotulo&dir=asc`);
    expect(m.items.map((l: Record<string, unknown>) => [l.chave, l.rotulo, l.receita])).toEqual([
      ['2026-02', '02/2026', '100.00'],
      ['2026-03', '03/2026', '98.99'],
      ['2026-04', '04/2026', '100.00'],
    ]);
    const d = await get(`/vendas?${MARCO}&agrupar=dia&sort=rotulo&dir=desc&pageSize=2`);
    expect(d.items.map((l: Record<string, unknown>) => l.rotulo)).toEqual(['31/03/2026', '20/03/2026']);
    expect(d.total).toBe(3);
  });

  it('filters narrow the rows and the totals alike (equal to the hand-written SQL)', async () => {
    const r = await get(`/vendas?${MARCO}&agrupar=cliente&grupo_id=${G1}`);
    expect(r.items.map((l: Record<string, unknown>) => [l.rotulo, l.receita])).toEqual(
      [
        ['Padaria Beta', '23.99'],
        ['Mercado Alfa', '30.00'],
      ].sort((a, b) => Number(b[1]) - Number(a[1])),
    );
    expect(r.totais).toMatchObject(
      await totaisSql('2026-03-01', '2026-03-31', sql`i.product_id in (${P(1)}, ${P(3)})`),
    );
    const sem = await get(`/vendas?${MARCO}&agrupar=produto&vendedor_id=sem`);
    expect(sem.totais).toMatchObject({ pedidos: 1, receita: '25.00', custo: '20.67' });
  });

  it('by customer, and filtered by one (relatorio_vendas_pedido, migrations 0076–0077): every row and total as the hand-written SQL', async () => {
    const porClienteEm = async (ordem: SQL) =>
      rowsOf<Record<string, string | number>>(
        await t.db.execute(sql`select x.*, (x.receita - x.custo)::text as margem,
            case when x.receita <> 0 then round((x.receita - x.custo) * 100 / x.receita, 2)::text end as margem_percentual
          from (select o.cliente_id::text as chave, count(distinct o.id)::int as pedidos,
            sum(i.quantidade) as quantidade, sum(i.subtotal) as receita,
            sum(round(i.quantidade * i.custo_unitario, 2)) as custo
          from sales_orders o join sales_order_items i on i.order_id = o.id
          where o.data_emissao between '2026-02-01' and '2026-04-30'
            and o.status in ('digitado', 'bloqueado', 'liberado', 'em_separacao', 'conferido', 'faturado', 'entregue')
          group by o.cliente_id) x
          order by ${ordem}`),
      ).map(
        (l): Record<string, string | number> => ({
          ...l,
          quantidade: String(l.quantidade),
          receita: String(l.receita),
          custo: String(l.custo),
        }),
      );
    const colunas = (l: Record<string, unknown>) => ({
      chave: l.chave,
      pedidos: l.pedidos,
      quantidade: l.quantidade,
      receita: l.receita,
      custo: l.custo,
      margem: l.margem,
      margem_percentual: l.margem_percentual,
    });
    const porCliente = await porClienteEm(sql`x.receita desc, 1 desc`);
    const r = await get(`/vendas?de=2026-02-01&ate=2026-04-30&agrupar=cliente`);
    expect(r.items.map(colunas)).toEqual(porCliente);
    expect(porCliente.length).toBe(3);
    // the sums stay in thousandths and cents until the page (linhasSql): sorted by the margins too
    for (const [sort, ordem] of [
      ['margem&dir=desc', sql`x.receita - x.custo desc, 1 desc`],
      ['margem_percentual&dir=asc', sql`round((x.receita - x.custo) * 100 / x.receita, 2) asc, 1 asc`],
      ['quantidade&dir=asc', sql`x.quantidade asc, 1 asc`],
    ] as const) {
      const v = await get(`/vendas?de=2026-02-01&ate=2026-04-30&agrupar=cliente&sort=${sort}`);
      expect(v.items.map(colunas)).toEqual(await porClienteEm(ordem));
    }
    // a customer's filter on another grouping: its rows and totals
    for (const c of [C_ALFA, C_BETA, C_GAMA]) {
      const v = await get(
        `/vendas?de=2026-02-01&ate=2026-04-30&agrupar=mes&sort=rotulo&dir=asc&cliente_id=${c}`,
      );
      const mao = await totaisSql('2026-02-01', '2026-04-30', sql`o.cliente_id = ${c}`);
      expect(v.totais).toMatchObject(mao);
      const somaMeses = v.items.reduce(
        (s: number, l: Record<string, string>) => s + Math.round(Number(l.receita) * 100),
        0,
      );
      expect(somaMeses).toBe(Math.round(Number(mao.receita ?? 0) * 100));
    }
    // the ABC of customers by margin over the same period: value = revenue − frozen cost
    const abc = await get(`/curva-abc?de=2026-02-01&ate=2026-04-30&dimensao=cliente&criterio=margem`);
    const margens = new Map(
      porCliente.map((l) => [
        l.chave,
        (Math.round(Number(l.receita) * 100) - Math.round(Number(l.custo) * 100)) / 100,
      ]),
    );
    for (const l of abc.items) expect(Number(l.valor)).toBe(margens.get(l.chave));
    expect(abc.items).toHaveLength(3);
  });

  it("drill-down: the orders behind a row, with the row's part of each", async () => {
    const r = await get(`/vendas/pedidos?${MARCO}&produto_id=${P(1)}`);
    expect(r.total).toBe(2);
    expect(
      r.items.map((p: Record<string, unknown>) => [Number(p.numero) > 0, p.data_emissao, p.receita, p.custo]),
    ).toEqual([
      [true, '2026-03-31', '9.99', '2.50'],
      [true, '2026-03-01', '30.00', '7.50'],
    ]);
  });

  it('an empty period answers no rows and zero totals', async () => {
    const r = await get('/vendas?de=2020-01-01&ate=2020-01-31');
    expect(r).toMatchObject({
      items: [],
      total: 0,
      totais: { pedidos: 0, receita: '0', custo: '0', margem: '0', margem_percentual: null },
    });
  });

  it('refuses an inverted period with a field error', async () => {
    const res = await t.request('GET', '/api/relatorios/vendas?de=2026-03-31&ate=2026-03-01', {
      token: admin,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).details.fields.ate).toBeDefined();
  });
});

describe('a seller sees only their own sales', () => {
  it("the comercial user linked to Bruno gets Bruno's rows and totals only, whatever the filter", async () => {
    const r = await get(`/vendas?${MARCO}&agrupar=vendedor`, bruno);
    expect(r.items.map((l: Record<string, unknown>) => l.rotulo)).toEqual(['Bruno Vendas']);
    expect(r.totais).toMatchObject({ pedidos: 1, receita: '23.99' });
    expect(r.filtros).toContainEqual(['Vendedor', 'Bruno Vendas (suas vendas)']);
    const outro = await get(`/vendas?${MARCO}&vendedor_id=${V_ANA}`, bruno);
    expect(outro.items).toEqual([]);
    const pedidos = await get(`/vendas/pedidos?${MARCO}`, bruno);
    expect(pedidos.total).toBe(1);
    const abc = await get(`/curva-abc?${ABRIL}&dimensao=cliente`, bruno);
    expect(abc.items.map((l: Record<string, unknown>) => l.rotulo)).toEqual(['Empório Gama']);
  });

  it('a comercial user linked to no seller and the admin see every seller', async () => {
    expect((await get(`/vendas?${MARCO}&agrupar=vendedor`, comercial)).total).toBe(3);
  });

  it('stock users are refused (commercial reports: admin and comercial)', async () => {
    const res = await t.request('GET', `/api/relatorios/vendas?${MARCO}`, { token: estoque });
    expect(res.status).toBe(403);
  });
});

describe('Curva ABC (April 2026, a total of 100.00)', () => {
  it('products by revenue: 50 | 30 | 15 | 5 — A, A, B (starts at 80 %), C (starts at 95 %)', async () => {
    const r = await get(`/curva-abc?${ABRIL}&dimensao=produto&criterio=receita`);
    expect(
      r.items.map((l: Record<string, unknown>) => [
        l.posicao,
        l.rotulo,
        l.valor,
        l.participacao,
        l.acumulado,
        l.classe,
      ]),
    ).toEqual([
      [1, 'P1 · Arroz', '50.00', '50.00', '50.00', 'A'],
      [2, 'P2 · Café', '30.00', '30.00', '80.00', 'A'],
      [3, 'P3 · Sal', '15.00', '15.00', '95.00', 'B'],
      [4, 'P4 · Brinde', '5.00', '5.00', '100.00', 'C'],
    ]);
    expect(r.totais.classes).toEqual([
      { classe: 'A', itens: 2, valor: '80.00', participacao: '80.00' },
      { classe: 'B', itens: 1, valor: '15.00', participacao: '15.00' },
      { classe: 'C', itens: 1, valor: '5.00', participacao: '5.00' },
    ]);
    expect(r.totais).toMatchObject({ itens: 4, receita: '100.00', valor: '100.00' });
    expect(r.totais.receita).toBe((await totaisSql('2026-04-01', '2026-04-30')).receita);
    expect(r.totais.pareto).toHaveLength(4);
  });

  it('sorted by the label, either way', async () => {
    const r = await get(`/curva-abc?${ABRIL}&sort=rotulo&dir=desc&pageSize=2`);
    expect(r.items.map((l: Record<string, unknown>) => [l.rotulo, l.posicao])).toEqual([
      ['P4 · Brinde', 4],
      ['P3 · Sal', 3],
    ]);
    expect(r.total).toBe(4);
    const v = await get(`/vendas?${MARCO}&agrupar=cliente&sort=rotulo&dir=asc`);
    expect(v.items.map((l: Record<string, unknown>) => l.rotulo)).toEqual([
      'Empório Gama',
      'Mercado Alfa',
      'Padaria Beta',
    ]);
  });

  it('configurable cut-offs: 50/30/20 moves Café to B (it starts at 50 %)', async () => {
    const r = await get(`/curva-abc?${ABRIL}&corte_a=50&corte_b=30`);
    expect(r.items.map((l: Record<string, unknown>) => l.classe)).toEqual(['A', 'B', 'C', 'C']);
    const classe = await get(`/curva-abc?${ABRIL}&corte_a=50&corte_b=30&classe=C`);
    expect(classe.items.map((l: Record<string, unknown>) => l.rotulo)).toEqual(['P3 · Sal', 'P4 · Brinde']);
    expect(classe.totais).toMatchObject({ itens: 2, receita: '20.00' });
  });

  it('products by margin with the frozen cost (a negative margin holds no share and is C), as the shared rule', async () => {
    // margins: Café 30 − 10.33 = 19.67; Sal 15 − 1 = 14.00; Brinde 5.00; Arroz 50 − 495 = −445.00
    // positives 38.67: Café starts at 0 (A), Sal at 19.67 (1967 < 3093.6: A), Brinde at 33.67 (B: < 3673.65)
    const r = await get(`/curva-abc?${ABRIL}&criterio=margem`);
    const linhas = r.items.map((l: Record<string, unknown>) => [l.rotulo, l.valor, l.classe]);
    expect(linhas).toEqual([
      ['P2 · Café', '19.67', 'A'],
      ['P3 · Sal', '14.00', 'A'],
      ['P4 · Brinde', '5.00', 'B'],
      ['P1 · Arroz', '-445.00', 'C'],
    ]);
    const puro = classificaCurvaAbc(
      r.items.map((l: Record<string, string>) => ({ id: l.chave, valor: l.valor })),
      { a: 80, b: 15 },
    );
    expect(puro.map((i) => i.classe)).toEqual(linhas.map((l: string[]) => l[2]));
    expect(r.totais).toMatchObject({ margem: '-406.33', valor: '38.67' });
  });

  it('customers: Alfa 95.00 (A) and Gama starting exactly at 95 % (C)', async () => {
    const r = await get(`/curva-abc?${ABRIL}&dimensao=cliente`);
    expect(r.items.map((l: Record<string, unknown>) => [l.rotulo, l.classe])).toEqual([
      ['Mercado Alfa', 'A'],
      ['Empório Gama', 'C'],
    ]);
  });

  it('a later page and a class’s page count the listed rows (the totals’ count), past the last row too', async () => {
    const p2 = await get(`/curva-abc?${ABRIL}&pageSize=3&page=2`);
    expect(p2.items.map((l: Record<string, unknown>) => [l.posicao, l.rotulo])).toEqual([[4, 'P4 · Brinde']]);
    expect([p2.total, p2.totais.itens]).toEqual([4, 4]);
    const alem = await get(`/curva-abc?${ABRIL}&pageSize=3&page=3`);
    expect([alem.items, alem.total]).toEqual([[], 4]);
    const c2 = await get(`/curva-abc?${ABRIL}&corte_a=50&corte_b=30&classe=C&pageSize=1&page=2`);
    expect(c2.items.map((l: Record<string, unknown>) => [l.rotulo, l.classe])).toEqual([
      ['P4 · Brinde', 'C'],
    ]);
    expect(c2.total).toBe(2);
    // Sal 15.00 at a cost of 1.00 and Brinde 5.00 at none; the curve's valor stays the whole curve's
    expect(c2.totais).toMatchObject({
      itens: 2,
      receita: '20.00',
      custo: '1.00',
      margem: '19.00',
      valor: '100.00',
    });
  });

  it('an empty period: no rows, every total and class at zero, an empty chart', async () => {
    const r = await get('/curva-abc?de=2020-01-01&ate=2020-01-31&criterio=margem');
    expect([r.items, r.total]).toEqual([[], 0]);
    expect(r.totais).toEqual({
      itens: 0,
      receita: '0.00',
      custo: '0.00',
      margem: '0.00',
      valor: '0.00',
      classes: [
        { classe: 'A', itens: 0, valor: '0.00', participacao: '0' },
        { classe: 'B', itens: 0, valor: '0.00', participacao: '0' },
        { classe: 'C', itens: 0, valor: '0.00', participacao: '0' },
      ],
      pareto: [],
    });
  });

  it('products by revenue off the per-product read models (the first screen) equal the items’ path (sorted by margin), rows and totals, over loose days and whole months', async () => {
    const porChave = (r: { items: Record<string, unknown>[] }) =>
      [...r.items].sort((a, b) => String(a.chave).localeCompare(String(b.chave)));
    for (const periodo of ['de=2026-02-15&ate=2026-04-30', ABRIL, MARCO, 'de=2020-01-01&ate=2020-01-31']) {
      const base = `/curva-abc?${periodo}&dimensao=produto&criterio=receita&pageSize=100`;
      const modelo = await get(`${base}&sort=posicao`);
      const itens = await get(`${base}&sort=margem&dir=desc`);
      expect(porChave(modelo), periodo).toEqual(porChave(itens));
      expect(modelo.totais, periodo).toEqual(itens.totais);
      expect(modelo.total, periodo).toBe(itens.total);
    }
  });

  it('refuses cut-offs that leave nothing to C', async () => {
    const res = await t.request('GET', '/api/relatorios/curva-abc?corte_a=80&corte_b=20', { token: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).details.fields.corte_b).toBeDefined();
  });
});

describe('exports: what the screen shows, the filters in the header', () => {
  it('XLSX of the ABC: title, filters, the columns, every row and the totals', async () => {
    const res = await t.request('GET', `/api/relatorios/curva-abc/export?${ABRIL}&formato=xlsx`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/curva-abc-produtos-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    const linhas = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(linhas[0]).toEqual(['Curva ABC', null, null, null, null, null, null]);
    expect(linhas.map((l) => l[0])).toContain('Período: 01/04/2026 a 30/04/2026');
    expect(linhas.map((l) => l[0])).toContain('Cortes: A 80 % · B 15 % · C 5 %');
    const i = linhas.findIndex((l) => l[0] === 'Posição');
    expect(linhas[i]).toEqual([
      'Posição',
      'Produto',
      'Receita',
      'Margem bruta',
      'Participação %',
      'Acumulado %',
      'Classe',
    ]);
    expect(linhas[i + 1]).toEqual([1, 'P1 · Arroz', 50, -445, 50, 50, 'A']);
    expect(linhas.at(-1)).toEqual(['Total', null, 100, -406.33, null, null, null]);
  });

  it.skipIf(!temPoppler)(
    'PDF of the Vendas report: header with the filters, the rows, the totals',
    async () => {
      const res = await t.request(
        'GET',
        `/api/relatorios/vendas/export?${MARCO}&agrupar=vendedor&formato=pdf`,
        {
          token: admin,
        },
      );
      expect(res.status).toBe(200);
      const texto = paginasPdf(Buffer.from(await res.arrayBuffer())).join('\n');
      expect(texto).toContain('Relatório de Vendas');
      expect(texto).toContain('Período: 01/03/2026 a 31/03/2026');
      expect(texto).toContain('Agrupado por: Vendedor');
      expect(texto).toMatch(/Ana Vendas\s+1\s+4,500\s+R\$ 50,00\s+R\$ 23,00\s+R\$ 27,00\s+54,00 %/);
      expect(texto).toMatch(/Total\s+3\s+14,500\s+R\$ 98,99\s+R\$ 53,17\s+R\$ 45,82\s+46,29 %/);
    },
  );

  it("the seller's export is narrowed as the screen", async () => {
    const res = await t.request(
      'GET',
      `/api/relatorios/vendas/export?${MARCO}&agrupar=vendedor&formato=xlsx`,
      {
        token: bruno,
      },
    );
    const linhas = await readSheet(Buffer.from(await res.arrayBuffer()));
    const nomes = linhas.map((l) => l[0]);
    expect(nomes).toContain('Bruno Vendas');
    expect(nomes).not.toContain('Ana Vendas');
    expect(nomes).toContain('Vendedor: Bruno Vendas (suas vendas)');
  });
});

describe('Relatório de Vendas por produto: an order counts once per product (June 2026)', () => {
  it('by product off the dashboard’s per-product read models (sorted by revenue, quantity or label, no order filter) equals the items’ path (sorted by margin), over loose days and whole months, under the product and group filters', async () => {
    const porChave = (r: { items: Record<string, unknown>[] }) =>
      [...r.items].sort((a, b) => String(a.chave).localeCompare(String(b.chave)));
    // 15/02 to 30/04: February's loose days off dashboard_vendas_produto_dia, March and April off _mes
    const PERIODO = 'de=2026-02-15&ate=2026-04-30&agrupar=produto&pageSize=100';
    for (const filtro of [
      '',
      `&grupo_id=${G1}`,
      '&grupo_id=sem',
      `&produto_id=${P(1)}`,
      `&grupo_id=${G1}&produto_id=${P(2)}`,
    ]) {
      const itens = await get(`/vendas?${PERIODO}${filtro}&sort=margem&dir=desc`);
      for (const sort of ['receita', 'quantidade', 'rotulo']) {
        const modelo = await get(`/vendas?${PERIODO}${filtro}&sort=${sort}&dir=asc`);
        expect(porChave(modelo), `${sort}${filtro}`).toEqual(porChave(itens));
        expect(modelo.total, `${sort}${filtro}`).toBe(itens.total);
      }
    }
    // the filters do narrow: Café and Brinde have no group, and Arroz alone is one row
    expect(
      (await get(`/vendas?${PERIODO}&grupo_id=sem`)).items.map((l: { rotulo: string }) => l.rotulo),
    ).toEqual(['P2 · Café', 'P4 · Brinde']);
    expect((await get(`/vendas?${PERIODO}&produto_id=${P(1)}`)).total).toBe(1);
    // a later page keeps the count of products
    const p2 = await get(`/vendas?de=2026-02-15&ate=2026-04-30&agrupar=produto&pageSize=1&page=2`);
    expect([p2.items.length, p2.total]).toEqual([1, (await get(`/vendas?${PERIODO}`)).total]);
  });

  it('a product on two lines of one order: the page counts the order once, sorted by revenue (orders counted for the page) or by orders (two passes), as the hand-written SQL', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx
        .insert(salesOrders)
        .values([
          pedido(9, C_ALFA, V_ANA, '2026-06-10', 'faturado'),
          pedido(10, C_BETA, V_BRUNO, '2026-06-11', 'liberado'),
        ]);
      await tx.insert(salesOrderItems).values([
        item(9, 1, '2.000', '20.00'), // Arroz, twice in order 9 (two packagings, say)
        item(9, 1, '1.000', '11.00'),
        item(9, 2, '1.000', '30.00'), // Café
        item(10, 1, '4.000', '40.00'), // Arroz again, in order 10
      ]);
    });
    const JUNHO = 'de=2026-06-01&ate=2026-06-30';
    const linhas = (r: { items: Record<string, unknown>[] }) =>
      r.items.map((l) => [l.rotulo, l.pedidos, l.quantidade, l.receita]);
    // Arroz: orders 9 and 10 → 2 orders (3 lines), 7 units, 71.00; Café: order 9 → 1 order, 30.00
    const esperado = [
      ['P1 · Arroz', 2, '7.000', '71.00'],
      ['P2 · Café', 1, '1.000', '30.00'],
    ];
    expect(linhas(await get(`/vendas?${JUNHO}&agrupar=produto`))).toEqual(esperado);
    expect(linhas(await get(`/vendas?${JUNHO}&agrupar=produto&sort=pedidos&dir=desc`))).toEqual(esperado);
    const porProduto = rowsOf<{ produto: string; pedidos: number }>(
      await t.db.execute(sql`select p.codigo as produto, count(distinct o.id)::int as pedidos
        from sales_orders o join sales_order_items i on i.order_id = o.id join products p on p.id = i.product_id
        where o.data_emissao between '2026-06-01' and '2026-06-30'
          and o.status not in ('orcamento', 'cancelado')
        group by p.codigo order by p.codigo`),
    );
    expect(porProduto).toEqual([
      { produto: 'P1', pedidos: 2 },
      { produto: 'P2', pedidos: 1 },
    ]);
    // a page that shows Café alone (the second page of one row) counts it as well
    const segunda = await get(`/vendas?${JUNHO}&agrupar=produto&pageSize=1&page=2`);
    expect(linhas(segunda)).toEqual([esperado[1]]);
    expect(segunda.total).toBe(2);
    expect((await get(`/vendas?${JUNHO}&agrupar=produto`)).totais).toMatchObject({
      pedidos: 2,
      receita: '101.00',
    });
  });
});
