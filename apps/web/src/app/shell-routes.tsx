import { routePermissions } from '@erp/shared';
import type { RouteObject } from 'react-router';
import { PlaceholderPage } from './placeholder-page.tsx';

/** Routes the specification says show the dashboard as a placeholder (until a module builds them). */
const DASHBOARD_PLACEHOLDERS = new Set([
  '/',
  '/matriz/grupos',
  '/matriz/segmentos',
  '/matriz/regioes',
  '/matriz/situacoes',
]);

/** The absolute paths a route tree defines (index routes take their parent's path). */
export function definedPaths(routes: readonly RouteObject[], parent = ''): Set<string> {
  const found = new Set<string>();
  for (const r of routes) {
    const own = r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent}/${r.path}`;
    const path = own.replace(/\/+/g, '/').replace(/(.)\/$/, '$1') || '/';
    if (r.index || (r.path !== undefined && (r.element || r.Component || r.lazy))) found.add(path);
    if (r.children) for (const p of definedPaths(r.children, own)) found.add(p);
  }
  return found;
}

function shellRoute(path: string): RouteObject {
  if (path === '/configuracoes') {
    return {
      path,
      lazy: async () => ({ Component: (await import('./settings-hub-page.tsx')).SettingsHubPage }),
    };
  }
  if (DASHBOARD_PLACEHOLDERS.has(path)) {
    return {
      path,
      lazy: async () => ({
        Component: (await import('@/modules/dashboard/pages/dashboard-page.tsx')).DashboardPage,
      }),
    };
  }
  return { path, Component: PlaceholderPage };
}

/**
 * Every signed-in route of the specification that no module defines: the settings hub, the
 * dashboard placeholders, and an "em construção" page for the rest. A module's own route wins.
 */
export function shellRoutes(moduleRoutes: readonly RouteObject[]): RouteObject[] {
  const taken = definedPaths(moduleRoutes);
  return Object.entries(routePermissions)
    .filter(([path, perm]) => perm !== 'public' && !taken.has(path))
    .map(([path]) => shellRoute(path));
}
