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

// Relatório de Vendas (issue 35): the counted orders' items (status not orçamento nor cancelado,
// as the dashboard) of a period, grouped by month, day, seller, customer, product, stock group or
// região, with quantity, revenue (Σ item subtotal: goods net of discounts), cost (Σ of each item's
// quantity × the custo médio frozen on it, rounded to the cent per item) and gross margin.

export const AGRUPAMENTOS_VENDAS = [
  'mes',
  'dia',
  'vendedor',
  'cliente',
  'produto',
  'grupo',
  'regiao',
] as const;
export type AgrupamentoVendas = (typeof AGRUPAMENTOS_VENDAS)[number];
export const agrupamentoVendasLabels: Record<AgrupamentoVendas, string> = {
  mes: 'Mês',
  dia: 'Dia',
  vendedor: 'Vendedor',
  cliente: 'Cliente',
  produto: 'Produto',
  grupo: 'Grupo',
  regiao: 'Região',
};

export const ORDENACOES_VENDAS = [
  'rotulo',
  'pedidos',
  'quantidade',
  'receita',
  'custo',
  'margem',
  'margem_percentual',
] as const;

const filtrosVendas = {
  ...periodoRelatorio,
  vendedor_id: idOuSem.optional(),
  cliente_id: z.uuid({ error: 'Cliente inválido' }).optional(),
  produto_id: z.uuid({ error: 'Produto inválido' }).optional(),
  grupo_id: idOuSem.optional(),
  regiao_id: idOuSem.optional(),
};

export const vendasQuerySchema = z
  .object({
    ...filtrosVendas,
    ...paginaRelatorio,
    agrupar: z.enum(AGRUPAMENTOS_VENDAS, { error: 'Agrupamento inválido' }).default('produto'),
    sort: z.enum(ORDENACOES_VENDAS, { error: 'Ordenação inválida' }).default('receita'),
  })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);
export type VendasQuery = z.output<typeof vendasQuerySchema>;

export const vendasExportSchema = z
  .object({
    ...filtrosVendas,
    agrupar: z.enum(AGRUPAMENTOS_VENDAS, { error: 'Agrupamento inválido' }).default('produto'),
    sort: z.enum(ORDENACOES_VENDAS, { error: 'Ordenação inválida' }).default('receita'),
    dir: paginaRelatorio.dir,
    formato: formatoRelatorioSchema,
  })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);

/** Drill-down: the orders behind a row (the report's filters plus the row's own key as a filter). */
export const vendasPedidosQuerySchema = z
  .object({
    ...filtrosVendas,
    page: paginaRelatorio.page,
    pageSize: paginaRelatorio.pageSize,
  })
  .refine(periodoRelatorioValido, periodoRelatorioInvertido);

export type LinhaVendas = {
  /** the group's key: an id, 'YYYY-MM' (mês), 'YYYY-MM-DD' (dia), or '' for "sem vendedor/grupo/região" */
  chave: string;
  rotulo: string;
  pedidos: number;
  quantidade: string;
  receita: string;
  custo: string;
  margem: string;
  /** null when the revenue is zero */
  margem_percentual: string | null;
};
export type TotaisVendas = Omit<LinhaVendas, 'chave' | 'rotulo'>;

export type PedidoVendas = {
  id: string;
  numero: number;
  data_emissao: string;
  cliente_nome: string;
  vendedor_nome: string | null;
  quantidade: string;
  receita: string;
  custo: string;
  margem: string;
  margem_percentual: string | null;
};

export function colunasVendas(agrupar: AgrupamentoVendas): ColunaRelatorio[] {
  return [
    { chave: 'rotulo', titulo: agrupamentoVendasLabels[agrupar], tipo: 'texto', ordenacao: 'rotulo' },
    { chave: 'pedidos', titulo: 'Pedidos', tipo: 'inteiro', ordenacao: 'pedidos', total: true },
    { chave: 'quantidade', titulo: 'Quantidade', tipo: 'quantidade', ordenacao: 'quantidade', total: true },
    { chave: 'receita', titulo: 'Receita', tipo: 'dinheiro', ordenacao: 'receita', total: true },
    { chave: 'custo', titulo: 'Custo', tipo: 'dinheiro', ordenacao: 'custo', total: true },
    { chave: 'margem', titulo: 'Margem bruta', tipo: 'dinheiro', ordenacao: 'margem', total: true },
    {
      chave: 'margem_percentual',
      titulo: 'Margem %',
      tipo: 'percentual',
      ordenacao: 'margem_percentual',
      total: true,
    },
  ];
}

/** The filter that narrows the report to one of its rows (the drill-down), by grouping. */
export function filtroDaLinhaVendas(agrupar: AgrupamentoVendas, chave: string): Record<string, string> {
  switch (agrupar) {
    case 'mes': {
      const [y, m] = chave.split('-').map(Number) as [number, number];
      const ultimo = new Date(Date.UTC(y, m, 0)).getUTCDate();
      return { de: `${chave}-01`, ate: `${chave}-${String(ultimo).padStart(2, '0')}` };
    }
    case 'dia':
      return { de: chave, ate: chave };
    case 'vendedor':
      return { vendedor_id: chave || 'sem' };
    case 'cliente':
      return { cliente_id: chave };
    case 'produto':
      return { produto_id: chave };
    case 'grupo':
      return { grupo_id: chave || 'sem' };
    case 'regiao':
      return { regiao_id: chave || 'sem' };
  }
}
