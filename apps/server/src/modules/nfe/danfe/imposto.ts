import { ALTURA_LINHA, type Danfe, direita, linhaDeCaixas, tituloBloco } from './caixa.ts';
import { valor0 } from './formato.ts';

// Cálculo do imposto: ICMS and ST bases and values, approximate taxes, products, freight,
// insurance, discount, other expenses, IPI and the note's total; a third row with the IBS/CBS
// totals of the 2026 reform when the note carries them.

export function imposto(d: Danfe, y: number): number {
  const t = d.nota.total;
  y = tituloBloco(d, y, 'CÁLCULO DO IMPOSTO');
  const w = d.w / 6;
  y = linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Base de cálc. do ICMS', valor0(t.vBC), w, direita],
    ['Valor do ICMS', valor0(t.vICMS), w, direita],
    ['Base de cálc. ICMS S.T.', valor0(t.vBCST), w, direita],
    ['Valor do ICMS subst.', valor0(t.vST), w, direita],
    ['V. aprox. dos tributos', valor0(t.vTotTrib), w, direita],
    ['V. total dos produtos', valor0(t.vProd), 0, direita],
  ]);
  y = linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Valor do frete', valor0(t.vFrete), w, direita],
    ['Valor do seguro', valor0(t.vSeg), w, direita],
    ['Desconto', valor0(t.vDesc), w, direita],
    ['Outras despesas', valor0(t.vOutro), w, direita],
    ['Valor total do IPI', valor0(t.vIPI), w, direita],
    ['V. total da nota', valor0(t.vNF), 0, { alinhamento: 'right', negrito: true }],
  ]);
  if (t.vIBS === null && t.vCBS === null) return y;
  return linhaDeCaixas(d, y, ALTURA_LINHA, [
    ['Valor do IBS', valor0(t.vIBS), w * 2, direita],
    ['Valor da CBS', valor0(t.vCBS), w * 2, direita],
    ['V. total da NF-e com IBS/CBS', valor0(t.vNFTot ?? t.vNF), 0, direita],
  ]);
}
