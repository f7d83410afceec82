import { z } from 'zod';
import { FAIXAS_AGING, type FaixaAging } from '../financeiro/aging.ts';
import type { GrupoDre } from './posicao-financeira.ts';
import {
  type ColunaRelatorio,
  formatoRelatorioSchema,
  paginaRelatorio,
  periodoRelatorio,
  periodoRelatorioInvertido,
  periodoRelatorioValido,
} from './relatorio.ts';

// Posição financeira (issue 35, report 5; admin and financeiro): four views of the frame — aging of
// the receivables by customer, aging of the payables by supplier (both on today, the open saldo),
// the DRE gerencial of the period (default: the current month) and the cash flow realised vs
// forecast per day or week of the period. Rules in posicao-financeira.ts and financeiro/aging.ts.

export const VISOES_POSICAO = ['receber', 'pagar', 'dre', 'fluxo'] as const;
export type VisaoPosicao = (typeof VISOES_POSICAO)[number];
export const visaoPosicaoLabels: Record<VisaoPosicao, string> = {
  receber: 'Aging a receber (clientes)',
  pagar: 'Aging a pagar (fornecedores)',
  dre: 'DRE gerencial',
  fluxo: 'Fluxo de caixa realizado × previsto',
};
export const AGRUPAMENTOS_FLUXO_POSICAO = ['dia', 'semana'] as const;
export type AgrupamentoFluxoPosicao = (typeof AGRUPAMENTOS_FLUXO_POSICAO)[number];

export const ORDENACOES_POSICAO = ['rotulo', 'total', ...FAIXAS_AGING] as const;

const filtrosPosicao = {
  ...periodoRelatorio,
  visao: z.enum(VISOES_POSICAO, { error: 'Visão inválida' }).default('receber'),
  agrupamento: z.enum(AGRUPAMENTOS_FLUXO_POSICAO, { error: 'Agrupamento inválido' }).default('semana'),
  sort: z.enum(ORDENACOES_POSICAO, { error: 'Ordenação inválida' }).default('total'),
};

export const posicaoFinanceiraQuerySchema = z
  .object({ ...filtrosPosicao, ...paginaRelatorio })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);
export type PosicaoFinanceiraQuery = z.output<typeof posicaoFinanceiraQuerySchema>;

export const posicaoFinanceiraExportSchema = z
  .object({ ...filtrosPosicao, dir: paginaRelatorio.dir, formato: formatoRelatorioSchema })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);
export type PosicaoFinanceiraExport = z.output<typeof posicaoFinanceiraExportSchema>;

export type LinhaPosicao = {
  chave: string;
  rotulo: string;
  // aging (by faixa) and total
  a_vencer?: string;
  '1_30'?: string;
  '31_60'?: string;
  '61_90'?: string;
  mais_90?: string;
  total?: string;
  titulos?: number;
  // dre
  grupo?: GrupoDre;
  codigo?: string;
  valor?: string;
  // fluxo
  de?: string;
  ate?: string;
  entradas_previstas?: string;
  entradas_realizadas?: string;
  saidas_previstas?: string;
  saidas_realizadas?: string;
  saldo_previsto?: string;
  saldo_realizado?: string;
};

export type TotaisPosicao = Partial<Record<FaixaAging | 'total', string>> & {
  itens: number;
  titulos?: number;
  // dre: the lines' sums and the result
  receitas?: string;
  deducoes?: string;
  custos?: string;
  despesas?: string;
  resultado?: string;
  // fluxo
  entradas_previstas?: string;
  entradas_realizadas?: string;
  saidas_previstas?: string;
  saidas_realizadas?: string;
  saldo_previsto?: string;
  saldo_realizado?: string;
};

export function colunasPosicao(visao: VisaoPosicao): ColunaRelatorio[] {
  if (visao === 'dre')
    return [
      { chave: 'rotulo', titulo: 'Linha', tipo: 'texto' },
      { chave: 'codigo', titulo: 'Classe', tipo: 'texto' },
      { chave: 'valor', titulo: 'Valor', tipo: 'dinheiro' },
    ];
  if (visao === 'fluxo')
    return [
      { chave: 'rotulo', titulo: 'Período', tipo: 'texto' },
      { chave: 'entradas_previstas', titulo: 'Entradas previstas', tipo: 'dinheiro', total: true },
      { chave: 'entradas_realizadas', titulo: 'Entradas realizadas', tipo: 'dinheiro', total: true },
      { chave: 'saidas_previstas', titulo: 'Saídas previstas', tipo: 'dinheiro', total: true },
      { chave: 'saidas_realizadas', titulo: 'Saídas realizadas', tipo: 'dinheiro', total: true },
      { chave: 'saldo_previsto', titulo: 'Saldo previsto', tipo: 'dinheiro', total: true },
      { chave: 'saldo_realizado', titulo: 'Saldo realizado', tipo: 'dinheiro', total: true },
    ];
  return [
    {
      chave: 'rotulo',
      titulo: visao === 'receber' ? 'Cliente' : 'Fornecedor',
      tipo: 'texto',
      ordenacao: 'rotulo',
    },
    { chave: 'titulos', titulo: 'Títulos', tipo: 'inteiro', total: true },
    { chave: 'a_vencer', titulo: 'A vencer', tipo: 'dinheiro', ordenacao: 'a_vencer', total: true },
    { chave: '1_30', titulo: '1–30 dias', tipo: 'dinheiro', ordenacao: '1_30', total: true },
    { chave: '31_60', titulo: '31–60 dias', tipo: 'dinheiro', ordenacao: '31_60', total: true },
    { chave: '61_90', titulo: '61–90 dias', tipo: 'dinheiro', ordenacao: '61_90', total: true },
    { chave: 'mais_90', titulo: '> 90 dias', tipo: 'dinheiro', ordenacao: 'mais_90', total: true },
    { chave: 'total', titulo: 'Total', tipo: 'dinheiro', ordenacao: 'total', total: true },
  ];
}
