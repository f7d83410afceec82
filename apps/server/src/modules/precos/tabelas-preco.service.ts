import {
  type CopiaTabela,
  copiaTabela,
  escopoTabelaLabels,
  type ListPage,
  type Opcao,
  plural,
  type TabelaPreco,
  type TabelaPrecoCreate,
  type TabelaPrecoRow,
  type TabelaPrecoUpdate,
  type tabelasPrecoListQuerySchema,
} from '@erp/shared';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import {
  columnsByName,
  deleteRegister,
  foundOrThrow,
  rethrowFieldConflict,
  toColumnValues,
  updateVersioned,
} from '../../lib/crud.ts';
import {
  type ExportColumn,
  exportFrom,
  type ListSource,
  listFrom,
  searchWhere,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { clientes, gruposEmpresariais, regioesEntrega, segmentos } from '../cadastros/cadastros.tables.ts';
import { gravaItens, todosOsItens } from './itens-tabela.service.ts';
import { tabelaPrecoClientes, tabelasPreco } from './precos.tables.ts';

// The price tables' register (header, scope and the customers of a list) on the register pattern,
// and the copy of a table. Items are itens-tabela.service.ts.

type Query = z.output<typeof tabelasPrecoListQuerySchema>;

export const tabelaPrecoServicoMensagens = {
  nomeDuplicado: 'Já existe uma tabela de preços com este nome.',
  grupoNaoEncontrado: 'Grupo empresarial não encontrado',
  segmentoNaoEncontrado: 'Segmento não encontrado',
  regiaoNaoEncontrada: 'Região de entrega não encontrada',
  clienteNaoEncontrado: 'Cliente não encontrado',
} as const;

const m = tabelaPrecoServicoMensagens;
const unique: Record<string, [string, string]> = { tabelas_preco_nome_key: ['nome', m.nomeDuplicado] };
const refs: Record<string, [string, string]> = {
  tabelas_preco_grupo_id_grupos_empresariais_id_fk: ['grupo_id', m.grupoNaoEncontrado],
  tabelas_preco_segmento_id_segmentos_id_fk: ['segmento_id', m.segmentoNaoEncontrado],
  tabelas_preco_regiao_id_regioes_entrega_id_fk: ['regiao_id', m.regiaoNaoEncontrada],
  tabela_preco_clientes_cliente_id_clientes_id_fk: ['cliente_ids', m.clienteNaoEncontrado],
};
const rethrow = (err: unknown) => rethrowFieldConflict(err, unique, refs);

const rowFields = {
  ...columnsByName(tabelasPreco),
  alcance_nome: sql<
    string | null
  >`coalesce(${gruposEmpresariais.nome}, ${segmentos.nome}, ${regioesEntrega.nome})`,
  // outer column qualified (see faixasJson in itens-tabela.service.ts)
  clientes: sql<number>`(select count(*)::int from tabela_preco_clientes c where c.tabela_id = tabelas_preco.id)`,
  itens: sql<number>`(select count(*)::int from tabela_preco_itens i where i.tabela_id = tabelas_preco.id)`,
};

const selectRows = (db: Db | Tx) =>
  (db as Db)
    .select(rowFields)
    .from(tabelasPreco)
    .leftJoin(gruposEmpresariais, eq(gruposEmpresariais.id, tabelasPreco.grupoId))
    .leftJoin(segmentos, eq(segmentos.id, tabelasPreco.segmentoId))
    .leftJoin(regioesEntrega, eq(regioesEntrega.id, tabelasPreco.regiaoId))
    .$dynamic();

const tabelasList: ListSource<TabelaPrecoRow, Query> = {
  table: tabelasPreco,
  select: selectRows,
  whereOf: (q) =>
    and(
      ...[
        searchWhere(tabelasPreco.busca, q.q),
        q.ativa === undefined ? undefined : eq(tabelasPreco.ativa, q.ativa),
        q.escopo ? eq(tabelasPreco.escopo, q.escopo) : undefined,
        q.vigente_em
          ? and(
              lte(tabelasPreco.vigenciaInicio, q.vigente_em),
              or(isNull(tabelasPreco.vigenciaFim), gte(tabelasPreco.vigenciaFim, q.vigente_em)),
            )
          : undefined,
      ].filter(Boolean),
    ),
  sorts: {
    // `busca` is the normalised name
    nome: tabelasPreco.busca,
    vigencia_inicio: tabelasPreco.vigenciaInicio,
    vigencia_fim: tabelasPreco.vigenciaFim,
    created_at: tabelasPreco.createdAt,
  },
  tieBreaker: tabelasPreco.id,
};

/** The customers of a list, by name (the form's chips). */
async function clientesDaTabela(db: Db | Tx, id: string): Promise<{ id: string; nome: string }[]> {
  return (db as Db)
    .select({ id: clientes.id, nome: clientes.razaoSocial })
    .from(tabelaPrecoClientes)
    .innerJoin(clientes, eq(clientes.id, tabelaPrecoClientes.clienteId))
    .where(eq(tabelaPrecoClientes.tabelaId, id))
    .orderBy(asc(clientes.busca));
}

export async function getTabela(db: Db | Tx, id: string): Promise<TabelaPrecoRow> {
  const row = foundOrThrow(await selectRows(db).where(eq(tabelasPreco.id, id))) as TabelaPrecoRow;
  return { ...row, clientes_lista: row.escopo === 'clientes' ? await clientesDaTabela(db, id) : [] };
}

const LOTE = 1000;

/** Makes the table's customer list exactly `ids`, touching only what changes (each change audited). */
async function gravaClientes(tx: Tx, tabelaId: string, ids: readonly string[]): Promise<void> {
  const atuais = new Set(
    (
      await tx
        .select({ id: tabelaPrecoClientes.clienteId })
        .from(tabelaPrecoClientes)
        .where(eq(tabelaPrecoClientes.tabelaId, tabelaId))
    ).map((r) => r.id),
  );
  const novos = new Set(ids);
  const sair = [...atuais].filter((c) => !novos.has(c));
  const entrar = [...novos].filter((c) => !atuais.has(c));
  for (let i = 0; i < sair.length; i += LOTE)
    await tx
      .delete(tabelaPrecoClientes)
      .where(
        and(
          eq(tabelaPrecoClientes.tabelaId, tabelaId),
          inArray(tabelaPrecoClientes.clienteId, sair.slice(i, i + LOTE)),
        ),
      );
  for (let i = 0; i < entrar.length; i += LOTE)
    await tx
      .insert(tabelaPrecoClientes)
      .values(entrar.slice(i, i + LOTE).map((clienteId) => ({ tabelaId, clienteId })));
}

async function insereTabela(tx: Tx, input: Omit<TabelaPreco, 'id' | 'itens'>): Promise<string> {
  const [row] = await tx
    .insert(tabelasPreco)
    // biome-ignore lint/suspicious/noExplicitAny: values mapped from the validated input
    .values(toColumnValues(tabelasPreco, input) as any)
    .returning({ id: tabelasPreco.id });
  await gravaClientes(tx, row!.id, input.cliente_ids);
  return row!.id;
}

async function createTabela(db: Db, actor: Actor, input: TabelaPrecoCreate): Promise<TabelaPrecoRow> {
  const id = await writeTx(db, actor, (tx) => insereTabela(tx, input)).catch(rethrow);
  return getTabela(db, id);
}

async function updateTabela(
  db: Db,
  actor: Actor,
  id: string,
  input: TabelaPrecoUpdate,
): Promise<TabelaPrecoRow> {
  await writeTx(db, actor, async (tx) => {
    await updateVersioned(tx, tabelasPreco, id, input.versao, input);
    await gravaClientes(tx, id, input.cliente_ids);
  }).catch(rethrow);
  return getTabela(db, id);
}

/**
 * A copy of the table under a new name and vigência (copiaTabela: same scope, customers, items and
 * breaks, created inactive), in one transaction.
 */
export async function copiaTabelaPreco(
  db: Db,
  actor: Actor,
  id: string,
  input: CopiaTabela,
): Promise<TabelaPrecoRow> {
  const novoId = await writeTx(db, actor, async (tx) => {
    const origem = await getTabela(tx, id);
    const itens = await todosOsItens(tx, id);
    const copia = copiaTabela(
      { ...origem, cliente_ids: (origem.clientes_lista ?? []).map((c) => c.id), itens },
      input,
    );
    const nova = await insereTabela(tx, copia);
    await gravaItens(tx, nova, copia.itens);
    return nova;
  }).catch(rethrow);
  return getTabela(db, novoId);
}

export const tabelasPrecoService: RegisterService<
  Query,
  TabelaPrecoCreate,
  TabelaPrecoUpdate,
  TabelaPrecoRow
> = {
  list: (db, q): Promise<ListPage<TabelaPrecoRow>> => listFrom(db, q, tabelasList),
  exportRows: (db, q) => exportFrom(db, q, tabelasList),
  get: getTabela,
  create: createTabela,
  update: updateTabela,
  remove: (db, actor, id) => deleteRegister(db, actor, tabelasPreco, id),
  async opcoes(db): Promise<Opcao[]> {
    return db
      .select({ id: tabelasPreco.id, nome: tabelasPreco.nome, ativo: tabelasPreco.ativa })
      .from(tabelasPreco)
      .orderBy(asc(tabelasPreco.busca))
      .limit(2000);
  },
};

export const tabelaPrecoExportColumns: ExportColumn<TabelaPrecoRow>[] = [
  { header: 'Nome', value: (r) => r.nome },
  { header: 'Escopo', value: (r) => escopoTabelaLabels[r.escopo] },
  {
    header: 'Alcance',
    value: (r) => (r.escopo === 'clientes' ? plural(r.clientes, 'cliente', 'clientes') : r.alcance_nome),
  },
  { header: 'Início da vigência', value: (r) => r.vigencia_inicio, type: 'date' },
  { header: 'Fim da vigência', value: (r) => r.vigencia_fim, type: 'date' },
  { header: 'Produtos', value: (r) => r.itens, type: 'number' },
  { header: 'Ativa', value: (r) => r.ativa, type: 'boolean' },
];
