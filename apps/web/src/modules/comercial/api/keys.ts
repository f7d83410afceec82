// Query keys of the sales screens: everything under ['comercial'], so a save, a transition or a
// release invalidates ['comercial'] and the list, the order, the blocked view and the kanban reload.

export const comercialKeys = {
  all: ['comercial'] as const,
  lista: (query: Record<string, string>) => ['comercial', 'pedidos', 'list', query] as const,
  bloqueados: (query: Record<string, string>) => ['comercial', 'pedidos', 'bloqueados', query] as const,
  pedido: (id: string) => ['comercial', 'pedidos', 'get', id] as const,
  calculo: (body: string) => ['comercial', 'pedidos', 'calculo', body] as const,
  cliente: (id: string) => ['comercial', 'clientes', 'painel', id] as const,
  clientes: (text: string) => ['comercial', 'clientes', 'busca', text] as const,
  kanban: (query: Record<string, string>) => ['comercial', 'kanban', query] as const,
  opcoes: ['comercial', 'opcoes'] as const,
};
