import type {
  FornecedorCreate,
  FornecedorRow,
  FornecedorUpdate,
  fornecedoresListQuerySchema,
  Opcao,
} from '@erp/shared';
import { formatDocumento, indicadorIeLabels, tipoPessoaLabels } from '@erp/shared';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  notFoundMessage,
  rethrowUnique,
  toColumnValues,
  updateVersioned,
} from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { cappedCount, type ExportColumn, exportRows, listPage, searchWhere } from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { fornecedores } from './cadastros.tables.ts';

type Query = z.output<typeof fornecedoresListQuerySchema>;

export const fornecedorMessages = {
  documentoDuplicado: 'Já existe um fornecedor com este CPF/CNPJ.',
} as const;

const uniqueConstraints: Record<string, [string, string]> = {
  fornecedores_documento_key: ['documento', fornecedorMessages.documentoDuplicado],
};

const rowFields = columnsByName(fornecedores);

const sorts = {
  razao_social: fornecedores.busca,
  nome_fantasia: fornecedores.nomeFantasia,
  documento: fornecedores.documento,
  municipio: fornecedores.municipio,
  uf: fornecedores.uf,
  prazo_medio_entrega: fornecedores.prazoMedioEntrega,
  created_at: fornecedores.createdAt,
};

function whereOf(q: Query): SQL | undefined {
  const conds: (SQL | undefined)[] = [
    searchWhere(fornecedores.busca, q.q),
    q.ativo === undefined ? undefined : eq(fornecedores.ativo, q.ativo),
    q.tipo_pessoa ? eq(fornecedores.tipoPessoa, q.tipo_pessoa) : undefined,
    q.uf ? eq(fornecedores.uf, q.uf) : undefined,
  ];
  return and(...conds.filter(Boolean));
}

export async function listFornecedores(db: Db, q: Query) {
  const where = whereOf(q);
  return listPage(q, {
    sorts,
    tieBreaker: fornecedores.id,
    rows: ({ limit, offset, orderBy }) =>
      db
        .select(rowFields)
        .from(fornecedores)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset) as Promise<unknown[]> as Promise<FornecedorRow[]>,
    count: () => cappedCount(db, fornecedores, where),
  });
}

export function exportFornecedores(db: Db, q: Query): Promise<FornecedorRow[]> {
  const where = whereOf(q);
  return exportRows(q, {
    sorts,
    tieBreaker: fornecedores.id,
    rows: ({ limit, orderBy }) =>
      db
        .select(rowFields)
        .from(fornecedores)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit) as Promise<unknown[]> as Promise<FornecedorRow[]>,
  });
}

export const fornecedorExportColumns: ExportColumn<FornecedorRow>[] = [
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
  { header: 'Prazo médio de entrega (dias)', value: (r) => r.prazo_medio_entrega, type: 'number' },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];

export async function getFornecedor(db: Db, id: string): Promise<FornecedorRow> {
  const [row] = await db.select(rowFields).from(fornecedores).where(eq(fornecedores.id, id));
  if (!row) throw new AppError('not_found', notFoundMessage);
  return row as unknown as FornecedorRow;
}

export async function createFornecedor(
  db: Db,
  actor: Actor,
  input: FornecedorCreate,
): Promise<FornecedorRow> {
  try {
    const [row] = await writeTx(db, actor, (tx) =>
      tx
        .insert(fornecedores)
        // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated input
        .values(toColumnValues(fornecedores, input) as any)
        .returning({ id: fornecedores.id }),
    );
    return getFornecedor(db, row!.id);
  } catch (err) {
    rethrowUnique(err, uniqueConstraints);
  }
}

export async function updateFornecedor(
  db: Db,
  actor: Actor,
  id: string,
  input: FornecedorUpdate,
): Promise<FornecedorRow> {
  try {
    await writeTx(db, actor, (tx) => updateVersioned(tx, fornecedores, id, input.versao, input));
  } catch (err) {
    rethrowUnique(err, uniqueConstraints);
  }
  return getFornecedor(db, id);
}

export function deleteFornecedor(db: Db, actor: Actor, id: string): Promise<void> {
  return deleteRegister(db, actor, fornecedores, id);
}

export async function listFornecedorOpcoes(db: Db): Promise<Opcao[]> {
  return db
    .select({ id: fornecedores.id, nome: fornecedores.razaoSocial, ativo: fornecedores.ativo })
    .from(fornecedores)
    .where(eq(fornecedores.ativo, true))
    .orderBy(asc(fornecedores.busca))
    .limit(1000);
}

export const fornecedoresService: RegisterService<Query, FornecedorCreate, FornecedorUpdate, FornecedorRow> =
  {
    list: listFornecedores,
    exportRows: exportFornecedores,
    get: getFornecedor,
    create: createFornecedor,
    update: updateFornecedor,
    remove: deleteFornecedor,
    opcoes: listFornecedorOpcoes,
  };
