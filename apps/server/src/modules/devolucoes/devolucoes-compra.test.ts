import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import { type SefazDouble, startSefazDouble } from '../../test/sefaz-double.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { chama, type Json, tokens } from '../comercial/comercial-test-support.ts';
import { montaNfeXml, type NfeExemplo } from '../entradas/nfe-exemplo.ts';
import { criaProduto, localPrincipal } from '../estoque/estoque-test-support.ts';
import { contasBancarias } from '../financeiro/financeiro.tables.ts';
import { registrarBaixa } from '../financeiro/titulos.service.ts';
import { preparaEmissao } from '../notasfiscais/notas-saida-test-support.ts';

// Devolução de compra end to end against the SEFAZ double (issue 32): a supplier's NF-e imported
// and posted as a goods receipt (stock in at its cost, two payables), part of it returned with our
// NF-e de devolução (tpNF 1, finNFe 4, NFref = the supplier's chave, CFOP 5.202, the supplier's ICMS
// in proportion, its IPI in impostoDevol) and what the authorisation does in its transaction —
// stock out of the location it came in at the cost it came in (lots first in, first out), the last
// payable abated, the excess of a paid receipt as crédito with the supplier; the saldo never
// exceeded; cancelling the return note at SEFAZ undoes it all.

const dir = TEST_NFE_SCHEMAS_DIR;
if (!dir)
  console.warn('devolucoes-compra.test: NFE_SCHEMAS_DIR / ../shared/nfe/schemas ausente — testes pulados');

const ac = geraAcTeste();
const CNPJ = '12345678000195';
const IE = '110042490114';
const FORNECEDOR = '34128745000152';
const a1 = geraPfxTeste({ cnpj: CNPJ, razaoSocial: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA', ac });

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let double: SefazDouble;
let granola: string;
let mel: string;
let dep: string;
let conta: string;
let numero = 7000;

const api = (token: string, method: string, p: string, body?: unknown) => chama(t, token, method, p, body);
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));
const ROTA = '/api/estoque/devolucoes-compra';

/** The supplier's NF-e imported, mapped, confirmed and posted; the receipt. */
async function entradaLancada(
  n: Omit<NfeExemplo, 'cnpjEmitente' | 'nomeEmitente' | 'numero' | 'dhEmi' | 'dest'>,
) {
  const nota: NfeExemplo = {
    cnpjEmitente: FORNECEDOR,
    nomeEmitente: 'Alimentos Granola Ltda',
    numero: ++numero,
    dhEmi: '2026-11-20T10:00:00-03:00',
    dest: { documento: CNPJ, nome: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA', ie: IE },
    ...n,
  };
  const xml = montaNfeXml(nota);
  const imp = await api(tk.estoque, 'POST', '/api/estoque/entradas/importar', {
    arquivos: [{ nome: `nfe-${nota.numero}.xml`, conteudo_base64: Buffer.from(xml).toString('base64') }],
  });
  expect(imp.body.resultados?.[0]?.ok, JSON.stringify(imp.body)).toBe(true);
  let e = imp.body.resultados[0].entrada;
  if (!e.fornecedor_id) await api(tk.estoque, 'POST', `/api/estoque/entradas/${e.id}/fornecedor`);
  for (const item of e.itens as Json[]) {
    if (item.produto_id) continue;
    const produto = item.c_prod === 'MEL-1' ? mel : granola;
    const r = await api(tk.estoque, 'PUT', `/api/estoque/entradas/${e.id}/itens/${item.id}`, {
      produto_id: produto,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const conf = await api(tk.estoque, 'POST', `/api/estoque/entradas/${e.id}/confirmar-assinatura`);
  expect(conf.body.pendencias, JSON.stringify(conf.body)).toEqual([]);
  const l = await api(tk.estoque, 'POST', `/api/estoque/entradas/${e.id}/lancar`);
  expect(l.status, JSON.stringify(l.body)).toBe(200);
  e = l.body;
  return e as Json;
}

const titulosDaEntrada = (entradaId: string) =>
  q<{ id: string; parcela: number; valor: string; saldo: string; status: string; abatimentos: string }>(
    sql`select id, parcela, valor::text, saldo::text, status, abatimentos::text
      from financial_accounts where origem = 'entrada' and origem_id = ${entradaId} order by parcela`,
  );
const saldo = async (produto: string, lote: string | null = null) =>
  (
    await q<{ q: string }>(sql`select coalesce(sum(saldo), 0)::numeric(14,3)::text as q from estoque_saldos
      where produto_id = ${produto} and local_id = ${dep}
        and (${lote}::text is null or lote_id = (select id from lotes where produto_id = ${produto} and numero = ${lote}))`)
  )[0]!.q;
const linha = (itemId: string, quantidade: string, extra: Json = {}) => ({
  item_id: itemId,
  quantidade,
  unidade: 'UN',
  motivo: 'avaria',
  ...extra,
});

describe.skipIf(!dir)('devolução de compra (NF-e própria, SEFAZ double)', () => {
  beforeAll(async () => {
    double = await startSefazDouble({ acClientePem: ac.certPem, schemasDir: dir! });
    const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sefaz-ca-'));
    fs.writeFileSync(path.join(caDir, 'double.pem'), double.caPem);
    t = await createTestApp({
      SEFAZ_URL_OVERRIDE: double.url,
      SEFAZ_CA_DIR: caDir,
      SEFAZ_TIMEOUT_MS: '3000',
    });
    tk = await tokens(t);
    await preparaEmissao(t, tk.admin, { proximo: 500, cnpj: CNPJ });
    const cert = await api(tk.admin, 'POST', '/api/fiscal/certificado', {
      conteudo_base64: a1.pfx.toString('base64'),
      senha: a1.senha,
    });
    expect(cert.status, JSON.stringify(cert.body)).toBe(201);
    dep = await localPrincipal(t.db);
    granola = await criaProduto(t.db, { nome: 'Granola Tradicional 800g', codigo: 'GRA800' });
    mel = await criaProduto(t.db, { nome: 'Mel 1kg', codigo: 'MEL1', controlaLote: true });
    await t.db.execute(sql`update products set ncm = '19041000' where id in (${granola}, ${mel})`);
    const [cb] = await t.db
      .insert(contasBancarias)
      .values({
        nome: 'Caixa',
        banco: '000',
        agencia: '0',
        conta: '0',
        tipo: 'caixa',
        saldoInicial: '0',
        dataSaldoInicial: '2026-01-01',
      } as never)
      .returning({ id: contasBancarias.id });
    conta = cb!.id;
  }, 120_000);
  afterAll(async () => {
    await double?.close();
    await t?.close();
  });

  it('devolve 4 de 10: NF-e de saída autorizada (5.202, NFref), estoque sai ao custo de entrada, última parcela abatida; cancelar desfaz', async () => {
    // 10 UN × 20,00 = 200,00, ICMS 18 % (36,00), IPI 5 % (10,00): vNF 210,00 in 2 × 105,00
    const e = await entradaLancada({
      itens: [
        {
          cProd: 'GR-800',
          xProd: 'GRANOLA 800G',
          uCom: 'UN',
          qCom: '10.0000',
          vUnCom: '20.0000000000',
          vIPI: '10.00',
        },
      ],
      dups: [
        { nDup: '001', dVenc: '2026-12-20', vDup: '105.00' },
        { nDup: '002', dVenc: '2027-01-19', vDup: '105.00' },
      ],
    });
    const custo = e.itens[0].custo_unitario as string;
    expect(await saldo(granola)).toBe('10.000');

    const semPermissao = await api(tk.comercial, 'GET', `${ROTA}/origem?q=${e.chave}`);
    expect(semPermissao.status).toBe(403);
    const origem = await api(tk.estoque, 'GET', `${ROTA}/origem?q=${e.chave}`);
    expect(origem.status, JSON.stringify(origem.body)).toBe(200);
    expect(origem.body).toMatchObject({ entrada_id: e.id, chave: e.chave, situacao: 'nao_devolvida' });
    const item = origem.body.itens[0];
    expect(item).toMatchObject({
      quantidade: '10.000',
      devolvida: '0.000',
      saldo: '10.000',
      custo_unitario: custo,
      cfop: '5102',
      valor_total: '210.00',
      local_id: dep,
    });
    // by the supplier's NF-e number too
    const porNumero = await api(tk.estoque, 'GET', `${ROTA}/origem?q=${e.numero}`);
    expect(porNumero.body.entrada_id).toBe(e.id);

    const criada = await api(tk.estoque, 'POST', ROTA, {
      entrada_id: e.id,
      itens: [linha(item.item_id, '4')],
      observacao: null,
    });
    expect(criada.status, JSON.stringify(criada.body)).toBe(201);
    expect(criada.body).toMatchObject({
      tipo: 'compra',
      status: 'rascunho',
      valor_total: '84.00',
      entrada_numero: e.numero,
    });
    expect(criada.body.itens[0]).toMatchObject({
      quantidade: '4.000',
      cfop: '5202',
      custo_unitario: custo,
      local_id: dep,
      lote_id: null,
    });
    expect(criada.body.itens[0].valores).toMatchObject({
      vProd: '80.00',
      vBC: '80.00',
      vICMS: '14.40',
      vIPI: '4.00',
      vItem: '84.00',
    });

    const emitida = await api(tk.estoque, 'POST', `${ROTA}/${criada.body.id}/emitir`);
    expect(emitida.status, JSON.stringify(emitida.body)).toBe(200);
    expect(emitida.body.status, JSON.stringify(emitida.body.sefaz)).toBe('autorizada');
    expect(emitida.body.nota_devolucao_status).toBe('autorizada');

    // our NF-e de saída, finalidade devolução, to the supplier, referencing its chave
    const [nd] = await q<{
      xml: string;
      tp_nf: string;
      fin_nfe: string;
      valor_total: string;
      fornecedor_id: string;
      cliente_id: string | null;
    }>(
      sql`select xml, tp_nf, fin_nfe, valor_total::text, fornecedor_id, cliente_id from notas_fiscais
        where id = ${emitida.body.nota_devolucao_id}`,
    );
    expect(nd).toMatchObject({ tp_nf: '1', fin_nfe: '4', valor_total: '84.00', cliente_id: null });
    expect(nd!.fornecedor_id).toBe(e.fornecedor_id);
    expect(nd!.xml).toContain('<natOp>Devolução de compra</natOp>');
    expect(nd!.xml).toContain('<tpNF>1</tpNF><idDest>1</idDest>');
    expect(nd!.xml).toContain('<finNFe>4</finNFe>');
    expect(nd!.xml).toContain(`<NFref><refNFe>${e.chave}</refNFe></NFref>`);
    expect(nd!.xml).toContain(`<dest><CNPJ>${FORNECEDOR}</CNPJ>`);
    expect(nd!.xml).toContain(
      '<CFOP>5202</CFOP><uCom>UN</uCom><qCom>4.0000</qCom><vUnCom>20.00</vUnCom><vProd>80.00</vProd>',
    );
    expect(nd!.xml).toContain(
      '<ICMS><ICMS00><orig>0</orig><CST>00</CST><modBC>3</modBC><vBC>80.00</vBC><pICMS>18.00</pICMS><vICMS>14.40</vICMS></ICMS00></ICMS>',
    );
    expect(nd!.xml).toContain(
      '<impostoDevol><pDevol>40.00</pDevol><IPI><vIPIDevol>4.00</vIPIDevol></IPI></impostoDevol>',
    );
    expect(nd!.xml).toContain('<vIPI>0.00</vIPI><vIPIDevol>4.00</vIPIDevol>');
    expect(nd!.xml).toContain('<vNF>84.00</vNF>');

    // stock: −4 out of the location it came in, valued at the cost it came in
    expect(await saldo(granola)).toBe('6.000');
    const movs = await q<{ quantidade: string; custo_unitario: string; tipo: string; local_id: string }>(
      sql`select quantidade::text, custo_unitario::text, tipo, local_id from estoque_movimentos
        where origem = 'devolucao' and origem_id = ${criada.body.id}`,
    );
    expect(movs).toEqual([{ quantidade: '-4.000', custo_unitario: custo, tipo: 'saida', local_id: dep }]);
    const [p] = await q<{ custo_medio: string }>(
      sql`select custo_medio::text from products where id = ${granola}`,
    );
    expect(p!.custo_medio).toBe(custo);

    // money: 84,00 off the last payable (105,00 → 21,00); the first untouched
    expect((await titulosDaEntrada(e.id)).map((x) => [x.parcela, x.saldo, x.status, x.abatimentos])).toEqual([
      [1, '105.00', 'em_aberto', '0.00'],
      [2, '21.00', 'parcial', '84.00'],
    ]);
    const det = await api(tk.estoque, 'GET', `${ROTA}/${criada.body.id}`);
    expect(det.body).toMatchObject({ valor_abatido: '84.00', valor_credito: '0.00', entrada_id: e.id });
    expect(det.body.abatimentos.map((a: Json) => [a.parcela, a.valor])).toEqual([[2, '84.00']]);

    // the documents, for the estoque clerk (who has no access to Notas Fiscais)
    const xml = await t.app.request(`${ROTA}/${criada.body.id}/xml`, {
      headers: { Authorization: `Bearer ${tk.estoque}` },
    });
    expect(xml.status).toBe(200);
    expect(await xml.text()).toContain('<nfeProc');
    const danfe = await t.app.request(`${ROTA}/${criada.body.id}/danfe`, {
      headers: { Authorization: `Bearer ${tk.estoque}` },
    });
    expect(danfe.headers.get('content-type')).toBe('application/pdf');

    // the list
    const lista = await api(tk.estoque, 'GET', `${ROTA}?q=Granola`);
    expect(lista.body.items.map((x: Json) => [x.numero, x.entrada_numero, x.status])).toEqual([
      [criada.body.numero, e.numero, 'autorizada'],
    ]);
    // a sale return is not here, nor this one there
    expect((await api(tk.admin, 'GET', `/api/comercial/devolucoes/${criada.body.id}`)).status).toBe(200);

    // what is left to return; more than it is refused
    const resta = await api(tk.estoque, 'GET', `${ROTA}/entrada/${e.id}`);
    expect(resta.body).toMatchObject({ situacao: 'parcialmente_devolvida' });
    expect(resta.body.itens[0]).toMatchObject({ devolvida: '4.000', saldo: '6.000' });
    const demais = await api(tk.estoque, 'POST', ROTA, {
      entrada_id: e.id,
      itens: [linha(item.item_id, '7')],
      observacao: null,
    });
    expect(demais.status).toBe(400);
    expect(demais.body.details.fields['itens.0.quantidade'][0]).toBe(
      `Item «${item.codigo} - ${item.nome}»: a devolver 7 UN, disponível 6 UN.`,
    );

    // cancelling the return note at SEFAZ undoes everything
    const canc = await api(tk.estoque, 'POST', `${ROTA}/${criada.body.id}/cancelar`, {
      motivo: 'Fornecedor recusou a devolução',
    });
    expect(canc.status, JSON.stringify(canc.body)).toBe(200);
    expect(canc.body).toMatchObject({ status: 'cancelada', nota_devolucao_status: 'cancelada' });
    expect(await saldo(granola)).toBe('10.000');
    expect((await titulosDaEntrada(e.id)).map((x) => [x.saldo, x.status, x.abatimentos])).toEqual([
      ['105.00', 'em_aberto', '0.00'],
      ['105.00', 'em_aberto', '0.00'],
    ]);
    const [p2] = await q<{ custo_medio: string }>(
      sql`select custo_medio::text from products where id = ${granola}`,
    );
    expect(p2!.custo_medio).toBe(custo);
    // the whole quantity can be returned again
    const resta2 = await api(tk.estoque, 'GET', `${ROTA}/entrada/${e.id}`);
    expect(resta2.body.itens[0]).toMatchObject({ devolvida: '0.000', saldo: '10.000' });
  }, 120_000);

  it('entrada já paga: o valor vira crédito com o fornecedor; lotes saem primeiro o que entrou primeiro', async () => {
    // 30 UN of honey in two lots (10 + 20) × 4,00 = 120,00, no IPI; paid in full
    const e = await entradaLancada({
      itens: [
        {
          cProd: 'MEL-1',
          xProd: 'MEL 1KG',
          uCom: 'UN',
          qCom: '30.0000',
          vUnCom: '4.0000000000',
          rastro: [
            { nLote: 'L-A', qLote: '10.000', dFab: '2026-01-01', dVal: '2027-01-01' },
            { nLote: 'L-B', qLote: '20.000', dFab: '2026-02-01', dVal: '2027-02-01' },
          ],
        },
      ],
      dups: [{ nDup: '001', dVenc: '2026-12-20', vDup: '120.00' }],
    });
    const [tit] = await titulosDaEntrada(e.id);
    await registrarBaixa(t.db, { userId: null, email: 'teste' }, 'pagar', tit!.id, {
      data_pagamento: new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }),
      conta_bancaria_id: conta,
      forma_id: null,
      valor_pago: '120.00',
      juros: '0',
      multa: '0',
      desconto: '0',
      observacao: null,
    } as never);
    const origem = await api(tk.estoque, 'GET', `${ROTA}/entrada/${e.id}`);
    const item = origem.body.itens[0];
    expect(item.lotes.map((l: Json) => [l.numero, l.quantidade, l.saldo])).toEqual([
      ['L-A', '10.000', '10.000'],
      ['L-B', '20.000', '20.000'],
    ]);
    // 12 UN: 10 from L-A, 2 from L-B — two items of the note
    const d = await api(tk.estoque, 'POST', ROTA, {
      entrada_id: e.id,
      itens: [linha(item.item_id, '12', { motivo: 'vencido' })],
      observacao: null,
    });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body.itens.map((i: Json) => [i.lote_numero, i.quantidade, i.valores.vProd])).toEqual([
      ['L-A', '10.000', '40.00'],
      ['L-B', '2.000', '8.00'],
    ]);
    const em = await api(tk.estoque, 'POST', `${ROTA}/${d.body.id}/emitir`);
    expect(em.body.status, JSON.stringify(em.body.sefaz)).toBe('autorizada');
    expect(em.body).toMatchObject({ valor_total: '48.00', valor_abatido: '0.00', valor_credito: '48.00' });
    expect(await saldo(mel, 'L-A')).toBe('0.000');
    expect(await saldo(mel, 'L-B')).toBe('18.000');
    const creditos = await q<{
      tipo: string;
      valor: string;
      fornecedor_id: string;
      cliente_id: string | null;
    }>(
      sql`select tipo, valor::text, fornecedor_id, cliente_id from creditos_movimentos where devolucao_id = ${d.body.id}`,
    );
    expect(creditos).toEqual([
      { tipo: 'devolucao', valor: '48.00', fornecedor_id: e.fornecedor_id, cliente_id: null },
    ]);

    // a lot not of the item is refused; stock not there is refused at authorisation
    const outro = await api(tk.estoque, 'POST', ROTA, {
      entrada_id: e.id,
      itens: [linha(item.item_id, '1', { lote_id: item.item_id })],
      observacao: null,
    });
    expect(outro.status).toBe(400);
    expect(outro.body.details.fields['itens.0.lote_id'][0]).toBe(
      'O lote não é um dos lotes recebidos neste item',
    );
    const ajuste = await api(tk.admin, 'POST', '/api/estoque/ajustes', {
      produto_id: mel,
      local_id: dep,
      lote_id: origem.body.itens[0].lotes[1].lote_id,
      sentido: 'saida',
      quantidade: '15',
      motivo: 'Perda por quebra no depósito',
    });
    expect(ajuste.status, JSON.stringify(ajuste.body)).toBeLessThan(300);
    const falta = await api(tk.estoque, 'POST', ROTA, {
      entrada_id: e.id,
      itens: [linha(item.item_id, '5', { lote_id: origem.body.itens[0].lotes[1].lote_id })],
      observacao: null,
    });
    expect(falta.status, JSON.stringify(falta.body)).toBe(201);
    // refused before a number is taken: no note goes to SEFAZ
    const semEstoque = await api(tk.estoque, 'POST', `${ROTA}/${falta.body.id}/emitir`);
    expect(semEstoque.status).toBe(422);
    expect(semEstoque.body.message).toBe(
      'Estoque insuficiente de Mel 1kg em Depósito principal: disponível 3.',
    );
    expect((await api(tk.estoque, 'GET', `${ROTA}/${falta.body.id}`)).body).toMatchObject({
      status: 'rascunho',
      nota_devolucao_id: null,
    });

    // cancelling the first gives the crédito back (a negative movement) and the lots their honey
    const canc = await api(tk.estoque, 'POST', `${ROTA}/${d.body.id}/cancelar`, {
      motivo: 'Fornecedor recusou a devolução',
    });
    expect(canc.body.status, JSON.stringify(canc.body)).toBe('cancelada');
    const [{ s }] = (await q<{ s: string }>(
      sql`select sum(valor)::text as s from creditos_movimentos where fornecedor_id = ${e.fornecedor_id}`,
    )) as [{ s: string }];
    expect(s).toBe('0.00');
    expect(await saldo(mel, 'L-A')).toBe('10.000');
  }, 120_000);

  it('devoluções concorrentes do mesmo item: uma vence, a outra é recusada pelo saldo', async () => {
    const e = await entradaLancada({
      itens: [
        { cProd: 'GR-800', xProd: 'GRANOLA 800G', uCom: 'UN', qCom: '5.0000', vUnCom: '20.0000000000' },
      ],
      dups: [{ nDup: '001', dVenc: '2026-12-20', vDup: '100.00' }],
    });
    const corpo = { entrada_id: e.id, itens: [linha(e.itens[0].id, '3')], observacao: null };
    const rs = await Promise.all([
      api(tk.estoque, 'POST', ROTA, corpo),
      api(tk.estoque, 'POST', ROTA, corpo),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([201, 400]);
    const [{ n }] = (await q<{ n: number }>(
      sql`select count(*)::int as n from devolucoes where entrada_id = ${e.id} and status <> 'cancelada'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  }, 60_000);
});
