import type { RouteObject } from 'react-router';

// Routes of the manifestos (MDF-e, issue 33). Access comes from the shared routePermissions table
// (/expedicao/mdfe: admin, comercial); a manifesto's page inherits the list's.
export const mdfeRoutes: RouteObject[] = [
  {
    path: '/expedicao/mdfe',
    lazy: async () => ({ Component: (await import('./pages/mdfes-page.tsx')).MdfesPage }),
  },
  {
    path: '/expedicao/mdfe/:id',
    lazy: async () => ({ Component: (await import('./pages/mdfe-page.tsx')).MdfePage }),
  },
];
