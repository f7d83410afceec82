import {
  CASAS_QUANTIDADE,
  chaveSaldo,
  Decimal,
  genericMessages,
  movimentoMensagens,
  razaoMensagens,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { type Alocacao, alocaSaida, leLocal, validaMovimento } from './alocacao.service.ts';
import { type Lancamento, lancaNoRazao, type MovimentoGravado } from './razao.service.ts';

// Reservations for the orders and dispatch issues: quantities promised to an origin document (an
// approved order) beside the balances they are taken from (disponível = saldo − reservado). All
// three run inside the caller's transaction. Reserving refuses what is not available (FEFO picks
// the lots when none is named; avaria locations and expired lots never); releasing and consuming
// refuse more than the document holds. Stock in an avaria location is never reserved. Consuming
// is the saída of what was reserved.

/** The document a reservation belongs to, e.g. { origem: 'pedido', origemId: '<uuid>' }. */
export type DocumentoOrigem = { origem: string; origemId: string };

export type ItemReserva = {
  produtoId: string;
  quantidade: string;
  localId?: string | null;
  loteId?: string | null;
};

/** What a document holds: one row per balance key. */
export type ReservaRow = Alocacao & { id: number };

export async function reservasDoDocumento(tx: Tx, doc: DocumentoOrigem): Promise<ReservaRow[]> {
  const rows = rowsOf<{
    id: number | string;
    produto_id: string;
    local_id: string;
    lote_id: string | null;
    quantidade: string;
  }>(
    await tx.execute(sql`
      select r.id, r.produto_id, r.local_id, r.lote_id, r.quantidade::text as quantidade
      from estoque_reservas r left join lotes l on l.id = r.lote_id
      where r.origem = ${doc.origem} and r.origem_id = ${doc.origemId}
      order by r.produto_id, l.validade nulls last, r.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    chave: { produtoId: r.produto_id, localId: r.local_id, loteId: r.lote_id },
    quantidade: r.quantidade,
  }));
}

/** Reserves each item for the document (in one go: all or nothing). Answers where it was reserved. */
export async function reservaEstoque(
  tx: Tx,
  actor: Actor,
  doc: DocumentoOrigem,
  itens: ItemReserva[],
): Promise<Alocacao[]> {
  const alocacoes: Alocacao[] = [];
  for (const item of itens) {
    const produto = await validaMovimento(
      tx,
      {
        produtoId: item.produtoId,
        localIds: [item.localId],
        loteId: item.loteId,
        quantidade: item.quantidade,
      },
      { loteObrigatorio: false },
    );
    if (item.localId && (await leLocal(tx, item.localId))?.tipo === 'avaria')
      throw new AppError('validation_failed', genericMessages.validation, {
        fields: { local_id: [movimentoMensagens.reservaEmAvaria] },
      });
    alocacoes.push(...(await alocaSaida(tx, produto, item)));
  }
  await lancaNoRazao(
    tx,
    actor,
    alocacoes.map((a) => ({ op: { tipo: 'reserva', chave: a.chave, quantidade: a.quantidade } })),
  );
  for (const a of alocacoes) {
    await tx.execute(sql`
      insert into estoque_reservas as r (origem, origem_id, produto_id, local_id, lote_id, quantidade)
      values (${doc.origem}, ${doc.origemId}, ${a.chave.produtoId}, ${a.chave.localId}, ${a.chave.loteId},
        ${a.quantidade})
      on conflict (origem, origem_id, produto_id, local_id, lote_id)
      do update set quantidade = r.quantidade + excluded.quantidade, updated_at = now()`);
  }
  return alocacoes;
}

type Escolha = { ok: true; tomadas: Alocacao[] } | { ok: false; produtoId: string; reservado: string };

/**
 * Which of the document's reservations `itens` take (per product, earliest validade first); every
 * reservation of the document when `itens` is omitted; or the product the document holds too little of.
 */
function escolhe(
  reservas: ReservaRow[],
  itens: { produtoId: string; quantidade: string }[] | undefined,
): Escolha {
  if (!itens)
    return { ok: true, tomadas: reservas.map((r) => ({ chave: r.chave, quantidade: r.quantidade })) };
  const tomadas: Alocacao[] = [];
  for (const item of itens) {
    let resta = Decimal.of(item.quantidade);
    const doProduto = reservas.filter((r) => r.chave.produtoId === item.produtoId);
    for (const r of doProduto) {
      if (!resta.isPositive()) break;
      const toma = resta.min(r.quantidade);
      tomadas.push({ chave: r.chave, quantidade: toma.toFixed(CASAS_QUANTIDADE) });
      resta = resta.minus(toma);
    }
    if (resta.isPositive()) {
      const reservado = Decimal.sum(doProduto.map((r) => r.quantidade)).toFixed(CASAS_QUANTIDADE);
      return { ok: false, produtoId: item.produtoId, reservado };
    }
  }
  return { ok: true, tomadas };
}

async function baixaReservas(tx: Tx, doc: DocumentoOrigem, tomadas: Alocacao[]): Promise<void> {
  const porChave = new Map<string, Decimal>();
  for (const t of tomadas)
    porChave.set(chaveSaldo(t.chave), (porChave.get(chaveSaldo(t.chave)) ?? Decimal.ZERO).plus(t.quantidade));
  for (const t of tomadas) {
    const q = porChave.get(chaveSaldo(t.chave));
    if (!q) continue;
    porChave.delete(chaveSaldo(t.chave));
    const where = sql`origem = ${doc.origem} and origem_id = ${doc.origemId} and produto_id = ${t.chave.produtoId}
      and local_id = ${t.chave.localId} and lote_id is not distinct from ${t.chave.loteId}`;
    await tx.execute(sql`delete from estoque_reservas where ${where} and quantidade <= ${q.toFixed(3)}`);
    await tx.execute(sql`update estoque_reservas set quantidade = quantidade - ${q.toFixed(3)}, updated_at = now()
      where ${where} and quantidade > ${q.toFixed(3)}`);
  }
}

async function tomadasDe(
  tx: Tx,
  doc: DocumentoOrigem,
  itens: { produtoId: string; quantidade: string }[] | undefined,
): Promise<Alocacao[]> {
  const escolha = escolhe(await reservasDoDocumento(tx, doc), itens);
  if (escolha.ok) return escolha.tomadas;
  const [row] = rowsOf<{ nome: string }>(
    await tx.execute(sql`select nome from products where id = ${escolha.produtoId}`),
  );
  const documento = `${doc.origem} ${doc.origemId}`;
  throw new AppError(
    'unprocessable',
    razaoMensagens.reservaInsuficiente(row?.nome ?? escolha.produtoId, documento, escolha.reservado),
    { reason: 'reserva_insuficiente', produto_id: escolha.produtoId, reservado: escolha.reservado },
  );
}

/** Releases what the document reserved (all of it, or `itens` per product). */
export async function liberaReserva(
  tx: Tx,
  actor: Actor,
  doc: DocumentoOrigem,
  itens?: { produtoId: string; quantidade: string }[],
): Promise<Alocacao[]> {
  const tomadas = await tomadasDe(tx, doc, itens);
  await lancaNoRazao(
    tx,
    actor,
    tomadas.map((t) => ({ op: { tipo: 'liberacao', chave: t.chave, quantidade: t.quantidade } })),
  );
  await baixaReservas(tx, doc, tomadas);
  return tomadas;
}

/** The saída of what the document reserved (all of it, or `itens` per product): ledger rows. */
export async function consomeReserva(
  tx: Tx,
  actor: Actor,
  doc: DocumentoOrigem,
  itens?: { produtoId: string; quantidade: string }[],
): Promise<MovimentoGravado[]> {
  const tomadas = await tomadasDe(tx, doc, itens);
  const lancamentos: Lancamento[] = tomadas.map((t) => ({
    op: { tipo: 'saida', chave: t.chave, quantidade: t.quantidade, consumirReserva: true },
    meta: { origem: doc.origem, origemId: doc.origemId },
  }));
  const gravados = await lancaNoRazao(tx, actor, lancamentos);
  await baixaReservas(tx, doc, tomadas);
  return gravados;
}
