import type { RouteObject } from 'react-router';

// Routes of the usuarios module. Access rules come from the shared routePermissions table,
// applied centrally by the shell's guard — not repeated here.
export const usuariosRoutes: RouteObject[] = [
  {
    path: '/usuarios',
    lazy: async () => ({ Component: (await import('./pages/usuarios-page.tsx')).UsuariosPage }),
  },
  {
    path: '/perfil',
    lazy: async () => ({ Component: (await import('./pages/perfil-page.tsx')).PerfilPage }),
  },
];
