import type {
  FornecedorCreate,
  FornecedorRow,
  FornecedorUpdate,
  fornecedoresListQuerySchema,
  Opcao,
} from '@erp/shared';
import { and, eq } from 'drizzle-orm';
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
import { type ExportColumn, exportFrom, type ListSource, listFrom } from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { fornecedores } from './cadastros.tables.ts';
import { listPessoaOpcoes, pessoaConditions, pessoaExportColumns, pessoaSorts } from './pessoa.service.ts';

type Query = z.output<typeof fornecedoresListQuerySchema>;

export const fornecedorMessages = {
  documentoDuplicado: 'Já existe um fornecedor com este CPF/CNPJ.',
} as const;

const uniqueConstraints: Record<string, [string, string]> = {
  fornecedores_documento_key: ['documento', fornecedorMessages.documentoDuplicado],
};

const rowFields = columnsByName(fornecedores);
const selectRows = (db: Db) => db.select(rowFields).from(fornecedores).$dynamic();

const fornecedoresList: ListSource<FornecedorRow, Query> = {
  table: fornecedores,
  select: selectRows,
  whereOf: (q) => and(...pessoaConditions(fornecedores, q).filter(Boolean)),
  sorts: {
    ...pessoaSorts(fornecedores),
    prazo_medio_entrega: fornecedores.prazoMedioEntrega,
    created_at: fornecedores.createdAt,
  },
  tieBreaker: fornecedores.id,
  searchColumn: () => fornecedores.busca,
};

export const fornecedorExportColumns: ExportColumn<FornecedorRow>[] = [
  ...pessoaExportColumns<FornecedorRow>(),
  { header: 'Prazo médio de entrega (dias)', value: (r) => r.prazo_medio_entrega, type: 'number' },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];

export async function getFornecedor(db: Db, id: string): Promise<FornecedorRow> {
  return foundOrThrow(await selectRows(db).where(eq(fornecedores.id, id))) as unknown as FornecedorRow;
}

const rethrowConflict = (err: unknown) => rethrowFieldConflict(err, uniqueConstraints);

export async function createFornecedor(
  db: Db,
  actor: Actor,
  input: FornecedorCreate,
): Promise<FornecedorRow> {
  const id = await insertRegister(db, actor, fornecedores, input).catch(rethrowConflict);
  return getFornecedor(db, id);
}

export async function updateFornecedor(
  db: Db,
  actor: Actor,
  id: string,
  input: FornecedorUpdate,
): Promise<FornecedorRow> {
  await updateRegister(db, actor, fornecedores, id, input).catch(rethrowConflict);
  return getFornecedor(db, id);
}

export const fornecedoresService: RegisterService<Query, FornecedorCreate, FornecedorUpdate, FornecedorRow> =
  {
    list: (db, q) => listFrom(db, q, fornecedoresList),
    exportRows: (db, q) => exportFrom(db, q, fornecedoresList),
    get: getFornecedor,
    create: createFornecedor,
    update: updateFornecedor,
    remove: (db, actor, id) => deleteRegister(db, actor, fornecedores, id),
    opcoes: (db): Promise<Opcao[]> => listPessoaOpcoes(db, fornecedores),
  };
