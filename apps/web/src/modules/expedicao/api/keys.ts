// Query keys of the dispatch screens: everything under ['expedicao'], so a change of a load or a
// check invalidates ['expedicao'] and the list, the load, the assembly list and the check reload.

export const expedicaoKeys = {
  all: ['expedicao'] as const,
  cargas: (query: Record<string, string>) => ['expedicao', 'cargas', 'list', query] as const,
  carga: (id: string) => ['expedicao', 'cargas', 'get', id] as const,
  faturamento: (id: string) => ['expedicao', 'cargas', 'faturamento', id] as const,
  opcoes: ['expedicao', 'opcoes'] as const,
  disponiveis: (query: Record<string, string>) => ['expedicao', 'montagem', query] as const,
  conferenciaPedidos: (query: Record<string, string>) =>
    ['expedicao', 'conferencia', 'pedidos', query] as const,
  conferencia: (id: string) => ['expedicao', 'conferencia', 'get', id] as const,
};
