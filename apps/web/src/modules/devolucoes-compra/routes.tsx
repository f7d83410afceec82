import type { RouteObject } from 'react-router';

// Routes of the returns to suppliers (issue 32). Access comes from the shared routePermissions
// table (/estoque/devolucoes-compra: admin, estoque); «nova» and a return inherit the list's.
export const devolucoesCompraRoutes: RouteObject[] = [
  {
    path: '/estoque/devolucoes-compra',
    lazy: async () => ({
      Component: (await import('./pages/devolucoes-compra-page.tsx')).DevolucoesCompraPage,
    }),
  },
  {
    path: '/estoque/devolucoes-compra/nova',
    lazy: async () => ({
      Component: (await import('./pages/nova-devolucao-compra-page.tsx')).NovaDevolucaoCompraPage,
    }),
  },
  {
    path: '/estoque/devolucoes-compra/:id',
    lazy: async () => ({
      Component: (await import('./pages/devolucao-compra-page.tsx')).DevolucaoCompraPage,
    }),
  },
];
