import { auditCampoLabels } from '@erp/shared';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as auth from '../auth/auth.tables.ts';
import * as cadastros from '../cadastros/cadastros.tables.ts';
import * as comercial from '../comercial/comercial.tables.ts';
import * as configuracoes from '../configuracoes/configuracoes.tables.ts';
import * as estoque from '../estoque/estoque.tables.ts';
import * as financeiro from '../financeiro/financeiro.tables.ts';
import * as usuarios from '../usuarios/usuarios.tables.ts';

// The audit screen and CSV name fields in pt-BR; a column added to a module's tables without a
// label would show its raw name there. This keeps the label map in step with the tables.
describe('audit field labels', () => {
  it('cover every column of the auth, usuarios, cadastros, estoque, comercial, financeiro and configuracoes tables', () => {
    const modules = { auth, usuarios, cadastros, estoque, comercial, financeiro, configuracoes };
    const missing: string[] = [];
    let columns = 0;
    for (const exports of Object.values(modules)) {
      for (const value of Object.values(exports)) {
        if (!is(value, PgTable)) continue;
        for (const col of getTableConfig(value).columns) {
          columns++;
          if (!Object.hasOwn(auditCampoLabels, col.name)) missing.push(`${getTableName(value)}.${col.name}`);
        }
      }
    }
    expect(columns).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
