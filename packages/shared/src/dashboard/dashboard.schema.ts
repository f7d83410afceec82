import { z } from 'zod';
import { isIsoDay } from './period.ts';
import { diasDoIntervalo, PERIODO_MAX_DIAS, PERIODOS_DASHBOARD } from './periodo-comparado.ts';
import type { StockStatus } from './stock-status.ts';

/**
 * Query of every /api/dashboard endpoint. `hoje` fixes "today" for tests: the server honours it
 * only when NODE_ENV=test and otherwise uses the business day of America/Sao_Paulo.
 */
const isoDay = z.string().refine(isIsoDay, 'Data inválida (use AAAA-MM-DD)');
/** Query of the finance endpoints: only `hoje` (tests). */
export const dashboardHojeQuerySchema = z.object({ hoje: isoDay.optional() });
export const dashboardQuerySchema = z
  .object({
    hoje: isoDay.optional(),
    /** the period selector (issue 35); absent = este mês, the spec's default */
    periodo: z.enum(PERIODOS_DASHBOARD, { message: 'Período inválido' }).default('mes'),
    /** first and last day (inclusive) of a 'personalizado' period */
    de: isoDay.optional(),
    ate: isoDay.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.periodo !== 'personalizado') return;
    if (!q.de) ctx.addIssue({ code: 'custom', path: ['de'], message: 'Informe a data inicial' });
    if (!q.ate) ctx.addIssue({ code: 'custom', path: ['ate'], message: 'Informe a data final' });
    if (!q.de || !q.ate || !isIsoDay(q.de) || !isIsoDay(q.ate)) return;
    if (q.ate < q.de) {
      ctx.addIssue({
        code: 'custom',
        path: ['ate'],
        message: 'A data final deve ser igual ou posterior à inicial',
      });
    } else if (diasDoIntervalo(q.de, q.ate) + 1 > PERIODO_MAX_DIAS) {
      ctx.addIssue({
        code: 'custom',
        path: ['ate'],
        message: `O período pode ter no máximo ${PERIODO_MAX_DIAS} dias`,
      });
    }
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

// Limits of spec section 9.
export const DASHBOARD_TOP_LIMIT = 20;
export const DASHBOARD_LIST_LIMIT = 50;

// Money travels as decimal strings with two places ("1234.56"); counts as numbers.

/** GET /api/dashboard/comercial — the chosen period's figures (the month by default). */
export type ComercialResumo = {
  periodo: { inicio: string; fim: string };
  /** the previous equal period and its figures (▲/▼ on the cards) */
  anterior: {
    inicio: string;
    fim: string;
    vendas: string;
    total_pedidos: number;
    ticket_medio: string;
    /** only when the previous period is one calendar month (cheap off its slices); else null */
    produtos_vendidos: number | null;
  };
  vendas_mes: string;
  total_pedidos: number;
  ticket_medio: string;
  /** distinct products sold in the month */
  produtos_vendidos: number;
  produto_mais_vendido: string | null;
};
/** Vendas por Período: one row per day of the month with orders, by ascending date. */
export type VendaPorPeriodo = { data: string; quantidade: number; total: string };
/** Vendas por Produto: top 20 products of the month by descending value. */
export type VendaPorProduto = { produto: string; quantidade: string; valor_total: string };
/** Vendas por Cliente: top 20 customers of the month by descending value. */
export type VendaPorCliente = { cliente: string; pedidos: number; valor_total: string };
/** Vendas por Vendedor: each order under its own seller (or "Sem vendedor"), top 20. */
export type VendaPorVendedor = { vendedor: string; pedidos: number; valor_total: string };

/** GET /api/dashboard/estoque — active products. */
export type EstoqueResumo = {
  total_produtos: number;
  abaixo_minimo: number;
  /** sum of estoque_atual × preco_custo over products with stock above 0, rounded to cents */
  valor_total: string;
  acima_maximo: number;
};
export type ProdutoEstoque = {
  id: string;
  codigo: string;
  nome: string;
  estoque_atual: string;
  estoque_minimo: string;
  estoque_maximo: string;
  preco_custo: string;
  /** estoque_atual × preco_custo rounded to cents */
  valor_total: string;
  status: StockStatus;
};

/** GET /api/dashboard/financeiro — open accounts. */
export type FinanceiroResumo = {
  hoje: string;
  a_receber: string;
  a_pagar: string;
  saldo_projetado: string;
  contas_vencidas: number;
};
export type ContaDashboard = {
  id: string;
  tipo: 'receber' | 'pagar';
  descricao: string;
  data_vencimento: string;
  valor: string;
  status: string;
  vencida: boolean;
};

export type DashboardLista<T> = { linhas: T[] };

// Charts (issue 35). Each is one SQL aggregate.

/** Sales per day (or week) of the period beside the same day (week) of the previous period. */
export type PontoSerieVendas = {
  /** bucket number from the period's start (0, 1, …) */
  indice: number;
  /** first day of the bucket in the period, and in the previous period */
  data: string;
  data_anterior: string;
  total: string;
  pedidos: number;
  total_anterior: string;
  pedidos_anterior: number;
};
export type SerieVendas = {
  granularidade: 'dia' | 'semana';
  atual: { inicio: string; fim: string };
  anterior: { inicio: string; fim: string };
  pontos: PontoSerieVendas[];
};
/** Sales by the order's delivery region ("Sem região" when it has none). */
export type VendaPorRegiao = { regiao: string; pedidos: number; valor_total: string };
/** Open receivables and payables due in each of the next 8 weeks from today. */
export type VencimentoSemana = { inicio: string; fim: string; receber: string; pagar: string };
/** Stock value (Σ estoque_atual × preco_custo, stock above 0) per product group. */
export type EstoquePorGrupo = { grupo: string; produtos: number; valor_total: string };
export type DashboardContas = { hoje: string; linhas: ContaDashboard[] };
