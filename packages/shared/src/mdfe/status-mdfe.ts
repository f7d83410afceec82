import type { Verificacao } from '../precos/limites-venda.ts';

// The status machine of an MDF-e: ONE table of allowed transitions (server: 409 with the reason;
// web: which buttons show).
//
//   assinado → autorizado → encerrado | cancelado
//   assinado → rejeitado → assinado (corrected and signed again: same série, número and chave)
//
// There is no inutilização for the MDF-e (no such web service): a number never authorised stays
// rejeitado/assinado in the list and is sent again under the same number, so the sequence has no
// holes the fiscal side would ask about.
// Cancelamento (evento 110111): within 24 h of the authorisation and before the trip starts (MOC;
// SEFAZ refuses with 218/220 otherwise). Encerramento (110112): any time while autorizado.

export const STATUS_MDFE = ['assinado', 'rejeitado', 'autorizado', 'encerrado', 'cancelado'] as const;
export type StatusMdfe = (typeof STATUS_MDFE)[number];

export const statusMdfeLabels: Record<StatusMdfe, string> = {
  assinado: 'Assinado',
  rejeitado: 'Rejeitado',
  autorizado: 'Autorizado',
  encerrado: 'Encerrado',
  cancelado: 'Cancelado',
};

export const TRANSICOES_MDFE: Readonly<Record<StatusMdfe, readonly StatusMdfe[]>> = {
  assinado: ['autorizado', 'rejeitado'],
  rejeitado: ['assinado'],
  autorizado: ['encerrado', 'cancelado'],
  encerrado: [],
  cancelado: [],
};

export function podeTransicionarMdfe(de: StatusMdfe, para: StatusMdfe): boolean {
  return TRANSICOES_MDFE[de].includes(para);
}

/** Hours after the authorisation during which the MDF-e may still be cancelled. */
export const HORAS_CANCELAMENTO_MDFE = 24;

export const statusMdfeMensagens = {
  cancelarNaoAutorizado: (s: StatusMdfe) =>
    `Só um MDF-e autorizado pode ser cancelado (este está ${statusMdfeLabels[s].toLowerCase()}).`,
  encerrarNaoAutorizado: (s: StatusMdfe) =>
    `Só um MDF-e autorizado pode ser encerrado (este está ${statusMdfeLabels[s].toLowerCase()}).`,
  prazoCancelamento: `O prazo de cancelamento do MDF-e (${HORAS_CANCELAMENTO_MDFE} horas após a autorização) terminou: encerre o MDF-e.`,
  viagemIniciada: 'A viagem já começou: o MDF-e não pode mais ser cancelado, só encerrado.',
} as const;

export function podeCancelarMdfe(m: {
  status: StatusMdfe;
  autorizadoEm: Date | string | null;
  /** The load went "em rota" (or the trip is otherwise known to have started). */
  viagemIniciada: boolean;
  agora?: Date;
}): Verificacao {
  if (m.status !== 'autorizado' || !m.autorizadoEm)
    return { permitido: false, motivo: statusMdfeMensagens.cancelarNaoAutorizado(m.status) };
  const decorrido = (m.agora ?? new Date()).getTime() - new Date(m.autorizadoEm).getTime();
  if (decorrido > HORAS_CANCELAMENTO_MDFE * 3_600_000)
    return { permitido: false, motivo: statusMdfeMensagens.prazoCancelamento };
  if (m.viagemIniciada) return { permitido: false, motivo: statusMdfeMensagens.viagemIniciada };
  return { permitido: true };
}

export function podeEncerrarMdfe(m: { status: StatusMdfe }): Verificacao {
  if (m.status !== 'autorizado')
    return { permitido: false, motivo: statusMdfeMensagens.encerrarNaoAutorizado(m.status) };
  return { permitido: true };
}
