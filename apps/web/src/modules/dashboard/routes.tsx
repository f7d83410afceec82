import type { RouteObject } from 'react-router';

// Routes of the dashboard module. Access rules come from the shared routePermissions table,
// applied centrally by the shell's guard — not repeated here ("/" is open to any signed-in user;
// each block checks its own area, and the server refuses the data to anyone else).
export const dashboardRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./pages/dashboard-page.tsx')).DashboardPage }),
  },
];
