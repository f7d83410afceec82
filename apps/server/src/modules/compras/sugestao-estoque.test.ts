import { addDays, businessToday, STATUS_LIBERADOS_NAO_FATURADOS } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { criaCliente, criaProduto, criaUnidades } from '../comercial/comercial-test-support.ts';
import { filtroProdutos, sqlEstoque } from './sugestao-compra.service.ts';

// The suggestion's stock / lots / back-orders / last-purchase statement (sqlEstoque) is set-based:
// one index pass over each table for all the supplier's products (their ids as one array). Its first form looked each product up on its own
// (three LATERALs); that form is kept here, as it was, and both must give the same rows on data that
// holds each case: an avaria location, lots with and without balance, orders in and out of the
// released statuses with partial, full and excess reservations, receipts posted or not, with and
// without a unit cost, products with nothing, another supplier's product.

const TZ = 'America/Sao_Paulo';

/** The per-product form sqlEstoque replaced (the reference). */
function sqlEstoquePorProduto(filtro: SQL): SQL {
  const liberados = sql.raw(`array['${STATUS_LIBERADOS_NAO_FATURADOS.join("','")}']`);
  return sql`with p as (select p.id from products p where ${filtro})
    select p.id as produto_id,
      coalesce(s.saldo, 0)::numeric(18,3)::text as saldo, coalesce(s.reservado, 0)::numeric(18,3)::text as reservado,
      s.lotes, coalesce(b.pendentes, 0)::numeric(18,3)::text as pendentes,
      u.preco as ultima_preco, u.data as ultima_data
    from p
    left join lateral (
      select sum(es.saldo) as saldo, sum(es.reservado) as reservado,
        json_agg(json_build_object('quantidade', es.saldo::text, 'validade', lt.validade::text) order by lt.validade)
          filter (where lt.id is not null and es.saldo > 0) as lotes
      from estoque_saldos es join locais_estoque l on l.id = es.local_id and l.tipo <> 'avaria'
      left join lotes lt on lt.id = es.lote_id
      where es.produto_id = p.id) s on true
    left join lateral (
      select sum(greatest(i.qtd - coalesce((select sum(r.quantidade) from estoque_reservas r
          where r.origem = 'pedido' and r.origem_id = i.order_id::text and r.produto_id = p.id), 0), 0)) as pendentes
      from (select it.order_id, sum(it.quantidade) as qtd from sales_order_items it
        join sales_orders o on o.id = it.order_id and o.status = any(${liberados})
        where it.product_id = p.id group by it.order_id) i) b on true
    left join lateral (
      select ei.custo_unitario::numeric(18,4)::text as preco, (e.lancada_em at time zone ${TZ})::date::text as data
      from entrada_itens ei join entradas e on e.id = ei.entrada_id and e.status = 'lancada'
      where ei.produto_id = p.id and ei.custo_unitario is not null
      order by e.lancada_em desc limit 1) u on true`;
}

let t: TestContext;
let forn: string;
let outroForn: string;
const produtos: Record<string, string> = {};
const hoje = businessToday();
const dia = (n: number) => addDays(hoje, n);
const q = async <T>(s: SQL) => rowsOf<T>(await t.db.execute(s));

async function local(codigo: string, tipo: string) {
  const [l] = await q<{ id: string }>(
    sql`insert into locais_estoque (codigo, nome, tipo) values (${codigo}, ${codigo}, ${tipo}) returning id`,
  );
  return l!.id;
}

async function saldo(
  produto: string,
  localId: string,
  qtd: number,
  reservado = 0,
  lote: string | null = null,
) {
  await t.db.execute(sql`insert into estoque_saldos (produto_id, local_id, lote_id, saldo, reservado)
    values (${produto}, ${localId}, ${lote}, ${qtd}, ${reservado})`);
}

async function lote(produto: string, numero: string, validade: string) {
  const [l] = await q<{ id: string }>(sql`insert into lotes (produto_id, numero, validade)
    values (${produto}, ${numero}, ${validade}) returning id`);
  return l!.id;
}

let nPedido = 0;
/** A sales order in `status` with lines [produto, quantidade]; returns its id. */
async function pedido(cliente: string, status: string, linhas: [string, number][]) {
  const [o] = await q<{
    id: string;
  }>(sql`insert into sales_orders (cliente_id, cliente_nome, data_emissao, status,
      valor_total) values (${cliente}, 'Cliente', ${hoje}, ${status}, 0) returning id`);
  for (const [produto, quantidade] of linhas)
    await t.db.execute(sql`insert into sales_order_items (order_id, product_id, produto_nome, quantidade,
        preco_unitario, subtotal) values (${o!.id}, ${produto}, ${`item ${++nPedido}`}, ${quantidade}, 1, ${quantidade})`);
  return o!.id;
}

async function reserva(pedidoId: string, produto: string, localId: string, quantidade: number) {
  await t.db.execute(sql`insert into estoque_reservas (origem, origem_id, produto_id, local_id, quantidade)
    values ('pedido', ${pedidoId}, ${produto}, ${localId}, ${quantidade})`);
}

/** A receipt of `status` on day `d` (09:00 or `hora`, São Paulo) with items [produto, custo]. */
async function recebimento(status: string, d: string, itens: [string, number | null][], hora = '09:00') {
  const [e] = await q<{ id: string }>(sql`insert into entradas (status, origem, fornecedor_id, lancada_em)
    values (${status}, 'manual', ${forn}, (${d}::date + ${hora}::time) at time zone ${TZ}) returning id`);
  for (const [i, [produto, custo]] of itens.entries())
    await t.db.execute(sql`insert into entrada_itens (entrada_id, n_item, c_prod, x_prod, u_com, q_com, v_un_com,
        v_prod, produto_id, custo_unitario)
      values (${e!.id}, ${i + 1}, ${`C${i}`}, 'ITEM', 'UN', 1, 1, 1, ${produto}, ${custo})`);
}

beforeAll(async () => {
  t = await createTestApp();
  await criaUnidades(t.db);
  const [f1, f2] = await t.db
    .insert(fornecedores)
    .values([
      { tipoPessoa: 'J', documento: '34128745000152', razaoSocial: 'Fornecedor Estoque Ltda' },
      { tipoPessoa: 'J', documento: '11222333000181', razaoSocial: 'Outro Fornecedor ME' },
    ])
    .returning({ id: fornecedores.id });
  forn = f1!.id;
  outroForn = f2!.id;
  for (const nome of ['lotes', 'pedidos', 'compras', 'vazio', 'outro'])
    produtos[nome] = await criaProduto(t.db, { nome });
  await t.db.execute(sql`update products set fornecedor_id = ${forn} where id <> ${produtos.outro}`);
  await t.db.execute(sql`update products set fornecedor_id = ${outroForn} where id = ${produtos.outro}`);
  const dep = await local('SE-DEP', 'deposito');
  const sep = await local('SE-SEP', 'separacao');
  const avaria = await local('SE-AVA', 'avaria');
  const [pl, pp, pc, outro] = [produtos.lotes!, produtos.pedidos!, produtos.compras!, produtos.outro!];

  // lotes: balance without lot in two sellable locations and in avaria (left out); lots with a
  // balance (two of them the same validade), one empty, one negative, one only in avaria.
  await saldo(pl, dep, 10, 2);
  await saldo(pl, sep, 3.5, 1);
  await saldo(pl, avaria, 5);
  const l1 = await lote(pl, 'L1', dia(5));
  const l2 = await lote(pl, 'L2', dia(-1));
  const l3 = await lote(pl, 'L3', dia(10));
  const l4 = await lote(pl, 'L4', dia(30));
  const l5 = await lote(pl, 'L5', dia(5));
  const l6 = await lote(pl, 'L6', dia(40));
  await saldo(pl, dep, 3, 0, l1);
  await saldo(pl, sep, 0, 0, l2);
  await saldo(pl, avaria, 4, 0, l3);
  await saldo(pl, dep, -1, 0, l4);
  await saldo(pl, sep, 7, 0, l5);
  await saldo(pl, dep, 12.25, 3, l6);
  await saldo(outro, dep, 9, 1);

  // pedidos: back-orders — a released order with two lines of the product (5) and 2 reserved → 3;
  // one in separation with more reserved than ordered → 0; one in conference with nothing reserved
  // → 4.5; a draft and an invoiced order (not counted); reservations of another origin or product.
  const cliente = await criaCliente(t.db, { razaoSocial: 'Mercado Estoque', limite: '100000' });
  const o1 = await pedido(cliente, 'liberado', [
    [pp, 3],
    [pp, 2],
    [pl, 7],
  ]);
  await reserva(o1, pp, dep, 2);
  const o2 = await pedido(cliente, 'em_separacao', [[pp, 4]]);
  await reserva(o2, pp, dep, 6);
  await pedido(cliente, 'conferido', [[pp, 4.5]]);
  const rascunho = await pedido(cliente, 'digitado', [[pp, 100]]);
  await reserva(rascunho, pp, dep, 1);
  await pedido(cliente, 'faturado', [[pp, 50]]);
  await pedido(cliente, 'liberado', [[outro, 8]]);
  await t.db.execute(sql`insert into estoque_reservas (origem, origem_id, produto_id, local_id, quantidade)
    values ('expedicao', ${o1}, ${pl}, ${dep}, 3)`);

  // compras: last purchase — two posted receipts (the later wins), a later draft and a later posted
  // one without a unit cost (both skipped); a late-evening receipt names its São Paulo day.
  await recebimento('lancada', dia(-30), [[pc, 2.5]]);
  await recebimento('lancada', dia(-10), [
    [pc, 3.125],
    [pl, 1.1],
  ]);
  await recebimento('rascunho', dia(-2), [[pc, 9]]);
  await recebimento('lancada', dia(-1), [[pc, null]]);
  await recebimento('lancada', dia(-3), [[pp, 4]], '23:30');
  await recebimento('estornada', dia(-1), [[pp, 8]]);
  await recebimento('lancada', dia(-1), [[outro, 6]]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Linha = { produto_id: string };
const ordem = (a: Linha, b: Linha) => a.produto_id.localeCompare(b.produto_id);

describe('suggestion stock statement (sqlEstoque), set-based', () => {
  it('holds the cases the test means', async () => {
    const filtro = filtroProdutos({ fornecedor_id: forn, janela_dias: 90 });
    const linhas = new Map(
      (await q<Linha & Record<string, unknown>>(sqlEstoque(filtro))).map((r) => [r.produto_id, r]),
    );
    expect(linhas.size).toBe(4);
    expect(linhas.get(produtos.lotes!)).toMatchObject({
      saldo: '34.750',
      reservado: '6.000',
      pendentes: '7.000',
      ultima_preco: '1.1000',
      ultima_data: dia(-10),
    });
    expect(
      (linhas.get(produtos.lotes!)!.lotes as { quantidade: string; validade: string }[]).map(
        (l) => l.validade,
      ),
    ).toEqual([dia(5), dia(5), dia(40)]);
    expect(linhas.get(produtos.pedidos!)).toMatchObject({
      saldo: '0.000',
      lotes: null,
      pendentes: '7.500',
      ultima_preco: '4.0000',
      ultima_data: dia(-3),
    });
    expect(linhas.get(produtos.compras!)).toMatchObject({ ultima_preco: '3.1250', ultima_data: dia(-10) });
    expect(linhas.get(produtos.vazio!)).toEqual({
      produto_id: produtos.vazio,
      saldo: '0.000',
      reservado: '0.000',
      lotes: null,
      pendentes: '0.000',
      ultima_preco: null,
      ultima_data: null,
    });
  });

  for (const [nome, filtro] of [
    ['the supplier', () => filtroProdutos({ fornecedor_id: forn, janela_dias: 90 })],
    [
      'some products (produto_ids)',
      () =>
        filtroProdutos({
          fornecedor_id: forn,
          janela_dias: 90,
          produto_ids: [produtos.lotes!, produtos.vazio!],
        }),
    ],
    ['the other supplier', () => filtroProdutos({ fornecedor_id: outroForn, janela_dias: 90 })],
  ] as const)
    it(`equals the per-product form: ${nome}`, async () => {
      const esperado = (await q<Linha>(sqlEstoquePorProduto(filtro()))).sort(ordem);
      const lido = (await q<Linha>(sqlEstoque(filtro()))).sort(ordem);
      expect(esperado.length).toBeGreaterThan(0);
      expect(lido).toEqual(esperado);
    });
});
