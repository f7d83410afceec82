import type { RouteObject } from 'react-router';

// Routes of the finance module. Access rules come from the shared routePermissions table, applied
// centrally by the shell's guard (an account's extrato is under Contas Bancárias).
const plano = async () => import('./pages/plano-pages.tsx');

export const financeiroRoutes: RouteObject[] = [
  {
    path: '/financeiro',
    lazy: async () => ({ Component: (await import('./pages/area-page.tsx')).AreaFinanceiraPage }),
  },
  {
    path: '/financeiro/receber',
    lazy: async () => ({ Component: (await import('./pages/titulos-page.tsx')).ReceberPage }),
  },
  {
    path: '/financeiro/extrato-bancario',
    lazy: async () => ({
      Component: (await import('./pages/extrato-bancario-page.tsx')).ExtratoBancarioPage,
    }),
  },
  {
    path: '/financeiro/conciliacao-bancaria',
    lazy: async () => ({ Component: (await import('./pages/conciliacao-page.tsx')).ConciliacaoBancariaPage }),
  },
  {
    path: '/financeiro/cobranca',
    lazy: async () => ({ Component: (await import('./pages/cobranca-page.tsx')).CobrancaPage }),
  },
  {
    path: '/financeiro/pagar',
    lazy: async () => ({ Component: (await import('./pages/titulos-page.tsx')).PagarPage }),
  },
  { path: '/financeiro/centros-custo', lazy: async () => ({ Component: (await plano()).CentrosCustoPage }) },
  {
    path: '/financeiro/classes-financeiras',
    lazy: async () => ({ Component: (await plano()).ClassesFinanceirasPage }),
  },
  {
    path: '/financeiro/formas-recebimento',
    lazy: async () => ({ Component: (await import('./pages/formas-page.tsx')).FormasRecebimentoPage }),
  },
  {
    path: '/financeiro/condicoes-pagamento',
    lazy: async () => ({ Component: (await import('./pages/condicoes-page.tsx')).CondicoesPagamentoPage }),
  },
  {
    path: '/financeiro/contas-bancarias',
    lazy: async () => ({
      Component: (await import('./pages/contas-bancarias-page.tsx')).ContasBancariasPage,
    }),
  },
  {
    path: '/financeiro/contas-bancarias/:id',
    lazy: async () => ({ Component: (await import('./pages/extrato-page.tsx')).ExtratoContaPage }),
  },
];
