import { Decimal, devolucoesMensagens } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import {
  dadosFaturamentoPedido,
  faturaPedidoPelaNota,
  reabrePedidoPelaNota,
} from '../comercial/faturamento-nota.service.ts';
import {
  efetivaDevolucao,
  estornaDevolucao,
  verificaEstornoDevolucao,
} from '../devolucoes/efeitos-devolucao.service.ts';
import { lancaNoRazao } from '../estoque/razao.service.ts';
import { criarTitulos } from '../financeiro/titulos.service.ts';
import { cancelaTitulosDaOrigem, titulosDaOrigem } from '../financeiro/titulos-origem.service.ts';
import { duplicatasDaNota, valoresDaNota } from './nota-sefaz-xml.ts';

// The effects of an authorised note, in the transaction of its status change (README, MUST):
// the order → faturado (the saída consuming its reservation) and the receivables of the note's
// duplicatas (one título at the emission date when the note has no cobr). A cancelamento reverses
// both — refused, with the reason, when a receivable already has a baixa.

export const efeitosMensagens = {
  tituloComBaixa: (parcelas: string) =>
    `A nota não pode ser cancelada: o título a receber ${parcelas} já tem baixa. Estorne a baixa no Contas a Receber antes de cancelar.`,
} as const;

export type NotaParaEfeitos = {
  id: string;
  pedidoId: string | null;
  clienteId: string | null;
  /** Set on our own NF-e de devolução: its effects are the devolução's (issue 32). */
  devolucaoId: string | null;
  numero: number;
  serie: number;
  xml: string;
};

export async function aplicaEfeitosAutorizacao(tx: Tx, actor: Actor, nota: NotaParaEfeitos): Promise<void> {
  if (nota.devolucaoId) return efetivaDevolucao(tx, actor, nota.devolucaoId, 'autorizada');
  const pedido = nota.pedidoId ? await dadosFaturamentoPedido(tx, nota.pedidoId) : null;
  if (nota.pedidoId) await faturaPedidoPelaNota(tx, actor, nota.pedidoId);
  const { vNF, dhEmi } = valoresDaNota(nota.xml);
  const emissao = dhEmi.slice(0, 10);
  const dups = duplicatasDaNota(nota.xml);
  const parcelas = dups.length
    ? dups.map((d) => ({ vencimento: d.dVenc, valor: d.vDup }))
    : [{ vencimento: emissao, valor: vNF }];
  const total = Decimal.sum(parcelas.map((p) => Decimal.of(p.valor)));
  if (total.isZero()) return;
  await criarTitulos(
    tx,
    {
      tipo: 'receber',
      cliente_id: nota.clienteId,
      vendedor_id: pedido?.vendedorId ?? null,
      comissao_percentual: pedido?.vendedorId ? pedido.comissaoPercentual : null,
      documento: `NF-e ${nota.numero}`,
      descricao: `NF-e ${nota.numero} série ${nota.serie}${pedido ? ` — pedido ${pedido.numero}` : ''}`,
      emissao,
      valor: total.toFixed(2),
      juros_mes_percentual: null,
      multa_percentual: null,
      classe_financeira_id: null,
      centro_custo_id: null,
      rateio: [],
      forma_id: pedido?.formaPagamentoId ?? null,
      conta_bancaria_id: null,
      origem: 'nota_fiscal',
      origem_id: nota.id,
      observacoes: null,
    },
    parcelas,
  );
}

/** Before asking SEFAZ to cancel: 409 when a receivable of the note already has a baixa. */
export async function verificaCancelamentoPossivel(tx: Tx, notaId: string): Promise<void> {
  const [n] = rowsOf<{ devolucao_id: string | null }>(
    await tx.execute(sql`select devolucao_id from notas_fiscais where id = ${notaId}`),
  );
  if (n?.devolucao_id) return verificaEstornoDevolucao(tx, n.devolucao_id);
  // a sale note with a return registered: the return is undone first
  const [dev] = rowsOf<{ numero: number }>(
    await tx.execute(
      sql`select numero from devolucoes where nota_id = ${notaId} and status <> 'cancelada' limit 1`,
    ),
  );
  if (dev)
    throw new AppError('conflict', devolucoesMensagens.notaComDevolucao(Number(dev.numero)), {
      reason: 'devolucao',
    });
  const comBaixa = (await titulosDaOrigem(tx, 'nota_fiscal', notaId)).filter(
    (t) => t.baixasAtivas > 0 && t.status !== 'cancelado',
  );
  if (comBaixa.length)
    throw new AppError(
      'conflict',
      efeitosMensagens.tituloComBaixa(comBaixa.map((t) => `${t.parcela ?? 1}ª parcela`).join(', ')),
      { reason: 'titulo_com_baixa' },
    );
}

/**
 * The note was cancelled at SEFAZ: its receivables cancelled, the order's saída reversed (estorno
 * rows, each saída once) and the order reopened with its stock reserved again.
 */
export async function estornaEfeitosCancelamento(
  tx: Tx,
  actor: Actor,
  nota: NotaParaEfeitos,
  motivo: string,
): Promise<void> {
  if (nota.devolucaoId)
    return estornaDevolucao(tx, actor, nota.devolucaoId, `Cancelamento da NF-e ${nota.numero}: ${motivo}`);
  await cancelaTitulosDaOrigem(tx, 'nota_fiscal', nota.id, `Cancelamento da NF-e ${nota.numero}: ${motivo}`);
  if (!nota.pedidoId) return;
  const saidas = rowsOf<{
    id: string;
    product_id: string;
    local_id: string;
    lote_id: string | null;
    quantidade: string;
    custo_unitario: string;
  }>(
    await tx.execute(sql`select m.id, m.product_id, m.local_id, m.lote_id, m.quantidade::text as quantidade,
        m.custo_unitario::text as custo_unitario
      from estoque_movimentos m
      where m.origem = 'pedido' and m.origem_id = ${nota.pedidoId} and m.tipo = 'saida'
        and not exists (select 1 from estoque_movimentos x where x.estorno_de = m.id)
      order by m.id`),
  );
  await lancaNoRazao(
    tx,
    actor,
    saidas.map((l) => ({
      op: {
        tipo: 'estorno' as const,
        original: {
          produtoId: l.product_id,
          localId: l.local_id,
          loteId: l.lote_id,
          tipo: 'saida' as const,
          quantidade: l.quantidade,
          custoUnitario: l.custo_unitario,
        },
      },
      meta: {
        estornoDe: Number(l.id),
        origem: 'pedido',
        origemId: nota.pedidoId,
        observacao: `Cancelamento da NF-e ${nota.numero}`,
      },
    })),
  );
  // what the note took, per product (saída quantities are negative in the ledger)
  const porProduto = new Map<string, Decimal>();
  for (const s of saidas)
    porProduto.set(
      s.product_id,
      (porProduto.get(s.product_id) ?? Decimal.ZERO).plus(Decimal.of(s.quantidade).abs()),
    );
  await reabrePedidoPelaNota(
    tx,
    actor,
    nota.pedidoId,
    `Cancelamento da NF-e ${nota.numero}: ${motivo}`,
    [...porProduto].map(([produtoId, q]) => ({ produtoId, quantidade: q.toFixed(3) })),
  );
}
