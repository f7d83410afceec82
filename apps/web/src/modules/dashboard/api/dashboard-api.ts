import type { PeriodoDashboard } from '@erp/shared';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '@/lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

// The dashboard's reads. Cache rules are the app's QueryClient defaults (fresh 5 min, kept 30, no
// refetch on focus or reconnect, 1 retry). A failure is only logged (spec section 8): the caller
// shows zeros or an empty table.

const noQuery = { query: {} };

function useDashboardQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, what: string, enabled = true) {
  // a new period keeps the previous figures on screen until its own arrive (no flash of zeros)
  const result = useQuery({ queryKey, queryFn, enabled, placeholderData: keepPreviousData });
  useEffect(() => {
    if (result.error) console.error(`Falha ao carregar ${what} do dashboard`, result.error);
  }, [result.error, what]);
  return result;
}

/** The commercial block's period (issue 35), as the API's query takes it. */
export type PeriodoQuery = { periodo: PeriodoDashboard; de?: string; ate?: string };
const q = (p: PeriodoQuery) => ({
  query: {
    periodo: p.periodo,
    ...(p.periodo === 'personalizado' ? { de: p.de, ate: p.ate } : {}),
  },
});

export const useComercialResumo = (enabled: boolean, p: PeriodoQuery) =>
  useDashboardQuery(
    [...dashboardKeys.comercial, p],
    () => unwrap(api.dashboard.comercial.$get(q(p))),
    'o bloco comercial',
    enabled,
  );
export const useVendasPorPeriodo = (enabled: boolean, p: PeriodoQuery) =>
  useDashboardQuery(
    [...dashboardKeys.vendasPorPeriodo, p],
    () => unwrap(api.dashboard.comercial['vendas-por-periodo'].$get(q(p))),
    'as vendas por período',
    enabled,
  );
export const useVendasPorProduto = (enabled: boolean, p: PeriodoQuery) =>
  useDashboardQuery(
    [...dashboardKeys.vendasPorProduto, p],
    () => unwrap(api.dashboard.comercial['vendas-por-produto'].$get(q(p))),
    'as vendas por produto',
    enabled,
  );
export const useVendasPorCliente = (enabled: boolean, p: PeriodoQuery) =>
  useDashboardQuery(
    [...dashboardKeys.vendasPorCliente, p],
    () => unwrap(api.dashboard.comercial['vendas-por-cliente'].$get(q(p))),
    'as vendas por cliente',
    enabled,
  );
export const useVendasPorVendedor = (enabled: boolean, p: PeriodoQuery) =>
  useDashboardQuery(
    [...dashboardKeys.vendasPorVendedor, p],
    () => unwrap(api.dashboard.comercial['vendas-por-vendedor'].$get(q(p))),
    'as vendas por vendedor',
    enabled,
  );
export const useVendasPorRegiao = (enabled: boolean, p: PeriodoQuery) =>
  useDashboardQuery(
    [...dashboardKeys.vendasPorRegiao, p],
    () => unwrap(api.dashboard.comercial['vendas-por-regiao'].$get(q(p))),
    'as vendas por região',
    enabled,
  );
export const useSerieVendas = (enabled: boolean, p: PeriodoQuery) =>
  useDashboardQuery(
    [...dashboardKeys.serieVendas, p],
    () => unwrap(api.dashboard.comercial.serie.$get(q(p))),
    'o gráfico de vendas',
    enabled,
  );

export const useEstoqueResumo = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.estoque,
    () => unwrap(api.dashboard.estoque.$get()),
    'o bloco de estoque',
    enabled,
  );
export const useProdutosAbaixoMinimo = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.abaixoMinimo,
    () => unwrap(api.dashboard.estoque['abaixo-minimo'].$get()),
    'os produtos abaixo do mínimo',
    enabled,
  );
export const useProdutosAcimaMaximo = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.acimaMaximo,
    () => unwrap(api.dashboard.estoque['acima-maximo'].$get()),
    'os produtos acima do máximo',
    enabled,
  );
export const useProdutosPorValor = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.valorEstoque,
    () => unwrap(api.dashboard.estoque.valor.$get()),
    'os produtos por valor em estoque',
    enabled,
  );

export const useEstoquePorGrupo = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.estoquePorGrupo,
    () => unwrap(api.dashboard.estoque['por-grupo'].$get()),
    'o valor em estoque por grupo',
    enabled,
  );

export const useFinanceiroResumo = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.financeiro,
    () => unwrap(api.dashboard.financeiro.$get(noQuery)),
    'o bloco financeiro',
    enabled,
  );
export const useContasReceber = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.contasReceber,
    () => unwrap(api.dashboard.financeiro.receber.$get(noQuery)),
    'as contas a receber',
    enabled,
  );
export const useContasPagar = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.contasPagar,
    () => unwrap(api.dashboard.financeiro.pagar.$get(noQuery)),
    'as contas a pagar',
    enabled,
  );
export const useContasVencidas = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.contasVencidas,
    () => unwrap(api.dashboard.financeiro.vencidas.$get(noQuery)),
    'as contas vencidas',
    enabled,
  );
export const useVencimentosSemanas = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.vencimentosSemanas,
    () => unwrap(api.dashboard.financeiro['vencimentos-semanas'].$get(noQuery)),
    'os vencimentos das próximas semanas',
    enabled,
  );
