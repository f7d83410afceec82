import type { RouteObject } from 'react-router';

// Routes of purchasing (issue 34). Access comes from the shared routePermissions table
// (/compras/pedidos and /compras/sugestao: admin, estoque); «novo», an order and its edit inherit
// the list's.
export const comprasRoutes: RouteObject[] = [
  {
    // the company's purchase settings (admin only), in the Configurações group
    path: '/configuracoes/compras',
    lazy: async () => ({
      Component: (await import('./pages/configuracoes-compras-page.tsx')).ConfiguracoesComprasPage,
    }),
  },
  {
    path: '/compras/sugestao',
    lazy: async () => ({ Component: (await import('./pages/sugestao-compra-page.tsx')).SugestaoCompraPage }),
  },
  {
    path: '/compras/pedidos',
    lazy: async () => ({ Component: (await import('./pages/pedidos-compra-page.tsx')).PedidosCompraPage }),
  },
  {
    path: '/compras/pedidos/novo',
    lazy: async () => ({
      Component: (await import('./pages/pedido-compra-form-page.tsx')).NovoPedidoCompraPage,
    }),
  },
  {
    path: '/compras/pedidos/:id',
    lazy: async () => ({ Component: (await import('./pages/pedido-compra-page.tsx')).PedidoCompraPage }),
  },
  {
    path: '/compras/pedidos/:id/editar',
    lazy: async () => ({
      Component: (await import('./pages/pedido-compra-form-page.tsx')).EditarPedidoCompraPage,
    }),
  },
];
