import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client.ts';

// Reads side by side inside a transaction (Promise.all on its one client): pg's own queue for a busy
// client is deprecated (pg 9 refuses it), so client.ts chains them. They must answer in call order,
// keep each result with its query, and not raise the deprecation warning.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL: consultas paralelas numa transação', () => {
  it('encadeia as consultas do cliente da transação, na ordem, sem o aviso de fila do pg', async () => {
    const avisos: string[] = [];
    const ouvinte = (w: Error) => avisos.push(w.message);
    process.on('warning', ouvinte);
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    try {
      const ordem: number[] = [];
      const valores = await database.db.transaction(async (tx) => {
        const consulta = async (n: number, espera: string) => {
          const [r] = rowsOf<{ n: number }>(
            await tx.execute(sql`select ${n}::int as n, pg_sleep(${espera}::float8)`),
          );
          ordem.push(r!.n);
          return r!.n;
        };
        return Promise.all([consulta(1, '0.05'), consulta(2, '0'), consulta(3, '0.02'), consulta(4, '0')]);
      });
      expect(valores).toEqual([1, 2, 3, 4]);
      expect(ordem).toEqual([1, 2, 3, 4]);
      // a failing query does not stop the ones queued after it
      await expect(
        database.db.transaction(async (tx) => {
          const [falha, depois] = await Promise.allSettled([
            tx.execute(sql`select 1/0`),
            tx.execute(sql`select 1`),
          ]);
          expect(falha.status).toBe('rejected');
          // after an error the transaction is aborted: the next query is refused by the server, not hung
          expect(depois.status).toBe('rejected');
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      // a wrapper put on pg.Client.prototype.query for a while (the benches' statement capture) sees
      // the queries of clients already connected, and none once it is taken off
      const original = pg.Client.prototype.query;
      let vistas = 0;
      // biome-ignore lint/suspicious/noExplicitAny: a recording shim over the driver's overloads
      (pg.Client.prototype as any).query = function (this: unknown, ...args: any[]) {
        vistas++;
        // biome-ignore lint/suspicious/noExplicitAny: same
        return (original as any).apply(this, args);
      };
      try {
        await database.db.transaction((tx) => tx.execute(sql`select 1`));
      } finally {
        pg.Client.prototype.query = original;
      }
      expect(vistas).toBe(3); // begin, select, commit
      await database.db.transaction((tx) => tx.execute(sql`select 1`));
      expect(vistas).toBe(3);
      await new Promise((r) => setImmediate(r));
      expect(avisos.filter((a) => a.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', ouvinte);
      await database.close();
    }
  });
});
