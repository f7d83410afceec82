import { addDays, businessToday } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { chama, criaProduto, criaUnidades, type Json, tokens } from '../comercial/comercial-test-support.ts';

// The purchase suggestion through the API (issue 34). The history is written straight into the
// ledger with past moments (the ledger service stamps "now"), with the running balance the ledger
// keeps (saldo_produto); the balances, lots and a posted receipt likewise. Windows of 90 days ending
// yesterday, coverage 30, safety 5, the supplier's lead time 10 → diasAlvo 45 unless the product has
// its own lead time. Figures worked by hand below.

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let forn: string;
let fornVazio: string;
let local: string;
let ruptura: string;
let caixas: string;
let emPedido: string;
let vencendo: string;
const hoje = businessToday();
const dia = (n: number) => addDays(hoje, n);
const api = (token: string, method: string, p: string, body?: unknown) => chama(t, token, method, p, body);
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const ROTA = '/api/compras/sugestao';

/** One ledger row at noon (São Paulo) of `d`. */
async function movimento(produto: string, d: string, quantidade: number, saldo: number, tipo = 'saida') {
  await t.db.execute(sql`insert into estoque_movimentos (product_id, local_id, tipo, quantidade, custo_unitario,
      saldo_produto, origem, origem_id, ocorrido_em)
    values (${produto}, ${local}, ${tipo}, ${quantidade}, 5, ${saldo}, ${tipo === 'saida' ? 'pedido' : 'entrada'},
      'teste', (${d}::date + time '12:00') at time zone 'America/Sao_Paulo')`);
}

/** An entrada of `inicial` on `inicio`, then `porDia` sold each day from `de` for `dias` days. */
async function historico(
  produto: string,
  inicio: string,
  inicial: number,
  de: string,
  dias: number,
  porDia: number,
) {
  await movimento(produto, inicio, inicial, inicial, 'entrada');
  for (let k = 0; k < dias; k++)
    await movimento(produto, addDays(de, k), -porDia, inicial - porDia * (k + 1));
}

async function saldo(produto: string, quantidade: number, reservado = 0, lote: string | null = null) {
  await t.db.execute(sql`insert into estoque_saldos (produto_id, local_id, lote_id, saldo, reservado)
    values (${produto}, ${local}, ${lote}, ${quantidade}, ${reservado})`);
}

beforeAll(async () => {
  t = await createTestApp();
  tk = await tokens(t);
  await criaUnidades(t.db);
  const [l] = await q<{ id: string }>(
    sql`insert into locais_estoque (codigo, nome) values ('SUG', 'Depósito sugestão') returning id`,
  );
  local = l!.id;
  const [f1] = await t.db
    .insert(fornecedores)
    .values({
      tipoPessoa: 'J',
      documento: '34128745000152',
      razaoSocial: 'Laticínios Serra Azul Ltda',
      nomeFantasia: 'Serra Azul',
      prazoMedioEntrega: 10,
    })
    .returning({ id: fornecedores.id });
  const [f2] = await t.db
    .insert(fornecedores)
    .values({ tipoPessoa: 'J', documento: '11222333000181', razaoSocial: 'Fornecedor Sem Produtos ME' })
    .returning({ id: fornecedores.id });
  forn = f1!.id;
  fornVazio = f2!.id;
  await t.db.execute(sql`update fornecedores set pedido_minimo = 5000 where id = ${forn}`);
  ruptura = await criaProduto(t.db, { nome: 'A Queijo Minas 500g' });
  caixas = await criaProduto(t.db, { nome: 'B Iogurte 170g', embalagens: [['CX', '12']] });
  emPedido = await criaProduto(t.db, { nome: 'C Manteiga 200g', embalagens: [['CX', '6']] });
  vencendo = await criaProduto(t.db, { nome: 'D Requeijão 250g' });
  const inativo = await criaProduto(t.db, { nome: 'E Descontinuado' });
  await t.db.execute(sql`update products set fornecedor_id = ${forn}, custo_medio = 5
    where id in (${ruptura}, ${caixas}, ${emPedido}, ${vencendo}, ${inativo})`);
  await t.db.execute(sql`update products set ativo = false where id = ${inativo}`);
  await t.db.execute(sql`update products set prazo_entrega_dias = 7 where id = ${caixas}`);
  await t.db.execute(sql`update products set controla_lote = true where id = ${vencendo}`);

  // A: 600 in on day −100; 10 sold a day from −90 to −31 (60 days) → balance 0 at the end of −31,
  // out of stock −31…−1 = 31 days; 590 sold on the 59 days with stock → 10.0000/day (not 600/90).
  await historico(ruptura, dia(-100), 600, dia(-90), 60, 10);
  await movimento(ruptura, hoje, 50, 50, 'entrada'); // today: 50 arrived, 10 of them reserved
  await saldo(ruptura, 50, 10);
  // B: 295 in on −95; 3 a day for the 90 days → 25 left, never out; its own lead time 7 → 42 days.
  await historico(caixas, dia(-95), 295, dia(-90), 90, 3);
  await saldo(caixas, 25);
  // C: 195 in on −95; 2 a day for 90 days → 15 left.
  await historico(emPedido, dia(-95), 195, dia(-90), 90, 2);
  await saldo(emPedido, 15);
  // D: 285 in on −95; 2 a day → 105 left, in four lots: 5 expired 5 days ago, 30 expiring in 5 days,
  // 40 in 20 days, 30 in 400 days (beyond the horizon 10 + 30 + 5 = 45).
  await historico(vencendo, dia(-95), 285, dia(-90), 90, 2);
  for (const [numero, qtd, validade] of [
    ['L1', 5, dia(-5)],
    ['L2', 30, dia(5)],
    ['L3', 40, dia(20)],
    ['L4', 30, dia(400)],
  ] as const) {
    const [lt] = await q<{ id: string }>(sql`insert into lotes (produto_id, numero, validade)
      values (${vencendo}, ${numero}, ${validade}) returning id`);
    await saldo(vencendo, qtd, 0, lt!.id);
  }
  // B's last purchase: a posted receipt at R$ 2,5000 per unit
  const [e] = await q<{ id: string }>(sql`insert into entradas (status, origem, fornecedor_id, lancada_em)
    values ('lancada', 'manual', ${forn}, (${dia(-95)}::date + time '09:00') at time zone 'America/Sao_Paulo')
    returning id`);
  await t.db.execute(sql`insert into entrada_itens (entrada_id, n_item, c_prod, x_prod, u_com, q_com, v_un_com,
      v_prod, produto_id, custo_unitario)
    values (${e!.id}, 1, 'IOG170', 'IOGURTE 170G', 'UN', 295, 2.5, 737.50, ${caixas}, 2.5)`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const produto = (body: Json, id: string) => (body.produtos as Json[]).find((p) => p.produtoId === id) as Json;

describe('purchase suggestion: permission and errors', () => {
  it('is for the buyers: comercial → 403 on both routes', async () => {
    expect((await api(tk.comercial, 'GET', `${ROTA}?fornecedor_id=${forn}`)).status).toBe(403);
    const r = await api(tk.comercial, 'POST', `${ROTA}/pedido`, {
      fornecedor_id: forn,
      itens: [{ produto_id: caixas, quantidade: '1', preco: '30' }],
    });
    expect(r.status).toBe(403);
  });

  it('404 for an unknown supplier; a supplier without products → empty list with a message', async () => {
    const r = await api(tk.estoque, 'GET', `${ROTA}?fornecedor_id=${crypto.randomUUID()}`);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Fornecedor não encontrado');
    const v = await api(tk.estoque, 'GET', `${ROTA}?fornecedor_id=${fornVazio}`);
    expect(v.status).toBe(200);
    expect(v.body.produtos).toEqual([]);
    expect(v.body.mensagem).toBe(
      'O fornecedor não tem produtos ativos (com ele como fornecedor no cadastro do produto).',
    );
    expect((await api(tk.estoque, 'GET', `${ROTA}?fornecedor_id=${forn}&janela_dias=3`)).status).toBe(400);
  });
});

describe('purchase suggestion: figures', () => {
  let body: Json;

  it('an approved purchase order of C: 8 CX-6 = 48 UN «em pedido»', async () => {
    const r = await api(tk.estoque, 'POST', '/api/compras/pedidos', {
      fornecedor_id: forn,
      itens: [{ produto_id: emPedido, unidade: 'CX', quantidade: '8', preco: '30' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await api(tk.estoque, 'POST', `/api/compras/pedidos/${r.body.id}/aprovar`)).status).toBe(200);
    const s = await api(
      tk.estoque,
      'GET',
      `${ROTA}?fornecedor_id=${forn}&janela_dias=90&cobertura_dias=30&seguranca_dias=5`,
    );
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    body = s.body;
    expect(body.fornecedor).toEqual({
      id: forn,
      nome: 'Serra Azul',
      prazo_entrega_dias: 10,
      pedido_minimo: '5000.00',
    });
    expect(body.parametros).toMatchObject({
      hoje,
      janela: { de: dia(-90), ate: dia(-1) },
      janela_anterior: { de: dia(-180), ate: dia(-91) },
      cobertura_dias: 30,
      seguranca_dias: 5,
      prazo_padrao_dias: 7,
      horizonte_vencimento_dias: 45,
    });
    // the inactive product is left out; sorted by código
    expect((body.produtos as Json[]).map((p) => p.nome)).toEqual([
      'A Queijo Minas 500g',
      'B Iogurte 170g',
      'C Manteiga 200g',
      'D Requeijão 250g',
    ]);
  });

  it('A, a stock-out: 590 ÷ 59 days with stock = 10/day; 10 × 45 − (50 − 10) = 410 UN', () => {
    const a = produto(body, ruptura);
    expect(a).toMatchObject({
      unidade: 'UN',
      demandaDiaria: '10.0000',
      demandaOrigem: 'atual',
      // previous window: 80 days out, 10 with stock and nothing sold → no trend
      tendenciaPercentual: null,
      disponivel: '40.000',
      diasCoberturaHoje: '4.0',
      prazoEntregaDias: 10,
      prazoOrigem: 'fornecedor',
      diasAlvo: 45,
      necessidade: '410.0000',
      quantidadeSugerida: '410.000',
      quantidadeEmbalagens: '410',
      custoUnitario: '5.0000',
      valor: '2050.00',
    });
    expect((a.alertas as Json[]).map((x) => x.mensagem)).toEqual([
      'Ruptura no período: 31 dias sem estoque (fora da média de venda)',
      'Sem embalagem de compra: sugerido em UN (unidade base)',
    ]);
  });

  it('B, boxes of 12: 3/day × 42 − 25 = 101 → 8,42 CX → 9 CX = 108 UN at the last price 2,50', () => {
    expect(produto(body, caixas)).toMatchObject({
      demandaDiaria: '3.0000',
      prazoEntregaDias: 7,
      prazoOrigem: 'produto',
      diasAlvo: 42,
      necessidade: '101.0000',
      quantidadeSugerida: '108.000',
      embalagem: { unidade: 'CX', fator: '12.000' },
      quantidadeEmbalagens: '9',
      ultimaCompra: { preco: '2.5000', data: dia(-95) },
      custoUnitario: '2.5000',
      valor: '270.00',
      alertas: [],
    });
  });

  it('C, with an open purchase order: 2 × 45 − 15 − 48 = 27 → CX-6 → 5 CX = 30 UN', () => {
    expect(produto(body, emPedido)).toMatchObject({
      demandaDiaria: '2.0000',
      emPedido: '48.000',
      necessidade: '27.0000',
      quantidadeSugerida: '30.000',
      quantidadeEmbalagens: '5',
      valor: '150.00',
    });
  });

  it('D, lots near expiry: 75 expiring, 33 will not sell in time → 2 × 45 − (105 − 33) = 18 UN', () => {
    // L1 5 expired: loses 5; L2 30 in 5 days: sells 2 × 6 = 12, loses 18; L3 40 in 20 days:
    // sells 2 × 21 − 12 = 30, loses 10; L4 beyond the horizon.
    const d = produto(body, vencendo);
    expect(d).toMatchObject({
      disponivel: '105.000',
      quantidadeVencendo: '75.000',
      perdaVencimento: '33.000',
      necessidade: '18.0000',
      quantidadeSugerida: '18.000',
      valor: '90.00',
    });
    expect((d.alertas as Json[])[0]).toMatchObject({ codigo: 'lotes_vencendo' });
  });

  it('totals: 4 items, R$ 2.560,00, R$ 2.440,00 short of the supplier minimum; ABC by value sold', () => {
    // 2050 + 270 + 150 + 90 = 2560; value sold (at cost 5, the whole window, the stock-out day
    // included): A 600×5 = 3000, B 1350, C 900, D 900 of 6150. Share before: A 0 % → A, B 48.8 % → A,
    // the first of the C/D tie (by id) 70.7 % → A, the other 85.4 % → B.
    expect(body.totais).toMatchObject({
      itens: 4,
      valor: '2560.00',
      pedidoMinimo: '5000.00',
      faltaParaPedidoMinimo: '2440.00',
    });
    const classes = (body.produtos as Json[]).map((p) => p.classeAbc);
    expect(classes.slice(0, 2)).toEqual(['A', 'A']);
    expect(classes.slice(2).sort()).toEqual(['A', 'B']);
  });

  it('narrowed to some products (produto_ids)', async () => {
    const r = await api(tk.estoque, 'GET', `${ROTA}?fornecedor_id=${forn}&produto_ids=${caixas},${emPedido}`);
    expect(r.status).toBe(200);
    expect((r.body.produtos as Json[]).map((p) => p.produtoId)).toEqual([caixas, emPedido]);
    // the company defaults: coverage 30, safety 5
    expect(r.body.parametros).toMatchObject({ cobertura_dias: 30, seguranca_dias: 5 });
  });
});

describe('purchase suggestion → purchase order', () => {
  it('creates a draft through the order service: B in its purchase packaging by default', async () => {
    const r = await api(tk.estoque, 'POST', `${ROTA}/pedido`, {
      fornecedor_id: forn,
      itens: [
        { produto_id: caixas, quantidade: '9', preco: '30' },
        { produto_id: ruptura, unidade: 'UN', quantidade: '410', preco: '5' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ status: 'rascunho', valor_total: '2320.00' });
    expect((r.body.itens as Json[]).map((i) => [i.unidade, i.quantidade_informada, i.quantidade])).toEqual([
      ['CX', '9.000', '108.000'],
      ['UN', '410.000', '410.000'],
    ]);
    // the order service's validation answers as for POST /pedidos (422 per field), nothing written
    const antes = (await q<{ n: number }>(sql`select count(*)::int as n from pedidos_compra`))[0]!.n;
    const x = await api(tk.estoque, 'POST', `${ROTA}/pedido`, {
      fornecedor_id: forn,
      itens: [{ produto_id: caixas, unidade: 'FD', quantidade: '1', preco: '30' }],
    });
    expect(x.status).toBe(422);
    expect((await q<{ n: number }>(sql`select count(*)::int as n from pedidos_compra`))[0]!.n).toBe(antes);
  });
});
