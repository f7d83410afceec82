import type { RouteObject } from 'react-router';

// Routes of the goods receipt (issue 17). Access comes from the shared routePermissions table
// (/estoque/entradas: admin, estoque; /notasfiscais/entrada: admin, comercial); a receipt or a note
// inherits its list's.
export const entradasRoutes: RouteObject[] = [
  {
    path: '/estoque/entradas',
    lazy: async () => ({ Component: (await import('./pages/entradas-page.tsx')).EntradasPage }),
  },
  {
    path: '/estoque/entradas/nova',
    lazy: async () => ({ Component: (await import('./pages/entrada-manual-page.tsx')).EntradaManualPage }),
  },
  {
    path: '/estoque/entradas/:id',
    lazy: async () => ({ Component: (await import('./pages/entrada-page.tsx')).EntradaPage }),
  },
  {
    path: '/notasfiscais/entrada',
    lazy: async () => ({ Component: (await import('./pages/notas-entrada-page.tsx')).NotasEntradaPage }),
  },
  {
    path: '/notasfiscais/entrada/:id',
    lazy: async () => ({ Component: (await import('./pages/nota-entrada-page.tsx')).NotaEntradaPage }),
  },
];
