import type { RouteObject } from 'react-router';

// Routes of the tributacao module. Access (admin only) comes from the shared routePermissions
// table, applied centrally by the shell's guard.
export const tributacaoRoutes: RouteObject[] = [
  {
    path: '/estoque/tabela-tributacao',
    lazy: async () => ({
      Component: (await import('./pages/regras-page.tsx')).RegrasTributacaoPage,
    }),
  },
];
