import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { montaNfeXml, type NfeExemplo } from '../entradas/nfe-exemplo.ts';
import { criaProduto } from '../estoque/estoque-test-support.ts';
import { chama, type Json } from '../financeiro/financeiro-test-support.ts';
import { gravaToleranciasRecebimento, lerToleranciasRecebimento } from './configuracao-compras.service.ts';

// Goods receipts checked against a purchase order (issue 34), through the HTTP API on the real
// database, with NF-e XML built like entradas.test.ts's note 1001 (granola in boxes of 12 by the box
// GTIN, a second item mapped by hand): a partial receipt (the rest left open, the order
// parcialmente_recebido), a price beyond the tolerance refused without a justification and posted
// with it, a second receipt completing the order (recebido), the estornos reopening it; and a
// manual receipt taking the order's condição, with an item outside the order and lines by hand.

const semSchemas = !TEST_NFE_SCHEMAS_DIR;
if (semSchemas)
  console.warn(
    'recebimento-pedido.test: nenhum pacote de schemas XSD da NF-e — testes de importação pulados',
  );

let t: TestContext;
let tok: string;
let admin: { userId: string; token: string };
let granola: string;
let mel: string;
let aveia: string;
let forn: string;
let outroForn: string;
let condicao: string;

const api = (p = '') => `/api/estoque/entradas${p}`;
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const b64 = (s: string) => Buffer.from(s).toString('base64');

async function importa(n: NfeExemplo): Promise<Json> {
  const r = await chama(t, tok, 'POST', api('/importar'), {
    arquivos: [{ nome: `nota-${n.numero}.xml`, conteudo_base64: b64(montaNfeXml(n)) }],
  });
  expect(r.status).toBe(200);
  expect(r.body.resultados[0].ok, JSON.stringify(r.body)).toBe(true);
  // the test's notes are unsigned: the explicit confirmation an unsigned note needs
  const id = r.body.resultados[0].entrada.id;
  expect((await chama(t, tok, 'POST', api(`/${id}/confirmar-assinatura`))).status).toBe(200);
  return (await chama(t, tok, 'GET', api(`/${id}`))).body;
}

/** An order sent to the supplier: 20 CX of granola at R$ 60,00 (240 UN at 5,00) and 50 UN of mel at R$ 20,00. */
async function pedidoEnviado(): Promise<Json> {
  const r = await chama(t, tok, 'POST', '/api/compras/pedidos', {
    fornecedor_id: forn,
    condicao_pagamento_id: condicao,
    itens: [
      { produto_id: granola, unidade: 'CX', quantidade: '20', preco: '60' },
      { produto_id: mel, unidade: 'UN', quantidade: '50', preco: '20' },
    ],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const e = await chama(t, tok, 'POST', `/api/compras/pedidos/${r.body.id}/enviar`);
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return (await chama(t, tok, 'GET', `/api/compras/pedidos/${r.body.id}`)).body;
}

const linhasDoPedido = (id: string) =>
  q<{ sequencia: number; recebida: string }>(
    sql`select sequencia, quantidade_recebida::text as recebida from pedido_compra_itens where pedido_id = ${id} order by sequencia`,
  );
const statusDoPedido = async (id: string) =>
  (await q<{ status: string }>(sql`select status from pedidos_compra where id = ${id}`))[0]!.status;

// Note 1001 of entradas.test.ts, reduced: 10 CX of granola at 60,00 with R$ 12,00 of discount
// (588,00 ÷ 120 = 4,90 a unit: −2,00 %, exactly the tolerance) and 30 UN of mel at 21,00 (+5,00 %).
const nota1: NfeExemplo = {
  cnpjEmitente: '34128745000152',
  nomeEmitente: 'Alimentos Granola Ltda',
  numero: 1001,
  dhEmi: '2026-03-10T10:00:00-03:00',
  itens: [
    {
      cProd: 'GR-800',
      xProd: 'GRANOLA 800G CX 12',
      cEAN: '17897846900942',
      uCom: 'CX',
      qCom: '10.0000',
      vUnCom: '60.0000000000',
      vDesc: '12.00',
    },
    { cProd: 'MEL-1', xProd: 'MEL 1KG', uCom: 'UN', qCom: '30.0000', vUnCom: '21.0000000000' },
  ],
  // vNF = 588.00 + 630.00
  dups: [{ nDup: '001', dVenc: '2026-04-09', vDup: '1218.00' }],
};

// The rest: 10 CX at 60,00 and 20 UN of mel at 20,00 — the order's prices.
const nota2: NfeExemplo = {
  ...nota1,
  numero: 1002,
  dhEmi: '2026-03-17T10:00:00-03:00',
  itens: [
    { ...nota1.itens[0]!, vDesc: undefined },
    { cProd: 'MEL-1', xProd: 'MEL 1KG', uCom: 'UN', qCom: '20.0000', vUnCom: '20.0000000000' },
  ],
  dups: [{ nDup: '001', dVenc: '2026-04-16', vDup: '1000.00' }],
};

beforeAll(async () => {
  t = await createTestApp();
  tok = (await t.signIn(['estoque'])).token;
  admin = await t.signIn(['admin']);
  granola = await criaProduto(t.db, { nome: 'Granola Tradicional 800g', codigo: 'GRA800' });
  await t.db.execute(sql`update products set gtin = '7897846900945' where id = ${granola}`);
  await t.db.execute(
    sql`insert into unidades (sigla, descricao) values ('CX', 'Caixa') on conflict do nothing`,
  );
  await t.db.execute(sql`insert into produto_embalagens (produto_id, unidade, fator, gtin, padrao_compra, padrao_venda)
    values (${granola}, 'CX', 12, '17897846900942', true, false)`);
  mel = await criaProduto(t.db, { nome: 'Mel Silvestre 1kg', codigo: 'MEL1' });
  aveia = await criaProduto(t.db, { nome: 'Aveia em Flocos 500g', codigo: 'AVE500' });
  const [f1] = await t.db
    .insert(fornecedores)
    .values({
      tipoPessoa: 'J',
      documento: '34128745000152',
      razaoSocial: 'Alimentos Granola Ltda',
      email: 'vendas@granola.com.br',
      prazoMedioEntrega: 7,
    })
    .returning({ id: fornecedores.id });
  const [f2] = await t.db
    .insert(fornecedores)
    .values({ tipoPessoa: 'J', documento: '11444777000161', razaoSocial: 'Apiário do Sul Ltda' })
    .returning({ id: fornecedores.id });
  forn = f1!.id;
  outroForn = f2!.id;
  const [c] = await q<{ id: string }>(
    sql`insert into condicoes_pagamento (nome, dias) values ('28 dias', '{28}') returning id`,
  );
  condicao = c!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('tolerances (company settings)', () => {
  it('default 0 % quantity and 2 % price; written by the admin, audited', async () => {
    expect(await lerToleranciasRecebimento(t.db)).toEqual({
      quantidade_percentual: '0',
      preco_percentual: '2',
    });
    const actor = { userId: admin.userId, email: 'admin@teste.com.br', ip: null, userAgent: null };
    await expect(
      gravaToleranciasRecebimento(t.db, actor as never, {
        quantidade_percentual: '-1',
        preco_percentual: '2',
      }),
    ).rejects.toThrow('Informe um percentual entre 0 e 1000.');
    expect(
      await gravaToleranciasRecebimento(t.db, actor as never, {
        quantidade_percentual: '0',
        preco_percentual: '2',
      }),
    ).toEqual({ quantidade_percentual: '0', preco_percentual: '2' });
    const [a] = await q<{ n: number }>(
      sql`select count(*)::int as n from audit_log where tabela = 'app_settings' and depois->>'chave' = 'compras_tolerancia_preco_percentual'`,
    );
    expect(a!.n).toBe(1);
  });
});

describe.skipIf(semSchemas)('receipt against the purchase order (NF-e)', () => {
  let pedido: Json;
  let e1: Json;
  let e2: Json;

  it('proposes the supplier’s open order; partial receipt; price beyond tolerance refused, posted with a justification', async () => {
    pedido = await pedidoEnviado();
    expect(pedido.status).toBe('enviado');
    e1 = await importa(nota1);
    expect(e1.fornecedor_id).toBe(forn);
    expect(e1.pedido_compra).toBeNull();
    expect(e1.pedidos_compra_propostos).toEqual([
      expect.objectContaining({
        id: pedido.id,
        numero: pedido.numero,
        status: 'enviado',
        valor_total: '2200.00',
        linhas_abertas: 2,
        produtos_em_comum: 1,
      }),
    ]);
    // the item the system does not know is mapped by hand first (the existing mapping)
    const m = await chama(t, tok, 'PUT', api(`/${e1.id}/itens/${e1.itens[1].id}`), { produto_id: mel });
    expect(m.status).toBe(200);
    expect(m.body.pedidos_compra_propostos[0].produtos_em_comum).toBe(2);

    const v = await chama(t, tok, 'PUT', api(`/${e1.id}/pedido-compra`), { pedido_compra_id: pedido.id });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    e1 = v.body;
    expect(e1.pedido_compra_id).toBe(pedido.id);
    const [l1, l2] = e1.pedido_compra.linhas;
    expect(l1).toMatchObject({
      sequencia: 1,
      produto_id: granola,
      pedida: '240.000',
      recebida_antes: '0.000',
      recebida_agora: '120.000',
      recebida_total: '120.000',
      restante: '120.000',
      preco_pedido: '5.0000',
      preco_nota: '4.9000',
      diferenca_preco_percentual: '-2.00',
      situacao: 'parcial',
      divergencias: [],
      itens: [{ item_id: e1.itens[0].id, n_item: 1, escolhida: false }],
    });
    expect(l2).toMatchObject({
      sequencia: 2,
      produto_id: mel,
      pedida: '50.000',
      recebida_agora: '30.000',
      restante: '20.000',
      preco_pedido: '20.0000',
      preco_nota: '21.0000',
      diferenca_preco_percentual: '5.00',
      situacao: 'parcial',
    });
    const precoAcima =
      'Preço acima do pedido: R$ 21,00 na nota contra R$ 20,00 no pedido (+5,00 %, tolerância 2 %). Justifique ou peça a correção ao fornecedor';
    expect(l2.divergencias).toEqual([{ codigo: 'preco_acima', mensagem: precoAcima }]);
    expect(e1.pedido_compra).toMatchObject({
      pedido: { id: pedido.id, numero: pedido.numero, status: 'enviado' },
      tolerancia: { quantidade_percentual: '0', preco_percentual: '2' },
      itens_sem_pedido: [],
      status_resultante: 'parcialmente_recebido',
      exige_justificativa: true,
      justificativa_divergencia: null,
    });
    expect(e1.pendencias).toEqual([
      `Há divergências com o pedido de compra nº ${pedido.numero} além da tolerância: informe a justificativa.`,
    ]);

    const recusa = await chama(t, tok, 'POST', api(`/${e1.id}/lancar`));
    expect(recusa.status).toBe(422);
    expect(recusa.body.message).toBe(
      `Divergências com o pedido de compra nº ${pedido.numero} além da tolerância — linha 2 (MEL1 Mel Silvestre 1kg): ${precoAcima}. Informe a justificativa da divergência (15 a 500 caracteres) para lançar.`,
    );
    expect(await statusDoPedido(pedido.id)).toBe('enviado');
    expect((await linhasDoPedido(pedido.id)).map((l) => l.recebida)).toEqual(['0.000', '0.000']);
    const [st] = await q<{ status: string }>(sql`select status from entradas where id = ${e1.id}`);
    expect(st!.status).toBe('rascunho');

    const curta = await chama(t, tok, 'PUT', api(`/${e1.id}/justificativa-divergencia`), {
      justificativa: 'reajuste',
    });
    expect(curta.status).toBe(400);
    expect(curta.body.details.fields.justificativa).toEqual([
      'A justificativa deve ter de 15 a 500 caracteres.',
    ]);
    const just = await chama(t, tok, 'PUT', api(`/${e1.id}/justificativa-divergencia`), {
      justificativa: 'Reajuste do mel aceito pelo comprador em 09/03',
    });
    expect(just.status).toBe(200);
    expect(just.body.justificativa_divergencia).toBe('Reajuste do mel aceito pelo comprador em 09/03');
    expect(just.body.pendencias).toEqual([]);

    const ok = await chama(t, tok, 'POST', api(`/${e1.id}/lancar`));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.status).toBe('lancada');
    expect(await statusDoPedido(pedido.id)).toBe('parcialmente_recebido');
    expect((await linhasDoPedido(pedido.id)).map((l) => l.recebida)).toEqual(['120.000', '30.000']);
    // the automatic match is stored on the items at posting (what the estorno reads)
    expect(ok.body.itens.map((i: Json) => i.pedido_compra_item_id)).toEqual(
      pedido.itens.map((i: Json) => i.id),
    );
    // a posted receipt still shows its comparison: "before" without its own quantities
    expect(ok.body.pedido_compra.linhas[0]).toMatchObject({
      recebida_antes: '0.000',
      recebida_agora: '120.000',
      restante: '120.000',
    });
    expect(ok.body.pedidos_compra_propostos).toEqual([]);
    const audit = await q<{ antes: Json; depois: Json }>(
      sql`select antes, depois from audit_log where tabela = 'pedidos_compra' and registro_id = ${pedido.id}
        and acao = 'alteracao' and depois->>'status' = 'parcialmente_recebido'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.antes).toMatchObject({ status: 'enviado' });
    // «em pedido» now counts only the rest
    const emPedido = await chama(t, tok, 'GET', `/api/compras/em-pedido?produto_ids=${granola},${mel}`);
    expect(emPedido.status).toBe(200);
    expect(JSON.stringify(emPedido.body)).toContain('120.000');
  });

  it('a second receipt completes the order (recebido), within the tolerances', async () => {
    e2 = await importa(nota2);
    // MEL-1 was learned for the supplier at the first posting
    expect(e2.itens.map((i: Json) => i.produto_id)).toEqual([granola, mel]);
    expect(e2.pedidos_compra_propostos.map((p: Json) => [p.id, p.status, p.produtos_em_comum])).toEqual([
      [pedido.id, 'parcialmente_recebido', 2],
    ]);
    const v = await chama(t, tok, 'PUT', api(`/${e2.id}/pedido-compra`), { pedido_compra_id: pedido.id });
    expect(v.status).toBe(200);
    expect(
      v.body.pedido_compra.linhas.map((l: Json) => [
        l.recebida_antes,
        l.recebida_agora,
        l.restante,
        l.preco_nota,
        l.situacao,
      ]),
    ).toEqual([
      ['120.000', '120.000', '0.000', '5.0000', 'atendida'],
      ['30.000', '20.000', '0.000', '20.0000', 'atendida'],
    ]);
    expect(v.body.pedido_compra).toMatchObject({ status_resultante: 'recebido', exige_justificativa: false });
    const ok = await chama(t, tok, 'POST', api(`/${e2.id}/lancar`));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await statusDoPedido(pedido.id)).toBe('recebido');
    expect((await linhasDoPedido(pedido.id)).map((l) => l.recebida)).toEqual(['240.000', '50.000']);
  });

  it('the estornos take the quantities back and reopen the order', async () => {
    const r2 = await chama(t, tok, 'POST', api(`/${e2.id}/estornar`), {
      motivo: 'Nota emitida em duplicidade',
    });
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    expect(await statusDoPedido(pedido.id)).toBe('parcialmente_recebido');
    expect((await linhasDoPedido(pedido.id)).map((l) => l.recebida)).toEqual(['120.000', '30.000']);
    const r1 = await chama(t, tok, 'POST', api(`/${e1.id}/estornar`), {
      motivo: 'Mercadoria devolvida na portaria',
    });
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    // nothing received any more: back to enviado (it had been sent)
    expect(await statusDoPedido(pedido.id)).toBe('enviado');
    expect((await linhasDoPedido(pedido.id)).map((l) => l.recebida)).toEqual(['0.000', '0.000']);
  });
});

describe('manual receipt tied to an order', () => {
  it('takes the order’s condição; an item outside the order and lines chosen by hand', async () => {
    const p = await chama(t, tok, 'POST', '/api/compras/pedidos', {
      fornecedor_id: forn,
      condicao_pagamento_id: condicao,
      itens: [
        { produto_id: granola, unidade: 'CX', quantidade: '5', preco: '60' },
        { produto_id: granola, unidade: 'UN', quantidade: '12', preco: '5' },
      ],
    });
    expect(p.status).toBe(201);
    expect((await chama(t, tok, 'POST', `/api/compras/pedidos/${p.body.id}/aprovar`)).status).toBe(200);
    const m = await chama(t, tok, 'POST', api('/manual'), {
      fornecedor_id: forn,
      numero: 77,
      emissao: '2026-03-20',
      itens: [
        { produto_id: granola, quantidade: '12', custo_unitario: '5' },
        { produto_id: aveia, quantidade: '3', custo_unitario: '2' },
      ],
    });
    expect(m.status).toBe(201);
    expect(m.body.condicao_pagamento_id).toBeNull();
    const [itGranola, itAveia] = m.body.itens;

    // another supplier's order, a cancelled one: refused
    const outro = await chama(t, tok, 'POST', '/api/compras/pedidos', {
      fornecedor_id: outroForn,
      itens: [{ produto_id: mel, unidade: 'UN', quantidade: '1', preco: '20' }],
    });
    const r1 = await chama(t, tok, 'PUT', api(`/${m.body.id}/pedido-compra`), {
      pedido_compra_id: outro.body.id,
    });
    expect(r1.status).toBe(422);
    expect(r1.body.message).toBe(`O pedido de compra nº ${outro.body.numero} é de outro fornecedor.`);

    const v = await chama(t, tok, 'PUT', api(`/${m.body.id}/pedido-compra`), { pedido_compra_id: p.body.id });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    expect(v.body.condicao_pagamento_id).toBe(condicao);
    expect(v.body.pendencias).toEqual([
      `Há divergências com o pedido de compra nº ${p.body.numero} além da tolerância: informe a justificativa.`,
    ]);
    // automatic: the 12 UN go to the first granola line (60 UN expected)
    expect(v.body.pedido_compra.linhas.map((l: Json) => [l.pedida, l.recebida_agora])).toEqual([
      ['60.000', '12.000'],
      ['12.000', '0.000'],
    ]);
    expect(v.body.pedido_compra.itens_sem_pedido).toEqual([
      {
        item_id: itAveia.id,
        n_item: 2,
        x_prod: 'Aveia em Flocos 500g',
        mensagem:
          'Item sem linha em aberto no pedido de compra (3 a R$ 2,00): justifique ou retire do recebimento',
      },
    ]);
    const [, linha2] = p.body.itens;
    const errado = await chama(t, tok, 'PUT', api(`/${m.body.id}/itens/${itAveia.id}/pedido-compra`), {
      pedido_compra_item_id: linha2.id,
    });
    expect(errado.status).toBe(422);
    expect(errado.body.message).toBe('A linha do pedido é de outro produto.');
    // by hand: the 12 UN are the second line's
    const mao = await chama(t, tok, 'PUT', api(`/${m.body.id}/itens/${itGranola.id}/pedido-compra`), {
      pedido_compra_item_id: linha2.id,
    });
    expect(mao.status).toBe(200);
    expect(mao.body.itens[0].pedido_compra_item_id).toBe(linha2.id);
    expect(
      mao.body.pedido_compra.linhas.map((l: Json) => [
        l.recebida_agora,
        l.situacao,
        l.itens.length ? l.itens[0].escolhida : null,
      ]),
    ).toEqual([
      ['0.000', 'aberta', null],
      ['12.000', 'atendida', true],
    ]);
    // the item outside the order still asks for a justification
    const recusa = await chama(t, tok, 'POST', api(`/${m.body.id}/lancar`));
    expect(recusa.status).toBe(422);
    expect(recusa.body.message).toContain('item 2 da nota (Aveia em Flocos 500g): Item sem linha em aberto');
    await chama(t, tok, 'PUT', api(`/${m.body.id}/justificativa-divergencia`), {
      justificativa: 'Aveia enviada como bonificação',
    });
    const ok = await chama(t, tok, 'POST', api(`/${m.body.id}/lancar`));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.titulos).toHaveLength(1);
    expect(await statusDoPedido(p.body.id)).toBe('parcialmente_recebido');
    expect((await linhasDoPedido(p.body.id)).map((l) => l.recebida)).toEqual(['0.000', '12.000']);
    // a posted receipt no longer changes its order
    const tarde = await chama(t, tok, 'PUT', api(`/${m.body.id}/pedido-compra`), { pedido_compra_id: null });
    expect(tarde.status).toBe(409);
  });
});

describe('the chosen order cancelled afterwards', () => {
  it('is a pendência and «Lançar» is refused (409), nothing posted', async () => {
    const p = await chama(t, tok, 'POST', '/api/compras/pedidos', {
      fornecedor_id: forn,
      itens: [{ produto_id: aveia, unidade: 'UN', quantidade: '10', preco: '2' }],
    });
    expect((await chama(t, tok, 'POST', `/api/compras/pedidos/${p.body.id}/aprovar`)).status).toBe(200);
    const m = await chama(t, tok, 'POST', api('/manual'), {
      fornecedor_id: forn,
      numero: 78,
      emissao: '2026-03-21',
      itens: [{ produto_id: aveia, quantidade: '10', custo_unitario: '2' }],
      duplicatas: [{ numero: '1', vencimento: '2026-04-20', valor: '20,00' }],
    });
    const v = await chama(t, tok, 'PUT', api(`/${m.body.id}/pedido-compra`), { pedido_compra_id: p.body.id });
    expect(v.body.pendencias).toEqual([]);
    // the receipt had duplicatas: the order's condição (none here anyway) is not forced on it
    expect(v.body.pedido_compra).toMatchObject({ status_resultante: 'recebido', exige_justificativa: false });
    const c = await chama(t, tok, 'POST', `/api/compras/pedidos/${p.body.id}/cancelar`, {
      motivo: 'Fornecedor sem estoque',
    });
    expect(c.status).toBe(200);
    const mensagem = `O pedido de compra nº ${p.body.numero} está cancelado: só um pedido aprovado, enviado ou parcialmente recebido recebe mercadoria.`;
    const g = await chama(t, tok, 'GET', api(`/${m.body.id}`));
    expect(g.body.pendencias).toEqual([mensagem]);
    expect(g.body.pedidos_compra_propostos.map((x: Json) => x.id)).not.toContain(p.body.id);
    const l = await chama(t, tok, 'POST', api(`/${m.body.id}/lancar`));
    expect(l.status).toBe(409);
    expect(l.body.message).toBe(mensagem);
    const [e] = await q<{ status: string }>(sql`select status from entradas where id = ${m.body.id}`);
    expect(e!.status).toBe('rascunho');
    // dropping the order lets it be posted as an ordinary receipt
    expect(
      (await chama(t, tok, 'PUT', api(`/${m.body.id}/pedido-compra`), { pedido_compra_id: null })).status,
    ).toBe(200);
    expect((await chama(t, tok, 'POST', api(`/${m.body.id}/lancar`))).status).toBe(200);
  });
});
