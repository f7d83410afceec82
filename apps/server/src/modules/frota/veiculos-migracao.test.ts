import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from '../../db/client.ts';
import { migrate, migrationsFolder } from '../../db/migrate.ts';
import { withDatabase } from '../../test/global-setup.ts';

// Migration 0059 on a fleet registered before it: every vehicle gets the tipo de rodado of its
// tipo and the carroceria «fechada/baú», a third-party one the owner kind «outros», and no owner
// document is made up. On a fresh database (the per-file test databases are already migrated):
// embedded PGlite, or an empty PostgreSQL database when TEST_DATABASE_URL is set.

let database: Database;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `erp_t_veic_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
    await admin.exec(`create database ${name}`);
    await admin.close();
    database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolSize: 2 });
    drop = async () => {
      const a = await openDatabase({ databaseUrl: serverUrl, poolSize: 1 });
      await a.exec(`drop database if exists ${name} with (force)`);
      await a.close();
    };
  } else {
    database = await openDatabase({});
  }
  const db = database.db;
  const migrations = readMigrationFiles({ migrationsFolder });
  const ate = migrations.findIndex((m) => m.sql.some((s) => s.includes('veiculos_tipo_rodado')));
  expect(ate).toBe(59);
  await db.execute(sql`create table schema_migrations (hash text primary key, created_at bigint not null,
    applied_at timestamptz not null default now())`);
  for (const m of migrations.slice(0, ate)) {
    for (const stmt of m.sql) if (stmt.trim()) await db.execute(sql.raw(stmt));
    await db.execute(
      sql`insert into schema_migrations (hash, created_at) values (${m.hash}, ${m.folderMillis})`,
    );
  }
  await db.execute(sql`insert into veiculos (placa, placa_mercosul, uf, tipo, tara, capacidade, proprio, proprietario_nome, rntrc) values
    ('AAA1A01', 'AAA1A01', 'SP', 'truck', 7800, 15200, true, null, null),
    ('AAA1A02', 'AAA1A02', 'SP', 'toco', 4300, 6500, true, null, null),
    ('AAA1A03', 'AAA1A03', 'SP', 'carreta', 16000, 30000, false, 'Transportes Serra Azul Ltda', '04567123'),
    ('AAA1A04', 'AAA1A04', 'SP', 'utilitario', 1120, 650, true, null, null),
    ('AAA1A05', 'AAA1A05', 'SP', 'vuc', 2080, 1420, true, null, null),
    ('AAA1A06', 'AAA1A06', 'SP', 'tres_quartos', 3350, 4200, true, null, null)`);
  await migrate(db);
}, 300_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('migration 0059 on existing vehicles', () => {
  it('derives the tipo de rodado from the tipo; carroceria fechada/baú; a third party is «outros»', async () => {
    const rows = rowsOf<Record<string, string | null>>(
      await database.db.execute(sql`select placa, tipo, tipo_rodado, tipo_carroceria, proprietario_tipo,
        proprietario_documento, proprietario_ie, proprietario_uf from veiculos order by placa`),
    );
    const sem = { proprietario_documento: null, proprietario_ie: null, proprietario_uf: null };
    expect(rows).toEqual([
      {
        placa: 'AAA1A01',
        tipo: 'truck',
        tipo_rodado: '01',
        tipo_carroceria: '02',
        proprietario_tipo: null,
        ...sem,
      },
      {
        placa: 'AAA1A02',
        tipo: 'toco',
        tipo_rodado: '02',
        tipo_carroceria: '02',
        proprietario_tipo: null,
        ...sem,
      },
      {
        placa: 'AAA1A03',
        tipo: 'carreta',
        tipo_rodado: '03',
        tipo_carroceria: '02',
        proprietario_tipo: '2',
        ...sem,
      },
      {
        placa: 'AAA1A04',
        tipo: 'utilitario',
        tipo_rodado: '05',
        tipo_carroceria: '02',
        proprietario_tipo: null,
        ...sem,
      },
      {
        placa: 'AAA1A05',
        tipo: 'vuc',
        tipo_rodado: '06',
        tipo_carroceria: '02',
        proprietario_tipo: null,
        ...sem,
      },
      {
        placa: 'AAA1A06',
        tipo: 'tres_quartos',
        tipo_rodado: '06',
        tipo_carroceria: '02',
        proprietario_tipo: null,
        ...sem,
      },
    ]);
  });

  it('the tipo de rodado is required from then on', async () => {
    const nulo = await database.db
      .execute(sql`update veiculos set tipo_rodado = null where placa = 'AAA1A01'`)
      .then(
        () => null,
        (err: { cause?: { column?: string; code?: string } }) => err.cause?.code,
      );
    expect(nulo).toBe('23502');
  });
});
