import type { RouteObject } from 'react-router';

// Routes of the configuracoes module (the /configuracoes hub itself belongs to the shell).
// Access rules come from the shared routePermissions table, applied centrally by the shell's
// guard — not repeated here.
export const configuracoesRoutes: RouteObject[] = [
  {
    path: '/configuracoes/perfis',
    lazy: async () => ({ Component: (await import('./pages/perfis-page.tsx')).PerfisPage }),
  },
];
