import { describe, expect, it } from 'vitest';
import {
  COLUNAS_KANBAN,
  isStatusPedido,
  podeTransitarPedido,
  STATUS_FORA_DAS_VENDAS,
  STATUS_LIBERADOS_NAO_FATURADOS,
  STATUS_PEDIDO,
  type StatusPedido,
  statusPedidoLabels,
} from './status-pedido.ts';

// Every pair of states (9 × 9 = 81), allowed or refused, with the exact reason of each refusal.

const LABELS: Record<StatusPedido, string> = {
  orcamento: 'Orçamento',
  digitado: 'Digitado',
  bloqueado: 'Bloqueado',
  liberado: 'Liberado',
  em_separacao: 'Em separação',
  conferido: 'Conferido',
  faturado: 'Faturado',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
};

// Rows: from; columns: to, in STATUS_PEDIDO order. x = allowed, . = refused.
//                orc dig blo lib sep con fat ent can
const GRADE: Record<StatusPedido, string> = {
  orcamento: '    .   x   .   .   .   .   .   .   x',
  digitado: '     .   .   x   x   .   .   .   .   x',
  bloqueado: '    .   .   .   x   .   .   .   .   x',
  liberado: '     .   .   x   .   x   .   .   .   x',
  em_separacao: ' .   .   .   .   .   x   .   .   x',
  conferido: '    .   .   .   .   .   .   x   .   x',
  faturado: '     .   .   .   .   .   .   .   x   .',
  entregue: '     .   .   .   .   .   .   .   .   .',
  cancelado: '    .   .   .   .   .   .   .   .   .',
};

/** The tail of the generic refusal of each state (what may come next), written out. */
const PROXIMOS: Record<StatusPedido, string> = {
  orcamento: 'os próximos passos são «Digitado» ou «Cancelado».',
  digitado: 'os próximos passos são «Bloqueado», «Liberado» ou «Cancelado».',
  bloqueado: 'os próximos passos são «Liberado» ou «Cancelado».',
  liberado: 'os próximos passos são «Bloqueado», «Em separação» ou «Cancelado».',
  em_separacao: 'os próximos passos são «Conferido» ou «Cancelado».',
  conferido: 'os próximos passos são «Faturado» ou «Cancelado».',
  faturado: 'o próximo passo é «Entregue».',
  entregue: '',
  cancelado: '',
};

function motivoEsperado(de: StatusPedido, para: StatusPedido): string {
  if (de === para) return `O pedido já está em «${LABELS[de]}».`;
  if (de === 'cancelado') return 'Pedido cancelado não muda mais de situação.';
  if (de === 'entregue') return 'Pedido entregue não muda mais de situação.';
  if (para === 'cancelado') return 'Pedido faturado não pode ser cancelado: a nota fiscal já foi emitida.';
  return `Um pedido em «${LABELS[de]}» não pode ir para «${LABELS[para]}»: ${PROXIMOS[de]}`;
}

const pares = STATUS_PEDIDO.flatMap((de) => {
  const marcas = GRADE[de].trim().split(/\s+/);
  return STATUS_PEDIDO.map((para, i) => ({ de, para, permitido: marcas[i] === 'x' }));
});

describe('status machine', () => {
  it('has 9 states with their pt-BR labels, and a grid of 81 pairs with 15 allowed', () => {
    expect(statusPedidoLabels).toEqual(LABELS);
    expect(pares).toHaveLength(81);
    expect(pares.filter((p) => p.permitido)).toHaveLength(15);
  });

  it.each(pares)('$de → $para: allowed $permitido', ({ de, para, permitido }) => {
    expect(podeTransitarPedido(de, para)).toEqual(
      permitido ? { permitido: true } : { permitido: false, motivo: motivoEsperado(de, para) },
    );
  });

  it('cancels from every state before faturado, never after', () => {
    const podeCancelar = STATUS_PEDIDO.filter((s) => podeTransitarPedido(s, 'cancelado').permitido);
    expect(podeCancelar).toEqual([
      'orcamento',
      'digitado',
      'bloqueado',
      'liberado',
      'em_separacao',
      'conferido',
    ]);
  });

  it('liberado needs no pending blocker and bloqueado needs one, when the server gives the context', () => {
    expect(podeTransitarPedido('digitado', 'liberado', { bloqueiosPendentes: 0 })).toEqual({
      permitido: true,
    });
    expect(podeTransitarPedido('digitado', 'liberado', { bloqueiosPendentes: 1 })).toEqual({
      permitido: false,
      motivo: 'O pedido tem 1 bloqueio pendente: libere-o antes.',
    });
    expect(podeTransitarPedido('bloqueado', 'liberado', { bloqueiosPendentes: 2 })).toEqual({
      permitido: false,
      motivo: 'O pedido tem 2 bloqueios pendentes: libere-os antes.',
    });
    expect(podeTransitarPedido('digitado', 'bloqueado', { bloqueiosPendentes: 2 })).toEqual({
      permitido: true,
    });
    expect(podeTransitarPedido('liberado', 'bloqueado', { bloqueiosPendentes: 0 })).toEqual({
      permitido: false,
      motivo: 'O pedido não tem bloqueios pendentes.',
    });
    // the table comes first: a refused pair keeps its own reason whatever the context
    expect(podeTransitarPedido('orcamento', 'liberado', { bloqueiosPendentes: 0 })).toEqual({
      permitido: false,
      motivo:
        'Um pedido em «Orçamento» não pode ir para «Liberado»: os próximos passos são «Digitado» ou «Cancelado».',
    });
    // other moves ignore the blockers
    expect(podeTransitarPedido('liberado', 'em_separacao', { bloqueiosPendentes: 3 })).toEqual({
      permitido: true,
    });
  });

  it('kanban columns, released-not-invoiced and out-of-sales sets', () => {
    expect(COLUNAS_KANBAN).toEqual([
      'orcamento',
      'digitado',
      'bloqueado',
      'liberado',
      'em_separacao',
      'conferido',
      'faturado',
      'entregue',
    ]);
    expect(STATUS_LIBERADOS_NAO_FATURADOS).toEqual(['liberado', 'em_separacao', 'conferido']);
    expect(STATUS_FORA_DAS_VENDAS).toEqual(['orcamento', 'cancelado']);
    expect(isStatusPedido('em_separacao')).toBe(true);
    expect(isStatusPedido('aberto')).toBe(false);
    expect(isStatusPedido(null)).toBe(false);
  });
});
