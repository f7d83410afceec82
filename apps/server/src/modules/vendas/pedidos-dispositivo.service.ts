import {
  Decimal,
  diferencasPedido,
  genericMessages,
  type PedidoDados,
  type PedidoVendasDados,
  type RespostaPedidoVendas,
  vendasMensagens,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { computaPedido } from '../comercial/pedido-calculo.service.ts';
import { criaPedidoEm, transitaPedidoEm } from '../comercial/pedidos.service.ts';
import { getPedido } from '../comercial/pedidos-leitura.service.ts';
import type { VendedorDoUsuario } from './vendedor-do-usuario.ts';

// POST /api/vendas/pedidos: an order taken on the device, created and confirmed through the order
// service in one transaction whose first write takes the device's Idempotency-Key — a retry or a
// second tab waits on the key's primary key, then answers the first post's stored answer. The server
// recomputes everything: a line the device priced at its table price gets today's table price (a
// price the seller typed over is kept and the price blocker judges it); then the blockers and the
// stock reservation as on the order screen. The answer says what changed, in the seller's words.

/** The key taken by this transaction, or the stored answer of the post that took it first. */
async function tomaChave(tx: Tx, chave: string, userId: string): Promise<RespostaPedidoVendas | null> {
  const [nova] = rowsOf<{ k: string }>(
    await tx.execute(sql`insert into vendas_pedidos_dispositivo (idempotency_key, usuario_id)
      values (${chave}, ${userId}) on conflict (idempotency_key) do nothing returning idempotency_key as k`),
  );
  if (nova) return null;
  const [r] = rowsOf<{ usuario_id: string; resposta: RespostaPedidoVendas | null }>(
    await tx.execute(
      sql`select usuario_id, resposta from vendas_pedidos_dispositivo where idempotency_key = ${chave}`,
    ),
  );
  if (!r || r.usuario_id !== userId || !r.resposta)
    throw new AppError('conflict', vendasMensagens.chaveReusada, { reason: 'idempotency_key' });
  return { ...r.resposta, repetido: true };
}

async function clienteDaCarteira(tx: Tx, clienteId: string, vendedorId: string) {
  const [c] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select vendedor_id = ${vendedorId} as ok from clientes where id = ${clienteId}`),
  );
  if (!c?.ok)
    throw new AppError('validation_failed', genericMessages.validation, {
      fields: { 'pedido.cliente_id': [vendasMensagens.clienteForaDaCarteira] },
    });
}

/** The condição and forma de pagamento the seller chose: only active ones (the device's list may be stale). */
async function pagamentoAtivo(tx: Tx, condicaoId: string | null, formaId: string | null) {
  const fields: Record<string, string[]> = {};
  if (condicaoId) {
    const [r] = rowsOf<{ ativo: boolean }>(
      await tx.execute(sql`select ativo from condicoes_pagamento where id = ${condicaoId}`),
    );
    if (!r?.ativo) fields['pedido.condicao_pagamento_id'] = [vendasMensagens.condicaoInativa];
  }
  if (formaId) {
    const [r] = rowsOf<{ ativo: boolean }>(
      await tx.execute(sql`select ativo from formas_pagamento where id = ${formaId}`),
    );
    if (!r?.ativo) fields['pedido.forma_pagamento_id'] = [vendasMensagens.formaInativa];
  }
  if (Object.keys(fields).length)
    throw new AppError('validation_failed', genericMessages.validation, { fields });
}

export async function recebePedidoDoDispositivo(
  db: Db,
  actor: Actor & { userId: string },
  vendedor: VendedorDoUsuario,
  chave: string,
  input: PedidoVendasDados,
): Promise<RespostaPedidoVendas> {
  return writeTx(db, actor, async (tx) => {
    const anterior = await tomaChave(tx, chave, actor.userId);
    if (anterior) return anterior;
    await clienteDaCarteira(tx, input.pedido.cliente_id, vendedor.id);
    await pagamentoAtivo(tx, input.pedido.condicao_pagamento_id, input.pedido.forma_pagamento_id);
    const digitado: PedidoDados = { ...input.pedido, vendedor_id: vendedor.id };
    // the server's table prices today: a line at the device's table price follows them
    const { precos } = await computaPedido(tx, digitado);
    const pedido: PedidoDados = {
      ...digitado,
      itens: digitado.itens.map((item, i) => {
        const tabelaDispositivo = input.dispositivo.precos_tabela[i];
        const tabelaServidor = precos[i]?.preco;
        const seguiuTabela = tabelaDispositivo != null && Decimal.of(item.preco).eq(tabelaDispositivo);
        return seguiuTabela && tabelaServidor ? { ...item, preco: tabelaServidor } : item;
      }),
    };
    const id = await criaPedidoEm(tx, actor, pedido);
    await transitaPedidoEm(tx, actor, id, { para: 'digitado', motivo: null });
    const p = await getPedido(tx as unknown as Db, id);
    const nomes = new Map(p.itens.map((i) => [i.produto_id, i.produto_nome]));
    const resposta: RespostaPedidoVendas = {
      pedido_id: id,
      numero: p.numero,
      status: p.status,
      valor_total: p.valor_total,
      diferencas: diferencasPedido(
        {
          total: input.dispositivo.total,
          itens: input.pedido.itens.map((i) => ({
            produto_id: i.produto_id,
            nome: nomes.get(i.produto_id) ?? '',
            preco: i.preco,
          })),
        },
        {
          total: p.valor_total,
          itens: p.itens.map((i) => ({ produto_id: i.produto_id, nome: i.produto_nome, preco: i.preco })),
        },
        p.bloqueios.filter((b) => b.pendente),
      ),
      repetido: false,
    };
    await tx.execute(sql`update vendas_pedidos_dispositivo set pedido_id = ${id}, resposta = ${JSON.stringify(resposta)}::jsonb
      where idempotency_key = ${chave}`);
    return resposta;
  });
}
