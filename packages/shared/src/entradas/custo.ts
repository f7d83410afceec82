import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { custoUnitario } from '../estoque/custo-medio.ts';
import { paraUnidadeBase } from '../estoque/unidades.ts';

// The cost of a received NF-e line, as the XML apportions it:
//   vProd − vDesc + vFrete + vSeg + vOutro + vIPI + vICMSST
// and, for a company in the regime normal that recovers them (setting), minus the item's ICMS,
// PIS and COFINS. The line's quantity in uCom becomes base units by the packaging factor
// (12 CX × 20 = 240 UN) and the unit cost is the total over the base quantity, 4 decimals.

export type ValoresItemNfe = {
  vProd: DecimalInput;
  vDesc?: DecimalInput | null;
  vFrete?: DecimalInput | null;
  vSeg?: DecimalInput | null;
  vOutro?: DecimalInput | null;
  vIPI?: DecimalInput | null;
  vICMSST?: DecimalInput | null;
  vICMS?: DecimalInput | null;
  vPIS?: DecimalInput | null;
  vCOFINS?: DecimalInput | null;
};

const d = (v: DecimalInput | null | undefined) => Decimal.of(v ?? 0);

/** The line's cost in R$ (2 decimals). */
export function custoItemNfe(v: ValoresItemNfe, impostosRecuperaveis = false): string {
  let custo = d(v.vProd)
    .minus(d(v.vDesc))
    .plus(d(v.vFrete))
    .plus(d(v.vSeg))
    .plus(d(v.vOutro))
    .plus(d(v.vIPI))
    .plus(d(v.vICMSST));
  if (impostosRecuperaveis) custo = custo.minus(d(v.vICMS)).minus(d(v.vPIS)).minus(d(v.vCOFINS));
  return custo.toFixed(CASAS_DINHEIRO);
}

export type ConversaoItem = { quantidadeBase: string; custoUnitario: string };

/** qCom in uCom × fator → base quantity (exact, 3 decimals) and the unit cost per base unit. */
export function converteItemNfe(
  qCom: DecimalInput,
  fator: DecimalInput,
  custoTotal: DecimalInput,
): ConversaoItem {
  const quantidadeBase = paraUnidadeBase(Decimal.of(qCom), fator);
  return { quantidadeBase, custoUnitario: custoUnitario(custoTotal, quantidadeBase) };
}

export type ItemManual = ConversaoItem & { total: string };

/**
 * A typed (manual) receipt line: quantity in its packaging × the cost of one packaging → the line's
 * total (2 decimals, half away from zero), its base quantity (× fator, exact) and the cost per base
 * unit (4 decimals) — the figures the server stores and the screen previews.
 */
export function itemManual(
  quantidade: DecimalInput,
  fator: DecimalInput,
  custoEmbalagem: DecimalInput,
): ItemManual {
  const total = Decimal.of(quantidade).times(custoEmbalagem).toFixed(CASAS_DINHEIRO);
  return { total, ...converteItemNfe(quantidade, fator, total) };
}
