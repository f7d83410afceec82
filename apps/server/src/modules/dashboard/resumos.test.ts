import { cnpjWithCheckDigits, titulosListQuerySchema } from '@erp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { clientes, fornecedores } from '../cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../comercial/comercial.tables.ts';
import { products } from '../estoque/estoque.tables.ts';
import { chama, cria, type Json } from '../financeiro/financeiro-test-support.ts';
import { listTitulos } from '../financeiro/titulos.service.ts';
import { criaCliente } from '../tributacao/tributacao-test-support.ts';

// The read models of migration 0049 — dashboard_vendas_mes (the commercial cards),
// financeiro_abertos_dia (the finance cards, the títulos footer's em aberto and vencido) and
// financeiro_baixas_total (the footer's pago) — must always equal the plain aggregates they replace,
// whatever writes happen: orders and items inserted, edited, moved, cancelled, deleted; títulos
// created, paid in part and in full, a baixa reversed, cancelled, due dates edited; rollbacks; and, on
// PostgreSQL, concurrent writers on the same month and due date.

type Db = Database['db'];

const VENDAS = sql`
  select mes::text as mes, sum(pedidos)::int as pedidos, sum(valor)::numeric(20,2)::text as valor,
         sum(produtos)::int as produtos
  from dashboard_vendas_mes group by mes
  having sum(pedidos) <> 0 or sum(valor) <> 0 or sum(produtos) <> 0 order by mes`;
/** The same figures straight from the orders and items. */
const VENDAS_PLANO = sql`
  select mes::text as mes, sum(pedidos)::int as pedidos, sum(valor)::numeric(20,2)::text as valor,
         sum(produtos)::int as produtos
  from (select dashboard_mes(data_emissao) as mes, count(*) as pedidos, sum(valor_total) as valor, 0 as produtos
        from sales_orders where dashboard_conta(status) group by 1
        union all
        select dashboard_mes(o.data_emissao), 0, 0, count(distinct i.product_id)
        from sales_order_items i join sales_orders o on o.id = i.order_id
        where dashboard_conta(o.status) group by 1) x
  group by mes order by mes`;

const ABERTOS = sql`
  select tipo, data_vencimento::text as vencimento, sum(titulos)::int as titulos,
         sum(saldo)::numeric(20,2)::text as saldo, sum(valor)::numeric(20,2)::text as valor
  from financeiro_abertos_dia group by 1, 2
  having sum(titulos) <> 0 or sum(saldo) <> 0 or sum(valor) <> 0 order by 1, 2`;
const ABERTOS_PLANO = sql`
  select tipo, data_vencimento::text as vencimento, count(*)::int as titulos,
         sum(saldo)::numeric(20,2)::text as saldo, sum(valor)::numeric(20,2)::text as valor
  from financial_accounts where status in ('em_aberto', 'parcial') group by 1, 2 order by 1, 2`;

const BAIXAS = sql`
  select tipo, sum(principal)::numeric(20,2)::text as principal
  from financeiro_baixas_total group by 1 having sum(principal) <> 0 order by 1`;
const BAIXAS_PLANO = sql`
  select f.tipo, sum(b.principal)::numeric(20,2)::text as principal
  from baixas b join financial_accounts f on f.id = b.titulo_id
  where not b.estornada group by 1 order by 1`;

// Migration 0065 (issue 35): the per-day read models of the period selector.
const DIA = sql`
  select dia::text as dia, vendedor_id, regiao_id, sum(pedidos)::int as pedidos,
         sum(valor)::numeric(20,2)::text as valor
  from dashboard_vendas_dia group by 1, 2, 3
  having sum(pedidos) <> 0 or sum(valor) <> 0 order by 1, 2, 3`;
const DIA_PLANO = sql`
  select data_emissao::text as dia, dashboard_sem_id(vendedor_id) as vendedor_id,
         dashboard_sem_id(regiao_id) as regiao_id, count(*)::int as pedidos,
         sum(valor_total)::numeric(20,2)::text as valor
  from sales_orders where dashboard_conta(status) group by 1, 2, 3 order by 1, 2, 3`;
// Migration 0082: the per-day totals and the per-month (seller, region) sums, folded over slices.
const DIA_TOTAL = sql`
  select dia::text as dia, sum(pedidos)::int as pedidos, sum(valor)::numeric(20,2)::text as valor
  from dashboard_vendas_dia_total group by 1
  having sum(pedidos) <> 0 or sum(valor) <> 0 order by 1`;
const DIA_TOTAL_PLANO = sql`
  select data_emissao::text as dia, count(*)::int as pedidos, sum(valor_total)::numeric(20,2)::text as valor
  from sales_orders where dashboard_conta(status) group by 1 order by 1`;
const MES_EQUIPE = sql`
  select mes::text as mes, vendedor_id, regiao_id, sum(pedidos)::int as pedidos,
         sum(valor)::numeric(20,2)::text as valor
  from dashboard_vendas_mes_vendedor_regiao group by 1, 2, 3
  having sum(pedidos) <> 0 or sum(valor) <> 0 order by 1, 2, 3`;
const MES_EQUIPE_PLANO = sql`
  select dashboard_mes(data_emissao)::text as mes, dashboard_sem_id(vendedor_id) as vendedor_id,
         dashboard_sem_id(regiao_id) as regiao_id, count(*)::int as pedidos,
         sum(valor_total)::numeric(20,2)::text as valor
  from sales_orders where dashboard_conta(status) group by 1, 2, 3 order by 1, 2, 3`;
const CLIENTE_DIA = sql`
  select dia::text as dia, cliente_id, pedidos, valor::text as valor
  from dashboard_vendas_cliente_dia where pedidos <> 0 or valor <> 0 order by 1, 2`;
const CLIENTE_DIA_PLANO = sql`
  select data_emissao::text as dia, cliente_id, count(*)::int as pedidos,
         sum(valor_total)::numeric(20,2)::text as valor
  from sales_orders where dashboard_conta(status) group by 1, 2 order by 1, 2`;
const PRODUTO_DIA = sql`
  select dia::text as dia, product_id, quantidade::text as quantidade, valor::text as valor, itens
  from dashboard_vendas_produto_dia where itens <> 0 order by 1, 2`;
const PRODUTO_DIA_PLANO = sql`
  select o.data_emissao::text as dia, i.product_id, sum(i.quantidade)::numeric(20,3)::text as quantidade,
         sum(i.subtotal)::numeric(20,2)::text as valor, count(*)::int as itens
  from sales_order_items i join sales_orders o on o.id = i.order_id
  where dashboard_conta(o.status) group by 1, 2 order by 1, 2`;

async function expectConsistent(db: Db) {
  expect(rowsOf(await db.execute(DIA))).toEqual(rowsOf(await db.execute(DIA_PLANO)));
  expect(rowsOf(await db.execute(DIA_TOTAL))).toEqual(rowsOf(await db.execute(DIA_TOTAL_PLANO)));
  expect(rowsOf(await db.execute(MES_EQUIPE))).toEqual(rowsOf(await db.execute(MES_EQUIPE_PLANO)));
  expect(rowsOf(await db.execute(CLIENTE_DIA))).toEqual(rowsOf(await db.execute(CLIENTE_DIA_PLANO)));
  expect(rowsOf(await db.execute(PRODUTO_DIA))).toEqual(rowsOf(await db.execute(PRODUTO_DIA_PLANO)));
  expect(rowsOf(await db.execute(VENDAS))).toEqual(rowsOf(await db.execute(VENDAS_PLANO)));
  expect(rowsOf(await db.execute(ABERTOS))).toEqual(rowsOf(await db.execute(ABERTOS_PLANO)));
  expect(rowsOf(await db.execute(BAIXAS))).toEqual(rowsOf(await db.execute(BAIXAS_PLANO)));
}

/** The finance cards as computed before migration 0049: a pass over the open títulos. */
async function financeiroPlano(db: Db, hoje: string) {
  return rowsOf(
    await db.execute(sql`
      select round(t.receber, 2)::text as a_receber, round(t.pagar, 2)::text as a_pagar,
             round(t.receber - t.pagar, 2)::text as saldo_projetado,
             (select count(*)::int from financial_accounts f where f.status in ('em_aberto', 'parcial')
                and f.data_vencimento < ${hoje}::date) as contas_vencidas
      from (select coalesce(sum(saldo) filter (where tipo = 'receber'), 0) as receber,
                   coalesce(sum(saldo) filter (where tipo = 'pagar'), 0) as pagar
            from financial_accounts where status in ('em_aberto', 'parcial')) t`),
  )[0];
}

/** The commercial cards' month figures as computed before migration 0049: the month's orders. */
async function comercialPlano(db: Db, hoje: string) {
  const inicio = `${hoje.slice(0, 7)}-01`;
  return rowsOf(
    await db.execute(sql`
      select count(*)::int as total_pedidos, round(coalesce(sum(valor_total), 0), 2)::text as vendas_mes,
             round(case when count(*) > 0 then sum(valor_total) / count(*) else 0 end, 2)::text as ticket_medio,
             (select count(distinct i.product_id)::int from sales_order_items i join sales_orders o on o.id = i.order_id
               where dashboard_mes(o.data_emissao) = ${inicio}::date and dashboard_conta(o.status)) as produtos_vendidos
      from sales_orders
      where dashboard_mes(data_emissao) = ${inicio}::date and dashboard_conta(status)`),
  )[0];
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CLIENTE = uuid(1);
const P = [uuid(11), uuid(12), uuid(13)] as const;
const O = (n: number) => uuid(1000 + n);

/** Customer c (0 = CLIENTE): concurrent writers each sell to their own, as dashboard_vendas_cliente_mes
 * (migration 0011) serializes the orders of one customer in one month. */
const C = (c: number) => (c === 0 ? CLIENTE : uuid(500 + c));
const pedido = (n: number, dataEmissao: string, valorTotal: string, status = 'faturado', cliente = 0) => ({
  id: O(n),
  clienteId: C(cliente),
  clienteNome: 'Cliente Resumo',
  dataEmissao,
  status,
  valorTotal,
});
const item = (o: number, productId: string, subtotal: string) => ({
  orderId: O(o),
  productId,
  produtoNome: 'x',
  quantidade: '1.000',
  precoUnitario: subtotal,
  subtotal,
});

async function cadastrosVendas(db: Db) {
  await writeTx(db, systemActor, async (tx) => {
    await tx
      .insert(clientes)
      .values(
        Array.from({ length: 11 }, (_, c) => ({
          id: C(c),
          tipoPessoa: 'J' as const,
          documento: String(66666666000100 + c),
          razaoSocial: `Cliente Resumo ${c}`,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(products)
      .values(P.map((id, i) => ({ id, codigo: `RS${i}`, nome: `Produto Resumo ${i}` })))
      .onConflictDoNothing();
  });
}

describe('dashboard_vendas_mes', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signIn(['admin'])).token;
    await cadastrosVendas(t.db);
  });
  afterAll(() => t.close());

  async function cards(hoje: string) {
    const res = await t.request('GET', `/api/dashboard/comercial?hoje=${hoje}`, { token });
    expect(res.status).toBe(200);
    const { periodo: _, produto_mais_vendido: __, anterior: ___, ...figuras } = await res.json();
    expect(figuras).toEqual(await comercialPlano(t.db, hoje));
    return figuras;
  }

  it('follows orders and items: inserts, edits, a change of month, status, deletes, rollback, rebuild', async () => {
    await writeTx(t.db, systemActor, async (tx) => {
      await tx
        .insert(salesOrders)
        .values([
          pedido(1, '2026-03-02', '10.10'),
          pedido(2, '2026-03-31', '20.05'),
          pedido(3, '2026-04-01', '7.00'),
          pedido(4, '2026-03-05', '99.99', 'orcamento'),
        ]);
      await tx
        .insert(salesOrderItems)
        .values([
          item(1, P[0], '10.10'),
          item(2, P[0], '10.00'),
          item(2, P[1], '10.05'),
          item(3, P[2], '7.00'),
          item(4, P[2], '99.99'),
        ]);
    });
    expect(await cards('2026-03-15')).toEqual({
      total_pedidos: 2,
      vendas_mes: '30.15',
      ticket_medio: '15.08',
      produtos_vendidos: 2,
    });
    await expectConsistent(t.db);
    // a quote confirmed, an order moved to April, a value edited, an item's product changed
    await writeTx(t.db, systemActor, async (tx) => {
      await tx
        .update(salesOrders)
        .set({ status: 'digitado' })
        .where(eq(salesOrders.id, O(4)));
      await tx
        .update(salesOrders)
        .set({ dataEmissao: '2026-04-02' })
        .where(eq(salesOrders.id, O(2)));
      await tx
        .update(salesOrders)
        .set({ valorTotal: '11.11', regiaoId: uuid(77) })
        .where(eq(salesOrders.id, O(1)));
      await tx
        .update(salesOrderItems)
        .set({ productId: P[1] })
        .where(eq(salesOrderItems.orderId, O(1)));
    });
    expect(await cards('2026-03-01')).toEqual({
      total_pedidos: 2,
      vendas_mes: '111.10',
      ticket_medio: '55.55',
      produtos_vendidos: 2,
    });
    await expectConsistent(t.db);
    // a note only: no slice touched
    const antes = rowsOf(await t.db.execute(sql`select * from dashboard_vendas_mes order by mes, fatia`));
    await t.db
      .update(salesOrders)
      .set({ observacoes: 'só uma nota' })
      .where(eq(salesOrders.id, O(3)));
    expect(rowsOf(await t.db.execute(sql`select * from dashboard_vendas_mes order by mes, fatia`))).toEqual(
      antes,
    );
    // cancelled, then deleted (items by the cascade), an item deleted
    await t.db
      .update(salesOrders)
      .set({ status: 'cancelado' })
      .where(eq(salesOrders.id, O(3)));
    await expectConsistent(t.db);
    await t.db.delete(salesOrders).where(eq(salesOrders.id, O(4)));
    await t.db.delete(salesOrderItems).where(eq(salesOrderItems.productId, P[0]));
    await expectConsistent(t.db);
    expect(await cards('2026-04-30')).toEqual({
      total_pedidos: 1,
      vendas_mes: '20.05',
      ticket_medio: '20.05',
      produtos_vendidos: 1,
    });
    await expect(
      writeTx(t.db, systemActor, async (tx) => {
        await tx.insert(salesOrders).values(pedido(9, '2026-03-09', '9.99'));
        await tx.insert(salesOrderItems).values(item(9, P[2], '9.99'));
        throw new Error('desfazer');
      }),
    ).rejects.toThrow('desfazer');
    const figuras = rowsOf(await t.db.execute(VENDAS));
    await t.db.execute(sql`select dashboard_vendas_mes_recalcular()`);
    expect(rowsOf(await t.db.execute(VENDAS))).toEqual(figuras);
    // the products read model's own rebuild (TRUNCATE and insert) keeps the products sold right
    await t.db.execute(sql`select dashboard_vendas_recalcular()`);
    expect(rowsOf(await t.db.execute(VENDAS))).toEqual(figuras);
    await expectConsistent(t.db);
    // the per-day models' rebuild (migration 0065) gives the same rows
    const dias = rowsOf(await t.db.execute(DIA));
    await t.db.execute(sql`select dashboard_vendas_dia_recalcular()`);
    expect(rowsOf(await t.db.execute(DIA))).toEqual(dias);
    // and folds the coarser grains of 0082 into one slice per key
    expect(
      rowsOf(
        await t.db.execute(sql`select (select count(*)::int from dashboard_vendas_dia_total where fatia <> 0)
          + (select count(*)::int from dashboard_vendas_mes_vendedor_regiao where fatia <> 0) as n`),
      ),
    ).toEqual([{ n: 0 }]);
    await expectConsistent(t.db);
  });
});

describe('financeiro_abertos_dia and financeiro_baixas_total', () => {
  let t: TestContext;
  let fin: string;
  let admin: string;
  const ids: Record<string, string> = {};

  async function titulo(tipo: 'receber' | 'pagar', corpo: Json): Promise<Json[]> {
    const pessoa = tipo === 'receber' ? { cliente_id: ids.cliente } : { fornecedor_id: ids.fornecedor };
    const r = await chama(t, fin, 'POST', `/api/financeiro/${tipo}`, {
      tipo,
      ...pessoa,
      descricao: 'Título do resumo',
      emissao: '2026-01-02',
      classe_financeira_id: tipo === 'receber' ? ids.vendas : ids.compras,
      ...corpo,
    });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    return r.body as Json[];
  }
  async function baixa(tipo: 'receber' | 'pagar', id: string, valor: string): Promise<string> {
    const r = await chama(t, fin, 'POST', `/api/financeiro/${tipo}/${id}/baixas`, {
      data_pagamento: '2026-02-10',
      conta_bancaria_id: ids.conta,
      valor_pago: valor,
      juros: '0',
      multa: '0',
      desconto: '0',
    });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    return r.body.baixa_id;
  }

  /** The footer of the unfiltered list equals the plain aggregate's (a filter that narrows nothing). */
  async function expectRodape(tipo: 'receber' | 'pagar') {
    const semFiltro = await chama(t, fin, 'GET', `/api/financeiro/${tipo}`);
    const plano = await chama(t, fin, 'GET', `/api/financeiro/${tipo}?vencimento_de=1900-01-01`);
    expect(semFiltro.status).toBe(200);
    expect(semFiltro.body.totais).toEqual(plano.body.totais);
    expect(semFiltro.body.total).toEqual(plano.body.total);
    return semFiltro.body.totais;
  }
  /**
   * The open títulos' footer (status abertos/vencidos, optionally a due period: read from
   * financeiro_abertos_dia) equals the plain aggregate over the same filter, for several "todays".
   */
  async function expectRodapeAbertos(tipo: 'receber' | 'pagar') {
    const periodos = [
      {},
      { vencimento_de: '2026-01-01', vencimento_ate: '2026-03-01' },
      { vencimento_de: '2026-03-02' },
    ];
    for (const hoje of ['2026-01-01', '2026-03-02', '2030-01-01'])
      for (const status of ['abertos', 'vencidos'] as const)
        for (const periodo of periodos) {
          const q = titulosListQuerySchema.parse({ status, ...periodo });
          const { totais } = await listTitulos(t.db, tipo, q, hoje);
          const de = periodo.vencimento_de ?? '1900-01-01';
          const ate = periodo.vencimento_ate ?? '2999-12-31';
          const filtro = sql`tipo = ${tipo} and status in ('em_aberto', 'parcial')
            and data_vencimento between ${de}::date and ${ate}::date
            ${status === 'vencidos' ? sql`and data_vencimento < ${hoje}::date` : sql``}`;
          const [plano] = rowsOf<Record<string, string>>(
            await t.db.execute(sql`
              select
                coalesce(sum(saldo), 0)::numeric(14,2)::text as em_aberto,
                coalesce(sum(saldo) filter (where data_vencimento < ${hoje}::date), 0)::numeric(14,2)::text as vencido,
                (select coalesce(sum(b.principal), 0)::numeric(14,2)::text from baixas b
                  where not b.estornada and b.data_pagamento between ${de}::date and ${ate}::date
                    and b.titulo_id in (select id from financial_accounts where ${filtro})) as pago_no_periodo
              from financial_accounts where ${filtro}`),
          );
          expect({ hoje, status, ...periodo, ...totais }).toEqual({ hoje, status, ...periodo, ...plano });
        }
  }
  async function expectCards(hoje: string) {
    const res = await chama(t, admin, 'GET', `/api/dashboard/financeiro?hoje=${hoje}`);
    expect(res.status).toBe(200);
    const { hoje: _, ...figuras } = res.body;
    expect(figuras).toEqual(await financeiroPlano(t.db, hoje));
    return figuras;
  }
  async function tudoConfere() {
    await expectConsistent(t.db);
    for (const hoje of ['2026-01-01', '2026-03-01', '2026-03-02', '2030-01-01']) await expectCards(hoje);
    await expectRodape('receber');
    await expectRodape('pagar');
    await expectRodapeAbertos('receber');
    await expectRodapeAbertos('pagar');
  }

  beforeAll(async () => {
    t = await createTestApp();
    fin = (await t.signIn(['financeiro'])).token;
    admin = (await t.signIn(['admin'])).token;
    ids.cliente = await criaCliente(t.db, { razaoSocial: 'Mercado Resumo Ltda', uf: 'SP', indicadorIe: '1' });
    const [forn] = await t.db
      .insert(fornecedores)
      .values({
        tipoPessoa: 'J',
        documento: cnpjWithCheckDigits('22333444000'.padEnd(12, '1')),
        razaoSocial: 'Fornecedora Resumo Ltda',
        uf: 'SP',
        indicadorIe: '9',
      })
      .returning({ id: fornecedores.id });
    ids.fornecedor = forn!.id;
    await cria(t, fin, 'classes-financeiras', { codigo: '1', nome: 'Receitas', tipo: 'receita' });
    ids.vendas = (
      await cria(t, fin, 'classes-financeiras', { codigo: '1.01', nome: 'Vendas', tipo: 'receita' })
    ).id;
    await cria(t, fin, 'classes-financeiras', { codigo: '2', nome: 'Despesas', tipo: 'despesa' });
    ids.compras = (
      await cria(t, fin, 'classes-financeiras', { codigo: '2.01', nome: 'Fornecedores', tipo: 'despesa' })
    ).id;
    ids.conta = (
      await cria(t, fin, 'contas-bancarias', {
        nome: 'Caixa',
        tipo: 'caixa',
        saldo_inicial: '0,00',
        data_saldo_inicial: '2026-01-01',
      })
    ).id;
  });
  afterAll(() => t.close());

  it('follows títulos through creation, baixas, estorno, cancellation and due-date edits', async () => {
    const [r1] = await titulo('receber', { valor: '1.000,00', vencimento: '2026-03-01' });
    const [r2] = await titulo('receber', { valor: '250,50', vencimento: '2026-03-01' });
    const [r3] = await titulo('receber', { valor: '80,00', vencimento: '2027-06-10' });
    const [p1] = await titulo('pagar', { valor: '400,00', vencimento: '2026-02-15' });
    const [p2] = await titulo('pagar', { valor: '33,33', vencimento: '2027-01-31' });
    await tudoConfere();
    expect(await expectCards('2026-03-02')).toEqual({
      a_receber: '1330.50',
      a_pagar: '433.33',
      saldo_projetado: '897.17',
      contas_vencidas: 3,
    });
    // partial, then total; an estorno; a cancellation
    const parcial = await baixa('receber', r1!.id, '300,00');
    await baixa('receber', r2!.id, '250,50');
    await baixa('pagar', p1!.id, '400,00');
    await tudoConfere();
    expect(await expectRodape('receber')).toMatchObject({ em_aberto: '780.00', pago_no_periodo: '550.50' });
    const e = await chama(t, fin, 'POST', `/api/financeiro/receber/baixas/${parcial}/estorno`, {
      motivo: 'Cheque devolvido pelo banco',
    });
    expect(e.status).toBe(200);
    const c = await chama(t, fin, 'POST', `/api/financeiro/pagar/${p2!.id}/cancelamento`, {
      motivo: 'Lançado em duplicidade',
    });
    expect(c.status).toBe(200);
    await tudoConfere();
    expect(await expectCards('2026-03-02')).toEqual({
      a_receber: '1080.00',
      a_pagar: '0.00',
      saldo_projetado: '1080.00',
      contas_vencidas: 1,
    });
    // due dates edited: one título, then several in one statement (a renegotiation-like bulk edit)
    await t.db.execute(
      sql`update financial_accounts set data_vencimento = '2026-02-20' where id = ${r3!.id}`,
    );
    await tudoConfere();
    await t.db.execute(
      sql`update financial_accounts set data_vencimento = data_vencimento + 31 where tipo = 'receber'`,
    );
    await tudoConfere();
    // a rolled-back write leaves no trace; the rebuild gives the same rows
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`update financial_accounts set saldo = 1, status = 'parcial' where id = ${r1!.id}`,
        );
        throw new Error('desfazer');
      }),
    ).rejects.toThrow('desfazer');
    const antes = [rowsOf(await t.db.execute(ABERTOS)), rowsOf(await t.db.execute(BAIXAS))];
    await t.db.execute(sql`select financeiro_resumo_recalcular()`);
    expect([rowsOf(await t.db.execute(ABERTOS)), rowsOf(await t.db.execute(BAIXAS))]).toEqual(antes);
    await tudoConfere();
  });

  it('a filtered list keeps the plain aggregate (only the unfiltered footer reads the read model)', async () => {
    const aberto = await chama(t, fin, 'GET', '/api/financeiro/receber?status=abertos');
    expect(aberto.body.totais.pago_no_periodo).toBe('0.00');
    // paging and order are not filters: the read model's footer, equal to the plain one
    const ordenada = await chama(t, fin, 'GET', '/api/financeiro/receber?sort=valor&dir=desc&page=2');
    expect(ordenada.status).toBe(200);
    expect(ordenada.body.totais).toEqual(
      (await chama(t, fin, 'GET', '/api/financeiro/receber?vencimento_de=1900-01-01')).body.totais,
    );
  });
});

// Concurrent writers on a real PostgreSQL server (PGlite serves one connection at a time).
const servidor = process.env.TEST_DATABASE_URL;

describe.skipIf(!servidor)('concurrency (PostgreSQL only)', () => {
  let database: (Database & { url?: string }) | undefined;
  let pool: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await openDatabase({ databaseUrl: database.url, poolSize: 12 });
    await cadastrosVendas(pool.db);
  });
  afterAll(async () => {
    await pool?.close();
    await database?.close();
  });

  it('a transaction holding a month or due-date slice does not hold up another writer', async () => {
    const db = pool!.db;
    let outroTerminou = false;
    await db.transaction(async (tx) => {
      await tx.insert(salesOrders).values(pedido(500, '2026-07-01', '1.00', 'faturado', 9));
      await tx.execute(sql`insert into financial_accounts (tipo, descricao, valor, saldo, data_vencimento)
        values ('receber', 'A', 10, 10, '2026-07-10')`);
      const outro = db
        .transaction(async (tx2) => {
          await tx2.insert(salesOrders).values(pedido(501, '2026-07-02', '2.00', 'faturado', 10));
          await tx2.execute(sql`insert into financial_accounts (tipo, descricao, valor, saldo, data_vencimento)
            values ('receber', 'B', 20, 20, '2026-07-10')`);
        })
        .then(() => {
          outroTerminou = true;
        });
      await Promise.race([outro, new Promise((r) => setTimeout(r, 3000))]);
      expect(outroTerminou).toBe(true);
    });
    await expectConsistent(db);
  });

  it('8 writers × 25 transactions on one month and one due date: each read model equals its aggregate', async () => {
    const db = pool!.db;
    const resultados = await Promise.allSettled(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 25; i++) {
          const n = 1000 + w * 100 + i;
          await db.transaction(async (tx) => {
            await tx
              .insert(salesOrders)
              .values(pedido(n, '2026-08-05', `${w + 1}.${String(i).padStart(2, '0')}`, 'faturado', w + 1));
            await tx.insert(salesOrderItems).values(item(n, P[(w + i) % 3]!, '1.00'));
            const [a] = rowsOf<{ id: string }>(
              await tx.execute(sql`insert into financial_accounts (tipo, descricao, valor, saldo, data_vencimento)
                values (${w % 2 ? 'pagar' : 'receber'}, 'Concorrente', 100, 100, '2026-08-10') returning id`),
            );
            // pay part of it, and edit some to another due date
            await tx.execute(
              sql`update financial_accounts set saldo = 40, status = 'parcial' where id = ${a!.id}`,
            );
            if (i % 5 === 0)
              await tx.execute(
                sql`update financial_accounts set data_vencimento = '2026-08-11' where id = ${a!.id}`,
              );
            if (i % 7 === 0)
              await tx
                .update(salesOrders)
                .set({ status: 'cancelado' })
                .where(eq(salesOrders.id, O(n)));
          });
        }
      }),
    );
    expect(resultados.filter((r) => r.status === 'rejected')).toEqual([]);
    await expectConsistent(db);
    const [soma] = rowsOf<{ titulos: number; saldo: string }>(
      await db.execute(sql`select sum(titulos)::int as titulos, sum(saldo)::numeric(20,2)::text as saldo from financeiro_abertos_dia
        where data_vencimento in ('2026-08-10', '2026-08-11')`),
    );
    expect(soma).toEqual({ titulos: 200, saldo: '8000.00' });
    // writers met: more than one slice of the day was used, none of them waited for another's
    const [fatias] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from dashboard_vendas_mes where mes = '2026-08-01'`),
    );
    expect(fatias!.n).toBeGreaterThan(1);
  });
});
