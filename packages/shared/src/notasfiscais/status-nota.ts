import type { Verificacao } from '../precos/limites-venda.ts';

// The status machine of an outgoing NF-e: ONE table of allowed transitions (like the orders').
//
//   em_digitacao → assinada → autorizada → cancelada
//                          ↘ rejeitada → assinada (corrected and signed again, same number)
//                          ↘ denegada (final: the number is spent)
//   assinada / rejeitada → inutilizada (the number is voided at SEFAZ; #20)
//
// A number once used is never reused: a rejected note keeps it until it is resent or inutilized.

export const STATUS_NOTA = [
  'em_digitacao',
  'assinada',
  'autorizada',
  'rejeitada',
  'cancelada',
  'denegada',
  'inutilizada',
] as const;
export type StatusNota = (typeof STATUS_NOTA)[number];

export const statusNotaLabels: Record<StatusNota, string> = {
  em_digitacao: 'Em digitação',
  assinada: 'Assinada',
  autorizada: 'Autorizada',
  rejeitada: 'Rejeitada',
  cancelada: 'Cancelada',
  denegada: 'Denegada',
  inutilizada: 'Inutilizada',
};

export const TRANSICOES_NOTA: Readonly<Record<StatusNota, readonly StatusNota[]>> = {
  em_digitacao: ['assinada'],
  assinada: ['autorizada', 'rejeitada', 'denegada', 'inutilizada'],
  rejeitada: ['assinada', 'inutilizada'],
  autorizada: ['cancelada'],
  cancelada: [],
  denegada: [],
  inutilizada: [],
};

/** Notes that no longer hold their order: the order may be invoiced again. */
export const STATUS_NOTA_LIBERAM_PEDIDO: readonly StatusNota[] = ['cancelada', 'inutilizada'];

export function isStatusNota(value: unknown): value is StatusNota {
  return typeof value === 'string' && (STATUS_NOTA as readonly string[]).includes(value);
}

/** Whether a note may go from `de` to `para`, or the pt-BR reason it may not. */
export function podeTransitarNota(de: StatusNota, para: StatusNota): Verificacao {
  if (TRANSICOES_NOTA[de].includes(para)) return { permitido: true };
  if (de === para) return { permitido: false, motivo: `A nota já está «${statusNotaLabels[de]}».` };
  const proximos = TRANSICOES_NOTA[de];
  if (!proximos.length)
    return { permitido: false, motivo: `Nota «${statusNotaLabels[de]}» não muda mais de situação.` };
  return {
    permitido: false,
    motivo: `Uma nota «${statusNotaLabels[de]}» não pode ir para «${statusNotaLabels[para]}»: pode ir para ${proximos
      .map((s) => `«${statusNotaLabels[s]}»`)
      .join(', ')}.`,
  };
}
