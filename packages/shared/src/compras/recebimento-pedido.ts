import { CASAS_CUSTO, CASAS_QUANTIDADE, Decimal } from '../decimal.ts';
import { formatDecimalBR } from '../money.ts';
import type { StatusPedidoCompra } from './status-pedido-compra.ts';

// A goods receipt (NF-e import or manual entry) checked against a purchase order (issue 34). Pure:
// the server passes the order's lines and the receipt's items already in base units; this says, per
// line, what was ordered, received before, received now and what is left, flags what differs beyond
// the company's tolerances, and gives the order's resulting status.
//
//   recebida total   = recebida antes + recebida agora
//   restante         = pedida − recebida total, never below 0; 0 for a line closed short
//   quantidade acima = (recebida total − pedida) × 100 > pedida × tolerância de quantidade
//                      (a receipt below the ordered quantity is a partial receipt, not a divergence)
//   diferença preço  = (preço da nota − preço do pedido) × 100 ÷ preço do pedido, 2 decimals;
//                      a divergence when |preço nota − preço pedido| × 100 > preço pedido × tolerância
//                      (exactly at the tolerance passes). Comparisons are exact, not on the rounded %.
//   status           = recebido when every line is fully received or closed short,
//                      parcialmente_recebido when anything was received, else null (unchanged)
// Any divergence, and any item without an order line, requires a justification (or an approver)
// before the receipt is posted.

export type LinhaPedidoRecebimento = {
  id: string;
  /** Product id. */
  produto: string;
  quantidade_pedida: string;
  /** Received by earlier receipts. */
  quantidade_recebida_antes: string;
  /** Negotiated unit price (base unit). */
  preco: string;
  /** Closed short (before or by this receipt): the rest is no longer expected. */
  encerrada?: boolean;
};

export type ItemNotaRecebimento = { produto: string; quantidade: string; preco: string };

export type ToleranciaRecebimento = { quantidade_percentual: string; preco_percentual: string };

export type AlocacaoRecebimento = { linhaId: string; quantidade: string; preco: string };

export type CodigoDivergenciaRecebimento =
  | 'quantidade_acima'
  | 'preco_acima'
  | 'preco_abaixo'
  | 'item_sem_pedido';

export type DivergenciaRecebimento = { codigo: CodigoDivergenciaRecebimento; mensagem: string };

export type SituacaoLinhaRecebimento = 'aberta' | 'parcial' | 'atendida' | 'encerrada';

export type LinhaRecebimento = {
  id: string;
  produto: string;
  pedida: string;
  recebidaAntes: string;
  recebidaAgora: string;
  recebidaTotal: string;
  restante: string;
  precoPedido: string;
  /** The receipt's unit price (weighted when several items fed the line); null when none. */
  precoNota: string | null;
  diferencaPrecoPercentual: string | null;
  situacao: SituacaoLinhaRecebimento;
  divergencias: DivergenciaRecebimento[];
  exigeJustificativa: boolean;
};

export type ItemSemPedido = ItemNotaRecebimento & { divergencia: DivergenciaRecebimento };

export type ResultadoRecebimento = {
  linhas: LinhaRecebimento[];
  itensSemPedido: ItemSemPedido[];
  /** The order's status after posting, or null when nothing was received (unchanged). */
  statusPedido: Extract<StatusPedidoCompra, 'parcialmente_recebido' | 'recebido'> | null;
  exigeJustificativa: boolean;
};

const CASAS_DIFERENCA = 2;

function q(value: Decimal): string {
  return value.toFixed(CASAS_QUANTIDADE);
}

function qtdBR(value: Decimal): string {
  return formatDecimalBR(value.toString(), 0);
}

function precoBR(value: Decimal): string {
  return `R$ ${formatDecimalBR(value.toFixed(CASAS_CUSTO), 2)}`;
}

function pctBR(value: Decimal): string {
  return `${value.isNegative() ? '−' : '+'}${formatDecimalBR(value.abs().toFixed(CASAS_DIFERENCA))} %`;
}

/**
 * The receipt's items matched to the order's lines by product id. Each item, in the receipt's order,
 * fills the open lines of its product in the order's order (up to what each still expects; closed
 * lines take nothing); what is left goes to the last open line of that product (an excess the
 * comparison will judge). Items whose product has no open line are returned apart.
 */
export function casaItensComPedido(
  linhas: readonly LinhaPedidoRecebimento[],
  itens: readonly ItemNotaRecebimento[],
): { alocacoes: AlocacaoRecebimento[]; semPedido: ItemNotaRecebimento[] } {
  const esperado = new Map(
    linhas.map((l) => [l.id, Decimal.of(l.quantidade_pedida).minus(l.quantidade_recebida_antes)]),
  );
  const alocacoes: AlocacaoRecebimento[] = [];
  const semPedido: ItemNotaRecebimento[] = [];
  for (const item of itens) {
    const abertas = linhas.filter((l) => l.produto === item.produto && !l.encerrada);
    if (abertas.length === 0) {
      semPedido.push(item);
      continue;
    }
    let resto = Decimal.of(item.quantidade);
    abertas.forEach((l, i) => {
      if (!resto.isPositive()) return;
      const falta = esperado.get(l.id)!;
      const ultima = i === abertas.length - 1;
      const toma = ultima ? resto : falta.isPositive() ? resto.min(falta) : Decimal.ZERO;
      if (!toma.isPositive()) return;
      alocacoes.push({ linhaId: l.id, quantidade: q(toma), preco: item.preco });
      esperado.set(l.id, falta.minus(toma));
      resto = resto.minus(toma);
    });
  }
  return { alocacoes, semPedido };
}

function comparaLinha(
  l: LinhaPedidoRecebimento,
  alocacoes: readonly AlocacaoRecebimento[],
  tol: ToleranciaRecebimento,
): LinhaRecebimento {
  const pedida = Decimal.of(l.quantidade_pedida);
  const antes = Decimal.of(l.quantidade_recebida_antes);
  const agora = Decimal.sum(alocacoes.map((a) => a.quantidade));
  const total = antes.plus(agora);
  const precoPedido = Decimal.of(l.preco);
  const divergencias: DivergenciaRecebimento[] = [];

  const excesso = total.minus(pedida);
  if (agora.isPositive() && excesso.times(100).gt(pedida.times(tol.quantidade_percentual))) {
    const pct = pedida.isPositive()
      ? `${pctBR(excesso.times(100).dividedBy(pedida, CASAS_DIFERENCA))}, `
      : '';
    divergencias.push({
      codigo: 'quantidade_acima',
      mensagem: `Quantidade acima do pedido: ${qtdBR(total)} recebidas de ${qtdBR(pedida)} pedidas (${pct}tolerância ${formatDecimalBR(tol.quantidade_percentual, 0)} %). Justifique ou corrija a quantidade`,
    });
  }

  // Weighted price when several items fed the line: Σ q × p ÷ Σ q, 4 decimals.
  const precoNota = agora.isPositive()
    ? Decimal.sum(alocacoes.map((a) => Decimal.of(a.quantidade).times(a.preco))).dividedBy(agora, CASAS_CUSTO)
    : null;
  let diferenca: Decimal | null = null;
  if (precoNota && precoPedido.isPositive()) {
    const delta = precoNota.minus(precoPedido);
    diferenca = delta.times(100).dividedBy(precoPedido, CASAS_DIFERENCA);
    if (delta.abs().times(100).gt(precoPedido.times(tol.preco_percentual))) {
      const acima = delta.isPositive();
      divergencias.push({
        codigo: acima ? 'preco_acima' : 'preco_abaixo',
        mensagem: `Preço ${acima ? 'acima' : 'abaixo'} do pedido: ${precoBR(precoNota)} na nota contra ${precoBR(precoPedido)} no pedido (${pctBR(diferenca)}, tolerância ${formatDecimalBR(tol.preco_percentual, 0)} %). Justifique ou peça a correção ao fornecedor`,
      });
    }
  }

  const situacao: SituacaoLinhaRecebimento = total.gte(pedida)
    ? 'atendida'
    : l.encerrada
      ? 'encerrada'
      : total.isPositive()
        ? 'parcial'
        : 'aberta';
  const restante = situacao === 'parcial' || situacao === 'aberta' ? pedida.minus(total) : Decimal.ZERO;
  return {
    id: l.id,
    produto: l.produto,
    pedida: q(pedida),
    recebidaAntes: q(antes),
    recebidaAgora: q(agora),
    recebidaTotal: q(total),
    restante: q(restante),
    precoPedido: precoPedido.toFixed(CASAS_CUSTO),
    precoNota: precoNota ? precoNota.toFixed(CASAS_CUSTO) : null,
    diferencaPrecoPercentual: diferenca ? diferenca.toFixed(CASAS_DIFERENCA) : null,
    situacao,
    divergencias,
    exigeJustificativa: divergencias.length > 0,
  };
}

/** Ordered vs received, per line, with the divergences and the order's resulting status. */
export function comparaRecebimento(entrada: {
  linhasPedido: readonly LinhaPedidoRecebimento[];
  itensNota: readonly ItemNotaRecebimento[];
  tolerancia: ToleranciaRecebimento;
}): ResultadoRecebimento {
  const { alocacoes, semPedido } = casaItensComPedido(entrada.linhasPedido, entrada.itensNota);
  const linhas = entrada.linhasPedido.map((l) =>
    comparaLinha(
      l,
      alocacoes.filter((a) => a.linhaId === l.id),
      entrada.tolerancia,
    ),
  );
  const itensSemPedido = semPedido.map((item) => ({
    ...item,
    divergencia: {
      codigo: 'item_sem_pedido' as const,
      mensagem: `Item sem linha em aberto no pedido de compra (${qtdBR(Decimal.of(item.quantidade))} a ${precoBR(Decimal.of(item.preco))}): justifique ou retire do recebimento`,
    },
  }));
  const concluidas = linhas.every((l) => l.situacao === 'atendida' || l.situacao === 'encerrada');
  const recebeu = linhas.some((l) => Decimal.of(l.recebidaTotal).isPositive());
  return {
    linhas,
    itensSemPedido,
    statusPedido: linhas.length > 0 && concluidas ? 'recebido' : recebeu ? 'parcialmente_recebido' : null,
    exigeJustificativa: itensSemPedido.length > 0 || linhas.some((l) => l.exigeJustificativa),
  };
}
