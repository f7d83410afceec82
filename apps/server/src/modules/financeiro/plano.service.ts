import {
  type CentroCusto,
  type CentroCustoRow,
  type ClasseFinanceira,
  type ClasseFinanceiraRow,
  type centrosCustoListQuerySchema,
  codigoPai,
  type Opcao,
  type PaiPlano,
  tipoClasseLabels,
  verificaPai,
} from '@erp/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  foundOrThrow,
  insertRegister,
  type RegisterTable,
  rethrowFieldConflict,
  updateRegister,
} from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import {
  ativoWhere,
  type ExportColumn,
  exportFrom,
  type ListSource,
  listFrom,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { centrosCusto, classesFinanceiras, financialAccounts, tituloRateios } from './financeiro.tables.ts';

// The two trees of the plano gerencial — centros de custo and classes financeiras — as registers.
// A code's parent must exist and have no values of its own (verificaPai); `analitica` (no children)
// and `pai_codigo`/`nivel` are derived from the codes, never stored.

export const planoServiceMensagens = {
  codigoRepetido: 'Já existe uma conta com este código',
  codigoComFilhos: 'A conta tem subcontas: o código não pode mudar',
} as const;

type PlanoTable = typeof centrosCusto | typeof classesFinanceiras;

/** Derived columns of a plano row: parent code, level, analítica (no child code). */
function derivadas(t: PlanoTable) {
  const nome = t === centrosCusto ? 'centros_custo' : 'classes_financeiras';
  // qualified: inside the subquery a bare "codigo" would be the child's
  const codigo = sql.raw(`"${nome}"."codigo"`);
  return {
    pai_codigo: sql<string | null>`nullif(regexp_replace(${codigo}, '\\.?[0-9]+$', ''), '')`,
    nivel: sql<number>`array_length(string_to_array(${codigo}, '.'), 1)`,
    analitica: sql<boolean>`not exists (select 1 from ${sql.raw(nome)} f where f.codigo like ${codigo} || '.%')`,
  };
}

/** Whether an entry already carries values (títulos or rateios point at it). */
async function temLancamentos(db: Db, t: PlanoTable, id: string): Promise<boolean> {
  const usos =
    t === centrosCusto
      ? sql`select 1 from ${financialAccounts} where centro_custo_id = ${id}
            union all select 1 from ${tituloRateios} where centro_custo_id = ${id}`
      : sql`select 1 from ${financialAccounts} where classe_financeira_id = ${id}`;
  const [r] = rowsOf<{ usado: boolean }>(await db.execute(sql`select exists (${usos}) as usado`));
  return Boolean(r?.usado);
}

function planoService<Row extends CentroCustoRow, C extends CentroCusto | ClasseFinanceira>(
  t: PlanoTable,
  uniqueKey: string,
) {
  type Q = z.output<typeof centrosCustoListQuerySchema> & { tipo?: 'receita' | 'despesa' };
  const d = derivadas(t);
  const select = (db: Db) =>
    db
      .select({ ...columnsByName(t), ...d })
      .from(t)
      .$dynamic();

  const source: ListSource<Row, Q> = {
    table: t,
    select,
    whereOf: (q) =>
      and(
        ...[
          q.q
            ? sql`(${t.codigo} ilike ${`${q.q.replace(/[%_\\]/g, '')}%`} or ${t.nome} ilike ${`%${q.q.replace(/[%_\\]/g, '')}%`})`
            : undefined,
          ativoWhere(t.ativo, q.ativo),
          q.analitica === undefined ? undefined : q.analitica ? d.analitica : sql`not ${d.analitica}`,
          q.tipo && t === classesFinanceiras ? eq(classesFinanceiras.tipo, q.tipo) : undefined,
        ].filter((w): w is SQL => Boolean(w)),
      ),
    sorts: { codigo: t.codigo, nome: t.nome, created_at: t.createdAt },
    tieBreaker: t.id,
  };

  const get = async (db: Db, id: string): Promise<Row> =>
    foundOrThrow(await select(db).where(eq(t.id, id))) as unknown as Row;

  /** The parent of a code as verificaPai reads it. */
  async function paiDe(db: Db, codigo: string): Promise<PaiPlano | null> {
    const pai = codigoPai(codigo);
    if (pai === null) return null;
    const [row] = await select(db).where(eq(t.codigo, pai));
    if (!row) return null;
    const r = row as unknown as Row & { tipo?: 'receita' | 'despesa' };
    return { codigo: pai, tipo: r.tipo ?? null, tem_lancamentos: await temLancamentos(db, t, r.id) };
  }

  async function verifica(db: Db, input: C, id: string | null): Promise<void> {
    const tipo = 'tipo' in input ? input.tipo : null;
    const erro = verificaPai({ codigo: input.codigo, tipo }, await paiDe(db, input.codigo));
    if (erro)
      throw new AppError('validation_failed', erro.mensagem, {
        fields: { [erro.campo ?? 'codigo']: [erro.mensagem] },
      });
    if (id) {
      const atual = await get(db, id);
      if (atual.codigo !== input.codigo && !atual.analitica)
        throw new AppError('validation_failed', planoServiceMensagens.codigoComFilhos, {
          fields: { codigo: [planoServiceMensagens.codigoComFilhos] },
        });
    }
    const [outro] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.codigo, input.codigo), id ? ne(t.id, id) : undefined));
    if (outro)
      throw new AppError('conflict', planoServiceMensagens.codigoRepetido, {
        fields: { codigo: [planoServiceMensagens.codigoRepetido] },
      });
  }

  const rethrow = (e: unknown): never =>
    rethrowFieldConflict(e, { [uniqueKey]: ['codigo', planoServiceMensagens.codigoRepetido] });

  const service: RegisterService<Q, C, C & { versao: number }, Row> = {
    list: (db, q) => listFrom(db, q, source),
    exportRows: (db, q) => exportFrom(db, q, source),
    get,
    create: async (db, actor: Actor, input) => {
      await verifica(db, input, null);
      const id = await insertRegister(db, actor, t as unknown as RegisterTable, input).catch(rethrow);
      return get(db, id);
    },
    update: async (db, actor, id, input) => {
      await verifica(db, input, id);
      await updateRegister(db, actor, t as unknown as RegisterTable, id, input).catch(rethrow);
      return get(db, id);
    },
    remove: (db, actor, id) => deleteRegister(db, actor, t as unknown as RegisterTable, id),
    /** Options for pickers: only analítica, active entries receive values. */
    opcoes: async (db): Promise<Opcao[]> =>
      (
        await select(db)
          .where(and(eq(t.ativo, true), d.analitica))
          .orderBy(t.codigo)
          .limit(5000)
      ).map((r) => {
        const row = r as unknown as Row;
        return { id: row.id, nome: `${row.codigo} ${row.nome}`, ativo: row.ativo };
      }),
  };
  return service;
}

export const centrosCustoService = planoService<CentroCustoRow, CentroCusto>(
  centrosCusto,
  'centros_custo_codigo_key',
);
export const classesFinanceirasService = planoService<ClasseFinanceiraRow, ClasseFinanceira>(
  classesFinanceiras,
  'classes_financeiras_codigo_key',
);

const planoColumns: ExportColumn<CentroCustoRow>[] = [
  { header: 'Código', value: (r) => r.codigo },
  { header: 'Nome', value: (r) => r.nome },
  { header: 'Analítica', value: (r) => r.analitica, type: 'boolean' },
  { header: 'Ativo', value: (r) => r.ativo, type: 'boolean' },
];
export const centroCustoExportColumns = planoColumns;
export const classeFinanceiraExportColumns: ExportColumn<ClasseFinanceiraRow>[] = [
  ...(planoColumns as ExportColumn<ClasseFinanceiraRow>[]).slice(0, 2),
  { header: 'Tipo', value: (r) => tipoClasseLabels[r.tipo] },
  ...(planoColumns as ExportColumn<ClasseFinanceiraRow>[]).slice(2),
];
