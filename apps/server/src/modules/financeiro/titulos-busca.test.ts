import { titulosListQuerySchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { listTitulos } from './titulos.service.ts';

// The search box of contas a receber / a pagar through financial_accounts_busca_trgm_idx
// (migration 0047, issue 30): the list's answer equals the plain query — each word contained in
// erp_normaliza() of the pessoa, the description or the document, read with every index turned
// off — on PGlite and on PostgreSQL.

let database: Database;

const PESSOAS = ['Mercado São José Ltda', 'José da Silva', 'Padaria Pão-Quente', ''];
const DESCRICOES = ['Venda balcão', 'Aluguel março', 'Energia elétrica', 'Pedido 100% à vista'];
const DOCUMENTOS = ['NF-12/1', '12345', null, 'dup_7'];

beforeAll(async () => {
  database = await createTestDatabase();
  const values = Array.from({ length: 160 }, (_, i) => {
    const tipo = i % 2 === 0 ? 'receber' : 'pagar';
    return sql`(${tipo}, ${i % 5 === 0 ? 'pago' : 'em_aberto'}, ${DESCRICOES[i % 4]}, ${PESSOAS[(i >> 1) % 4]},
      ${DOCUMENTOS[(i >> 2) % 4]}, ${(i + 1) * 10}, ${i % 5 === 0 ? 0 : (i + 1) * 10},
      ${'2026-01-01'}::date, ${'2026-02-01'}::date + ${i % 40}::int)`;
  });
  await database.db.execute(sql`insert into financial_accounts
    (tipo, status, descricao, pessoa_nome, documento, valor, saldo, data_emissao, data_vencimento)
    values ${sql.join(values, sql`, `)}`);
});

afterAll(async () => {
  await database?.close();
});

async function pela_lista(tipo: 'receber' | 'pagar', q: Record<string, unknown>) {
  const parsed = { ...titulosListQuerySchema.parse(q), pageSize: 1000 };
  const page = await listTitulos(database.db, tipo, parsed, '2026-03-01');
  return { ids: page.items.map((r) => (r as { id: string }).id), total: page.total };
}

/** The plain query: each word contained in one of the raw columns, read with no index at all. */
async function plana(tipo: string, words: string[], status?: string) {
  const conds = words.map((w) => {
    const p = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`(erp_normaliza(pessoa_nome) like ${p} or erp_normaliza(descricao) like ${p}
      or erp_normaliza(coalesce(documento, '')) like ${p})`;
  });
  if (status) conds.push(sql`status = ${status}`);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from financial_accounts where tipo = ${tipo}
        ${conds.length ? sql`and ${sql.join(conds, sql` and `)}` : sql``}
        order by data_vencimento, id`),
    );
    return rows.map((r) => r.id);
  });
}

describe('título search (indexed) equals the plain query', () => {
  const casos: ['receber' | 'pagar', string, string[], string | undefined, number][] = [
    // tipo, q, its normalised words, status, the number of títulos expected
    ['receber', 'são josé', ['sao', 'jose'], undefined, 20],
    ['receber', 'JOSE', ['jose'], undefined, 40],
    ['pagar', 'jose', ['jose'], undefined, 40],
    ['receber', 'ELÉTRICA', ['eletrica'], undefined, 40],
    ['pagar', 'eletrica', ['eletrica'], undefined, 0],
    ['receber', 'balcão', ['balcao'], 'pago', 8],
    ['receber', 'NF-12/1', ['nf-12/1'], undefined, 20],
    ['pagar', '12', ['12'], undefined, 40],
    ['receber', '100%', ['100%'], undefined, 0],
    ['pagar', '100%', ['100%'], undefined, 40],
    ['pagar', 'dup_7', ['dup_7'], undefined, 20],
    ['pagar', '_', ['_'], undefined, 20],
    ['receber', 'pão-quente venda', ['pao-quente', 'venda'], undefined, 20],
    ['receber', 'inexistente', ['inexistente'], undefined, 0],
  ];
  it.each(casos)('%s q=%s', async (tipo, q, words, status, esperado) => {
    const lista = await pela_lista(tipo, { q, ...(status ? { status } : {}) });
    const ref = await plana(tipo, words, status);
    expect(lista.ids).toEqual(ref);
    expect(lista.total).toBe(esperado);
  });
});
