import type { RouteObject } from 'react-router';

// Routes of the precos module (admin only: the shared routePermissions guard of
// /estoque/tabela-precos, which a table's page inherits).
const paginas = async () => import('./pages/tabelas-preco-page.tsx');

export const precosRoutes: RouteObject[] = [
  { path: '/estoque/tabela-precos', lazy: async () => ({ Component: (await paginas()).TabelasPrecoPage }) },
  {
    path: '/estoque/tabela-precos/:id',
    lazy: async () => ({ Component: (await import('./pages/tabela-preco-page.tsx')).TabelaPrecoPage }),
  },
];
