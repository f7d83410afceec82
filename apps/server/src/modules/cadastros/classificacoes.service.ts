import type {
  classificacoesListQuerySchema,
  GrupoRow,
  Opcao,
  RegiaoRow,
  SegmentoRow,
  SituacaoRow,
} from '@erp/shared';
import { diaSemanaLabels, municipioPorCodigo } from '@erp/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  columnsByName,
  deleteRegister,
  foundOrThrow,
  insertRegister,
  type RegisterTable,
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
import { gruposEmpresariais, regioesEntrega, segmentos, situacoesCliente } from './cadastros.tables.ts';

// Grupos empresariais, segmentos, situações and regiões de entrega share one shape: a unique
// (accent- and case-insensitive) name, a description, ativo. One service factory serves them.

type Query = z.output<typeof classificacoesListQuerySchema>;
type Table = typeof gruposEmpresariais | typeof segmentos | typeof situacoesCliente | typeof regioesEntrega;

/**
 * The register service of one classification. Inputs are the entity's validated create/update
 * schemas (registerRoutes() types them); columns are mapped by name like every register.
 */
function classificacaoService<Row>(
  table: Table,
  uniqueKey: string,
  duplicado: string,
): RegisterService<Query, object, { versao: number }, Row> {
  const t = table as typeof gruposEmpresariais;
  const registerTable = t as unknown as RegisterTable;
  const fields = columnsByName(table);
  const nomeOrdem = sql`erp_normaliza(${t.nome})`;
  const unique: Record<string, [string, string]> = { [uniqueKey]: ['nome', duplicado] };
  const rethrowConflict = (err: unknown) => rethrowFieldConflict(err, unique);
  const selectRows = (db: Db) => db.select(fields).from(t).$dynamic();
  const list: ListSource<Row, Query> = {
    table: t,
    select: selectRows,
    whereOf: (q) => and(...[searchWhere(nomeOrdem, q.q), ativoWhere(t.ativo, q.ativo)].filter(Boolean)),
    sorts: { nome: nomeOrdem, created_at: t.createdAt },
    tieBreaker: t.id,
  };
  const get = async (db: Db, id: string): Promise<Row> =>
    foundOrThrow(await selectRows(db).where(eq(t.id, id))) as unknown as Row;

  return {
    list: (db, q) => listFrom(db, q, list),
    exportRows: (db, q) => exportFrom(db, q, list),
    get,
    async create(db, actor, input) {
      return get(db, await insertRegister(db, actor, registerTable, input).catch(rethrowConflict));
    },
    async update(db, actor, id, input) {
      await updateRegister(db, actor, registerTable, id, input).catch(rethrowConflict);
      return get(db, id);
    },
    remove: (db, actor, id) => deleteRegister(db, actor, registerTable, id),
    opcoes(db): Promise<Opcao[]> {
      return db
        .select({ id: t.id, nome: t.nome, ativo: t.ativo })
        .from(t)
        .orderBy(asc(nomeOrdem))
        .limit(2000);
    },
  };
}

export const gruposService = classificacaoService<GrupoRow>(
  gruposEmpresariais,
  'grupos_empresariais_nome_key',
  'Já existe um grupo empresarial com este nome.',
);
export const segmentosService = classificacaoService<SegmentoRow>(
  segmentos,
  'segmentos_nome_key',
  'Já existe um segmento com este nome.',
);
export const situacoesService = classificacaoService<SituacaoRow>(
  situacoesCliente,
  'situacoes_cliente_nome_key',
  'Já existe uma situação com este nome.',
);
export const regioesService = classificacaoService<RegiaoRow>(
  regioesEntrega,
  'regioes_entrega_nome_key',
  'Já existe uma região de entrega com este nome.',
);

const base = <R extends GrupoRow>(): ExportColumn<R>[] => [
  { header: 'Nome', value: (r) => r.nome },
  { header: 'Descrição', value: (r) => r.descricao },
];
const ativoColumn = <R extends GrupoRow>(): ExportColumn<R> => ({
  header: 'Ativo',
  value: (r) => r.ativo,
  type: 'boolean',
});

export const grupoExportColumns: ExportColumn<GrupoRow>[] = [...base(), ativoColumn()];
export const segmentoExportColumns: ExportColumn<SegmentoRow>[] = [...base(), ativoColumn()];
export const situacaoExportColumns: ExportColumn<SituacaoRow>[] = [
  ...base<SituacaoRow>(),
  { header: 'Bloqueia vendas', value: (r) => r.bloqueia_vendas, type: 'boolean' },
  ativoColumn(),
];
export const regiaoExportColumns: ExportColumn<RegiaoRow>[] = [
  ...base<RegiaoRow>(),
  { header: 'Dias de entrega', value: (r) => r.dias_entrega.map((d) => diaSemanaLabels[d]).join(', ') },
  {
    header: 'Municípios',
    value: (r) =>
      r.municipios
        .map((c) => municipioPorCodigo(c))
        .map((m) => (m ? `${m.nome}/${m.uf}` : ''))
        .join(', '),
  },
  { header: 'Faixas de CEP', value: (r) => r.faixas_cep.map((f) => `${f.inicio}-${f.fim}`).join(', ') },
  ativoColumn(),
];
