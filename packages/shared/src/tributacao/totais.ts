import { Decimal } from '../decimal.ts';
import type { ImpostosItem } from './calculo-item.ts';

// Document totals (NF-e groups ICMSTot and IBSCBSTot): each the sum of the items' rounded values,
// never a recomputation over the document. vNF follows the NF-e rule:
//   vNF = vProd − vDesc − vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI
//         + vIPIDevol (+ vServ)
// which is also the sum of the items' vItem. Fields the engine never fills (vICMSDeson, vFCPSTRet,
// vII, vIPIDevol) are "0.00". vTotTrib (Lei 12.741/2012, the approximate tax burden shown to
// consumers) needs the IBPT table and is not computed here.

export type ICMSTot = {
  vBC: string;
  vICMS: string;
  vICMSDeson: string;
  vFCPUFDest: string;
  vICMSUFDest: string;
  vICMSUFRemet: string;
  vFCP: string;
  vBCST: string;
  vST: string;
  vFCPST: string;
  vFCPSTRet: string;
  vProd: string;
  vFrete: string;
  vSeg: string;
  vDesc: string;
  vII: string;
  vIPI: string;
  vIPIDevol: string;
  vPIS: string;
  vCOFINS: string;
  vOutro: string;
  vNF: string;
};

/** IBSCBSTot (gIBS.gIBSUF.vIBSUF, gIBS.gIBSMun.vIBSMun, gIBS.vIBS, gCBS.vCBS); vDif and vDevTrib are 0. */
export type IBSCBSTot = {
  vBCIBSCBS: string;
  vIBSUF: string;
  vIBSMun: string;
  vIBS: string;
  vCBS: string;
};

export type TotaisDocumento = {
  ICMSTot: ICMSTot;
  /** null when no item has the IBSCBS group. */
  IBSCBSTot: IBSCBSTot | null;
  /** Simples Nacional credit of the document (for the infCpl text of LC 123/2006, art. 23). */
  vCredICMSSN: string;
};

/** A money text with exactly 2 decimals (the items' values) in integer cents. */
function centavos(v: string): bigint {
  return /^-?\d+\.\d\d$/.test(v) ? BigInt(v.replace('.', '')) : Decimal.of(v).round(2).units;
}

const texto = (c: bigint) => Decimal.of(c).dividedBy(100, 2).toFixed(2);

/** Sum of money texts in integer cents. */
function soma(valores: readonly string[]): string {
  let total = 0n;
  for (const v of valores) total += centavos(v);
  return texto(total);
}

// The ICMSTot fields summed over the items (the others are always "0.00").
const CAMPOS_ICMSTOT = {
  vBC: (i: ImpostosItem) => i.ICMS.vBC,
  vICMS: (i: ImpostosItem) => i.ICMS.vICMS,
  vFCPUFDest: (i: ImpostosItem) => i.ICMSUFDest?.vFCPUFDest ?? '0',
  vICMSUFDest: (i: ImpostosItem) => i.ICMSUFDest?.vICMSUFDest ?? '0',
  vICMSUFRemet: (i: ImpostosItem) => i.ICMSUFDest?.vICMSUFRemet ?? '0',
  vFCP: (i: ImpostosItem) => i.ICMS.vFCP,
  vBCST: (i: ImpostosItem) => i.ICMS.vBCST,
  vST: (i: ImpostosItem) => i.ICMS.vICMSST,
  vFCPST: (i: ImpostosItem) => i.ICMS.vFCPST,
  vProd: (i: ImpostosItem) => i.vProd,
  vFrete: (i: ImpostosItem) => i.vFrete,
  vSeg: (i: ImpostosItem) => i.vSeg,
  vDesc: (i: ImpostosItem) => i.vDesc,
  vIPI: (i: ImpostosItem) => i.IPI?.vIPI ?? '0',
  vPIS: (i: ImpostosItem) => i.PIS.vPIS,
  vCOFINS: (i: ImpostosItem) => i.COFINS.vCOFINS,
  vOutro: (i: ImpostosItem) => i.vOutro,
  vCredICMSSN: (i: ImpostosItem) => i.ICMS.vCredICMSSN,
} as const;
const NOMES_ICMSTOT = Object.keys(CAMPOS_ICMSTOT) as (keyof typeof CAMPOS_ICMSTOT)[];
const LEITORES_ICMSTOT = NOMES_ICMSTOT.map((k) => CAMPOS_ICMSTOT[k]);

export function totalize(itens: readonly ImpostosItem[]): TotaisDocumento {
  // one pass over the items, one integer-cent sum per field
  const somas = NOMES_ICMSTOT.map(() => 0n);
  for (const item of itens)
    for (let k = 0; k < LEITORES_ICMSTOT.length; k++) somas[k]! += centavos(LEITORES_ICMSTOT[k]!(item));
  const s = Object.fromEntries(NOMES_ICMSTOT.map((k, i) => [k, texto(somas[i]!)])) as Record<
    keyof typeof CAMPOS_ICMSTOT,
    string
  >;
  const t = {
    vBC: s.vBC,
    vICMS: s.vICMS,
    vICMSDeson: '0.00',
    vFCPUFDest: s.vFCPUFDest,
    vICMSUFDest: s.vICMSUFDest,
    vICMSUFRemet: s.vICMSUFRemet,
    vFCP: s.vFCP,
    vBCST: s.vBCST,
    vST: s.vST,
    vFCPST: s.vFCPST,
    vFCPSTRet: '0.00',
    vProd: s.vProd,
    vFrete: s.vFrete,
    vSeg: s.vSeg,
    vDesc: s.vDesc,
    vII: '0.00',
    vIPI: s.vIPI,
    vIPIDevol: '0.00',
    vPIS: s.vPIS,
    vCOFINS: s.vCOFINS,
    vOutro: s.vOutro,
  };
  const vNF = Decimal.of(t.vProd)
    .minus(t.vDesc)
    .minus(t.vICMSDeson)
    .plus(t.vST)
    .plus(t.vFCPST)
    .plus(t.vFrete)
    .plus(t.vSeg)
    .plus(t.vOutro)
    .plus(t.vII)
    .plus(t.vIPI)
    .plus(t.vIPIDevol)
    .toFixed(2);

  const comIbsCbs = itens.flatMap((i) => (i.IBSCBS === null ? [] : [i.IBSCBS]));
  const IBSCBSTot =
    comIbsCbs.length === 0
      ? null
      : {
          vBCIBSCBS: soma(comIbsCbs.map((g) => g.vBC)),
          vIBSUF: soma(comIbsCbs.map((g) => g.vIBSUF)),
          vIBSMun: soma(comIbsCbs.map((g) => g.vIBSMun)),
          vIBS: soma(comIbsCbs.map((g) => g.vIBS)),
          vCBS: soma(comIbsCbs.map((g) => g.vCBS)),
        };
  return { ICMSTot: { ...t, vNF }, IBSCBSTot, vCredICMSSN: s.vCredICMSSN };
}
