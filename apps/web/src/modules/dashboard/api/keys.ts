/** Query keys of the dashboard: one per block and per drill-down (cached as spec section 9 says). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  comercial: ['dashboard', 'comercial'] as const,
  vendasPorPeriodo: ['dashboard', 'comercial', 'vendas-por-periodo'] as const,
  vendasPorProduto: ['dashboard', 'comercial', 'vendas-por-produto'] as const,
  vendasPorCliente: ['dashboard', 'comercial', 'vendas-por-cliente'] as const,
  vendasPorVendedor: ['dashboard', 'comercial', 'vendas-por-vendedor'] as const,
  estoque: ['dashboard', 'estoque'] as const,
  abaixoMinimo: ['dashboard', 'estoque', 'abaixo-minimo'] as const,
  acimaMaximo: ['dashboard', 'estoque', 'acima-maximo'] as const,
  valorEstoque: ['dashboard', 'estoque', 'valor'] as const,
  financeiro: ['dashboard', 'financeiro'] as const,
  contasReceber: ['dashboard', 'financeiro', 'receber'] as const,
  contasPagar: ['dashboard', 'financeiro', 'pagar'] as const,
  contasVencidas: ['dashboard', 'financeiro', 'vencidas'] as const,
};
