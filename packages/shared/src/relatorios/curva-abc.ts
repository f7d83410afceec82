import { type ClasseAbc, CORTES_ABC_PADRAO } from '../compras/sugestao-compra.ts';
import { Decimal, type DecimalInput } from '../decimal.ts';

// Curva ABC (issue 35): items ranked by a value (revenue or gross margin), largest first; each item's
// class comes from the share of the total the items BEFORE it already hold — so the item that
// crosses the A cut-off is still A (the first item is always A), and an item starting exactly at the
// cut-off is the next class. Only positive values count towards the total; an item whose value is
// zero or negative is C and holds no share. The rule is the purchase suggestion's (classificaAbc in
// compras/sugestao-compra.ts, products by value sold, never negative), here over any ranked value —
// a gross margin can be negative, and must not shrink the total the others' shares are of. Comparisons are exact (acumulado × 100 against
// corte × total, no division), so a boundary is never missed by a rounding.

/** Cut-offs in percent: A holds the first `a` %, B the next `b` %, C the rest (100 − a − b). */
export type CortesAbc = { a: DecimalInput; b: DecimalInput };
export const CORTES_CURVA_ABC_PADRAO: CortesAbc = CORTES_ABC_PADRAO;

/** The class of one ranked item, given what the items before it hold and the total of positives. */
export function classeCurvaAbc(
  acumuladoAntes: DecimalInput,
  valor: DecimalInput,
  total: DecimalInput,
  cortes: CortesAbc,
): ClasseAbc {
  const t = Decimal.of(total);
  if (!Decimal.of(valor).isPositive() || !t.isPositive()) return 'C';
  const antes = Decimal.of(acumuladoAntes).times(100);
  if (antes.lt(t.times(cortes.a))) return 'A';
  if (antes.lt(t.times(Decimal.of(cortes.a).plus(cortes.b)))) return 'B';
  return 'C';
}

const positivo = (v: DecimalInput) => {
  const d = Decimal.of(v);
  return d.isPositive() ? d : Decimal.ZERO;
};

export type ItemCurvaAbc = { id: string; valor: string };
export type ItemCurvaAbcClassificado = ItemCurvaAbc & {
  posicao: number;
  acumulado_antes: string;
  classe: ClasseAbc;
};

/**
 * Ranks and classifies a whole list: value descending, ties by id ascending (the SQL's order, byte
 * order of the id text); the running total counts positive values only.
 */
export function classificaCurvaAbc(
  itens: readonly ItemCurvaAbc[],
  cortes: CortesAbc,
): ItemCurvaAbcClassificado[] {
  const ordenados = [...itens].sort((x, y) => {
    const c = Decimal.of(y.valor).cmp(x.valor);
    return c !== 0 ? c : x.id < y.id ? -1 : x.id > y.id ? 1 : 0;
  });
  const total = Decimal.sum(ordenados.map((i) => positivo(i.valor)));
  let acumulado = Decimal.ZERO;
  return ordenados.map((i, n) => {
    const classe = classeCurvaAbc(acumulado, i.valor, total, cortes);
    const linha = { ...i, posicao: n + 1, acumulado_antes: acumulado.toString(), classe };
    acumulado = acumulado.plus(positivo(i.valor));
    return linha;
  });
}
