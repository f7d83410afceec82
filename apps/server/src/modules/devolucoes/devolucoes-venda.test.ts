import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Decimal } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { geraAcTeste, geraPfxTeste } from '../../test/pfx-teste.ts';
import { type SefazDouble, startSefazDouble } from '../../test/sefaz-double.ts';
import { createTestApp, TEST_NFE_SCHEMAS_DIR, type TestContext } from '../../test/test-app.ts';
import { chama, criaVendedor, type Json, tokens } from '../comercial/comercial-test-support.ts';
import { condicoesPagamento, contasBancarias } from '../financeiro/financeiro.tables.ts';
import { registrarBaixa } from '../financeiro/titulos.service.ts';
import {
  conferePedido,
  criaClienteNfe,
  preparaEmissao,
  produtoComRegra,
} from '../notasfiscais/notas-saida-test-support.ts';

// Devolução de venda end to end against the SEFAZ double (issue 32): a sale NF-e authorised, part
// of it returned with our own NF-e de devolução (finNFe 4, tpNF 0, NFref), and what the
// authorisation does in its transaction — stock back at the cost it left with (avaria location
// not available), the note's receivables reduced from the last instalment, the excess as crédito
// do cliente (then used on another título), the commission reversed; the saldo a devolver never
// exceeded (concurrent returns: one wins); cancelling the return note undoes it all.

const dir = TEST_NFE_SCHEMAS_DIR;
if (!dir)
  console.warn('devolucoes-venda.test: NFE_SCHEMAS_DIR / ../shared/nfe/schemas ausente — testes pulados');

const ac = geraAcTeste();
// a numeric CNPJ: the events package (cancelamento) still takes digits only in its Id pattern
const CNPJ = '12345678000195';
const a1 = geraPfxTeste({ cnpj: CNPJ, razaoSocial: 'DISTRIBUIDORA PAULISTA DE ALIMENTOS LTDA', ac });

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let double: SefazDouble;
let produto: string;
let cliente: string;
let condicao: string;
let vendedor: string;
let conta: string;

const api = (token: string, method: string, p: string, body?: unknown) => chama(t, token, method, p, body);
const q = async <T>(s: ReturnType<typeof sql>) => rowsOf<T>(await t.db.execute(s));

/** An order of `quantidade` UN at R$ 12,50 (the table price) in 30/60/90, invoiced and authorised; its note. */
async function notaAutorizada(quantidade: string) {
  const criado = await api(tk.comercial, 'POST', '/api/comercial/pedidos', {
    cliente_id: cliente,
    vendedor_id: vendedor,
    condicao_pagamento_id: condicao,
    itens: [
      {
        produto_id: produto,
        embalagem: 'UN',
        quantidade,
        preco: '12.50',
        desconto_tipo: 'percentual',
        desconto: '0',
      },
    ],
  });
  expect(criado.status, JSON.stringify(criado.body)).toBe(201);
  const conf = await api(tk.comercial, 'POST', `/api/comercial/pedidos/${criado.body.id}/confirmar`, {
    versao: criado.body.versao,
  });
  expect(conf.body.status, JSON.stringify(conf.body)).toBe('liberado');
  await conferePedido(t, tk.comercial, criado.body.id);
  const nota = await api(tk.comercial, 'POST', '/api/notasfiscais/saida', { pedido_id: criado.body.id });
  expect(nota.status, JSON.stringify(nota.body)).toBe(201);
  const tr = await api(tk.comercial, 'POST', `/api/notasfiscais/saida/${nota.body.id}/transmitir`);
  expect(tr.body.status, JSON.stringify(tr.body)).toBe('autorizada');
  return {
    id: nota.body.id as string,
    chave: nota.body.chave as string,
    numero: nota.body.numero as number,
    pedido: criado.body,
  };
}

const titulosDaNota = (notaId: string) =>
  q<{
    id: string;
    parcela: number;
    valor: string;
    saldo: string;
    status: string;
    abatimentos: string;
    comissao_valor: string | null;
  }>(
    sql`select id, parcela, valor::text, saldo::text, status, abatimentos::text, comissao_valor::text
      from financial_accounts where origem = 'nota_fiscal' and origem_id = ${notaId} order by parcela`,
  );
const saldoEstoque = async (localTipo: 'deposito' | 'avaria') =>
  (
    await q<{ q: string }>(sql`select coalesce(sum(s.saldo), 0)::numeric(14,3)::text as q
      from estoque_saldos s join locais_estoque l on l.id = s.local_id
      where s.produto_id = ${produto} and l.tipo = ${localTipo}`)
  )[0]!.q;
const linha = (itemId: string, quantidade: string, extra: Json = {}) => ({
  item_id: itemId,
  quantidade,
  unidade: 'UN',
  motivo: 'recusa_entrega',
  destino: 'normal',
  ...extra,
});

describe.skipIf(!dir)('devolução de venda (NF-e própria, SEFAZ double)', () => {
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
    await preparaEmissao(t, tk.admin, { proximo: 100, cnpj: CNPJ });
    const cert = await api(tk.admin, 'POST', '/api/fiscal/certificado', {
      conteudo_base64: a1.pfx.toString('base64'),
      senha: a1.senha,
    });
    expect(cert.status, JSON.stringify(cert.body)).toBe(201);
    // ICMS 18 % and IPI 10 % on the sale (the return repeats them in proportion)
    produto = await produtoComRegra(t, tk.admin, {
      nome: 'Refrigerante Cola 2 L',
      regra: { cst_icms: '00', cst_ipi: '50', c_enq: '999', p_ipi: '10' },
      estoque: '1000',
    });
    cliente = await criaClienteNfe(t, { razaoSocial: 'Mercado Bom Preço Ltda' });
    vendedor = await criaVendedor(t.db, { nome: 'Carla Vendas', comissao: '5', descontoMaximo: '10' });
    const [c] = await t.db
      .insert(condicoesPagamento)
      .values({ nome: '30/60/90', tipo: 'dias', dias: [30, 60, 90] })
      .returning({ id: condicoesPagamento.id });
    condicao = c!.id;
    await t.db.execute(
      sql`insert into locais_estoque (codigo, nome, tipo) values ('AVR', 'Avarias', 'avaria')`,
    );
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

  it('devolve 4 de 10: NF-e de entrada autorizada, estoque de volta ao custo, último título abatido, comissão estornada', async () => {
    const nota = await notaAutorizada('10');
    const origem = await api(tk.comercial, 'GET', `/api/comercial/devolucoes/origem?q=${nota.chave}`);
    expect(origem.status, JSON.stringify(origem.body)).toBe(200);
    expect(origem.body).toMatchObject({
      nota_id: nota.id,
      situacao: 'nao_devolvida',
      cliente_contribuinte: true,
    });
    const item = origem.body.itens[0];
    expect(item).toMatchObject({ quantidade: '10.000', devolvida: '0.000', saldo: '10.000' });
    // 10 × 12,50 = 125,00 + IPI 12,50 = vNF 137,50 in 3 instalments: 45,84 / 45,83 / 45,83
    const antes = await titulosDaNota(nota.id);
    expect(antes.map((x) => x.valor)).toEqual(['45.84', '45.83', '45.83']);
    const estoqueAntes = await saldoEstoque('deposito');
    const aReceber = async () =>
      (await api(tk.financeiro, 'GET', '/api/dashboard/financeiro')).body.a_receber as string;
    const aReceberAntes = await aReceber();

    const criada = await api(tk.comercial, 'POST', '/api/comercial/devolucoes', {
      nota_id: nota.id,
      itens: [linha(item.item_id, '4')],
      observacao: null,
    });
    expect(criada.status, JSON.stringify(criada.body)).toBe(201);
    expect(criada.body).toMatchObject({ status: 'rascunho', valor_total: '55.00' });
    expect(criada.body.itens[0]).toMatchObject({
      quantidade: '4.000',
      cfop: '1202',
      custo_unitario: '1.0000',
    });
    expect(criada.body.itens[0].valores).toMatchObject({
      vProd: '50.00',
      vIPI: '5.00',
      vICMS: '9.00',
      vItem: '55.00',
    });

    const emitida = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${criada.body.id}/emitir`);
    expect(emitida.status, JSON.stringify(emitida.body)).toBe(200);
    expect(emitida.body.status, JSON.stringify(emitida.body.sefaz)).toBe('autorizada');
    expect(emitida.body.nota_devolucao_status).toBe('autorizada');

    // the return note: our NF-e de entrada, finalidade devolução, referencing the sale
    const [nd] = await q<{ xml: string; tp_nf: string; fin_nfe: string; valor_total: string }>(
      sql`select xml, tp_nf, fin_nfe, valor_total::text from notas_fiscais where id = ${emitida.body.nota_devolucao_id}`,
    );
    expect(nd).toMatchObject({ tp_nf: '0', fin_nfe: '4', valor_total: '55.00' });
    expect(nd!.xml).toContain('<tpNF>0</tpNF>');
    expect(nd!.xml).toContain('<finNFe>4</finNFe>');
    expect(nd!.xml).toContain(`<NFref><refNFe>${nota.chave}</refNFe></NFref>`);
    expect(nd!.xml).toContain('<CFOP>1202</CFOP>');

    // stock: +4 at the cost it left with (1,00)
    expect(await saldoEstoque('deposito')).toBe(Decimal.of(estoqueAntes).plus(4).toFixed(3));
    const [mov] = await q<{ quantidade: string; custo_unitario: string; tipo: string }>(
      sql`select quantidade::text, custo_unitario::text, tipo from estoque_movimentos
        where origem = 'devolucao' and origem_id = ${criada.body.id}`,
    );
    expect(mov).toMatchObject({ quantidade: '4.000', custo_unitario: '1.0000', tipo: 'entrada' });

    // money: 55,00 off the 3rd instalment (45,83 → 0) then the 2nd (45,83 − 9,17 = 36,66)
    const depois = await titulosDaNota(nota.id);
    expect(depois.map((x) => [x.saldo, x.status])).toEqual([
      ['45.84', 'em_aberto'],
      ['36.66', 'parcial'],
      ['0.00', 'pago'],
    ]);
    // the dashboard's «A Receber» follows the abatimentos
    expect(
      Decimal.of(aReceberAntes)
        .minus(await aReceber())
        .toFixed(2),
    ).toBe('55.00');
    // commission 5 % of 125,00 = 6,25; 40 % returned → 2,50 reversed from the abated títulos
    const comissoesAntes = antes.map((x) => Decimal.of(x.comissao_valor ?? '0'));
    const comissoesDepois = depois.map((x) => Decimal.of(x.comissao_valor ?? '0'));
    expect(Decimal.sum(comissoesAntes).minus(Decimal.sum(comissoesDepois)).toFixed(2)).toBe('2.50');
    const det = await api(tk.comercial, 'GET', `/api/comercial/devolucoes/${criada.body.id}`);
    expect(det.body).toMatchObject({
      valor_abatido: '55.00',
      valor_credito: '0.00',
      comissao_estorno: '2.50',
      comissao_estorno_pendente: '0.00',
    });
    expect(det.body.abatimentos.map((a: Json) => [a.parcela, a.valor])).toEqual([
      [3, '45.83'],
      [2, '9.17'],
    ]);

    // what is left to return
    const resta = await api(tk.comercial, 'GET', `/api/comercial/devolucoes/nota/${nota.id}`);
    expect(resta.body).toMatchObject({ situacao: 'parcialmente_devolvida' });
    expect(resta.body.itens[0]).toMatchObject({ devolvida: '4.000', saldo: '6.000' });
    const demais = await api(tk.comercial, 'POST', '/api/comercial/devolucoes', {
      nota_id: nota.id,
      itens: [linha(item.item_id, '7')],
      observacao: null,
    });
    expect(demais.status).toBe(400);
    expect(demais.body.details.fields['itens.0.quantidade'][0]).toBe(
      `Item «${item.codigo} - ${item.nome}»: a devolver 7 UN, disponível 6 UN.`,
    );

    // the sale note cannot be cancelled while a return stands
    const cancNota = await api(tk.comercial, 'POST', `/api/notasfiscais/saida/${nota.id}/cancelar`, {
      justificativa: 'Cancelamento de teste da nota de venda',
    });
    expect(cancNota.status).toBe(409);

    // cancelling the return note at SEFAZ undoes everything
    const canc = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${criada.body.id}/cancelar`, {
      motivo: 'Cliente desistiu da devolução',
    });
    expect(canc.status, JSON.stringify(canc.body)).toBe(200);
    expect(canc.body.status).toBe('cancelada');
    expect(await saldoEstoque('deposito')).toBe(estoqueAntes);
    expect(await aReceber()).toBe(aReceberAntes);
    expect((await titulosDaNota(nota.id)).map((x) => [x.saldo, x.status, x.comissao_valor])).toEqual(
      antes.map((x) => [x.saldo, x.status, x.comissao_valor]),
    );
  });

  it('título já pago: o excesso vira crédito do cliente, usado em outro título; avaria não fica disponível', async () => {
    const nota = await notaAutorizada('3');
    // 3 × 12,50 + IPI 3,75 = 41,25 in 13,75 × 3; the customer pays all three
    const tits = await titulosDaNota(nota.id);
    for (const x of tits)
      await registrarBaixa(t.db, { userId: null, email: 'teste' }, 'receber', x.id, {
        data_pagamento: new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }),
        conta_bancaria_id: conta,
        forma_id: null,
        valor_pago: x.valor,
        juros: '0',
        multa: '0',
        desconto: '0',
        observacao: null,
      } as never);
    const origem = await api(tk.comercial, 'GET', `/api/comercial/devolucoes/nota/${nota.id}`);
    const avariaAntes = await saldoEstoque('avaria');
    const d = await api(tk.comercial, 'POST', '/api/comercial/devolucoes', {
      nota_id: nota.id,
      itens: [linha(origem.body.itens[0].item_id, '1', { motivo: 'avaria', destino: 'avaria' })],
      observacao: null,
    });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    const e = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${d.body.id}/emitir`);
    expect(e.body.status, JSON.stringify(e.body.sefaz)).toBe('autorizada');
    expect(e.body).toMatchObject({ valor_total: '13.75', valor_abatido: '0.00', valor_credito: '13.75' });
    // the seller had earned all the commission (5 % of 37,50 = 1,88): 1,88 × 12,50 / 37,50 = 0,63 to discount later
    expect(e.body).toMatchObject({ comissao_estorno: '0.63', comissao_estorno_pendente: '0.63' });
    expect(await saldoEstoque('avaria')).toBe(Decimal.of(avariaAntes).plus(1).toFixed(3));

    // the crédito pays part of another receivable of the customer
    const outra = await notaAutorizada('1');
    const [alvo] = await titulosDaNota(outra.id);
    const semPermissao = await api(
      tk.comercial,
      'POST',
      `/api/financeiro/creditos/clientes/${cliente}/usar`,
      {
        titulo_id: alvo!.id,
        valor: '4,00',
      },
    );
    expect(semPermissao.status).toBe(403);
    const usado = await api(tk.financeiro, 'POST', `/api/financeiro/creditos/clientes/${cliente}/usar`, {
      titulo_id: alvo!.id,
      valor: '4,00',
    });
    expect(usado.status, JSON.stringify(usado.body)).toBe(200);
    expect(usado.body.saldo).toBe('9.75');
    const [alvoDepois] = await titulosDaNota(outra.id);
    expect(Decimal.of(alvo!.saldo).minus(alvoDepois!.saldo).toFixed(2)).toBe('4.00');
    const demais = await api(tk.financeiro, 'POST', `/api/financeiro/creditos/clientes/${cliente}/usar`, {
      titulo_id: alvo!.id,
      valor: '7,00',
    });
    expect(demais.status).toBe(422);
    // the crédito was used: the return cannot be undone
    const canc = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${d.body.id}/cancelar`, {
      motivo: 'Cancelamento que não pode acontecer',
    });
    expect(canc.status).toBe(409);
  });

  it('nada pago: a última parcela inteira devolvida estorna a comissão dos títulos ainda abertos, sem pendência', async () => {
    // 3 × 12,50 + IPI 3,75 = 41,25 in 13,75 × 3, each título carrying 5 % = 0,69 of commission; the
    // order's commission is 5 % of the goods, 1,88, so returning 1 UN (13,75 = the last instalment)
    // reverses 1,88 × 12,50 / 37,50 = 0,63. The last título's share is made 0,60 here (a share that
    // rounded below the return's reversal): 0,60 comes from it and the 0,03 left from the 2nd
    // instalment, which stays open — nothing is left «pendente» when nothing was paid
    const nota = await notaAutorizada('3');
    const inicio = await titulosDaNota(nota.id);
    expect(inicio.map((x) => x.comissao_valor)).toEqual(['0.69', '0.69', '0.69']);
    await t.db.execute(
      sql`update financial_accounts set comissao_valor = '0.60' where id = ${inicio[2]!.id}`,
    );
    const antes = await titulosDaNota(nota.id);
    const origem = await api(tk.comercial, 'GET', `/api/comercial/devolucoes/nota/${nota.id}`);
    const d = await api(tk.comercial, 'POST', '/api/comercial/devolucoes', {
      nota_id: nota.id,
      itens: [linha(origem.body.itens[0].item_id, '1')],
      observacao: null,
    });
    const e = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${d.body.id}/emitir`);
    expect(e.body).toMatchObject({
      status: 'autorizada',
      valor_abatido: '13.75',
      comissao_estorno: '0.63',
      comissao_estorno_pendente: '0.00',
    });
    expect((await titulosDaNota(nota.id)).map((x) => [x.saldo, x.comissao_valor])).toEqual([
      ['13.75', '0.69'],
      ['13.75', '0.66'],
      ['0.00', '0.00'],
    ]);
    const canc = await api(tk.comercial, 'POST', `/api/comercial/devolucoes/${d.body.id}/cancelar`, {
      motivo: 'Devolução registrada por engano',
    });
    expect(canc.body.status, JSON.stringify(canc.body)).toBe('cancelada');
    expect((await titulosDaNota(nota.id)).map((x) => [x.saldo, x.comissao_valor])).toEqual(
      antes.map((x) => [x.saldo, x.comissao_valor]),
    );
  });

  it('devoluções concorrentes do mesmo item: uma vence, a outra é recusada pelo saldo', async () => {
    const nota = await notaAutorizada('10');
    const origem = await api(tk.comercial, 'GET', `/api/comercial/devolucoes/nota/${nota.id}`);
    const corpo = { nota_id: nota.id, itens: [linha(origem.body.itens[0].item_id, '6')], observacao: null };
    const rs = await Promise.all([
      api(tk.comercial, 'POST', '/api/comercial/devolucoes', corpo),
      api(tk.comercial, 'POST', '/api/comercial/devolucoes', corpo),
    ]);
    expect(rs.map((r) => r.status).sort()).toEqual([201, 400]);
    const [{ n }] = (await q<{ n: number }>(
      sql`select count(*)::int as n from devolucoes where nota_id = ${nota.id} and status <> 'cancelada'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
