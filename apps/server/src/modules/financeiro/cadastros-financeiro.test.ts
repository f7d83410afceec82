import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { chama, cria, type Json } from './financeiro-test-support.ts';

// The finance registers through the HTTP API and the real database: the plano gerencial's rules
// (parent exists, same tipo, analítica), formas with their tPag, condições with the instalment
// preview across Carnaval 2027, contas bancárias with the bank list and the balance, and the
// permission (admin and financeiro only).

let t: TestContext;
let admin: string;
let financeiro: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn(['admin'])).token;
  financeiro = (await t.signIn(['financeiro'])).token;
});
afterAll(() => t?.close());

describe('permission', () => {
  it.each([['comercial'], ['estoque']])('%s gets 403 on every finance register', async (role) => {
    const token = (await t.signIn([role as 'comercial'])).token;
    for (const path of [
      'centros-custo',
      'classes-financeiras',
      'formas-pagamento',
      'condicoes-pagamento',
      'contas-bancarias',
      'bancos',
    ]) {
      expect((await chama(t, token, 'GET', `/api/financeiro/${path}`)).status).toBe(403);
    }
    expect(
      (await chama(t, token, 'POST', '/api/financeiro/centros-custo', { codigo: '9', nome: 'X' })).status,
    ).toBe(403);
  });
});

describe('plano gerencial', () => {
  it('classes: a child needs its parent, of the same tipo; only leaves are analíticas', async () => {
    const semPai = await chama(t, financeiro, 'POST', '/api/financeiro/classes-financeiras', {
      codigo: '1.01',
      nome: 'Vendas',
      tipo: 'receita',
    });
    expect(semPai.status).toBe(400);
    expect(semPai.body.details.fields.codigo).toEqual(['Conta superior 1 não cadastrada']);

    await cria(t, financeiro, 'classes-financeiras', { codigo: '1', nome: 'Receitas', tipo: 'receita' });
    const outroTipo = await chama(t, financeiro, 'POST', '/api/financeiro/classes-financeiras', {
      codigo: '1.01',
      nome: 'Fretes',
      tipo: 'despesa',
    });
    expect(outroTipo.status).toBe(400);
    expect(outroTipo.body.details.fields.tipo).toEqual([
      'A classe deve ser do mesmo tipo (receita ou despesa) da classe superior',
    ]);
    const filho = await cria(t, financeiro, 'classes-financeiras', {
      codigo: '1.01',
      nome: 'Vendas de mercadorias',
      tipo: 'receita',
    });
    expect(filho).toMatchObject({ codigo: '1.01', pai_codigo: '1', nivel: 2, analitica: true });

    const lista = await chama(t, financeiro, 'GET', '/api/financeiro/classes-financeiras?sort=codigo');
    expect(lista.body.items.map((r: Json) => [r.codigo, r.analitica])).toEqual([
      ['1', false],
      ['1.01', true],
    ]);
    const opcoes = await chama(t, financeiro, 'GET', '/api/financeiro/classes-financeiras/opcoes');
    expect(opcoes.body.map((o: Json) => o.nome)).toEqual(['1.01 Vendas de mercadorias']);

    const repetida = await chama(t, financeiro, 'POST', '/api/financeiro/classes-financeiras', {
      codigo: '1.01',
      nome: 'Outra',
      tipo: 'receita',
    });
    expect(repetida.status).toBe(409);
    expect(repetida.body.details.fields.codigo).toEqual(['Já existe uma conta com este código']);
  });

  it('centros de custo: an invalid code is a field error', async () => {
    const r = await chama(t, financeiro, 'POST', '/api/financeiro/centros-custo', {
      codigo: '1.1',
      nome: 'X',
    });
    expect(r.status).toBe(400);
    expect(r.body.details.fields.codigo).toEqual([
      'Código inválido: use o formato 1.01.001 (níveis de 1, 2 e 3 dígitos)',
    ]);
    const c = await cria(t, admin, 'centros-custo', { codigo: '1', nome: 'Comercial' });
    expect(c).toMatchObject({ codigo: '1', nome: 'Comercial', analitica: true, nivel: 1, pai_codigo: null });
  });
});

describe('formas de pagamento', () => {
  it('carries the NF-e tPag; a card keeps its taxa and prazo, other tipos do not', async () => {
    const cartao = await cria(t, financeiro, 'formas-pagamento', {
      nome: 'Cartão de crédito',
      tipo: 'cartao_credito',
      taxa_percentual: '3,5',
      prazo_compensacao_dias: 30,
    });
    expect(cartao).toMatchObject({ tpag: '03', taxa_percentual: '3.5000', prazo_compensacao_dias: 30 });
    const pix = await cria(t, financeiro, 'formas-pagamento', {
      nome: 'PIX',
      tipo: 'pix',
      taxa_percentual: '1',
      prazo_compensacao_dias: 2,
    });
    expect(pix).toMatchObject({ tpag: '20', taxa_percentual: null, prazo_compensacao_dias: null });
  });
});

describe('condições de pagamento', () => {
  it('the preview moves a due date on Carnaval 2027 to 10/02/2027, the remainder cent in the first', async () => {
    const c = await cria(t, financeiro, 'condicoes-pagamento', { nome: '28/35/42', dias: '28/35/42' });
    expect(c).toMatchObject({ dias: [28, 35, 42], descricao: '28/35/42' });
    const r = await chama(t, financeiro, 'POST', `/api/financeiro/condicoes-pagamento/${c.id}/previa`, {
      valor: '100,00',
      data_base: '2027-01-12',
    });
    expect(r.status).toBe(200);
    expect(r.body.parcelas.map((p: Json) => [p.numero, p.vencimento, p.ajustada_de, p.valor])).toEqual([
      [1, '2027-02-10', '2027-02-09', '33.34'],
      [2, '2027-02-16', null, '33.33'],
      [3, '2027-02-23', null, '33.33'],
    ]);
    const invalido = await chama(
      t,
      financeiro,
      'POST',
      `/api/financeiro/condicoes-pagamento/${c.id}/previa`,
      {
        valor: '0,02',
        data_base: '2027-01-12',
      },
    );
    expect(invalido.status).toBe(400);
    expect(Object.keys(invalido.body.details.fields)).toEqual(['valor']);
  });
});

describe('contas bancárias', () => {
  it('bank from the official list; balance = saldo inicial + movements; statement with running balance', async () => {
    const semBanco = await chama(t, financeiro, 'POST', '/api/financeiro/contas-bancarias', {
      nome: 'Banco inexistente',
      tipo: 'corrente',
      banco_codigo: '999',
      agencia: '1234',
      conta: '56789',
      conta_digito: '0',
      saldo_inicial: '0',
      data_saldo_inicial: '2026-01-01',
    });
    expect(semBanco.status).toBe(400);
    expect(semBanco.body.details.fields.banco_codigo).toEqual([
      'Banco não encontrado na lista do Banco Central',
    ]);

    const bb = await cria(t, financeiro, 'contas-bancarias', {
      nome: 'Banco do Brasil',
      tipo: 'corrente',
      banco_codigo: '1',
      agencia: '1234',
      agencia_digito: '5',
      conta: '56789',
      conta_digito: '0',
      saldo_inicial: '1.000,00',
      data_saldo_inicial: '2026-01-01',
    });
    expect(bb).toMatchObject({ banco_codigo: '001', saldo_inicial: '1000.00', saldo_atual: '1000.00' });
    expect(bb.banco_nome).toMatch(/BANCO DO BRASIL/i);

    await t.db.execute(sql`insert into conta_movimentos (conta_bancaria_id, data, tipo, valor, historico)
      values (${bb.id}, '2026-02-01', 'recebimento', 250.10, 'Recebimento A'),
             (${bb.id}, '2026-02-03', 'pagamento', -100.05, 'Pagamento B')`);
    const atual = await chama(t, financeiro, 'GET', `/api/financeiro/contas-bancarias/${bb.id}`);
    expect(atual.body.saldo_atual).toBe('1150.05');
    const extrato = await chama(t, financeiro, 'GET', `/api/financeiro/contas-bancarias/${bb.id}/extrato`);
    expect(extrato.body.saldo_anterior).toBe('1000.00');
    expect(extrato.body.items.map((m: Json) => [m.data, m.valor, m.saldo])).toEqual([
      ['2026-02-01', '250.10', '1250.10'],
      ['2026-02-03', '-100.05', '1150.05'],
    ]);
    const segundaPagina = await chama(
      t,
      financeiro,
      'GET',
      `/api/financeiro/contas-bancarias/${bb.id}/extrato?page=2&pageSize=1`,
    );
    expect(segundaPagina.body.saldo_anterior).toBe('1250.10');
    expect(segundaPagina.body.items.map((m: Json) => m.saldo)).toEqual(['1150.05']);

    // the ledger is append-only
    await expect(
      t.db.execute(sql`update conta_movimentos set valor = 1 where conta_bancaria_id = ${bb.id}`),
    ).rejects.toThrow();
    const [n] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from conta_movimentos where conta_bancaria_id = ${bb.id}`,
      ),
    );
    expect(n!.n).toBe(2);
  });

  it('a caixa keeps no bank fields', async () => {
    const caixa = await cria(t, financeiro, 'contas-bancarias', {
      nome: 'Caixa',
      tipo: 'caixa',
      banco_codigo: '341',
      agencia: '1',
      saldo_inicial: '0',
      data_saldo_inicial: '2026-01-01',
    });
    expect(caixa).toMatchObject({ banco_codigo: null, agencia: null, saldo_atual: '0.00' });
  });

  it('the bank list searches by code or name', async () => {
    const r = await chama(t, financeiro, 'GET', '/api/financeiro/bancos?q=341');
    expect(r.body[0]).toMatchObject({ codigo: '341' });
  });
});
