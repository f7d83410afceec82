// Why goods come back, and where a customer's returned goods go. The reason is kept per item (one
// return may bring damaged and expired goods at once) and shown in lists and reports; the
// destination chooses the stock location: normal goes back to what can be sold, avaria to the
// damaged/quarantine location, which does not count as available.

export const MOTIVOS_DEVOLUCAO = [
  'avaria',
  'vencido',
  'erro_pedido',
  'recusa_entrega',
  'desistencia',
  'outro',
] as const;
export type MotivoDevolucao = (typeof MOTIVOS_DEVOLUCAO)[number];

export const motivoDevolucaoLabels: Record<MotivoDevolucao, string> = {
  avaria: 'Avaria',
  vencido: 'Produto vencido',
  erro_pedido: 'Erro de pedido',
  recusa_entrega: 'Recusa na entrega',
  desistencia: 'Desistência',
  outro: 'Outro',
};

export const DESTINOS_DEVOLUCAO = ['normal', 'avaria'] as const;
export type DestinoDevolucao = (typeof DESTINOS_DEVOLUCAO)[number];

export const destinoDevolucaoLabels: Record<DestinoDevolucao, string> = {
  normal: 'Estoque normal',
  avaria: 'Avaria / quarentena',
};

/** The destination a reason suggests (the clerk may change it): damaged and expired goods are not sellable. */
export function destinoSugerido(motivo: MotivoDevolucao): DestinoDevolucao {
  return motivo === 'avaria' || motivo === 'vencido' ? 'avaria' : 'normal';
}
