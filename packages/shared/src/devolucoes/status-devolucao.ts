import type { Verificacao } from '../precos/limites-venda.ts';

// The status machine of a return (one table, like the orders' and notes'):
//
//   rascunho → emitida → autorizada → cancelada     our own NF-e de devolução (signed, then
//                                                   authorised by SEFAZ)
//   rascunho → lancada → cancelada                  the other party's NF-e (the customer's
//                                                   devolução XML) imported and posted
//   rascunho → cancelada                            a draft discarded
//   emitida → cancelada                             signed but never authorised: its number is
//                                                   voided (inutilização)
//
// The effects (stock, títulos, commission) happen on autorizada / lancada, in the same transaction,
// and are undone on cancelada from those. Every status but cancelada holds the saldo of its
// items (saldoADevolver counts them).

export const STATUS_DEVOLUCAO = ['rascunho', 'emitida', 'autorizada', 'lancada', 'cancelada'] as const;
export type StatusDevolucao = (typeof STATUS_DEVOLUCAO)[number];

export const statusDevolucaoLabels: Record<StatusDevolucao, string> = {
  rascunho: 'Rascunho',
  emitida: 'Emitida',
  autorizada: 'Autorizada',
  lancada: 'Lançada',
  cancelada: 'Cancelada',
};

export const TRANSICOES_DEVOLUCAO: Readonly<Record<StatusDevolucao, readonly StatusDevolucao[]>> = {
  rascunho: ['emitida', 'lancada', 'cancelada'],
  emitida: ['autorizada', 'cancelada'],
  autorizada: ['cancelada'],
  lancada: ['cancelada'],
  cancelada: [],
};

/** Statuses whose effects (stock, money, commission) are in the books. */
export const STATUS_DEVOLUCAO_EFETIVADOS: readonly StatusDevolucao[] = ['autorizada', 'lancada'];

/** Statuses that hold their items' saldo (every one but cancelada). */
export const STATUS_DEVOLUCAO_RESERVAM_SALDO: readonly StatusDevolucao[] = [
  'rascunho',
  'emitida',
  'autorizada',
  'lancada',
];

/** Statuses whose items may still be edited. */
export const STATUS_DEVOLUCAO_EDITAVEIS: readonly StatusDevolucao[] = ['rascunho'];

export function isStatusDevolucao(value: unknown): value is StatusDevolucao {
  return typeof value === 'string' && (STATUS_DEVOLUCAO as readonly string[]).includes(value);
}

const rotulo = (s: StatusDevolucao) => `«${statusDevolucaoLabels[s]}»`;

/** Whether a return may go from `de` to `para`, or the pt-BR reason it may not. */
export function podeTransitarDevolucao(de: StatusDevolucao, para: StatusDevolucao): Verificacao {
  const recusa = (motivo: string): Verificacao => ({ permitido: false, motivo });
  if (de === para) return recusa(`A devolução já está ${rotulo(de)}.`);
  if (TRANSICOES_DEVOLUCAO[de].includes(para)) return { permitido: true };
  if (de === 'cancelada') return recusa('Devolução cancelada não muda mais de situação.');
  if (para === 'rascunho') return recusa(`Uma devolução ${rotulo(de)} não volta a rascunho.`);
  if (de === 'rascunho' && para === 'autorizada')
    return recusa('A nota da devolução precisa ser emitida (assinada) antes de ser autorizada.');
  if (de === 'emitida' && para === 'lancada')
    return recusa(
      'Devolução com nota própria emitida é concluída pela autorização da SEFAZ, não por lançamento.',
    );
  const proximos = TRANSICOES_DEVOLUCAO[de].map(rotulo).join(' ou ');
  return recusa(`Uma devolução ${rotulo(de)} não pode ir para ${rotulo(para)}: pode ir para ${proximos}.`);
}
