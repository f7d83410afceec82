import { bancoPorCodigo, cnpjWithCheckDigits } from '@erp/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { clientes, fornecedores } from '../cadastros/cadastros.tables.ts';
import { extratoLinhas } from './extrato.tables.ts';
import { financialAccounts } from './financeiro.tables.ts';
import { chama, cria, type Json } from './financeiro-test-support.ts';

// Issue 29, item 10: «Criar título» from a statement line goes through a dialog pre-filled from the
// line (GET …/novo-titulo: the customer or supplier the memo names by CNPJ/CPF or by name, the classe
// that person's títulos take, the memo as the description once; a fee paid to the account's bank)
// and the server refuses a título without its person or classe (shared zod schema, pt-BR errors).

let t: TestContext;
let fin: string;
let conta: string;
const ids: Record<string, string> = {};
const linhas: Record<string, string> = {};
const url = (p: string) => `/api/financeiro/conciliacao-bancaria${p}`;
const CNPJ_FORNECEDOR = cnpjWithCheckDigits('123456780001');

async function linha(nome: string, valor: string, memo: string, posicao: number) {
  const [l] = await t.db
    .insert(extratoLinhas)
    .values({
      contaBancariaId: conta,
      origem: 'manual',
      data: '2026-03-10',
      valor,
      memo,
      posicao,
      chaveDedupe: `teste-criar:${nome}`,
    })
    .returning({ id: extratoLinhas.id });
  linhas[nome] = l!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
  conta = (
    await cria(t, fin, 'contas-bancarias', {
      nome: 'Itaú movimento',
      tipo: 'corrente',
      banco_codigo: '341',
      agencia: '1234',
      conta: '12345',
      conta_digito: '6',
      saldo_inicial: '0,00',
      data_saldo_inicial: '2026-01-01',
    })
  ).id;
  ids.vendas = (
    await cria(t, fin, 'classes-financeiras', { codigo: '1', nome: 'Vendas', tipo: 'receita' })
  ).id;
  ids.compras = (
    await cria(t, fin, 'classes-financeiras', { codigo: '2', nome: 'Compras', tipo: 'despesa' })
  ).id;
  ids.despesasBancarias = (
    await cria(t, fin, 'classes-financeiras', { codigo: '3', nome: 'Despesas bancárias', tipo: 'despesa' })
  ).id;
  const [padaria, jose, outra] = await t.db
    .insert(clientes)
    .values([
      { tipoPessoa: 'J', documento: '11222333000181', razaoSocial: 'Padaria Pão Quente Ltda' },
      { tipoPessoa: 'F', documento: '52998224725', razaoSocial: 'José da Silva' },
      { tipoPessoa: 'J', documento: cnpjWithCheckDigits('998877660001'), razaoSocial: 'Padaria Central' },
    ])
    .returning({ id: clientes.id });
  ids.padaria = padaria!.id;
  ids.jose = jose!.id;
  ids.outraPadaria = outra!.id;
  const [norte] = await t.db
    .insert(fornecedores)
    .values({ tipoPessoa: 'J', documento: CNPJ_FORNECEDOR, razaoSocial: 'Distribuidora Norte Ltda' })
    .returning({ id: fornecedores.id });
  ids.norte = norte!.id;
  await linha('porDocumento', '150.00', 'PIX RECEBIDO 11.222.333/0001-81 PADARIA', 0);
  await linha('porNome', '80.00', 'PIX RECEBIDO JOSE DA SILVA', 1);
  await linha('ninguem', '10.00', 'DEPOSITO EM DINHEIRO', 2);
  await linha('fornecedor', '-300.00', 'TED ENVIADA DISTRIBUIDORA NORTE', 3);
  await linha('tarifa', '-12.90', 'TARIFA BANCARIA CESTA', 4);
  await linha('outraDaPadaria', '99.00', 'PIX 11222333000181', 5);
});
afterAll(() => t?.close());

const novo = async (nome: string) => chama(t, fin, 'GET', url(`/linhas/${linhas[nome]}/novo-titulo`));
const criar = async (nome: string, body: Json) =>
  chama(t, fin, 'POST', url(`/linhas/${linhas[nome]}/criar`), body);

describe('«Criar título» from a statement line (issue 29)', () => {
  it('refuses a título without its person, classe or description, with pt-BR field errors', async () => {
    // today's one-click body: nothing chosen
    let r = await criar('porDocumento', {});
    expect([r.status, r.body.details.fields]).toEqual([
      400,
      {
        tipo: ['Tipo de título inválido'],
        descricao: ['Descrição é obrigatória'],
      },
    ]);
    r = await criar('porDocumento', { tipo: 'receber', descricao: 'PIX' });
    expect([r.status, r.body.details.fields]).toEqual([
      400,
      {
        classe_financeira_id: ['Classe financeira é obrigatória'],
        cliente_id: ['Cliente é obrigatório'],
      },
    ]);
    r = await criar('fornecedor', { tipo: 'pagar', descricao: 'TED', classe_financeira_id: ids.compras });
    expect([r.status, r.body.details.fields]).toEqual([400, { fornecedor_id: ['Fornecedor é obrigatório'] }]);
    // the kind must follow the line's sign
    r = await criar('porDocumento', {
      tipo: 'pagar',
      fornecedor_id: ids.norte,
      descricao: 'PIX',
      classe_financeira_id: ids.compras,
    });
    expect([r.status, r.body.details.fields]).toEqual([
      400,
      { tipo: ['Uma linha de crédito gera um título a receber'] },
    ]);
    // a receita classe on a payable
    r = await criar('tarifa', { tipo: 'tarifa', descricao: 'Tarifa', classe_financeira_id: ids.vendas });
    expect([r.status, r.body.details.fields]).toEqual([
      400,
      { classe_financeira_id: ['Título a pagar usa uma classe de despesa'] },
    ]);
    // nothing written by any refusal
    expect(await t.db.select({ id: financialAccounts.id }).from(financialAccounts)).toEqual([]);
  });

  it('pre-fills the dialog: the person by CNPJ/CPF in the memo, else by name; the description once', async () => {
    expect((await novo('porDocumento')).body).toEqual({
      tipo: 'receber',
      data: '2026-03-10',
      valor: '150.00',
      descricao: 'PIX RECEBIDO 11.222.333/0001-81 PADARIA',
      pessoa: {
        id: ids.padaria,
        nome: 'Padaria Pão Quente Ltda',
        documento: '11222333000181',
        motivo: 'documento',
      },
      favorecido: null,
      classe_financeira_id: null,
    });
    expect((await novo('porNome')).body.pessoa).toEqual({
      id: ids.jose,
      nome: 'José da Silva',
      documento: '52998224725',
      motivo: 'nome',
    });
    expect((await novo('ninguem')).body).toMatchObject({ tipo: 'receber', pessoa: null });
    expect((await novo('fornecedor')).body).toMatchObject({
      tipo: 'pagar',
      valor: '300.00',
      pessoa: { id: ids.norte, nome: 'Distribuidora Norte Ltda', motivo: 'nome' },
    });
    expect((await novo('tarifa')).body).toEqual({
      tipo: 'tarifa',
      data: '2026-03-10',
      valor: '12.90',
      descricao: 'TARIFA BANCARIA CESTA',
      pessoa: null,
      favorecido: bancoPorCodigo('341')!.nome,
      classe_financeira_id: ids.despesasBancarias,
    });
  });

  it('creates the confirmed receivable with its customer and classe, settled and matched to the line', async () => {
    const r = await criar('porDocumento', {
      tipo: 'receber',
      cliente_id: ids.padaria,
      descricao: 'PIX RECEBIDO 11.222.333/0001-81 PADARIA',
      classe_financeira_id: ids.vendas,
    });
    expect(r.status).toBe(201);
    const p = await chama(t, fin, 'GET', url(`?conta_bancaria_id=${conta}&de=2026-03-01&ate=2026-03-31`));
    const l = p.body.linhas.find((x: Json) => x.id === linhas.porDocumento);
    expect(l.conciliada).toBe(true);
    const [titulo] = await t.db
      .select({
        tipo: financialAccounts.tipo,
        clienteId: financialAccounts.clienteId,
        pessoaNome: financialAccounts.pessoaNome,
        descricao: financialAccounts.descricao,
        classe: financialAccounts.classeFinanceiraId,
        valor: financialAccounts.valor,
        saldo: financialAccounts.saldo,
        status: financialAccounts.status,
      })
      .from(financialAccounts)
      .where(eq(financialAccounts.id, l.vinculos[0].titulo_id));
    expect(titulo).toEqual({
      tipo: 'receber',
      clienteId: ids.padaria,
      pessoaNome: 'Padaria Pão Quente Ltda',
      descricao: 'PIX RECEBIDO 11.222.333/0001-81 PADARIA',
      classe: ids.vendas,
      valor: '150.00',
      saldo: '0.00',
      status: 'pago',
    });
    // the next line of the same customer suggests the classe its títulos took
    expect((await novo('outraDaPadaria')).body).toMatchObject({
      pessoa: { id: ids.padaria, motivo: 'documento' },
      classe_financeira_id: ids.vendas,
    });
  });

  it('creates the fee as a payable to the account’s bank and the payable with its supplier', async () => {
    let r = await criar('tarifa', {
      tipo: 'tarifa',
      descricao: 'TARIFA BANCARIA CESTA',
      classe_financeira_id: ids.despesasBancarias,
    });
    expect(r.status).toBe(201);
    r = await criar('fornecedor', {
      tipo: 'pagar',
      fornecedor_id: ids.norte,
      descricao: 'TED ENVIADA DISTRIBUIDORA NORTE',
      classe_financeira_id: ids.compras,
    });
    expect(r.status).toBe(201);
    const rows = await t.db
      .select({
        pessoaNome: financialAccounts.pessoaNome,
        fornecedorId: financialAccounts.fornecedorId,
        classe: financialAccounts.classeFinanceiraId,
        status: financialAccounts.status,
      })
      .from(financialAccounts)
      .where(eq(financialAccounts.tipo, 'pagar'))
      .orderBy(financialAccounts.valor);
    expect(rows).toEqual([
      {
        pessoaNome: bancoPorCodigo('341')!.nome,
        fornecedorId: null,
        classe: ids.despesasBancarias,
        status: 'pago',
      },
      {
        pessoaNome: 'Distribuidora Norte Ltda',
        fornecedorId: ids.norte,
        classe: ids.compras,
        status: 'pago',
      },
    ]);
  });

  it('only the finance roles', async () => {
    const estoque = (await t.signIn(['estoque'])).token;
    const r = await chama(t, estoque, 'GET', url(`/linhas/${linhas.porNome}/novo-titulo`));
    expect(r.status).toBe(403);
  });
});
