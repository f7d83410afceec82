import type { Verificacao } from '../precos/limites-venda.ts';

// The status machine of a load (carga): ONE table of allowed transitions, read by the server (409
// with the reason) and by the web (which buttons a load shows).
//
//   montagem → em_separacao → conferida → faturada → em_rota → finalizada
//   cancelada from every state before faturada (the NF-e are issued from then on).
//
// em_separacao → conferida is not a button: it happens when the last order of the load is conferido
// (blind check); conferida → faturada when the last NF-e of the load is authorised.

export const STATUS_CARGA = [
  'montagem',
  'em_separacao',
  'conferida',
  'faturada',
  'em_rota',
  'finalizada',
  'cancelada',
] as const;
export type StatusCarga = (typeof STATUS_CARGA)[number];

export const statusCargaLabels: Record<StatusCarga, string> = {
  montagem: 'Em montagem',
  em_separacao: 'Em separação',
  conferida: 'Conferida',
  faturada: 'Faturada',
  em_rota: 'Em rota',
  finalizada: 'Finalizada',
  cancelada: 'Cancelada',
};

export const TRANSICOES_CARGA: Readonly<Record<StatusCarga, readonly StatusCarga[]>> = {
  montagem: ['em_separacao', 'cancelada'],
  em_separacao: ['conferida', 'cancelada'],
  conferida: ['faturada', 'cancelada'],
  faturada: ['em_rota'],
  em_rota: ['finalizada'],
  finalizada: [],
  cancelada: [],
};

/** Loads whose orders, vehicle and crew may still be changed. */
export const STATUS_CARGA_EDITAVEIS: readonly StatusCarga[] = ['montagem'];

export function isStatusCarga(value: unknown): value is StatusCarga {
  return typeof value === 'string' && (STATUS_CARGA as readonly string[]).includes(value);
}

const rotulo = (s: StatusCarga) => `«${statusCargaLabels[s]}»`;

/** Whether a load may go from `de` to `para`, or the pt-BR reason it may not. */
export function podeTransitarCarga(de: StatusCarga, para: StatusCarga): Verificacao {
  const recusa = (motivo: string): Verificacao => ({ permitido: false, motivo });
  if (de === para) return recusa(`A carga já está em ${rotulo(de)}.`);
  if (de === 'cancelada') return recusa('Carga cancelada não muda mais de situação.');
  if (de === 'finalizada') return recusa('Carga finalizada não muda mais de situação.');
  const proximos = TRANSICOES_CARGA[de];
  if (!proximos.includes(para)) {
    if (para === 'cancelada')
      return recusa('Carga faturada não pode ser cancelada: as notas fiscais já foram emitidas.');
    return recusa(
      `Uma carga em ${rotulo(de)} não pode ir para ${rotulo(para)}: o próximo passo é ${rotulo(proximos[0]!)}.`,
    );
  }
  return { permitido: true };
}

/** Delivery outcome of one stop (order) of a load. */
export const STATUS_ENTREGA = ['pendente', 'entregue', 'devolvido'] as const;
export type StatusEntrega = (typeof STATUS_ENTREGA)[number];
export const statusEntregaLabels: Record<StatusEntrega, string> = {
  pendente: 'Pendente',
  entregue: 'Entregue',
  devolvido: 'Devolvido',
};
