import {
  type AvaliacaoBloqueios,
  avaliaBloqueios,
  bloqueiosPendentes,
  businessToday,
  comissaoDoPedido,
  conferenciaExigidaMensagens,
  Decimal,
  genericMessages,
  type Liberacao,
  notasSaidaMensagens,
  type PedidoDados,
  podeLiberarBloqueio,
  podeTransitarPedido,
  STATUS_EDITAVEIS,
  type StatusPedido,
  statusPedidoLabels,
  type TipoBloqueio,
} from '@erp/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { notFoundMessage, rethrowMissingRef } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { getSetting } from '../configuracoes/settings.service.ts';
import { conferenciaEhExigida } from '../expedicao/conferencia-exigida.service.ts';
import { avaliaPedido, contextoBloqueios, disponivelPorProduto } from './bloqueios.service.ts';
import {
  pedidoBloqueios,
  pedidoHistorico,
  pedidoLiberacoes,
  salesOrderItems,
  salesOrders,
} from './comercial.tables.ts';
import { recusaSeNotaViva } from './faturamento-nota.service.ts';
import { computaPedido, type PedidoComputado } from './pedido-calculo.service.ts';
import { consomeReservaPedido, liberaReservaPedido, reservaPedido } from './reserva-pedido.service.ts';

// The writes of sales orders: create/update (the server computes everything: computaPedido),
// confirmar, duplicar, cancelar, the kanban's transição and the release of a blocker. Each runs in
// one transaction with the order row locked (FOR UPDATE), checks the version read, moves the status
// only through podeTransitarPedido (409 with its reason), records the history (who, when, de → para)
// and keeps the stock reservation in step: held while liberado, em separação or conferido.

export const pedidoServicoMensagens = {
  naoEditavel: (status: StatusPedido) =>
    `Pedido em «${statusPedidoLabels[status]}» não pode mais ser alterado.`,
  clienteNaoEncontrado: 'Cliente não encontrado',
  vendedorNaoEncontrado: 'Vendedor não encontrado',
  bloqueioInexistente: 'O pedido não tem este bloqueio pendente.',
  impressaoMudou: 'O pedido mudou desde que o bloqueio foi exibido: confira-o de novo antes de liberar.',
  faturarPelaNota: notasSaidaMensagens.faturarPelaNota,
} as const;

const refs: Record<string, [string, string]> = {
  sales_orders_condicao_pagamento_id_condicoes_pagamento_id_fk: [
    'condicao_pagamento_id',
    'Condição de pagamento não encontrada',
  ],
  sales_orders_forma_pagamento_id_formas_pagamento_id_fk: [
    'forma_pagamento_id',
    'Forma de pagamento não encontrada',
  ],
  sales_orders_tabela_preco_id_tabelas_preco_id_fk: ['tabela_preco_id', 'Tabela de preços não encontrada'],
};

const campoInvalido = (campo: string, mensagem: string): never => {
  throw new AppError('validation_failed', genericMessages.validation, { fields: { [campo]: [mensagem] } });
};

export type PedidoTravado = {
  id: string;
  status: StatusPedido;
  versao: number;
  cliente_id: string;
  vendedor_id: string | null;
  bloqueios_pendentes: number;
};

/** The order row locked for this transaction; 404 when absent. */
async function travaPedido(tx: Tx, id: string): Promise<PedidoTravado> {
  const [row] = rowsOf<PedidoTravado>(
    await tx.execute(sql`select id, status, versao, cliente_id, vendedor_id, bloqueios_pendentes
      from sales_orders where id = ${id} for update`),
  );
  if (!row) throw new AppError('not_found', notFoundMessage);
  return row;
}

function checaVersao(p: PedidoTravado, versao: number | undefined) {
  if (versao !== undefined && versao !== p.versao)
    throw new AppError('conflict', genericMessages.conflict, { reason: 'versao' });
}

function recusaTransicao(de: StatusPedido, para: StatusPedido, pendentes?: number): void {
  const v = podeTransitarPedido(
    de,
    para,
    pendentes === undefined ? undefined : { bloqueiosPendentes: pendentes },
  );
  if (!v.permitido) throw new AppError('conflict', v.motivo, { reason: 'transicao', de, para });
}

/** The customer's name, seller and região; the seller's commission % (read by computaPedido). */
function dadosDoCliente(computado: PedidoComputado) {
  const c = computado.clienteDoPedido;
  if (!c.vendedorExiste) return campoInvalido('vendedor_id', pedidoServicoMensagens.vendedorNaoEncontrado);
  return { nome: c.nome, vendedorId: c.vendedorId, regiaoId: c.regiaoId, comissao: c.comissao };
}

type ExtraGravacao = { status?: StatusPedido; criadoPor?: string | null; dataEmissao?: string };

/** Writes the header and replaces the items with what computaPedido answered. */
async function gravaPedido(
  tx: Tx,
  id: string | null,
  input: PedidoDados,
  computado: PedidoComputado,
  extra: ExtraGravacao,
): Promise<string> {
  const cliente = dadosDoCliente(computado);
  const pedidoId = await gravaCabecalho(tx, id, cabecalhoDoPedido(input, computado, cliente), extra);
  // the items travel as one jsonb parameter: building a 100-row × 28-column drizzle insert (2,800
  // bound parameters) cost ~10 ms of Node per save, more than the statement itself
  // the frozen cost (migration 0067) is the product's custo médio read by this statement, as the
  // row trigger would read it; writing it here spares that trigger's call per item (migration 0088)
  await tx.execute(sql`insert into sales_order_items (${sql.raw(COLUNAS_ITEM.join(', '))}, custo_unitario)
    select ${sql.raw(COLUNAS_ITEM.map((c) => `r.${c}`).join(', '))},
      coalesce((select p.custo_medio from products p where p.id = r.product_id), 0)
    from jsonb_populate_recordset(null::sales_order_items, ${JSON.stringify(linhasDosItens(pedidoId, input, computado))}::jsonb) r`);
  return pedidoId;
}

/** The header columns: the customer's name, seller and região, the totals and the commission. */
function cabecalhoDoPedido(
  input: PedidoDados,
  computado: PedidoComputado,
  cliente: ReturnType<typeof dadosDoCliente>,
) {
  const t = computado.calculo.totais;
  const comissao = comissaoDoPedido(t, cliente.comissao);
  return {
    clienteId: input.cliente_id,
    clienteNome: cliente.nome,
    vendedorId: cliente.vendedorId,
    regiaoId: cliente.regiaoId,
    valorTotal: t.total,
    observacoes: input.observacoes_internas,
    observacoesNota: input.observacoes_nota,
    condicaoPagamentoId: input.condicao_pagamento_id,
    formaPagamentoId: input.forma_pagamento_id,
    tabelaPrecoId: input.tabela_preco_id,
    dataEntrega: input.data_entrega,
    modalidadeFrete: input.modalidade_frete,
    descontoTipo: input.desconto_tipo,
    desconto: Decimal.of(input.desconto).toFixed(2),
    valorProdutos: t.produtos,
    valorDescontoItens: t.descontoItens,
    valorDescontoPedido: t.descontoPedido,
    valorDescontos: t.descontos,
    valorSt: t.st,
    valorFcpSt: t.fcpSt,
    valorIpi: t.ipi,
    valorFrete: t.frete,
    pesoBruto: t.pesoBruto,
    pesoLiquido: t.pesoLiquido,
    volume: t.volume,
    comissaoPercentual: comissao.percentual,
    comissaoValor: comissao.valor,
  };
}

type CabecalhoPedido = ReturnType<typeof cabecalhoDoPedido>;

/** Inserts a new order or updates the header of an existing one (its items are then deleted, to be written again). */
async function gravaCabecalho(
  tx: Tx,
  id: string | null,
  header: CabecalhoPedido,
  extra: ExtraGravacao,
): Promise<string> {
  let pedidoId: string;
  try {
    if (id === null) {
      const [row] = await tx
        .insert(salesOrders)
        .values({
          ...header,
          status: extra.status ?? 'orcamento',
          dataEmissao: extra.dataEmissao ?? businessToday(),
          criadoPor: extra.criadoPor ?? null,
        })
        .returning({ id: salesOrders.id });
      pedidoId = row!.id;
    } else {
      await tx
        .update(salesOrders)
        .set({
          ...header,
          ...(extra.dataEmissao ? { dataEmissao: extra.dataEmissao } : {}),
          versao: sql`${salesOrders.versao} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(salesOrders.id, id));
      pedidoId = id;
      await tx.delete(salesOrderItems).where(eq(salesOrderItems.orderId, id));
    }
  } catch (err) {
    rethrowMissingRef(err, refs);
  }
  return pedidoId!;
}

/** The item rows by column: the engine's figures per item with what the user typed (packaging, quantity, discount). */
function linhasDosItens(pedidoId: string, input: PedidoDados, computado: PedidoComputado) {
  return computado.calculo.itens.map((it, i) => {
    const typed = input.itens[i]!;
    return {
      order_id: pedidoId,
      product_id: it.produtoId,
      produto_nome: computado.produtos.get(it.produtoId)!.nome,
      quantidade: it.quantidadeBase,
      preco_unitario: it.preco,
      subtotal: Decimal.of(it.valorProdutos).minus(it.desconto).toFixed(2),
      sequencia: i + 1,
      embalagem: typed.embalagem,
      quantidade_embalagem: Decimal.of(typed.quantidade).toFixed(3),
      unidade: it.unidade,
      preco_tabela: computado.precos[i]!.preco,
      preco_minimo: computado.precos[i]!.precoMinimo,
      desconto_tipo: typed.desconto_tipo,
      desconto: Decimal.of(typed.desconto).toFixed(2),
      valor_produtos: it.valorProdutos,
      desconto_item: it.descontoItem,
      desconto_rateado: it.descontoRateado,
      valor_desconto: it.desconto,
      valor_frete: it.frete,
      valor_st: it.st,
      valor_fcp_st: it.fcpSt,
      valor_ipi: it.ipi,
      valor_total: it.total,
      peso_bruto: it.pesoBruto,
      peso_liquido: it.pesoLiquido,
      volume: it.volume,
      regra_tributacao_id: computado.regras[i]!.id,
      impostos: it.impostos,
    };
  });
}

/** The columns linhasDosItens fills (the others take their defaults: id). */
const COLUNAS_ITEM = [
  'order_id',
  'product_id',
  'produto_nome',
  'quantidade',
  'preco_unitario',
  'subtotal',
  'sequencia',
  'embalagem',
  'quantidade_embalagem',
  'unidade',
  'preco_tabela',
  'preco_minimo',
  'desconto_tipo',
  'desconto',
  'valor_produtos',
  'desconto_item',
  'desconto_rateado',
  'valor_desconto',
  'valor_frete',
  'valor_st',
  'valor_fcp_st',
  'valor_ipi',
  'valor_total',
  'peso_bruto',
  'peso_liquido',
  'volume',
  'regra_tributacao_id',
  'impostos',
] as const satisfies readonly (keyof ReturnType<typeof linhasDosItens>[number])[];
// every field of linhasDosItens is a column written (a field left out of the list fails to compile)
const _todasAsColunas: Exclude<
  keyof ReturnType<typeof linhasDosItens>[number],
  (typeof COLUNAS_ITEM)[number]
> extends never
  ? true
  : never = true;

/** The order as typed, rebuilt from its rows (to recompute and re-evaluate it). */
export async function dadosDoPedido(db: Db | Tx, id: string): Promise<PedidoDados> {
  const [h] = await (db as Db).select().from(salesOrders).where(eq(salesOrders.id, id));
  if (!h) throw new AppError('not_found', notFoundMessage);
  const itens = await (db as Db)
    .select()
    .from(salesOrderItems)
    .where(eq(salesOrderItems.orderId, id))
    .orderBy(asc(salesOrderItems.sequencia));
  return {
    cliente_id: h.clienteId,
    vendedor_id: h.vendedorId,
    condicao_pagamento_id: h.condicaoPagamentoId,
    forma_pagamento_id: h.formaPagamentoId,
    tabela_preco_id: h.tabelaPrecoId,
    data_entrega: h.dataEntrega,
    modalidade_frete: h.modalidadeFrete as PedidoDados['modalidade_frete'],
    frete: h.valorFrete,
    desconto_tipo: h.descontoTipo as PedidoDados['desconto_tipo'],
    desconto: h.desconto,
    observacoes_internas: h.observacoes,
    observacoes_nota: h.observacoesNota,
    itens: itens.map((i) => ({
      produto_id: i.productId,
      embalagem: i.embalagem ?? i.unidade ?? 'UN',
      quantidade: i.quantidadeEmbalagem ?? i.quantidade,
      preco: i.precoUnitario,
      desconto_tipo: i.descontoTipo as PedidoDados['desconto_tipo'],
      desconto: i.desconto,
    })),
  };
}

async function historico(
  tx: Tx,
  actor: Actor,
  pedidoId: string,
  de: StatusPedido | null,
  para: StatusPedido,
  motivo: string | null = null,
) {
  await tx.insert(pedidoHistorico).values({
    orderId: pedidoId,
    de,
    para,
    motivo,
    userId: actor.userId,
    usuario: actor.email ?? null,
  });
}

async function mudaStatus(
  tx: Tx,
  actor: Actor,
  p: PedidoTravado,
  para: StatusPedido,
  extra: { motivo?: string | null; dataEmissao?: string } = {},
) {
  recusaTransicao(p.status, para);
  await tx
    .update(salesOrders)
    .set({
      status: para,
      versao: sql`${salesOrders.versao} + 1`,
      updatedAt: new Date(),
      ...(para === 'cancelado' ? { motivoCancelamento: extra.motivo ?? null } : {}),
      ...(extra.dataEmissao ? { dataEmissao: extra.dataEmissao } : {}),
    })
    .where(eq(salesOrders.id, p.id));
  await historico(tx, actor, p.id, p.status, para, extra.motivo ?? null);
  p.status = para;
}

async function liberacoesDo(tx: Tx, pedidoId: string): Promise<Liberacao[]> {
  return tx
    .select({ tipo: pedidoLiberacoes.tipo, impressao: pedidoLiberacoes.impressao })
    .from(pedidoLiberacoes)
    .where(eq(pedidoLiberacoes.orderId, pedidoId)) as Promise<Liberacao[]>;
}

/** Stores the evaluation (blockers, fingerprints, pending count); answers the pending blockers. */
async function gravaAvaliacao(tx: Tx, pedidoId: string, avaliacao: AvaliacaoBloqueios) {
  const pendentes = bloqueiosPendentes(avaliacao, await liberacoesDo(tx, pedidoId));
  await tx.delete(pedidoBloqueios).where(eq(pedidoBloqueios.orderId, pedidoId));
  if (avaliacao.bloqueios.length)
    await tx.insert(pedidoBloqueios).values(
      avaliacao.bloqueios.map((b) => ({
        orderId: pedidoId,
        tipo: b.tipo,
        motivo: b.motivo,
        impressao: b.impressao,
      })),
    );
  await tx
    .update(salesOrders)
    .set({ impressoes: avaliacao.impressoes, bloqueiosPendentes: pendentes.length })
    .where(eq(salesOrders.id, pedidoId));
  return pendentes;
}

const quantidadesPorProduto = (computado: PedidoComputado) => {
  const q = new Map<string, Decimal>();
  for (const it of computado.calculo.itens)
    q.set(it.produtoId, (q.get(it.produtoId) ?? Decimal.ZERO).plus(it.quantidadeBase));
  return [...q].map(([produtoId, d]) => ({ produtoId, quantidade: d.toFixed(3) }));
};

/**
 * Reserves the order's stock; when the ledger refuses (another order took the last units since
 * the evaluation), answers false and leaves nothing reserved. With `parcial` (back-orders allowed,
 * or the estoque blocker released) what is missing is simply not reserved.
 */
async function tentaReservar(
  tx: Tx,
  actor: Actor,
  pedidoId: string,
  computado: PedidoComputado,
  parcial: boolean,
) {
  const itens = quantidadesPorProduto(computado);
  try {
    await tx.transaction(async (sp) => reservaPedido(sp as Tx, actor, pedidoId, itens));
    return true;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'unprocessable') throw err;
  }
  if (!parcial) return false;
  const disponivel = await disponivelPorProduto(
    tx,
    itens.map((i) => i.produtoId),
    pedidoId,
  );
  const possivel = itens
    .map((i) => ({
      produtoId: i.produtoId,
      quantidade: Decimal.of(i.quantidade).min(disponivel.get(i.produtoId) ?? '0'),
    }))
    .filter((i) => i.quantidade.isPositive())
    .map((i) => ({ produtoId: i.produtoId, quantidade: i.quantidade.toFixed(3) }));
  if (possivel.length) await tx.transaction(async (sp) => reservaPedido(sp as Tx, actor, pedidoId, possivel));
  return true;
}

/**
 * After a confirmed order was evaluated: pending blockers → bloqueado (its reservation released);
 * none → liberado with the stock reserved — unless the reservation loses a race for the last
 * units, in which case the stock is evaluated again and the order ends bloqueado by estoque.
 */
async function assentaStatus(tx: Tx, actor: Actor, p: PedidoTravado, computado: PedidoComputado) {
  const primeira = await avaliaPedido(tx, ctxDe(p), computado);
  let pendentes = await gravaAvaliacao(tx, p.id, primeira);
  await liberaReservaPedido(tx, actor, p.id);
  if (pendentes.length === 0) {
    const parcial =
      (await getSetting(tx as unknown as Db, 'comercial_venda_sem_estoque')) === true ||
      primeira.bloqueios.some((b) => b.tipo === 'estoque');
    if (await tentaReservar(tx, actor, p.id, computado, parcial)) {
      if (p.status !== 'liberado') await mudaStatus(tx, actor, p, 'liberado');
      return;
    }
    const avaliacao = await avaliaPedido(tx, ctxDe(p), computado);
    if (!avaliacao.bloqueios.some((b) => b.tipo === 'estoque'))
      avaliacao.bloqueios.push({
        tipo: 'estoque',
        motivo: 'Estoque insuficiente: outro pedido reservou as últimas unidades',
        papeis: ['estoque', 'admin'],
        impressao: avaliacao.impressoes.estoque,
      });
    pendentes = await gravaAvaliacao(tx, p.id, avaliacao);
  }
  if (p.status !== 'bloqueado') await mudaStatus(tx, actor, p, 'bloqueado');
}

const ctxDe = (p: PedidoTravado) => ({ id: p.id, clienteId: p.cliente_id, vendedorId: p.vendedor_id });

/** POST /pedidos/calculo: the order's figures and blocker preview, nothing saved. */
export async function calculaPedidoServico(db: Db, input: PedidoDados) {
  const computado = await computaPedido(db, input);
  const cliente = dadosDoCliente(computado);
  const contexto = await contextoBloqueios(
    db,
    { id: null, clienteId: input.cliente_id, vendedorId: cliente.vendedorId },
    computado,
  );
  return {
    computado,
    avaliacao: avaliaBloqueios(computado.calculo, contexto),
    // the entry shows each line's disponível before the order is saved
    disponivel: contexto.disponivel,
    comissao: comissaoDoPedido(computado.calculo.totais, cliente.comissao),
  };
}

/** A new orçamento inside the caller's transaction (the demo seed uses it). */
export async function criaPedidoEm(tx: Tx, actor: Actor, input: PedidoDados): Promise<string> {
  const computado = await computaPedido(tx, input);
  const id = await gravaPedido(tx, null, input, computado, { criadoPor: actor.userId });
  await historico(tx, actor, id, null, 'orcamento');
  return id;
}

/** POST /pedidos: a new orçamento. */
export async function criaPedido(db: Db, actor: Actor, input: PedidoDados): Promise<string> {
  // A new order locks nothing it reads: its figures are computed on the pool (the reads side by
  // side) and only the writes take the transaction's connection (issue 30, the 100-item save).
  const computado = await computaPedido(db, input);
  return writeTx(db, actor, async (tx) => {
    const id = await gravaPedido(tx, null, input, computado, { criadoPor: actor.userId });
    await historico(tx, actor, id, null, 'orcamento');
    return id;
  });
}

/** PUT /pedidos/:id: while editable; a confirmed order is evaluated again and its status follows. */
export async function atualizaPedido(
  db: Db,
  actor: Actor,
  id: string,
  input: PedidoDados & { versao: number },
): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    const p = await travaPedido(tx, id);
    checaVersao(p, input.versao);
    if (!STATUS_EDITAVEIS.includes(p.status))
      throw new AppError('conflict', pedidoServicoMensagens.naoEditavel(p.status), { reason: 'status' });
    // a liberado order may already have its NF-e, built from what is about to change
    await recusaSeNotaViva(tx, id, { tipo: 'editar' });
    const computado = await computaPedido(tx, input);
    await gravaPedido(tx, id, input, computado, {});
    const [atual] = rowsOf<{ vendedor_id: string | null; cliente_id: string }>(
      await tx.execute(sql`select vendedor_id, cliente_id from sales_orders where id = ${id}`),
    );
    p.vendedor_id = atual!.vendedor_id;
    p.cliente_id = atual!.cliente_id;
    if (p.status !== 'orcamento') await assentaStatus(tx, actor, p, computado);
  });
}

/** Confirms a quote: orcamento → digitado, then bloqueado or liberado by the blockers. */
async function confirma(tx: Tx, actor: Actor, p: PedidoTravado) {
  recusaTransicao(p.status, 'digitado');
  const dados = await dadosDoPedido(tx, p.id);
  const computado = await computaPedido(tx, dados);
  await gravaPedido(tx, p.id, dados, computado, { dataEmissao: businessToday() });
  await mudaStatus(tx, actor, p, 'digitado');
  await assentaStatus(tx, actor, p, computado);
}

export async function confirmaPedido(db: Db, actor: Actor, id: string, versao: number): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    const p = await travaPedido(tx, id);
    checaVersao(p, versao);
    await confirma(tx, actor, p);
  });
}

/** Cancels (reason required) from any state before faturado; the reservation is released. */
export async function cancelaPedido(db: Db, actor: Actor, id: string, motivo: string, versao: number) {
  await writeTx(db, actor, async (tx) => {
    const p = await travaPedido(tx, id);
    checaVersao(p, versao);
    recusaTransicao(p.status, 'cancelado');
    await recusaSeNotaViva(tx, p.id, { tipo: 'cancelar' });
    await liberaReservaPedido(tx, actor, p.id);
    await mudaStatus(tx, actor, p, 'cancelado', { motivo });
  });
}

/**
 * The kanban's move (and any explicit transition): 409 with podeTransitarPedido's reason.
 * → digitado confirms a quote; → liberado / bloqueado re-evaluate the blockers first;
 * → cancelado releases the reservation. → conferido is refused while the company requires the
 * blind check (only finishing the conferência moves it, issue 21). → faturado is refused here: an order is invoiced only
 * through its NF-e (POST /api/notasfiscais/saida; the authorised note moves it, #20).
 */
export async function transitaPedido(
  db: Db,
  actor: Actor,
  id: string,
  input: { para: StatusPedido; motivo: string | null; versao: number },
): Promise<void> {
  if (input.para === 'faturado') throw new AppError('conflict', pedidoServicoMensagens.faturarPelaNota);
  await writeTx(db, actor, async (tx) => {
    // issue 21: while the check is required, conferido is reached only by finishing the conferência
    if (input.para === 'conferido' && (await conferenciaEhExigida(tx))) {
      const p = await travaPedido(tx, id);
      checaVersao(p, input.versao);
      recusaTransicao(p.status, 'conferido');
      throw new AppError('conflict', conferenciaExigidaMensagens.conferirPelaConferencia, {
        reason: 'conferencia',
      });
    }
    await transitaPedidoEm(tx, actor, id, input);
  });
}

/** transitaPedido inside the caller's transaction (versao optional: the demo seed). */
export async function transitaPedidoEm(
  tx: Tx,
  actor: Actor,
  id: string,
  input: { para: StatusPedido; motivo: string | null; versao?: number },
): Promise<void> {
  {
    const p = await travaPedido(tx, id);
    checaVersao(p, input.versao);
    const para = input.para;
    if (para === 'digitado') return confirma(tx, actor, p);
    if (para === 'cancelado') {
      recusaTransicao(p.status, para);
      await recusaSeNotaViva(tx, p.id, { tipo: 'cancelar' });
      await liberaReservaPedido(tx, actor, p.id);
      return mudaStatus(tx, actor, p, 'cancelado', { motivo: input.motivo });
    }
    if (para === 'liberado' || para === 'bloqueado') {
      recusaTransicao(p.status, para);
      await recusaSeNotaViva(tx, p.id, { tipo: 'transitar', para });
      const computado = await computaPedido(tx, await dadosDoPedido(tx, p.id));
      const pendentes = await gravaAvaliacao(tx, p.id, await avaliaPedido(tx, ctxDe(p), computado));
      recusaTransicao(p.status, para, pendentes.length);
      return assentaStatus(tx, actor, p, computado);
    }
    recusaTransicao(p.status, para);
    await recusaSeNotaViva(tx, p.id, { tipo: 'transitar', para });
    if (para === 'faturado') await consomeReservaPedido(tx, actor, p.id);
    await mudaStatus(tx, actor, p, para, { motivo: input.motivo });
  }
}

/** POST /pedidos/:id/duplicar: a new quote with the same customer, header and items. */
export async function duplicaPedido(
  db: Db,
  actor: Actor,
  id: string,
  manterPrecos: boolean,
): Promise<string> {
  const dados = await dadosDoPedido(db, id);
  if (!manterPrecos) {
    const computado = await computaPedido(db, dados);
    dados.itens = dados.itens.map((it, i) => ({ ...it, preco: computado.precos[i]!.preco }));
  }
  return criaPedido(db, actor, dados);
}

/**
 * Releases one blocker: only its roles (403 naming them), only the fingerprint the order still
 * has (409), with the justification; the last pending one released → liberado (stock reserved).
 */
export async function liberaBloqueio(
  db: Db,
  actor: Actor & { roles: readonly string[] },
  id: string,
  tipo: TipoBloqueio,
  input: { impressao: string; justificativa: string },
): Promise<void> {
  const pode = podeLiberarBloqueio(tipo, actor.roles);
  if (!pode.permitido) throw new AppError('forbidden', pode.motivo);
  await writeTx(db, actor, async (tx) => {
    const p = await travaPedido(tx, id);
    const [bloqueio] = await tx
      .select()
      .from(pedidoBloqueios)
      .where(and(eq(pedidoBloqueios.orderId, id), eq(pedidoBloqueios.tipo, tipo)));
    if (!bloqueio || p.status !== 'bloqueado')
      throw new AppError('conflict', pedidoServicoMensagens.bloqueioInexistente, { reason: 'bloqueio' });
    if (bloqueio.impressao !== input.impressao)
      throw new AppError('conflict', pedidoServicoMensagens.impressaoMudou, { reason: 'impressao' });
    await tx.insert(pedidoLiberacoes).values({
      orderId: id,
      tipo,
      motivo: bloqueio.motivo,
      impressao: bloqueio.impressao,
      justificativa: input.justificativa,
      userId: actor.userId,
      usuario: actor.email ?? null,
    });
    const computado = await computaPedido(tx, await dadosDoPedido(tx, p.id));
    await assentaStatus(tx, actor, p, computado);
  });
}

export const ajusteMensagens = {
  soEmSeparacao: 'Só um pedido em separação tem as quantidades ajustadas pela conferência.',
  nadaContado: 'Nenhum item do pedido foi contado: cancele o pedido em vez de ajustá-lo.',
  bloqueio: (motivos: string) => `O ajuste bloquearia o pedido: ${motivos}`,
} as const;

/**
 * The blind check's adjustment (dispatch, conferência): an order em separação takes the quantities
 * counted per product (base units). A product short loses it from its last lines first (a line
 * that reaches zero goes); a product over gets it on its last line. A changed line is typed in the
 * base unit, unless the new quantity is a whole number of its packaging. Prices stay as typed;
 * computaPedido re-runs the price engine's figures, taxes and totals, the blockers are evaluated
 * again (a pending one refuses the adjustment, 409) and the reservation is made again for the new
 * quantities — in the caller's transaction. The order keeps its status.
 */
export async function ajustaQuantidadesPedidoEm(
  tx: Tx,
  actor: Actor,
  id: string,
  contado: ReadonlyMap<string, string>,
): Promise<void> {
  const p = await travaPedido(tx, id);
  if (p.status !== 'em_separacao')
    throw new AppError('conflict', ajusteMensagens.soEmSeparacao, { reason: 'status' });
  await recusaSeNotaViva(tx, id, { tipo: 'ajustar' });
  const dados = await dadosDoPedido(tx, id);
  const linhas = await tx
    .select({
      produtoId: salesOrderItems.productId,
      quantidade: salesOrderItems.quantidade,
      unidade: salesOrderItems.unidade,
    })
    .from(salesOrderItems)
    .where(eq(salesOrderItems.orderId, id))
    .orderBy(asc(salesOrderItems.sequencia));
  const base = linhas.map((l) => Decimal.of(l.quantidade));
  const fator = base.map((q, i) => q.dividedBy(dados.itens[i]!.quantidade, 6));
  const porProduto = new Map<string, number[]>();
  for (const [i, l] of linhas.entries())
    porProduto.set(l.produtoId, [...(porProduto.get(l.produtoId) ?? []), i]);
  const novo = [...base];
  for (const [produtoId, idx] of porProduto) {
    const esperado = Decimal.sum(idx.map((i) => base[i]!));
    let delta = Decimal.of(contado.get(produtoId) ?? '0').minus(esperado);
    if (delta.isPositive()) novo[idx.at(-1)!] = novo[idx.at(-1)!]!.plus(delta);
    for (const i of [...idx].reverse()) {
      if (!delta.isNegative()) break;
      const tira = novo[i]!.min(delta.negated());
      novo[i] = novo[i]!.minus(tira);
      delta = delta.plus(tira);
    }
  }
  const itens = dados.itens.flatMap((it, i) => {
    if (novo[i]!.eq(base[i]!)) return [it];
    if (novo[i]!.isZero()) return [];
    const emEmbalagem = novo[i]!.dividedBy(fator[i]!, 3);
    return emEmbalagem.times(fator[i]!).eq(novo[i]!) && emEmbalagem.isInteger()
      ? [{ ...it, quantidade: emEmbalagem.toFixed(3) }]
      : [{ ...it, embalagem: linhas[i]!.unidade ?? it.embalagem, quantidade: novo[i]!.toFixed(3) }];
  });
  if (!itens.length) throw new AppError('conflict', ajusteMensagens.nadaContado, { reason: 'vazio' });
  const ajustado = { ...dados, itens };
  const computado = await computaPedido(tx, ajustado);
  await gravaPedido(tx, id, ajustado, computado, {});
  const avaliacao = await avaliaPedido(tx, ctxDe(p), computado);
  const pendentes = bloqueiosPendentes(avaliacao, await liberacoesDo(tx, id));
  if (pendentes.length)
    throw new AppError('conflict', ajusteMensagens.bloqueio(pendentes.map((b) => b.motivo).join('; ')), {
      reason: 'bloqueio',
    });
  await gravaAvaliacao(tx, id, avaliacao);
  await liberaReservaPedido(tx, actor, id);
  await tentaReservar(tx, actor, id, computado, true);
}
