import type { RouteObject } from 'react-router';

// Routes of the cadastros module. Access rules come from the shared routePermissions table,
// applied centrally by the shell's guard — not repeated here.
export const cadastrosRoutes: RouteObject[] = [
  {
    path: '/matriz/clientes',
    lazy: async () => ({ Component: (await import('./pages/clientes-page.tsx')).ClientesPage }),
  },
  {
    path: '/matriz/fornecedores',
    lazy: async () => ({ Component: (await import('./pages/fornecedores-page.tsx')).FornecedoresPage }),
  },
  {
    path: '/matriz/vendedores',
    lazy: async () => ({ Component: (await import('./pages/vendedores-page.tsx')).VendedoresPage }),
  },
  {
    path: '/matriz/grupos',
    lazy: async () => ({ Component: (await import('./pages/classificacoes-pages.tsx')).GruposPage }),
  },
  {
    path: '/matriz/segmentos',
    lazy: async () => ({ Component: (await import('./pages/classificacoes-pages.tsx')).SegmentosPage }),
  },
  {
    path: '/matriz/regioes',
    lazy: async () => ({ Component: (await import('./pages/regioes-page.tsx')).RegioesPage }),
  },
  {
    path: '/matriz/situacoes',
    lazy: async () => ({ Component: (await import('./pages/classificacoes-pages.tsx')).SituacoesPage }),
  },
];
