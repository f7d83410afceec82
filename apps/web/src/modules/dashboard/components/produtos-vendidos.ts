import { formaPlural } from '@erp/shared';

/**
 * What the "Produtos Mais Vendidos" card says. The server's figure (produtos_vendidos) counts the
 * different products with at least one unit sold this month in orders that are sales (quotes and
 * cancelled orders left out) — not units, not orders — so the number carries its unit and the line
 * under it says so; a second line names the product of greatest value sold.
 */
export function cartaoProdutosVendidos(
  quantidade: number,
  maisVendido: string | null | undefined,
  doMes = true,
): { unidade: string; dica: string; maisVendido: string | null } {
  const quando = doMes ? 'no mês' : 'no período';
  return {
    unidade: formaPlural(quantidade, 'produto', 'produtos'),
    dica: formaPlural(quantidade, `diferente vendido ${quando}`, `diferentes vendidos ${quando}`),
    maisVendido: maisVendido ? `Mais vendido: ${maisVendido}` : null,
  };
}
