import { formatDecimalBR } from '@erp/shared';

// How a receipt line's unit conversion reads: "2 CX × 12 = 24 UN" (exact decimal strings, no float).

export function textoConversao(i: {
  q_com: string;
  u_com: string;
  fator: string | null;
  quantidade_base: string | null;
  unidade_base: string | null;
}): string {
  const q = formatDecimalBR(i.q_com, 0);
  if (i.fator === null || i.quantidade_base === null || i.unidade_base === null) return `${q} ${i.u_com}`;
  return `${q} ${i.u_com} × ${formatDecimalBR(i.fator, 0)} = ${formatDecimalBR(i.quantidade_base, 0)} ${i.unidade_base}`;
}

/** A packaging as the pickers name it: "CX (12 UN)"; the base unit itself "UN". */
export function textoEmbalagem(e: { unidade: string; fator: string }, unidadeBase: string | null): string {
  if (e.unidade === unidadeBase) return e.unidade;
  return `${e.unidade} (${formatDecimalBR(e.fator, 0)}${unidadeBase ? ` ${unidadeBase}` : ''})`;
}
