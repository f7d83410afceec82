import type { RouteObject } from 'react-router';

// Routes of the returns from customers (issue 32). Access comes from the shared routePermissions
// table (/comercial/devolucoes: admin, comercial); «nova» and a return inherit the list's.
export const devolucoesRoutes: RouteObject[] = [
  {
    path: '/comercial/devolucoes',
    lazy: async () => ({ Component: (await import('./pages/devolucoes-page.tsx')).DevolucoesPage }),
  },
  {
    path: '/comercial/devolucoes/nova',
    lazy: async () => ({ Component: (await import('./pages/nova-devolucao-page.tsx')).NovaDevolucaoPage }),
  },
  {
    path: '/comercial/devolucoes/:id',
    lazy: async () => ({ Component: (await import('./pages/devolucao-page.tsx')).DevolucaoPage }),
  },
];
