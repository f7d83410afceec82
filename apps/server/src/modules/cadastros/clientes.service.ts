import type { ClienteCreate, ClienteRow, ClienteUpdate, clientesListQuerySchema, Opcao } from '@erp/shared';
import { and, eq, type SQL } from 'drizzle-orm';
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
import {
  clientes,
  gruposEmpresariais,
  regioesEntrega,
  segmentos,
  situacoesCliente,
  vendedores,
} from './cadastros.tables.ts';
import { listPessoaOpcoes, pessoaConditions, pessoaExportColumns, pessoaSorts } from './pessoa.service.ts';

type Query = z.output<typeof clientesListQuerySchema>;

export const clienteMessages = {
  documentoDuplicado: 'Já existe um cliente com este CPF/CNPJ.',
} as const;

const uniqueConstraints: Record<string, [string, string]> = {
  clientes_documento_key: ['documento', clienteMessages.documentoDuplicado],
};
const refConstraints: Record<string, [string, string]> = {
  clientes_vendedor_id_vendedores_id_fk: ['vendedor_id', 'Vendedor não encontrado'],
  clientes_grupo_id_grupos_empresariais_id_fk: ['grupo_id', 'Grupo empresarial não encontrado'],
  clientes_segmento_id_segmentos_id_fk: ['segmento_id', 'Segmento não encontrado'],
  clientes_regiao_id_regioes_entrega_id_fk: ['regiao_id', 'Região de entrega não encontrada'],
  clientes_situacao_id_situacoes_cliente_id_fk: ['situacao_id', 'Situação não encontrada'],
};

const rowFields = {
  ...columnsByName(clientes),
  vendedor_nome: vendedores.nome,
  grupo_nome: gruposEmpresariais.nome,
  segmento_nome: segmentos.nome,
  regiao_nome: regioesEntrega.nome,
  situacao_nome: situacoesCliente.nome,
  situacao_bloqueia_vendas: situacoesCliente.bloqueiaVendas,
};

function selectRows(db: Db) {
  return db
    .select(rowFields)
    .from(clientes)
    .leftJoin(vendedores, eq(vendedores.id, clientes.vendedorId))
    .leftJoin(gruposEmpresariais, eq(gruposEmpresariais.id, clientes.grupoId))
    .leftJoin(segmentos, eq(segmentos.id, clientes.segmentoId))
    .leftJoin(regioesEntrega, eq(regioesEntrega.id, clientes.regiaoId))
    .leftJoin(situacoesCliente, eq(situacoesCliente.id, clientes.situacaoId))
    .$dynamic();
}

function whereOf(q: Query): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    ...pessoaConditions(clientes, q),
    q.vendedor_id ? eq(clientes.vendedorId, q.vendedor_id) : undefined,
    q.grupo_id ? eq(clientes.grupoId, q.grupo_id) : undefined,
    q.segmento_id ? eq(clientes.segmentoId, q.segmento_id) : undefined,
    q.regiao_id ? eq(clientes.regiaoId, q.regiao_id) : undefined,
    q.situacao_id ? eq(clientes.situacaoId, q.situacao_id) : undefined,
  ];
  return and(...conds.filter(Boolean));
}

const clientesList: ListSource<ClienteRow, Query> = {
  table: clientes,
  select: selectRows,
  whereOf,
  sorts: {
    ...pessoaSorts(clientes),
    vendedor: vendedores.nome,
    situacao: situacoesCliente.nome,
    limite_credito: clientes.limiteCredito,
    created_at: clientes.createdAt,
  },
  tieBreaker: clientes.id,
  searchColumn: () => clientes.busca,
};

export const clienteExportColumns: ExportColumn<ClienteRow>[] = [
  ...pessoaExportColumns<ClienteRow>(),
  { header: 'Vendedor', value: (r) => r.vendedor_nome },
  { header: 'Grupo empresarial', value: (r) => r.grupo_nome },
  { header: 'Segmento', value: (r) => r.segmento_nome },
  { header: 'Região de entrega', value: (r) => r.regiao_nome },
  { header: 'Situação', value: (r) => r.situacao_nome },
  { header: 'Limite de crédito', value: (r) => r.limite_credito, type: 'money' },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];

export async function getCliente(db: Db, id: string): Promise<ClienteRow> {
  return foundOrThrow(await selectRows(db).where(eq(clientes.id, id))) as unknown as ClienteRow;
}

const rethrowConflict = (err: unknown) => rethrowFieldConflict(err, uniqueConstraints, refConstraints);

export async function createCliente(db: Db, actor: Actor, input: ClienteCreate): Promise<ClienteRow> {
  const id = await insertRegister(db, actor, clientes, input).catch(rethrowConflict);
  return getCliente(db, id);
}

export async function updateCliente(
  db: Db,
  actor: Actor,
  id: string,
  input: ClienteUpdate,
): Promise<ClienteRow> {
  await updateRegister(db, actor, clientes, id, input).catch(rethrowConflict);
  return getCliente(db, id);
}

export const clientesService: RegisterService<Query, ClienteCreate, ClienteUpdate, ClienteRow> = {
  list: (db, q) => listFrom(db, q, clientesList),
  exportRows: (db, q) => exportFrom(db, q, clientesList),
  get: getCliente,
  create: createCliente,
  update: updateCliente,
  remove: (db, actor, id) => deleteRegister(db, actor, clientes, id),
  opcoes: (db): Promise<Opcao[]> => listPessoaOpcoes(db, clientes),
};
