import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { criaLocal, criaProduto, localPrincipal } from '../estoque/estoque-test-support.ts';
import { chama, type Json } from '../financeiro/financeiro-test-support.ts';
import { lancamentoGanchos } from './lancamento.service.ts';
import { montaNfeXml, type NfeExemplo } from './nfe-exemplo.ts';

// Goods receipt through the HTTP API on the real database, with NF-e XML the test builds itself:
// import (supplier unknown → created from <emit>), mapping by packaging GTIN (CX = 12 UN), by hand
// (then remembered on the next note), lots from <rastro>, the explicit confirmation of an unsigned
// note, posting (ledger, custo médio and payables from <dup> to the cent, in one transaction — a
// failure injected in the middle leaves nothing), the duplicate chave refused, estorno, the manual
// receipt, the DANFE-like view and the XML byte for byte.

// The active XSD package (NFE_SCHEMAS_DIR, else the npm default): undefined only without npm install.
const semSchemas = !TEST_NFE_SCHEMAS_DIR;
if (semSchemas)
  console.warn('entradas.test: nenhum pacote de schemas XSD da NF-e — testes de importação pulados');

let t: TestContext;
let tok: string;
let dep: string;
let produtoCx: string;
let produtoLote: string;
let produtoManual: string;
let condicao: string;

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const api = (p = '') => `/api/estoque/entradas${p}`;

async function importa(xml: string, nome = 'nota.xml') {
  return chama(t, tok, 'POST', api('/importar'), { arquivos: [{ nome, conteudo_base64: b64(xml) }] });
}

const nota1: NfeExemplo = {
  cnpjEmitente: '34128745000152',
  nomeEmitente: 'Alimentos Granola Ltda',
  numero: 1001,
  dhEmi: '2026-03-10T10:00:00-03:00',
  itens: [
    // 10 CX of 12 (GTIN of the box) at 60.00: vProd 600.00 − 12.00 + 6.00 + 30.00 + 18.00 = 642.00 → 120 UN at 5.3500
    {
      cProd: 'GR-800',
      xProd: 'GRANOLA 800G CX 12',
      cEAN: '17897846900942',
      uCom: 'CX',
      qCom: '10.0000',
      vUnCom: '60.0000000000',
      vDesc: '12.00',
      vFrete: '6.00',
      vIPI: '30.00',
      vICMSST: '18.00',
    },
    // unknown code: mapped by hand, 7 UN at 3.1000 → 21.70
    { cProd: 'AV-500', xProd: 'AVEIA 500G', uCom: 'UN', qCom: '7.0000', vUnCom: '3.1000000000' },
    // lot-controlled: two lots from <rastro>
    {
      cProd: 'MEL-1',
      xProd: 'MEL 1KG',
      uCom: 'UN',
      qCom: '30.0000',
      vUnCom: '20.0000000000',
      rastro: [
        { nLote: 'L-A', qLote: '10.000', dFab: '2026-01-01', dVal: '2027-01-01' },
        { nLote: 'L-B', qLote: '20.000', dFab: '2026-02-01', dVal: '2027-02-01' },
      ],
    },
  ],
  // vNF = 600 − 12 + 6 + 30 + 18 + 21.70 + 600 = 1263.70
  dups: [
    { nDup: '001', dVenc: '2026-04-09', vDup: '631.85' },
    { nDup: '002', dVenc: '2026-05-09', vDup: '631.85' },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  tok = (await t.signIn(['estoque'])).token;
  dep = await localPrincipal(t.db);
  produtoCx = await criaProduto(t.db, { nome: 'Granola Tradicional 800g', codigo: 'GRA800' });
  await t.db.execute(sql`update products set gtin = '7897846900945' where id = ${produtoCx}`);
  await t.db.execute(
    sql`insert into unidades (sigla, descricao) values ('CX', 'Caixa') on conflict do nothing`,
  );
  await t.db.execute(sql`insert into produto_embalagens (produto_id, unidade, fator, gtin, padrao_compra, padrao_venda)
    values (${produtoCx}, 'CX', 12, '17897846900942', true, false)`);
  produtoLote = await criaProduto(t.db, { nome: 'Mel 1kg', codigo: 'MEL1', controlaLote: true });
  produtoManual = await criaProduto(t.db, { nome: 'Aveia 500g', codigo: 'AVE500' });
  const fin = (await t.signIn(['financeiro'])).token;
  const c = await chama(t, fin, 'POST', '/api/financeiro/condicoes-pagamento', {
    nome: '30 dias',
    dias: '30',
  });
  condicao = c.body.id;
});
afterAll(() => t?.close());

describe.skipIf(semSchemas)('entrada de mercadorias por XML', () => {
  let entrada: Json;

  it('imports: supplier unknown, item 1 mapped by the box GTIN (CX = 12), lots from rastro, unsigned flagged', async () => {
    const cx = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from unidades where sigla = 'CX'`),
    );
    expect(cx[0]!.n).toBe(1);
    const r = await importa(montaNfeXml(nota1));
    expect(r.status).toBe(200);
    expect(r.body.resultados[0].ok).toBe(true);
    entrada = r.body.resultados[0].entrada;
    expect(entrada).toMatchObject({
      status: 'rascunho',
      origem: 'xml',
      numero: 1001,
      serie: 1,
      fornecedor_id: null,
      emitente_documento: '34128745000152',
      valor_nota: '1263.70',
      assinatura: 'ausente',
      itens_total: 3,
      itens_mapeados: 1,
    });
    const [i1, i2, i3] = entrada.itens;
    expect(i1).toMatchObject({
      produto_id: produtoCx,
      mapeamento: 'gtin',
      fator: '12.0000',
      custo_total: '642.00',
      quantidade_base: '120.000',
      custo_unitario: '5.3500',
    });
    expect(i2.produto_id).toBeNull();
    expect(i3.lotes).toEqual([
      {
        numero: 'L-A',
        quantidade: '10.000',
        fabricacao: '2026-01-01',
        validade: '2027-01-01',
        origem: 'rastro',
      },
      {
        numero: 'L-B',
        quantidade: '20.000',
        fabricacao: '2026-02-01',
        validade: '2027-02-01',
        origem: 'rastro',
      },
    ]);
    expect(entrada.duplicatas).toEqual([
      { numero: '001', vencimento: '2026-04-09', valor: '631.85' },
      { numero: '002', vencimento: '2026-05-09', valor: '631.85' },
    ]);
    expect(entrada.pendencias).toEqual([
      'Informe o fornecedor (cadastre-o a partir do emitente da nota).',
      'A nota não tem assinatura digital: confirme o recebimento explicitamente.',
      'Item 2 (AVEIA 500G): associe um produto.',
      'Item 3 (MEL 1KG): associe um produto.',
    ]);
  });

  it('refuses the same chave twice', async () => {
    const r = await importa(montaNfeXml(nota1), 'de-novo.xml');
    expect(r.body.resultados[0]).toMatchObject({ ok: false });
    expect(r.body.resultados[0].mensagem).toMatch(
      /^NF-e já importada \(chave 35260334128745000152550010000010011123456780?\d?\)\.$/,
    );
  });

  it('posting is refused while there are pendências', async () => {
    const r = await chama(t, tok, 'POST', api(`/${entrada.id}/lancar`));
    expect(r.status).toBe(422);
    expect(r.body.details.pendencias.length).toBe(4);
  });

  it('creates the supplier from emit, maps by hand, confirms the missing signature', async () => {
    let r = await chama(t, tok, 'POST', api(`/${entrada.id}/fornecedor`));
    expect(r.status).toBe(200);
    expect(r.body.fornecedor_nome).toBe('Alimentos Granola Ltda');
    r = await chama(t, tok, 'PUT', api(`/${entrada.id}/itens/${entrada.itens[1].id}`), {
      produto_id: produtoManual,
    });
    expect(r.body.itens[1]).toMatchObject({
      produto_id: produtoManual,
      mapeamento: 'manual',
      custo_unitario: '3.1000',
    });
    r = await chama(t, tok, 'PUT', api(`/${entrada.id}/itens/${entrada.itens[2].id}`), {
      produto_id: produtoLote,
    });
    expect(r.body.itens[2]).toMatchObject({
      produto_id: produtoLote,
      quantidade_base: '30.000',
      custo_unitario: '20.0000',
    });
    r = await chama(t, tok, 'POST', api(`/${entrada.id}/confirmar-assinatura`));
    expect(r.body.assinatura_confirmada).toBe(true);
    expect(r.body.pendencias).toEqual([]);
    entrada = r.body;
  });

  it('a failure injected between the stock and the payables leaves nothing', async () => {
    lancamentoGanchos.aposEstoque = async () => {
      throw new Error('falha injetada');
    };
    try {
      const r = await chama(t, tok, 'POST', api(`/${entrada.id}/lancar`));
      expect(r.status).toBe(500);
    } finally {
      lancamentoGanchos.aposEstoque = undefined;
    }
    const [m] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from estoque_movimentos where origem_id = ${entrada.id}`,
      ),
    );
    expect(m!.n).toBe(0);
    const [p] = rowsOf<{ estoque_atual: string }>(
      await t.db.execute(sql`select estoque_atual::text from products where id = ${produtoCx}`),
    );
    expect(p!.estoque_atual).toBe('0.000');
    const [l] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from lotes where produto_id = ${produtoLote}`),
    );
    expect(l!.n).toBe(0);
    const r = await chama(t, tok, 'GET', api(`/${entrada.id}`));
    expect(r.body.status).toBe('rascunho');
    expect(r.body.titulos).toEqual([]);
  });

  it('posts: ledger entradas per lot, custo médio, payables from dup to the cent', async () => {
    const r = await chama(t, tok, 'POST', api(`/${entrada.id}/lancar`));
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('lancada');
    expect(r.body.titulos.map((x: Json) => [x.parcela, x.vencimento, x.valor, x.status])).toEqual([
      [1, '2026-04-09', '631.85', 'em_aberto'],
      [2, '2026-05-09', '631.85', 'em_aberto'],
    ]);
    const movs = rowsOf<{ produto: string; lote: string | null; q: string; c: string; local_id: string }>(
      await t.db.execute(sql`select p.codigo as produto, l.numero as lote, m.quantidade::text as q,
        m.custo_unitario::text as c, m.local_id from estoque_movimentos m join products p on p.id = m.product_id
        left join lotes l on l.id = m.lote_id where m.origem = 'nota_entrada' and m.origem_id = ${entrada.id} order by m.id`),
    );
    expect(movs.map((m) => [m.produto, m.lote, m.q, m.c])).toEqual([
      ['GRA800', null, '120.000', '5.3500'],
      ['AVE500', null, '7.000', '3.1000'],
      ['MEL1', 'L-A', '10.000', '20.0000'],
      ['MEL1', 'L-B', '20.000', '20.0000'],
    ]);
    expect(movs.every((m) => m.local_id === dep)).toBe(true);
    const prods = rowsOf<{ codigo: string; estoque_atual: string; custo_medio: string }>(
      await t.db.execute(sql`select codigo, estoque_atual::text, custo_medio::text from products
        where id in (${produtoCx}, ${produtoLote}, ${produtoManual}) order by codigo`),
    );
    expect(prods).toEqual([
      { codigo: 'AVE500', estoque_atual: '7.000', custo_medio: '3.1000' },
      { codigo: 'GRA800', estoque_atual: '120.000', custo_medio: '5.3500' },
      { codigo: 'MEL1', estoque_atual: '30.000', custo_medio: '20.0000' },
    ]);
    const lotes = rowsOf<{ numero: string; validade: string }>(
      await t.db.execute(
        sql`select numero, validade::text from lotes where produto_id = ${produtoLote} order by numero`,
      ),
    );
    expect(lotes).toEqual([
      { numero: 'L-A', validade: '2027-01-01' },
      { numero: 'L-B', validade: '2027-02-01' },
    ]);
  });

  it('the next note of the supplier reuses the learned mapping; the custo médio moves', async () => {
    const nota2: NfeExemplo = {
      ...nota1,
      numero: 1002,
      itens: [{ cProd: 'AV-500', xProd: 'AVEIA 500G', uCom: 'UN', qCom: '3.0000', vUnCom: '4.0000000000' }],
      dups: undefined,
    };
    const r = await importa(montaNfeXml(nota2));
    const e2 = r.body.resultados[0].entrada;
    expect(e2.fornecedor_id).toBe(entrada.fornecedor_id);
    expect(e2.itens[0]).toMatchObject({ produto_id: produtoManual, mapeamento: 'memoria' });
    expect(e2.pendencias).toContain('A nota não tem duplicatas: informe a condição de pagamento.');
    await chama(t, tok, 'POST', api(`/${e2.id}/confirmar-assinatura`));
    const put = await chama(t, tok, 'PUT', api(`/${e2.id}`), {
      versao: e2.versao + 1,
      condicao_pagamento_id: condicao,
    });
    expect(put.status).toBe(200);
    // blind count: 2 counted, 3 invoiced → divergence listed
    const conf = await chama(t, tok, 'POST', api(`/${e2.id}/conferencia`), {
      contagens: [{ item_id: e2.itens[0].id, quantidade: '2' }],
    });
    expect(conf.body.status).toBe('conferida');
    expect(conf.body.divergencias).toEqual([
      { item_id: e2.itens[0].id, n_item: 1, esperado: '3.000', contado: '2.000' },
    ]);
    const l = await chama(t, tok, 'POST', api(`/${e2.id}/lancar`));
    expect(l.status).toBe(200);
    expect(l.body.titulos.map((x: Json) => [x.vencimento, x.valor])).toEqual([['2026-04-09', '12.00']]);
    // (7 × 3.10 + 3 × 4.00) / 10 = 3.3700
    const [p] = rowsOf<{ custo_medio: string }>(
      await t.db.execute(sql`select custo_medio::text from products where id = ${produtoManual}`),
    );
    expect(p!.custo_medio).toBe('3.3700');
  });

  it('estorno: stock reversed, unpaid payables cancelled', async () => {
    const r = await chama(t, tok, 'POST', api(`/${entrada.id}/estornar`), { motivo: 'Nota devolvida' });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('estornada');
    expect(r.body.titulos.map((x: Json) => x.status)).toEqual(['cancelado', 'cancelado']);
    const [p] = rowsOf<{ estoque_atual: string }>(
      await t.db.execute(sql`select estoque_atual::text from products where id = ${produtoCx}`),
    );
    expect(p!.estoque_atual).toBe('0.000');
    const again = await chama(t, tok, 'POST', api(`/${entrada.id}/estornar`), { motivo: 'de novo' });
    expect(again.status).toBe(409);
  });

  it('estorno refused when the stock no longer allows it', async () => {
    const n3 = {
      ...nota1,
      numero: 1003,
      itens: [nota1.itens[1]!],
      dups: [{ nDup: '001', dVenc: '2026-04-09', vDup: '21.70' }],
    };
    const e3 = (await importa(montaNfeXml(n3))).body.resultados[0].entrada;
    await chama(t, tok, 'POST', api(`/${e3.id}/confirmar-assinatura`));
    expect((await chama(t, tok, 'POST', api(`/${e3.id}/lancar`))).status).toBe(200);
    const aj = await chama(t, tok, 'POST', '/api/estoque/ajustes', {
      produto_id: produtoManual,
      local_id: dep,
      sentido: 'saida',
      // 10 in stock (7 reversed with the first note, 3 + 7 since): 8 out leaves 2 < 7
      quantidade: '8',
      motivo: 'Venda balcão',
    });
    expect(aj.status).toBe(201);
    const r = await chama(t, tok, 'POST', api(`/${e3.id}/estornar`), { motivo: 'erro' });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^Estoque insuficiente de /);
  });

  it('the XML comes back byte for byte; the NF-e view reads it; comercial sees the list', async () => {
    const xml = montaNfeXml(nota1);
    const res = await t.request('GET', api(`/${entrada.id}/xml`), { token: tok });
    expect(res.headers.get('content-type')).toBe('application/xml');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(xml))).toBe(true);
    const com = (await t.signIn(['comercial'])).token;
    const lista = await chama(t, com, 'GET', '/api/notasfiscais/entrada?q=1001');
    expect(lista.body.items.map((x: Json) => x.numero)).toEqual([1001]);
    const nota = await chama(t, com, 'GET', `/api/notasfiscais/entrada/${entrada.id}`);
    expect(nota.body.nota.itens.length).toBe(3);
    expect(nota.body.nota.total.vNF).toBe('1263.70');
    expect(nota.body.entrada.status).toBe('estornada');
    expect((await chama(t, com, 'GET', api())).status).toBe(403);
  });

  it('a .zip with two notes imports both; a non-NF-e file is refused by name', async () => {
    const { zipSync, strToU8 } = await import('fflate');
    const zip = zipSync({
      'a.xml': strToU8(montaNfeXml({ ...nota1, numero: 2001 })),
      'b.xml': strToU8(montaNfeXml({ ...nota1, numero: 2002 })),
    });
    const r = await chama(t, tok, 'POST', api('/importar'), {
      arquivos: [
        { nome: 'lote.zip', conteudo_base64: b64(Buffer.from(zip)) },
        { nome: 'outro.xml', conteudo_base64: b64('<pedido><id>1</id></pedido>') },
      ],
    });
    expect(r.body.resultados.map((x: Json) => [x.arquivo, x.ok])).toEqual([
      ['lote.zip/a.xml', true],
      ['lote.zip/b.xml', true],
      ['outro.xml', false],
    ]);
    expect(r.body.resultados[2].mensagem).toBe('O arquivo não é uma NF-e (esperado nfeProc ou NFe).');
  });

  it('a value outside the layout refuses the file, not the request', async () => {
    const xml = montaNfeXml({ ...nota1, numero: 3001 }).replace('<qCom>7.0000</qCom>', '<qCom>sete</qCom>');
    const r = await importa(xml, 'ruim.xml');
    expect(r.status).toBe(200);
    expect(r.body.resultados[0]).toEqual({
      arquivo: 'ruim.xml',
      ok: false,
      mensagem: 'A NF-e tem um valor fora do formato do leiaute (número, data ou tamanho).',
    });
  });
});

describe.skipIf(semSchemas)('embalagem por linha', () => {
  // Café 500g: base UN; packagings CX = 12 (GTIN of the box) and FD = 6. Hand-worked figures:
  //   7 CX × 83.90 = 587.30 → CX: 84 UN at 587.30 / 84 = 6.99166… → 6.9917
  //                         → FD: 42 UN at 587.30 / 42 = 13.98333… → 13.9833
  //   next note 2 CX × 83.90 = 167.80, remembered FD: 12 UN at 13.98333… → 13.9833
  let cafe: string;
  const emb: Record<string, string> = {};
  const notaCafe = (numero: number, qCom: string): NfeExemplo => ({
    cnpjEmitente: '11222333000181',
    nomeEmitente: 'Torrefação Serra Azul Ltda',
    numero,
    dhEmi: '2026-03-12T09:00:00-03:00',
    itens: [
      {
        cProd: 'CF-500',
        xProd: 'CAFE 500G CX',
        cEAN: '17891000100103',
        uCom: 'CX',
        qCom,
        vUnCom: '83.9000000000',
      },
    ],
  });
  const embalagemDe = async (itemId: string) =>
    rowsOf<{ embalagem_id: string | null }>(
      await t.db.execute(sql`select embalagem_id from entrada_itens where id = ${itemId}`),
    )[0]!.embalagem_id;

  beforeAll(async () => {
    cafe = await criaProduto(t.db, { nome: 'Café 500g', codigo: 'CAF500' });
    await t.db.execute(
      sql`insert into unidades (sigla, descricao) values ('FD', 'Fardo') on conflict do nothing`,
    );
    for (const [u, f, g] of [
      ['UN', '1', null],
      ['CX', '12', '17891000100103'],
      ['FD', '6', null],
    ] as const) {
      const [r] = rowsOf<{ id: string }>(
        await t.db.execute(sql`insert into produto_embalagens (produto_id, unidade, fator, gtin, padrao_compra, padrao_venda)
          values (${cafe}, ${u}, ${f}, ${g}, ${u === 'CX'}, ${u === 'UN'}) returning id`),
      );
      emb[u] = r!.id;
    }
  });

  it('the line lists the product packagings; choosing FD converts to the base unit and recomputes the unit cost', async () => {
    const r = await importa(montaNfeXml(notaCafe(3001, '7.0000')));
    const e = r.body.resultados[0].entrada;
    expect(e.itens[0]).toMatchObject({
      produto_id: cafe,
      mapeamento: 'gtin',
      embalagem_id: emb.CX,
      fator: '12.0000',
      custo_total: '587.30',
      quantidade_base: '84.000',
      custo_unitario: '6.9917',
    });
    expect(e.itens[0].embalagens).toEqual([
      { id: emb.UN, unidade: 'UN', fator: '1.000' },
      { id: emb.FD, unidade: 'FD', fator: '6.000' },
      { id: emb.CX, unidade: 'CX', fator: '12.000' },
    ]);
    await chama(t, tok, 'POST', api(`/${e.id}/fornecedor`));
    const put = await chama(t, tok, 'PUT', api(`/${e.id}/itens/${e.itens[0].id}`), {
      produto_id: cafe,
      embalagem_id: emb.FD,
    });
    expect(put.status).toBe(200);
    expect(put.body.itens[0]).toMatchObject({
      embalagem_id: emb.FD,
      fator: '6.0000',
      quantidade_base: '42.000',
      custo_unitario: '13.9833',
      mapeamento: 'manual',
    });
    const [m] = rowsOf<{ embalagem_id: string }>(
      await t.db.execute(sql`select embalagem_id from fornecedor_produto_codigos
        where fornecedor_id = ${put.body.fornecedor_id} and c_prod = 'CF-500'`),
    );
    expect(m!.embalagem_id).toBe(emb.FD);
    expect(await embalagemDe(e.itens[0].id)).toBe(emb.FD);
  });

  it('the next note of the supplier remembers the packaging; back to automatic follows uCom again', async () => {
    const r = await importa(montaNfeXml(notaCafe(3002, '2.0000')));
    const e = r.body.resultados[0].entrada;
    expect(e.itens[0]).toMatchObject({
      mapeamento: 'memoria',
      embalagem_id: emb.FD,
      fator: '6.0000',
      custo_total: '167.80',
      quantidade_base: '12.000',
      custo_unitario: '13.9833',
    });
    const put = await chama(t, tok, 'PUT', api(`/${e.id}/itens/${e.itens[0].id}`), {
      produto_id: cafe,
      embalagem_id: null,
    });
    expect(put.body.itens[0]).toMatchObject({
      embalagem_id: emb.CX,
      fator: '12.0000',
      quantidade_base: '24.000',
    });
    // 167.80 / 24 = 6.99166… → 6.9917
    expect(put.body.itens[0].custo_unitario).toBe('6.9917');
  });

  it('a typed (manual) line: the unit follows the packaging chosen, the total cost stays', async () => {
    const [f] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from fornecedores where documento = '11222333000181'`),
    );
    const r = await chama(t, tok, 'POST', api('/manual'), {
      fornecedor_id: f!.id,
      emissao: '2026-03-13',
      itens: [{ produto_id: cafe, embalagem_id: emb.FD, quantidade: '3', custo_unitario: '30' }],
      duplicatas: [{ numero: '1', vencimento: '2026-04-13', valor: '90,00' }],
    });
    expect(r.status).toBe(201);
    // 3 FD × 30.00 = 90.00 → 18 UN at 5.0000
    expect(r.body.itens[0]).toMatchObject({
      u_com: 'FD',
      custo_total: '90.00',
      quantidade_base: '18.000',
      custo_unitario: '5.0000',
    });
    const put = await chama(t, tok, 'PUT', api(`/${r.body.id}/itens/${r.body.itens[0].id}`), {
      produto_id: cafe,
      embalagem_id: emb.CX,
    });
    // 3 CX × 12 = 36 UN at 90.00 / 36 = 2.5000
    expect(put.body.itens[0]).toMatchObject({
      u_com: 'CX',
      quantidade_base: '36.000',
      custo_unitario: '2.5000',
    });
  });

  it('a packaging of another product is refused (400 naming the field)', async () => {
    const r = await chama(t, tok, 'GET', api('?q=3001'));
    const e = (await chama(t, tok, 'GET', api(`/${r.body.items[0].id}`))).body;
    const outra = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from produto_embalagens where produto_id <> ${cafe} limit 1`),
    )[0]!.id;
    const put = await chama(t, tok, 'PUT', api(`/${e.id}/itens/${e.itens[0].id}`), {
      produto_id: cafe,
      embalagem_id: outra,
    });
    expect(put.status).toBe(400);
    expect(put.body.details.fields.embalagem_id).toEqual(['Embalagem não encontrada para este produto.']);
  });
});

describe('entrada manual', () => {
  it('typed items follow the same path', async () => {
    const fin = (await t.signIn(['financeiro'])).token;
    const f = await chama(t, fin, 'GET', '/api/cadastros/fornecedores?pageSize=1');
    let fornecedorId = f.body.items?.[0]?.id as string | undefined;
    if (!fornecedorId) {
      const [row] = rowsOf<{ id: string }>(
        await t.db.execute(sql`insert into fornecedores (tipo_pessoa, documento, razao_social)
          values ('J', '11444777000161', 'Fornecedor Manual Ltda') returning id`),
      );
      fornecedorId = row!.id;
    }
    const outro = await criaLocal(t.db, { nome: 'Depósito 2' });
    const p = await criaProduto(t.db, { nome: 'Produto manual', codigo: 'MAN1' });
    const r = await chama(t, tok, 'POST', api('/manual'), {
      fornecedor_id: fornecedorId,
      numero: 55,
      serie: 1,
      emissao: '2026-03-01',
      local_id: outro,
      itens: [{ produto_id: p, quantidade: '4', custo_unitario: '2,5' }],
      duplicatas: [{ numero: '1', vencimento: '2026-03-31', valor: '10,00' }],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ origem: 'manual', valor_nota: '10.00', pendencias: [] });
    const l = await chama(t, tok, 'POST', api(`/${r.body.id}/lancar`));
    expect(l.status).toBe(200);
    expect(l.body.titulos.map((x: Json) => [x.vencimento, x.valor])).toEqual([['2026-03-31', '10.00']]);
    const [s] = rowsOf<{ saldo: string }>(
      await t.db.execute(
        sql`select saldo::text from estoque_saldos where produto_id = ${p} and local_id = ${outro}`,
      ),
    );
    expect(s!.saldo).toBe('4.000');
    // a typed receipt is no NF-e: the Kardex and the payable name it for what it is
    const movs = rowsOf<{ observacao: string }>(
      await t.db.execute(sql`select observacao from estoque_movimentos where product_id = ${p}`),
    );
    expect(movs.map((m) => m.observacao)).toEqual(['Entrada manual, documento 55/1 — item 1']);
    const descricoes = rowsOf<{ descricao: string }>(
      await t.db.execute(sql`select descricao from financial_accounts
        where origem = 'entrada' and origem_id = ${r.body.id}`),
    );
    expect(descricoes.map((x) => x.descricao)).toEqual([
      `Entrada manual, documento 55/1 — ${f.body.items?.[0]?.razao_social ?? 'Fornecedor Manual Ltda'}`,
    ]);
  });

  it('import refuses when NFE_SCHEMAS_DIR names a folder without the schemas, naming the setting', async () => {
    const t2 = await createTestApp({ NFE_SCHEMAS_DIR: '/tmp/erp-test-sem-schemas-nfe' });
    try {
      const tok2 = (await t2.signIn(['admin'])).token;
      const r = await chama(t2, tok2, 'POST', api('/importar'), {
        arquivos: [{ nome: 'x.xml', conteudo_base64: b64('<NFe/>') }],
      });
      expect(r.status).toBe(503);
      expect(r.body.message).toMatch(/NFE_SCHEMAS_DIR/);
    } finally {
      await t2.close();
    }
  });
});
