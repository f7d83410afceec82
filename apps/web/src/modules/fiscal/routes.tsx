import type { RouteObject } from 'react-router';

// Routes of the fiscal module (/configuracoes/fiscais: admin only, from the shared routePermissions
// table, applied centrally by the shell's guard).
export const fiscalRoutes: RouteObject[] = [
  {
    path: '/configuracoes/fiscais',
    lazy: async () => ({
      Component: (await import('./pages/configuracoes-fiscais-page.tsx')).ConfiguracoesFiscaisPage,
    }),
  },
];
