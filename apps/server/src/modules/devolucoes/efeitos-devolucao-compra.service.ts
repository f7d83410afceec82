import { abaterDevolucao, businessToday, Decimal, devolucoesCompraMensagens } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { lancaNoRazao } from '../estoque/razao.service.ts';
import { abateTitulo } from '../financeiro/abatimentos.service.ts';
import { travaDevolucao } from './efeitos-devolucao.service.ts';

// The effects of a devolução de compra, in the transaction of its NF-e's authorisation (called
// from efeitos-devolucao.service.ts when the devolução's tipo is compra):
// 1. stock: each item OUT of the location and lot it leaves from. The ledger has no operation for
//    «a saída valued at a given cost» (saida and a negative ajuste are valued at the custo médio;
//    estorno takes the cost of the row it reverses but reverses a whole row, once — the
//    estoque_movimentos.estorno_de key is unique — and a return is usually part of a row). The rule
//    applied: a ledger `saida` (origem devolucao), valued at the custo médio of the moment, which
//    leaves the custo médio as it is. It equals the README's custoMedioAposDevolucaoDeCompra (the
//    estorno de entrada formula) whenever the average is the cost the goods came in with — a
//    product bought once, or always at the same cost —; otherwise the difference stays in the
//    average (the row's value is the average's, not the receipt's). The receipt's unit cost is kept
//    in devolucao_itens.custo_unitario. Not there (disponível short) → refused with the ledger's
//    message, and nothing of the authorisation is written.
// 2. money: the return's value (Σ vItem) deducted from the receipt's open payables (origem
//    entrada) from the last instalment back (abaterDevolucao, abateTitulo with no commission); the
//    excess — the supplier was already paid — is crédito com o fornecedor (creditos_movimentos with
//    fornecedor_id, tipo devolucao).
// Cancelling the NF-e (or an effected return) reverses both — estornaDevolucao, one for both tipos:
// the saídas by estorno rows (at the cost they left with, back into the average), the abatimentos,
// the crédito (refused once it was used).

/** The devolução locked (travaDevolucao), refused when it is not a devolução de compra. */
async function travaDevolucaoCompra(tx: Tx, id: string) {
  const d = await travaDevolucao(tx, id);
  if (d.tipo !== 'compra') throw new AppError('conflict', devolucoesCompraMensagens.naoDeCompra);
  return d;
}

/** Applies the devolução de compra's effects (its NF-e authorised). */
export async function efetivaDevolucaoCompra(
  tx: Tx,
  actor: Actor,
  id: string,
  para: 'autorizada' | 'lancada',
): Promise<void> {
  const d = await travaDevolucaoCompra(tx, id);
  if (d.status === para) return;
  const itens = rowsOf<{ product_id: string; local_id: string; lote_id: string | null; quantidade: string }>(
    await tx.execute(sql`select product_id, local_id, lote_id, quantidade::text
      from devolucao_itens where devolucao_id = ${id} order by sequencia`),
  );
  // 1. stock out (see the header for the valuation)
  await lancaNoRazao(
    tx,
    actor,
    itens.map((i) => ({
      op: {
        tipo: 'saida' as const,
        chave: { produtoId: i.product_id, localId: i.local_id, loteId: i.lote_id },
        quantidade: i.quantidade,
      },
      meta: { origem: 'devolucao', origemId: id, observacao: `Devolução de compra nº ${d.numero}` },
    })),
  );
  // 2. money: the receipt's open payables, last instalment first
  const titulos = rowsOf<{ id: string; parcela: number; vencimento: string; saldo: string; status: string }>(
    await tx.execute(sql`select f.id, f.parcela, f.data_vencimento::text as vencimento, f.saldo::text, f.status
      from financial_accounts f
      where f.tipo = 'pagar' and f.origem = 'entrada' and f.origem_id = ${d.entrada_id}
      order by f.id for update of f`),
  );
  const { abatimentos, credito } = abaterDevolucao(d.valor_total, titulos);
  const data = businessToday();
  for (const a of abatimentos)
    await abateTitulo(tx, actor, {
      tituloId: a.titulo_id,
      origem: 'devolucao',
      devolucaoId: id,
      valor: a.abatimento,
      comissao: '0',
      data,
      historico: `Abatimento pela devolução de compra nº ${d.numero}`,
    });
  if (Decimal.of(credito).isPositive())
    await tx.execute(sql`insert into creditos_movimentos (fornecedor_id, tipo, valor, devolucao_id, historico, user_id, usuario)
      values (${d.fornecedor_id}, 'devolucao', ${credito}, ${id}, ${`Crédito da devolução de compra nº ${d.numero}`},
        ${actor.userId}, ${actor.email ?? null})`);
  const abatido = Decimal.of(d.valor_total).minus(credito).toFixed(2);
  await tx.execute(sql`update devolucoes set status = ${para}, efetivada_em = now(), valor_abatido = ${abatido},
      valor_credito = ${credito}, versao = versao + 1, updated_at = now()
    where id = ${id}`);
}

export async function saldoCreditoFornecedor(tx: Tx, fornecedorId: string): Promise<string> {
  const [r] = rowsOf<{ saldo: string }>(
    await tx.execute(sql`select coalesce(sum(valor), 0)::numeric(14,2)::text as saldo
      from creditos_movimentos where fornecedor_id = ${fornecedorId}`),
  );
  return r!.saldo;
}

/** 409 when the effects cannot be undone (the crédito with the supplier was used). */
export async function verificaEstornoDevolucaoCompra(tx: Tx, id: string): Promise<void> {
  const d = await travaDevolucaoCompra(tx, id);
  if (!Decimal.of(d.valor_credito).isPositive() || !d.fornecedor_id) return;
  const disponivel = await saldoCreditoFornecedor(tx, d.fornecedor_id);
  if (Decimal.of(disponivel).lt(d.valor_credito))
    throw new AppError('conflict', devolucoesCompraMensagens.creditoUsado(disponivel, d.valor_credito), {
      reason: 'credito_usado',
    });
}
