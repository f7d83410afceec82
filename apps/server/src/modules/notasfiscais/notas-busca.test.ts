import { entradasListQuerySchema, notasSaidaListQuerySchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { listEntradas } from '../entradas/entradas.service.ts';
import { listNotasSaida } from './notas-leitura.service.ts';

// The search box of the outgoing and incoming note lists through their indexes (migration 0047,
// issue 30): each list's answer equals the plain query — the same meaning written on the raw
// columns with erp_normaliza() like, read with every index turned off — on PGlite and PostgreSQL.

let database: Database;

const CLIENTES: [string, string, string, string | null][] = [
  ['01', '11222333000181', 'Mercado São José Ltda', 'Zé Mercadinho'],
  ['02', '52998224725', 'José da Silva', null],
  ['03', '12ABC34501DE35', 'Padaria Pão Quente', null],
];
const FORNECEDORES: [string, string, string][] = [
  ['01', '04252011000110', 'Distribuidora Água Viva'],
  ['02', '98765432000198', 'Laticínios São Jorge'],
];
const uid = (p: string, s: string) => `00000000-0000-4000-${p}-0000000000${s}`;
const chave = (i: number, cnpj: string) =>
  `3526${'01'}${cnpj}55001${String(i).padStart(9, '0')}1${String(i * 7).padStart(8, '0')}`
    .slice(0, 44)
    .padEnd(44, '0');

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (const [s, doc, nome, fantasia] of CLIENTES) {
    await db.execute(sql`insert into clientes (id, tipo_pessoa, documento, razao_social, nome_fantasia)
      values (${uid('8000', s)}, ${doc.length === 11 ? 'F' : 'J'}, ${doc}, ${nome}, ${fantasia})`);
  }
  for (const [s, doc, nome] of FORNECEDORES) {
    await db.execute(sql`insert into fornecedores (id, tipo_pessoa, documento, razao_social)
      values (${uid('9000', s)}, 'J', ${doc}, ${nome})`);
  }
  const notas = Array.from({ length: 60 }, (_, i) => {
    const [s, doc] = CLIENTES[i % 3]!;
    return sql`(${uid('8000', s)}, ${1 + (i % 2)}, ${i + 1}, ${chave(i + 1, doc)}, ${i % 4 === 0 ? 'autorizada' : 'em_digitacao'}, '2',
      ${'2026-03-01T12:00:00Z'}::timestamptz + ${i}::int * interval '1 hour', ${(i + 1) * 10}, '<NFe/>')`;
  });
  await db.execute(sql`insert into notas_fiscais (cliente_id, serie, numero, chave, status, ambiente, emissao, valor_total, xml)
    values ${sql.join(notas, sql`, `)}`);
  const entradas = Array.from({ length: 40 }, (_, i) => {
    const [s, doc, nome] = FORNECEDORES[i % 2]!;
    const semFornecedor = i % 5 === 0;
    return sql`(${semFornecedor ? null : uid('9000', s)}, 'manual', ${chave(100 + i, doc)}, ${1000 + i},
      ${i % 7 === 0 ? 'Emitente Avulso Ávila' : nome}, ${i % 7 === 0 ? '52998224725' : doc},
      ${'2026-03-01T12:00:00Z'}::timestamptz + ${i}::int * interval '1 hour')`;
  });
  await db.execute(sql`insert into entradas (fornecedor_id, origem, chave, numero, emitente_nome, emitente_documento, emissao)
    values ${sql.join(entradas, sql`, `)}`);
});

afterAll(async () => {
  await database?.close();
});

const like = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const limpo = (w: string) => {
  const l = /^[0-9a-z./-]+$/.test(w) ? w.replace(/[./-]/g, '') : '';
  return /^\d{11}$/.test(l) || /^[0-9a-z]{12}\d{2}$/.test(l) ? l : undefined;
};

async function semIndices<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    return rowsOf<T>(await tx.execute(query));
  });
}

const clienteCasa = (col: string, w: string) =>
  sql`erp_normaliza(${sql.raw(col)}.razao_social || ' ' || coalesce(${sql.raw(col)}.nome_fantasia, '') || ' ' || ${sql.raw(col)}.documento) like ${like(w)}`;

describe('outgoing note search (indexed) equals the plain query', () => {
  async function plana(words: string[]) {
    const conds = words.map((w) => {
      if (/^\d{1,9}$/.test(w)) return sql`nf.numero = ${Number(w)}`;
      if (/^\d{15,}$/.test(w)) return sql`lower(nf.chave) like ${like(w)}`;
      // a word without a digit is the customer's only (a chave is searched by its digits)
      if (!/\d/.test(w)) return clienteCasa('c', w);
      const doc = limpo(w);
      return sql`(lower(nf.chave) like ${like(w)} or ${clienteCasa('c', w)}${doc ? sql` or ${clienteCasa('c', doc)}` : sql``})`;
    });
    const rows = await semIndices<{ numero: number }>(sql`select nf.numero from notas_fiscais nf
      join clientes c on c.id = nf.cliente_id
      ${conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``}`);
    return rows.map((r) => Number(r.numero));
  }
  const casos: [string, string[], number][] = [
    ['são josé', ['sao', 'jose'], 20],
    ['JOSE', ['jose'], 40],
    ['zé', ['ze'], 20],
    ['7', ['7'], 1],
    ['11.222.333/0001-81', ['11.222.333/0001-81'], 20],
    ['52998224725', ['52998224725'], 20],
    ['12abc', ['12abc'], 20],
    ['35260111222333', ['35260111222333'], 20],
    ['1122233300018155001', ['1122233300018155001'], 20],
    ['inexistente', ['inexistente'], 0],
  ];
  it.each(casos)('q=%s', async (q, words, esperado) => {
    const page = await listNotasSaida(database.db, {
      ...notasSaidaListQuerySchema.parse({ q }),
      pageSize: 1000,
    });
    const ref = await plana(words);
    expect(page.items.map((r) => r.numero).sort((a, b) => a - b)).toEqual(ref.sort((a, b) => a - b));
    expect(page.total).toBe(esperado);
  });
});

describe('incoming note search (indexed) equals the plain query', () => {
  async function plana(words: string[]) {
    const conds = words.map((w) => {
      const doc = limpo(w);
      const alvos = doc && doc !== w ? [w, doc] : [w];
      const partes = alvos.flatMap((a) => [
        sql`erp_normaliza(coalesce(e.chave, '')) like ${like(a)}`,
        sql`erp_normaliza(coalesce(e.emitente_nome, '')) like ${like(a)}`,
        sql`erp_normaliza(coalesce(e.emitente_documento, '')) like ${like(a)}`,
        sql`e.fornecedor_id in (select fo.id from fornecedores fo
          where erp_normaliza(fo.razao_social || ' ' || coalesce(fo.nome_fantasia, '') || ' ' || fo.documento) like ${like(a)})`,
      ]);
      if (/^(0|[1-9]\d{0,9})$/.test(w) && Number(w) <= 2147483647) partes.push(sql`e.numero = ${Number(w)}`);
      return sql`(${sql.join(partes, sql` or `)})`;
    });
    const rows = await semIndices<{ numero: number }>(sql`select e.numero from entradas e
      ${conds.length ? sql`where ${sql.join(conds, sql` and `)}` : sql``}`);
    return rows.map((r) => Number(r.numero));
  }
  const casos: [string, string[], number][] = [
    ['água viva', ['agua', 'viva'], 19],
    ['SÃO JORGE', ['sao', 'jorge'], 19],
    ['ávila', ['avila'], 6],
    ['1007', ['1007'], 1],
    ['04.252.011/0001-10', ['04.252.011/0001-10'], 20],
    ['529.982.247-25', ['529.982.247-25'], 6],
    ['laticinios 52998224725', ['laticinios', '52998224725'], 2],
    ['inexistente', ['inexistente'], 0],
  ];
  it.each(casos)('q=%s', async (q, words, esperado) => {
    const parsed = entradasListQuerySchema.parse({ q });
    const page = await listEntradas(database.db, { ...parsed, pageSize: 1000 });
    const ref = await plana(words);
    expect(page.items.map((r) => Number(r.numero)).sort((a, b) => a - b)).toEqual(ref.sort((a, b) => a - b));
    expect(page.total).toBe(esperado);
  });
});
