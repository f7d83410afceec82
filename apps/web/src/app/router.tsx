import { createBrowserRouter } from 'react-router';
import { authRoutes } from '@/modules/auth/routes.tsx';
import { cadastrosRoutes } from '@/modules/cadastros/routes.tsx';
import { dashboardRoutes } from '@/modules/dashboard/routes.tsx';
import { usuariosRoutes } from '@/modules/usuarios/routes.tsx';
import { NotFoundPage } from './not-found-page.tsx';

// Public routes, then the signed-in routes of each module (one spread per module), then 404.
export const router = createBrowserRouter([
  ...authRoutes,
  ...dashboardRoutes,
  ...cadastrosRoutes,
  ...usuariosRoutes,
  {
    path: '/',
    lazy: async () => ({ Component: (await import('./home-page.tsx')).HomePage }),
  },
  { path: '*', Component: NotFoundPage },
]);
