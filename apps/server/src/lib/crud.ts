import { genericMessages } from '@erp/shared';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Db, rowsOf, type Tx } from '../db/client.ts';
import { type Actor, writeTx } from './audit-context.ts';
import { AppError, pgConstraint, pgErrorCode } from './errors.ts';

// The write half of the register pattern: API field names are the database column names
// (snake_case), inserts/updates map them onto the drizzle table, updates are optimistic
// (versao), a delete blocked by a foreign key answers why and offers "inativar".

/** A register table: uuid id, versao and updated_at (columns.ts helpers). */
export type RegisterTable = PgTable & { id: PgColumn; versao: PgColumn; updatedAt: PgColumn };

const managedColumns = new Set(['id', 'versao', 'created_at', 'updated_at', 'busca']);

/** Maps an input keyed by column names onto the table's drizzle keys (unknown keys are dropped). */
export function toColumnValues(table: PgTable, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (managedColumns.has(column.name)) continue;
    if (Object.hasOwn(input, column.name)) out[key] = input[column.name];
  }
  return out;
}

/** `select` fields of a table keyed by column name, so rows come out as the API speaks. */
export function columnsByName(table: PgTable, omit: string[] = ['busca']): Record<string, PgColumn> {
  const out: Record<string, PgColumn> = {};
  for (const column of Object.values(getTableColumns(table))) {
    if (!omit.includes(column.name)) out[column.name] = column;
  }
  return out;
}

export const notFoundMessage = 'Registro não encontrado.';

/**
 * UPDATE ... WHERE id AND versao = the version the user read. A stale version is a 409 with the
 * standard message; nothing is overwritten silently.
 */
export async function updateVersioned(
  tx: Tx | Db,
  table: RegisterTable,
  id: string,
  versao: number,
  input: Record<string, unknown>,
): Promise<void> {
  const values = {
    ...toColumnValues(table, input),
    versao: sql`${table.versao} + 1`,
    updatedAt: new Date(),
  };
  const updated = await tx
    .update(table)
    // biome-ignore lint/suspicious/noExplicitAny: generic over register tables
    .set(values as any)
    .where(and(eq(table.id, id), eq(table.versao, versao)))
    .returning({ id: table.id });
  if (updated.length) return;
  const exists = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!exists.length) throw new AppError('not_found', notFoundMessage);
  throw new AppError('conflict', genericMessages.conflict, { reason: 'versao' });
}

/** The row a by-id select found, or 404 "Registro não encontrado.". */
export function foundOrThrow<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new AppError('not_found', notFoundMessage);
  return row;
}

/** INSERT of a register row from an input keyed by column names, audited; answers the new id. */
export async function insertRegister(
  db: Db,
  actor: Actor,
  table: RegisterTable,
  input: object,
): Promise<string> {
  const [row] = await writeTx(db, actor, (tx) =>
    tx
      .insert(table)
      // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated input
      .values(toColumnValues(table, input as Record<string, unknown>) as any)
      .returning({ id: table.id }),
  );
  return row!.id as string;
}

/** updateVersioned() of a register row in its own audited transaction. */
export function updateRegister(
  db: Db,
  actor: Actor,
  table: RegisterTable,
  id: string,
  input: { versao: number },
): Promise<void> {
  return writeTx(db, actor, (tx) =>
    updateVersioned(tx, table, id, input.versao, input as Record<string, unknown>),
  );
}

/** What a referencing table is called in a refusal message. */
const tableLabels: Record<string, string> = {
  sales_orders: 'pedidos de venda',
  sales_order_items: 'itens de pedidos',
  financial_accounts: 'contas a pagar e a receber',
  clientes: 'clientes',
  fornecedores: 'fornecedores',
  vendedores: 'vendedores',
  products: 'produtos',
  produto_embalagens: 'embalagens de produtos',
  lotes: 'lotes',
  estoque_movimentos: 'movimentações de estoque',
  estoque_saldos: 'saldos de estoque',
  estoque_reservas: 'reservas de estoque',
  inventarios: 'inventários',
  inventario_itens: 'inventários',
  tabelas_preco: 'tabelas de preços',
  tabela_preco_itens: 'tabelas de preços',
  tabela_preco_clientes: 'tabelas de preços',
};

export function referenceMessage(tabela: string): string {
  const label = tableLabels[tabela] ?? tabela.replace(/_/g, ' ');
  return `Não é possível excluir: o registro é usado em ${label}. Você pode inativá-lo para que não seja mais oferecido.`;
}

/**
 * Deletes a register row. A row referenced by a foreign key is refused with 409, the reason and
 * `podeInativar: true` (the screen offers to inactivate instead). Works for references added
 * later by any module, because it relies on the database's own foreign keys.
 */
export async function deleteRegister(db: Db, actor: Actor, table: RegisterTable, id: string): Promise<void> {
  let deleted: { id: unknown }[];
  try {
    deleted = await writeTx(db, actor, (tx) =>
      tx.delete(table).where(eq(table.id, id)).returning({ id: table.id }),
    );
  } catch (err) {
    if (pgErrorCode(err) !== '23503') throw err;
    const constraint = pgConstraint(err);
    const rows = constraint
      ? rowsOf<{ tabela: string }>(
          await db.execute(
            sql`select conrelid::regclass::text as tabela from pg_constraint where conname = ${constraint} limit 1`,
          ),
        )
      : [];
    const tabela = rows[0]?.tabela ?? 'outros registros';
    throw new AppError('conflict', referenceMessage(tabela), {
      reason: 'referenciado',
      referenciadoPor: tabela,
      podeInativar: true,
    });
  }
  if (!deleted.length) throw new AppError('not_found', notFoundMessage);
}

/**
 * Turns a unique violation into a field error, e.g.
 * `{ clientes_documento_key: ['documento', 'Já existe um cliente com este CPF/CNPJ.'] }`.
 */
export function rethrowUnique(
  err: unknown,
  byConstraint: Record<string, [field: string, message: string]>,
): never {
  if (pgErrorCode(err) === '23505') {
    const hit = byConstraint[pgConstraint(err) ?? ''];
    if (hit) throw new AppError('conflict', hit[1], { fields: { [hit[0]]: [hit[1]] } });
  }
  throw err;
}

/** A foreign key to a missing row (e.g. a deleted vendedor chosen in a stale form) as a field error. */
export function rethrowMissingRef(
  err: unknown,
  byConstraint: Record<string, [field: string, message: string]>,
): never {
  if (pgErrorCode(err) === '23503') {
    const hit = byConstraint[pgConstraint(err) ?? ''];
    if (hit)
      throw new AppError('validation_failed', genericMessages.validation, { fields: { [hit[0]]: [hit[1]] } });
  }
  throw err;
}

/** rethrowUnique() then rethrowMissingRef(): a register write's constraint violations as field errors. */
export function rethrowFieldConflict(
  err: unknown,
  unique: Record<string, [field: string, message: string]>,
  refs: Record<string, [field: string, message: string]> = {},
): never {
  try {
    rethrowUnique(err, unique);
  } catch (e) {
    rethrowMissingRef(e, refs);
  }
}
