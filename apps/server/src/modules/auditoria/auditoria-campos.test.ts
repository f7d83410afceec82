import { type AuditFormato, auditCampo, auditEntidades } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';

// The audit screen and CSV name tables and fields in pt-BR and format their values from one map
// (packages/shared/src/auditoria/auditoria-campos.ts). These checks read the migrated database, so
// a table a new migration attaches to the audit (audit_attach) or a column it adds fails here until
// the map names it — and says how its value reads when the column's type asks for a format.

let database: Database;
let columns: {
  tabela: string;
  coluna: string;
  tipo: string;
  precisao: number | null;
  escala: number | null;
  referencia: string | null;
}[];
let audited: string[];
/** every table.column of the schema */
let schemaColumns: Set<string>;

beforeAll(async () => {
  database = await createTestDatabase();
  audited = rowsOf<{ tabela: string }>(
    await database.db.execute(sql`select distinct c.relname::text as tabela
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'audit_row_change' and not t.tgisinternal order by 1`),
  ).map((r) => r.tabela);
  columns = rowsOf<(typeof columns)[number]>(
    await database.db.execute(sql`select c.table_name::text as tabela, c.column_name::text as coluna,
        c.data_type::text as tipo, c.numeric_precision::int as precisao, c.numeric_scale::int as escala,
        (select f.relname::text from pg_constraint k join pg_class s on s.oid = k.conrelid
           join pg_class f on f.oid = k.confrelid
           join pg_attribute at on at.attrelid = k.conrelid and at.attnum = k.conkey[1]
          where k.contype = 'f' and cardinality(k.conkey) = 1 and s.relname = c.table_name
            and at.attname = c.column_name limit 1) as referencia
      from information_schema.columns c
      where c.table_schema = current_schema()
        and c.table_name in (select distinct cl.relname from pg_trigger t join pg_class cl on cl.oid = t.tgrelid
          join pg_proc p on p.oid = t.tgfoid where p.proname = 'audit_row_change')
      order by 1, 2`),
  );
  schemaColumns = new Set(
    rowsOf<{ c: string }>(
      await database.db.execute(sql`select table_name || '.' || column_name as c
        from information_schema.columns where table_schema = current_schema()`),
    ).map((r) => r.c),
  );
});
afterAll(() => database?.close());

describe('audit field map', () => {
  it('finds the audited tables in the database', () => {
    expect(audited).toEqual(
      expect.arrayContaining([
        'clientes',
        'grupos_empresariais',
        'situacoes_cliente',
        'user_profiles',
        'app_settings',
      ]),
    );
    expect(columns.length).toBeGreaterThan(100);
  });

  it('names every audited table (and users, the table of the account events) and how its records are named', () => {
    const missing = [...audited, 'users'].filter((t) => !Object.hasOwn(auditEntidades, t));
    expect(missing).toEqual([]);
    // the column that names a table's records exists where the name resolver reads it
    const unknown = Object.entries(auditEntidades).flatMap(([tabela, { nome }]) =>
      'coluna' in nome && !schemaColumns.has(`${nome.tabela ?? tabela}.${nome.coluna}`) ? [tabela] : [],
    );
    expect(unknown).toEqual([]);
  });

  it('names every column of every audited table', () => {
    const missing = columns
      .filter((c) => !auditCampo(c.coluna, c.tabela))
      .map((c) => `${c.tabela}.${c.coluna}`);
    expect(missing).toEqual([]);
  });

  it('formats dates, instants, money, quantities and links to other records by the column type', () => {
    const expected = (c: (typeof columns)[number]): { formato: AuditFormato; tabela?: string } | null => {
      if (c.referencia) return { formato: 'registro', tabela: c.referencia };
      if (c.tipo === 'date') return { formato: 'data' };
      if (c.tipo === 'timestamp with time zone') return { formato: 'instante' };
      if (c.tipo === 'numeric' && c.precisao === 14 && c.escala === 2) return { formato: 'dinheiro' };
      if (c.tipo === 'numeric' && c.precisao === 14 && c.escala === 3) return { formato: 'quantidade' };
      return null;
    };
    const wrong: string[] = [];
    for (const c of columns) {
      const want = expected(c);
      const def = auditCampo(c.coluna, c.tabela);
      if (!want || !def) continue;
      if (def.formato !== want.formato || (want.tabela && def.tabela !== want.tabela)) {
        wrong.push(`${c.tabela}.${c.coluna}: ${def.formato ?? '-'} ${def.tabela ?? ''}`.trim());
      }
    }
    expect(wrong).toEqual([]);
  });
});
