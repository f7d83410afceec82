import type { RouteObject } from 'react-router';

// Routes of the reports (issue 35). Access comes from the shared routePermissions table (the
// commercial reports: admin, comercial); the server narrows a seller's user to their own sales.
export const relatoriosRoutes: RouteObject[] = [
  {
    path: '/relatorios/giro-estoque',
    lazy: async () => ({ Component: (await import('./pages/giro-estoque-page.tsx')).GiroEstoquePage }),
  },
  {
    path: '/relatorios/posicao-financeira',
    lazy: async () => ({
      Component: (await import('./pages/posicao-financeira-page.tsx')).PosicaoFinanceiraPage,
    }),
  },
  {
    path: '/relatorios/vendas',
    lazy: async () => ({ Component: (await import('./pages/vendas-page.tsx')).VendasRelatorioPage }),
  },
  {
    path: '/relatorios/curva-abc',
    lazy: async () => ({ Component: (await import('./pages/curva-abc-page.tsx')).CurvaAbcPage }),
  },
  {
    path: '/relatorios/comissoes',
    lazy: async () => ({ Component: (await import('./pages/comissoes-page.tsx')).ComissoesRelatorioPage }),
  },
  {
    path: '/relatorios/devolucoes',
    lazy: async () => ({ Component: (await import('./pages/devolucoes-page.tsx')).DevolucoesRelatorioPage }),
  },
];
