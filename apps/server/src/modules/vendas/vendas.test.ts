import { randomUUID } from 'node:crypto';
import { businessToday, calculaPedidoOffline, pedidoCreateSchema, type SyncVendas } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  chama,
  criaCliente,
  criaProduto,
  criaRegra,
  criaTitulo,
  entrada,
  type Json,
  pedido,
  tokens,
} from '../comercial/comercial-test-support.ts';
import { computaPedido } from '../comercial/pedido-calculo.service.ts';
import { criaTabela } from '../precos/precos-test-support.ts';
import { podaLogVendas } from './sync-poda.ts';
import { dadosDoDispositivo, vendedorComUsuario } from './vendas-test-support.ts';

// Issue 36: the seller's sync (own customers only, incremental with removals), the device's
// computation against the server's, and orders posted from the device (recomputed, idempotent).

let t: TestContext;
let admin: string;
type Vend = Awaited<ReturnType<typeof vendedorComUsuario>>;
let ana: Vend;
let beto: Vend;
const c = {} as Record<'a1' | 'a2' | 'b1', string>;
const p = {} as Record<'arroz' | 'feijao', string>;
const tab = {} as Record<'geral' | 'litoral' | 'beto', string>;

const sync = async (v: Vend, desde?: string) => {
  const r = await chama(
    t,
    v.token,
    'GET',
    `/api/vendas/sync${desde ? `?desde=${encodeURIComponent(desde)}` : ''}`,
  );
  expect(r.status).toBe(200);
  return r.body as SyncVendas & Json;
};
const ids = (xs: { id: string }[]) => xs.map((x) => x.id).sort();
const posta = (v: Vend, chave: string, body: Json) =>
  Promise.resolve(
    t.request('POST', '/api/vendas/pedidos', { token: v.token, body, headers: { 'Idempotency-Key': chave } }),
  ).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));

beforeAll(async () => {
  t = await createTestApp();
  admin = (await tokens(t)).admin;
  ana = await vendedorComUsuario(t, 'Ana Vendedora', '5');
  beto = await vendedorComUsuario(t, 'Beto Vendedor', '5');
  const [regiao] = rowsOf<{ id: string }>(
    await t.db.execute(sql`insert into regioes_entrega (nome) values ('Litoral') returning id`),
  );
  c.a1 = await criaCliente(t.db, { razaoSocial: 'Mercado Ana Um', limite: '5000', vendedorId: ana.id });
  c.a2 = await criaCliente(t.db, { razaoSocial: 'Mercado Ana Dois', limite: '5000', vendedorId: ana.id });
  c.b1 = await criaCliente(t.db, { razaoSocial: 'Mercado Beto Um', limite: '5000', vendedorId: beto.id });
  await t.db.execute(sql`update clientes set regiao_id = ${regiao!.id} where id = ${c.a2}`);
  p.arroz = await criaProduto(t.db, { nome: 'Arroz 5 kg', precoVenda: '30.00', embalagens: [['FD', '6']] });
  p.feijao = await criaProduto(t.db, { nome: 'Feijão 1 kg', precoVenda: '9.00' });
  await criaRegra(t, admin, { descricao: 'Venda interna', cfop: '5102', destino: 'interna' });
  await entrada(t.db, p.arroz, '100');
  await entrada(t.db, p.feijao, '5');
  tab.geral = await criaTabela(
    t,
    admin,
    { nome: 'Geral vendas', escopo: 'geral', vigencia_inicio: '2026-01-01' },
    { [p.arroz]: { regra: 'preco_fixo', valor: '28,00' } },
  );
  tab.litoral = await criaTabela(
    t,
    admin,
    { nome: 'Litoral', escopo: 'regiao', regiao_id: regiao!.id, vigencia_inicio: '2026-01-01' },
    {
      [p.arroz]: {
        regra: 'preco_fixo',
        valor: '27,00',
        faixas: [{ quantidade_minima: '12', tipo: 'preco', valor: '26,50' }],
      },
    },
  );
  tab.beto = await criaTabela(
    t,
    admin,
    { nome: 'Só do Beto', escopo: 'clientes', cliente_ids: [c.b1], vigencia_inicio: '2026-01-01' },
    { [p.arroz]: { regra: 'preco_fixo', valor: '20,00' } },
  );
  await criaTitulo(t.db, { clienteId: c.a1, valor: '300.00', vencimento: '2026-01-10' });
  await criaTitulo(t.db, { clienteId: c.b1, valor: '700.00', vencimento: '2026-12-31' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/vendas/sync', () => {
  it('refuses a user who is not a seller (403 naming what to ask for), other roles and no session', async () => {
    const solto = await t.signIn(['comercial']);
    const r = await chama(t, solto.token, 'GET', '/api/vendas/sync');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(
      'Seu usuário não está vinculado a um vendedor. Peça ao administrador para vinculá-lo em Cadastros › Vendedores.',
    );
    const estoque = await t.signIn(['estoque']);
    expect((await chama(t, estoque.token, 'GET', '/api/vendas/sync')).status).toBe(403);
    expect((await chama(t, undefined, 'GET', '/api/vendas/sync')).status).toBe(401);
    expect((await chama(t, ana.token, 'GET', '/api/vendas/sync?desde=abc')).status).toBe(400);
  });

  it('GET /api/vendas/vendedor: the seller of the user, or null with what to ask for (the page shows it)', async () => {
    const solto = await t.signIn(['comercial']);
    const r = await chama(t, solto.token, 'GET', '/api/vendas/vendedor');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      vendedor: null,
      mensagem:
        'Seu usuário não está vinculado a um vendedor. Peça ao administrador para vinculá-lo em Cadastros › Vendedores.',
    });
    const a = await chama(t, ana.token, 'GET', '/api/vendas/vendedor');
    expect(a.body).toMatchObject({ vendedor: { id: ana.id, nome: 'Ana Vendedora' }, mensagem: null });
    const estoque = await t.signIn(['estoque']);
    expect((await chama(t, estoque.token, 'GET', '/api/vendas/vendedor')).status).toBe(403);
  });

  it("a seller receives their own carteira and nothing of another seller's", async () => {
    const s = await sync(ana);
    expect(s.completo).toBe(true);
    expect(ids(s.clientes)).toEqual([c.a1, c.a2].sort());
    expect(s.titulos.map((x) => [x.cliente_id, x.saldo])).toEqual([[c.a1, '300.00']]);
    expect(ids(s.tabelas)).toEqual([tab.geral, tab.litoral].sort());
    // nothing of Beto's anywhere in the answer
    const texto = JSON.stringify(s);
    for (const id of [c.b1, tab.beto, beto.id]) expect(texto).not.toContain(id);
    const a1 = s.clientes.find((x) => x.id === c.a1)!;
    expect(a1.credito).toMatchObject({ limite: '5000.00', titulosEmAberto: '300.00', disponivel: '4700.00' });
    expect(a1.credito.vencidos.quantidade).toBe(1);
    const arroz = s.produtos.find((x) => x.id === p.arroz)!;
    expect(arroz).toMatchObject({ disponivel: '100.000', unidade: 'UN', preco_venda: '30.00' });
    expect(arroz.embalagens).toMatchObject([{ unidade: 'FD', fator: '6.000' }]);
    expect(s.vendedor).toMatchObject({ id: ana.id, desconto_maximo: '5.00' });
    expect(s.regras.length).toBeGreaterThan(0);
    expect(s.cursor).toMatch(/^\d+:\d+:/);

    const b = await sync(beto);
    expect(ids(b.clientes)).toEqual([c.b1]);
    expect(ids(b.tabelas)).toEqual([tab.beto, tab.geral].sort());
    expect(b.tabelas.find((x) => x.id === tab.beto)!.cliente_ids).toEqual([c.b1]);
  });

  it('incremental: only what changed since the cursor, with removals', async () => {
    const inicio = await sync(ana);
    const vazio = await sync(ana, inicio.cursor);
    expect(vazio.completo).toBe(false);
    for (const e of ['clientes', 'produtos', 'tabelas', 'pedidos', 'titulos'] as const) {
      expect(vazio[e]).toEqual([]);
      expect(vazio.removidos[e]).toEqual([]);
    }

    // the server changes meanwhile: a price, a new título, a product leaves, a customer changes seller
    const r = await chama(t, admin, 'PUT', `/api/precos/tabelas/${tab.geral}/itens/${p.arroz}`, {
      regra: 'preco_fixo',
      valor: '29,00',
    });
    expect(r.status).toBe(200);
    await criaTitulo(t.db, { clienteId: c.a1, valor: '50.00', vencimento: '2026-12-20' });
    const feijaoExtra = await criaProduto(t.db, { nome: 'Feijão Preto 1 kg', precoVenda: '11.00' });
    await t.db.execute(sql`update products set ativo = false where id = ${feijaoExtra}`);
    await t.db.execute(sql`update clientes set vendedor_id = ${beto.id} where id = ${c.a2}`);

    const s = await sync(ana, inicio.cursor);
    expect(s.completo).toBe(false);
    expect(ids(s.clientes)).toEqual([c.a1]);
    expect(s.removidos.clientes).toEqual([c.a2]);
    expect(s.tabelas.map((x) => [x.id, x.itens[0]?.valor])).toEqual([[tab.geral, '29.00']]);
    expect(s.titulos.map((x) => x.saldo).sort()).toEqual(['300.00', '50.00']);
    expect(s.removidos.produtos).toEqual([feijaoExtra]);
    expect(s.produtos).toEqual([]);
    expect(JSON.stringify(s)).not.toContain(c.b1);

    // Beto's side: the customer who joined comes with the tables that reach it
    const b = await sync(beto, inicio.cursor);
    expect(ids(b.clientes)).toEqual([c.a2]);
    expect(ids(b.tabelas)).toEqual([tab.geral, tab.litoral].sort());
    await t.db.execute(sql`update clientes set vendedor_id = ${ana.id} where id = ${c.a2}`);
  });

  it('the change log is pruned past the retention; a cursor older than the pruned entries gets a full sync', async () => {
    // a cursor this database never gave (from the future) is a full sync too
    expect((await sync(ana, '99999999999:99999999999:')).completo).toBe(true);
    const antigo = await sync(ana);
    await criaTitulo(t.db, { clienteId: c.a1, valor: '12.00', vencimento: '2026-12-22' });
    // nothing is old enough yet
    expect(await podaLogVendas(t.db as Db)).toBe(0);
    expect((await sync(ana, antigo.cursor)).completo).toBe(false);

    // every entry so far is 31 days old; one more change stays recent
    await t.db.execute(sql`update vendas_sync_log set created_at = now() - interval '31 days'`);
    await criaTitulo(t.db, { clienteId: c.a1, valor: '13.00', vencimento: '2026-12-23' });
    const contagem = async () =>
      rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from vendas_sync_log`))[0]!.n;
    const antes = await contagem();
    const podadas = await podaLogVendas(t.db as Db);
    expect(podadas).toBeGreaterThan(0);
    expect(await contagem()).toBe(antes - podadas);
    expect(await contagem()).toBeGreaterThan(0);

    // a cursor that may have missed a pruned entry: full sync, the device replaces its stores
    const s = await sync(ana, antigo.cursor);
    expect(s.completo).toBe(true);
    expect(ids(s.clientes)).toEqual([c.a1, c.a2].sort());
    // a cursor taken after the pruned entries stays incremental and sees the change after it. A
    // snapshot's xmin is the cluster's: on a shared PostgreSQL server a transaction of another
    // database (a bulk load) may hold it below the horizon just pruned — which a 30-day retention
    // never meets — so the cursor's xmin is lifted above the horizon (its in-progress list kept).
    const [h] = rowsOf<{ xid: string }>(
      await t.db.execute(sql`select xid::text as xid from vendas_sync_horizonte`),
    );
    const horizonte = BigInt(h!.xid);
    const novo = await sync(ana);
    const [xmin, xmax, lista] = novo.cursor.split(':') as [string, string, string];
    const cursor =
      BigInt(xmin) > horizonte
        ? novo.cursor
        : `${horizonte + 1n}:${xmax}:${lista
            .split(',')
            .filter((x) => x && BigInt(x) > horizonte)
            .join(',')}`;
    await criaTitulo(t.db, { clienteId: c.a1, valor: '14.00', vencimento: '2026-12-24' });
    const incremental = await sync(ana, cursor);
    expect(incremental.completo).toBe(false);
    expect(incremental.titulos.map((x) => x.saldo)).toContain('14.00');
  });
});

describe('the device computes what the server computes', () => {
  it('same order, same data: equal figures, prices and traces', async () => {
    const s = await sync(ana);
    const dados = dadosDoDispositivo(s);
    const hoje = businessToday();
    for (const clienteId of [c.a1, c.a2]) {
      const digitado = pedidoCreateSchema.parse(
        pedido(
          clienteId,
          [
            [p.arroz, 'FD', '3', '27.90', ['percentual', '2']],
            [p.feijao, 'UN', '4', '9.00'],
          ],
          { desconto_tipo: 'valor', desconto: '5,00', frete: '12,00' },
        ),
      );
      const noAparelho = calculaPedidoOffline(dados, digitado, hoje);
      expect(noAparelho.ok).toBe(true);
      const noServidor = await computaPedido(t.db, { ...digitado, vendedor_id: ana.id });
      if (!noAparelho.ok) return;
      expect(noAparelho.calculo).toEqual(noServidor.calculo);
      expect(noAparelho.precos).toEqual(noServidor.precos);
    }
  });
});

describe('POST /api/vendas/pedidos', () => {
  const corpo = (
    clienteId: string,
    itens: Parameters<typeof pedido>[1],
    precosTabela: (string | null)[],
    total: string,
    extra: Json = {},
  ) => ({
    pedido: pedido(clienteId, itens, extra),
    dispositivo: { total, precos_tabela: precosTabela },
  });

  it('creates and confirms the order once; a retry answers the same order', async () => {
    const chave = randomUUID();
    // Mercado Ana Dois: no overdue título, the Litoral table (27,00)
    const body = corpo(c.a2, [[p.arroz, 'UN', '2', '27.00']], ['27.00'], '54.00');
    const r = await posta(ana, chave, body);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'liberado',
      valor_total: '54.00',
      diferencas: [],
      repetido: false,
    });
    const again = await posta(ana, chave, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ pedido_id: r.body.pedido_id, repetido: true });
    const [n] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from vendas_pedidos_dispositivo where idempotency_key = ${chave}`,
      ),
    );
    expect(n!.n).toBe(1);
    // another user cannot reuse the key
    expect((await posta(beto, chave, body)).status).toBe(409);
  });

  it('a line at the device table price follows the server price; the seller reads what changed', async () => {
    // the device priced at 27,00; the Litoral table went to 27,50 meanwhile
    const put = await chama(t, admin, 'PUT', `/api/precos/tabelas/${tab.litoral}/itens/${p.arroz}`, {
      regra: 'preco_fixo',
      valor: '27,50',
    });
    expect(put.status).toBe(200);
    const r = await posta(
      ana,
      randomUUID(),
      corpo(c.a2, [[p.arroz, 'UN', '2', '27.00']], ['27.00'], '54.00'),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'liberado', valor_total: '55.00' });
    expect(r.body.diferencas).toEqual([
      'Preço de Arroz 5 kg mudou de R$\u00a027,00 para R$\u00a027,50',
      'Total do pedido mudou de R$\u00a054,00 para R$\u00a055,00',
    ]);
    // a price the seller typed over the table is kept (the price blocker judges it)
    const typed = await posta(
      ana,
      randomUUID(),
      corpo(c.a2, [[p.arroz, 'UN', '1', '27.40']], ['27.00'], '27.40'),
    );
    expect(typed.body).toMatchObject({ valor_total: '27.40', diferencas: [] });
  });

  it('keeps the condição and forma de pagamento the seller chose; an inactive one is refused', async () => {
    const [cond, condVelha] = rowsOf<{ id: string }>(
      await t.db.execute(sql`insert into condicoes_pagamento (nome, dias, ativo)
        values ('Vendas 28 dias', '{28}', true), ('Vendas 90 dias', '{90}', false) returning id`),
    );
    const [forma, formaVelha] = rowsOf<{ id: string }>(
      await t.db.execute(sql`insert into formas_pagamento (nome, tipo, ativo)
        values ('Vendas Boleto', 'boleto', true), ('Vendas Cheque', 'cheque', false) returning id`),
    );
    // the sync lists the active ones only: what the device offers
    const s = await sync(ana);
    expect(s.condicoes.map((x) => x.id)).toContain(cond!.id);
    expect(s.condicoes.map((x) => x.id)).not.toContain(condVelha!.id);
    expect(s.formas.map((x) => x.id)).toContain(forma!.id);
    expect(s.formas.map((x) => x.id)).not.toContain(formaVelha!.id);

    const ok = await posta(
      ana,
      randomUUID(),
      corpo(c.a2, [[p.arroz, 'UN', '1', '27.50']], ['27.50'], '27.50', {
        condicao_pagamento_id: cond!.id,
        forma_pagamento_id: forma!.id,
      }),
    );
    expect(ok.status).toBe(201);
    const gravado = await chama(t, admin, 'GET', `/api/comercial/pedidos/${ok.body.pedido_id}`);
    expect(gravado.body).toMatchObject({ condicao_pagamento_id: cond!.id, forma_pagamento_id: forma!.id });

    const chave = randomUUID();
    const inativas = await posta(
      ana,
      chave,
      corpo(c.a2, [[p.arroz, 'UN', '1', '27.50']], ['27.50'], '27.50', {
        condicao_pagamento_id: condVelha!.id,
        forma_pagamento_id: formaVelha!.id,
      }),
    );
    expect(inativas.status).toBe(400);
    expect(inativas.body.details.fields).toEqual({
      'pedido.condicao_pagamento_id': [
        'Condição de pagamento inativa ou não encontrada: sincronize e escolha outra',
      ],
      'pedido.forma_pagamento_id': [
        'Forma de pagamento inativa ou não encontrada: sincronize e escolha outra',
      ],
    });
    const inexistente = await posta(
      ana,
      randomUUID(),
      corpo(c.a2, [[p.arroz, 'UN', '1', '27.50']], ['27.50'], '27.50', {
        condicao_pagamento_id: randomUUID(),
      }),
    );
    expect(inexistente.body.details.fields).toEqual({
      'pedido.condicao_pagamento_id': [
        'Condição de pagamento inativa ou não encontrada: sincronize e escolha outra',
      ],
    });
    // a refused order takes no key: corrected, the same key goes through
    const [n] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from vendas_pedidos_dispositivo where idempotency_key = ${chave}`,
      ),
    );
    expect(n!.n).toBe(0);
  });

  it('stock short: the order goes bloqueado and the seller reads why', async () => {
    const r = await posta(
      ana,
      randomUUID(),
      corpo(c.a2, [[p.feijao, 'UN', '50', '9.00']], ['9.00'], '450.00'),
    );
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('bloqueado');
    expect(r.body.diferencas.some((d: string) => d.startsWith('Estoque insuficiente: bloqueado'))).toBe(true);
  });

  it("refuses another seller's customer, a missing key and a user who is not a seller", async () => {
    const body = corpo(c.b1, [[p.arroz, 'UN', '1', '29.00']], ['29.00'], '29.00');
    const r = await posta(ana, randomUUID(), body);
    expect(r.status).toBe(400);
    expect(r.body.details.fields['pedido.cliente_id']).toEqual(['Este cliente não é da sua carteira']);
    const semChave = await chama(t, ana.token, 'POST', '/api/vendas/pedidos', body);
    expect(semChave.status).toBe(400);
    const solto = await t.signIn(['comercial']);
    const nv = await t.request('POST', '/api/vendas/pedidos', {
      token: solto.token,
      body,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(nv.status).toBe(403);
  });
});
