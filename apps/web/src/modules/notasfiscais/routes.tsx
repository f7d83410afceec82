import type { RouteObject } from 'react-router';

// Routes of the outgoing NF-e (issue 19). Access comes from the shared routePermissions table
// (/notasfiscais/saida: admin, comercial); a note inherits its list's.
export const notasFiscaisRoutes: RouteObject[] = [
  {
    path: '/notasfiscais/saida',
    lazy: async () => ({ Component: (await import('./pages/notas-saida-page.tsx')).NotasSaidaPage }),
  },
  {
    path: '/notasfiscais/saida/:id',
    lazy: async () => ({ Component: (await import('./pages/nota-saida-page.tsx')).NotaSaidaPage }),
  },
];
