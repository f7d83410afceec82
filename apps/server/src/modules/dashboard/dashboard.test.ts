import { businessMonthStart } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { clientes, vendedores } from '../cadastros/cadastros.tables.ts';
import { salesOrderItems, salesOrders } from '../comercial/comercial.tables.ts';
import { products } from '../estoque/estoque.tables.ts';
import { financialAccounts } from '../financeiro/financeiro.tables.ts';

// A hand-made data set; every expected figure below is worked out by hand in the comments.
// "Today" is fixed at 2026-03-15 (?hoje, honoured only under NODE_ENV=test): March is the month.

const HOJE = '2026-03-15';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const V_ANA = uuid(101);
const V_BRUNO = uuid(102);
const V_CARLA = uuid(103); // no orders: must not appear
const C_ALFA = uuid(201); // customer seller Ana
const C_BETA = uuid(202); // customer seller Bruno
const C_GAMA = uuid(203); // no seller
const P = (n: number) => uuid(300 + n);

let t: TestContext;
let tokens: Record<'admin' | 'comercial' | 'estoque' | 'financeiro' | 'nenhum', string>;

beforeAll(async () => {
  t = await createTestApp();
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.insert(vendedores).values([
      { id: V_ANA, nome: 'Ana Vendas' },
      { id: V_BRUNO, nome: 'Bruno Vendas' },
      { id: V_CARLA, nome: 'Carla Vendas' },
    ]);
    await tx.insert(clientes).values([
      {
        id: C_ALFA,
        tipoPessoa: 'J',
        documento: '11111111000111',
        razaoSocial: 'Mercado Alfa',
        vendedorId: V_ANA,
      },
      {
        id: C_BETA,
        tipoPessoa: 'J',
        documento: '22222222000122',
        razaoSocial: 'Padaria Beta',
        vendedorId: V_BRUNO,
      },
      {
        id: C_GAMA,
        tipoPessoa: 'F',
        documento: '33333333333',
        razaoSocial: 'Empório Gama',
        vendedorId: null,
      },
    ]);
    const prod = (
      n: number,
      codigo: string,
      nome: string,
      estoqueAtual: string,
      estoqueMinimo: string,
      estoqueMaximo: string,
      precoCusto: string,
      ativo = true,
    ) => ({ id: P(n), codigo, nome, estoqueAtual, estoqueMinimo, estoqueMaximo, precoCusto, ativo });
    await tx.insert(products).values([
      prod(1, 'A001', 'Arroz', '0.000', '10.000', '100.000', '5.50'), // Zerado
      prod(2, 'A002', 'Feijão', '10.000', '10.000', '100.000', '7.25'), // Baixo (at the minimum)
      prod(3, 'A003', 'Açúcar', '100.000', '10.000', '100.000', '3.33'), // Excesso (at the maximum)
      prod(4, 'A004', 'Café', '150.500', '10.000', '100.000', '12.99'), // Excesso
      prod(5, 'A005', 'Óleo', '50.000', '10.000', '0.000', '8.10'), // normal: a maximum of 0 is no maximum
      prod(6, 'A006', 'Sal', '-2.000', '5.000', '50.000', '1.00'), // Zerado (negative)
      prod(7, 'A007', 'Inativo', '0.000', '10.000', '5.000', '9.99', false), // inactive: never counted
      prod(8, 'A008', 'Macarrão', '11.000', '10.000', '100.000', '4.44'), // normal
    ]);
    const order = (
      n: number,
      clienteId: string,
      clienteNome: string,
      vendedorId: string | null,
      dataEmissao: string,
      valorTotal: string,
    ) => ({
      id: uuid(400 + n),
      clienteId,
      clienteNome,
      vendedorId,
      dataEmissao,
      status: 'faturado',
      valorTotal,
    });
    await tx.insert(salesOrders).values([
      order(1, C_ALFA, 'Mercado Alfa', V_ANA, '2026-03-01', '100.10'), // the 1st counts in its month
      order(2, C_ALFA, 'Mercado Alfa', V_BRUNO, '2026-03-01', '200.20'), // another seller chosen
      order(3, C_BETA, 'Padaria Beta', V_BRUNO, '2026-03-15', '0.33'),
      order(4, C_GAMA, 'Empório Gama', null, '2026-03-10', '50.00'),
      order(5, C_GAMA, 'Empório Gama', null, '2026-03-31', '19.99'), // the last day counts
      order(6, C_ALFA, 'Mercado Alfa', V_ANA, '2026-02-28', '999.99'), // previous month: out
      order(7, C_BETA, 'Padaria Beta', V_BRUNO, '2026-04-01', '888.88'), // next month: out
      order(8, C_BETA, 'Padaria Beta Nova', V_ANA, '2026-03-20', '29.97'), // Beta's order taken by Ana
    ]);
    const item = (
      o: number,
      p: number,
      nome: string,
      quantidade: string,
      preco: string,
      subtotal: string,
    ) => ({
      orderId: uuid(400 + o),
      productId: P(p),
      produtoNome: nome,
      quantidade,
      precoUnitario: preco,
      subtotal,
    });
    await tx
      .insert(salesOrderItems)
      .values([
        item(1, 2, 'Feijão', '2.000', '50.05', '100.10'),
        item(2, 4, 'Café', '4.000', '50.05', '200.20'),
        item(3, 8, 'Macarrão', '1.000', '0.33', '0.33'),
        item(4, 2, 'Feijão', '1.000', '25.00', '25.00'),
        item(4, 8, 'Macarrão', '5.000', '5.00', '25.00'),
        item(5, 5, 'Óleo', '1.000', '19.99', '19.99'),
        item(6, 3, 'Açúcar', '1.000', '999.99', '999.99'),
        item(7, 3, 'Açúcar', '1.000', '888.88', '888.88'),
        item(8, 4, 'Café', '3.000', '9.99', '29.97'),
      ]);
    const conta = (
      n: number,
      tipo: 'receber' | 'pagar',
      status: string,
      valor: string,
      dataVencimento: string,
      descricao: string,
    ) => ({ id: uuid(500 + n), tipo, status, valor, dataVencimento, descricao });
    await tx.insert(financialAccounts).values([
      conta(1, 'receber', 'em_aberto', '1000.10', '2026-03-14', 'Pedido 1 - Mercado Alfa'), // overdue
      conta(2, 'receber', 'em_aberto', '2000.20', '2026-03-15', 'Pedido 2 - Mercado Alfa'), // due today: not overdue
      conta(3, 'receber', 'em_aberto', '0.05', '2026-04-30', 'Pedido 3 - Padaria Beta'),
      conta(4, 'receber', 'pago', '5000.00', '2026-01-10', 'Pedido antigo pago'),
      conta(5, 'pagar', 'em_aberto', '3500.00', '2026-02-01', 'Aluguel do Galpão'), // overdue
      conta(6, 'pagar', 'em_aberto', '0.40', '2026-03-16', 'Tarifa bancária'),
      conta(7, 'pagar', 'cancelado', '999.00', '2026-01-01', 'Compra cancelada'),
    ]);
  });
  tokens = {
    admin: (await t.signIn(['admin'])).token,
    comercial: (await t.signIn(['comercial'])).token,
    estoque: (await t.signIn(['estoque'])).token,
    financeiro: (await t.signIn(['financeiro'])).token,
    nenhum: (await t.signIn([])).token,
  };
});
afterAll(() => t.close());

const ZERO = (inicio: string, fim: string) => ({
  inicio,
  fim,
  vendas: '0.00',
  total_pedidos: 0,
  ticket_medio: '0.00',
  // a partial month: the previous period's distinct products are not counted (too dear for a ▲/▼)
  produtos_vendidos: null,
});

async function get(path: string, token = tokens.admin) {
  const res = await t.request('GET', `/api/dashboard${path}`, { token });
  expect(res.status, path).toBe(200);
  return res.json();
}

describe('Dashboard Comercial (March 2026)', () => {
  it('cards: month total, order count, average ticket and products sold — to the cent', async () => {
    // 100.10 + 200.20 + 0.33 + 50.00 + 19.99 + 29.97 = 400.59 over 6 orders;
    // 400.59 / 6 = 66.765 -> 66.77 (half away from zero; a float or banker's rounding gives 66.76)
    expect(await get(`/comercial?hoje=${HOJE}`)).toEqual({
      periodo: { inicio: '2026-03-01', fim: '2026-04-01' },
      vendas_mes: '400.59',
      total_pedidos: 6,
      ticket_medio: '66.77',
      produtos_vendidos: 4,
      produto_mais_vendido: 'Café',
      // compared with February up to the 15th: order 6 is dated the 28th, so nothing
      anterior: ZERO('2026-02-01', '2026-02-16'),
    });
  });

  it('Vendas por Período: one row per day with orders, ascending, the 1st and the 31st included', async () => {
    expect(await get(`/comercial/vendas-por-periodo?hoje=${HOJE}`)).toEqual({
      linhas: [
        { data: '2026-03-01', quantidade: 2, total: '300.30' },
        { data: '2026-03-10', quantidade: 1, total: '50.00' },
        { data: '2026-03-15', quantidade: 1, total: '0.33' },
        { data: '2026-03-20', quantidade: 1, total: '29.97' },
        { data: '2026-03-31', quantidade: 1, total: '19.99' },
      ],
    });
  });

  it('Vendas por Produto: sums of the month items by product, descending value', async () => {
    // Café 200.20 + 29.97; Feijão 100.10 + 25.00; Macarrão 0.33 + 25.00; Óleo 19.99; Açúcar only out of month
    expect(await get(`/comercial/vendas-por-produto?hoje=${HOJE}`)).toEqual({
      linhas: [
        { produto: 'Café', quantidade: '7.000', valor_total: '230.17' },
        { produto: 'Feijão', quantidade: '3.000', valor_total: '125.10' },
        { produto: 'Macarrão', quantidade: '6.000', valor_total: '25.33' },
        { produto: 'Óleo', quantidade: '1.000', valor_total: '19.99' },
      ],
    });
  });

  it('Vendas por Cliente: grouped by customer, descending value, latest name snapshot', async () => {
    expect(await get(`/comercial/vendas-por-cliente?hoje=${HOJE}`)).toEqual({
      linhas: [
        { cliente: 'Mercado Alfa', pedidos: 2, valor_total: '300.30' },
        { cliente: 'Empório Gama', pedidos: 2, valor_total: '69.99' },
        { cliente: 'Padaria Beta Nova', pedidos: 2, valor_total: '30.30' },
      ],
    });
  });

  it("Vendas por Vendedor: each order under its OWN seller (the spec's fault fixed), or Sem vendedor", async () => {
    // Bruno: order 2 (customer Alfa, seller Bruno chosen) 200.20 + order 3 0.33 = 200.53
    // Ana: order 1 100.10 + order 8 (customer Beta, seller Ana chosen) 29.97 = 130.07
    // Sem vendedor: orders 4 and 5 = 69.99. Grouping by the customer's seller would give
    // Ana 300.30 / Bruno 30.30; the first-seller fault would give one seller 400.59.
    expect(await get(`/comercial/vendas-por-vendedor?hoje=${HOJE}`)).toEqual({
      linhas: [
        { vendedor: 'Bruno Vendas', pedidos: 2, valor_total: '200.53' },
        { vendedor: 'Ana Vendas', pedidos: 2, valor_total: '130.07' },
        { vendedor: 'Sem vendedor', pedidos: 2, valor_total: '69.99' },
      ],
    });
  });

  it('the month boundary: on 2026-04-01 only the order dated the 1st of April counts', async () => {
    expect(await get('/comercial?hoje=2026-04-01')).toEqual({
      periodo: { inicio: '2026-04-01', fim: '2026-05-01' },
      vendas_mes: '888.88',
      total_pedidos: 1,
      ticket_medio: '888.88',
      produtos_vendidos: 1,
      produto_mais_vendido: 'Açúcar',
      // March up to the 1st: orders 1 and 2 (Feijão, Café), 300.30 / 2 = 150.15
      anterior: {
        inicio: '2026-03-01',
        fim: '2026-03-02',
        vendas: '300.30',
        total_pedidos: 2,
        ticket_medio: '150.15',
        produtos_vendidos: null,
      },
    });
    expect(await get('/comercial/vendas-por-periodo?hoje=2026-02-28')).toEqual({
      linhas: [{ data: '2026-02-28', quantidade: 1, total: '999.99' }],
    });
  });

  it('an empty month: zeros and empty lists', async () => {
    expect(await get('/comercial?hoje=2025-07-04')).toEqual({
      periodo: { inicio: '2025-07-01', fim: '2025-08-01' },
      vendas_mes: '0.00',
      total_pedidos: 0,
      ticket_medio: '0.00',
      produtos_vendidos: 0,
      produto_mais_vendido: null,
      anterior: ZERO('2025-06-01', '2025-06-05'),
    });
    for (const path of [
      'vendas-por-periodo',
      'vendas-por-produto',
      'vendas-por-cliente',
      'vendas-por-vendedor',
    ])
      expect(await get(`/comercial/${path}?hoje=2025-07-04`)).toEqual({ linhas: [] });
  });

  it('without ?hoje the month is the current one of America/Sao_Paulo', async () => {
    const body = (await get('/comercial')) as { periodo: { inicio: string } };
    expect(body.periodo.inicio).toBe(businessMonthStart());
  });

  it('an invalid ?hoje is a 400 with a field error', async () => {
    const res = await t.request('GET', '/api/dashboard/comercial?hoje=2026-02-30', { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      details: { fields: { hoje: ['Data inválida (use AAAA-MM-DD)'] } },
    });
  });
});

describe('Dashboard de Estoque', () => {
  it('cards: active products, below minimum, stock value (rounded once) and above maximum', async () => {
    // value = Feijão 72.50 + Açúcar 333.00 + Café 150.5 × 12.99 = 1954.995 + Óleo 405.00 + Macarrão 48.84
    //       = 2814.335 -> 2814.34; Arroz (0) and Sal (-2) add nothing; Inativo is never counted
    expect(await get('/estoque')).toEqual({
      total_produtos: 7,
      abaixo_minimo: 3,
      valor_total: '2814.34',
      acima_maximo: 2,
    });
  });

  it('Produtos Abaixo do Estoque Mínimo: ascending stock with Zerado/Baixo badges', async () => {
    const { linhas } = (await get('/estoque/abaixo-minimo')) as { linhas: Record<string, unknown>[] };
    expect(linhas.map((l) => [l.codigo, l.nome, l.estoque_atual, l.estoque_minimo, l.status])).toEqual([
      ['A006', 'Sal', '-2.000', '5.000', 'zerado'],
      ['A001', 'Arroz', '0.000', '10.000', 'zerado'],
      ['A002', 'Feijão', '10.000', '10.000', 'baixo'],
    ]);
  });

  it('Produtos Acima do Estoque Máximo: a maximum above 0, descending stock, Excesso badges', async () => {
    const { linhas } = (await get('/estoque/acima-maximo')) as { linhas: Record<string, unknown>[] };
    expect(linhas.map((l) => [l.codigo, l.estoque_atual, l.estoque_maximo, l.status])).toEqual([
      ['A004', '150.500', '100.000', 'excesso'],
      ['A003', '100.000', '100.000', 'excesso'],
    ]);
  });

  it('Produtos por Valor em Estoque: stock above 0, descending cost price, value per row', async () => {
    const { linhas } = (await get('/estoque/valor')) as { linhas: Record<string, unknown>[] };
    expect(linhas.map((l) => [l.codigo, l.estoque_atual, l.preco_custo, l.valor_total])).toEqual([
      ['A004', '150.500', '12.99', '1955.00'],
      ['A005', '50.000', '8.10', '405.00'],
      ['A002', '10.000', '7.25', '72.50'],
      ['A008', '11.000', '4.44', '48.84'],
      ['A003', '100.000', '3.33', '333.00'],
    ]);
  });
});

describe('Dashboard Financeiro', () => {
  it('cards: open receivables, payables, projected balance (negative here) and overdue count', async () => {
    // receber 1000.10 + 2000.20 + 0.05 = 3000.35; pagar 3500.00 + 0.40 = 3500.40; saldo -500.05;
    // overdue: 1000.10 (due yesterday) and 3500.00; due today (2000.20) is NOT overdue
    expect(await get(`/financeiro?hoje=${HOJE}`)).toEqual({
      hoje: HOJE,
      a_receber: '3000.35',
      a_pagar: '3500.40',
      saldo_projetado: '-500.05',
      contas_vencidas: 2,
    });
  });

  it('the next day the account due on the 15th is overdue too', async () => {
    expect(await get('/financeiro?hoje=2026-03-16')).toMatchObject({ contas_vencidas: 3 });
  });

  it('Contas a Receber: open receivables by ascending due date with the overdue flag', async () => {
    const body = (await get(`/financeiro/receber?hoje=${HOJE}`)) as { linhas: Record<string, unknown>[] };
    expect(body.linhas).toEqual([
      {
        id: uuid(501),
        tipo: 'receber',
        descricao: 'Pedido 1 - Mercado Alfa',
        data_vencimento: '2026-03-14',
        valor: '1000.10',
        status: 'em_aberto',
        vencida: true,
      },
      {
        id: uuid(502),
        tipo: 'receber',
        descricao: 'Pedido 2 - Mercado Alfa',
        data_vencimento: '2026-03-15',
        valor: '2000.20',
        status: 'em_aberto',
        vencida: false,
      },
      {
        id: uuid(503),
        tipo: 'receber',
        descricao: 'Pedido 3 - Padaria Beta',
        data_vencimento: '2026-04-30',
        valor: '0.05',
        status: 'em_aberto',
        vencida: false,
      },
    ]);
  });

  it('Contas a Pagar and Contas Vencidas', async () => {
    const pagar = (await get(`/financeiro/pagar?hoje=${HOJE}`)) as { linhas: Record<string, unknown>[] };
    expect(pagar.linhas.map((l) => [l.descricao, l.data_vencimento, l.valor, l.vencida])).toEqual([
      ['Aluguel do Galpão', '2026-02-01', '3500.00', true],
      ['Tarifa bancária', '2026-03-16', '0.40', false],
    ]);
    const vencidas = (await get(`/financeiro/vencidas?hoje=${HOJE}`)) as {
      linhas: Record<string, unknown>[];
    };
    expect(vencidas.linhas.map((l) => [l.tipo, l.descricao, l.data_vencimento, l.vencida])).toEqual([
      ['pagar', 'Aluguel do Galpão', '2026-02-01', true],
      ['receber', 'Pedido 1 - Mercado Alfa', '2026-03-14', true],
    ]);
  });
});

describe('access: each block only for its area (admin passes)', () => {
  const blocks = {
    comercial: [
      '/comercial',
      '/comercial/vendas-por-periodo',
      '/comercial/vendas-por-produto',
      '/comercial/vendas-por-cliente',
      '/comercial/vendas-por-vendedor',
      '/comercial/vendas-por-regiao?periodo=ano',
      '/comercial/serie?periodo=30d',
    ],
    estoque: [
      '/estoque',
      '/estoque/abaixo-minimo',
      '/estoque/acima-maximo',
      '/estoque/valor',
      '/estoque/por-grupo',
    ],
    financeiro: [
      '/financeiro',
      '/financeiro/receber',
      '/financeiro/pagar',
      '/financeiro/vencidas',
      '/financeiro/vencimentos-semanas',
    ],
  } as const;

  it.each(['admin', 'comercial', 'estoque', 'financeiro', 'nenhum'] as const)('%s', async (who) => {
    for (const [area, paths] of Object.entries(blocks)) {
      for (const path of paths) {
        const res = await t.request('GET', `/api/dashboard${path}`, { token: tokens[who] });
        const allowed = who === 'admin' || who === area;
        expect(res.status, `${who} ${path}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(await res.json()).toMatchObject({ code: 'forbidden' });
      }
    }
  });

  it('without a session: 401', async () => {
    const res = await t.request('GET', '/api/dashboard/financeiro');
    expect(res.status).toBe(401);
  });
});
