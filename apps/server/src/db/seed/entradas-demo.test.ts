import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoDatabase } from '../../test/demo-db.ts';
import { type Database, rowsOf } from '../client.ts';

// Demo goods receipts: what /estoque/entradas and /notasfiscais/entrada show on a fresh install.

let database: Database;

beforeAll(async () => {
  ({ database } = await createDemoDatabase());
}, 300_000);
afterAll(() => database?.close());

describe('demo goods receipts', () => {
  it('drafts: two ready to post, one with an unknown item, one of a new supplier; nothing posted', async () => {
    const rows = rowsOf<{
      numero: number;
      status: string;
      fornecedor: boolean;
      itens: number;
      mapeados: number;
      movs: number;
      titulos: number;
      dups: string;
      valor: string;
    }>(
      await database.db.execute(sql`select e.numero, e.status, e.fornecedor_id is not null as fornecedor,
        (select count(*)::int from entrada_itens i where i.entrada_id = e.id) as itens,
        (select count(*)::int from entrada_itens i where i.entrada_id = e.id and i.produto_id is not null) as mapeados,
        (select count(*)::int from estoque_movimentos m where m.origem = 'nota_entrada' and m.origem_id = e.id::text) as movs,
        (select count(*)::int from financial_accounts f where f.origem = 'entrada' and f.origem_id = e.id) as titulos,
        (select coalesce(sum(valor), 0)::text from entrada_duplicatas d where d.entrada_id = e.id) as dups,
        e.valor_nota::text as valor
        from entradas e order by e.numero`),
    );
    expect(
      rows.map((r) => [r.numero, r.status, r.fornecedor, r.itens, r.mapeados, r.movs, r.titulos]),
    ).toEqual([
      [880, 'rascunho', false, 1, 1, 0, 0],
      [5512, 'rascunho', true, 2, 2, 0, 0],
      [31870, 'rascunho', true, 3, 3, 0, 0],
      [31902, 'rascunho', true, 2, 1, 0, 0],
    ]);
    for (const r of rows) expect(r.dups).toBe(r.valor);
  });
});
