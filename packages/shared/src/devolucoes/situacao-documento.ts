import { Decimal, type DecimalInput } from '../decimal.ts';

// What a document (the original NF-e / order, or a goods receipt) shows about its returns:
//   nao_devolvida           nothing returned (only cancelled returns, or none);
//   parcialmente_devolvida  something returned, and some item still has a saldo;
//   devolvida               every item returned in full.
// Quantities per item in one unit (the base unit); returned = Σ of its not cancelled returns
// (quantidadeDevolvida). Items with zero quantity do not count.

export const SITUACOES_DEVOLUCAO_DOCUMENTO = [
  'nao_devolvida',
  'parcialmente_devolvida',
  'devolvida',
] as const;
export type SituacaoDevolucaoDocumento = (typeof SITUACOES_DEVOLUCAO_DOCUMENTO)[number];

export const situacaoDevolucaoLabels: Record<SituacaoDevolucaoDocumento, string> = {
  nao_devolvida: 'Sem devolução',
  parcialmente_devolvida: 'Parcialmente devolvida',
  devolvida: 'Devolvida',
};

export type ItemComDevolucao = { quantidade: DecimalInput; devolvida: DecimalInput };

export function situacaoDevolucaoDocumento(itens: readonly ItemComDevolucao[]): SituacaoDevolucaoDocumento {
  const validos = itens.filter((i) => Decimal.of(i.quantidade).isPositive());
  const algum = validos.some((i) => Decimal.of(i.devolvida).isPositive());
  if (!algum) return 'nao_devolvida';
  const todos = validos.every((i) => Decimal.of(i.devolvida).gte(i.quantidade));
  return todos ? 'devolvida' : 'parcialmente_devolvida';
}
