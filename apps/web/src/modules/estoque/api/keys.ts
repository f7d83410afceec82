// Query keys of the stock screens: everything under ['estoque'], so a save, a movement or a count
// invalidates ['estoque'] and every list, balance and Kardex reloads.

export const estoqueKeys = {
  all: ['estoque'] as const,
  /** a register's list, record and options (RegisterPage / useRecordForm add 'list' / 'get') */
  registro: (registro: string) => ['estoque', registro] as const,
  opcoes: (registro: string) => ['estoque', registro, 'opcoes'] as const,
  /** product picker searches */
  busca: (registro: string, text: string) => ['estoque', registro, 'busca', text] as const,
  ncm: (text: string) => ['estoque', 'ncm', text] as const,
  posicao: (query: Record<string, string>) => ['estoque', 'posicao', 'list', query] as const,
  saldos: (produtoId: string, localId: string) =>
    ['estoque', 'posicao', 'saldos', produtoId, localId] as const,
  kardex: (produtoId: string, query: Record<string, string>) =>
    ['estoque', 'kardex', produtoId, query] as const,
  inventarios: (query: Record<string, string>) => ['estoque', 'inventarios', 'list', query] as const,
  inventario: (id: string) => ['estoque', 'inventarios', 'get', id] as const,
  inventarioItens: (id: string) => ['estoque', 'inventarios', 'itens', id] as const,
};
