// Query keys of the price screens: everything under ['precos'], so a save, a readjustment, a copy
// or an import invalidates ['precos'] and every list, table and item reloads.

export const precosKeys = {
  all: ['precos'] as const,
  /** the tables' register (RegisterPage / useRecordForm add 'list' / 'get') */
  tabelas: ['precos', 'tabelas'] as const,
  tabela: (id: string) => ['precos', 'tabelas', 'get', id] as const,
  itens: (id: string, query: Record<string, string>) => ['precos', 'itens', id, 'list', query] as const,
  item: (id: string, produtoId: string) => ['precos', 'itens', id, 'get', produtoId] as const,
  preco: (query: Record<string, string>) => ['precos', 'preco', query] as const,
  clientes: (text: string) => ['precos', 'clientes', 'busca', text] as const,
};
