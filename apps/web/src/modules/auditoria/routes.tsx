import type { RouteObject } from 'react-router';

// Routes of the auditoria module. Access rules come from the shared routePermissions table,
// applied centrally by the shell's guard — not repeated here.
export const auditoriaRoutes: RouteObject[] = [
  {
    path: '/auditoria',
    lazy: async () => ({ Component: (await import('./pages/auditoria-page.tsx')).AuditoriaPage }),
  },
];
