import { z } from 'zod';
import { isIsoDay } from './period.ts';
import type { StockStatus } from './stock-status.ts';

/**
 * Query of every /api/dashboard endpoint. `hoje` fixes "today" for tests: the server honours it
 * only when NODE_ENV=test and otherwise uses the business day of America/Sao_Paulo.
 */
export const dashboardQuerySchema = z.object({
  hoje: z.string().refine(isIsoDay, 'Data inválida (use AAAA-MM-DD)').optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

// Limits of spec section 9.
export const DASHBOARD_TOP_LIMIT = 20;
export const DASHBOARD_LIST_LIMIT = 50;

// Money travels as decimal strings with two places ("1234.56"); counts as numbers.

/** GET /api/dashboard/comercial — the month's figures. */
export type ComercialResumo = {
  periodo: { inicio: string; fim: string };
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
export type DashboardContas = { hoje: string; linhas: ContaDashboard[] };
