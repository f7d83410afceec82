import {
  type AuditNomeRegistro,
  type AuditNomes,
  type AuditRef,
  auditEntidades,
  auditRefKey,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

type NomePorColuna = Exclude<AuditNomeRegistro, { nomes: unknown }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The names of audited records (razão social, nome, e-mail…), as auditEntidades says each table
 * names its records, resolved when the log is read: one query for any number of records, a
 * `union all` of one indexed lookup per table. A record deleted since is named from the log's own
 * deletion row. Records with no name (unknown table or id) are left out.
 */
export async function resolveAuditNames(db: Db, refs: Iterable<AuditRef>): Promise<AuditNomes> {
  const nomes = new Map<string, string>();
  const idsByTable = new Map<string, Set<string>>();
  for (const { tabela, id } of refs) {
    const entidade = Object.hasOwn(auditEntidades, tabela) ? auditEntidades[tabela] : undefined;
    if (!entidade) continue;
    if ('nomes' in entidade.nome) {
      const nome = Object.hasOwn(entidade.nome.nomes, id) ? entidade.nome.nomes[id] : undefined;
      if (nome) nomes.set(auditRefKey(tabela, id), nome);
      continue;
    }
    // records are keyed by uuid; anything else cannot name one (and must not reach a ::uuid cast)
    if (!UUID.test(id)) continue;
    const ids = idsByTable.get(tabela) ?? new Set<string>();
    idsByTable.set(tabela, ids.add(id));
  }

  const byColumn = (tabela: string) => auditEntidades[tabela]!.nome as NomePorColuna;
  const lookups: SQL[] = [];
  for (const [tabela, ids] of idsByTable) {
    const nome = byColumn(tabela);
    const source = nome.tabela ?? tabela;
    const column = sql`t.${sql.identifier(nome.coluna)}::text`;
    // the record itself is gone: its name is in the log's deletion row
    const deleted =
      source === tabela
        ? sql`(select x.antes ->> ${nome.coluna} from audit_log x
            where x.tabela = ${tabela} and x.registro_id = k.id and x.acao = 'exclusao'
            order by x.id desc limit 1)`
        : sql`null`;
    lookups.push(sql`select ${tabela}::text as tabela, k.id, coalesce(${column}, ${deleted}) as nome
      from jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb) as k(id)
      left join ${sql.identifier(source)} t on t.${sql.identifier(nome.chave ?? 'id')} = k.id::uuid`);
  }
  if (lookups.length === 0) return nomes;

  const rows = rowsOf<{ tabela: string; id: string; nome: string | null }>(
    await db.execute(sql.join(lookups, sql` union all `)),
  );
  for (const r of rows) {
    if (r.nome !== null)
      nomes.set(auditRefKey(r.tabela, r.id), `${byColumn(r.tabela).prefixo ?? ''}${r.nome}`);
  }
  return nomes;
}
