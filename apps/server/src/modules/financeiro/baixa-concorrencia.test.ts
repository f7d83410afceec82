import { baixaEmLoteSchema, baixaSchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { baixarEmLote } from './baixa-lote.service.ts';
import { contasBancarias } from './financeiro.tables.ts';
import { baixarTitulo, criarTitulos, getTitulo } from './titulos.service.ts';

// Two baixas of one título at once on a real PostgreSQL server (PGlite serves one connection at a
// time, so it cannot show a race: these tests run only with TEST_DATABASE_URL). The título row is
// locked FOR UPDATE: exactly one settles it, the other sees the new saldo and is refused.

const servidor = process.env.TEST_DATABASE_URL;
let database: (Database & { url?: string }) | undefined;
let pool: Database | undefined;

beforeAll(async () => {
  if (!servidor) return;
  database = await createTestDatabase();
  pool = await openDatabase({ databaseUrl: database.url, poolSize: 10 });
});
afterAll(async () => {
  await pool?.close();
  await database?.close();
});

describe.skipIf(!servidor)('concurrent baixas (PostgreSQL only)', () => {
  it('two full baixas of one título at once: exactly one wins, the saldo ends at 0', async () => {
    const db = pool!.db;
    const [conta] = await db
      .insert(contasBancarias)
      .values({ nome: 'Caixa', tipo: 'caixa', saldoInicial: '0', dataSaldoInicial: '2026-01-01' })
      .returning({ id: contasBancarias.id });
    const [id] = await writeTx(db, systemActor, (tx) =>
      criarTitulos(
        tx,
        {
          tipo: 'pagar',
          pessoa_nome: 'Fornecedor Beta',
          documento: null,
          descricao: 'Frete',
          emissao: '2026-02-01',
          valor: '100.00',
          juros_mes_percentual: '0',
          multa_percentual: '0',
          classe_financeira_id: null,
          centro_custo_id: null,
          rateio: [],
          forma_id: null,
          conta_bancaria_id: null,
          origem: 'manual',
          observacoes: null,
        },
        [{ vencimento: '2026-03-02', valor: '100.00' }],
      ),
    );
    const baixa = baixaSchema.parse({
      data_pagamento: '2026-03-02',
      conta_bancaria_id: conta!.id,
      valor_pago: '100,00',
      juros: '0',
      multa: '0',
      desconto: '0',
    });
    const resultados = await Promise.allSettled(
      Array.from({ length: 2 }, () =>
        writeTx(db, systemActor, (tx) => baixarTitulo(tx, systemActor, 'pagar', id!, baixa)),
      ),
    );
    expect(resultados.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      resultados
        .filter((r) => r.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason.message),
    ).toEqual(['Título já está pago.']);
    expect(await getTitulo(db, 'pagar', id!)).toMatchObject({ saldo: '0.00', status: 'pago' });
  });

  it('two lotes over the same títulos given in opposite orders: no deadlock, one pays them, the other 409', async () => {
    const db = pool!.db;
    const [conta] = await db
      .insert(contasBancarias)
      .values({ nome: 'Banco Lote', tipo: 'corrente', saldoInicial: '0', dataSaldoInicial: '2026-01-01' })
      .returning({ id: contasBancarias.id });
    const ids = await writeTx(db, systemActor, async (tx) => {
      const novos: string[] = [];
      for (const valor of ['10.00', '20.00', '30.00']) {
        const [id] = await criarTitulos(
          tx,
          {
            tipo: 'pagar',
            pessoa_nome: 'Fornecedor Gama',
            documento: null,
            descricao: `Lote ${valor}`,
            emissao: '2026-02-01',
            valor,
            juros_mes_percentual: '0',
            multa_percentual: '0',
            classe_financeira_id: null,
            centro_custo_id: null,
            rateio: [],
            forma_id: null,
            conta_bancaria_id: null,
            origem: 'manual',
            observacoes: null,
          },
          [{ vencimento: '2026-03-02', valor }],
        );
        novos.push(id!);
      }
      return novos;
    });
    const lote = (ordem: string[]) =>
      baixaEmLoteSchema.parse({
        titulo_ids: ordem,
        data_pagamento: '2026-03-02',
        conta_bancaria_id: conta!.id,
      });
    const resultados = await Promise.allSettled([
      baixarEmLote(db, systemActor, 'pagar', lote(ids)),
      baixarEmLote(db, systemActor, 'pagar', lote([...ids].reverse())),
    ]);
    expect(resultados.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [falhou] = resultados.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(falhou!.reason.code).toBe('conflict');
    for (const id of ids)
      expect(await getTitulo(db, 'pagar', id)).toMatchObject({ saldo: '0.00', status: 'pago' });
    const [mov] = rowsOf<{ n: number; total: string }>(
      await db.execute(sql`select count(*)::int as n, sum(valor)::text as total from conta_movimentos
        where conta_bancaria_id = ${conta!.id}`),
    );
    expect(mov).toEqual({ n: 3, total: '-60.00' });
  });
});
