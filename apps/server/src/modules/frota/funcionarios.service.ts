import type {
  FuncionarioCreate,
  FuncionarioRow,
  FuncionarioUpdate,
  funcionariosListQuerySchema,
  ListPage,
  Opcao,
} from '@erp/shared';
import { formatCpf, funcaoLabels, funcionarioMensagens } from '@erp/shared';
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
import { funcionarios } from './frota.tables.ts';
import { vencimentoWhere } from './vencimento-where.ts';

type Query = z.output<typeof funcionariosListQuerySchema>;

const uniqueConstraints: Record<string, [string, string]> = {
  funcionarios_cpf_key: ['cpf', funcionarioMensagens.cpfDuplicado],
  funcionarios_cnh_numero_key: ['cnh_numero', funcionarioMensagens.cnhDuplicada],
  funcionarios_user_id_key: ['user_id', funcionarioMensagens.usuarioDuplicado],
};
const refConstraints: Record<string, [string, string]> = {
  funcionarios_user_id_users_id_fk: ['user_id', funcionarioMensagens.usuarioNaoEncontrado],
};

const rowFields = columnsByName(funcionarios);
const selectRows = (db: Db) => db.select(rowFields).from(funcionarios).$dynamic();
/** A row as stored: the linked user's e-mail is added by withUserEmail(). */
type DbRow = Omit<FuncionarioRow, 'user_email'>;

const funcionariosList: ListSource<DbRow, Query> = {
  table: funcionarios,
  select: selectRows,
  whereOf: (q) =>
    and(
      ...[
        searchWhere(funcionarios.busca, q.q),
        ativoWhere(funcionarios.ativo, q.ativo),
        q.funcao ? eq(funcionarios.funcao, q.funcao) : undefined,
        vencimentoWhere(funcionarios.cnhValidade, q.cnh),
      ].filter(Boolean),
    ),
  sorts: {
    nome: funcionarios.busca,
    funcao: funcionarios.funcao,
    cnh_validade: funcionarios.cnhValidade,
    data_admissao: funcionarios.dataAdmissao,
    created_at: funcionarios.createdAt,
  },
  tieBreaker: funcionarios.id,
};

/** The linked user's e-mail comes from the usuarios module's service, not its tables. */
async function withUserEmail(db: Db, rows: DbRow[]): Promise<FuncionarioRow[]> {
  const linked = rows.some((r) => r.user_id);
  const emails = linked ? new Map((await listUsuarioOpcoes(db)).map((u) => [u.id, u.email])) : new Map();
  return rows.map((r) => ({ ...r, user_email: r.user_id ? (emails.get(r.user_id) ?? null) : null }));
}

export const funcionarioExportColumns: ExportColumn<FuncionarioRow>[] = [
  { header: 'Nome', value: (r) => r.nome },
  { header: 'CPF', value: (r) => formatCpf(r.cpf) },
  { header: 'Função', value: (r) => funcaoLabels[r.funcao] },
  { header: 'Telefone', value: (r) => r.telefone },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'Admissão', value: (r) => r.data_admissao, type: 'date' },
  { header: 'CNH', value: (r) => r.cnh_numero },
  { header: 'Categoria', value: (r) => r.cnh_categoria },
  { header: 'Validade da CNH', value: (r) => r.cnh_validade, type: 'date' },
  { header: 'Usuário vinculado', value: (r) => r.user_email },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];

export async function getFuncionario(db: Db, id: string): Promise<FuncionarioRow> {
  const row = foundOrThrow(await selectRows(db).where(eq(funcionarios.id, id)));
  return (await withUserEmail(db, [row as unknown as DbRow]))[0]!;
}

const rethrowConflict = (err: unknown) => rethrowFieldConflict(err, uniqueConstraints, refConstraints);

export async function createFuncionario(
  db: Db,
  actor: Actor,
  input: FuncionarioCreate,
): Promise<FuncionarioRow> {
  const id = await insertRegister(db, actor, funcionarios, input).catch(rethrowConflict);
  return getFuncionario(db, id);
}

export async function updateFuncionario(
  db: Db,
  actor: Actor,
  id: string,
  input: FuncionarioUpdate,
): Promise<FuncionarioRow> {
  await updateRegister(db, actor, funcionarios, id, input).catch(rethrowConflict);
  return getFuncionario(db, id);
}

export async function listFuncionarioOpcoes(db: Db): Promise<Opcao[]> {
  return db
    .select({ id: funcionarios.id, nome: funcionarios.nome, ativo: funcionarios.ativo })
    .from(funcionarios)
    .orderBy(asc(funcionarios.busca))
    .limit(2000);
}

export type MotoristaOpcao = Opcao & {
  cnh_categoria: FuncionarioRow['cnh_categoria'];
  cnh_validade: string | null;
};

/** Drivers for a vehicle's "motorista padrão" (and dispatch), with their CNH. */
export async function listMotoristas(db: Db): Promise<MotoristaOpcao[]> {
  return db
    .select({
      id: funcionarios.id,
      nome: funcionarios.nome,
      ativo: funcionarios.ativo,
      cnh_categoria: funcionarios.cnhCategoria,
      cnh_validade: funcionarios.cnhValidade,
    })
    .from(funcionarios)
    .where(eq(funcionarios.funcao, 'motorista'))
    .orderBy(asc(funcionarios.busca))
    .limit(2000);
}

/** User accounts an employee may be linked to (usuarios module: active, confirmed, not admin). */
export async function listUsuariosParaVinculo(db: Db) {
  return (await listUsuariosVinculaveis(db)).map((u) => ({
    id: u.id,
    email: u.email,
    nome: u.nome_completo,
  }));
}

export const funcionariosService: RegisterService<
  Query,
  FuncionarioCreate,
  FuncionarioUpdate,
  FuncionarioRow
> = {
  list: async (db, q): Promise<ListPage<FuncionarioRow>> => {
    const page = await listFrom(db, q, funcionariosList);
    return { ...page, items: await withUserEmail(db, page.items) };
  },
  exportRows: async (db, q) => withUserEmail(db, await exportFrom(db, q, funcionariosList)),
  get: getFuncionario,
  create: createFuncionario,
  update: updateFuncionario,
  remove: (db, actor, id) => deleteRegister(db, actor, funcionarios, id),
  opcoes: listFuncionarioOpcoes,
};
