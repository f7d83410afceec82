import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '@/lib/api-client.ts';
import { dashboardKeys } from './keys.ts';

// The dashboard's reads. Cache rules are the app's QueryClient defaults (fresh 5 min, kept 30, no
// refetch on focus or reconnect, 1 retry). A failure is only logged (spec section 8): the caller
// shows zeros or an empty table.

const noQuery = { query: {} };

function useDashboardQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>, what: string, enabled = true) {
  const result = useQuery({ queryKey, queryFn, enabled });
  useEffect(() => {
    if (result.error) console.error(`Falha ao carregar ${what} do dashboard`, result.error);
  }, [result.error, what]);
  return result;
}

export const useComercialResumo = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.comercial,
    () => unwrap(api.dashboard.comercial.$get(noQuery)),
    'o bloco comercial',
    enabled,
  );
export const useVendasPorPeriodo = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.vendasPorPeriodo,
    () => unwrap(api.dashboard.comercial['vendas-por-periodo'].$get(noQuery)),
    'as vendas por período',
    enabled,
  );
export const useVendasPorProduto = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.vendasPorProduto,
    () => unwrap(api.dashboard.comercial['vendas-por-produto'].$get(noQuery)),
    'as vendas por produto',
    enabled,
  );
export const useVendasPorCliente = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.vendasPorCliente,
    () => unwrap(api.dashboard.comercial['vendas-por-cliente'].$get(noQuery)),
    'as vendas por cliente',
    enabled,
  );
export const useVendasPorVendedor = (enabled: boolean) =>
  useDashboardQuery(
    dashboardKeys.vendasPorVendedor,
    () => unwrap(api.dashboard.comercial['vendas-por-vendedor'].$get(noQuery)),
    'as vendas por vendedor',
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
