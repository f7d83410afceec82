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

/** Sum of money texts with exactly 2 decimals (the items' values) in integer cents. */
function soma(valores: readonly string[]): string {
  let centavos = 0n;
  for (const v of valores) {
    centavos += /^-?\d+\.\d\d$/.test(v) ? BigInt(v.replace('.', '')) : Decimal.of(v).round(2).units;
  }
  return Decimal.of(centavos).dividedBy(100, 2).toFixed(2);
}

export function totalize(itens: readonly ImpostosItem[]): TotaisDocumento {
  const de = (f: (i: ImpostosItem) => string) => soma(itens.map(f));
  const t = {
    vBC: de((i) => i.ICMS.vBC),
    vICMS: de((i) => i.ICMS.vICMS),
    vICMSDeson: '0.00',
    vFCPUFDest: de((i) => i.ICMSUFDest?.vFCPUFDest ?? '0'),
    vICMSUFDest: de((i) => i.ICMSUFDest?.vICMSUFDest ?? '0'),
    vICMSUFRemet: de((i) => i.ICMSUFDest?.vICMSUFRemet ?? '0'),
    vFCP: de((i) => i.ICMS.vFCP),
    vBCST: de((i) => i.ICMS.vBCST),
    vST: de((i) => i.ICMS.vICMSST),
    vFCPST: de((i) => i.ICMS.vFCPST),
    vFCPSTRet: '0.00',
    vProd: de((i) => i.vProd),
    vFrete: de((i) => i.vFrete),
    vSeg: de((i) => i.vSeg),
    vDesc: de((i) => i.vDesc),
    vII: '0.00',
    vIPI: de((i) => i.IPI?.vIPI ?? '0'),
    vIPIDevol: '0.00',
    vPIS: de((i) => i.PIS.vPIS),
    vCOFINS: de((i) => i.COFINS.vCOFINS),
    vOutro: de((i) => i.vOutro),
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
  return { ICMSTot: { ...t, vNF }, IBSCBSTot, vCredICMSSN: de((i) => i.ICMS.vCredICMSSN) };
}
