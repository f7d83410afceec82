import { codigoPai } from '../financeiro/plano-gerencial.ts';

// Posição financeira (issue 35, report 5): the lines of the DRE gerencial and where each classe of
// the plano gerencial falls. The aging buckets are the finance area's (financeiro/aging.ts:
// faixaAging, vencimentosDaFaixa — a vencer ≤ 0 days overdue, 1–30, 31–60, 61–90, > 90).
//
// DRE gerencial of a period, regime de caixa (the active baixas whose data_pagamento falls in it):
//   Receitas     = principal of the baixas of receivables, by classe (receita classes), plus the
//                  juros and multas received (a line of its own)
//   (−) Deduções = the descontos granted on those baixas
//   (−) Custos   = principal of the baixas of payables whose classe is under a «custo» root of the
//                  plano (RAIZES_CUSTO: the demo plano's 2.01 «Custo das mercadorias»)
//   (−) Despesas = principal of the other payables' baixas, plus juros and multas paid, minus the
//                  descontos obtained (a line each)
//   Resultado    = Receitas − Deduções − Custos − Despesas
//                = Σ valor_pago of the receivables' baixas − Σ valor_pago of the payables' (cash)

export const GRUPOS_DRE = ['receita', 'deducao', 'custo', 'despesa'] as const;
export type GrupoDre = (typeof GRUPOS_DRE)[number];
export const grupoDreLabels: Record<GrupoDre, string> = {
  receita: 'Receitas',
  deducao: '(−) Deduções',
  custo: '(−) Custos',
  despesa: '(−) Despesas',
};

/** The plano's roots whose despesa classes are costs of goods (the rest are expenses). */
export const RAIZES_CUSTO = ['2.01'] as const;

/** Whether `codigo` is `raiz` or under it ('2.01.001' is under '2.01'; '2.010' is not). */
export function sobRaiz(codigo: string, raiz: string): boolean {
  let c: string | null = codigo;
  while (c !== null) {
    if (c === raiz) return true;
    c = codigoPai(c);
  }
  return false;
}

/** The DRE line of a título's principal by its classe (none: by the título's tipo). */
export function grupoDreDaClasse(
  tipoTitulo: 'receber' | 'pagar',
  codigo: string | null,
  raizesCusto: readonly string[] = RAIZES_CUSTO,
): GrupoDre {
  if (tipoTitulo === 'receber') return 'receita';
  return codigo !== null && raizesCusto.some((r) => sobRaiz(codigo, r)) ? 'custo' : 'despesa';
}
