import type {
  ListPage,
  Opcao,
  VendedorCreate,
  VendedorRow,
  VendedorUpdate,
  vendedoresListQuerySchema,
} from '@erp/shared';
import { formatCpf } from '@erp/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  foundOrThrow,
  insertRegister,
  rethrowFieldConflict,
  updateRegister,
} from '../../lib/crud.ts';
import {
  ativoWhere,
  type ExportColumn,
  exportFrom,
  type ListSource,
  listFrom,
  searchWhere,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { listUsuarioOpcoes } from '../usuarios/usuarios.service.ts';
import { listUsuariosVinculaveis } from '../usuarios/usuarios-vinculaveis.service.ts';
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
const selectRows = (db: Db) => db.select(rowFields).from(vendedores).$dynamic();
/** A row as stored: the linked user's e-mail is added by withUserEmail(). */
type DbRow = Omit<VendedorRow, 'user_email'>;

const vendedoresList: ListSource<DbRow, Query> = {
  table: vendedores,
  select: selectRows,
  whereOf: (q) =>
    and(...[searchWhere(vendedores.busca, q.q), ativoWhere(vendedores.ativo, q.ativo)].filter(Boolean)),
  sorts: {
    nome: vendedores.busca,
    email: vendedores.email,
    comissao: vendedores.comissao,
    created_at: vendedores.createdAt,
  },
  tieBreaker: vendedores.id,
  searchColumn: () => vendedores.busca,
};

/** The linked user's e-mail comes from the usuarios module's service, not its tables. */
async function withUserEmail(db: Db, rows: DbRow[]): Promise<VendedorRow[]> {
  const linked = rows.some((r) => r.user_id);
  const emails = linked ? new Map((await listUsuarioOpcoes(db)).map((u) => [u.id, u.email])) : new Map();
  return rows.map((r) => ({ ...r, user_email: r.user_id ? (emails.get(r.user_id) ?? null) : null }));
}

export async function listVendedores(db: Db, q: Query): Promise<ListPage<VendedorRow>> {
  const page = await listFrom(db, q, vendedoresList);
  return { ...page, items: await withUserEmail(db, page.items) };
}

export async function exportVendedores(db: Db, q: Query): Promise<VendedorRow[]> {
  return withUserEmail(db, await exportFrom(db, q, vendedoresList));
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
  const row = foundOrThrow(await selectRows(db).where(eq(vendedores.id, id)));
  return (await withUserEmail(db, [row as unknown as DbRow]))[0]!;
}

const rethrowConflict = (err: unknown) => rethrowFieldConflict(err, uniqueConstraints, refConstraints);

export async function createVendedor(db: Db, actor: Actor, input: VendedorCreate): Promise<VendedorRow> {
  const id = await insertRegister(db, actor, vendedores, input).catch(rethrowConflict);
  return getVendedor(db, id);
}

export async function updateVendedor(
  db: Db,
  actor: Actor,
  id: string,
  input: VendedorUpdate,
): Promise<VendedorRow> {
  await updateRegister(db, actor, vendedores, id, input).catch(rethrowConflict);
  return getVendedor(db, id);
}

export async function listVendedorOpcoes(db: Db): Promise<Opcao[]> {
  return db
    .select({ id: vendedores.id, nome: vendedores.nome, ativo: vendedores.ativo })
    .from(vendedores)
    .orderBy(asc(vendedores.busca))
    .limit(2000);
}

/** Users a salesperson can be linked to: active, confirmed, not administrators (usuarios module). */
export async function listUsuariosParaVinculo(db: Db) {
  return (await listUsuariosVinculaveis(db)).map((u) => ({
    id: u.id,
    email: u.email,
    nome: u.nome_completo,
  }));
}

export const vendedoresService: RegisterService<Query, VendedorCreate, VendedorUpdate, VendedorRow> = {
  list: listVendedores,
  exportRows: exportVendedores,
  get: getVendedor,
  create: createVendedor,
  update: updateVendedor,
  remove: (db, actor, id) => deleteRegister(db, actor, vendedores, id),
  opcoes: listVendedorOpcoes,
};
