import type {
  classificacoesListQuerySchema,
  GrupoRow,
  grupoCreateSchema,
  grupoUpdateSchema,
  ListPage,
  Opcao,
  RegiaoRow,
  regiaoCreateSchema,
  regiaoUpdateSchema,
  SegmentoRow,
  SituacaoRow,
  segmentoCreateSchema,
  segmentoUpdateSchema,
  situacaoCreateSchema,
  situacaoUpdateSchema,
} from '@erp/shared';
import { diaSemanaLabels, municipioPorCodigo } from '@erp/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  notFoundMessage,
  type RegisterTable,
  rethrowUnique,
  toColumnValues,
  updateVersioned,
} from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { cappedCount, type ExportColumn, exportRows, listPage, searchWhere } from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { gruposEmpresariais, regioesEntrega, segmentos, situacoesCliente } from './cadastros.tables.ts';

// Grupos empresariais, segmentos, situações and regiões de entrega share one shape: a unique
// (accent- and case-insensitive) name, a description, ativo. One service factory serves them.

type Query = z.output<typeof classificacoesListQuerySchema>;
type Table = typeof gruposEmpresariais | typeof segmentos | typeof situacoesCliente | typeof regioesEntrega;

function classificacaoService<Row, C extends object, U extends { versao: number }>(
  table: Table,
  uniqueKey: string,
  duplicado: string,
): RegisterService<Query, C, U, Row> {
  const t = table as typeof gruposEmpresariais;
  const fields = columnsByName(table);
  const nomeOrdem = sql`erp_normaliza(${t.nome})`;
  const sorts = { nome: nomeOrdem, created_at: t.createdAt };
  const unique: Record<string, [string, string]> = { [uniqueKey]: ['nome', duplicado] };
  const whereOf = (q: Query): SQL | undefined =>
    and(
      ...[searchWhere(nomeOrdem, q.q), q.ativo === undefined ? undefined : eq(t.ativo, q.ativo)].filter(
        Boolean,
      ),
    );
  const rows =
    (db: Db, where: SQL | undefined) =>
    ({ limit, offset, orderBy }: { limit: number; offset: number; orderBy: SQL[] }) =>
      db
        .select(fields)
        .from(t)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset) as Promise<unknown[]> as Promise<Row[]>;

  const get = async (db: Db, id: string): Promise<Row> => {
    const [row] = await db.select(fields).from(t).where(eq(t.id, id));
    if (!row) throw new AppError('not_found', notFoundMessage);
    return row as unknown as Row;
  };

  return {
    list(db, q): Promise<ListPage<Row>> {
      const where = whereOf(q);
      return listPage(q, {
        sorts,
        tieBreaker: t.id,
        rows: rows(db, where),
        count: () => cappedCount(db, t, where),
      });
    },
    exportRows(db, q) {
      return exportRows(q, { sorts, tieBreaker: t.id, rows: rows(db, whereOf(q)) });
    },
    get,
    async create(db: Db, actor: Actor, input: C) {
      try {
        const [row] = await writeTx(db, actor, (tx) =>
          tx
            .insert(t)
            // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated input
            .values(toColumnValues(t, input as Record<string, unknown>) as any)
            .returning({ id: t.id }),
        );
        return get(db, row!.id);
      } catch (err) {
        rethrowUnique(err, unique);
      }
    },
    async update(db: Db, actor: Actor, id: string, input: U) {
      try {
        await writeTx(db, actor, (tx) =>
          updateVersioned(
            tx,
            t as unknown as RegisterTable,
            id,
            input.versao,
            input as Record<string, unknown>,
          ),
        );
      } catch (err) {
        rethrowUnique(err, unique);
      }
      return get(db, id);
    },
    remove: (db, actor, id) => deleteRegister(db, actor, t as unknown as RegisterTable, id),
    opcoes(db): Promise<Opcao[]> {
      return db
        .select({ id: t.id, nome: t.nome, ativo: t.ativo })
        .from(t)
        .orderBy(asc(nomeOrdem))
        .limit(2000);
    },
  };
}

export const gruposService = classificacaoService<
  GrupoRow,
  z.output<typeof grupoCreateSchema>,
  z.output<typeof grupoUpdateSchema>
>(gruposEmpresariais, 'grupos_empresariais_nome_key', 'Já existe um grupo empresarial com este nome.');

export const segmentosService = classificacaoService<
  SegmentoRow,
  z.output<typeof segmentoCreateSchema>,
  z.output<typeof segmentoUpdateSchema>
>(segmentos, 'segmentos_nome_key', 'Já existe um segmento com este nome.');

export const situacoesService = classificacaoService<
  SituacaoRow,
  z.output<typeof situacaoCreateSchema>,
  z.output<typeof situacaoUpdateSchema>
>(situacoesCliente, 'situacoes_cliente_nome_key', 'Já existe uma situação com este nome.');

export const regioesService = classificacaoService<
  RegiaoRow,
  z.output<typeof regiaoCreateSchema>,
  z.output<typeof regiaoUpdateSchema>
>(regioesEntrega, 'regioes_entrega_nome_key', 'Já existe uma região de entrega com este nome.');

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
