import {
  casaItensComPedido,
  comparaRecebimento,
  Decimal,
  type DivergenciaRecebimento,
  type ItemNotaRecebimento,
  type LinhaPedidoRecebimento,
  type SituacaoLinhaRecebimento,
  type StatusPedidoCompra,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { lerToleranciasRecebimento, type ToleranciasRecebimento } from './configuracao-compras.service.ts';

// A goods receipt (modules/entradas) checked against a purchase order of its supplier (issue 34).
// The receipt may be tied to one open order (entradas.pedido_compra_id) and each item to one of its
// lines (entrada_itens.pedido_compra_item_id, chosen by hand); an item without a chosen line is
// matched automatically by product (the shared casaItensComPedido, in the receipt's item order).
// Decision: an item goes WHOLE to one line (the first its product still fills) — never split
// across two lines of the same product — so the estorno can take back exactly what «Lançar» added
// from the stored link alone. The comparison is the shared comparaRecebimento with the company's
// tolerances; beyond them «Lançar» requires the receipt's justificativa_divergencia.
// «Lançar» and «Estornar» (lancamento.service.ts) call aplicaRecebimentoAoLancar /
// desfazRecebimentoAoEstornar inside their own transaction.
// This file never imports modules/entradas (entradas.service imports it for the receipt's detail).

export const STATUS_PEDIDO_ABERTO = ['aprovado', 'enviado', 'parcialmente_recebido'] as const;

export const JUSTIFICATIVA_MIN = 15;
export const JUSTIFICATIVA_MAX = 500;

export const recebimentoPedidoMensagens = {
  entradaNaoEncontrada: 'Entrada não encontrada.',
  itemNaoEncontrado: 'Item da entrada não encontrado.',
  naoEditavel: 'A entrada já foi lançada ou estornada: o pedido de compra não pode mais ser alterado.',
  semFornecedor: 'Informe o fornecedor da entrada antes de escolher o pedido de compra.',
  pedidoNaoEncontrado: 'Pedido de compra não encontrado.',
  outroFornecedor: (numero: number) => `O pedido de compra nº ${numero} é de outro fornecedor.`,
  pedidoFechado: (numero: number, status: string) =>
    `O pedido de compra nº ${numero} está ${status}: só um pedido aprovado, enviado ou parcialmente recebido recebe mercadoria.`,
  semPedido: 'Escolha antes o pedido de compra da entrada.',
  itemSemProduto: 'Associe antes um produto ao item.',
  linhaDeOutroPedido: 'A linha não é do pedido de compra escolhido.',
  linhaOutroProduto: 'A linha do pedido é de outro produto.',
  linhaEncerrada: 'A linha do pedido foi encerrada: não espera mais mercadoria.',
  justificativaTamanho: `A justificativa deve ter de ${JUSTIFICATIVA_MIN} a ${JUSTIFICATIVA_MAX} caracteres.`,
  exigeJustificativa: (numero: number, linhas: string[]) =>
    `Divergências com o pedido de compra nº ${numero} além da tolerância — ${linhas.join('; ')}. Informe a justificativa da divergência (${JUSTIFICATIVA_MIN} a ${JUSTIFICATIVA_MAX} caracteres) para lançar.`,
  pendencia: (numero: number) =>
    `Há divergências com o pedido de compra nº ${numero} além da tolerância: informe a justificativa.`,
} as const;

const statusTexto: Record<StatusPedidoCompra, string> = {
  rascunho: 'em rascunho',
  aprovado: 'aprovado',
  enviado: 'enviado',
  parcialmente_recebido: 'parcialmente recebido',
  recebido: 'recebido',
  cancelado: 'cancelado',
};

// ---- API inputs (the routes live in modules/entradas/entradas.routes.ts) ----

export const vincularPedidoCompraSchema = z.object({ pedido_compra_id: z.string().uuid().nullable() });
export const linhaPedidoDoItemSchema = z.object({ pedido_compra_item_id: z.string().uuid().nullable() });
export const justificativaDivergenciaSchema = z.object({
  justificativa: z
    .string()
    .trim()
    .min(JUSTIFICATIVA_MIN, recebimentoPedidoMensagens.justificativaTamanho)
    .max(JUSTIFICATIVA_MAX, recebimentoPedidoMensagens.justificativaTamanho)
    .nullable(),
});

// ---- What the receipt's detail shows ----

export type PropostaPedidoCompra = {
  id: string;
  numero: number;
  status: StatusPedidoCompra;
  created_at: string;
  previsao_entrega: string | null;
  valor_total: string;
  condicao_pagamento_id: string | null;
  /** Open lines of the order. */
  linhas_abertas: number;
  /** The receipt's mapped products that have an open line in this order (the likelier order first). */
  produtos_em_comum: number;
};

export type LinhaRecebimentoPedido = {
  id: string;
  sequencia: number;
  produto_id: string;
  produto_codigo: string;
  produto_nome: string;
  unidade: string;
  pedida: string;
  recebida_antes: string;
  recebida_agora: string;
  recebida_total: string;
  restante: string;
  /** Per base unit: the order's (4 decimals) and the invoice's ((vProd − vDesc) ÷ base quantity). */
  preco_pedido: string;
  preco_nota: string | null;
  diferenca_preco_percentual: string | null;
  situacao: SituacaoLinhaRecebimento;
  encerrada: boolean;
  divergencias: DivergenciaRecebimento[];
  /** The receipt's items matched to this line. */
  itens: Array<{ item_id: string; n_item: number; escolhida: boolean }>;
};

export type RecebimentoPedido = {
  pedido: {
    id: string;
    numero: number;
    status: StatusPedidoCompra;
    condicao_pagamento_id: string | null;
  };
  tolerancia: ToleranciasRecebimento;
  linhas: LinhaRecebimentoPedido[];
  /** Mapped items that no open line of the order takes (a divergence to justify). */
  itens_sem_pedido: Array<{ item_id: string; n_item: number; x_prod: string; mensagem: string }>;
  /** The order's status once this receipt is posted (null: unchanged). */
  status_resultante: 'parcialmente_recebido' | 'recebido' | null;
  exige_justificativa: boolean;
  justificativa_divergencia: string | null;
  /** The pt-BR sentence per divergence, naming the line (what the 422 of «Lançar» lists). */
  divergencias: string[];
};

export type PedidoCompraDaEntrada = {
  pedido_compra: RecebimentoPedido | null;
  /** Open purchase orders of the receipt's supplier (only while the receipt is editable). */
  pedidos_compra_propostos: PropostaPedidoCompra[];
};

type CabecalhoEntrada = {
  id: string;
  status: 'rascunho' | 'conferida' | 'lancada' | 'estornada';
  fornecedor_id: string | null;
  pedido_compra_id: string | null;
  justificativa_divergencia: string | null;
  condicao_pagamento_id: string | null;
};

type LinhaPedidoBanco = {
  id: string;
  sequencia: number;
  product_id: string;
  produto_codigo: string;
  produto_nome: string;
  unidade: string;
  quantidade: string;
  quantidade_recebida: string;
  preco: string;
  encerrada: boolean;
};

type ItemBanco = {
  id: string;
  n_item: number;
  x_prod: string;
  produto_id: string | null;
  quantidade_base: string | null;
  v_prod: string;
  v_desc: string;
  pedido_compra_item_id: string | null;
};

type PedidoBanco = {
  id: string;
  numero: number;
  status: StatusPedidoCompra;
  fornecedor_id: string;
  condicao_pagamento_id: string | null;
  enviado_em: string | null;
};

const editavel = (s: CabecalhoEntrada['status']) => s === 'rascunho' || s === 'conferida';

async function cabecalho(db: Db | Tx, entradaId: string, trava = false): Promise<CabecalhoEntrada> {
  const [e] = rowsOf<CabecalhoEntrada>(
    await db.execute(sql`select id, status, fornecedor_id, pedido_compra_id, justificativa_divergencia,
      condicao_pagamento_id from entradas where id = ${entradaId} ${trava ? sql`for update` : sql``}`),
  );
  if (!e) throw new AppError('not_found', recebimentoPedidoMensagens.entradaNaoEncontrada);
  return e;
}

async function pedido(db: Db | Tx, id: string, trava = false): Promise<PedidoBanco> {
  const [p] = rowsOf<PedidoBanco>(
    await db.execute(sql`select id, numero, status, fornecedor_id, condicao_pagamento_id, enviado_em
      from pedidos_compra where id = ${id} ${trava ? sql`for update` : sql``}`),
  );
  if (!p) throw new AppError('not_found', recebimentoPedidoMensagens.pedidoNaoEncontrado);
  return { ...p, numero: Number(p.numero) };
}

async function linhasDoPedido(db: Db | Tx, pedidoId: string, trava = false): Promise<LinhaPedidoBanco[]> {
  return rowsOf<LinhaPedidoBanco>(
    await db.execute(sql`select l.id, l.sequencia, l.product_id, p.codigo as produto_codigo, p.nome as produto_nome,
      p.unidade, l.quantidade::text as quantidade, l.quantidade_recebida::text as quantidade_recebida,
      l.preco::text as preco, l.encerrado_em is not null as encerrada
      from pedido_compra_itens l join products p on p.id = l.product_id
      where l.pedido_id = ${pedidoId} order by l.sequencia ${trava ? sql`for update of l` : sql``}`),
  );
}

async function itensDaEntrada(db: Db | Tx, entradaId: string): Promise<ItemBanco[]> {
  return rowsOf<ItemBanco>(
    await db.execute(sql`select id, n_item, x_prod, produto_id, quantidade_base::text as quantidade_base,
      v_prod::text as v_prod, v_desc::text as v_desc, pedido_compra_item_id
      from entrada_itens where entrada_id = ${entradaId} order by n_item`),
  );
}

/** The invoice's price per base unit: (vProd − vDesc) ÷ base quantity, 6 decimals (the order's scale). */
function precoNota(i: ItemBanco): string {
  return Decimal.of(i.v_prod).minus(i.v_desc).dividedBy(i.quantidade_base!, 6).toFixed(6);
}

/**
 * The line each mapped item goes to: the line chosen by hand when it is still valid (this order,
 * same product, not closed — or whatever was stored at posting), else the first open line its
 * product still fills (casaItensComPedido, item by item, with what earlier items took).
 */
function linhaPorItem(
  linhas: readonly LinhaPedidoBanco[],
  itens: readonly ItemBanco[],
  antes: ReadonlyMap<string, Decimal>,
  lancada: boolean,
): Map<string, { linhaId: string | null; escolhida: boolean }> {
  const porId = new Map(linhas.map((l) => [l.id, l]));
  const tomado = new Map(linhas.map((l) => [l.id, antes.get(l.id) ?? Decimal.ZERO]));
  const resultado = new Map<string, { linhaId: string | null; escolhida: boolean }>();
  const mapeados = itens.filter((i) => i.produto_id && i.quantidade_base);
  const pendentes: ItemBanco[] = [];
  for (const i of mapeados) {
    const l = i.pedido_compra_item_id ? porId.get(i.pedido_compra_item_id) : undefined;
    if (l && (lancada || (l.product_id === i.produto_id && !l.encerrada))) {
      resultado.set(i.id, { linhaId: l.id, escolhida: true });
      tomado.set(l.id, tomado.get(l.id)!.plus(i.quantidade_base!));
    } else if (lancada) resultado.set(i.id, { linhaId: null, escolhida: false });
    else pendentes.push(i);
  }
  for (const i of pendentes) {
    const { alocacoes } = casaItensComPedido(
      linhas.map((l) => ({
        id: l.id,
        produto: l.product_id,
        quantidade_pedida: l.quantidade,
        quantidade_recebida_antes: tomado.get(l.id)!.toString(),
        preco: l.preco,
        encerrada: l.encerrada,
      })),
      [{ produto: i.produto_id!, quantidade: i.quantidade_base!, preco: '0' }],
    );
    const linhaId = alocacoes[0]?.linhaId ?? null;
    resultado.set(i.id, { linhaId, escolhida: false });
    if (linhaId) tomado.set(linhaId, tomado.get(linhaId)!.plus(i.quantidade_base!));
  }
  return resultado;
}

/** The comparison of a receipt with its order (the receipt's status decides what "before" is). */
async function compara(
  db: Db | Tx,
  e: CabecalhoEntrada,
  p: PedidoBanco,
  linhas: LinhaPedidoBanco[],
): Promise<{ recebimento: RecebimentoPedido; linhaDoItem: Map<string, string | null> }> {
  const tolerancia = await lerToleranciasRecebimento(db);
  const itens = await itensDaEntrada(db, e.id);
  const lancada = e.status === 'lancada';
  // a posted receipt is already inside quantidade_recebida: "before" is without its own items
  const proprio = new Map<string, Decimal>();
  if (lancada)
    for (const i of itens)
      if (i.pedido_compra_item_id && i.quantidade_base)
        proprio.set(
          i.pedido_compra_item_id,
          (proprio.get(i.pedido_compra_item_id) ?? Decimal.ZERO).plus(i.quantidade_base),
        );
  const antes = new Map(
    linhas.map((l) => [l.id, Decimal.of(l.quantidade_recebida).minus(proprio.get(l.id) ?? Decimal.ZERO)]),
  );
  const escolha = linhaPorItem(linhas, itens, antes, lancada);
  // comparaRecebimento matches by "produto": keyed by line id here, each item goes to its line
  const linhasPedido: LinhaPedidoRecebimento[] = linhas.map((l) => ({
    id: l.id,
    produto: l.id,
    quantidade_pedida: l.quantidade,
    quantidade_recebida_antes: antes.get(l.id)!.toString(),
    preco: l.preco,
    encerrada: l.encerrada,
  }));
  const mapeados = itens.filter((i) => escolha.has(i.id));
  const semLinha = (i: ItemBanco) => `sem-pedido:${i.id}`;
  const itensNota: ItemNotaRecebimento[] = mapeados.map((i) => ({
    produto: escolha.get(i.id)!.linhaId ?? semLinha(i),
    quantidade: i.quantidade_base!,
    preco: precoNota(i),
  }));
  const r = comparaRecebimento({ linhasPedido, itensNota, tolerancia });
  const porLinha = new Map(linhas.map((l) => [l.id, l]));
  const linhasOut: LinhaRecebimentoPedido[] = r.linhas.map((c) => {
    const l = porLinha.get(c.id)!;
    return {
      id: l.id,
      sequencia: Number(l.sequencia),
      produto_id: l.product_id,
      produto_codigo: l.produto_codigo,
      produto_nome: l.produto_nome,
      unidade: l.unidade,
      pedida: c.pedida,
      recebida_antes: c.recebidaAntes,
      recebida_agora: c.recebidaAgora,
      recebida_total: c.recebidaTotal,
      restante: c.restante,
      preco_pedido: c.precoPedido,
      preco_nota: c.precoNota,
      diferenca_preco_percentual: c.diferencaPrecoPercentual,
      situacao: c.situacao,
      encerrada: l.encerrada,
      divergencias: c.divergencias,
      itens: mapeados
        .filter((i) => escolha.get(i.id)!.linhaId === l.id)
        .map((i) => ({ item_id: i.id, n_item: i.n_item, escolhida: escolha.get(i.id)!.escolhida })),
    };
  });
  const porChave = new Map(mapeados.map((i) => [semLinha(i), i]));
  const itensSemPedido = r.itensSemPedido.map((s) => {
    const i = porChave.get(s.produto)!;
    return { item_id: i.id, n_item: i.n_item, x_prod: i.x_prod, mensagem: s.divergencia.mensagem };
  });
  const divergencias = [
    ...linhasOut.flatMap((l) =>
      l.divergencias.map(
        (d) => `linha ${l.sequencia} (${l.produto_codigo} ${l.produto_nome}): ${d.mensagem}`,
      ),
    ),
    ...itensSemPedido.map((s) => `item ${s.n_item} da nota (${s.x_prod}): ${s.mensagem}`),
  ];
  return {
    recebimento: {
      pedido: {
        id: p.id,
        numero: p.numero,
        status: p.status,
        condicao_pagamento_id: p.condicao_pagamento_id,
      },
      tolerancia,
      linhas: linhasOut,
      itens_sem_pedido: itensSemPedido,
      status_resultante: r.statusPedido,
      exige_justificativa: r.exigeJustificativa,
      justificativa_divergencia: e.justificativa_divergencia,
      divergencias,
    },
    linhaDoItem: new Map(mapeados.map((i) => [i.id, escolha.get(i.id)!.linhaId])),
  };
}

/** The supplier's open purchase orders with at least one open line, those sharing the receipt's products first. */
export async function pedidosCompraPropostos(
  db: Db | Tx,
  fornecedorId: string,
  entradaId: string,
): Promise<PropostaPedidoCompra[]> {
  const abertos = sql.join(
    STATUS_PEDIDO_ABERTO.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = rowsOf<PropostaPedidoCompra>(
    await db.execute(sql`select pc.id, pc.numero, pc.status, pc.created_at, pc.previsao_entrega::text as previsao_entrega,
      pc.valor_total::text as valor_total, pc.condicao_pagamento_id,
      (select count(*)::int from pedido_compra_itens l where l.pedido_id = pc.id and l.encerrado_em is null
        and l.quantidade_recebida < l.quantidade) as linhas_abertas,
      (select count(distinct l.product_id)::int from pedido_compra_itens l where l.pedido_id = pc.id
        and l.encerrado_em is null and l.quantidade_recebida < l.quantidade
        and l.product_id in (select i.produto_id from entrada_itens i where i.entrada_id = ${entradaId})) as produtos_em_comum
      from pedidos_compra pc where pc.fornecedor_id = ${fornecedorId} and pc.status in (${abertos})
      order by produtos_em_comum desc, pc.created_at, pc.numero limit 20`),
  );
  return rows
    .filter((r) => r.linhas_abertas > 0)
    .map((r) => ({
      ...r,
      numero: Number(r.numero),
      created_at: new Date(r.created_at as unknown as string).toISOString(),
    }));
}

/** For GET /api/estoque/entradas/:id: the linked order's comparison and the proposals. */
export async function pedidoCompraDaEntrada(db: Db | Tx, entradaId: string): Promise<PedidoCompraDaEntrada> {
  const e = await cabecalho(db, entradaId);
  let pedidoCompra: RecebimentoPedido | null = null;
  if (e.pedido_compra_id) {
    const p = await pedido(db, e.pedido_compra_id);
    pedidoCompra = (await compara(db, e, p, await linhasDoPedido(db, p.id))).recebimento;
  }
  const propostas =
    editavel(e.status) && e.fornecedor_id ? await pedidosCompraPropostos(db, e.fornecedor_id, e.id) : [];
  return { pedido_compra: pedidoCompra, pedidos_compra_propostos: propostas };
}

/**
 * The line of «Pendências» while the chosen order is no longer open (cancelled or completed after it
 * was chosen) or the justification is missing; null when nothing blocks.
 */
export function pendenciaDoPedido(r: RecebimentoPedido | null): string | null {
  if (!r) return null;
  if (!(STATUS_PEDIDO_ABERTO as readonly string[]).includes(r.pedido.status))
    return recebimentoPedidoMensagens.pedidoFechado(r.pedido.numero, statusTexto[r.pedido.status]);
  if (!r.exige_justificativa || r.justificativa_divergencia) return null;
  return recebimentoPedidoMensagens.pendencia(r.pedido.numero);
}

async function travaEditavel(tx: Tx, entradaId: string): Promise<CabecalhoEntrada> {
  const e = await cabecalho(tx, entradaId, true);
  if (!editavel(e.status)) throw new AppError('conflict', recebimentoPedidoMensagens.naoEditavel);
  return e;
}

const toca = (tx: Tx, id: string) =>
  tx.execute(sql`update entradas set versao = versao + 1, updated_at = now() where id = ${id}`);

/**
 * PUT /api/estoque/entradas/:id/pedido-compra — ties the receipt to an open order of its supplier
 * (null unties it). The items' hand-chosen lines are cleared (they were another order's). A receipt
 * with no duplicatas and no condição gets the order's condição de pagamento (a manual receipt).
 */
export async function vinculaPedidoCompra(
  db: Db,
  actor: Actor,
  entradaId: string,
  input: { pedido_compra_id: string | null },
): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    const e = await travaEditavel(tx, entradaId);
    const sets = [sql`pedido_compra_id = ${input.pedido_compra_id}`];
    if (input.pedido_compra_id) {
      if (!e.fornecedor_id) throw new AppError('unprocessable', recebimentoPedidoMensagens.semFornecedor);
      const p = await pedido(tx, input.pedido_compra_id);
      if (p.fornecedor_id !== e.fornecedor_id)
        throw new AppError('unprocessable', recebimentoPedidoMensagens.outroFornecedor(p.numero));
      if (!(STATUS_PEDIDO_ABERTO as readonly string[]).includes(p.status))
        throw new AppError(
          'unprocessable',
          recebimentoPedidoMensagens.pedidoFechado(p.numero, statusTexto[p.status]),
        );
      const [dup] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from entrada_duplicatas where entrada_id = ${entradaId}`,
        ),
      );
      if (!e.condicao_pagamento_id && p.condicao_pagamento_id && !dup!.n)
        sets.push(sql`condicao_pagamento_id = ${p.condicao_pagamento_id}`);
    }
    if (input.pedido_compra_id !== e.pedido_compra_id) {
      await tx.execute(
        sql`update entrada_itens set pedido_compra_item_id = null where entrada_id = ${entradaId}
          and pedido_compra_item_id is not null`,
      );
      sets.push(sql`justificativa_divergencia = null`);
    }
    await tx.execute(sql`update entradas set ${sql.join(sets, sql`, `)} where id = ${entradaId}`);
    await toca(tx, entradaId);
  });
}

/**
 * PUT /api/estoque/entradas/:id/itens/:itemId/pedido-compra — the order line an item goes to,
 * chosen by hand (null: back to the automatic match by product).
 */
export async function defineLinhaDoItem(
  db: Db,
  actor: Actor,
  entradaId: string,
  itemId: string,
  input: { pedido_compra_item_id: string | null },
): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    const e = await travaEditavel(tx, entradaId);
    const [item] = rowsOf<{ entrada_id: string; produto_id: string | null }>(
      await tx.execute(sql`select entrada_id, produto_id from entrada_itens where id = ${itemId}`),
    );
    if (!item || item.entrada_id !== entradaId)
      throw new AppError('not_found', recebimentoPedidoMensagens.itemNaoEncontrado);
    const linhaId = input.pedido_compra_item_id;
    if (linhaId) {
      const erro = (m: string): never => {
        throw new AppError('unprocessable', m, { fields: { pedido_compra_item_id: [m] } });
      };
      if (!e.pedido_compra_id) erro(recebimentoPedidoMensagens.semPedido);
      if (!item.produto_id) erro(recebimentoPedidoMensagens.itemSemProduto);
      const [l] = rowsOf<{ pedido_id: string; product_id: string; encerrada: boolean }>(
        await tx.execute(sql`select pedido_id, product_id, encerrado_em is not null as encerrada
          from pedido_compra_itens where id = ${linhaId}`),
      );
      if (!l || l.pedido_id !== e.pedido_compra_id) erro(recebimentoPedidoMensagens.linhaDeOutroPedido);
      if (l!.product_id !== item.produto_id) erro(recebimentoPedidoMensagens.linhaOutroProduto);
      if (l!.encerrada) erro(recebimentoPedidoMensagens.linhaEncerrada);
    }
    await tx.execute(sql`update entrada_itens set pedido_compra_item_id = ${linhaId} where id = ${itemId}`);
    await toca(tx, entradaId);
  });
}

/** PUT /api/estoque/entradas/:id/justificativa-divergencia — 15 to 500 characters, or null. */
export async function gravaJustificativaDivergencia(
  db: Db,
  actor: Actor,
  entradaId: string,
  input: { justificativa: string | null },
): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    await travaEditavel(tx, entradaId);
    await tx.execute(
      sql`update entradas set justificativa_divergencia = ${input.justificativa} where id = ${entradaId}`,
    );
    await toca(tx, entradaId);
  });
}

/**
 * Inside «Lançar»'s transaction (the receipt row already locked): refuses (422, naming the lines)
 * divergences beyond tolerance without a justification; stores each item's line; adds the items'
 * base quantities to the lines' quantidade_recebida; moves the order to parcialmente_recebido or
 * recebido. Audited through the transaction's actor. Nothing when the receipt has no order.
 */
export async function aplicaRecebimentoAoLancar(tx: Tx, entradaId: string): Promise<void> {
  const e = await cabecalho(tx, entradaId);
  if (!e.pedido_compra_id) return;
  const p = await pedido(tx, e.pedido_compra_id, true);
  if (p.fornecedor_id !== e.fornecedor_id)
    throw new AppError('unprocessable', recebimentoPedidoMensagens.outroFornecedor(p.numero), {
      reason: 'pedido_compra',
    });
  if (!(STATUS_PEDIDO_ABERTO as readonly string[]).includes(p.status))
    throw new AppError(
      'conflict',
      recebimentoPedidoMensagens.pedidoFechado(p.numero, statusTexto[p.status]),
      {
        reason: 'pedido_compra',
      },
    );
  const linhas = await linhasDoPedido(tx, p.id, true);
  const { recebimento, linhaDoItem } = await compara(tx, e, p, linhas);
  if (recebimento.exige_justificativa && !e.justificativa_divergencia)
    throw new AppError(
      'unprocessable',
      recebimentoPedidoMensagens.exigeJustificativa(p.numero, recebimento.divergencias),
      { reason: 'divergencia_pedido_compra', divergencias: recebimento.divergencias },
    );
  for (const [itemId, linhaId] of linhaDoItem)
    await tx.execute(sql`update entrada_itens set pedido_compra_item_id = ${linhaId}
      where id = ${itemId} and pedido_compra_item_id is distinct from ${linhaId}`);
  for (const l of recebimento.linhas)
    if (Decimal.of(l.recebida_agora).isPositive())
      await tx.execute(sql`update pedido_compra_itens set quantidade_recebida = quantidade_recebida + ${l.recebida_agora}::numeric
        where id = ${l.id}`);
  if (recebimento.status_resultante && recebimento.status_resultante !== p.status)
    await tx.execute(sql`update pedidos_compra set status = ${recebimento.status_resultante}, versao = versao + 1,
      updated_at = now() where id = ${p.id}`);
}

/**
 * Inside «Estornar»'s transaction: takes the receipt's quantities back from its order's lines and
 * reopens the order — parcialmente_recebido while anything is still received, recebido when every
 * line is still complete or closed short, else back to enviado (or aprovado when never sent).
 */
export async function desfazRecebimentoAoEstornar(tx: Tx, entradaId: string): Promise<void> {
  const e = await cabecalho(tx, entradaId);
  if (!e.pedido_compra_id) return;
  const p = await pedido(tx, e.pedido_compra_id, true);
  await linhasDoPedido(tx, p.id, true);
  await tx.execute(sql`update pedido_compra_itens l set quantidade_recebida = greatest(0, l.quantidade_recebida - x.q)
    from (select pedido_compra_item_id as id, sum(quantidade_base) as q from entrada_itens
      where entrada_id = ${entradaId} and pedido_compra_item_id is not null group by pedido_compra_item_id) x
    where l.id = x.id and l.pedido_id = ${p.id}`);
  if (p.status !== 'parcialmente_recebido' && p.status !== 'recebido') return;
  const linhas = await linhasDoPedido(tx, p.id);
  const { statusPedido } = comparaRecebimento({
    linhasPedido: linhas.map((l) => ({
      id: l.id,
      produto: l.product_id,
      quantidade_pedida: l.quantidade,
      quantidade_recebida_antes: l.quantidade_recebida,
      preco: l.preco,
      encerrada: l.encerrada,
    })),
    itensNota: [],
    tolerancia: { quantidade_percentual: '0', preco_percentual: '0' },
  });
  const novo: StatusPedidoCompra = statusPedido ?? (p.enviado_em ? 'enviado' : 'aprovado');
  if (novo !== p.status)
    await tx.execute(sql`update pedidos_compra set status = ${novo}, versao = versao + 1, updated_at = now()
      where id = ${p.id}`);
}
