import { SITUACOES_BOLETO, type SituacaoBoleto, situacaoBoletoLabels } from '@erp/shared';

// The situação tabs of the boletos list: each situação with its count, then «Todos» (the sum),
// whose value is '' (no filter). Counts not yet loaded show none.

export type AbaSituacao = { value: SituacaoBoleto | ''; label: string; count: number | null };

export function abasSituacao(contagem: Partial<Record<SituacaoBoleto, number>> | undefined): AbaSituacao[] {
  const n = (s: SituacaoBoleto) => (contagem ? (contagem[s] ?? 0) : null);
  const abas: AbaSituacao[] = SITUACOES_BOLETO.map((s) => ({
    value: s,
    label: situacaoBoletoLabels[s],
    count: n(s),
  }));
  const todos = contagem ? SITUACOES_BOLETO.reduce((t, s) => t + (contagem[s] ?? 0), 0) : null;
  return [...abas, { value: '', label: 'Todos', count: todos }];
}
