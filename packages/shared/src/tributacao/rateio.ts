import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';

// Apportionment (rateio) of a document-level amount — freight, insurance, other charges, a
// discount — over the items in proportion to their vProd, in cents, so that the shares add up
// exactly to the total (the NF-e checks vFrete, vSeg, vOutro and vDesc of ICMSTot against the sum
// of the items). Largest remainder: each item gets the floor of its exact share in cents, and the
// cents left over go one each to the items with the largest remainders (ties: the larger weight,
// then the earlier item). Orders and NF-e use it; nothing else apportions.

/**
 * `total` (money, ≥ 0, at most 2 decimals) split over `pesos` (≥ 0): one "0.00" text per weight.
 * Weights all zero split it equally.
 */
export function ratear(total: DecimalInput, pesos: readonly DecimalInput[]): string[] {
  const t = Decimal.of(total);
  if (t.isNegative() || t.decimalPlaces() > CASAS_DINHEIRO)
    throw new Error(`total inválido para rateio: ${total}`);
  if (pesos.length === 0) {
    if (!t.isZero()) throw new Error('rateio de valor sem itens');
    return [];
  }
  const ds = pesos.map((p) => Decimal.of(p));
  if (ds.some((d) => d.isNegative())) throw new Error('peso negativo no rateio');
  const escala = Math.max(...ds.map((d) => d.scale));
  let unidades = ds.map((d) => d.round(escala).units);
  if (unidades.every((u) => u === 0n)) unidades = unidades.map(() => 1n);
  const soma = unidades.reduce((a, b) => a + b, 0n);
  const centavos = t.round(CASAS_DINHEIRO).units;

  const partes = unidades.map((u, i) => ({
    i,
    u,
    base: (centavos * u) / soma,
    resto: (centavos * u) % soma,
  }));
  let sobra = centavos - partes.reduce((a, p) => a + p.base, 0n);
  const ordem = [...partes].sort((a, b) =>
    a.resto !== b.resto ? (a.resto > b.resto ? -1 : 1) : a.u !== b.u ? (a.u > b.u ? -1 : 1) : a.i - b.i,
  );
  for (const p of ordem) {
    if (sobra === 0n) break;
    p.base += 1n;
    sobra -= 1n;
  }
  return partes.map((p) => Decimal.of(p.base).dividedBy(100, CASAS_DINHEIRO).toFixed(CASAS_DINHEIRO));
}
