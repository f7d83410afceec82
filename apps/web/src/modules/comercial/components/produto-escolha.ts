import type { ProdutoLinha } from './rascunho-pedido.ts';

// Which product a typed or scanned text names: its code or GTIN, a packaging's GTIN (then the line
// starts in that packaging), or the only product the search found.

export type ProdutoBuscado = ProdutoLinha & { gtin?: string | null };

const soDigitos = (s: string) => s.replace(/\D/g, '');
const mesmoGtin = (a: string | null | undefined, b: string) =>
  !!a && soDigitos(b).length >= 8 && soDigitos(a).padStart(14, '0') === soDigitos(b).padStart(14, '0');

/** The product (and packaging) a typed or scanned text names exactly, or the only one found. */
export function escolhaDireta(
  texto: string,
  achados: readonly ProdutoBuscado[],
): { produto: ProdutoBuscado; embalagem?: string } | null {
  const t = texto.trim();
  for (const p of achados) {
    if (p.codigo.toLowerCase() === t.toLowerCase() || mesmoGtin(p.gtin, t)) return { produto: p };
    const e = p.embalagens.find((x) => mesmoGtin(x.gtin, t));
    if (e) return { produto: p, embalagem: e.unidade };
  }
  return achados.length === 1 ? { produto: achados[0]! } : null;
}
