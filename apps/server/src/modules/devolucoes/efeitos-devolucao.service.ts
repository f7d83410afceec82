import {
  abaterDevolucao,
  baseComissaoDaDevolucao,
  businessToday,
  Decimal,
  devolucoesMensagens,
  estornoDeComissao,
  type StatusDevolucao,
  statusDevolucaoLabels,
  type ValoresDevolucao,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { lancaNoRazao } from '../estoque/razao.service.ts';
import { abateTitulo, abatimentosDaDevolucao, estornaAbatimento } from '../financeiro/abatimentos.service.ts';
import {
  efetivaDevolucaoCompra,
  verificaEstornoDevolucaoCompra,
} from './efeitos-devolucao-compra.service.ts';

// The effects of a devolução de venda, in the transaction of its document's authorisation (our
// NF-e) or posting (the customer's NF-e imported) — README, «Efeitos»:
// 1. stock: each item back into the ledger (an entrada at the unit cost it left with, to the
//    location chosen — the one it left from, or the avaria location — and its lot);
// 2. money: the return's value (Σ vItem) deducted from the note's open receivables from the last
//    instalment (abaterDevolucao), each as an abatimento in the título's history; the excess
//    becomes crédito do cliente (creditos_movimentos);
// 3. commission: the order's commission reversed in proportion to the goods returned
//    (estornoDeComissao), taken from the commission the abated títulos have not yet earned (last
//    instalment first); what is left — commission the seller already earned on paid títulos — is
//    recorded as comissao_estorno_pendente (to discount from the seller's next statement).
// A cancelled devolução (its note cancelled at SEFAZ, or a posted one cancelled) reverses all three.

type DevolucaoTravada = {
  id: string;
  numero: number;
  tipo: 'venda' | 'compra';
  status: StatusDevolucao;
  nota_id: string | null;
  pedido_id: string | null;
  cliente_id: string | null;
  entrada_id: string | null;
  fornecedor_id: string | null;
  valor_total: string;
  valor_credito: string;
};

export async function travaDevolucao(tx: Tx, id: string): Promise<DevolucaoTravada> {
  const [d] = rowsOf<DevolucaoTravada>(
    await tx.execute(sql`select id, numero, tipo, status, nota_id, pedido_id, cliente_id, entrada_id, fornecedor_id,
      valor_total::text, valor_credito::text from devolucoes where id = ${id} for update`),
  );
  if (!d) throw new AppError('not_found', devolucoesMensagens.naoEncontrada);
  return d;
}

type ItemEfeito = {
  id: string;
  product_id: string;
  local_id: string;
  lote_id: string | null;
  quantidade: string;
  custo_unitario: string;
  valores: ValoresDevolucao;
};

/** Applies the devolução's effects; `para`: autorizada (our NF-e) or lancada (the customer's). */
export async function efetivaDevolucao(
  tx: Tx,
  actor: Actor,
  id: string,
  para: 'autorizada' | 'lancada',
): Promise<void> {
  const d = await travaDevolucao(tx, id);
  if (d.tipo === 'compra') return efetivaDevolucaoCompra(tx, actor, id, para);
  if (d.status === para) return;
  const itens = rowsOf<ItemEfeito>(
    await tx.execute(sql`select id, product_id, local_id, lote_id, quantidade::text, custo_unitario::text, valores
      from devolucao_itens where devolucao_id = ${id} order by sequencia`),
  );
  // 1. stock
  await lancaNoRazao(
    tx,
    actor,
    itens.map((i) => ({
      op: {
        tipo: 'entrada' as const,
        chave: { produtoId: i.product_id, localId: i.local_id, loteId: i.lote_id },
        quantidade: i.quantidade,
        custoUnitario: i.custo_unitario,
      },
      meta: { origem: 'devolucao', origemId: id, observacao: `Devolução nº ${d.numero}` },
    })),
  );
  // 2. money: the note's open receivables, last instalment first
  const titulos = rowsOf<{
    id: string;
    parcela: number;
    vencimento: string;
    saldo: string;
    status: string;
    comissao_valor: string | null;
    comissao_ganha: string;
  }>(
    await tx.execute(sql`select f.id, f.parcela, f.data_vencimento::text as vencimento, f.saldo::text, f.status,
        f.comissao_valor::text,
        coalesce((select sum(b.comissao) from baixas b where b.titulo_id = f.id and not b.estornada), 0)::text
          as comissao_ganha
      from financial_accounts f
      where f.tipo = 'receber' and f.origem = 'nota_fiscal' and f.origem_id = ${d.nota_id}
      order by f.id for update of f`),
  );
  const { abatimentos, credito } = abaterDevolucao(d.valor_total, titulos);

  // 3. commission to reverse, taken from the abated títulos' unearned commission
  let comissaoResta = Decimal.of(await estornoDaDevolucao(tx, d, itens));
  const comissaoTotal = comissaoResta;
  const data = businessToday();
  for (const a of abatimentos) {
    const t = titulos.find((x) => x.id === a.titulo_id)!;
    const naoGanha = t.comissao_valor ? Decimal.of(t.comissao_valor).minus(t.comissao_ganha) : Decimal.ZERO;
    const comissao = comissaoResta.min(naoGanha.isNegative() ? Decimal.ZERO : naoGanha);
    comissaoResta = comissaoResta.minus(comissao);
    await abateTitulo(tx, actor, {
      tituloId: a.titulo_id,
      origem: 'devolucao',
      devolucaoId: id,
      valor: a.abatimento,
      comissao: comissao.toFixed(2),
      data,
      historico: `Abatimento pela devolução nº ${d.numero}`,
    });
  }
  // what the abated títulos could not take (their shares of the commission round differently from
  // the return's): from the commission still to be earned on the note's títulos that stay open,
  // last instalment first, as commission-only rows — so a return of an unpaid order never leaves a
  // reversal «pendente» for a cent
  if (comissaoResta.isPositive()) {
    const abatidos = new Map(abatimentos.map((a) => [a.titulo_id, a.saldo]));
    const tomadas = await comissaoTomada(tx, id);
    const abertos = titulos
      .filter((t) => (t.status === 'em_aberto' || t.status === 'parcial') && abatidos.get(t.id) !== '0.00')
      .sort((a, b) => b.parcela - a.parcela || (a.vencimento < b.vencimento ? 1 : -1));
    for (const t of abertos) {
      if (!comissaoResta.isPositive()) break;
      const naoGanha = t.comissao_valor
        ? Decimal.of(t.comissao_valor)
            .minus(t.comissao_ganha)
            .minus(tomadas.get(t.id) ?? Decimal.ZERO)
        : Decimal.ZERO;
      if (!naoGanha.isPositive()) continue;
      const comissao = comissaoResta.min(naoGanha);
      comissaoResta = comissaoResta.minus(comissao);
      await abateTitulo(tx, actor, {
        tituloId: t.id,
        origem: 'devolucao',
        devolucaoId: id,
        valor: '0.00',
        comissao: comissao.toFixed(2),
        data,
        historico: `Estorno de comissão pela devolução nº ${d.numero}`,
      });
    }
  }
  if (Decimal.of(credito).isPositive())
    await tx.execute(sql`insert into creditos_movimentos (cliente_id, tipo, valor, devolucao_id, historico, user_id, usuario)
      values (${d.cliente_id}, 'devolucao', ${credito}, ${id}, ${`Crédito da devolução nº ${d.numero}`},
        ${actor.userId}, ${actor.email ?? null})`);
  const abatido = Decimal.of(d.valor_total).minus(credito).toFixed(2);
  await tx.execute(sql`update devolucoes set status = ${para}, efetivada_em = now(), valor_abatido = ${abatido},
      valor_credito = ${credito}, comissao_estorno = ${comissaoTotal.toFixed(2)},
      comissao_estorno_pendente = ${comissaoResta.toFixed(2)}, versao = versao + 1, updated_at = now()
    where id = ${id}`);
}

/** The commission this return's abatimentos already took, per título. */
async function comissaoTomada(tx: Tx, devolucaoId: string): Promise<Map<string, Decimal>> {
  const rows = rowsOf<{ titulo_id: string; comissao: string }>(
    await tx.execute(sql`select titulo_id, sum(comissao)::text as comissao from titulo_abatimentos
      where devolucao_id = ${devolucaoId} and not estornado group by titulo_id`),
  );
  return new Map(rows.map((r) => [r.titulo_id, Decimal.of(r.comissao)]));
}

/** The commission this return reverses (the order's commission, in proportion to the goods). */
async function estornoDaDevolucao(tx: Tx, d: DevolucaoTravada, itens: ItemEfeito[]): Promise<string> {
  if (!d.pedido_id) return '0.00';
  const [p] = rowsOf<{ comissao_valor: string; base: string }>(
    await tx.execute(sql`select o.comissao_valor::text,
        (select coalesce(sum(i.subtotal), 0) from sales_order_items i where i.order_id = o.id)::text as base
      from sales_orders o where o.id = ${d.pedido_id}`),
  );
  if (!p || !Decimal.of(p.comissao_valor).isPositive()) return '0.00';
  const anteriores = rowsOf<{ base: string; estorno: string }>(
    await tx.execute(sql`select (select coalesce(sum((di.valores->>'vProd')::numeric - (di.valores->>'vDesc')::numeric), 0)
          from devolucao_itens di where di.devolucao_id = d.id)::text as base,
        d.comissao_estorno::text as estorno
      from devolucoes d
      where d.pedido_id = ${d.pedido_id} and d.id <> ${d.id} and d.status in ('autorizada', 'lancada')`),
  );
  return estornoDeComissao({
    comissao: p.comissao_valor,
    base: p.base,
    baseDevolvida: baseComissaoDaDevolucao(itens.map((i) => i.valores)),
    anteriores,
  });
}

/** 409 when the devolução's effects cannot be undone (its crédito was used). */
export async function verificaEstornoDevolucao(tx: Tx, id: string): Promise<void> {
  const d = await travaDevolucao(tx, id);
  if (d.tipo === 'compra') return verificaEstornoDevolucaoCompra(tx, id);
  if (!Decimal.of(d.valor_credito).isPositive() || !d.cliente_id) return;
  const disponivel = await saldoCreditoCliente(tx, d.cliente_id);
  if (Decimal.of(disponivel).lt(d.valor_credito))
    throw new AppError('conflict', devolucoesMensagens.creditoUsado(disponivel, d.valor_credito), {
      reason: 'credito_usado',
    });
}

export async function saldoCreditoCliente(tx: Tx, clienteId: string): Promise<string> {
  const [r] = rowsOf<{ saldo: string }>(
    await tx.execute(sql`select coalesce(sum(valor), 0)::numeric(14,2)::text as saldo
      from creditos_movimentos where cliente_id = ${clienteId}`),
  );
  return r!.saldo;
}

/** Undoes an effected devolução (its note cancelled, or a posted one cancelled) and cancels it. */
export async function estornaDevolucao(tx: Tx, actor: Actor, id: string, motivo: string): Promise<void> {
  const d = await travaDevolucao(tx, id);
  if (d.status === 'cancelada') return;
  // a customer's goods came in (entrada rows), a supplier's went out (saída rows)
  const venda = d.tipo === 'venda';
  const rotulo = `Cancelamento da devolução${venda ? '' : ' de compra'} nº ${d.numero}`;
  if (d.status === 'autorizada' || d.status === 'lancada') {
    await verificaEstornoDevolucao(tx, id);
    const movs = rowsOf<{
      id: string;
      product_id: string;
      local_id: string;
      lote_id: string | null;
      quantidade: string;
      custo_unitario: string;
    }>(
      await tx.execute(sql`select m.id, m.product_id, m.local_id, m.lote_id, m.quantidade::text, m.custo_unitario::text
        from estoque_movimentos m
        where m.origem = 'devolucao' and m.origem_id = ${id} and m.tipo = ${venda ? 'entrada' : 'saida'}
          and not exists (select 1 from estoque_movimentos x where x.estorno_de = m.id)
        order by m.id`),
    );
    await lancaNoRazao(
      tx,
      actor,
      movs.map((m) => ({
        op: {
          tipo: 'estorno' as const,
          original: {
            produtoId: m.product_id,
            localId: m.local_id,
            loteId: m.lote_id,
            tipo: venda ? ('entrada' as const) : ('saida' as const),
            quantidade: m.quantidade,
            custoUnitario: m.custo_unitario,
          },
        },
        meta: { estornoDe: Number(m.id), origem: 'devolucao', origemId: id, observacao: rotulo },
      })),
    );
    for (const a of await abatimentosDaDevolucao(tx, id)) await estornaAbatimento(tx, a);
    if (Decimal.of(d.valor_credito).isPositive())
      await tx.execute(sql`insert into creditos_movimentos (cliente_id, fornecedor_id, tipo, valor, devolucao_id,
          historico, user_id, usuario)
        values (${venda ? d.cliente_id : null}, ${venda ? null : d.fornecedor_id}, 'estorno',
          ${Decimal.of(d.valor_credito).negated().toFixed(2)}, ${id}, ${rotulo}, ${actor.userId}, ${actor.email ?? null})`);
  } else if (d.status !== 'rascunho' && d.status !== 'emitida') {
    throw new AppError('conflict', `Devolução «${statusDevolucaoLabels[d.status]}» não pode ser cancelada.`);
  }
  await tx.execute(sql`update devolucoes set status = 'cancelada', motivo_cancelamento = ${motivo},
      versao = versao + 1, updated_at = now() where id = ${id}`);
}
