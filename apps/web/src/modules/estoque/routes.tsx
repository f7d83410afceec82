import type { RouteObject } from 'react-router';

// Routes of the estoque module. Access rules come from the shared routePermissions table, applied
// centrally by the shell's guard (a sub-path inherits its screen's: the Kardex is under Produtos,
// an inventory under Inventários).
const registros = async () => import('./pages/cadastros-estoque-pages.tsx');

export const estoqueRoutes: RouteObject[] = [
  {
    path: '/estoque',
    lazy: async () => ({ Component: (await import('./pages/posicao-page.tsx')).PosicaoPage }),
  },
  {
    path: '/estoque/produtos',
    lazy: async () => ({ Component: (await import('./pages/produtos-page.tsx')).ProdutosPage }),
  },
  {
    path: '/estoque/produtos/:id/kardex',
    lazy: async () => ({ Component: (await import('./pages/kardex-page.tsx')).KardexPage }),
  },
  {
    path: '/estoque/lotes',
    lazy: async () => ({ Component: (await import('./pages/lotes-page.tsx')).LotesPage }),
  },
  {
    path: '/estoque/inventarios',
    lazy: async () => ({ Component: (await import('./pages/inventarios-page.tsx')).InventariosPage }),
  },
  {
    path: '/estoque/inventarios/:id',
    lazy: async () => ({ Component: (await import('./pages/inventario-page.tsx')).InventarioPage }),
  },
  { path: '/estoque/locais', lazy: async () => ({ Component: (await registros()).LocaisPage }) },
  { path: '/estoque/unidades', lazy: async () => ({ Component: (await registros()).UnidadesPage }) },
  { path: '/estoque/grupos', lazy: async () => ({ Component: (await registros()).GruposEstoquePage }) },
  { path: '/estoque/categorias', lazy: async () => ({ Component: (await registros()).CategoriasPage }) },
];
