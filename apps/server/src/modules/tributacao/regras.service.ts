import {
  crtLabels,
  destinoLabels,
  type Opcao,
  onlyDigits,
  operacaoFiscalLabels,
  type RegraTributacaoDados,
  type RegraTributacaoRow,
  type regrasTributacaoListQuerySchema,
  sentidoNfLabels,
  tipoDestinatarioLabels,
} from '@erp/shared';
import { and, asc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
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
  searchWhere,
} from '../../lib/list-query.ts';
import type { RegisterService } from '../../lib/register-routes.ts';
import { products } from '../estoque/estoque.tables.ts';
import { regrasTributacao } from './tributacao.tables.ts';

// The rules of the tabela de tributação as a register (list, form, export). Two active rules with
// the same match would tie in matchRule: a save that would make one is refused with a field error
// naming the other rule (and, against a concurrent save, by the unique index).

type Query = z.output<typeof regrasTributacaoListQuerySchema>;
type RegraUpdate = RegraTributacaoDados & { versao: number };

const t = regrasTributacao;

export const regraMensagens = {
  correspondenciaRepetida: (outra: string) =>
    `Já existe uma regra ativa com a mesma correspondência: «${outra}». Mude a correspondência ou inative uma delas.`,
  correspondenciaRepetidaGenerica: 'Já existe uma regra ativa com a mesma correspondência.',
  produtoInexistente: 'Produto não encontrado',
} as const;

const selectRows = (db: Db) =>
  db
    .select({
      ...columnsByName(t),
      produto_codigo: products.codigo,
      produto_nome: products.nome,
    })
    .from(t)
    .leftJoin(products, eq(products.id, t.produtoId))
    .$dynamic();

/**
 * Search: words of the description, NCM or CFOP (the `busca` column); digits also find the rules
 * of an NCM typed in full or in part ("2202.10.00" finds the rule of prefix 2202).
 */
function buscaRegra(q: string | undefined): SQL | undefined {
  const texto = searchWhere(t.busca, q);
  const digitos = onlyDigits(q ?? '');
  if (!/^[\d.\s]+$/.test(q?.trim() ?? '') || digitos.length < 2) return texto;
  return or(
    searchWhere(t.busca, digitos),
    and(sql`${t.ncmPrefixo} is not null`, sql`${digitos} like ${t.ncmPrefixo} || '%'`),
  );
}

const regrasList: ListSource<RegraTributacaoRow, Query> = {
  table: t,
  select: selectRows,
  whereOf: (q) =>
    and(
      ...[
        buscaRegra(q.q),
        ativoWhere(t.ativa, q.ativo),
        q.operacao ? eq(t.operacao, q.operacao) : undefined,
        q.destino ? eq(t.destino, q.destino) : undefined,
        q.crt ? eq(t.crt, q.crt) : undefined,
      ].filter(Boolean),
    ),
  sorts: {
    // `busca` starts with the normalised description
    descricao: t.busca,
    operacao: t.operacao,
    ncm_prefixo: sql`coalesce(${t.ncmPrefixo}, '')`,
    destino: sql`coalesce(${t.destino}, '')`,
    cfop: t.cfop,
    created_at: t.createdAt,
  },
  tieBreaker: t.id,
};

export async function getRegra(db: Db, id: string): Promise<RegraTributacaoRow> {
  return foundOrThrow(await selectRows(db).where(eq(t.id, id))) as unknown as RegraTributacaoRow;
}

/** The field a repeated match is reported on: the product or the NCM prefix (empty = any product). */
const campoDaCorrespondencia = (input: RegraTributacaoDados) =>
  input.produto_id !== null ? 'produto_id' : 'ncm_prefixo';

const igualOuNulo = (coluna: PgColumn, valor: string | null) =>
  valor === null ? isNull(coluna) : eq(coluna, valor);

/** Refuses an active rule whose match another active rule already has. */
async function recusaCorrespondenciaRepetida(
  db: Db,
  input: RegraTributacaoDados,
  id: string | null,
): Promise<void> {
  if (!input.ativa) return;
  const [outra] = await db
    .select({ descricao: t.descricao })
    .from(t)
    .where(
      and(
        eq(t.ativa, true),
        eq(t.operacao, input.operacao),
        eq(t.sentido, input.sentido),
        eq(t.crt, input.crt),
        igualOuNulo(t.produtoId, input.produto_id),
        igualOuNulo(t.ncmPrefixo, input.ncm_prefixo),
        igualOuNulo(t.ufOrigem, input.uf_origem),
        igualOuNulo(t.destino, input.destino),
        igualOuNulo(t.tipoDestinatario, input.tipo_destinatario),
        id ? ne(t.id, id) : undefined,
      ),
    )
    .limit(1);
  if (outra) {
    const campo = campoDaCorrespondencia(input);
    const message = regraMensagens.correspondenciaRepetida(outra.descricao);
    throw new AppError('conflict', message, { fields: { [campo]: [message] } });
  }
}

function rethrow(err: unknown, input: RegraTributacaoDados): never {
  const campo = campoDaCorrespondencia(input);
  return rethrowFieldConflict(
    err,
    { regras_tributacao_correspondencia_key: [campo, regraMensagens.correspondenciaRepetidaGenerica] },
    { regras_tributacao_produto_id_products_id_fk: ['produto_id', regraMensagens.produtoInexistente] },
  );
}

export async function createRegra(
  db: Db,
  actor: Actor,
  input: RegraTributacaoDados,
): Promise<RegraTributacaoRow> {
  await recusaCorrespondenciaRepetida(db, input, null);
  const id = await insertRegister(db, actor, t as unknown as RegisterTable, input).catch((e) =>
    rethrow(e, input),
  );
  return getRegra(db, id);
}

export async function updateRegra(
  db: Db,
  actor: Actor,
  id: string,
  input: RegraUpdate,
): Promise<RegraTributacaoRow> {
  await recusaCorrespondenciaRepetida(db, input, id);
  await updateRegister(db, actor, t as unknown as RegisterTable, id, input).catch((e) => rethrow(e, input));
  return getRegra(db, id);
}

export const regrasService: RegisterService<Query, RegraTributacaoDados, RegraUpdate, RegraTributacaoRow> = {
  list: (db, q) => listFrom(db, q, regrasList),
  exportRows: (db, q) => exportFrom(db, q, regrasList),
  get: getRegra,
  create: createRegra,
  update: updateRegra,
  remove: (db, actor, id) => deleteRegister(db, actor, t as unknown as RegisterTable, id),
  opcoes: async (db): Promise<Opcao[]> =>
    db.select({ id: t.id, nome: t.descricao, ativo: t.ativa }).from(t).orderBy(asc(t.busca)).limit(2000),
};

const codigoIcms = (r: RegraTributacaoRow) => r.cst_icms ?? r.csosn;
const destinoTexto = (r: RegraTributacaoRow) =>
  r.destino === null
    ? 'Qualquer'
    : r.destino === 'interna' || r.destino === 'interestadual'
      ? destinoLabels[r.destino]
      : r.destino;

export const regraExportColumns: ExportColumn<RegraTributacaoRow>[] = [
  { header: 'Descrição', value: (r) => r.descricao },
  { header: 'Ativa', value: (r) => r.ativa, type: 'boolean' },
  { header: 'Operação', value: (r) => operacaoFiscalLabels[r.operacao] },
  { header: 'Sentido', value: (r) => sentidoNfLabels[r.sentido] },
  { header: 'CRT', value: (r) => crtLabels[r.crt] },
  { header: 'Produto', value: (r) => (r.produto_codigo ? `${r.produto_codigo} - ${r.produto_nome}` : '') },
  { header: 'Prefixo de NCM', value: (r) => r.ncm_prefixo },
  { header: 'UF de origem', value: (r) => r.uf_origem ?? 'Qualquer' },
  { header: 'Destino', value: destinoTexto },
  {
    header: 'Tipo de destinatário',
    value: (r) => (r.tipo_destinatario ? tipoDestinatarioLabels[r.tipo_destinatario] : 'Qualquer'),
  },
  { header: 'CFOP', value: (r) => r.cfop },
  { header: 'CST/CSOSN do ICMS', value: codigoIcms },
  { header: 'Alíquota do ICMS (%)', value: (r) => r.p_icms, type: 'number' },
  { header: 'Redução da base (%)', value: (r) => r.p_red_bc, type: 'number' },
  { header: 'FCP (%)', value: (r) => r.p_fcp, type: 'number' },
  { header: 'Crédito do Simples Nacional (%)', value: (r) => r.p_cred_sn, type: 'number' },
  { header: 'MVA original (%)', value: (r) => r.p_mva_st, type: 'number' },
  { header: 'Ajusta a MVA', value: (r) => r.ajusta_mva, type: 'boolean' },
  { header: 'Alíquota do ICMS-ST (%)', value: (r) => r.p_icms_st, type: 'number' },
  { header: 'Redução da base do ICMS-ST (%)', value: (r) => r.p_red_bc_st, type: 'number' },
  { header: 'FCP-ST (%)', value: (r) => r.p_fcp_st, type: 'number' },
  { header: 'Alíquota interna do destino (%)', value: (r) => r.p_icms_uf_dest, type: 'number' },
  { header: 'FCP do destino (%)', value: (r) => r.p_fcp_uf_dest, type: 'number' },
  { header: 'CST do IPI', value: (r) => r.cst_ipi },
  { header: 'Enquadramento do IPI', value: (r) => r.c_enq },
  { header: 'Alíquota do IPI (%)', value: (r) => r.p_ipi, type: 'number' },
  { header: 'CST do PIS', value: (r) => r.cst_pis },
  { header: 'Alíquota do PIS (%)', value: (r) => r.p_pis, type: 'number' },
  { header: 'CST da COFINS', value: (r) => r.cst_cofins },
  { header: 'Alíquota da COFINS (%)', value: (r) => r.p_cofins, type: 'number' },
  { header: 'CST do IBS/CBS', value: (r) => r.cst_ibs_cbs },
  { header: 'cClassTrib', value: (r) => r.c_class_trib },
  { header: 'IBS estadual (%)', value: (r) => r.p_ibs_uf, type: 'number' },
  { header: 'IBS municipal (%)', value: (r) => r.p_ibs_mun, type: 'number' },
  { header: 'CBS (%)', value: (r) => r.p_cbs, type: 'number' },
  { header: 'Redução do IBS/CBS (%)', value: (r) => r.p_red_aliq, type: 'number' },
];
