import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoDoArquivo } from '../../test/demo-db.ts';

// The demo's finance: registers, títulos classified and linked, the bank ledger consistent with the
// títulos (saldo = valor − active principal; every active baixa is one movement; an estorno is its
// exact negative), no account balance below zero, partial baixas and one estorno.

const demo = demoDoArquivo();

const { query } = demo;

describe('demo finance', () => {
  it('ships the plano gerencial, centros, formas, condições, two banks and the Caixa', async () => {
    const [n] = await query<Record<string, number>>(sql`select
      (select count(*)::int from classes_financeiras) as classes,
      (select count(*)::int from centros_custo) as centros,
      (select count(*)::int from formas_pagamento) as formas,
      (select count(*)::int from condicoes_pagamento) as condicoes`);
    expect(n).toEqual({ classes: 21, centros: 3, formas: 6, condicoes: 5 });
    expect(await query(sql`select nome, tipo, banco_codigo from contas_bancarias order by nome`)).toEqual([
      { nome: 'Banco do Brasil', tipo: 'corrente', banco_codigo: '001' },
      { nome: 'Caixa', tipo: 'caixa', banco_codigo: null },
      { nome: 'Itaú', tipo: 'corrente', banco_codigo: '341' },
    ]);
  });

  it('every título has an analítica classe of its tipo, a pessoa, and dates over the last 6 and next 3 months', async () => {
    const sem = await query(sql`select f.id from financial_accounts f
      left join classes_financeiras c on c.id = f.classe_financeira_id
      where c.id is null or f.pessoa_nome = '' or length(c.codigo) <> 8
        or (f.tipo = 'receber') <> (c.tipo = 'receita')`);
    expect(sem).toEqual([]);
    const [r] = await query<{
      de: string;
      ate: string;
      n: number;
    }>(sql`select min(data_vencimento)::text as de,
      max(data_vencimento)::text as ate, count(*)::int as n from financial_accounts`);
    expect(r!.n).toBeGreaterThan(300);
    expect(r!.de < '2026-06-01').toBe(true);
    expect(r!.ate >= '2027-02-01').toBe(true);
  });

  it('saldo and status follow the active baixas; each baixa is one movement; no balance goes negative', async () => {
    const errados = await query(sql`select f.id from financial_accounts f
      where f.status <> 'cancelado' and (f.saldo <> f.valor - coalesce((select sum(b.principal) from baixas b
          where b.titulo_id = f.id and not b.estornada), 0)
        or f.status <> case when f.saldo = 0 then 'pago' when f.saldo = f.valor then 'em_aberto' else 'parcial' end)`);
    expect(errados).toEqual([]);
    const semMovimento =
      await query(sql`select b.id from baixas b where (select count(*) from conta_movimentos m
      where m.baixa_id = b.id) <> case when b.estornada then 2 else 1 end`);
    expect(semMovimento).toEqual([]);
    const negativos = await query(sql`select c.nome from contas_bancarias c
      where exists (select 1 from (select c.saldo_inicial + sum(m.valor) over (order by m.data, m.id) as s
        from conta_movimentos m where m.conta_bancaria_id = c.id) x where x.s < 0)`);
    expect(negativos).toEqual([]);
    // the fluxo de caixa read model, kept by its trigger, equals its recomputation from the ledger
    const modelo = await query(sql`select conta_bancaria_id, data::text, entradas::text, saidas::text
      from conta_movimentos_dia order by 1, 2`);
    await demo.database.db.execute(sql`select conta_movimentos_dia_recalcular()`);
    expect(
      await query(sql`select conta_bancaria_id, data::text, entradas::text, saidas::text
        from conta_movimentos_dia order by 1, 2`),
    ).toEqual(modelo);
    expect(modelo.length).toBeGreaterThan(100);
    const [c] = await query<{ parciais: number; estornos: number; pagos: number }>(sql`select
      (select count(*)::int from financial_accounts where status = 'parcial') as parciais,
      (select count(*)::int from baixas where estornada) as estornos,
      (select count(*)::int from financial_accounts where status = 'pago') as pagos`);
    expect(c!.parciais).toBeGreaterThanOrEqual(5);
    expect(c!.estornos).toBe(1);
    expect(c!.pagos).toBeGreaterThan(1000);
  });
});
