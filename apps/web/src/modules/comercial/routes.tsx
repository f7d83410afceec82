import type { RouteObject } from 'react-router';

// Routes of the comercial module. Access comes from the shared routePermissions table, applied by
// the shell's guard: /comercial/pedidos (and the order's sub-paths) and /comercial/kanban for admin
// and comercial, /comercial/bloqueados also for the approvers (financeiro, estoque).
const pedido = async () => ({ Component: (await import('./pages/pedido-page.tsx')).PedidoPage });

export const comercialRoutes: RouteObject[] = [
  {
    path: '/comercial/pedidos',
    lazy: async () => ({ Component: (await import('./pages/pedidos-page.tsx')).PedidosPage }),
  },
  { path: '/comercial/pedidos/novo', lazy: pedido },
  { path: '/comercial/pedidos/:id', lazy: pedido },
  {
    path: '/comercial/bloqueados',
    lazy: async () => ({ Component: (await import('./pages/bloqueados-page.tsx')).BloqueadosPage }),
  },
  {
    path: '/comercial/kanban',
    lazy: async () => ({ Component: (await import('./pages/kanban-page.tsx')).KanbanPage }),
  },
];
