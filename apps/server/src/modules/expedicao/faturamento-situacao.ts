import type { SituacaoRegistro } from './faturamento-registro.ts';

// An order's situation in «Faturar carga» as the progress shows it: from its live note (the truth
// about SEFAZ) and the worker's recorded outcome (queued, being worked, why it failed).

export const mensagemTentativaInterrompida =
  'A tentativa foi interrompida e não terminou. Use «Reprocessar».';

export type SituacaoPedido = 'pendente' | 'processando' | 'autorizada' | 'rejeitada' | 'erro';
export type FaturamentoPedido = {
  pedido_id: string;
  numero: number;
  sequencia: number;
  situacao: SituacaoPedido;
  nota_id: string | null;
  nota_status: string | null;
  c_stat: string | null;
  mensagem: string | null;
  pode_reprocessar: boolean;
  /** queued or being worked */
  na_fila: boolean;
  /** attempts started so far (faturamento_carga_pedidos) */
  tentativas: number;
};

/** An attempt older than this without an end was cut and is not being resumed (retries spent). */
export const TENTATIVA_PERDIDA_MS = 15 * 60_000;

/** What the situation is read from: the order's live note and its recorded outcome. */
export type LinhaProgresso = {
  nota_id: string | null;
  nota_status: string | null;
  nota_c_stat: string | null;
  x_motivo: string | null;
  registro: SituacaoRegistro | null;
  c_stat: string | null;
  mensagem: string | null;
  tentativas: number | null;
  iniciado_em: string | Date | null;
};

/** The order's situation; `agora` in ms (an attempt cut long ago is shown as an error to retry). */
export function situacaoFaturamento(
  l: LinhaProgresso,
  agora: number,
): Omit<FaturamentoPedido, 'pedido_id' | 'numero' | 'sequencia'> {
  const perdida =
    l.registro === 'processando' &&
    l.iniciado_em !== null &&
    agora - new Date(l.iniciado_em).getTime() > TENTATIVA_PERDIDA_MS;
  const base = {
    na_fila: (l.registro === 'pendente' || l.registro === 'processando') && !perdida,
    nota_id: l.nota_id,
    nota_status: l.nota_status,
    c_stat: l.nota_c_stat,
    mensagem: null as string | null,
    tentativas: Number(l.tentativas ?? 0),
  };
  if (l.nota_status === 'autorizada') return { ...base, situacao: 'autorizada', pode_reprocessar: false };
  if (l.registro === 'pendente')
    // a transient failure waiting for its retry keeps its reason
    return { ...base, situacao: 'pendente', mensagem: l.mensagem, pode_reprocessar: false };
  if (l.registro === 'processando' && !perdida)
    return { ...base, situacao: 'processando', pode_reprocessar: false };
  if (l.nota_status === 'rejeitada')
    return { ...base, situacao: 'rejeitada', mensagem: l.x_motivo, pode_reprocessar: true };
  if (perdida)
    return {
      ...base,
      situacao: 'erro',
      mensagem: mensagemTentativaInterrompida,
      pode_reprocessar: true,
    };
  if (l.registro === 'erro' || l.registro === 'rejeitada')
    return {
      ...base,
      situacao: l.registro,
      c_stat: l.c_stat ?? base.c_stat,
      mensagem: l.mensagem ?? 'Falha no processamento.',
      pode_reprocessar: true,
    };
  return { ...base, situacao: 'pendente', pode_reprocessar: false };
}
