import type { ClienteCreate, ClienteRow, ClienteUpdate, clientesListQuerySchema, Opcao } from '@erp/shared';
import { formatDocumento, indicadorIeLabels, tipoPessoaLabels } from '@erp/shared';
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
import {
  clientes,
  gruposEmpresariais,
  regioesEntrega,
  segmentos,
  situacoesCliente,
  vendedores,
} from './cadastros.tables.ts';

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
    .leftJoin(situacoesCliente, eq(situacoesCliente.id, clientes.situacaoId));
}

// Name order uses the stored search text (normalised razão social first): indexed, and no
// function call per row on a 200,000-row list. Other text columns sort as stored.
const sorts = {
  razao_social: clientes.busca,
  nome_fantasia: clientes.nomeFantasia,
  documento: clientes.documento,
  municipio: clientes.municipio,
  uf: clientes.uf,
  vendedor: vendedores.nome,
  situacao: situacoesCliente.nome,
  limite_credito: clientes.limiteCredito,
  created_at: clientes.createdAt,
};

function whereOf(q: Partial<Query>): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    searchWhere(clientes.busca, q.q),
    q.ativo === undefined ? undefined : eq(clientes.ativo, q.ativo),
    q.tipo_pessoa ? eq(clientes.tipoPessoa, q.tipo_pessoa) : undefined,
    q.uf ? eq(clientes.uf, q.uf) : undefined,
    q.vendedor_id ? eq(clientes.vendedorId, q.vendedor_id) : undefined,
    q.grupo_id ? eq(clientes.grupoId, q.grupo_id) : undefined,
    q.segmento_id ? eq(clientes.segmentoId, q.segmento_id) : undefined,
    q.regiao_id ? eq(clientes.regiaoId, q.regiao_id) : undefined,
    q.situacao_id ? eq(clientes.situacaoId, q.situacao_id) : undefined,
  ];
  return and(...conds.filter(Boolean));
}

export async function listClientes(db: Db, q: Query) {
  const where = whereOf(q);
  return listPage(q, {
    sorts,
    tieBreaker: clientes.id,
    rows: ({ limit, offset, orderBy }) =>
      selectRows(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset) as Promise<unknown[]> as Promise<ClienteRow[]>,
    count: () => cappedCount(db, clientes, where),
  });
}

export function exportClientes(db: Db, q: Query): Promise<ClienteRow[]> {
  const where = whereOf(q);
  return exportRows(q, {
    sorts,
    tieBreaker: clientes.id,
    rows: ({ limit, orderBy }) =>
      selectRows(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit) as Promise<unknown[]> as Promise<ClienteRow[]>,
  });
}

export const clienteExportColumns: ExportColumn<ClienteRow>[] = [
  { header: 'Razão social / nome', value: (r) => r.razao_social },
  { header: 'Nome fantasia', value: (r) => r.nome_fantasia },
  { header: 'Tipo', value: (r) => tipoPessoaLabels[r.tipo_pessoa] },
  { header: 'CPF/CNPJ', value: (r) => formatDocumento(r.documento) },
  { header: 'Inscrição estadual', value: (r) => r.inscricao_estadual },
  { header: 'Indicador IE', value: (r) => indicadorIeLabels[r.indicador_ie] },
  { header: 'E-mail', value: (r) => r.email },
  { header: 'E-mail NF-e', value: (r) => r.email_nfe },
  { header: 'Telefone', value: (r) => r.telefone },
  { header: 'Celular', value: (r) => r.celular },
  { header: 'CEP', value: (r) => r.cep },
  { header: 'Logradouro', value: (r) => r.logradouro },
  { header: 'Número', value: (r) => r.numero },
  { header: 'Complemento', value: (r) => r.complemento },
  { header: 'Bairro', value: (r) => r.bairro },
  { header: 'Município', value: (r) => r.municipio },
  { header: 'Código IBGE', value: (r) => r.codigo_municipio },
  { header: 'UF', value: (r) => r.uf },
  { header: 'Vendedor', value: (r) => r.vendedor_nome },
  { header: 'Grupo empresarial', value: (r) => r.grupo_nome },
  { header: 'Segmento', value: (r) => r.segmento_nome },
  { header: 'Região de entrega', value: (r) => r.regiao_nome },
  { header: 'Situação', value: (r) => r.situacao_nome },
  { header: 'Limite de crédito', value: (r) => r.limite_credito, type: 'money' },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];

export async function getCliente(db: Db, id: string): Promise<ClienteRow> {
  const [row] = await selectRows(db).where(eq(clientes.id, id));
  if (!row) throw new AppError('not_found', notFoundMessage);
  return row as unknown as ClienteRow;
}

export async function createCliente(db: Db, actor: Actor, input: ClienteCreate): Promise<ClienteRow> {
  try {
    const [row] = await writeTx(db, actor, (tx) =>
      tx
        .insert(clientes)
        // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated input
        .values(toColumnValues(clientes, input) as any)
        .returning({ id: clientes.id }),
    );
    return getCliente(db, row!.id);
  } catch (err) {
    rethrowUniqueOrRef(err);
  }
}

export async function updateCliente(
  db: Db,
  actor: Actor,
  id: string,
  input: ClienteUpdate,
): Promise<ClienteRow> {
  try {
    await writeTx(db, actor, (tx) => updateVersioned(tx, clientes, id, input.versao, input));
  } catch (err) {
    rethrowUniqueOrRef(err);
  }
  return getCliente(db, id);
}

function rethrowUniqueOrRef(err: unknown): never {
  try {
    rethrowUnique(err, uniqueConstraints);
  } catch (e) {
    rethrowMissingRef(e, refConstraints);
  }
}

export function deleteCliente(db: Db, actor: Actor, id: string): Promise<void> {
  return deleteRegister(db, actor, clientes, id);
}

export async function listClienteOpcoes(db: Db): Promise<Opcao[]> {
  return db
    .select({ id: clientes.id, nome: clientes.razaoSocial, ativo: clientes.ativo })
    .from(clientes)
    .where(eq(clientes.ativo, true))
    .orderBy(asc(clientes.busca))
    .limit(1000);
}

export const clientesService: RegisterService<Query, ClienteCreate, ClienteUpdate, ClienteRow> = {
  list: listClientes,
  exportRows: exportClientes,
  get: getCliente,
  create: createCliente,
  update: updateCliente,
  remove: deleteCliente,
  opcoes: listClienteOpcoes,
};
