import { z } from 'zod';
import {
  type ColunaRelatorio,
  formatoRelatorioSchema,
  idOuSem,
  paginaRelatorio,
  periodoRelatorio,
  periodoRelatorioInvertido,
  periodoRelatorioValido,
} from './relatorio.ts';

// Relatório de Devoluções e cancelamentos (issue 35): the customers' returns in effect (devoluções
// de venda autorizadas or lançadas, by the day they took effect, São Paulo) — their value Σ the
// returned items' vItem, by each item's motivo — and the cancelled orders (by the day of the
// cancellation in the order's history, their valor_total, by the reason typed), grouped by reason,
// seller (the order's), customer, or document by document (the drill-down).

export const AGRUPAMENTOS_DEVOLUCOES = ['motivo', 'vendedor', 'cliente', 'documento'] as const;
export type AgrupamentoDevolucoes = (typeof AGRUPAMENTOS_DEVOLUCOES)[number];
export const agrupamentoDevolucoesLabels: Record<AgrupamentoDevolucoes, string> = {
  motivo: 'Motivo',
  vendedor: 'Vendedor',
  cliente: 'Cliente',
  documento: 'Documento',
};

export const TIPOS_DEVOLUCOES_RELATORIO = ['devolucao', 'cancelamento'] as const;
export type TipoDevolucoesRelatorio = (typeof TIPOS_DEVOLUCOES_RELATORIO)[number];
export const tipoDevolucoesRelatorioLabels: Record<TipoDevolucoesRelatorio, string> = {
  devolucao: 'Devoluções',
  cancelamento: 'Cancelamentos',
};

export const ORDENACOES_DEVOLUCOES = [
  'rotulo',
  'data',
  'devolucoes',
  'valor_devolvido',
  'cancelamentos',
  'valor_cancelado',
  'valor_total',
] as const;

const filtrosDevolucoes = {
  ...periodoRelatorio,
  tipo: z.enum(TIPOS_DEVOLUCOES_RELATORIO, { error: 'Tipo inválido' }).optional(),
  vendedor_id: idOuSem.optional(),
  cliente_id: z.uuid({ error: 'Cliente inválido' }).optional(),
  /** a reason: 'devolucao:<motivo>' or 'cancelamento:<texto>' (a row of the motivo grouping) */
  motivo: z.string().trim().max(300, 'Motivo muito longo').optional(),
  agrupar: z.enum(AGRUPAMENTOS_DEVOLUCOES, { error: 'Agrupamento inválido' }).default('motivo'),
  sort: z.enum(ORDENACOES_DEVOLUCOES, { error: 'Ordenação inválida' }).default('valor_total'),
  dir: paginaRelatorio.dir,
};

export const devolucoesRelatorioQuerySchema = z
  .object({ ...filtrosDevolucoes, page: paginaRelatorio.page, pageSize: paginaRelatorio.pageSize })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);
export type DevolucoesRelatorioQuery = z.output<typeof devolucoesRelatorioQuerySchema>;

export const devolucoesRelatorioExportSchema = z
  .object({ ...filtrosDevolucoes, formato: formatoRelatorioSchema })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);

export type TotaisDevolucoes = {
  devolucoes: number;
  valor_devolvido: string;
  cancelamentos: number;
  valor_cancelado: string;
  valor_total: string;
};

export type LinhaDevolucoes = TotaisDevolucoes & {
  /** motivo: 'devolucao:<motivo>' | 'cancelamento:<texto>'; vendedor/cliente: an id or ''; documento: the id */
  chave: string;
  rotulo: string;
  /** documento: the day it took effect, its customer, seller and reasons */
  data?: string;
  cliente?: string;
  vendedor?: string;
  motivos?: string;
};

const figuras: ColunaRelatorio[] = [
  { chave: 'devolucoes', titulo: 'Devoluções', tipo: 'inteiro', ordenacao: 'devolucoes', total: true },
  {
    chave: 'valor_devolvido',
    titulo: 'Valor devolvido',
    tipo: 'dinheiro',
    ordenacao: 'valor_devolvido',
    total: true,
  },
  {
    chave: 'cancelamentos',
    titulo: 'Pedidos cancelados',
    tipo: 'inteiro',
    ordenacao: 'cancelamentos',
    total: true,
  },
  {
    chave: 'valor_cancelado',
    titulo: 'Valor cancelado',
    tipo: 'dinheiro',
    ordenacao: 'valor_cancelado',
    total: true,
  },
  { chave: 'valor_total', titulo: 'Total', tipo: 'dinheiro', ordenacao: 'valor_total', total: true },
];

export function colunasDevolucoes(agrupar: AgrupamentoDevolucoes): ColunaRelatorio[] {
  if (agrupar !== 'documento')
    return [
      { chave: 'rotulo', titulo: agrupamentoDevolucoesLabels[agrupar], tipo: 'texto', ordenacao: 'rotulo' },
      ...figuras,
    ];
  return [
    { chave: 'rotulo', titulo: 'Documento', tipo: 'texto', ordenacao: 'rotulo' },
    { chave: 'data', titulo: 'Data', tipo: 'data', ordenacao: 'data' },
    { chave: 'cliente', titulo: 'Cliente', tipo: 'texto' },
    { chave: 'vendedor', titulo: 'Vendedor', tipo: 'texto' },
    { chave: 'motivos', titulo: 'Motivo', tipo: 'texto' },
    ...figuras.filter((c) => c.chave.startsWith('valor_')),
  ];
}

/** The filter that narrows the report to one of its rows (the drill-down: its documents). */
export function filtroDaLinhaDevolucoes(
  agrupar: AgrupamentoDevolucoes,
  chave: string,
): Record<string, string> | null {
  switch (agrupar) {
    case 'motivo':
      return { motivo: chave };
    case 'vendedor':
      return { vendedor_id: chave || 'sem' };
    case 'cliente':
      return { cliente_id: chave };
    default:
      return null;
  }
}
