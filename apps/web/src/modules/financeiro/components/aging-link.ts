import { type FaixaAging, vencimentosDaFaixa } from '@erp/shared';

/**
 * The list a faixa of the aging opens: the open títulos of the tipo (the list's default status)
 * whose due dates fall in the faixa on `hoje` (the shared vencimentosDaFaixa).
 */
export function linkDaFaixa(tipo: 'receber' | 'pagar', faixa: FaixaAging, hoje: string): string {
  const { de, ate } = vencimentosDaFaixa(faixa, hoje);
  const p = new URLSearchParams();
  if (de) p.set('vencimento_de', de);
  if (ate) p.set('vencimento_ate', ate);
  return `/financeiro/${tipo}?${p.toString()}`;
}
