import {
  type CategoriaRow,
  type categoriasListQuerySchema,
  type GrupoEstoqueRow,
  type gruposEstoqueListQuerySchema,
  type LocalRow,
  type locaisListQuerySchema,
  type Opcao,
  tipoLocalLabels,
  type UnidadeRow,
  type unidadesListQuerySchema,
} from '@erp/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  foundOrThrow,
  insertRegister,
  type RegisterTable,
  rethrowFieldConflict,
  toColumnValues,
  updateRegister,
  updateVersioned,
} from '../../lib/crud.ts';
import {
  ativoWhere,
  type ExportColumn,
  exportFrom,
  type ListParams,
  type ListSource,
  listFrom,
  searchWhere,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { categorias, gruposEstoque, locaisEstoque, unidades } from './estoque.tables.ts';

// The stock registers: unidades (unique sigla), grupos de estoque and categorias (unique code),
// locais de estoque (unique code, at most one default per direction: setting a new default clears
// the old one in the same transaction). Lists search code/sigla and name, accent-insensitively.

type Unico = Record<string, [field: string, message: string]>;

function registro<Row, Q extends ListParams>(
  table: RegisterTable,
  list: ListSource<Row, Q>,
  unique: Unico,
  opcoes: (db: Db) => Promise<Opcao[]>,
): RegisterService<Q, object, { versao: number }, Row> {
  const rethrow = (err: unknown) => rethrowFieldConflict(err, unique);
  const get = async (db: Db, id: string): Promise<Row> =>
    foundOrThrow(await list.select(db).where(eq(table.id, id))) as unknown as Row;
  return {
    list: (db, q) => listFrom(db, q, list),
    exportRows: (db, q) => exportFrom(db, q, list),
    get,
    async create(db, actor, input) {
      return get(db, await insertRegister(db, actor, table, input).catch(rethrow));
    },
    async update(db, actor, id, input) {
      await updateRegister(db, actor, table, id, input).catch(rethrow);
      return get(db, id);
    },
    remove: (db, actor, id) => deleteRegister(db, actor, table, id),
    opcoes,
  };
}

type UnidadesQuery = z.output<typeof unidadesListQuerySchema>;

const unidadesList: ListSource<UnidadeRow, UnidadesQuery> = {
  table: unidades,
  select: (db) => db.select(columnsByName(unidades)).from(unidades).$dynamic(),
  whereOf: (q) =>
    and(
      ...[
        searchWhere(sql`erp_busca(${unidades.sigla} || ' ' || ${unidades.descricao})`, q.q),
        ativoWhere(unidades.ativo, q.ativo),
      ].filter(Boolean),
    ),
  sorts: {
    sigla: unidades.sigla,
    descricao: sql`erp_normaliza(${unidades.descricao})`,
    casas_decimais: unidades.casasDecimais,
  },
  tieBreaker: unidades.id,
};

export const unidadesService = registro<UnidadeRow, UnidadesQuery>(
  unidades as unknown as RegisterTable,
  unidadesList,
  { unidades_sigla_key: ['sigla', 'Já existe uma unidade com esta sigla.'] },
  // the product form picks a unit by its sigla
  async (db) =>
    (
      await db
        .select({ sigla: unidades.sigla, descricao: unidades.descricao, ativo: unidades.ativo })
        .from(unidades)
        .orderBy(asc(unidades.sigla))
        .limit(2000)
    ).map((u) => ({ id: u.sigla, nome: `${u.sigla} - ${u.descricao}`, ativo: u.ativo })),
);

type CodigoNomeQuery = z.output<typeof gruposEstoqueListQuerySchema>;
type CodigoNomeTable = typeof gruposEstoque | typeof categorias;

function codigoNomeList<Row>(table: CodigoNomeTable): ListSource<Row, CodigoNomeQuery> {
  const t = table as typeof gruposEstoque;
  return {
    table: t,
    select: (db) => db.select(columnsByName(t)).from(t).$dynamic(),
    whereOf: (q) =>
      and(
        ...[
          searchWhere(sql`erp_busca(${t.codigo} || ' ' || ${t.nome})`, q.q),
          ativoWhere(t.ativo, q.ativo),
        ].filter(Boolean),
      ),
    sorts: { codigo: sql`upper(${t.codigo})`, nome: sql`erp_normaliza(${t.nome})`, created_at: t.createdAt },
    tieBreaker: t.id,
  };
}

function codigoNomeOpcoes(table: CodigoNomeTable) {
  const t = table as typeof gruposEstoque;
  return (db: Db): Promise<Opcao[]> =>
    db
      .select({ id: t.id, nome: t.nome, ativo: t.ativo })
      .from(t)
      .orderBy(asc(sql`erp_normaliza(${t.nome})`))
      .limit(2000);
}

export const gruposEstoqueService = registro<GrupoEstoqueRow, CodigoNomeQuery>(
  gruposEstoque as unknown as RegisterTable,
  codigoNomeList(gruposEstoque),
  { grupos_estoque_codigo_key: ['codigo', 'Já existe um grupo com este código.'] },
  codigoNomeOpcoes(gruposEstoque),
);

export const categoriasService = registro<CategoriaRow, z.output<typeof categoriasListQuerySchema>>(
  categorias as unknown as RegisterTable,
  codigoNomeList(categorias),
  { categorias_codigo_key: ['codigo', 'Já existe uma categoria com este código.'] },
  codigoNomeOpcoes(categorias),
);

type LocaisQuery = z.output<typeof locaisListQuerySchema>;
type LocalInput = { padrao_entrada: boolean; padrao_saida: boolean };

const locaisList: ListSource<LocalRow, LocaisQuery> = {
  table: locaisEstoque,
  select: (db) => db.select(columnsByName(locaisEstoque)).from(locaisEstoque).$dynamic(),
  whereOf: (q) =>
    and(
      ...[
        searchWhere(sql`erp_busca(${locaisEstoque.codigo} || ' ' || ${locaisEstoque.nome})`, q.q),
        ativoWhere(locaisEstoque.ativo, q.ativo),
        q.tipo ? eq(locaisEstoque.tipo, q.tipo) : undefined,
      ].filter(Boolean),
    ),
  sorts: {
    codigo: sql`upper(${locaisEstoque.codigo})`,
    nome: sql`erp_normaliza(${locaisEstoque.nome})`,
    tipo: locaisEstoque.tipo,
    created_at: locaisEstoque.createdAt,
  },
  tieBreaker: locaisEstoque.id,
};

const locaisUnico: Unico = { locais_estoque_codigo_key: ['codigo', 'Já existe um local com este código.'] };

/** A new default (entrada or saída) takes the place of the old one. */
async function limpaPadroes(tx: Tx, input: LocalInput, exceto: string | null): Promise<void> {
  const outro = exceto ? ne(locaisEstoque.id, exceto) : undefined;
  if (input.padrao_entrada)
    await tx
      .update(locaisEstoque)
      .set({ padraoEntrada: false, versao: sql`${locaisEstoque.versao} + 1`, updatedAt: new Date() })
      .where(and(eq(locaisEstoque.padraoEntrada, true), outro));
  if (input.padrao_saida)
    await tx
      .update(locaisEstoque)
      .set({ padraoSaida: false, versao: sql`${locaisEstoque.versao} + 1`, updatedAt: new Date() })
      .where(and(eq(locaisEstoque.padraoSaida, true), outro));
}

const getLocal = async (db: Db, id: string): Promise<LocalRow> =>
  foundOrThrow(await locaisList.select(db).where(eq(locaisEstoque.id, id))) as unknown as LocalRow;

export const locaisService: RegisterService<
  LocaisQuery,
  LocalInput,
  LocalInput & { versao: number },
  LocalRow
> = {
  list: (db, q) => listFrom(db, q, locaisList),
  exportRows: (db, q) => exportFrom(db, q, locaisList),
  get: getLocal,
  async create(db: Db, actor: Actor, input) {
    const id = await writeTx(db, actor, async (tx) => {
      await limpaPadroes(tx, input, null);
      const [row] = await tx
        .insert(locaisEstoque)
        // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated input
        .values(toColumnValues(locaisEstoque, input) as any)
        .returning({ id: locaisEstoque.id });
      return row!.id;
    }).catch((err) => rethrowFieldConflict(err, locaisUnico));
    return getLocal(db, id);
  },
  async update(db, actor, id, input) {
    await writeTx(db, actor, async (tx) => {
      await limpaPadroes(tx, input, id);
      await updateVersioned(tx, locaisEstoque as unknown as RegisterTable, id, input.versao, input);
    }).catch((err) => rethrowFieldConflict(err, locaisUnico));
    return getLocal(db, id);
  },
  remove: (db, actor, id) => deleteRegister(db, actor, locaisEstoque as unknown as RegisterTable, id),
  opcoes: async (db) =>
    (
      await db
        .select({ id: locaisEstoque.id, nome: locaisEstoque.nome, ativo: locaisEstoque.ativo })
        .from(locaisEstoque)
        .orderBy(asc(sql`erp_normaliza(${locaisEstoque.nome})`))
        .limit(2000)
    ).map((l) => ({ id: l.id, nome: l.nome, ativo: l.ativo })),
};

const ativoColumn = <R extends { ativo: boolean }>(): ExportColumn<R> => ({
  header: 'Ativo',
  value: (r) => r.ativo,
  type: 'boolean',
});

export const unidadeExportColumns: ExportColumn<UnidadeRow>[] = [
  { header: 'Sigla', value: (r) => r.sigla },
  { header: 'Descrição', value: (r) => r.descricao },
  { header: 'Casas decimais', value: (r) => r.casas_decimais, type: 'number' },
  ativoColumn(),
];

export const codigoNomeExportColumns: ExportColumn<GrupoEstoqueRow | CategoriaRow>[] = [
  { header: 'Código', value: (r) => r.codigo },
  { header: 'Nome', value: (r) => r.nome },
  ativoColumn(),
];

export const localExportColumns: ExportColumn<LocalRow>[] = [
  { header: 'Código', value: (r) => r.codigo },
  { header: 'Nome', value: (r) => r.nome },
  { header: 'Tipo', value: (r) => tipoLocalLabels[r.tipo] },
  { header: 'Padrão de entrada', value: (r) => r.padrao_entrada, type: 'boolean' },
  { header: 'Padrão de saída', value: (r) => r.padrao_saida, type: 'boolean' },
  ativoColumn(),
];
