import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';

// The values of a returned part of a document item, in proportion to the quantity returned
// (qDev / qCom), to the cent — the goods value, the item's share of freight/insurance/other/
// discount, and every tax base and value of the original item: ICMS (+FCP), ICMS-ST (+FCP-ST),
// DIFAL, IPI, PIS, COFINS, IBS/CBS. The return note repeats the original taxes; it never
// recomputes them under today's rules.
//
// Rounding, per field:
//   valor = round(original × qDev / qCom, 2)              (half away from zero)
// except the return that takes ALL the quantity still left (the last one): it takes exactly
//   original − Σ the same field of the previous (not cancelled) returns,
// so the returns of an item always add up to the original to the cent. A partial return never
// takes more than is left of a field (min(proportional, remainder)), so the last one is never
// negative even after many tiny returns that each rounded up.
// Derived fields are not apportioned but recomputed from the apportioned ones, so each return is
// consistent on its own: vIBS = vIBSUF + vIBSMun; vItem = vProd − vDesc + vICMSST + vFCPST +
// vFrete + vSeg + vOutro + vIPI (the NF-e rule, as in tributacao/calculo-item.ts).

/** Every money field apportioned (NF-e names; bases with the group's prefix where names repeat). */
export const CAMPOS_PROPORCIONAIS = [
  'vProd',
  'vDesc',
  'vFrete',
  'vSeg',
  'vOutro',
  'vBC',
  'vICMS',
  'vBCFCP',
  'vFCP',
  'vBCST',
  'vICMSST',
  'vBCFCPST',
  'vFCPST',
  'vBCUFDest',
  'vICMSUFDest',
  'vFCPUFDest',
  'vCredICMSSN',
  'vBCIPI',
  'vIPI',
  'vBCPIS',
  'vPIS',
  'vBCCOFINS',
  'vCOFINS',
  'vBCIBSCBS',
  'vIBSUF',
  'vIBSMun',
  'vCBS',
] as const;
export type CampoProporcional = (typeof CAMPOS_PROPORCIONAIS)[number];

/** An item's values; a field left out is zero. Money: at most 2 decimals, not negative. */
export type ValoresItem = Partial<Record<CampoProporcional, DecimalInput>>;

/** The original item: its commercial quantity and values. */
export type ItemOriginal = { qCom: DecimalInput; valores: ValoresItem };

/** A previous (not cancelled) return of the same item: its quantity and the values it took. */
export type DevolucaoDoItem = { quantidade: DecimalInput; valores: ValoresItem };

export type ValoresDevolucao = Record<CampoProporcional, string> & {
  vIBS: string;
  vItem: string;
  /** The returned quantity (numeric 3 decimals, like qCom). */
  qDev: string;
  /** vUnCom of the return item: vProd / qDev with 10 decimals, so qDev × vUnCom rounds to vProd. */
  vUnCom: string;
  /** impostoDevol.pDevol: qDev / qCom × 100, 2 decimals. */
  pDevol: string;
  /** True when this return took the remainder of every field (it returns all that was left). */
  ultima: boolean;
};

function dinheiro(v: DecimalInput | undefined, campo: string): Decimal {
  if (v === undefined) return Decimal.ZERO;
  const d = Decimal.of(v);
  if (d.decimalPlaces() > CASAS_DINHEIRO) throw new Error(`${campo} com mais de 2 casas decimais: ${v}`);
  if (d.isNegative()) throw new Error(`${campo} negativo: ${v}`);
  return d;
}

/**
 * The values of returning `quantidade` of `original`, given the item's previous returns. Throws
 * (a programming error: confereLinhaDevolucao refuses it first) when the quantity is not positive
 * or exceeds what is left.
 */
export function valoresDaDevolucao(
  original: ItemOriginal,
  quantidade: DecimalInput,
  anteriores: readonly DevolucaoDoItem[] = [],
  descricao = 'item',
): ValoresDevolucao {
  const qCom = Decimal.of(original.qCom);
  const q = Decimal.of(quantidade);
  if (!qCom.isPositive())
    throw new Error(`Item «${descricao}»: quantidade original inválida: ${original.qCom}`);
  if (!q.isPositive()) throw new Error(`Item «${descricao}»: quantidade a devolver deve ser maior que zero`);
  const jaDevolvida = Decimal.sum(anteriores.map((a) => a.quantidade));
  const resta = qCom.minus(jaDevolvida);
  if (q.gt(resta))
    throw new Error(`Item «${descricao}»: a devolver ${q.toString()}, disponível ${resta.toString()}`);
  const ultima = q.eq(resta);

  const out = {} as Record<CampoProporcional, string>;
  for (const campo of CAMPOS_PROPORCIONAIS) {
    const total = dinheiro(original.valores[campo], campo);
    const restante = total.minus(Decimal.sum(anteriores.map((a) => dinheiro(a.valores[campo], campo))));
    if (restante.isNegative())
      throw new Error(`Item «${descricao}»: devoluções anteriores somam mais que o original em ${campo}`);
    const valor = ultima ? restante : total.times(q).dividedBy(qCom, CASAS_DINHEIRO).min(restante);
    out[campo] = valor.toFixed(CASAS_DINHEIRO);
  }
  const v = (c: CampoProporcional) => Decimal.of(out[c]);
  const vItem = v('vProd')
    .minus(v('vDesc'))
    .plus(v('vICMSST'))
    .plus(v('vFCPST'))
    .plus(v('vFrete'))
    .plus(v('vSeg'))
    .plus(v('vOutro'))
    .plus(v('vIPI'));
  return {
    ...out,
    vIBS: v('vIBSUF').plus(v('vIBSMun')).toFixed(CASAS_DINHEIRO),
    vItem: vItem.toFixed(CASAS_DINHEIRO),
    qDev: q.toFixed(Math.max(3, q.decimalPlaces())),
    vUnCom: v('vProd').dividedBy(q, 10).toString(),
    pDevol: q.times(100).dividedBy(qCom, CASAS_DINHEIRO).toFixed(CASAS_DINHEIRO),
    ultima,
  };
}

/** Value of a return for the money side (receivable or payable): Σ vItem of its items. */
export function valorDaDevolucao(itens: readonly Pick<ValoresDevolucao, 'vItem'>[]): string {
  return Decimal.sum(itens.map((i) => i.vItem)).toFixed(CASAS_DINHEIRO);
}

/** The commission base of a return (goods less discounts, as comercial/comissao.ts): Σ (vProd − vDesc). */
export function baseComissaoDaDevolucao(itens: readonly Pick<ValoresDevolucao, 'vProd' | 'vDesc'>[]): string {
  return Decimal.sum(itens.map((i) => Decimal.of(i.vProd).minus(i.vDesc))).toFixed(CASAS_DINHEIRO);
}
