import { baixaLoteMensagens, cnpjWithCheckDigits } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { fornecedores } from '../cadastros/cadastros.tables.ts';
import { criaCliente } from '../tributacao/tributacao-test-support.ts';
import { chama, cria, type Json } from './financeiro-test-support.ts';

// The finance area through the HTTP API, every figure worked out by hand: a baixa em lote (juros
// and multa on the late one, the rest partial on the next), a single baixa of a payable, a baixa
// and its estorno; then the fluxo de caixa (realizado, previsto, balances), the aging, the month
// by classe; editing títulos (409 on paid, stale or valor after a baixa); the settings; the lote's
// 409s writing nothing.
//
// Dates (2026): R1 due Thu 01/10, R2 Tue 20/10, R3 Tue 15/12; P1 Mon 05/10, P2 Wed 25/11.
// "Today" for fluxo and aging is fixed at Fri 20/11/2026 (?hoje=, test only).

let t: TestContext;
let fin: string;
const ids: Record<string, string> = {};
let contaA: Json;
let contaB: Json;
const HOJE = '2026-11-20';

const receber = (path = '') => `/api/financeiro/receber${path}`;
const pagar = (path = '') => `/api/financeiro/pagar${path}`;

async function titulo(tipo: 'receber' | 'pagar', corpo: Json): Promise<Json> {
  const pessoa = tipo === 'receber' ? { cliente_id: ids.cliente } : { fornecedor_id: ids.fornecedor };
  const r = await chama(t, fin, 'POST', `/api/financeiro/${tipo}`, {
    tipo,
    ...pessoa,
    descricao: 'Título de teste',
    emissao: '2026-09-01',
    classe_financeira_id: tipo === 'receber' ? ids.vendas : ids.compras,
    ...corpo,
  });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body[0];
}

async function movimentos(): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from conta_movimentos`));
  return r!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  fin = (await t.signIn(['financeiro'])).token;
  ids.cliente = await criaCliente(t.db, { razaoSocial: 'Mercado Alfa Ltda', uf: 'SP', indicadorIe: '1' });
  const [forn] = await t.db
    .insert(fornecedores)
    .values({
      tipoPessoa: 'J',
      documento: cnpjWithCheckDigits('33444555000'.padEnd(12, '1')),
      razaoSocial: 'Distribuidora Beta Ltda',
      uf: 'SP',
      indicadorIe: '9',
    })
    .returning({ id: fornecedores.id });
  ids.fornecedor = forn!.id;
  await cria(t, fin, 'classes-financeiras', { codigo: '1', nome: 'Receitas', tipo: 'receita' });
  ids.vendas = (
    await cria(t, fin, 'classes-financeiras', { codigo: '1.01', nome: 'Vendas', tipo: 'receita' })
  ).id;
  await cria(t, fin, 'classes-financeiras', { codigo: '2', nome: 'Despesas', tipo: 'despesa' });
  ids.compras = (
    await cria(t, fin, 'classes-financeiras', { codigo: '2.01', nome: 'Fornecedores', tipo: 'despesa' })
  ).id;
  contaA = await cria(t, fin, 'contas-bancarias', {
    nome: 'Itaú',
    tipo: 'corrente',
    banco_codigo: '341',
    agencia: '1234',
    conta: '12345',
    conta_digito: '6',
    saldo_inicial: '1.000,00',
    data_saldo_inicial: '2026-01-01',
  });
  contaB = await cria(t, fin, 'contas-bancarias', {
    nome: 'Caixa',
    tipo: 'caixa',
    saldo_inicial: '200,00',
    data_saldo_inicial: '2026-01-01',
  });
  ids.r1 = (await titulo('receber', { documento: 'R1', valor: '1.000,00', vencimento: '2026-10-01' })).id;
  ids.r2 = (
    await titulo('receber', {
      documento: 'R2',
      valor: '500,00',
      vencimento: '2026-10-20',
      conta_bancaria_id: contaA.id,
    })
  ).id;
  ids.r3 = (
    await titulo('receber', {
      documento: 'R3',
      valor: '300,00',
      vencimento: '2026-12-15',
      conta_bancaria_id: contaB.id,
    })
  ).id;
  ids.p1 = (await titulo('pagar', { documento: 'P1', valor: '400,00', vencimento: '2026-10-05' })).id;
  ids.p2 = (await titulo('pagar', { documento: 'P2', valor: '250,00', vencimento: '2026-11-25' })).id;
});
afterAll(() => t?.close());

describe('baixa em lote', () => {
  it('R$ 1.200,00 over R1 (15 days late: juros 5,00, multa 20,00) and R2: R1 paid, R2 partial 175,00', async () => {
    const r = await chama(t, fin, 'POST', receber('/baixas-em-lote'), {
      titulo_ids: [ids.r2, ids.r1],
      data_pagamento: '2026-10-16',
      conta_bancaria_id: contaA.id,
      valor_pago: '1.200,00',
    });
    expect(r.status).toBe(201);
    expect(
      r.body.baixas.map((b: Json) => [b.titulo_id, b.tipo, b.valor_pago, b.juros, b.multa, b.principal]),
    ).toEqual([
      [ids.r1, 'total', '1025.00', '5.00', '20.00', '1000.00'],
      [ids.r2, 'parcial', '175.00', '0.00', '0.00', '175.00'],
    ]);
    expect(r.body).toMatchObject({ total_devido: '1525.00', valor_pago: '1200.00', nao_alcancados: [] });
    expect(r.body.titulos.map((x: Json) => [x.status, x.saldo])).toEqual([
      ['parcial', '325.00'],
      ['pago', '0.00'],
    ]);
    const movs = rowsOf<{ valor: string }>(
      await t.db.execute(sql`select valor::text from conta_movimentos where conta_bancaria_id = ${contaA.id}
        order by id`),
    );
    expect(movs.map((m) => m.valor)).toEqual(['1025.00', '175.00']);
    const lotes = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(distinct lote_id)::int as n from baixas where lote_id is not null`),
    );
    expect(lotes[0]!.n).toBe(1);
  });

  it('a título no longer open, or at another versão: 409 and nothing written', async () => {
    const antes = await movimentos();
    const pago = await chama(t, fin, 'POST', receber('/baixas-em-lote'), {
      titulo_ids: [ids.r3, ids.r1],
      data_pagamento: '2026-10-16',
      conta_bancaria_id: contaA.id,
    });
    expect(pago.status).toBe(409);
    const velho = await chama(t, fin, 'POST', receber('/baixas-em-lote'), {
      titulo_ids: [ids.r3],
      data_pagamento: '2026-10-16',
      conta_bancaria_id: contaA.id,
      versoes: { [ids.r3!]: 99 },
    });
    expect(velho.status).toBe(409);
    const outroTipo = await chama(t, fin, 'POST', pagar('/baixas-em-lote'), {
      titulo_ids: [ids.r3],
      data_pagamento: '2026-10-16',
      conta_bancaria_id: contaA.id,
    });
    expect(outroTipo.status).toBe(409);
    const demais = await chama(t, fin, 'POST', receber('/baixas-em-lote'), {
      titulo_ids: [ids.r3],
      data_pagamento: '2026-10-16',
      conta_bancaria_id: contaA.id,
      valor_pago: '300,01',
    });
    expect(demais.status).toBe(400);
    expect(demais.body.message).toBe(baixaLoteMensagens.excedeTotal('300.01', '300.00'));
    expect(await movimentos()).toBe(antes);
    expect((await chama(t, fin, 'GET', receber(`/${ids.r3}`))).body).toMatchObject({
      saldo: '300.00',
      status: 'em_aberto',
    });
  });

  it('empty valor_pago pays the total due; then P1 and a baixa of R3 with its estorno', async () => {
    const r = await chama(t, fin, 'POST', pagar('/baixas-em-lote'), {
      titulo_ids: [ids.p1],
      data_pagamento: '2026-10-05',
      conta_bancaria_id: contaA.id,
    });
    expect(r.status).toBe(201);
    expect(r.body.baixas[0]).toMatchObject({ tipo: 'total', valor_pago: '400.00', principal: '400.00' });
    const b = await chama(t, fin, 'POST', receber(`/${ids.r3}/baixas`), {
      data_pagamento: '2026-11-02',
      conta_bancaria_id: contaB.id,
      valor_pago: '100,00',
      juros: '0',
      multa: '0',
      desconto: '0',
    });
    expect(b.status).toBe(201);
    const e = await chama(t, fin, 'POST', receber(`/baixas/${b.body.baixa_id}/estorno`), {
      motivo: 'Cheque devolvido pelo banco',
    });
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({ saldo: '300.00', status: 'em_aberto' });
  });
});

describe('fluxo de caixa', () => {
  it('by month, all accounts: opening 1.200,00; Oct realizado; Nov previsto with the overdue R2 today', async () => {
    const r = await chama(
      t,
      fin,
      'GET',
      `/api/financeiro/fluxo-caixa?de=2026-10-01&ate=2026-12-31&agrupamento=mes&hoje=${HOJE}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.saldo_inicial).toBe('1200.00');
    expect(
      r.body.linhas.map((l: Json) => [
        l.rotulo,
        l.entradas_realizadas,
        l.saidas_realizadas,
        l.entradas_previstas,
        l.saidas_previstas,
        l.saldo_realizado,
        l.saldo_previsto,
      ]),
    ).toEqual([
      ['out/2026', '1200.00', '400.00', '0.00', '0.00', '2000.00', '2000.00'],
      // the estorno of R3's 100,00 nets its recebimento; R2's 325,00 (overdue) counts today, P2 on 25/11
      ['nov/2026', '0.00', '0.00', '325.00', '250.00', '2000.00', '2075.00'],
      ['dez/2026', '0.00', '0.00', '300.00', '0.00', '2000.00', '2375.00'],
    ]);
  });

  it('by day for one account (Caixa): its saldo inicial, R3 on 15/12, every day present', async () => {
    const r = await chama(
      t,
      fin,
      'GET',
      `/api/financeiro/fluxo-caixa?de=2026-11-01&ate=2026-12-31&agrupamento=dia&conta_bancaria_id=${contaB.id}&hoje=${HOJE}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.saldo_inicial).toBe('200.00');
    expect(r.body.linhas).toHaveLength(61);
    const dia = (d: string) => r.body.linhas.find((l: Json) => l.periodo === d);
    expect(dia('2026-11-02')).toMatchObject({ entradas_realizadas: '0.00', saldo_realizado: '200.00' });
    expect(dia('2026-12-15')).toMatchObject({
      rotulo: '15/12/2026',
      entradas_previstas: '300.00',
      saldo_previsto: '500.00',
    });
    expect(r.body.linhas.at(-1).saldo_previsto).toBe('500.00');
  });

  it('by ISO week: periods named by Monday; a period over 2 years is refused', async () => {
    const r = await chama(
      t,
      fin,
      'GET',
      `/api/financeiro/fluxo-caixa?de=2026-10-14&ate=2026-10-20&agrupamento=semana&hoje=${HOJE}`,
    );
    expect(r.body.linhas.map((l: Json) => [l.periodo, l.rotulo, l.entradas_realizadas])).toEqual([
      ['2026-10-12', 'Semana 42/2026', '1200.00'],
      ['2026-10-19', 'Semana 43/2026', '0.00'],
    ]);
    const longo = await chama(t, fin, 'GET', '/api/financeiro/fluxo-caixa?de=2026-01-01&ate=2028-01-02');
    expect(longo.status).toBe(400);
  });
});

describe('aging and the month by classe', () => {
  it('receber: R2 325,00 at 31 days (31–60), R3 300,00 a vencer; pagar: P2 a vencer', async () => {
    const r = await chama(t, fin, 'GET', `/api/financeiro/aging?tipo=receber&hoje=${HOJE}`);
    expect(r.status).toBe(200);
    expect(r.body.faixas.map((f: Json) => [f.faixa, f.quantidade, f.saldo])).toEqual([
      ['a_vencer', 1, '300.00'],
      ['1_30', 0, '0.00'],
      ['31_60', 1, '325.00'],
      ['61_90', 0, '0.00'],
      ['mais_90', 0, '0.00'],
    ]);
    expect(r.body.total).toEqual({ quantidade: 2, saldo: '625.00' });
    const p = await chama(t, fin, 'GET', `/api/financeiro/aging?tipo=pagar&hoje=${HOJE}`);
    expect(p.body.total).toEqual({ quantidade: 1, saldo: '250.00' });
    // 30 days on 19/11 is still 1–30
    const antes = await chama(t, fin, 'GET', '/api/financeiro/aging?tipo=receber&hoje=2026-11-19');
    expect(antes.body.faixas[1]).toEqual({ faixa: '1_30', quantidade: 1, saldo: '325.00' });
  });

  it('October: receitas 1.175,00 (principal, not juros/multa), despesas 400,00; November: the estorno nets out', async () => {
    const r = await chama(t, fin, 'GET', '/api/financeiro/resumo-classes?mes=2026-10');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      de: '2026-10-01',
      ate: '2026-10-31',
      total_receitas: '1175.00',
      total_despesas: '400.00',
      resultado: '775.00',
    });
    expect(r.body.receitas).toEqual([
      { classe_financeira_id: ids.vendas, codigo: '1.01', nome: 'Vendas', tipo: 'receita', valor: '1175.00' },
    ]);
    expect(r.body.despesas[0]).toMatchObject({ codigo: '2.01', valor: '400.00' });
    const nov = await chama(t, fin, 'GET', '/api/financeiro/resumo-classes?mes=2026-11');
    expect(nov.body).toMatchObject({ receitas: [], despesas: [], resultado: '0.00' });
    expect((await chama(t, fin, 'GET', '/api/financeiro/resumo-classes?mes=2026-13')).status).toBe(400);
  });
});

describe('editar título', () => {
  const corpo = (x: Json, mudancas: Json) => ({
    documento: x.documento,
    descricao: x.descricao,
    emissao: x.emissao,
    vencimento: x.vencimento,
    valor: x.valor,
    classe_financeira_id: x.classe_financeira_id,
    versao: x.versao,
    ...mudancas,
  });

  it('an open título without baixas: valor (the saldo follows), vencimento, rateio to the cent', async () => {
    const x = await titulo('pagar', { documento: 'P3', valor: '100,00', vencimento: '2026-12-01' });
    const centros = [];
    for (const [i, nome] of ['Comercial', 'Logística', 'Administrativo'].entries())
      centros.push((await cria(t, fin, 'centros-custo', { codigo: String(i + 1), nome })).id);
    const r = await chama(
      t,
      fin,
      'PUT',
      pagar(`/${x.id}`),
      corpo(x, {
        valor: '1.234,57',
        vencimento: '2026-12-10',
        juros_mes_percentual: '1,5',
        rateio: [
          { centro_custo_id: centros[0], percentual: '12,5' },
          { centro_custo_id: centros[1], percentual: '37,5' },
          { centro_custo_id: centros[2], percentual: '50' },
        ],
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      valor: '1234.57',
      saldo: '1234.57',
      vencimento: '2026-12-10',
      juros_mes_percentual: '1.5000',
      multa_percentual: '2.0000',
      versao: x.versao + 1,
    });
    expect(r.body.rateio.map((p: Json) => p.valor)).toEqual(['154.32', '462.96', '617.29']);
    const velho = await chama(t, fin, 'PUT', pagar(`/${x.id}`), corpo(x, {}));
    expect(velho.status).toBe(409);
  });

  it('a parcial título: vencimento may change, valor not (409); a pago one: 409', async () => {
    const r2 = (await chama(t, fin, 'GET', receber(`/${ids.r2}`))).body;
    const valor = await chama(t, fin, 'PUT', receber(`/${ids.r2}`), corpo(r2, { valor: '600,00' }));
    expect(valor.status).toBe(409);
    expect(valor.body.message).toBe(
      'O valor não pode ser alterado: o título já tem baixa. Estorne a baixa antes.',
    );
    const venc = await chama(t, fin, 'PUT', receber(`/${ids.r2}`), corpo(r2, { vencimento: '2026-10-21' }));
    expect(venc.status).toBe(200);
    expect(venc.body).toMatchObject({ vencimento: '2026-10-21', saldo: '325.00', status: 'parcial' });
    const r1 = (await chama(t, fin, 'GET', receber(`/${ids.r1}`))).body;
    const pago = await chama(t, fin, 'PUT', receber(`/${ids.r1}`), corpo(r1, { documento: 'X' }));
    expect(pago.status).toBe(409);
  });
});

describe('configurações do financeiro', () => {
  it('reads and updates the defaults; a new título takes them', async () => {
    const g = await chama(t, fin, 'GET', '/api/financeiro/configuracoes');
    expect(g.body).toEqual({ juros_mes_percentual: '1.0000', multa_percentual: '2.0000' });
    const p = await chama(t, fin, 'PUT', '/api/financeiro/configuracoes', {
      juros_mes_percentual: '1,5',
      multa_percentual: '2,5',
    });
    expect(p.status).toBe(200);
    expect(p.body).toEqual({ juros_mes_percentual: '1.5000', multa_percentual: '2.5000' });
    const x = await titulo('receber', { valor: '10,00', vencimento: '2026-12-01' });
    expect(x).toMatchObject({ juros_mes_percentual: '1.5000', multa_percentual: '2.5000' });
    const ruim = await chama(t, fin, 'PUT', '/api/financeiro/configuracoes', { juros_mes_percentual: 'x' });
    expect(ruim.status).toBe(400);
  });

  it('edits, lotes and settings are in the audit log under the person who made them', async () => {
    const audit = rowsOf<{ tabela: string; acao: string; n: number }>(
      await t.db.execute(sql`select tabela, acao, count(*)::int as n from audit_log
        where user_id is not null and tabela in ('financial_accounts', 'baixas', 'app_settings', 'titulo_rateios')
        group by 1, 2 order by 1, 2`),
    );
    const n = (tabela: string, acao: string) =>
      audit.find((a) => a.tabela === tabela && a.acao === acao)?.n ?? 0;
    expect(n('app_settings', 'criacao')).toBe(2);
    expect(n('baixas', 'criacao')).toBeGreaterThanOrEqual(4);
    expect(n('financial_accounts', 'alteracao')).toBeGreaterThanOrEqual(6);
    expect(n('titulo_rateios', 'criacao')).toBe(3);
  });

  it('other roles: 403', async () => {
    const vend = (await t.signIn(['comercial'])).token;
    expect(
      (await chama(t, vend, 'GET', '/api/financeiro/fluxo-caixa?de=2026-10-01&ate=2026-10-31')).status,
    ).toBe(403);
    expect((await chama(t, vend, 'GET', '/api/financeiro/configuracoes')).status).toBe(403);
  });
});
