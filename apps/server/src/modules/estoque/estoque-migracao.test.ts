import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import { migrate, migrationsFolder } from '../../db/migrate.ts';

// Migrations 0017–0019 on a database that already has data (products and the foundation's
// movements, as the demo of earlier versions left them): every product's stock is explained by
// its ledger rows in the default location and by its balances. Runs on a fresh embedded database
// (the per-file test databases are already migrated).

let database: Database;

const GTIN_A = '7891000053508';
const GTIN_DUP = '7891000100103';

beforeAll(async () => {
  database = await openDatabase({});
  const db = database.db;
  const anteriores = readMigrationFiles({ migrationsFolder }).slice(0, 17);
  await db.execute(sql`create table schema_migrations (hash text primary key, created_at bigint not null,
    applied_at timestamptz not null default now())`);
  for (const m of anteriores) {
    for (const stmt of m.sql) if (stmt.trim()) await db.execute(sql.raw(stmt));
    await db.execute(
      sql`insert into schema_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`,
    );
  }
  await db.execute(sql`insert into products (id, codigo, nome, ean, unidade, preco_custo, estoque_atual) values
    ('00000000-0000-4000-8000-00000000000a', 'A', 'Arroz', ${GTIN_A}, 'PCT', 21.90, 10),
    ('00000000-0000-4000-8000-00000000000b', 'B', 'Batata', null, 'SC', 3.10, 7.5),
    ('00000000-0000-4000-8000-00000000000c', 'C', 'Café', ${GTIN_DUP}, 'UN', 9.00, 0),
    ('00000000-0000-4000-8000-00000000000d', 'D', 'Doce', ${GTIN_DUP}, 'UN', 4.00, 5)`);
  await db.execute(sql`insert into estoque_movimentos (product_id, tipo, quantidade, origem) values
    ('00000000-0000-4000-8000-00000000000a', 'ajuste', 10, 'saldo_inicial'),
    ('00000000-0000-4000-8000-00000000000d', 'entrada', 4, null),
    ('00000000-0000-4000-8000-00000000000d', 'saida', -1, null)`);
  await migrate(db);
});
afterAll(() => database?.close());

const query = <T>(q: ReturnType<typeof sql>) => database.db.execute(q).then((r) => rowsOf<T>(r));

describe('stock migrations on existing data', () => {
  it('every product: sum(movements) = estoque_atual = sum(balances), all in the default location', async () => {
    const rows = await query<Record<string, string>>(sql`
      select p.codigo, p.estoque_atual::text as atual,
        (select sum(m.quantidade) from estoque_movimentos m where m.product_id = p.id)::text as movimentos,
        (select sum(s.saldo) from estoque_saldos s join locais_estoque l on l.id = s.local_id
          where s.produto_id = p.id and l.codigo = 'DEP')::text as saldos
      from products p order by p.codigo`);
    expect(rows).toEqual([
      { codigo: 'A', atual: '10.000', movimentos: '10.000', saldos: '10.000' },
      { codigo: 'B', atual: '7.500', movimentos: '7.500', saldos: '7.500' },
      { codigo: 'C', atual: '0.000', movimentos: null, saldos: null },
      { codigo: 'D', atual: '5.000', movimentos: '5.000', saldos: '5.000' },
    ]);
    const ajustes = await query<Record<string, string>>(sql`
      select p.codigo, m.tipo, m.quantidade::text as quantidade, m.custo_unitario::text as custo, m.origem,
        m.saldo_produto::text as saldo_produto
      from estoque_movimentos m join products p on p.id = m.product_id order by p.codigo, m.id`);
    expect(ajustes).toEqual([
      {
        codigo: 'A',
        tipo: 'ajuste',
        quantidade: '10.000',
        custo: '21.9000',
        origem: 'saldo_inicial',
        saldo_produto: '10.000',
      },
      {
        codigo: 'B',
        tipo: 'ajuste',
        quantidade: '7.500',
        custo: '3.1000',
        origem: 'implantacao',
        saldo_produto: '7.500',
      },
      {
        codigo: 'D',
        tipo: 'entrada',
        quantidade: '4.000',
        custo: '4.0000',
        origem: null,
        saldo_produto: '4.000',
      },
      {
        codigo: 'D',
        tipo: 'saida',
        quantidade: '-1.000',
        custo: '4.0000',
        origem: null,
        saldo_produto: '3.000',
      },
      {
        codigo: 'D',
        tipo: 'ajuste',
        quantidade: '2.000',
        custo: '4.0000',
        origem: 'implantacao',
        saldo_produto: '5.000',
      },
    ]);
  });

  it('creates the units the products use (decimals when a stock has them) and carries the GTINs over', async () => {
    expect(await query(sql`select sigla, descricao, casas_decimais from unidades order by sigla`)).toEqual([
      { sigla: 'PCT', descricao: 'Pacote', casas_decimais: 0 },
      { sigla: 'SC', descricao: 'SC', casas_decimais: 3 },
      { sigla: 'UN', descricao: 'Unidade', casas_decimais: 0 },
    ]);
    expect(
      await query(sql`select codigo, gtin, custo_medio::text as custo_medio from products order by codigo`),
    ).toEqual([
      { codigo: 'A', gtin: GTIN_A, custo_medio: '21.9000' },
      { codigo: 'B', gtin: 'SEM GTIN', custo_medio: '3.1000' },
      { codigo: 'C', gtin: 'SEM GTIN', custo_medio: '9.0000' },
      { codigo: 'D', gtin: 'SEM GTIN', custo_medio: '4.0000' },
    ]);
  });

  it('writes no audit row for the carried-over columns, and the ledger is append-only afterwards', async () => {
    expect(
      await query(sql`select acao from audit_log where tabela = 'products' and acao <> 'criacao'`),
    ).toEqual([]);
    const err = await database.db.execute(sql`delete from estoque_movimentos`).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err).not.toBeNull();
  });
});
