import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import { type Actor, systemActor, writeTx } from '../../lib/audit-context.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { criaLocal, criaProduto, localPrincipal, totaisPorLocal } from './estoque-test-support.ts';
import {
  estornaMovimento,
  registraEntrada,
  registraSaida,
  registraTransferencia,
} from './movimentos.service.ts';

// Concurrent writers on a real PostgreSQL server (PGlite serves one connection at a time, so it
// cannot show a race: these tests run only with TEST_DATABASE_URL). Balance rows are locked in a
// fixed order, so no update is lost and no two writers deadlock.

const servidor = process.env.TEST_DATABASE_URL;
const actor: Actor = systemActor;
let database: (Database & { url?: string }) | undefined;
let pool: Database | undefined;

beforeAll(async () => {
  if (!servidor) return;
  database = await createTestDatabase();
  pool = await openDatabase({ databaseUrl: database.url, poolSize: 20 });
});
afterAll(async () => {
  await pool?.close();
  await database?.close();
});

async function saldo(produtoId: string, localId: string): Promise<string> {
  const [row] = rowsOf<{ saldo: string }>(
    await pool!.db.execute(sql`select saldo::text as saldo from estoque_saldos
      where produto_id = ${produtoId} and local_id = ${localId} and lote_id is null`),
  );
  return row!.saldo;
}

describe.skipIf(!servidor)(
  'concurrency (PostgreSQL only; skipped on PGlite, which has one connection)',
  () => {
    it('20 parallel withdrawals of 1 from a balance of 10: exactly 10 succeed, 10 are refused, balance 0', async () => {
      const db = pool!.db;
      const dep = await localPrincipal(db);
      const p = await criaProduto(db, { nome: 'Refrigerante Cola 2 L' });
      await writeTx(db, actor, (tx) =>
        registraEntrada(tx, actor, { produtoId: p, quantidade: '10', custoUnitario: '5.00' }),
      );
      const resultados = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          writeTx(db, actor, (tx) =>
            registraSaida(tx, actor, { produtoId: p, quantidade: '1', localId: dep }),
          ),
        ),
      );
      const recusas = resultados
        .filter((r) => r.status === 'rejected')
        .map((r) => (r.reason as Error).message);
      expect(resultados.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
      expect(recusas).toEqual(
        Array(10).fill('Estoque insuficiente de Refrigerante Cola 2 L em Depósito principal: disponível 0.'),
      );
      expect(await saldo(p, dep)).toBe('0.000');
      const [produto] = rowsOf<{ estoque_atual: string; linhas: number }>(
        await db.execute(sql`select estoque_atual::text,
        (select count(*)::int from estoque_movimentos where product_id = ${p}) as linhas from products where id = ${p}`),
      );
      expect(produto).toEqual({ estoque_atual: '0.000', linhas: 11 });
    });

    it('transfers in opposite directions at once neither deadlock nor lose a unit', async () => {
      const db = pool!.db;
      const a = await localPrincipal(db);
      const b = await criaLocal(db, { nome: 'Separação', tipo: 'separacao' });
      const p = await criaProduto(db, { nome: 'Detergente 500 ml' });
      await writeTx(db, actor, async (tx) => {
        await registraEntrada(tx, actor, {
          produtoId: p,
          quantidade: '50',
          custoUnitario: '2.00',
          localId: a,
        });
        await registraEntrada(tx, actor, {
          produtoId: p,
          quantidade: '50',
          custoUnitario: '2.00',
          localId: b,
        });
      });
      const transfere = (origem: string, destino: string) =>
        registraTransferencia(db, actor, {
          produto_id: p,
          lote_id: null,
          origem_id: origem,
          destino_id: destino,
          quantidade: '1',
          observacao: null,
        });
      const resultados = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? transfere(a, b) : transfere(b, a))),
      );
      expect(resultados.filter((r) => r.status === 'rejected')).toEqual([]);
      expect([await saldo(p, a), await saldo(p, b)]).toEqual(['50.000', '50.000']);
    });

    it('entradas creating the same new balances at once: no deadlock, every unit counted', async () => {
      const db = pool!.db;
      const p = await criaProduto(db, { nome: 'Papel Higiênico 12 rolos' });
      const locais = [
        await criaLocal(db, { nome: 'Doca 1' }),
        await criaLocal(db, { nome: 'Doca 2' }),
        await criaLocal(db, { nome: 'Doca 3' }),
      ];
      const resultados = await Promise.allSettled(
        Array.from({ length: 24 }, (_, i) =>
          writeTx(db, actor, (tx) =>
            registraEntrada(tx, actor, {
              produtoId: p,
              quantidade: '2',
              custoUnitario: '10.00',
              localId: locais[i % 3],
            }),
          ),
        ),
      );
      expect(resultados.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(await Promise.all(locais.map((l) => saldo(p, l)))).toEqual(['16.000', '16.000', '16.000']);
      const [produto] = rowsOf<{ estoque_atual: string; custo_medio: string }>(
        await db.execute(sql`select estoque_atual::text, custo_medio::text from products where id = ${p}`),
      );
      expect(produto).toEqual({ estoque_atual: '48.000', custo_medio: '10.0000' });
    });

    it('8 writers posting at once: the per-location totals equal their recomputation', async () => {
      const db = pool!.db;
      const a = await localPrincipal(db);
      const b = await criaLocal(db, { nome: 'Separação B' });
      const c = await criaLocal(db, { nome: 'Avaria C', tipo: 'avaria' });
      const produtos = [
        await criaProduto(db, { nome: 'Café 500 g' }),
        await criaProduto(db, { nome: 'Açúcar 1 kg' }),
        await criaProduto(db, { nome: 'Óleo 900 ml' }),
      ];
      const locais = [a, b, c];
      // entradas at different costs (the custo médio moves: every location revalued), saídas,
      // transfers and reversals, spread over 8 writers
      const operacao = async (i: number) => {
        const p = produtos[i % 3]!;
        const local = locais[(i >> 1) % 3]!;
        switch (i % 4) {
          case 0:
          case 1:
            return writeTx(db, actor, (tx) =>
              registraEntrada(tx, actor, {
                produtoId: p,
                quantidade: String(1 + (i % 7)),
                custoUnitario: (3 + (i % 5) * 0.37).toFixed(2),
                localId: local,
              }),
            );
          case 2:
            return writeTx(db, actor, (tx) =>
              registraSaida(tx, actor, { produtoId: p, quantidade: '1', localId: local }),
            );
          default:
            return registraTransferencia(db, actor, {
              produto_id: p,
              lote_id: null,
              origem_id: local,
              destino_id: locais[(i + 1) % 3]!,
              quantidade: '1',
              observacao: null,
            });
        }
      };
      let proxima = 0;
      const writer = async () => {
        while (proxima < 160) {
          const i = proxima++;
          await operacao(i).catch(() => undefined); // "Estoque insuficiente" is part of the mix
        }
      };
      await Promise.all(Array.from({ length: 8 }, writer));
      const entradas = rowsOf<{ id: number }>(
        await db.execute(sql`select id from estoque_movimentos where tipo = 'entrada'
          and product_id in (${produtos[0]}, ${produtos[1]}, ${produtos[2]}) order by id desc limit 6`),
      );
      await Promise.allSettled(
        entradas.map((e) => estornaMovimento(db, actor, Number(e.id), 'Teste de totais')),
      );
      const { mantidos, recalculados } = await totaisPorLocal(db);
      expect(mantidos).toEqual(recalculados);
      expect(recalculados.some((t) => Number(t.valor) > 0)).toBe(true);
    });
  },
);
