import { type PosicaoFinanceiraQuery, posicaoFinanceiraQuerySchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { paginasPdf, temPoppler } from '../../test/pdf-texto.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { relatorioPosicaoFinanceira } from './posicao-financeira-relatorio.service.ts';

// Posição financeira on hand-made títulos; today is 2026-03-31 for the aging (the service is called
// with it), the period March 2026 for the DRE and the cash flow. Figures worked out by hand.
//
// Receivables open on 03-31 (vencimento → faixa): Alfa 03-31 100.00 (a vencer: due today),
//   03-30 50.00 and 03-01 25.00 (1–30: 1 and 30 days) · Beta 02-28 10.00 and 01-30 20.00 (31–60: 31
//   and 60) · 01-29 30.00 and 12-31 40.00 (61–90: 61 and 90) · 12-30 5.55 (> 90: 91) · Gama 04-15
//   parcial saldo 30.01 (a vencer) · no register, «Balcão», 03-31 12.34 (a vencer)
//   Totals: a vencer 142.35 · 1–30 75.00 · 31–60 30.00 · 61–90 70.00 · > 90 5.55 · 322.90 in 10 títulos
// Payables open: Sul 04-05 300.00 (a vencer), 02-01 45.50 (58 days: 31–60) · a commission to
//   «Ana Vendas» (no supplier) 03-31 9.99 (a vencer) — totals 309.99 · 45.50 · 355.49
// DRE (baixas of March, regime de caixa): receipts 200.00 (1.01.001, 03-10), 100.00 with 5.00 of
//   desconto (1.01.001, 03-15), 50.00 + 1.50 juros + 1.00 multa (1.02.001, 03-20), 10.00 (1.01.001,
//   03-31); an estornada 70.00 and one of 04-01 are out. Payments 120.00 − 2.00 desconto (2.01.001:
//   custo, 03-05), 80.00 + 0.80 juros (2.03.001, 03-05), 15.00 without classe (03-06).
//   Receitas 360.00 + 2.50 = 362.50 · Deduções 5.00 · Custos 120.00 · Despesas 80 + 15 + 0.80 − 2.00
//   = 93.80 · Resultado 143.70 = Σ valor_pago received 357.50 − paid 213.80

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const C_ALFA = uuid(1);
const C_BETA = uuid(2);
const C_GAMA = uuid(3);
const F_SUL = uuid(4);
const CONTA = uuid(5);
const HOJE = '2026-03-31';
const MARCO = 'de=2026-03-01&ate=2026-03-31';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.execute(sql`insert into clientes (id, tipo_pessoa, documento, razao_social) values
      (${C_ALFA}, 'J', '11111111000111', 'Mercado Alfa'), (${C_BETA}, 'J', '22222222000122', 'Padaria Beta'),
      (${C_GAMA}, 'J', '33333333000133', 'Empório Gama')`);
    await tx.execute(sql`insert into fornecedores (id, tipo_pessoa, documento, razao_social)
      values (${F_SUL}, 'J', '44444444000144', 'Distribuidora Sul')`);
    await tx.execute(
      sql`insert into contas_bancarias (id, nome, tipo, data_saldo_inicial) values (${CONTA}, 'Banco', 'corrente', '2026-01-01')`,
    );
    await tx.execute(sql`insert into classes_financeiras (codigo, nome, tipo) values
      ('1', 'Receitas', 'receita'), ('1.01', 'Operacionais', 'receita'), ('1.01.001', 'Vendas de mercadorias', 'receita'),
      ('1.02', 'Financeiras', 'receita'), ('1.02.001', 'Juros recebidos', 'receita'),
      ('2', 'Despesas', 'despesa'), ('2.01', 'Custo das mercadorias', 'despesa'), ('2.01.001', 'Compras de mercadorias', 'despesa'),
      ('2.03', 'Administrativas', 'despesa'), ('2.03.001', 'Aluguel', 'despesa')`);
    const titulo = (
      n: number,
      tipo: 'receber' | 'pagar',
      pessoa: { cliente?: string; fornecedor?: string; nome: string },
      venc: string,
      valor: string,
      status = 'em_aberto',
      saldo: string | null = null,
      classe: string | null = null,
    ) =>
      sql`(${uuid(100 + n)}, ${tipo}, ${status}, 'título', ${valor}, ${saldo ?? (status === 'pago' ? '0' : valor)}, ${venc}, ${venc},
        ${pessoa.cliente ?? null}::uuid, ${pessoa.fornecedor ?? null}::uuid, ${pessoa.nome},
        (select id from classes_financeiras where codigo = ${classe}))`;
    const alfa = { cliente: C_ALFA, nome: 'Mercado Alfa' };
    const beta = { cliente: C_BETA, nome: 'Padaria Beta' };
    const sul = { fornecedor: F_SUL, nome: 'Distribuidora Sul' };
    await tx.execute(sql`insert into financial_accounts (id, tipo, status, descricao, valor, saldo, data_emissao, data_vencimento,
      cliente_id, fornecedor_id, pessoa_nome, classe_financeira_id) values ${sql.join(
        [
          titulo(1, 'receber', alfa, '2026-03-31', '100.00'),
          titulo(2, 'receber', alfa, '2026-03-30', '50.00'),
          titulo(3, 'receber', alfa, '2026-03-01', '25.00'),
          titulo(4, 'receber', beta, '2026-02-28', '10.00'),
          titulo(5, 'receber', beta, '2026-01-30', '20.00'),
          titulo(6, 'receber', beta, '2026-01-29', '30.00'),
          titulo(7, 'receber', beta, '2025-12-31', '40.00'),
          titulo(8, 'receber', beta, '2025-12-30', '5.55'),
          titulo(
            9,
            'receber',
            { cliente: C_GAMA, nome: 'Empório Gama' },
            '2026-04-15',
            '80.00',
            'parcial',
            '30.01',
          ),
          titulo(10, 'receber', { nome: 'Balcão' }, '2026-03-31', '12.34'),
          titulo(11, 'receber', alfa, '2026-03-10', '200.00', 'pago', null, '1.01.001'),
          titulo(12, 'receber', alfa, '2026-03-15', '100.00', 'pago', null, '1.01.001'),
          titulo(13, 'receber', beta, '2026-03-20', '50.00', 'pago', null, '1.02.001'),
          titulo(14, 'receber', beta, '2026-03-31', '10.00', 'pago', null, '1.01.001'),
          titulo(15, 'receber', beta, '2026-03-21', '70.00', 'cancelado'),
          titulo(16, 'receber', beta, '2026-04-01', '44.00', 'pago', null, '1.01.001'),
          titulo(21, 'pagar', sul, '2026-04-05', '300.00'),
          titulo(22, 'pagar', sul, '2026-02-01', '45.50'),
          titulo(23, 'pagar', { nome: 'Ana Vendas' }, '2026-03-31', '9.99'),
          titulo(24, 'pagar', sul, '2026-03-05', '120.00', 'pago', null, '2.01.001'),
          titulo(25, 'pagar', { nome: 'Imobiliária' }, '2026-03-05', '80.00', 'pago', null, '2.03.001'),
          titulo(26, 'pagar', { nome: 'Diversos' }, '2026-03-06', '15.00', 'pago'),
        ],
        sql`, `,
      )}`);
    const baixa = (
      n: number,
      titulo: number,
      data: string,
      principal: string,
      pago: string,
      extra: { juros?: string; multa?: string; desconto?: string; estornada?: boolean } = {},
    ) =>
      sql`(${uuid(200 + n)}, ${uuid(100 + titulo)}, ${data}, ${CONTA}, ${pago}, ${extra.juros ?? '0'}, ${extra.multa ?? '0'},
        ${extra.desconto ?? '0'}, ${principal}, ${extra.estornada ?? false})`;
    await tx.execute(sql`insert into baixas (id, titulo_id, data_pagamento, conta_bancaria_id, valor_pago, juros, multa, desconto,
      principal, estornada) values ${sql.join(
        [
          baixa(1, 11, '2026-03-10', '200.00', '200.00'),
          baixa(2, 12, '2026-03-15', '100.00', '95.00', { desconto: '5.00' }),
          baixa(3, 13, '2026-03-20', '50.00', '52.50', { juros: '1.50', multa: '1.00' }),
          baixa(4, 14, '2026-03-31', '10.00', '10.00'),
          baixa(5, 15, '2026-03-21', '70.00', '70.00', { estornada: true }),
          baixa(6, 16, '2026-04-01', '44.00', '44.00'),
          baixa(7, 24, '2026-03-05', '120.00', '118.00', { desconto: '2.00' }),
          baixa(8, 25, '2026-03-05', '80.00', '80.80', { juros: '0.80' }),
          baixa(9, 26, '2026-03-06', '15.00', '15.00'),
        ],
        sql`, `,
      )}`);
    // the bank ledger of those baixas (the estornada one and its estorno on the same day)
    await tx.execute(sql`insert into conta_movimentos (id, conta_bancaria_id, data, tipo, valor, historico, baixa_id) values
      (1, ${CONTA}, '2026-03-10', 'recebimento', 200.00, 'r', ${uuid(201)}),
      (2, ${CONTA}, '2026-03-15', 'recebimento', 95.00, 'r', ${uuid(202)}),
      (3, ${CONTA}, '2026-03-20', 'recebimento', 52.50, 'r', ${uuid(203)}),
      (4, ${CONTA}, '2026-03-31', 'recebimento', 10.00, 'r', ${uuid(204)}),
      (5, ${CONTA}, '2026-03-21', 'recebimento', 70.00, 'r', ${uuid(205)}),
      (6, ${CONTA}, '2026-04-01', 'recebimento', 44.00, 'r', ${uuid(206)}),
      (7, ${CONTA}, '2026-03-05', 'pagamento', -118.00, 'p', ${uuid(207)}),
      (8, ${CONTA}, '2026-03-05', 'pagamento', -80.80, 'p', ${uuid(208)}),
      (9, ${CONTA}, '2026-03-06', 'pagamento', -15.00, 'p', ${uuid(209)})`);
    await tx.execute(sql`insert into conta_movimentos (id, conta_bancaria_id, data, tipo, valor, historico, estorno_de)
      values (10, ${CONTA}, '2026-03-21', 'estorno', -70.00, 'estorno', 5)`);
  });
  admin = (await t.signIn(['admin'])).token;
});
afterAll(() => t.close());

const q = (extra: Record<string, unknown>) =>
  posicaoFinanceiraQuerySchema.parse(extra) as PosicaoFinanceiraQuery;

describe('aging on 2026-03-31, every faixa at its boundaries', () => {
  it('receivables by customer: Beta and Alfa by total, the unregistered «Balcão» by its name', async () => {
    const r = await relatorioPosicaoFinanceira(t.db, q({ visao: 'receber' }), HOJE);
    expect(
      r.items.map((l) => [
        l.rotulo,
        l.titulos,
        l.a_vencer,
        l['1_30'],
        l['31_60'],
        l['61_90'],
        l.mais_90,
        l.total,
      ]),
    ).toEqual([
      ['Mercado Alfa', 3, '100.00', '75.00', '0', '0', '0', '175.00'],
      ['Padaria Beta', 5, '0', '0', '30.00', '70.00', '5.55', '105.55'],
      ['Empório Gama', 1, '30.01', '0', '0', '0', '0', '30.01'],
      ['Balcão', 1, '12.34', '0', '0', '0', '0', '12.34'],
    ]);
    expect(r.totais).toMatchObject({
      itens: 4,
      titulos: 10,
      a_vencer: '142.35',
      '1_30': '75.00',
      '31_60': '30.00',
      '61_90': '70.00',
      mais_90: '5.55',
      total: '322.90',
    });
  });

  it('the totals equal a hand-written SQL (days overdue by date subtraction)', async () => {
    for (const tipo of ['receber', 'pagar'] as const) {
      const r = await relatorioPosicaoFinanceira(t.db, q({ visao: tipo }), HOJE);
      const [s] = rowsOf<Record<string, string>>(
        await t.db.execute(sql`select
          sum(saldo) filter (where ${HOJE}::date - data_vencimento <= 0)::text as a_vencer,
          coalesce(sum(saldo) filter (where ${HOJE}::date - data_vencimento between 1 and 30), 0)::text as d30,
          coalesce(sum(saldo) filter (where ${HOJE}::date - data_vencimento between 31 and 60), 0)::text as d60,
          coalesce(sum(saldo) filter (where ${HOJE}::date - data_vencimento between 61 and 90), 0)::text as d90,
          coalesce(sum(saldo) filter (where ${HOJE}::date - data_vencimento > 90), 0)::text as mais,
          sum(saldo)::text as total
          from financial_accounts where tipo = ${tipo} and status in ('em_aberto', 'parcial')`),
      );
      const n = (v: string | undefined) => Number(v);
      expect(
        [
          r.totais.a_vencer,
          r.totais['1_30'],
          r.totais['31_60'],
          r.totais['61_90'],
          r.totais.mais_90,
          r.totais.total,
        ].map(n),
        tipo,
      ).toEqual([s!.a_vencer, s!.d30, s!.d60, s!.d90, s!.mais, s!.total].map(n));
    }
  });

  it('payables by supplier, the commission under the seller’s name', async () => {
    const r = await relatorioPosicaoFinanceira(t.db, q({ visao: 'pagar' }), HOJE);
    expect(r.items.map((l) => [l.rotulo, l.a_vencer, l['31_60'], l.total])).toEqual([
      ['Distribuidora Sul', '300.00', '45.50', '345.50'],
      ['Ana Vendas', '9.99', '0', '9.99'],
    ]);
    expect(r.totais).toMatchObject({ a_vencer: '309.99', '31_60': '45.50', total: '355.49' });
  });
});

describe('DRE gerencial (March 2026, regime de caixa)', () => {
  it('the lines by the plano and the result worked out by hand', async () => {
    const r = await relatorioPosicaoFinanceira(
      t.db,
      q({ visao: 'dre', de: '2026-03-01', ate: '2026-03-31', pageSize: 100 }),
      HOJE,
    );
    expect(r.items.map((l) => [l.rotulo.trim(), l.codigo ?? null, l.valor])).toEqual([
      ['Receitas', null, '362.50'],
      ['Vendas de mercadorias', '1.01.001', '310.00'],
      ['Juros recebidos', '1.02.001', '50.00'],
      ['Juros e multas recebidos', null, '2.50'],
      ['(−) Deduções', null, '5.00'],
      ['Descontos concedidos', null, '5.00'],
      ['(−) Custos', null, '120.00'],
      ['Compras de mercadorias', '2.01.001', '120.00'],
      ['(−) Despesas', null, '93.80'],
      ['Aluguel', '2.03.001', '80.00'],
      ['Sem classe', null, '15.00'],
      ['Juros e multas pagos', null, '0.80'],
      ['(−) Descontos obtidos', null, '-2.00'],
      ['Resultado', null, '143.70'],
    ]);
    expect(r.totais).toMatchObject({
      receitas: '362.50',
      deducoes: '5.00',
      custos: '120.00',
      despesas: '93.80',
      resultado: '143.70',
    });
    // the result is the cash of the títulos' baixas: Σ valor_pago received − paid (hand-written SQL)
    const [s] = rowsOf<{ caixa: string }>(
      await t.db.execute(sql`select sum(case f.tipo when 'receber' then b.valor_pago else -b.valor_pago end)::text as caixa
        from baixas b join financial_accounts f on f.id = b.titulo_id
        where not b.estornada and b.data_pagamento between '2026-03-01' and '2026-03-31'`),
    );
    expect(Number(r.totais.resultado)).toBe(Number(s!.caixa));
  });
});

describe('cash flow realised vs forecast (March 2026)', () => {
  it('by week (Monday to Sunday, cut at the month’s ends) and by day, totals equal the hand-written SQL', async () => {
    const semanas = await relatorioPosicaoFinanceira(
      t.db,
      q({ visao: 'fluxo', de: '2026-03-01', ate: '2026-03-31' }),
      HOJE,
    );
    expect(semanas.items.map((l) => l.rotulo)).toEqual([
      '01/03/2026',
      '02/03/2026 a 08/03/2026',
      '09/03/2026 a 15/03/2026',
      '16/03/2026 a 22/03/2026',
      '23/03/2026 a 29/03/2026',
      '30/03/2026 a 31/03/2026',
    ]);
    // week 2: paid 118.00 + 80.80 + 15.00 = 213.80; due 120 + 80 + 15 = 215.00 (payables)
    expect(semanas.items[1]).toMatchObject({ saidas_realizadas: '213.80', saidas_previstas: '215.00' });
    // week 4: received 52.50 (the 70.00 and its estorno net to 0); due 50.00 (the cancelled 70.00 is out)
    expect(semanas.items[3]).toMatchObject({ entradas_realizadas: '52.50', entradas_previstas: '50.00' });
    const dias = await relatorioPosicaoFinanceira(
      t.db,
      q({ visao: 'fluxo', agrupamento: 'dia', de: '2026-03-01', ate: '2026-03-31', pageSize: 100 }),
      HOJE,
    );
    expect(dias.total).toBe(31);
    const [s] = rowsOf<Record<string, string>>(
      await t.db.execute(sql`select
        (select sum(valor) from conta_movimentos where data between '2026-03-01' and '2026-03-31')::text as saldo_realizado,
        (select sum(valor) from conta_movimentos where valor > 0 and tipo = 'recebimento' and data between '2026-03-01' and '2026-03-31')
          + (select coalesce(sum(e.valor), 0) from conta_movimentos e join conta_movimentos o on o.id = e.estorno_de
             where o.valor > 0 and e.data between '2026-03-01' and '2026-03-31') as entradas_realizadas,
        (select sum(valor - abatimentos) from financial_accounts where tipo = 'receber' and status <> 'cancelado'
          and data_vencimento between '2026-03-01' and '2026-03-31')::text as entradas_previstas,
        (select sum(valor - abatimentos) from financial_accounts where tipo = 'pagar' and status <> 'cancelado'
          and data_vencimento between '2026-03-01' and '2026-03-31')::text as saidas_previstas`),
    );
    for (const r of [semanas, dias]) {
      expect(Number(r.totais.saldo_realizado)).toBe(Number(s!.saldo_realizado)); // 357.50 − 213.80 = 143.70
      expect(Number(r.totais.entradas_realizadas)).toBe(Number(s!.entradas_realizadas));
      expect(Number(r.totais.entradas_previstas)).toBe(Number(s!.entradas_previstas));
      expect(Number(r.totais.saidas_previstas)).toBe(Number(s!.saidas_previstas));
    }
    expect(semanas.totais.saldo_realizado).toBe('143.70');
  });
});

describe('access and export', () => {
  it('admin and financeiro open it; comercial and estoque are refused', async () => {
    const fin = (await t.signIn(['financeiro'])).token;
    expect(
      (await t.request('GET', `/api/relatorios/posicao-financeira?${MARCO}`, { token: fin })).status,
    ).toBe(200);
    for (const papel of ['comercial', 'estoque'] as const) {
      const tk = (await t.signIn([papel])).token;
      expect((await t.request('GET', '/api/relatorios/posicao-financeira', { token: tk })).status).toBe(403);
    }
  });

  it('XLSX of the DRE: title, filters and the statement’s lines', async () => {
    const res = await t.request(
      'GET',
      `/api/relatorios/posicao-financeira/export?visao=dre&${MARCO}&formato=xlsx`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    const linhas = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(linhas[0]?.[0]).toBe('Posição Financeira');
    expect(linhas.map((l) => l[0])).toContain('Visão: DRE gerencial');
    expect(linhas.map((l) => l[0])).toContain('Período: 01/03/2026 a 31/03/2026');
    expect(linhas.at(-1)).toEqual(['Resultado', null, 143.7]);
  });

  it.skipIf(!temPoppler)('PDF of the weekly cash flow with its totals', async () => {
    const res = await t.request(
      'GET',
      `/api/relatorios/posicao-financeira/export?visao=fluxo&${MARCO}&formato=pdf`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    const texto = paginasPdf(Buffer.from(await res.arrayBuffer())).join('\n');
    expect(texto).toContain('Visão: Fluxo de caixa realizado × previsto');
    expect(texto).toMatch(/02\/03\/2026 a 08\/03\/2026.*R\$ 215,00\s+R\$ 213,80/);
  });
});
