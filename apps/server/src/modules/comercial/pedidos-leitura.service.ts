import {
  addDays,
  businessToday,
  COLUNAS_KANBAN,
  type KanbanQuery,
  type kanbanQuerySchema,
  liberacaoValida,
  type PedidosListQuery,
  papeisQueLiberam,
  type pedidosListQuerySchema,
  STATUS_LIBERADOS_NAO_FATURADOS,
  type StatusPedido,
  statusPedidoLabels,
  type TipoBloqueio,
  TRANSICOES_PEDIDO,
} from '@erp/shared';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, preparedRows, rowsOf } from '../../db/client.ts';
import { contem, documentoDigitado, paginaBuscada, palavrasBusca } from '../../lib/busca-listas.ts';
import { notFoundMessage } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { cappedCount, listPage } from '../../lib/list-query.ts';
import { conferenciaPendente } from '../expedicao/conferencia-exigida.service.ts';
import { disponivelPorProduto } from './bloqueios.service.ts';
import { pedidoBloqueios, pedidoHistorico, pedidoLiberacoes, salesOrders } from './comercial.tables.ts';
import { notaVivaDoPedido } from './faturamento-nota.service.ts';

// The reads of sales orders: the list (filters by status, blocker type, period, seller, customer,
// região; newest first on indexed columns), one order with its items, blockers, releases and
// history, and the kanban (a column per status with count and total).

const o = salesOrders;
type ListQuery = z.output<typeof pedidosListQuerySchema>;

export type { KanbanQuery, PedidosListQuery };

const resumoColumns = {
  id: o.id,
  numero: o.numero,
  data_emissao: o.dataEmissao,
  status: sql<StatusPedido>`${o.status}`,
  cliente_id: o.clienteId,
  cliente_nome: o.clienteNome,
  vendedor_id: o.vendedorId,
  vendedor_nome: sql<string | null>`(select v.nome from vendedores v where v.id = ${o.vendedorId})`,
  regiao_id: o.regiaoId,
  data_entrega: o.dataEntrega,
  valor_total: o.valorTotal,
  bloqueios: sql<
    TipoBloqueio[]
    // written out qualified: drizzle renders a single-table select's columns unqualified, and a bare
    // "id" inside the subquery would be pedido_bloqueios' own id (an always-empty list)
  >`case when sales_orders.bloqueios_pendentes > 0 then array(select b.tipo from pedido_bloqueios b
    where b.order_id = sales_orders.id and not exists (select 1 from pedido_liberacoes l where l.order_id = b.order_id
      and l.tipo = b.tipo and l.impressao = b.impressao) order by b.tipo) else '{}'::text[] end`,
  versao: o.versao,
};
export type PedidoResumo = {
  id: string;
  numero: number;
  data_emissao: string;
  status: StatusPedido;
  cliente_id: string;
  cliente_nome: string;
  vendedor_id: string | null;
  vendedor_nome: string | null;
  regiao_id: string | null;
  data_entrega: string | null;
  valor_total: string;
  bloqueios: TipoBloqueio[];
  versao: number;
};

function listWhere(q: ListQuery, soBloqueados: boolean, busca: SQL | AnyColumn = o.busca): SQL | undefined {
  const status = soBloqueados ? 'bloqueado' : q.status;
  return and(
    status ? eq(o.status, status) : undefined,
    q.bloqueio
      ? sql`exists (select 1 from pedido_bloqueios b where b.order_id = ${o.id} and b.tipo = ${q.bloqueio}
          and not exists (select 1 from pedido_liberacoes l where l.order_id = b.order_id and l.tipo = b.tipo
            and l.impressao = b.impressao))`
      : undefined,
    q.de ? gte(o.dataEmissao, q.de) : undefined,
    q.ate ? lte(o.dataEmissao, q.ate) : undefined,
    q.vendedor_id ? eq(o.vendedorId, q.vendedor_id) : undefined,
    q.cliente_id ? eq(o.clienteId, q.cliente_id) : undefined,
    q.regiao_id ? eq(o.regiaoId, q.regiao_id) : undefined,
    buscaPedidos(q.q, busca),
  );
}

/**
 * The search box of the order list, every branch on an index (migration 0047): a number alone is
 * the order's número (the unique btree); each word is contained in the customer name the order
 * keeps (`busca`, erp_normaliza(cliente_nome) stored; sales_orders_busca_trgm_idx) — or, for a typed CPF/CNPJ,
 * the order is of a customer whose register has it (clientes_busca_trgm_idx, then
 * sales_orders_cliente_idx; `= any(array(...))` so that it can join the name's bitmap in an OR).
 */
export function buscaPedidos(q: string | undefined, busca: SQL | AnyColumn = o.busca): SQL | undefined {
  const palavras = palavrasBusca(q);
  if (!palavras.length) return undefined;
  const doCliente = (doc: string) =>
    sql`${o.clienteId} = any(array(select c.id from clientes c where c.busca like ${contem(doc)}))`;
  const [unica] = palavras;
  if (palavras.length === 1 && unica && /^\d{1,15}$/.test(unica)) {
    const doc = documentoDigitado(unica);
    return doc ? or(eq(o.numero, Number(unica)), doCliente(doc)) : eq(o.numero, Number(unica));
  }
  return and(
    ...palavras.map((w) => {
      const nome = sql`${busca} like ${contem(w)}`;
      const doc = documentoDigitado(w);
      return doc ? or(nome, doCliente(doc)) : nome;
    }),
  );
}

const sorts = {
  numero: o.numero,
  data_emissao: o.dataEmissao,
  cliente: o.clienteNome,
  vendedor: sql`(select v.nome from vendedores v where v.id = ${o.vendedorId})`,
  valor_total: o.valorTotal,
  data_entrega: o.dataEntrega,
  status: o.status,
};

/** `sorts` written so that no index walks them: a searched page's few matches read and sorted. */
const sortsLidos = {
  numero: sql`${o.numero} + 0`,
  data_emissao: sql`${o.dataEmissao} + 0`,
  cliente: sql`${o.clienteNome} || ''`,
  vendedor: sorts.vendedor,
  valor_total: sql`${o.valorTotal} + 0`,
  data_entrega: sql`${o.dataEntrega} + 0`,
  status: sql`${o.status} || ''`,
};

/** GET /pedidos. `soBloqueados`: an approver without the comercial role sees the "Bloqueados" view only. */
export async function listPedidos(db: Db, q: ListQuery, soBloqueados = false) {
  const where = listWhere(q, soBloqueados);
  const rows = (page: { limit: number; offset: number; orderBy: SQL[]; where?: SQL }) =>
    db
      .select(resumoColumns)
      .from(o)
      .where(page.where ?? where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset) as unknown as Promise<PedidoResumo[]>;
  if (buscaPedidos(q.q)) {
    return paginaBuscada<PedidoResumo, keyof typeof sorts>(db, q, {
      table: o,
      where,
      id: o.id,
      sorts,
      lidos: sortsLidos,
      tieBreaker: o.id,
      rows,
      // many matches in número order: the words written so that the trigram index cannot serve
      // them (same rows), so the page walks sales_orders_numero_key — the planner, misjudging a
      // broad word as rare, read and sorted its 10,000+ matches instead (250–500 ms, "araújo")
      ampla: q.sort === 'numero' ? listWhere(q, soBloqueados, sql`(${o.busca} || '')`) : undefined,
    });
  }
  return listPage<PedidoResumo, keyof typeof sorts>(q, {
    sorts,
    tieBreaker: o.id,
    rows,
    count: () => cappedCount(db, o, where),
  });
}

/** An order's item as the detail shows it (numerics as decimal strings, as the columns read them). */
type ItemLido = {
  id: string;
  sequencia: number;
  produto_id: string;
  produto_codigo: string;
  produto_nome: string;
  embalagem: string | null;
  quantidade: string | null;
  quantidade_base: string;
  unidade: string | null;
  preco: string;
  preco_tabela: string | null;
  preco_minimo: string | null;
  desconto_tipo: string;
  desconto: string;
  valor_produtos: string;
  desconto_item: string;
  desconto_rateado: string;
  valor_desconto: string;
  valor_frete: string;
  valor_st: string;
  valor_fcp_st: string;
  valor_ipi: string;
  valor_total: string;
  peso_bruto: string;
  peso_liquido: string;
  volume: string;
};

// A named statement (parsed and planned once per connection) read as plain rows: the 100 items of a
// large order cost ~1 ms of drizzle's per-cell mapping and query building on each read — the save's
// answer included (issue 30).
const ITENS_SQL = `select i.id, i.sequencia, i.product_id as produto_id, p.codigo as produto_codigo,
    i.produto_nome, i.embalagem, i.quantidade_embalagem as quantidade, i.quantidade as quantidade_base,
    i.unidade, i.preco_unitario as preco, i.preco_tabela, i.preco_minimo, i.desconto_tipo, i.desconto,
    i.valor_produtos, i.desconto_item, i.desconto_rateado, i.valor_desconto, i.valor_frete, i.valor_st,
    i.valor_fcp_st, i.valor_ipi, i.valor_total, i.peso_bruto, i.peso_liquido, i.volume
  from sales_order_items i join products p on p.id = i.product_id
  where i.order_id = $1 order by i.sequencia`;

/** GET /pedidos/:id. `soBloqueados`: 404 for an approver when the order is not blocked. */
export async function getPedido(db: Db, id: string, soBloqueados = false) {
  const [h] = await db
    .select({
      ...resumoColumns,
      condicao_pagamento_id: o.condicaoPagamentoId,
      forma_pagamento_id: o.formaPagamentoId,
      tabela_preco_id: o.tabelaPrecoId,
      modalidade_frete: o.modalidadeFrete,
      frete: o.valorFrete,
      desconto_tipo: o.descontoTipo,
      desconto: o.desconto,
      observacoes_internas: o.observacoes,
      observacoes_nota: o.observacoesNota,
      motivo_cancelamento: o.motivoCancelamento,
      impressoes: o.impressoes,
      t_produtos: o.valorProdutos,
      t_desconto_itens: o.valorDescontoItens,
      t_desconto_pedido: o.valorDescontoPedido,
      t_descontos: o.valorDescontos,
      t_st: o.valorSt,
      t_fcp_st: o.valorFcpSt,
      t_ipi: o.valorIpi,
      t_frete: o.valorFrete,
      t_peso_bruto: o.pesoBruto,
      t_peso_liquido: o.pesoLiquido,
      t_volume: o.volume,
      comissao_percentual: o.comissaoPercentual,
      comissao_valor: o.comissaoValor,
      created_at: o.createdAt,
      updated_at: o.updatedAt,
    })
    .from(o)
    .where(eq(o.id, id));
  if (!h || (soBloqueados && h.status !== 'bloqueado')) throw new AppError('not_found', notFoundMessage);
  // The reads below are independent of each other (only «disponível» needs the items' products):
  // they go side by side on the pool (issue 30: the read-back of a save was 8 round trips one after
  // another; on PGlite or inside a transaction they still run one at a time, on one connection).
  const itensEDisponivel = preparedRows<ItemLido>(db, 'erp_pedido_itens', ITENS_SQL, [id]).then(
    async (itens) => ({
      itens,
      disponivel: await disponivelPorProduto(db, [...new Set(itens.map((it) => it.produto_id))], id),
    }),
  );
  const bloqueiosQ = db.select().from(pedidoBloqueios).where(eq(pedidoBloqueios.orderId, id));
  const liberacoesQ = db
    .select()
    .from(pedidoLiberacoes)
    .where(eq(pedidoLiberacoes.orderId, id))
    .orderBy(asc(pedidoLiberacoes.createdAt));
  const historicoQ = db
    .select({
      de: pedidoHistorico.de,
      para: pedidoHistorico.para,
      motivo: pedidoHistorico.motivo,
      usuario: pedidoHistorico.usuario,
      created_at: pedidoHistorico.createdAt,
    })
    .from(pedidoHistorico)
    .where(eq(pedidoHistorico.orderId, id))
    .orderBy(asc(pedidoHistorico.id));
  const liberado = (STATUS_LIBERADOS_NAO_FATURADOS as readonly string[]).includes(h.status);
  const [{ itens, disponivel }, bloqueios, liberacoes, historico, conferencia, notaViva, devolucoes] =
    await Promise.all([
      itensEDisponivel,
      bloqueiosQ,
      liberacoesQ,
      historicoQ,
      liberado ? conferenciaPendente(db, id) : false,
      notaVivaDoPedido(db, id),
      db.execute(sql`select d.id, d.numero, d.status, d.valor_total::text from devolucoes d
        where d.pedido_id = ${id} order by d.numero`),
    ]);
  const impressoes = (h.impressoes ?? {}) as Record<TipoBloqueio, string>;
  const {
    t_produtos,
    t_desconto_itens,
    t_desconto_pedido,
    t_descontos,
    t_st,
    t_fcp_st,
    t_ipi,
    t_frete,
    t_peso_bruto,
    t_peso_liquido,
    t_volume,
    comissao_percentual,
    comissao_valor,
    impressoes: _i,
    ...header
  } = h;
  return {
    ...header,
    totais: {
      produtos: t_produtos,
      descontoItens: t_desconto_itens,
      descontoPedido: t_desconto_pedido,
      descontos: t_descontos,
      st: t_st,
      fcpSt: t_fcp_st,
      ipi: t_ipi,
      frete: t_frete,
      total: h.valor_total,
      pesoBruto: t_peso_bruto,
      pesoLiquido: t_peso_liquido,
      volume: t_volume,
    },
    comissao: { percentual: comissao_percentual, valor: comissao_valor },
    itens: itens.map((it) => ({ ...it, disponivel: disponivel.get(it.produto_id) ?? '0.000' })),
    bloqueios: bloqueios.map((b) => {
      const tipo = b.tipo as TipoBloqueio;
      const lib = [...liberacoes].reverse().find((l) => l.tipo === tipo && l.impressao === b.impressao);
      return {
        tipo,
        motivo: b.motivo,
        impressao: b.impressao,
        papeis: papeisQueLiberam(tipo),
        pendente: !lib,
        liberacao: lib
          ? { justificativa: lib.justificativa, usuario: lib.usuario, created_at: lib.createdAt }
          : null,
      };
    }),
    liberacoes: liberacoes.map((l) => ({
      id: l.id,
      tipo: l.tipo as TipoBloqueio,
      motivo: l.motivo,
      justificativa: l.justificativa,
      usuario: l.usuario,
      created_at: l.createdAt,
      valida: liberacaoValida({ tipo: l.tipo as TipoBloqueio, impressao: l.impressao }, impressoes),
    })),
    historico,
    transicoes: TRANSICOES_PEDIDO[h.status],
    /** Issue 21: released, not invoiced, and the required conferência not finished — «Faturar (NF-e)» waits. */
    conferencia_pendente: liberado && conferencia,
    /** Issue 29: the order's live NF-e (not cancelled, inutilized nor denied), which holds the order as it is. */
    nota_viva: notaViva,
    /** Issue 32: the returns of the order's notes (what came back, with its value). */
    devolucoes: rowsOf<{ id: string; numero: number; status: string; valor_total: string }>(devolucoes).map(
      (d) => ({ ...d, numero: Number(d.numero) }),
    ),
  };
}
export type Pedido = Awaited<ReturnType<typeof getPedido>>;

/** Cards per column of the kanban. */
export const CARTOES_POR_COLUNA = 100;
/** Without a period, faturado and entregue show the last 30 days (the flow's end grows forever). */
const DIAS_FINAIS = 30;
/** The columns DIAS_FINAIS applies to. */
const STATUS_FINAIS_KANBAN: readonly StatusPedido[] = ['faturado', 'entregue', 'cancelado'];

/** GET /kanban: a column per status (cancelado only when asked), count, total and the newest cards. */
export async function kanban(db: Db, q: z.output<typeof kanbanQuerySchema>) {
  const colunas: StatusPedido[] = [...COLUNAS_KANBAN, ...(q.cancelados ? (['cancelado'] as const) : [])];
  const desde30 = addDays(businessToday(), -DIAS_FINAIS);
  const base = and(
    q.vendedor_id ? eq(o.vendedorId, q.vendedor_id) : undefined,
    q.regiao_id ? eq(o.regiaoId, q.regiao_id) : undefined,
    q.de ? gte(o.dataEmissao, q.de) : undefined,
    q.ate ? lte(o.dataEmissao, q.ate) : undefined,
  );
  const filtro = and(
    inArray(o.status, colunas),
    base,
    q.de || q.ate
      ? undefined
      : sql`(${o.status} not in ('faturado', 'entregue', 'cancelado') or ${o.dataEmissao} >= ${desde30})`,
  );
  // Count and total per column. Without a period the flow's end (faturado, entregue, cancelado:
  // nearly every order of the years) counts its last 30 days only: that part is its own range of
  // sales_orders_kanban_idx (status, data_emissao), not a filter on every finished order's entry
  // (an OR in the WHERE made PostgreSQL read the ~1 M finished entries: 0.8 s at 1 M orders).
  const porColuna = (sts: StatusPedido[], desde?: string) =>
    sql`select status, count(*)::int as quantidade, coalesce(sum(valor_total), 0)::text as total
      from sales_orders where ${and(inArray(o.status, sts), base, desde ? gte(o.dataEmissao, desde) : undefined)}
      group by status`;
  const finais = colunas.filter((s) => STATUS_FINAIS_KANBAN.includes(s));
  const abertas = colunas.filter((s) => !STATUS_FINAIS_KANBAN.includes(s));
  const totais = rowsOf<{ status: StatusPedido; quantidade: number; total: string }>(
    await db.execute(
      q.de || q.ate || !finais.length
        ? porColuna(colunas)
        : sql`${porColuna(abertas)} union all ${porColuna(finais, desde30)}`,
    ),
  );
  // the newest cards of each column: a backward scan of (status, numero) per status, stopping at the limit
  const cartoes = rowsOf<PedidoResumo>(
    await db.execute(sql`select c.* from unnest(array[${sql.join(
      colunas.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[]) as col(status)
      cross join lateral (
        select sales_orders.id, sales_orders.numero, sales_orders.status, sales_orders.cliente_nome,
          sales_orders.valor_total::text as valor_total, sales_orders.data_entrega::text as data_entrega,
          sales_orders.data_emissao::text as data_emissao, sales_orders.versao, sales_orders.vendedor_id,
          sales_orders.regiao_id,
          (select v.nome from vendedores v where v.id = sales_orders.vendedor_id) as vendedor_nome,
          case when sales_orders.bloqueios_pendentes > 0 then array(select b.tipo from pedido_bloqueios b
            where b.order_id = sales_orders.id and not exists (select 1 from pedido_liberacoes l
              where l.order_id = b.order_id and l.tipo = b.tipo and l.impressao = b.impressao)
            order by b.tipo) else '{}'::text[] end as bloqueios
        from sales_orders
        where sales_orders.status = col.status and ${filtro}
        order by sales_orders.numero desc
        limit ${CARTOES_POR_COLUNA}) c
      order by c.numero desc`),
  );
  return {
    colunas: colunas.map((status) => {
      const t = totais.find((r) => r.status === status);
      return {
        status,
        label: statusPedidoLabels[status],
        quantidade: Number(t?.quantidade ?? 0),
        total: t?.total ?? '0.00',
        cartoes: cartoes.filter((c) => c.status === status).map((c) => ({ ...c, numero: Number(c.numero) })),
      };
    }),
  };
}

/** The 5 newest orders of a customer (the entry screen's panel). */
export async function ultimosPedidos(db: Db, clienteId: string): Promise<PedidoResumo[]> {
  return db
    .select(resumoColumns)
    .from(o)
    .where(eq(o.clienteId, clienteId))
    .orderBy(desc(o.numero))
    .limit(5) as unknown as Promise<PedidoResumo[]>;
}
