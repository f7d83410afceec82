import {
  type AuditLogDetail,
  type AuditLogItem,
  type AuditLogPage,
  type AuditNomes,
  type AuditoriaListQuery,
  type AuditRef,
  auditAcaoLabel,
  auditChanges,
  auditEntidadeLabel,
  auditLinkedRefs,
  auditoriaListQuerySchema,
  auditRecordRef,
  auditRefKey,
  auditValueText,
  BUSINESS_TIME_ZONE,
  EXPORT_MAX_ROWS,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { resolveAuditNames } from './audit-names.service.ts';

/** Counting stops here: on a large log an exact count of a broad filter costs more than it tells. */
export const AUDIT_COUNT_CAP = 100_000;

type Filters = Omit<ReturnType<typeof auditoriaListQuerySchema.parse>, 'page' | 'pageSize' | 'sort'>;

/** The WHERE of the list and of the CSV export; the period is in business days of São Paulo. */
function auditWhere(f: Filters): SQL {
  const where: SQL[] = [sql`true`];
  if (f.q) {
    // free text: the acting user's e-mail, or a record's id typed exactly
    const pattern = `%${f.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(sql`(a.user_email ilike ${pattern} or a.registro_id = ${f.q})`);
  }
  if (f.usuario) where.push(sql`a.user_id = ${f.usuario}::uuid`);
  if (f.tabela) where.push(sql`a.tabela = ${f.tabela}`);
  if (f.registro) where.push(sql`a.registro_id = ${f.registro}`);
  if (f.acao) where.push(sql`a.acao = ${f.acao}`);
  if (f.de) where.push(sql`a.occurred_at >= (${f.de}::date)::timestamp at time zone ${BUSINESS_TIME_ZONE}`);
  if (f.ate)
    where.push(sql`a.occurred_at < (${f.ate}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE}`);
  return sql.join(where, sql` and `);
}

const itemColumns = sql`a.id, a.occurred_at, a.user_id, a.user_email, p.nome_completo as user_nome, a.acao,
  a.tabela, a.registro_id, a.depois ->> 'motivo' as motivo, host(a.ip) as ip, a.user_agent`;

type ItemRow = Omit<AuditLogItem, 'occurred_at' | 'id' | 'entidade' | 'registro_nome'> & {
  id: number | string;
  occurred_at: Date | string;
};

/** The name of the record an audit row is about, if known. */
function registroNome(r: { tabela: string | null; registro_id: string | null }, nomes: AuditNomes) {
  return r.tabela && r.registro_id ? (nomes.get(auditRefKey(r.tabela, r.registro_id)) ?? null) : null;
}

/** The acting user as the list, the detail and the CSV show them; "Sistema" for the system. */
function isSystem(r: { user_id: string | null; user_email: string | null }) {
  return !r.user_id && (!r.user_email || r.user_email === 'sistema');
}

function toItem(r: ItemRow, nomes: AuditNomes): AuditLogItem {
  return {
    ...r,
    id: Number(r.id),
    occurred_at: (r.occurred_at instanceof Date ? r.occurred_at : new Date(r.occurred_at)).toISOString(),
    entidade: auditEntidadeLabel(r.tabela),
    registro_nome: registroNome(r, nomes),
    motivo: r.motivo ? auditValueText('motivo', r.motivo, { tabela: r.tabela }) : null,
  };
}

const recordRefs = (rows: { tabela: string | null; registro_id: string | null }[]): AuditRef[] =>
  rows.flatMap((r) => auditRecordRef(r.tabela, r.registro_id) ?? []);

export async function listAuditLog(db: Db, query: AuditoriaListQuery): Promise<AuditLogPage> {
  const { page, pageSize, ...filters } = auditoriaListQuerySchema.parse(query);
  const where = auditWhere(filters);
  const dir = filters.dir === 'asc' ? sql`asc` : sql`desc`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select ${itemColumns} from audit_log a left join user_profiles p on p.user_id = a.user_id
      where ${where} order by a.occurred_at ${dir}, a.id ${dir} limit ${pageSize} offset ${(page - 1) * pageSize}`),
    db.execute(sql`select count(*)::int as total from
      (select 1 from audit_log a where ${where} limit ${AUDIT_COUNT_CAP + 1}) x`),
  ]);
  const total = rowsOf<{ total: number }>(counted)[0]?.total ?? 0;
  const items = rowsOf<ItemRow>(rows);
  const nomes = await resolveAuditNames(db, recordRefs(items));
  return {
    items: items.map((r) => toItem(r, nomes)),
    total: Math.min(total, AUDIT_COUNT_CAP),
    totalLimitado: total > AUDIT_COUNT_CAP,
    page,
    pageSize,
  };
}

export async function getAuditLogEntry(db: Db, id: number): Promise<AuditLogDetail> {
  const row = rowsOf<
    ItemRow & { antes: Record<string, unknown> | null; depois: Record<string, unknown> | null }
  >(
    await db.execute(sql`select ${itemColumns}, a.antes, a.depois from audit_log a
      left join user_profiles p on p.user_id = a.user_id where a.id = ${id}`),
  )[0];
  if (!row) throw new AppError('not_found', 'Registro de auditoria não encontrado.');
  const { antes, depois, ...item } = row;
  const nomes = await resolveAuditNames(db, [
    ...recordRefs([item]),
    ...auditLinkedRefs(item.tabela, antes, depois),
  ]);
  return {
    ...toItem(item, nomes),
    antes,
    depois,
    alteracoes: auditChanges(item.tabela, antes, depois, nomes),
  };
}

/**
 * The audited tables that appear in the log (the entity filter). A loose index scan over
 * (tabela, registro_id): one index probe per distinct table, however large the log is.
 */
export async function listAuditEntidades(db: Db): Promise<{ tabela: string; rotulo: string }[]> {
  const rows = rowsOf<{ tabela: string }>(
    await db.execute(sql`with recursive t(tabela) as (
        (select tabela from audit_log where tabela is not null order by tabela limit 1)
        union all
        select (select a.tabela from audit_log a where a.tabela > t.tabela order by a.tabela limit 1)
        from t where t.tabela is not null
      ) select tabela from t where tabela is not null`),
  );
  return rows
    .map((r) => ({ tabela: r.tabela, rotulo: auditEntidadeLabel(r.tabela) }))
    .sort((a, b) => a.rotulo.localeCompare(b.rotulo, 'pt-BR'));
}

export const AUDIT_CSV_HEADER = [
  'Data/hora',
  'Usuário',
  'E-mail',
  'Ação',
  'Entidade',
  'Registro',
  'ID do registro',
  'Alterações (antes → depois)',
  'IP',
  'Navegador',
];

/**
 * One CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs
 * a value typed into the system as a formula.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(';')}\r\n`;
}

const EXPORT_BATCH = 1000;

export const exportTooLargeMessage = `A exportação passa de ${EXPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Refine os filtros (por exemplo, o período).`;

/** Refuses, before any byte is sent, an export larger than the shared export limit. */
export async function assertAuditExportSize(db: Db, query: AuditoriaListQuery): Promise<void> {
  const { page: _p, pageSize: _s, ...filters } = auditoriaListQuerySchema.parse(query);
  const counted = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from
      (select 1 from audit_log a where ${auditWhere(filters)} limit ${EXPORT_MAX_ROWS + 1}) x`),
  );
  if ((counted[0]?.n ?? 0) > EXPORT_MAX_ROWS) throw new AppError('unprocessable', exportTooLargeMessage);
}

/**
 * The filtered log as CSV lines (";"-separated, the Brazilian spreadsheet default), newest first,
 * fetched in keyset batches so an export of any size streams in constant memory.
 */
export async function* exportAuditCsv(db: Db, query: AuditoriaListQuery): AsyncGenerator<string> {
  const { page: _p, pageSize: _s, ...filters } = auditoriaListQuerySchema.parse(query);
  const where = auditWhere(filters);
  yield `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`;
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL = cursor
      ? sql`and (a.occurred_at, a.id) < (${cursor.at}::timestamptz, ${cursor.id})`
      : sql``;
    const rows = rowsOf<{
      id: number | string;
      at: string;
      quando: string;
      user_id: string | null;
      user_nome: string | null;
      user_email: string | null;
      acao: string;
      tabela: string | null;
      registro_id: string | null;
      antes: Record<string, unknown> | null;
      depois: Record<string, unknown> | null;
      ip: string | null;
      user_agent: string | null;
    }>(
      await db.execute(sql`select a.id, a.occurred_at::text as at,
          to_char(a.occurred_at at time zone ${BUSINESS_TIME_ZONE}, 'DD/MM/YYYY HH24:MI:SS') as quando,
          a.user_id, p.nome_completo as user_nome, a.user_email, a.acao, a.tabela, a.registro_id, a.antes,
          a.depois,
          host(a.ip) as ip, a.user_agent
        from audit_log a left join user_profiles p on p.user_id = a.user_id
        where ${where} ${after}
        order by a.occurred_at desc, a.id desc limit ${EXPORT_BATCH}`),
    );
    if (rows.length === 0) return;
    const nomes = await resolveAuditNames(db, [
      ...recordRefs(rows),
      ...rows.flatMap((r) => auditLinkedRefs(r.tabela, r.antes, r.depois)),
    ]);
    let chunk = '';
    for (const r of rows) {
      const changes = auditChanges(r.tabela, r.antes, r.depois, nomes)
        .map((ch) => `${ch.rotulo}: ${ch.antes_texto || '—'} → ${ch.depois_texto || '—'}`)
        .join(' | ');
      chunk += csvLine([
        r.quando,
        r.user_nome ?? (isSystem(r) ? 'Sistema' : ''),
        r.user_email,
        auditAcaoLabel(r.acao),
        auditEntidadeLabel(r.tabela),
        registroNome(r, nomes),
        r.registro_id,
        changes,
        r.ip,
        r.user_agent,
      ]);
    }
    yield chunk;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.at, id: Number(last.id) };
    if (rows.length < EXPORT_BATCH) return;
  }
}
