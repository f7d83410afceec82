import type { RouteObject } from 'react-router';

// Routes of the frota module. Access rules come from the shared routePermissions table (admin and
// financeiro), applied centrally by the shell's guard — not repeated here.
export const frotaRoutes: RouteObject[] = [
  {
    path: '/frota/funcionarios',
    lazy: async () => ({ Component: (await import('./pages/funcionarios-page.tsx')).FuncionariosPage }),
  },
  {
    path: '/frota/placas',
    lazy: async () => ({ Component: (await import('./pages/placas-page.tsx')).PlacasPage }),
  },
];
