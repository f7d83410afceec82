import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.ts';
import { type Database, rowsOf } from '../client.ts';
import { seedDemo } from './seed-demo.ts';

const TODAY = '2026-11-21';
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, { today: TODAY });
});
afterAll(() => database?.close());

describe('demo stock', () => {
  it('the ledger explains every product: sum(movements) = estoque_atual = sum(balances)', async () => {
    const [contagem] = rowsOf<{ produtos: number; com_estoque: number }>(
      await database.db.execute(sql`select count(*)::int as produtos,
        count(*) filter (where estoque_atual > 0)::int as com_estoque from products`),
    );
    expect(contagem!.produtos).toBeGreaterThan(150);
    expect(contagem!.com_estoque).toBeGreaterThan(100);
    const errados = rowsOf<{ codigo: string }>(
      await database.db.execute(sql`
        select p.codigo from products p
        where p.estoque_atual <> coalesce((select sum(quantidade) from estoque_movimentos m where m.product_id = p.id), 0)
           or p.estoque_atual <> coalesce((select sum(saldo) from estoque_saldos s where s.produto_id = p.id), 0)`),
    );
    expect(errados).toEqual([]);
  });
});
