import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { vendedores } from '../cadastros/cadastros.tables.ts';
import { criaCliente } from '../tributacao/tributacao-test-support.ts';
import { chama, cria, type Json } from './financeiro-test-support.ts';

// Títulos through the HTTP API and the real database, every figure worked out by hand: instalments
// across Carnaval 2027, juros pro rata and multa, a partial baixa and its estorno restoring the exact
// saldo with the bank balance = saldo inicial + movements, rateio to the cent, the commission hook,
// cancelling with a reason, and the permission.

let t: TestContext;
let fin: string;
let cliente: string;
let classe: string;
let conta: Json;
let condicao: Json;
const centros: string[] = [];

const receber = (path = '') => `/api/financeiro/receber${path}`;

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
  cliente = await criaCliente(t.db, { razaoSocial: 'Mercado Alfa Ltda', uf: 'SP', indicadorIe: '1' });
  await cria(t, fin, 'classes-financeiras', { codigo: '1', nome: 'Receitas', tipo: 'receita' });
  classe = (await cria(t, fin, 'classes-financeiras', { codigo: '1.01', nome: 'Vendas', tipo: 'receita' }))
    .id;
  for (const [i, nome] of ['Comercial', 'Logística', 'Administrativo'].entries())
    centros.push((await cria(t, fin, 'centros-custo', { codigo: String(i + 1), nome })).id);
  conta = await cria(t, fin, 'contas-bancarias', {
    nome: 'Itaú',
    tipo: 'corrente',
    banco_codigo: '341',
    agencia: '1234',
    conta: '12345',
    conta_digito: '6',
    saldo_inicial: '500,00',
    data_saldo_inicial: '2026-01-01',
  });
  condicao = await cria(t, fin, 'condicoes-pagamento', { nome: '28/35/42', dias: '28/35/42' });
});
afterAll(() => t?.close());

const base = () => ({
  tipo: 'receber',
  cliente_id: cliente,
  descricao: 'Venda balcão',
  classe_financeira_id: classe,
});

describe('títulos a receber', () => {
  it('from a condição: 9 Feb 2027 (Carnaval) moves to 10 Feb, the remainder cent in the first', async () => {
    const r = await chama(t, fin, 'POST', receber(), {
      ...base(),
      emissao: '2027-01-12',
      valor: '100,00',
      condicao_pagamento_id: condicao.id,
    });
    expect(r.status).toBe(201);
    expect(
      r.body.map((x: Json) => [x.parcela, x.total_parcelas, x.vencimento, x.valor, x.saldo, x.status]),
    ).toEqual([
      [1, 3, '2027-02-10', '33.34', '33.34', 'em_aberto'],
      [2, 3, '2027-02-16', '33.33', '33.33', 'em_aberto'],
      [3, 3, '2027-02-23', '33.33', '33.33', 'em_aberto'],
    ]);
    expect(r.body[0]).toMatchObject({
      pessoa_nome: 'Mercado Alfa Ltda',
      juros_mes_percentual: '1.0000',
      multa_percentual: '2.0000',
    });
  });

  it('juros pro rata: 1 % a.m. on R$ 1.000,00 paid 15 days late = R$ 5,00, multa 2 % = R$ 20,00', async () => {
    const [titulo] = (
      await chama(t, fin, 'POST', receber(), {
        ...base(),
        emissao: '2026-01-01',
        vencimento: '2026-01-05',
        valor: '1000',
      })
    ).body as [Json];
    const e = await chama(t, fin, 'GET', receber(`/${titulo.id}/encargos?data=2026-01-20`));
    expect(e.body).toMatchObject({
      dias_atraso: 15,
      juros: '5.00',
      multa: '20.00',
      desconto: '0.00',
      total: '1025.00',
    });
  });

  it('a partial baixa then its estorno restores the exact saldo; bank balance = saldo inicial + movements', async () => {
    const [titulo] = (
      await chama(t, fin, 'POST', receber(), {
        ...base(),
        emissao: '2026-02-01',
        vencimento: '2026-03-02',
        valor: '1000,00',
      })
    ).body as [Json];
    const b = await chama(t, fin, 'POST', receber(`/${titulo.id}/baixas`), {
      data_pagamento: '2026-03-02',
      conta_bancaria_id: conta.id,
      valor_pago: '333,33',
      juros: '0',
      multa: '0',
      desconto: '0',
    });
    expect(b.status).toBe(201);
    expect(b.body.titulo).toMatchObject({ saldo: '666.67', status: 'parcial' });
    expect(
      (await chama(t, fin, 'GET', `/api/financeiro/contas-bancarias/${conta.id}`)).body.saldo_atual,
    ).toBe('833.33');

    const excede = await chama(t, fin, 'POST', receber(`/${titulo.id}/baixas`), {
      data_pagamento: '2026-03-02',
      conta_bancaria_id: conta.id,
      valor_pago: '666,68',
      juros: '0',
      multa: '0',
      desconto: '0',
    });
    expect(excede.status).toBe(400);
    expect(excede.body.message).toBe(
      'O valor da baixa (R$\u00a0666,68) excede o saldo do título (R$\u00a0666,67).',
    );

    const curto = await chama(t, fin, 'POST', receber(`/baixas/${b.body.baixa_id}/estorno`), {
      motivo: 'curto',
    });
    expect(curto.status).toBe(400);
    const e = await chama(t, fin, 'POST', receber(`/baixas/${b.body.baixa_id}/estorno`), {
      motivo: 'Cheque devolvido pelo banco',
    });
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({ saldo: '1000.00', status: 'em_aberto' });
    const de_novo = await chama(t, fin, 'POST', receber(`/baixas/${b.body.baixa_id}/estorno`), {
      motivo: 'Cheque devolvido pelo banco',
    });
    expect(de_novo.status).toBe(409);

    const extrato = await chama(t, fin, 'GET', `/api/financeiro/contas-bancarias/${conta.id}/extrato`);
    expect(extrato.body.items.map((m: Json) => [m.tipo, m.valor, m.saldo])).toEqual([
      ['recebimento', '333.33', '833.33'],
      ['estorno', '-333.33', '500.00'],
    ]);
    const [soma] = rowsOf<{ s: string }>(
      await t.db.execute(sql`select (500 + sum(valor))::numeric(14,2)::text as s from conta_movimentos
        where conta_bancaria_id = ${conta.id}`),
    );
    expect(
      (await chama(t, fin, 'GET', `/api/financeiro/contas-bancarias/${conta.id}`)).body.saldo_atual,
    ).toBe(soma!.s);
    const hist = await chama(t, fin, 'GET', receber(`/${titulo.id}/baixas`));
    expect(hist.body.map((x: Json) => [x.valor_pago, x.principal, x.estornada])).toEqual([
      ['333.33', '333.33', true],
    ]);
  });

  it('rateio to the cent: R$ 100,00 over 33,3333/33,3333/33,3334 → 33,33 + 33,33 + 33,34', async () => {
    const r = await chama(t, fin, 'POST', receber(), {
      ...base(),
      emissao: '2026-02-01',
      vencimento: '2026-03-02',
      valor: '100,00',
      rateio: centros.map((id, i) => ({ centro_custo_id: id, percentual: i === 2 ? '33,3334' : '33,3333' })),
    });
    expect(r.status).toBe(201);
    expect(r.body[0].rateio.map((x: Json) => [x.percentual, x.valor])).toEqual([
      ['33.3333', '33.33'],
      ['33.3333', '33.33'],
      ['33.3334', '33.34'],
    ]);
    const lista = await chama(t, fin, 'GET', receber(`?centro_custo_id=${centros[2]}`));
    expect(lista.body.items.map((x: Json) => x.id)).toEqual([r.body[0].id]);
  });

  it('commission: a baixa earns its part as a payable to the seller; the estorno reverses it', async () => {
    const [v] = await t.db.insert(vendedores).values({ nome: 'Ana Vendas' }).returning({ id: vendedores.id });
    const [titulo] = (
      await chama(t, fin, 'POST', receber(), {
        ...base(),
        vendedor_id: v!.id,
        emissao: '2026-02-01',
        vencimento: '2026-03-02',
        valor: '1000,00',
      })
    ).body as [Json];
    // the order's commission is set by the invoice link (a later issue): 5 % here
    await t.db.execute(sql`update financial_accounts set comissao_valor = 50 where id = ${titulo.id}`);
    const baixa = await chama(t, fin, 'POST', receber(`/${titulo.id}/baixas`), {
      data_pagamento: '2026-03-02',
      conta_bancaria_id: conta.id,
      valor_pago: '333,33',
      juros: '0',
      multa: '0',
      desconto: '0',
    });
    const [b] = (await chama(t, fin, 'GET', receber(`/${titulo.id}/baixas`))).body as [Json];
    expect(b.comissao).toBe('16.67');
    const pagar = await chama(t, fin, 'GET', `/api/financeiro/pagar?origem=comissao`);
    expect(pagar.body.items.map((x: Json) => [x.valor, x.status, x.pessoa_nome])).toEqual([
      ['16.67', 'em_aberto', 'Ana Vendas'],
    ]);
    await chama(t, fin, 'POST', receber(`/baixas/${baixa.body.baixa_id}/estorno`), {
      motivo: 'Pagamento não compensado',
    });
    const depois = await chama(t, fin, 'GET', `/api/financeiro/pagar?origem=comissao`);
    expect(depois.body.items.map((x: Json) => x.status)).toEqual(['cancelado']);
  });

  it('cancelling needs a reason of 10 characters; footer totals', async () => {
    const [titulo] = (
      await chama(t, fin, 'POST', receber(), {
        ...base(),
        emissao: '2026-02-01',
        vencimento: '2026-02-10',
        valor: '10',
      })
    ).body as [Json];
    const curto = await chama(t, fin, 'POST', receber(`/${titulo.id}/cancelamento`), { motivo: 'erro' });
    expect(curto.status).toBe(400);
    const ok = await chama(t, fin, 'POST', receber(`/${titulo.id}/cancelamento`), {
      motivo: 'Lançado em duplicidade',
    });
    expect(ok.body).toMatchObject({ status: 'cancelado', motivo_cancelamento: 'Lançado em duplicidade' });
    const lista = await chama(t, fin, 'GET', receber('?status=cancelado'));
    expect(lista.body.items.map((x: Json) => x.id)).toEqual([titulo.id]);
    expect(lista.body.totais).toEqual({ em_aberto: '0.00', vencido: '0.00', pago_no_periodo: '0.00' });
  });

  it('a missing centro de custo or conta is a field error, never a 500', async () => {
    const r = await chama(t, fin, 'POST', receber(), {
      ...base(),
      emissao: '2026-02-01',
      vencimento: '2026-03-02',
      valor: '10',
      centro_custo_id: '00000000-0000-4000-8000-000000000999',
    });
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toEqual({ centro_custo_id: ['Centro de custo não encontrado'] });
  });

  it('comercial and estoque get 403', async () => {
    for (const role of ['comercial', 'estoque'] as const) {
      const token = (await t.signIn([role])).token;
      expect((await chama(t, token, 'GET', receber())).status).toBe(403);
      expect((await chama(t, token, 'GET', '/api/financeiro/pagar')).status).toBe(403);
      expect((await chama(t, token, 'POST', receber(), base())).status).toBe(403);
    }
  });
});
