import type { ItemEntrada } from '../api/entradas-api.ts';

// The blind count's pure parts: what a barcode read adds, and a typed count as a decimal string.

/** What one read of `codigo` adds to which item (null when no line has that code). */
export function leitura(
  itens: readonly ItemEntrada[],
  codigo: string,
): { itemId: string; soma: string } | null {
  const c = codigo.trim();
  if (!c) return null;
  const porCaixa = itens.find((i) => i.c_ean === c && i.produto_id);
  if (porCaixa) return { itemId: porCaixa.id, soma: porCaixa.fator ?? '1' };
  const porUnidade = itens.find((i) => i.c_ean_trib === c && i.produto_id);
  if (porUnidade)
    return {
      itemId: porUnidade.id,
      soma: porUnidade.u_trib && porUnidade.u_trib === porUnidade.u_com ? (porUnidade.fator ?? '1') : '1',
    };
  return null;
}

/** "1.234,5" (as typed or shown) → "1234.5"; empty or unreadable → "0". */
export function decimalDe(texto: string | undefined): string {
  const t = (texto ?? '').trim().replace(/\./g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? t : '0';
}
