import type {
  ListPage,
  Opcao,
  VendedorCreate,
  VendedorRow,
  VendedorUpdate,
  vendedoresListQuerySchema,
} from '@erp/shared';
import { formatCpf } from '@erp/shared';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  notFoundMessage,
  rethrowMissingRef,
  rethrowUnique,
  toColumnValues,
  updateVersioned,
} from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { cappedCount, type ExportColumn, exportRows, listPage, searchWhere } from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { listUsuarioOpcoes } from '../usuarios/usuarios.service.ts';
import { vendedores } from './cadastros.tables.ts';

type Query = z.output<typeof vendedoresListQuerySchema>;

export const vendedorMessages = {
  cpfDuplicado: 'Já existe um vendedor com este CPF.',
  usuarioDuplicado: 'Este usuário já está vinculado a outro vendedor.',
  usuarioNaoEncontrado: 'Usuário não encontrado',
} as const;

const uniqueConstraints: Record<string, [string, string]> = {
  vendedores_cpf_key: ['cpf', vendedorMessages.cpfDuplicado],
  vendedores_user_id_key: ['user_id', vendedorMessages.usuarioDuplicado],
};
const refConstraints: Record<string, [string, string]> = {
  vendedores_user_id_users_id_fk: ['user_id', vendedorMessages.usuarioNaoEncontrado],
};

const rowFields = columnsByName(vendedores);
type DbRow = Omit<VendedorRow, 'user_email'>;

const sorts = {
  nome: vendedores.busca,
  email: vendedores.email,
  comissao: vendedores.comissao,
  created_at: vendedores.createdAt,
};

function whereOf(q: Query): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    searchWhere(vendedores.busca, q.q),
    q.ativo === undefined ? undefined : eq(vendedores.ativo, q.ativo),
  ];
  return and(...conds.filter(Boolean));
}

/** The linked user's e-mail comes from the usuarios module's service, not its tables. */
async function withUserEmail(db: Db, rows: DbRow[]): Promise<VendedorRow[]> {
  const linked = rows.some((r) => r.user_id);
  const emails = linked ? new Map((await listUsuarioOpcoes(db)).map((u) => [u.id, u.email])) : new Map();
  return rows.map((r) => ({ ...r, user_email: r.user_id ? (emails.get(r.user_id) ?? null) : null }));
}

export async function listVendedores(db: Db, q: Query): Promise<ListPage<VendedorRow>> {
  const where = whereOf(q);
  const page = await listPage(q, {
    sorts,
    tieBreaker: vendedores.id,
    rows: ({ limit, offset, orderBy }) =>
      db
        .select(rowFields)
        .from(vendedores)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset) as Promise<unknown[]> as Promise<DbRow[]>,
    count: () => cappedCount(db, vendedores, where),
  });
  return { ...page, items: await withUserEmail(db, page.items) };
}

export async function exportVendedores(db: Db, q: Query): Promise<VendedorRow[]> {
  const where = whereOf(q);
  const rows = await exportRows(q, {
    sorts,
    tieBreaker: vendedores.id,
    rows: ({ limit, orderBy }) =>
      db
        .select(rowFields)
        .from(vendedores)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit) as Promise<unknown[]> as Promise<DbRow[]>,
  });
  return withUserEmail(db, rows);
}

export const vendedorExportColumns: ExportColumn<VendedorRow>[] = [
  { header: 'Nome', value: (r) => r.nome },
  { header: 'CPF', value: (r) => (r.cpf ? formatCpf(r.cpf) : null) },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Telefone', value: (r) => r.telefone },
  { header: 'Comissão (%)', value: (r) => r.comissao, type: 'number' },
  { header: 'Usuário vinculado', value: (r) => r.user_email },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];

export async function getVendedor(db: Db, id: string): Promise<VendedorRow> {
  const [row] = await db.select(rowFields).from(vendedores).where(eq(vendedores.id, id));
  if (!row) throw new AppError('not_found', notFoundMessage);
  return (await withUserEmail(db, [row as unknown as DbRow]))[0]!;
}

function rethrow(err: unknown): never {
  try {
    rethrowUnique(err, uniqueConstraints);
  } catch (e) {
    rethrowMissingRef(e, refConstraints);
  }
}

export async function createVendedor(db: Db, actor: Actor, input: VendedorCreate): Promise<VendedorRow> {
  try {
    const [row] = await writeTx(db, actor, (tx) =>
      tx
        .insert(vendedores)
        // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated input
        .values(toColumnValues(vendedores, input) as any)
        .returning({ id: vendedores.id }),
    );
    return getVendedor(db, row!.id);
  } catch (err) {
    rethrow(err);
  }
}

export async function updateVendedor(
  db: Db,
  actor: Actor,
  id: string,
  input: VendedorUpdate,
): Promise<VendedorRow> {
  try {
    await writeTx(db, actor, (tx) => updateVersioned(tx, vendedores, id, input.versao, input));
  } catch (err) {
    rethrow(err);
  }
  return getVendedor(db, id);
}

export function deleteVendedor(db: Db, actor: Actor, id: string): Promise<void> {
  return deleteRegister(db, actor, vendedores, id);
}

export async function listVendedorOpcoes(db: Db): Promise<Opcao[]> {
  return db
    .select({ id: vendedores.id, nome: vendedores.nome, ativo: vendedores.ativo })
    .from(vendedores)
    .orderBy(asc(vendedores.busca))
    .limit(2000);
}

/** Users a salesperson can be linked to (from the usuarios module). */
export async function listUsuariosParaVinculo(db: Db) {
  return (await listUsuarioOpcoes(db)).map((u) => ({ id: u.id, email: u.email, nome: u.nome_completo }));
}

export const vendedoresService: RegisterService<Query, VendedorCreate, VendedorUpdate, VendedorRow> = {
  list: listVendedores,
  exportRows: exportVendedores,
  get: getVendedor,
  create: createVendedor,
  update: updateVendedor,
  remove: deleteVendedor,
  opcoes: listVendedorOpcoes,
};
