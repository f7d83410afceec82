import {
  aprovaCompras,
  CASAS_DINHEIRO,
  Decimal,
  type EncerrarItensPedidoCompraInput,
  type ItemPedidoCompraInput,
  type PedidoCompraInput,
  type PedidoCompraUpdateInput,
  paraUnidadeBase,
  pedidoCompraMensagens,
  podeAprovarPedidoCompra,
  podeTransitarPedidoCompra,
  STATUS_PEDIDO_COMPRA_EDITAVEIS,
  type StatusPedidoCompra,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError, type FieldErrors } from '../../lib/errors.ts';
import { lerConfiguracaoCompras } from './configuracao-compras.service.ts';

// Writing purchase orders (issue 34): create and edit a draft (the whole order each time: header
// and items, one statement for the items), «Aprovar» (the limit rule: above it only an approver —
// 403 otherwise), «Cancelar» with a reason. «Enviar ao fornecedor» is in envio-pedido-compra.service.ts.
// Every write is one audited transaction; a refused input writes nothing.

const PRECO_CASAS_BASE = 6;

type LinhaPronta = {
  sequencia: number;
  product_id: string;
  unidade: string;
  fator: string;
  quantidade_informada: string;
  preco_informado: string;
  quantidade: string;
  preco: string;
  valor_total: string;
  previsao_entrega: string | null;
};

const erroCampos = (fields: FieldErrors) => {
  const [primeira] = Object.values(fields).flat();
  return new AppError('unprocessable', primeira ?? 'Dados inválidos', { fields });
};

function adiciona(fields: FieldErrors, campo: string, mensagem: string) {
  const lista = fields[campo] ?? [];
  lista.push(mensagem);
  fields[campo] = lista;
}

/**
 * The supplier, the condição and every line checked against the registers (product active, unit
 * the base unit or a packaging of the product) and converted to the base unit. All errors at once,
 * as field errors (`itens.2.produto_id`), 422.
 */
async function confere(tx: Tx, input: PedidoCompraInput): Promise<LinhaPronta[]> {
  const fields: FieldErrors = {};
  const [forn] = rowsOf<{ ativo: boolean }>(
    await tx.execute(sql`select ativo from fornecedores where id = ${input.fornecedor_id}`),
  );
  if (!forn) adiciona(fields, 'fornecedor_id', pedidoCompraMensagens.fornecedorInexistente);
  else if (!forn.ativo) adiciona(fields, 'fornecedor_id', pedidoCompraMensagens.fornecedorInativo);
  if (input.condicao_pagamento_id) {
    const [c] = rowsOf<{ ativo: boolean }>(
      await tx.execute(sql`select ativo from condicoes_pagamento where id = ${input.condicao_pagamento_id}`),
    );
    if (!c?.ativo) adiciona(fields, 'condicao_pagamento_id', pedidoCompraMensagens.condicaoInexistente);
  }
  const ids = [...new Set(input.itens.map((i) => i.produto_id))];
  const produtos = new Map(
    rowsOf<{ id: string; nome: string; unidade: string; ativo: boolean }>(
      await tx.execute(sql`select id, nome, unidade, ativo from products
        where id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))`),
    ).map((p) => [p.id, p]),
  );
  const embalagens = rowsOf<{ produto_id: string; unidade: string; fator: string }>(
    await tx.execute(sql`select produto_id, unidade, fator::text from produto_embalagens
      where produto_id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid))`),
  );
  const linhas = input.itens.map((item: ItemPedidoCompraInput, n): LinhaPronta | null => {
    const p = produtos.get(item.produto_id);
    if (!p) {
      adiciona(fields, `itens.${n}.produto_id`, pedidoCompraMensagens.produtoInexistente);
      return null;
    }
    if (!p.ativo) adiciona(fields, `itens.${n}.produto_id`, pedidoCompraMensagens.produtoInativo);
    const fator =
      item.unidade === p.unidade
        ? '1'
        : embalagens.find((e) => e.produto_id === p.id && e.unidade === item.unidade)?.fator;
    if (!fator) {
      adiciona(fields, `itens.${n}.unidade`, pedidoCompraMensagens.unidadeInvalida(item.unidade, p.nome));
      return null;
    }
    let quantidade: string;
    try {
      quantidade = paraUnidadeBase(item.quantidade, fator);
    } catch {
      adiciona(fields, `itens.${n}.quantidade`, 'Quantidade inválida para esta embalagem');
      return null;
    }
    return {
      sequencia: n + 1,
      product_id: p.id,
      unidade: item.unidade,
      fator: Decimal.of(fator).toFixed(3),
      quantidade_informada: item.quantidade,
      preco_informado: item.preco,
      quantidade,
      preco: Decimal.of(item.preco).dividedBy(fator, PRECO_CASAS_BASE).toFixed(PRECO_CASAS_BASE),
      valor_total: Decimal.of(item.quantidade)
        .times(item.preco)
        .round(CASAS_DINHEIRO)
        .toFixed(CASAS_DINHEIRO),
      previsao_entrega: item.previsao_entrega,
    };
  });
  if (Object.keys(fields).length) throw erroCampos(fields);
  return linhas as LinhaPronta[];
}

function totais(linhas: readonly LinhaPronta[], frete: string) {
  const produtos = Decimal.sum(linhas.map((l) => l.valor_total));
  return {
    valor_produtos: produtos.toFixed(CASAS_DINHEIRO),
    valor_total: produtos.plus(frete).toFixed(CASAS_DINHEIRO),
  };
}

async function insereItens(tx: Tx, pedidoId: string, linhas: readonly LinhaPronta[]) {
  // one statement: the items' audit rows are written by the statement-level trigger
  await tx.execute(sql`insert into pedido_compra_itens (pedido_id, sequencia, product_id, unidade, fator,
      quantidade_informada, preco_informado, quantidade, preco, valor_total, previsao_entrega)
    select ${pedidoId}::uuid, x.sequencia, x.product_id, x.unidade, x.fator, x.quantidade_informada,
      x.preco_informado, x.quantidade, x.preco, x.valor_total, x.previsao_entrega
    from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as x(sequencia int, product_id uuid, unidade text,
      fator numeric, quantidade_informada numeric, preco_informado numeric, quantidade numeric, preco numeric,
      valor_total numeric, previsao_entrega date)`);
}

/** POST /api/compras/pedidos — a draft; answers its id. */
export async function criaPedidoCompra(db: Db, actor: Actor, input: PedidoCompraInput): Promise<string> {
  return writeTx(db, actor, async (tx) => {
    const linhas = await confere(tx, input);
    const t = totais(linhas, input.frete);
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into pedidos_compra (fornecedor_id, condicao_pagamento_id, frete, valor_produtos,
          valor_total, previsao_entrega, observacao, created_by)
        values (${input.fornecedor_id}, ${input.condicao_pagamento_id}, ${input.frete}, ${t.valor_produtos},
          ${t.valor_total}, ${input.previsao_entrega}, ${input.observacao}, ${actor.userId})
        returning id`),
    );
    await insereItens(tx, row!.id, linhas);
    return row!.id;
  });
}

type Cabecalho = { id: string; status: StatusPedidoCompra; versao: number; valor_total: string };

/** The order locked for a write (404 when absent). */
export async function travaPedido(tx: Tx, id: string): Promise<Cabecalho> {
  const [p] = rowsOf<Cabecalho>(
    await tx.execute(
      sql`select id, status, versao, valor_total::text from pedidos_compra where id = ${id} for update`,
    ),
  );
  if (!p) throw new AppError('not_found', pedidoCompraMensagens.naoEncontrado);
  return { ...p, versao: Number(p.versao) };
}

/** PUT /api/compras/pedidos/:id — a draft only, on the version it was read at. */
export async function atualizaPedidoCompra(
  db: Db,
  actor: Actor,
  id: string,
  input: PedidoCompraUpdateInput,
): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    const p = await travaPedido(tx, id);
    if (!STATUS_PEDIDO_COMPRA_EDITAVEIS.includes(p.status))
      throw new AppError('conflict', pedidoCompraMensagens.naoEditavel);
    if (p.versao !== input.versao) throw new AppError('conflict', pedidoCompraMensagens.versao);
    const linhas = await confere(tx, input);
    const t = totais(linhas, input.frete);
    await tx.execute(sql`delete from pedido_compra_itens where pedido_id = ${id}`);
    await insereItens(tx, id, linhas);
    await tx.execute(sql`update pedidos_compra set fornecedor_id = ${input.fornecedor_id},
        condicao_pagamento_id = ${input.condicao_pagamento_id}, frete = ${input.frete},
        valor_produtos = ${t.valor_produtos}, valor_total = ${t.valor_total},
        previsao_entrega = ${input.previsao_entrega}, observacao = ${input.observacao},
        versao = versao + 1, updated_at = now()
      where id = ${id}`);
  });
}

/**
 * POST /api/compras/pedidos/:id/aprovar — within the company's limit anyone with the Compras
 * permission approves; above it only admin or a role listed in compras_papeis_aprovadores (403
 * with the reason otherwise).
 */
export async function aprovaPedidoCompra(
  db: Db,
  actor: Actor,
  papeis: readonly string[],
  id: string,
): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    const p = await travaPedido(tx, id);
    const cfg = await lerConfiguracaoCompras(tx);
    const v = podeAprovarPedidoCompra({
      status: p.status,
      total: p.valor_total,
      limite: cfg.limite_aprovacao,
      aprovador: aprovaCompras(papeis, cfg.papeis_aprovadores),
    });
    if (!v.permitido) throw new AppError(v.semPermissao ? 'forbidden' : 'conflict', v.motivo);
    await tx.execute(sql`update pedidos_compra set status = 'aprovado', aprovado_por = ${actor.userId},
        aprovado_em = now(), versao = versao + 1, updated_at = now()
      where id = ${id}`);
  });
}

/** POST /api/compras/pedidos/:id/cancelar — rascunho, aprovado or enviado (not after a receipt). */
export async function cancelaPedidoCompra(db: Db, actor: Actor, id: string, motivo: string): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    const p = await travaPedido(tx, id);
    const v = podeTransitarPedidoCompra(p.status, 'cancelado');
    if (!v.permitido) throw new AppError('conflict', v.motivo);
    await tx.execute(sql`update pedidos_compra set status = 'cancelado', cancelado_em = now(),
        motivo_cancelamento = ${motivo}, versao = versao + 1, updated_at = now()
      where id = ${id}`);
  });
}

/**
 * POST /api/compras/pedidos/:id/encerrar-itens — a partly received order's open lines closed short
 * (all of them, or those listed): their rest leaves «em pedido»; when no line is left open the order
 * is recebido. An order not yet received is cancelled instead.
 */
export async function encerraItensPedidoCompra(
  db: Db,
  actor: Actor,
  id: string,
  input: EncerrarItensPedidoCompraInput,
): Promise<void> {
  await writeTx(db, actor, async (tx) => {
    const p = await travaPedido(tx, id);
    if (p.status !== 'parcialmente_recebido')
      throw new AppError('conflict', pedidoCompraMensagens.encerrarSoAposRecebimento);
    const filtro = input.item_ids
      ? sql`and id = any(array(select jsonb_array_elements_text(${JSON.stringify(input.item_ids)}::jsonb)::uuid))`
      : sql``;
    const fechados = rowsOf<{ id: string }>(
      await tx.execute(sql`update pedido_compra_itens set encerrado_em = now(), motivo_encerramento = ${input.motivo}
        where pedido_id = ${id} and encerrado_em is null and quantidade_recebida < quantidade ${filtro}
        returning id`),
    );
    if (!fechados.length) throw new AppError('conflict', pedidoCompraMensagens.semItensAbertos);
    const [aberto] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from pedido_compra_itens
        where pedido_id = ${id} and encerrado_em is null and quantidade_recebida < quantidade`),
    );
    await tx.execute(sql`update pedidos_compra set
        status = ${Number(aberto!.n) === 0 ? 'recebido' : 'parcialmente_recebido'},
        versao = versao + 1, updated_at = now()
      where id = ${id}`);
  });
}
