import type { RouteObject } from 'react-router';

// Routes of the expedição module. Access (admin and comercial) comes from the shared
// routePermissions table, applied centrally by the shell's guard.
export const expedicaoRoutes: RouteObject[] = [
  {
    path: '/expedicao/cargas',
    lazy: async () => ({ Component: (await import('./pages/cargas-page.tsx')).CargasPage }),
  },
  {
    path: '/expedicao/cargas/:id',
    lazy: async () => ({ Component: (await import('./pages/carga-page.tsx')).CargaPage }),
  },
  {
    path: '/expedicao/conferencia',
    lazy: async () => ({ Component: (await import('./pages/conferencia-page.tsx')).ConferenciaPage }),
  },
  {
    path: '/expedicao/faturamento',
    lazy: async () => ({ Component: (await import('./pages/faturamento-page.tsx')).FaturamentoPage }),
  },
];
