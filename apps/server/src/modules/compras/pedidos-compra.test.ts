import { businessToday } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { paginasPdf, temPoppler } from '../../test/pdf-texto.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { chama, criaProduto, type Json, tokens } from '../comercial/comercial-test-support.ts';

// Purchase orders through the API (issue 34): a draft with a line in boxes (CX = 12 UN) and one in
// the base unit, its validation in pt-BR, editing on the version read, approval by value (the
// estoque buyer refused above the company's limit, the admin approves, a role the company lists
// approves too; audited), «Enviar ao fornecedor» queueing the e-mail with the order's PDF, cancel,
// the Compras permission, and the open quantity per product («em pedido»).

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let admin: { userId: string; email: string; token: string };
let granola: string;
let mel: string;
let inativo: string;
let forn: string;
let fornSemEmail: string;
let condicao: string;

const api = (token: string, method: string, p: string, body?: unknown) => chama(t, token, method, p, body);
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const ROTA = '/api/compras/pedidos';
const contaPedidos = async () =>
  (await q<{ n: number }>(sql`select count(*)::int as n from pedidos_compra`))[0]!.n;

const pedidoBase = (extra: Json = {}) => ({
  fornecedor_id: forn,
  condicao_pagamento_id: condicao,
  frete: '25,00',
  previsao_entrega: '2026-12-15',
  observacao: 'Entregar no período da manhã',
  itens: [
    { produto_id: granola, unidade: 'CX', quantidade: '10', preco: '59,90' },
    { produto_id: mel, unidade: 'UN', quantidade: '5', preco: '12,3456', previsao_entrega: '2026-12-20' },
  ],
  ...extra,
});

/** A draft of `caixas` boxes of granola at R$ 60,00 a box (R$ 5,00 a unit). */
async function rascunho(caixas: string, fornecedor = forn) {
  const r = await api(tk.estoque, 'POST', ROTA, {
    fornecedor_id: fornecedor,
    itens: [{ produto_id: granola, unidade: 'CX', quantidade: caixas, preco: '60' }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as Json;
}

beforeAll(async () => {
  t = await createTestApp();
  tk = await tokens(t);
  admin = await t.signIn(['admin'], { email: 'admin.compras@teste.com.br' });
  granola = await criaProduto(t.db, { nome: 'Granola Tradicional 800g', embalagens: [['CX', '12']] });
  mel = await criaProduto(t.db, { nome: 'Mel Silvestre 1kg' });
  inativo = await criaProduto(t.db, { nome: 'Aveia Descontinuada' });
  await t.db.execute(sql`update products set ativo = false where id = ${inativo}`);
  const [f1] = await t.db
    .insert(fornecedores)
    .values({
      tipoPessoa: 'J',
      documento: '34128745000152',
      razaoSocial: 'Cereais do Vale Ltda',
      email: 'vendas@cereaisdovale.com.br',
      prazoMedioEntrega: 7,
    })
    .returning({ id: fornecedores.id });
  const [f2] = await t.db
    .insert(fornecedores)
    .values({ tipoPessoa: 'J', documento: '11222333000181', razaoSocial: 'Apiário Sem Contato ME' })
    .returning({ id: fornecedores.id });
  forn = f1!.id;
  fornSemEmail = f2!.id;
  const [c] = await q<{ id: string }>(
    sql`insert into condicoes_pagamento (nome, dias) values ('28 dias', '{28}') returning id`,
  );
  condicao = c!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('purchase orders: permission', () => {
  it('opens to admin and estoque only (comercial and financeiro: 403)', async () => {
    for (const token of [tk.comercial, tk.financeiro]) {
      expect((await api(token, 'GET', ROTA)).status).toBe(403);
      expect((await api(token, 'POST', ROTA, pedidoBase())).status).toBe(403);
      expect((await api(token, 'GET', `/api/compras/em-pedido?produto_ids=${granola}`)).status).toBe(403);
    }
    expect((await api(tk.estoque, 'GET', ROTA)).status).toBe(200);
    expect((await api(tk.admin, 'GET', ROTA)).status).toBe(200);
    // the settings: read by the buyers, written by the admin only
    expect((await api(tk.estoque, 'GET', '/api/compras/configuracao')).body).toEqual({
      limite_aprovacao: '5000.00',
      papeis_aprovadores: [],
      tolerancia_quantidade_percentual: '0',
      tolerancia_preco_percentual: '2',
      prazo_padrao_dias: 7,
      dias_cobertura: 30,
      dias_seguranca: 5,
    });
    expect(
      (
        await api(tk.estoque, 'PUT', '/api/compras/configuracao', {
          limite_aprovacao: '1',
          papeis_aprovadores: [],
        })
      ).status,
    ).toBe(403);
  });
});

describe('purchase orders: draft, validation, edit', () => {
  let id: string;

  it('creates a draft: boxes converted to the base unit, price per base unit, totals to the cent', async () => {
    const r = await api(tk.estoque, 'POST', ROTA, pedidoBase());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    id = r.body.id;
    expect(r.body).toMatchObject({
      status: 'rascunho',
      fornecedor_nome: 'Cereais do Vale Ltda',
      fornecedor_email: 'vendas@cereaisdovale.com.br',
      condicao_pagamento_nome: '28 dias',
      frete: '25.00',
      // 10 × 59,90 = 599,00; 5 × 12,3456 = 61,728 → 61,73
      valor_produtos: '660.73',
      valor_total: '685.73',
      previsao_entrega: '2026-12-15',
      versao: 1,
      limite_aprovacao: '5000.00',
      exige_aprovacao: false,
      itens_count: 2,
    });
    expect(
      (r.body.itens as Json[]).map((i) => [
        i.sequencia,
        i.unidade,
        i.fator,
        i.quantidade_informada,
        i.preco_informado,
        i.quantidade,
        i.preco,
        i.valor_total,
        i.previsao_entrega,
        i.quantidade_pendente,
      ]),
    ).toEqual([
      // 59,90 ÷ 12 = 4,9916666… → 4,991667 a unit
      [1, 'CX', '12.000', '10.000', '59.9000', '120.000', '4.991667', '599.00', null, '120.000'],
      [2, 'UN', '1.000', '5.000', '12.3456', '5.000', '12.345600', '61.73', '2026-12-20', '5.000'],
    ]);
    const [audit] = await q<{ n: number }>(
      sql`select count(*)::int as n from audit_log where tabela = 'pedidos_compra' and registro_id = ${id} and acao = 'criacao'`,
    );
    expect(audit!.n).toBe(1);
  });

  it('refuses an order without items or with a zero price (400), nothing written', async () => {
    const antes = await contaPedidos();
    const sem = await api(tk.estoque, 'POST', ROTA, pedidoBase({ itens: [] }));
    expect(sem.status).toBe(400);
    expect(sem.body.details.fields).toEqual({ itens: ['Inclua ao menos um item no pedido de compra.'] });
    const zero = await api(
      tk.estoque,
      'POST',
      ROTA,
      pedidoBase({ itens: [{ produto_id: mel, unidade: 'UN', quantidade: '1', preco: '0,00' }] }),
    );
    expect(zero.status).toBe(400);
    expect(zero.body.details.fields).toEqual({
      'itens.0.preco': ['Informe o preço negociado do item (maior que zero).'],
    });
    expect(await contaPedidos()).toBe(antes);
  });

  it('refuses an inactive product, a unit the product does not have and an inactive supplier (422 per field)', async () => {
    const antes = await contaPedidos();
    await t.db.execute(sql`update fornecedores set ativo = false where id = ${fornSemEmail}`);
    const r = await api(
      tk.estoque,
      'POST',
      ROTA,
      pedidoBase({
        fornecedor_id: fornSemEmail,
        itens: [
          { produto_id: mel, unidade: 'UN', quantidade: '1', preco: '10' },
          { produto_id: inativo, unidade: 'UN', quantidade: '1', preco: '10' },
          { produto_id: mel, unidade: 'CX', quantidade: '1', preco: '10' },
        ],
      }),
    );
    await t.db.execute(sql`update fornecedores set ativo = true where id = ${fornSemEmail}`);
    expect(r.status).toBe(422);
    expect(r.body.details.fields).toEqual({
      fornecedor_id: ['Fornecedor inativo: reative-o no cadastro ou escolha outro fornecedor.'],
      'itens.1.produto_id': ['Produto inativo: reative-o no cadastro ou escolha outro produto.'],
      'itens.2.unidade': ['A unidade CX não é a unidade base nem uma embalagem de Mel Silvestre 1kg.'],
    });
    expect(await contaPedidos()).toBe(antes);
  });

  it('edits a draft on the version read; a stale version is refused (409)', async () => {
    const r = await api(tk.estoque, 'PUT', `${ROTA}/${id}`, {
      ...pedidoBase({ frete: '0' }),
      versao: 1,
      itens: [{ produto_id: granola, unidade: 'UN', quantidade: '30', preco: '5,10' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      versao: 2,
      valor_produtos: '153.00',
      valor_total: '153.00',
      itens_count: 1,
    });
    const velho = await api(tk.estoque, 'PUT', `${ROTA}/${id}`, { ...pedidoBase(), versao: 1 });
    expect(velho.status).toBe(409);
    expect(velho.body.message).toBe(
      'Este pedido de compra foi alterado por outra pessoa. Recarregue a página e refaça a alteração.',
    );
  });

  it('cancels a draft with a reason; a cancelled order is not edited', async () => {
    const curto = await api(tk.estoque, 'POST', `${ROTA}/${id}/cancelar`, { motivo: 'não' });
    expect(curto.status).toBe(400);
    const r = await api(tk.estoque, 'POST', `${ROTA}/${id}/cancelar`, {
      motivo: 'Fornecedor sem estoque da granola',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'cancelado',
      motivo_cancelamento: 'Fornecedor sem estoque da granola',
    });
    const edit = await api(tk.estoque, 'PUT', `${ROTA}/${id}`, { ...pedidoBase(), versao: r.body.versao });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Só um pedido de compra em rascunho pode ser alterado.');
  });
});

describe('purchase orders: approval by value', () => {
  it('an estoque buyer may not approve above the limit (403), nor send it; the admin approves (audited)', async () => {
    // 84 boxes × R$ 60,00 = R$ 5.040,00 > R$ 5.000,00
    const p = await rascunho('84');
    expect(p).toMatchObject({ valor_total: '5040.00', exige_aprovacao: true });
    const recusa = await api(tk.estoque, 'POST', `${ROTA}/${p.id}/aprovar`);
    expect(recusa.status).toBe(403);
    expect(recusa.body).toMatchObject({
      code: 'forbidden',
      message:
        'Pedido de R$\u00a05.040,00 acima do limite de aprovação (R$\u00a05.000,00): só um administrador ou um papel que aprova compras pode aprová-lo.',
    });
    const envio = await api(tk.estoque, 'POST', `${ROTA}/${p.id}/enviar`);
    expect(envio.status).toBe(409);
    expect(envio.body.message).toBe(
      'Pedido de R$\u00a05.040,00 acima do limite de aprovação (R$\u00a05.000,00): aprove o pedido antes de enviá-lo ao fornecedor.',
    );
    const ok = await api(admin.token, 'POST', `${ROTA}/${p.id}/aprovar`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'aprovado',
      aprovado_por: admin.userId,
      aprovado_por_email: 'admin.compras@teste.com.br',
    });
    const audit = await q<{ user_email: string; antes: Json; depois: Json }>(
      sql`select user_email, antes, depois from audit_log
        where tabela = 'pedidos_compra' and registro_id = ${p.id} and acao = 'alteracao'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_email).toBe('admin.compras@teste.com.br');
    expect(audit[0]!.antes).toMatchObject({ status: 'rascunho', aprovado_por: null });
    expect(audit[0]!.depois).toMatchObject({ status: 'aprovado', aprovado_por: admin.userId });
    // approved twice: refused as a state conflict
    expect((await api(admin.token, 'POST', `${ROTA}/${p.id}/aprovar`)).status).toBe(409);
  });

  it('at or below the limit the buyer approves; a role the company lists approves above it', async () => {
    const p = await rascunho('83'); // R$ 4.980,00
    const r = await api(tk.estoque, 'POST', `${ROTA}/${p.id}/aprovar`);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('aprovado');

    const cfg = await api(tk.admin, 'PUT', '/api/compras/configuracao', {
      limite_aprovacao: '2.000,00',
      papeis_aprovadores: ['estoque'],
    });
    expect(cfg.body).toEqual({
      limite_aprovacao: '2000.00',
      papeis_aprovadores: ['estoque'],
      tolerancia_quantidade_percentual: '0',
      tolerancia_preco_percentual: '2',
      prazo_padrao_dias: 7,
      dias_cobertura: 30,
      dias_seguranca: 5,
    });
    const grande = await rascunho('50'); // R$ 3.000,00 > R$ 2.000,00
    expect(grande.exige_aprovacao).toBe(true);
    expect((await api(tk.estoque, 'POST', `${ROTA}/${grande.id}/aprovar`)).status).toBe(200);
    const [audit] = await q<{ n: number }>(
      sql`select count(*)::int as n from audit_log where tabela = 'app_settings' and registro_id = 'compras_limite_aprovacao'`,
    );
    expect(audit!.n).toBe(1);
    await api(tk.admin, 'PUT', '/api/compras/configuracao', {
      limite_aprovacao: '5000',
      papeis_aprovadores: [],
    });
  });

  it('the receipt tolerances: written with the settings, kept when absent, 0–1000 with 2 decimals', async () => {
    const put = (body: object) => api(tk.admin, 'PUT', '/api/compras/configuracao', body);
    const base = { limite_aprovacao: '5000', papeis_aprovadores: [] };
    const r = await put({
      ...base,
      tolerancia_quantidade_percentual: '5,5',
      tolerancia_preco_percentual: '0',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      limite_aprovacao: '5000.00',
      papeis_aprovadores: [],
      tolerancia_quantidade_percentual: '5.5',
      tolerancia_preco_percentual: '0',
      prazo_padrao_dias: 7,
      dias_cobertura: 30,
      dias_seguranca: 5,
    });
    // a form that only knows the approval settings leaves the tolerances alone
    expect((await put({ ...base, tolerancia_preco_percentual: '1.25' })).body).toMatchObject({
      tolerancia_quantidade_percentual: '5.5',
      tolerancia_preco_percentual: '1.25',
    });
    expect((await put(base)).body).toMatchObject({
      tolerancia_quantidade_percentual: '5.5',
      tolerancia_preco_percentual: '1.25',
    });
    const invalida = await put({ ...base, tolerancia_preco_percentual: '1000,01' });
    expect(invalida.status).toBe(400);
    expect(invalida.body.details.fields).toEqual({
      tolerancia_preco_percentual: ['Tolerância de preço deve ser no máximo 1000'],
    });
    expect((await put({ ...base, tolerancia_quantidade_percentual: '-1' })).status).toBe(400);
    expect((await api(tk.estoque, 'GET', '/api/compras/configuracao')).body).toMatchObject({
      tolerancia_quantidade_percentual: '5.5',
      tolerancia_preco_percentual: '1.25',
    });
    const [audit] = await q<{ n: number }>(
      sql`select count(*)::int as n from audit_log where tabela = 'app_settings' and registro_id = 'compras_tolerancia_preco_percentual'`,
    );
    expect(audit!.n).toBe(2);
    await put({ ...base, tolerancia_quantidade_percentual: '0', tolerancia_preco_percentual: '2' });
  });

  it('the suggestion defaults: admin only, whole days 0–365, kept when absent, audited, used by the suggestion', async () => {
    const put = (token: string, body: object) => api(token, 'PUT', '/api/compras/configuracao', body);
    const base = { limite_aprovacao: '5000', papeis_aprovadores: [] };
    const novos = { prazo_padrao_dias: '12', dias_cobertura: 45, dias_seguranca: '0' };
    for (const token of [tk.estoque, tk.comercial, tk.financeiro])
      expect((await put(token, { ...base, ...novos })).status).toBe(403);
    const r = await put(tk.admin, { ...base, ...novos });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ prazo_padrao_dias: 12, dias_cobertura: 45, dias_seguranca: 0 });
    // absent: kept
    expect((await put(tk.admin, { ...base, dias_seguranca: 3 })).body).toMatchObject({
      prazo_padrao_dias: 12,
      dias_cobertura: 45,
      dias_seguranca: 3,
    });
    const invalida = await put(tk.admin, { ...base, prazo_padrao_dias: '2,5', dias_cobertura: 366 });
    expect(invalida.status).toBe(400);
    expect(invalida.body.details.fields).toEqual({
      prazo_padrao_dias: ['Prazo de entrega padrão: informe um número inteiro de dias, de 0 a 365.'],
      dias_cobertura: ['Dias de cobertura: informe um número inteiro de dias, de 0 a 365.'],
    });
    const audit = await q<{ user_email: string; antes: Json | null; depois: Json }>(
      sql`select user_email, antes, depois from audit_log
           where tabela = 'app_settings' and registro_id = 'compras_dias_seguranca' order by id`,
    );
    expect(audit).toHaveLength(2);
    expect([audit[0]!.antes, audit[0]!.depois?.valor]).toEqual([null, 0]);
    expect([audit[1]!.antes?.valor, audit[1]!.depois?.valor]).toEqual([0, 3]);
    expect(audit[1]!.user_email).toMatch(/admin/);
    // the suggestion reads them: the company's lead time, coverage and safety
    const s = await api(tk.estoque, 'GET', `/api/compras/sugestao?fornecedor_id=${forn}`);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body.parametros).toMatchObject({ prazo_padrao_dias: 12, cobertura_dias: 45, seguranca_dias: 3 });
    await put(tk.admin, { ...base, prazo_padrao_dias: 7, dias_cobertura: 30, dias_seguranca: 5 });
  });
});

describe('purchase orders: «Enviar ao fornecedor»', () => {
  it('sends a draft within the limit (approved on the way) and queues the e-mail with the PDF', async () => {
    const c = await api(tk.estoque, 'POST', ROTA, pedidoBase());
    const id = c.body.id as string;
    const r = await api(tk.estoque, 'POST', `${ROTA}/${id}/enviar`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'enviado', enviado_para: 'vendas@cereaisdovale.com.br' });
    expect(r.body.aprovado_em).not.toBeNull();
    expect(r.body.enviado_em).not.toBeNull();
    const mails = await q<{ para: string; assunto: string; texto: string; anexos: Json[] }>(
      sql`select para, assunto, texto, anexos from mail_outbox where tipo = 'pedido_compra'`,
    );
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.para).toBe('vendas@cereaisdovale.com.br');
    expect(m.assunto).toBe(`Pedido de compra nº ${c.body.numero}`);
    expect(m.texto).toContain('no valor de R$\u00a0685,73, com 2 itens');
    expect(m.anexos.map((a) => [a.nome, a.tipo])).toEqual([
      [`pedido-compra-${c.body.numero}.pdf`, 'application/pdf'],
    ]);
    const pdf = Buffer.from(m.anexos[0]!.base64 as string, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (!temPoppler) {
      console.warn('pedidos-compra.test: pdftotext (poppler-utils) ausente — texto do PDF não conferido');
      return;
    }
    const texto = paginasPdf(pdf).join('\n');
    expect(texto).toContain('Pedido de compra');
    expect(texto).toContain(`Nº ${c.body.numero} — Enviado ao fornecedor`);
    expect(texto).toContain('Cereais do Vale Ltda — 34.128.745/0001-52');
    expect(texto).toContain('Granola Tradicional 800g (CX c/ 12 UN)');
    expect(texto).toMatch(/10 CX\s+R\$ 59,90\s+—\s+R\$ 599,00/);
    expect(texto).toMatch(/5 UN\s+R\$ 12,3456\s+20\/12\/2026\s+R\$ 61,73/);
    expect(texto).toMatch(/Total do pedido\s+R\$ 685,73/);
    expect(texto).toContain('28 dias');

    // the same PDF on demand
    const res = await t.request('GET', `${ROTA}/${id}/pdf`, { token: tk.estoque });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(paginasPdf(Buffer.from(await res.arrayBuffer())).join('\n')).toMatch(
      /Total do pedido\s+R\$ 685,73/,
    );
  });

  it('a supplier without e-mail: 422 saying what to do, the order stays a draft, nothing queued', async () => {
    const p = await rascunho('1', fornSemEmail);
    const r = await api(tk.estoque, 'POST', `${ROTA}/${p.id}/enviar`);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'O fornecedor não tem e-mail no cadastro: informe o e-mail do fornecedor (ou envie o PDF por outro meio).',
    );
    expect((await api(tk.estoque, 'GET', `${ROTA}/${p.id}`)).body).toMatchObject({
      status: 'rascunho',
      versao: 1,
    });
    const [n] = await q<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where tipo = 'pedido_compra'`,
    );
    expect(n!.n).toBe(1);
  });

  it('an order whose receipt started is not cancelled', async () => {
    const p = await rascunho('2');
    expect((await api(tk.estoque, 'POST', `${ROTA}/${p.id}/enviar`)).status).toBe(200);
    await t.db.execute(sql`update pedidos_compra set status = 'parcialmente_recebido' where id = ${p.id}`);
    const r = await api(tk.estoque, 'POST', `${ROTA}/${p.id}/cancelar`, { motivo: 'Desistimos da compra' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'O recebimento deste pedido já começou: encerre os itens pendentes em vez de cancelar o pedido.',
    );
  });
});

describe('purchase orders: list and em pedido', () => {
  it('«em pedido»: open lines of approved, sent and partly received orders, less what was received', async () => {
    // granola so far: 84 CX aprovado (1008), 83 CX aprovado (996), 50 CX aprovado (600), 10 CX
    // enviado (120), 2 CX parcialmente_recebido (24); drafts (1 CX) and the cancelled order not counted
    const [parcial] = await q<{ id: string }>(
      sql`select i.id from pedido_compra_itens i join pedidos_compra p on p.id = i.pedido_id
        where p.status = 'parcialmente_recebido'`,
    );
    await t.db.execute(
      sql`update pedido_compra_itens set quantidade_recebida = 10 where id = ${parcial!.id}`,
    );
    // a line of the 50-box order closed short: its rest no longer expected
    await t.db.execute(sql`update pedido_compra_itens set encerrado_em = now(), motivo_encerramento = 'Fim de linha'
      where pedido_id = (select id from pedidos_compra where valor_total = 3000)`);
    const r = await api(tk.estoque, 'GET', `/api/compras/em-pedido?produto_ids=${granola},${mel},${inativo}`);
    expect(r.status).toBe(200);
    expect(r.body.itens).toEqual([
      // 1008 + 996 + 120 + (24 − 10) = 2138
      { produto_id: granola, quantidade: '2138.000', pedidos: 4, previsao_entrega: '2026-12-15' },
      { produto_id: mel, quantidade: '5.000', pedidos: 1, previsao_entrega: '2026-12-20' },
      { produto_id: inativo, quantidade: '0.000', pedidos: 0, previsao_entrega: null },
    ]);
    expect((await api(tk.estoque, 'GET', '/api/compras/em-pedido')).status).toBe(400);
  });

  it('closes the open lines of a partly received order short: it is recebido, its rest leaves «em pedido»', async () => {
    const [parcial] = await q<{ id: string }>(
      sql`select id from pedidos_compra where status = 'parcialmente_recebido'`,
    );
    const [enviado] = await q<{ id: string }>(
      sql`select id from pedidos_compra where status = 'enviado' limit 1`,
    );
    const cedo = await api(tk.estoque, 'POST', `${ROTA}/${enviado!.id}/encerrar-itens`, {
      motivo: 'Fornecedor não tem o resto',
    });
    expect(cedo.status).toBe(409);
    expect(cedo.body.message).toBe(
      'Só se encerram itens de um pedido parcialmente recebido; um pedido ainda não recebido é cancelado.',
    );
    const r = await api(tk.estoque, 'POST', `${ROTA}/${parcial!.id}/encerrar-itens`, {
      motivo: 'Fornecedor não tem o resto',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.status).toBe('recebido');
    expect(
      (r.body.itens as Json[]).map((i) => [
        i.quantidade_recebida,
        i.quantidade_pendente,
        i.motivo_encerramento,
      ]),
    ).toEqual([['10.000', '0.000', 'Fornecedor não tem o resto']]);
    const em = await api(tk.estoque, 'GET', `/api/compras/em-pedido?produto_ids=${granola}`);
    // 2138 − the 14 no longer expected
    expect(em.body.itens).toEqual([
      { produto_id: granola, quantidade: '2124.000', pedidos: 3, previsao_entrega: '2026-12-15' },
    ]);
  });

  it('lists with filters (status, supplier, número or name) and sorts', async () => {
    const todos = await api(tk.estoque, 'GET', `${ROTA}?sort=valor&dir=desc&pageSize=100`);
    expect(todos.body.total).toBe(7);
    expect((todos.body.items as Json[]).map((p) => p.valor_total)).toEqual([
      '5040.00',
      '4980.00',
      '3000.00',
      '685.73',
      '153.00',
      '120.00',
      '60.00',
    ]);
    const aprovados = await api(tk.estoque, 'GET', `${ROTA}?status=aprovado`);
    expect(aprovados.body.total).toBe(3);
    const semEmail = await api(tk.estoque, 'GET', `${ROTA}?fornecedor_id=${fornSemEmail}`);
    expect((semEmail.body.items as Json[]).map((p) => [p.fornecedor_nome, p.status, p.itens_count])).toEqual([
      ['Apiário Sem Contato ME', 'rascunho', 1],
    ]);
    const primeiro = (todos.body.items as Json[]).find((p) => p.valor_total === '5040.00')!;
    const porNumero = await api(tk.estoque, 'GET', `${ROTA}?q=${primeiro.numero}`);
    expect((porNumero.body.items as Json[]).map((p) => p.id)).toEqual([primeiro.id]);
    const porNome = await api(tk.estoque, 'GET', `${ROTA}?q=apiario`);
    expect(porNome.body.total).toBe(1);
    const hoje = businessToday();
    expect((await api(tk.estoque, 'GET', `${ROTA}?de=2020-01-01&ate=2020-12-31`)).body.total).toBe(0);
    expect((await api(tk.estoque, 'GET', `${ROTA}?de=2020-01-01&ate=${hoje}`)).body.total).toBeGreaterThan(0);
    expect((await api(tk.estoque, 'GET', `${ROTA}?sort=preco`)).status).toBe(400);
  });
});

describe('purchase orders: a role the company lists approves without the Compras permission', () => {
  it('financeiro reads and approves an order above the limit only while listed', async () => {
    const p = await rascunho('90'); // R$ 5.400,00
    const fin = await t.signIn(['financeiro'], { email: 'gerente.financeiro@teste.com.br' });
    expect((await api(fin.token, 'GET', `${ROTA}/${p.id}`)).status).toBe(403);
    expect((await api(fin.token, 'POST', `${ROTA}/${p.id}/aprovar`)).status).toBe(403);
    expect((await api(tk.comercial, 'GET', `${ROTA}/${p.id}`)).status).toBe(403);
    await api(tk.admin, 'PUT', '/api/compras/configuracao', {
      limite_aprovacao: '5000',
      papeis_aprovadores: ['financeiro'],
    });
    expect((await api(fin.token, 'GET', `${ROTA}/${p.id}`)).body.exige_aprovacao).toBe(true);
    expect((await api(fin.token, 'GET', `${ROTA}/${p.id}/pdf`)).status).toBe(200);
    const r = await api(fin.token, 'POST', `${ROTA}/${p.id}/aprovar`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      status: 'aprovado',
      aprovado_por_email: 'gerente.financeiro@teste.com.br',
    });
    // the rest of the Compras API stays closed to the approver role
    expect((await api(fin.token, 'POST', `${ROTA}/${p.id}/enviar`)).status).toBe(403);
    expect((await api(fin.token, 'GET', ROTA)).status).toBe(403);
    expect((await api(tk.comercial, 'POST', `${ROTA}/${p.id}/aprovar`)).status).toBe(403);
  });
});
