import type { RouteObject } from 'react-router';

// The força de vendas (issue 36, decision 0010): outside the signed-in shell, whose menu and guard
// read the roles from the API — the seller's screen must open without a network. The API checks
// the seller on every call (GET /api/vendas/sync, POST /api/vendas/pedidos).
export const vendasRoutes: RouteObject[] = [
  {
    path: '/vendas',
    lazy: async () => ({ Component: (await import('./pages/vendas-page.tsx')).VendasPage }),
  },
];
