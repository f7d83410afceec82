import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { auditoriaRoutes } from '@/modules/auditoria/routes.tsx';
import { authRoutes } from '@/modules/auth/routes.tsx';
import { cadastrosRoutes } from '@/modules/cadastros/routes.tsx';
import { comercialRoutes } from '@/modules/comercial/routes.tsx';
import { comprasRoutes } from '@/modules/compras/routes.tsx';
import { configuracoesRoutes } from '@/modules/configuracoes/routes.tsx';
import { dashboardRoutes } from '@/modules/dashboard/routes.tsx';
import { devolucoesRoutes } from '@/modules/devolucoes/routes.tsx';
import { devolucoesCompraRoutes } from '@/modules/devolucoes-compra/routes.tsx';
import { entradasRoutes } from '@/modules/entradas/routes.tsx';
import { estoqueRoutes } from '@/modules/estoque/routes.tsx';
import { expedicaoRoutes } from '@/modules/expedicao/routes.tsx';
import { financeiroRoutes } from '@/modules/financeiro/routes.tsx';
import { fiscalRoutes } from '@/modules/fiscal/routes.tsx';
import { frotaRoutes } from '@/modules/frota/routes.tsx';
import { mdfeRoutes } from '@/modules/mdfe/routes.tsx';
import { notasFiscaisRoutes } from '@/modules/notasfiscais/routes.tsx';
import { precosRoutes } from '@/modules/precos/routes.tsx';
import { relatoriosRoutes } from '@/modules/relatorios/routes.tsx';
import { tributacaoRoutes } from '@/modules/tributacao/routes.tsx';
import { usuariosRoutes } from '@/modules/usuarios/routes.tsx';
import { vendasRoutes } from '@/modules/vendas/routes.tsx';
import { RouteErrorPage } from './error-page.tsx';
import { AppLayout, FullScreenSpinner } from './layout/app-layout.tsx';
import { NOT_FOUND_ROUTE_ID, NotFoundPage } from './not-found-page.tsx';
import { shellRoutes } from './shell-routes.tsx';

// The signed-in screens of each module (one spread per module). Access comes from the shared
// routePermissions table, applied by the shell's guard.
const moduleRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...cadastrosRoutes,
  ...comercialRoutes,
  ...devolucoesRoutes,
  ...devolucoesCompraRoutes,
  ...estoqueRoutes,
  ...entradasRoutes,
  ...comprasRoutes,
  ...financeiroRoutes,
  ...frotaRoutes,
  ...expedicaoRoutes,
  ...mdfeRoutes,
  ...notasFiscaisRoutes,
  ...precosRoutes,
  ...relatoriosRoutes,
  ...tributacaoRoutes,
  ...usuariosRoutes,
  ...configuracoesRoutes,
  ...fiscalRoutes,
  ...auditoriaRoutes,
];

// Public routes; the signed-in shell with every module's screens and the shell's own (settings hub,
// placeholders for screens not built yet) and, last, the 404 — inside the shell, so a signed-in user
// keeps the menu (the shell shows it alone to a signed-out visitor).
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
    HydrateFallback: FullScreenSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      ...authRoutes,
      // the seller's offline screen: outside the shell (it opens without a network)
      ...vendasRoutes,
      {
        id: 'signed-in',
        Component: AppLayout,
        // a screen that fails keeps the shell around its error message
        children: [
          {
            ErrorBoundary: RouteErrorPage,
            children: [
              ...moduleRoutes,
              ...shellRoutes(moduleRoutes),
              { id: NOT_FOUND_ROUTE_ID, path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
