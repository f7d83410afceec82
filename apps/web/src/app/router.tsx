import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { auditoriaRoutes } from '@/modules/auditoria/routes.tsx';
import { authRoutes } from '@/modules/auth/routes.tsx';
import { cadastrosRoutes } from '@/modules/cadastros/routes.tsx';
import { configuracoesRoutes } from '@/modules/configuracoes/routes.tsx';
import { dashboardRoutes } from '@/modules/dashboard/routes.tsx';
import { usuariosRoutes } from '@/modules/usuarios/routes.tsx';
import { RouteErrorPage } from './error-page.tsx';
import { AppLayout, FullScreenSpinner } from './layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { shellRoutes } from './shell-routes.tsx';

// The signed-in screens of each module (one spread per module). Access comes from the shared
// routePermissions table, applied by the shell's guard.
const moduleRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...cadastrosRoutes,
  ...usuariosRoutes,
  ...configuracoesRoutes,
  ...auditoriaRoutes,
];

// Public routes; the signed-in shell with every module's screens and the shell's own (settings hub,
// placeholders for screens not built yet); then 404.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
    HydrateFallback: FullScreenSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      ...authRoutes,
      {
        id: 'signed-in',
        Component: AppLayout,
        // a screen that fails keeps the shell around its error message
        children: [
          { ErrorBoundary: RouteErrorPage, children: [...moduleRoutes, ...shellRoutes(moduleRoutes)] },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const router = createBrowserRouter(routes);
