import {
  aplicarBaixa,
  type Baixa,
  type BaixaRow,
  baseComissao,
  cancelarTitulo,
  comissaoDaBaixa,
  comissaoDoTitulo,
  Decimal,
  type EncargosBaixa,
  estornarBaixa,
  type Falha,
  type ItemRateio,
  type ParcelaGerada,
  ratearCentros,
  type TipoTitulo,
  type TituloCreate,
  type TituloRow,
  type TitulosTotais,
  type titulosListQuerySchema,
  valorMovimentoDaBaixa,
  valorMovimentoDoEstorno,
  valorParaBaixa,
  verificaClasseDoTitulo,
} from '@erp/shared';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { contem, paginaBuscada, palavrasBusca } from '../../lib/busca-listas.ts';
import { columnsByName, foundOrThrow, rethrowMissingRef } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { cappedCount, listPage } from '../../lib/list-query.ts';
import { clientes, fornecedores, vendedores } from '../cadastros/cadastros.tables.ts';
import { getSetting } from '../configuracoes/settings.service.ts';
import { baixaBoletosDosTitulos, boletosAutomaticos } from './cobranca/boletos.service.ts';
import { getCondicao, parcelasDaCondicao } from './condicoes-pagamento.service.ts';
import {
  baixas,
  classesFinanceiras,
  contaMovimentos,
  financialAccounts,
  tituloRateios,
} from './financeiro.tables.ts';

// Títulos (financial_accounts): creation (one or the instalments of a condição), list with footer
// totals, baixa, estorno and cancelamento. Every figure comes from the shared rules (gerarParcelas,
// valorParaBaixa, aplicarBaixa, estornarBaixa, cancelarTitulo, ratearCentros, comissaoDaBaixa); a
// baixa or estorno locks the título row (FOR UPDATE) in the same transaction as the bank movement,
// so of two baixas at once one wins and the other sees the new saldo.

const f = financialAccounts;
type Query = z.output<typeof titulosListQuerySchema>;

export const invalido = (
  falha: Falha,
  code: 'validation_failed' | 'conflict' = 'validation_failed',
): never => {
  throw new AppError(
    code,
    falha.mensagem,
    falha.campo ? { fields: { [falha.campo]: [falha.mensagem] } } : undefined,
  );
};

const tituloColumns = {
  id: f.id,
  tipo: f.tipo,
  status: f.status,
  cliente_id: f.clienteId,
  fornecedor_id: f.fornecedorId,
  vendedor_id: f.vendedorId,
  pessoa_nome: f.pessoaNome,
  documento: f.documento,
  descricao: f.descricao,
  parcela: f.parcela,
  total_parcelas: f.totalParcelas,
  emissao: sql<string>`coalesce(${f.dataEmissao}, ${f.dataVencimento})::text`,
  vencimento: sql<string>`${f.dataVencimento}::text`,
  valor: f.valor,
  saldo: f.saldo,
  juros_mes_percentual: f.jurosMesPercentual,
  multa_percentual: f.multaPercentual,
  desconto_valor: f.descontoValor,
  desconto_ate: f.descontoAte,
  classe_financeira_id: f.classeFinanceiraId,
  centro_custo_id: f.centroCustoId,
  forma_id: f.formaId,
  conta_bancaria_id: f.contaBancariaId,
  origem: f.origem,
  origem_id: f.origemId,
  comissao_valor: f.comissaoValor,
  observacoes: f.observacoes,
  motivo_cancelamento: f.motivoCancelamento,
  versao: f.versao,
  created_at: f.createdAt,
  updated_at: f.updatedAt,
};

async function rateiosDe(db: Db | Tx, ids: string[]) {
  if (!ids.length) return new Map<string, TituloRow['rateio']>();
  const rows = await db
    .select({
      titulo_id: tituloRateios.tituloId,
      centro_custo_id: tituloRateios.centroCustoId,
      percentual: tituloRateios.percentual,
      valor: tituloRateios.valor,
    })
    .from(tituloRateios)
    .where(inArray(tituloRateios.tituloId, ids))
    .orderBy(sql`(select c.codigo from centros_custo c where c.id = ${tituloRateios.centroCustoId})`);
  const out = new Map<string, TituloRow['rateio']>();
  for (const r of rows) {
    const { titulo_id, ...parte } = r;
    out.set(titulo_id, [...(out.get(titulo_id) ?? []), parte]);
  }
  return out;
}

async function comRateio(db: Db | Tx, rows: object[]): Promise<TituloRow[]> {
  const titulos = rows as unknown as Omit<TituloRow, 'rateio'>[];
  const rateios = await rateiosDe(
    db,
    titulos.map((r) => r.id),
  );
  return titulos.map((r) => ({ ...r, rateio: rateios.get(r.id) ?? [] }));
}

export async function getTitulo(db: Db | Tx, tipo: TipoTitulo, id: string): Promise<TituloRow> {
  const rows = await db
    .select(tituloColumns)
    .from(f)
    .where(and(eq(f.id, id), eq(f.tipo, tipo)));
  return (await comRateio(db, [foundOrThrow(rows)]))[0]!;
}

/** A reference to a row that does not exist (a stale form) as a field error, never a 500. */
const referencias: Record<string, [string, string]> = {
  financial_accounts_centro_custo_id_centros_custo_id_fk: [
    'centro_custo_id',
    'Centro de custo não encontrado',
  ],
  titulo_rateios_centro_custo_id_centros_custo_id_fk: ['rateio', 'Centro de custo não encontrado'],
  financial_accounts_forma_id_formas_pagamento_id_fk: ['forma_id', 'Forma de pagamento não encontrada'],
  baixas_forma_id_formas_pagamento_id_fk: ['forma_id', 'Forma de pagamento não encontrada'],
  financial_accounts_conta_bancaria_id_contas_bancarias_id_fk: [
    'conta_bancaria_id',
    'Conta bancária não encontrada',
  ],
  baixas_conta_bancaria_id_contas_bancarias_id_fk: ['conta_bancaria_id', 'Conta bancária não encontrada'],
  financial_accounts_vendedor_id_vendedores_id_fk: ['vendedor_id', 'Vendedor não encontrado'],
  financial_accounts_fornecedor_id_fornecedores_id_fk: ['fornecedor_id', 'Fornecedor não encontrado'],
};
export const rethrowRef = (e: unknown): never => rethrowMissingRef(e, referencias);

// ——— list ———

function whereTitulos(tipo: TipoTitulo, q: Query, hoje: string): SQL {
  const status: SQL | undefined =
    q.status === 'abertos'
      ? inArray(f.status, ['em_aberto', 'parcial'])
      : q.status === 'vencidos'
        ? and(inArray(f.status, ['em_aberto', 'parcial']), sql`${f.dataVencimento} < ${hoje}::date`)
        : q.status
          ? eq(f.status, q.status)
          : undefined;
  const pessoa = q.pessoa_id
    ? tipo === 'receber'
      ? eq(f.clienteId, q.pessoa_id)
      : eq(f.fornecedorId, q.pessoa_id)
    : undefined;
  const centro = q.centro_custo_id
    ? sql`(${f.centroCustoId} = ${q.centro_custo_id} or exists (select 1 from titulo_rateios r
        where r.titulo_id = ${f.id} and r.centro_custo_id = ${q.centro_custo_id}))`
    : undefined;
  const texto = buscaTitulos(q.q);
  return and(
    eq(f.tipo, tipo),
    status,
    q.vencimento_de ? gte(f.dataVencimento, q.vencimento_de) : undefined,
    q.vencimento_ate ? lte(f.dataVencimento, q.vencimento_ate) : undefined,
    pessoa,
    q.classe_financeira_id ? eq(f.classeFinanceiraId, q.classe_financeira_id) : undefined,
    centro,
    q.conta_bancaria_id ? eq(f.contaBancariaId, q.conta_bancaria_id) : undefined,
    q.forma_id ? eq(f.formaId, q.forma_id) : undefined,
    q.origem ? eq(f.origem, q.origem) : undefined,
    texto,
  ) as SQL;
}

/**
 * The search box: each word contained in the pessoa, the description or the document, accent- and
 * case-insensitive: the stored `busca` through financial_accounts_busca_trgm_idx (migration 0047).
 */
export function buscaTitulos(q: string | undefined): SQL | undefined {
  const palavras = palavrasBusca(q);
  return palavras.length ? and(...palavras.map((w) => sql`${f.busca} like ${contem(w)}`)) : undefined;
}

const sorts = {
  vencimento: f.dataVencimento,
  emissao: f.dataEmissao,
  valor: f.valor,
  saldo: f.saldo,
  pessoa_nome: f.pessoaNome,
  documento: sql`coalesce(${f.documento}, '')`,
  created_at: f.createdAt,
};
/** `sorts` written so that no index walks them: a searched page's few matches read and sorted. */
const sortsLidos = {
  vencimento: sql`${f.dataVencimento} + 0`,
  emissao: sql`${f.dataEmissao} + 0`,
  valor: sql`${f.valor} + 0`,
  saldo: sql`${f.saldo} + 0`,
  pessoa_nome: sql`${f.pessoaNome} || ''`,
  documento: sorts.documento,
  created_at: sql`${f.createdAt} + interval '0 s'`,
};

/**
 * The list of one tipo with the footer totals over the whole filter: em aberto (saldo of the open
 * ones), vencido (open saldo due before today), pago no período (principal of the active baixas
 * dated in the due period filter, or all when none).
 */
export async function listTitulos(db: Db, tipo: TipoTitulo, q: Query, hoje: string) {
  const where = whereTitulos(tipo, q, hoje);
  const rows = (page: { limit: number; offset: number; orderBy: SQL[]; where?: SQL }) =>
    db
      .select(tituloColumns)
      .from(f)
      .where(page.where ?? where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset);
  // the page and the footer's totals side by side on the pool: a broad search word makes both read
  // its thousands of matches, one after the other they added up (issue 30)
  const pagina = buscaTitulos(q.q)
    ? paginaBuscada<object, keyof typeof sorts>(db, q, {
        table: f,
        where,
        id: f.id,
        sorts,
        lidos: sortsLidos,
        tieBreaker: f.id,
        rows,
      })
    : listPage<object, keyof typeof sorts>(q, {
        sorts,
        tieBreaker: f.id,
        rows,
        count: () => cappedCount(db, f, where),
      });
  const somas = db
    .execute(
      semFiltro(q)
        ? totaisDoResumo(tipo, hoje)
        : soAbertosPorVencimento(q)
          ? totaisDosAbertos(tipo, q, hoje)
          : sql`
      select
        coalesce(sum(saldo) filter (where status in ('em_aberto', 'parcial')), 0)::numeric(14,2)::text as em_aberto,
        coalesce(sum(saldo) filter (where status in ('em_aberto', 'parcial') and data_vencimento < ${hoje}::date), 0)::numeric(14,2)::text as vencido,
        coalesce((select sum(b.principal) from baixas b where b.titulo_id in (select id from ${f} where ${where})
          and not b.estornada
          ${q.vencimento_de ? sql`and b.data_pagamento >= ${q.vencimento_de}::date` : sql``}
          ${q.vencimento_ate ? sql`and b.data_pagamento <= ${q.vencimento_ate}::date` : sql``}), 0)::numeric(14,2)::text as pago_no_periodo
      from ${f} where ${where}`,
    )
    .then((r) => rowsOf<TitulosTotais>(r)[0]!);
  const [page, totais] = await Promise.all([pagina, somas]);
  return { ...page, items: await comRateio(db, page.items as object[]), totais };
}

/** Only paging and order given: every título of the type is in the list (whatever filter is added later). */
function semFiltro(q: Query): boolean {
  return Object.entries(q).every(
    ([k, v]) => ['page', 'pageSize', 'sort', 'dir'].includes(k) || v === undefined || v === '',
  );
}

/**
 * The unfiltered list's footer off the read models of migration 0049, kept in the títulos' and
 * baixas' own transactions: the same three figures as the aggregate over the filter, without a pass
 * over every título of the type (one row per due date, a few per type).
 */
function totaisDoResumo(tipo: TipoTitulo, hoje: string): SQL {
  return sql`
    select
      (select coalesce(sum(saldo), 0)::numeric(14,2)::text from financeiro_abertos_dia where tipo = ${tipo}) as em_aberto,
      (select coalesce(sum(saldo), 0)::numeric(14,2)::text from financeiro_abertos_dia
        where tipo = ${tipo} and data_vencimento < ${hoje}::date) as vencido,
      (select coalesce(sum(principal), 0)::numeric(14,2)::text from financeiro_baixas_total where tipo = ${tipo}) as pago_no_periodo`;
}

/**
 * Only the open ones (abertos or vencidos), optionally in a due period, besides paging and order —
 * the list's first screen: its footer comes from the due-date read model too.
 */
function soAbertosPorVencimento(q: Query): boolean {
  return (
    (q.status === 'abertos' || q.status === 'vencidos') &&
    Object.entries(q).every(
      ([k, v]) =>
        ['page', 'pageSize', 'sort', 'dir', 'status', 'vencimento_de', 'vencimento_ate'].includes(k) ||
        v === undefined ||
        v === '',
    )
  );
}

/**
 * The open títulos' footer off financeiro_abertos_dia (one row per due date): em aberto and vencido
 * summed over the filter's due dates. "Pago no período" is the principal of the active baixas of the
 * filter's títulos — open ones hold an active baixa only when parcial (a baixa with principal takes
 * the saldo below the valor: statusPorSaldo). Without a payment period it is Σ valor − Σ saldo of
 * the same due-date rows (saldo = valor − active principal); with one, the few parcial títulos'
 * baixas of that period through financial_accounts_lista_idx. Tested equal to the plain aggregate
 * (dashboard/resumos.test.ts).
 */
function totaisDosAbertos(tipo: TipoTitulo, q: Query, hoje: string): SQL {
  const vencimento = sql.join(
    [
      q.status === 'vencidos' ? sql`and data_vencimento < ${hoje}::date` : sql``,
      q.vencimento_de ? sql`and data_vencimento >= ${q.vencimento_de}::date` : sql``,
      q.vencimento_ate ? sql`and data_vencimento <= ${q.vencimento_ate}::date` : sql``,
    ],
    sql` `,
  );
  return sql`
    select
      (select coalesce(sum(saldo), 0)::numeric(14,2)::text from financeiro_abertos_dia
        where tipo = ${tipo} ${vencimento}) as em_aberto,
      (select coalesce(sum(saldo), 0)::numeric(14,2)::text from financeiro_abertos_dia
        where tipo = ${tipo} and data_vencimento < ${hoje}::date ${vencimento}) as vencido,
      ${
        q.vencimento_de || q.vencimento_ate
          ? sql`(select coalesce(sum(b.principal), 0)::numeric(14,2)::text from baixas b
        where not b.estornada
          and b.titulo_id in (select id from ${f} where tipo = ${tipo} and status = 'parcial' ${vencimento})
          ${q.vencimento_de ? sql`and b.data_pagamento >= ${q.vencimento_de}::date` : sql``}
          ${q.vencimento_ate ? sql`and b.data_pagamento <= ${q.vencimento_ate}::date` : sql``})`
          : // no payment period: every active baixa of an open título counts, Σ valor − Σ saldo (0054)
            sql`(select coalesce(sum(valor) - sum(saldo), 0)::numeric(14,2)::text from financeiro_abertos_dia
        where tipo = ${tipo} ${vencimento})`
      } as pago_no_periodo`;
}

// ——— create ———

type NovoTitulo = {
  tipo: TipoTitulo;
  cliente_id?: string | null;
  fornecedor_id?: string | null;
  vendedor_id?: string | null;
  /** The seller's commission on the whole (apportioned over the instalments by value). */
  comissao_percentual?: string | null;
  pessoa_nome?: string;
  documento: string | null;
  descricao: string;
  emissao: string;
  valor: string;
  juros_mes_percentual: string | null;
  multa_percentual: string | null;
  desconto_valor?: string | null;
  desconto_ate?: string | null;
  classe_financeira_id: string | null;
  centro_custo_id: string | null;
  rateio: ItemRateio[];
  forma_id: string | null;
  conta_bancaria_id: string | null;
  origem: TituloRow['origem'];
  origem_id?: string | null;
  observacoes: string | null;
};

async function nomeDaPessoa(tx: Tx, t: NovoTitulo): Promise<string> {
  if (t.pessoa_nome) return t.pessoa_nome;
  if (t.cliente_id) {
    const [c] = await tx
      .select({ nome: clientes.razaoSocial })
      .from(clientes)
      .where(eq(clientes.id, t.cliente_id));
    if (!c) invalido({ ok: false, mensagem: 'Cliente não encontrado', campo: 'cliente_id' });
    return c!.nome;
  }
  if (t.fornecedor_id) {
    const [c] = await tx
      .select({ nome: fornecedores.razaoSocial })
      .from(fornecedores)
      .where(eq(fornecedores.id, t.fornecedor_id));
    if (!c) invalido({ ok: false, mensagem: 'Fornecedor não encontrado', campo: 'fornecedor_id' });
    return c!.nome;
  }
  if (t.vendedor_id) {
    const [v] = await tx
      .select({ nome: vendedores.nome })
      .from(vendedores)
      .where(eq(vendedores.id, t.vendedor_id));
    return v?.nome ?? '';
  }
  return '';
}

export async function verificaClasse(tx: Tx, tipo: TipoTitulo, id: string | null) {
  if (!id) return;
  const [c] = rowsOf<{ tipo: 'receita' | 'despesa'; analitica: boolean }>(
    await tx.execute(sql`select c.tipo, not exists (select 1 from classes_financeiras x
        where x.codigo like c.codigo || '.%') as analitica
      from ${classesFinanceiras} c where c.id = ${id}`),
  );
  if (!c)
    invalido({ ok: false, mensagem: 'Classe financeira não encontrada', campo: 'classe_financeira_id' });
  const erro = verificaClasseDoTitulo(tipo, c!);
  if (erro) invalido(erro);
}

/**
 * Service for later issues too (an order's invoice creates its receivables, a goods receipt its
 * payables): the títulos of `valor` under `parcelas` (gerarParcelas' output, or one vencimento),
 * inside the caller's transaction. Answers the new ids in instalment order.
 */
export async function criarTitulos(
  tx: Tx,
  t: NovoTitulo,
  parcelas: Pick<ParcelaGerada, 'vencimento' | 'valor'>[],
) {
  await verificaClasse(tx, t.tipo, t.classe_financeira_id);
  const pessoa = await nomeDaPessoa(tx, t);
  const juros =
    t.juros_mes_percentual ?? (await getSetting(tx as unknown as Db, 'financeiro_juros_mes_percentual'));
  const multa = t.multa_percentual ?? (await getSetting(tx as unknown as Db, 'financeiro_multa_percentual'));
  const comissaoTotal =
    t.vendedor_id && t.comissao_percentual ? comissaoDoTitulo(t.valor, t.comissao_percentual) : null;
  const ids: string[] = [];
  for (const [i, p] of parcelas.entries()) {
    const [row] = await tx
      .insert(f)
      .values({
        tipo: t.tipo,
        status: 'em_aberto',
        descricao: t.descricao,
        valor: p.valor,
        saldo: p.valor,
        dataEmissao: t.emissao,
        dataVencimento: p.vencimento,
        clienteId: t.cliente_id ?? null,
        fornecedorId: t.fornecedor_id ?? null,
        vendedorId: t.vendedor_id ?? null,
        pessoaNome: pessoa,
        documento: t.documento,
        parcela: i + 1,
        totalParcelas: parcelas.length,
        jurosMesPercentual: juros,
        multaPercentual: multa,
        descontoValor: t.desconto_valor ?? null,
        descontoAte: t.desconto_ate ?? null,
        classeFinanceiraId: t.classe_financeira_id,
        centroCustoId: t.centro_custo_id,
        formaId: t.forma_id,
        contaBancariaId: t.conta_bancaria_id,
        origem: t.origem,
        origemId: t.origem_id ?? null,
        comissaoValor:
          comissaoTotal && t.comissao_percentual ? comissaoDoTitulo(p.valor, t.comissao_percentual) : null,
        observacoes: t.observacoes,
      })
      .returning({ id: f.id });
    ids.push(row!.id);
    if (t.rateio.length) {
      const r = ratearCentros(p.valor, t.rateio);
      if (!r.ok) invalido(r);
      const partes = (r as Extract<typeof r, { ok: true }>).partes;
      await tx.insert(tituloRateios).values(
        partes.map((parte) => ({
          tituloId: row!.id,
          centroCustoId: parte.centro_custo_id,
          percentual: parte.percentual,
          valor: parte.valor,
        })),
      );
    }
  }
  // A receivable paid by boleto gets its boleto now, when a carteira applies (cobranca/).
  if (t.tipo === 'receber' && t.forma_id) await boletosAutomaticos(tx, ids);
  return ids;
}

/** criarTitulos() from a condição de pagamento (by id) and a base date. */
export async function criarTitulosDeCondicao(
  tx: Tx,
  t: NovoTitulo & { condicao_pagamento_id: string; data_base: string },
): Promise<string[]> {
  const condicao = await getCondicao(tx as unknown as Db, t.condicao_pagamento_id);
  return criarTitulos(tx, t, parcelasDaCondicao(condicao, t.valor, t.data_base));
}

/** POST /receber or /pagar: one título, or the instalments of a condição from the emission date. */
export async function createTitulos(
  db: Db,
  actor: Actor,
  tipo: TipoTitulo,
  input: TituloCreate,
): Promise<TituloRow[]> {
  if (input.tipo !== tipo) invalido({ ok: false, mensagem: 'Tipo de título inválido', campo: 'tipo' });
  const novo: NovoTitulo = { ...input, origem: input.origem };
  const ids = await writeTx(db, actor, (tx) =>
    input.condicao_pagamento_id
      ? criarTitulosDeCondicao(tx, {
          ...novo,
          condicao_pagamento_id: input.condicao_pagamento_id,
          data_base: input.emissao,
        })
      : criarTitulos(tx, novo, [{ vencimento: input.vencimento!, valor: input.valor }]),
  ).catch(rethrowRef);
  return Promise.all(ids.map((id) => getTitulo(db, tipo, id)));
}

// ——— baixa, estorno, cancelamento ———

export type TituloTravado = typeof f.$inferSelect;

export async function travaTitulo(tx: Tx, tipo: TipoTitulo, id: string): Promise<TituloTravado> {
  const [row] = await tx
    .select()
    .from(f)
    .where(and(eq(f.id, id), eq(f.tipo, tipo)))
    .for('update');
  return foundOrThrow(row ? [row] : []);
}

export async function baixasAtivas(tx: Db | Tx, tituloId: string) {
  return tx
    .select({
      data_pagamento: baixas.dataPagamento,
      desconto: baixas.desconto,
      valor_pago: baixas.valorPago,
      juros: baixas.juros,
      multa: baixas.multa,
    })
    .from(baixas)
    .where(and(eq(baixas.tituloId, tituloId), eq(baixas.estornada, false)))
    .orderBy(asc(baixas.dataPagamento), asc(baixas.createdAt));
}

export function encargosDe(
  t: TituloTravado,
  ativas: Awaited<ReturnType<typeof baixasAtivas>>,
  data: string,
): EncargosBaixa {
  return valorParaBaixa(
    {
      saldo: t.saldo!,
      vencimento: t.dataVencimento,
      juros_mes_percentual: t.jurosMesPercentual,
      multa_percentual: t.multaPercentual,
      desconto_valor: t.descontoValor,
      desconto_ate: t.descontoAte,
      baixas: ativas,
    },
    data,
  );
}

/** GET …/:id/encargos?data=: what a baixa on that date would charge (valorParaBaixa). */
export async function encargosTitulo(
  db: Db,
  tipo: TipoTitulo,
  id: string,
  data: string,
): Promise<EncargosBaixa> {
  const [t] = await db
    .select()
    .from(f)
    .where(and(eq(f.id, id), eq(f.tipo, tipo)));
  const titulo = foundOrThrow(t ? [t] : []);
  return encargosDe(titulo, await baixasAtivas(db, id), data);
}

export const historicoBaixa = (
  t: Pick<TituloTravado, 'tipo' | 'descricao' | 'totalParcelas' | 'parcela' | 'pessoaNome'>,
) =>
  `${t.tipo === 'receber' ? 'Recebimento' : 'Pagamento'} ${t.descricao}${t.totalParcelas > 1 ? ` (${t.parcela}/${t.totalParcelas})` : ''} - ${t.pessoaNome}`;

/** One baixa inside a transaction: locks the título, applies it, moves the account. */
export async function baixarTitulo(
  tx: Tx,
  actor: Actor,
  tipo: TipoTitulo,
  id: string,
  b: Baixa,
  loteId: string | null = null,
): Promise<string> {
  const t = await travaTitulo(tx, tipo, id);
  const aplicada = aplicarBaixa(
    { valor: t.valor, saldo: t.saldo!, status: t.status as TituloRow['status'] },
    b,
  );
  if (!aplicada.ok)
    invalido(aplicada, t.status === 'pago' || t.status === 'cancelado' ? 'conflict' : 'validation_failed');
  const { principal, saldo, status } = aplicada as Extract<typeof aplicada, { ok: true }>;
  const [baixa] = await tx
    .insert(baixas)
    .values({
      tituloId: id,
      dataPagamento: b.data_pagamento,
      contaBancariaId: b.conta_bancaria_id,
      formaId: b.forma_id,
      valorPago: b.valor_pago,
      juros: b.juros,
      multa: b.multa,
      desconto: b.desconto,
      principal,
      loteId,
      observacao: b.observacao,
      userId: actor.userId,
    })
    .returning({ id: baixas.id });
  await tx
    .update(f)
    .set({ saldo, status, versao: sql`${f.versao} + 1`, updatedAt: new Date() })
    .where(eq(f.id, id));
  await tx.insert(contaMovimentos).values({
    contaBancariaId: b.conta_bancaria_id,
    data: b.data_pagamento,
    tipo: tipo === 'receber' ? 'recebimento' : 'pagamento',
    valor: valorMovimentoDaBaixa(tipo, b.valor_pago),
    historico: historicoBaixa(t),
    baixaId: baixa!.id,
    tituloId: id,
    userId: actor.userId,
  });
  await comissaoNaBaixa(tx, t, baixa!.id, b);
  return baixa!.id;
}

/**
 * Commission hook: a receivable carrying a seller and its commission earns, on each baixa, its part
 * (comissaoDaBaixa, cumulative over the active baixas) as a payable to the seller (origem
 * comissao), due on the baixa's date.
 */
async function comissaoNaBaixa(tx: Tx, t: TituloTravado, baixaId: string, b: Baixa) {
  if (t.tipo !== 'receber' || !t.vendedorId || !t.comissaoValor) return;
  const anteriores = await tx
    .select({
      valor_pago: baixas.valorPago,
      juros: baixas.juros,
      multa: baixas.multa,
      comissao: baixas.comissao,
    })
    .from(baixas)
    .where(and(eq(baixas.tituloId, t.id), eq(baixas.estornada, false), sql`${baixas.id} <> ${baixaId}`));
  const comissao = comissaoDaBaixa({
    comissaoTitulo: t.comissaoValor,
    // a título abated by a return (or a crédito) is received only up to valor − abatimentos
    valorTitulo: Decimal.of(t.valor).minus(t.abatimentos).toFixed(2),
    base: baseComissao(b),
    anteriores: anteriores.map((a) => ({ base: baseComissao(a), comissao: a.comissao ?? '0' })),
  });
  if (!Decimal.of(comissao).isPositive()) return;
  const [vend] = await tx
    .select({ nome: vendedores.nome })
    .from(vendedores)
    .where(eq(vendedores.id, t.vendedorId));
  const [pagar] = await tx
    .insert(f)
    .values({
      tipo: 'pagar',
      status: 'em_aberto',
      descricao: `Comissão de ${t.descricao}`,
      valor: comissao,
      saldo: comissao,
      dataEmissao: b.data_pagamento,
      dataVencimento: b.data_pagamento,
      vendedorId: t.vendedorId,
      fornecedorNome: vend?.nome ?? null,
      pessoaNome: vend?.nome ?? '',
      origem: 'comissao',
      origemId: baixaId,
    })
    .returning({ id: f.id });
  await tx.update(baixas).set({ comissao, comissaoTituloId: pagar!.id }).where(eq(baixas.id, baixaId));
}

export async function registrarBaixa(db: Db, actor: Actor, tipo: TipoTitulo, id: string, b: Baixa) {
  const baixaId = await writeTx(db, actor, (tx) => baixarTitulo(tx, actor, tipo, id, b)).catch(rethrowRef);
  return { baixa_id: baixaId, titulo: await getTitulo(db, tipo, id) };
}

/** Estorno of one baixa: restores the saldo (estornarBaixa), a reversal movement, never a delete. */
export async function estornarBaixaDoTitulo(
  db: Db,
  actor: Actor,
  tipo: TipoTitulo,
  baixaId: string,
  motivo: string,
): Promise<TituloRow> {
  const tituloId = await writeTx(db, actor, (tx) => estornarNaTransacao(tx, actor, tipo, baixaId, motivo));
  return getTitulo(db, tipo, tituloId);
}

/** The estorno inside the caller's transaction (the demo seed too); answers the título's id. */
export async function estornarNaTransacao(
  tx: Tx,
  actor: Actor,
  tipo: TipoTitulo,
  baixaId: string,
  motivo: string,
): Promise<string> {
  const [b0] = await tx.select({ tituloId: baixas.tituloId }).from(baixas).where(eq(baixas.id, baixaId));
  const { tituloId } = foundOrThrow(b0 ? [b0] : []);
  const t = await travaTitulo(tx, tipo, tituloId);
  const [b] = await tx.select().from(baixas).where(eq(baixas.id, baixaId)).for('update');
  const r = estornarBaixa({ valor: t.valor, saldo: t.saldo!, status: t.status as TituloRow['status'] }, b!);
  if (!r.ok) invalido(r, 'conflict');
  const { saldo, status } = r as Extract<typeof r, { ok: true }>;
  await tx
    .update(baixas)
    .set({ estornada: true, estornoMotivo: motivo.trim(), estornadaEm: new Date() })
    .where(eq(baixas.id, baixaId));
  await tx
    .update(f)
    .set({ saldo, status, versao: sql`${f.versao} + 1`, updatedAt: new Date() })
    .where(eq(f.id, tituloId));
  const [mov] = await tx
    .select()
    .from(contaMovimentos)
    .where(eq(contaMovimentos.baixaId, baixaId))
    .orderBy(asc(contaMovimentos.id))
    .limit(1);
  await tx.insert(contaMovimentos).values({
    contaBancariaId: mov!.contaBancariaId,
    data: mov!.data,
    tipo: 'estorno',
    valor: valorMovimentoDoEstorno(mov!.valor),
    historico: `Estorno: ${mov!.historico}`,
    baixaId,
    tituloId,
    estornoDe: mov!.id,
    userId: actor.userId,
  });
  if (b!.comissaoTituloId && b!.comissao) {
    // the commission payable of this baixa is reversed: cancelled while unpaid
    await tx
      .update(f)
      .set({
        status: 'cancelado',
        motivoCancelamento: `Estorno da baixa: ${motivo.trim()}`,
        updatedAt: new Date(),
      })
      .where(and(eq(f.id, b!.comissaoTituloId), eq(f.status, 'em_aberto')));
  }
  return tituloId;
}

export async function cancelarTituloPorId(
  db: Db,
  actor: Actor,
  tipo: TipoTitulo,
  id: string,
  motivo: string,
) {
  await writeTx(db, actor, async (tx) => {
    const t = await travaTitulo(tx, tipo, id);
    const ativas = await baixasAtivas(tx, id);
    const r = cancelarTitulo(
      { valor: t.valor, saldo: t.saldo!, status: t.status as TituloRow['status'] },
      { baixasAtivas: ativas.length, motivo },
    );
    if (!r.ok) invalido(r, r.campo ? 'validation_failed' : 'conflict');
    await tx
      .update(f)
      .set({
        status: 'cancelado',
        motivoCancelamento: motivo.trim(),
        versao: sql`${f.versao} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(f.id, id));
    await baixaBoletosDosTitulos(tx, [id]);
  });
  return getTitulo(db, tipo, id);
}

/** GET …/:id/baixas: every baixa of the título, the reversed ones included. */
export async function listBaixas(db: Db, tipo: TipoTitulo, id: string): Promise<BaixaRow[]> {
  await getTitulo(db, tipo, id);
  const rows = await db
    .select({
      ...columnsByName(baixas),
      usuario_nome: sql<string | null>`(select u.email from users u where u.id = ${baixas.userId})`,
    })
    .from(baixas)
    .where(eq(baixas.tituloId, id))
    .orderBy(desc(baixas.dataPagamento), desc(baixas.createdAt));
  return rows as unknown as BaixaRow[];
}
