import type { TotaisDocumento } from '@erp/shared';
import { el, grupo } from './xml-texto.ts';

// Group total (W01): ICMSTot and, when an item has the IBSCBS group, IBSCBSTot — both the sums of
// the items' values as the tax engine's totalize() gives them (never recomputed here).

export function totalXml(t: TotaisDocumento, comDifal: boolean): string {
  const i = t.ICMSTot;
  const icmsTot = grupo('ICMSTot', [
    el('vBC', i.vBC),
    el('vICMS', i.vICMS),
    el('vICMSDeson', i.vICMSDeson),
    comDifal ? el('vFCPUFDest', i.vFCPUFDest) : '',
    comDifal ? el('vICMSUFDest', i.vICMSUFDest) : '',
    comDifal ? el('vICMSUFRemet', i.vICMSUFRemet) : '',
    el('vFCP', i.vFCP),
    el('vBCST', i.vBCST),
    el('vST', i.vST),
    el('vFCPST', i.vFCPST),
    el('vFCPSTRet', i.vFCPSTRet),
    el('vProd', i.vProd),
    el('vFrete', i.vFrete),
    el('vSeg', i.vSeg),
    el('vDesc', i.vDesc),
    el('vII', i.vII),
    el('vIPI', i.vIPI),
    el('vIPIDevol', i.vIPIDevol),
    el('vPIS', i.vPIS),
    el('vCOFINS', i.vCOFINS),
    el('vOutro', i.vOutro),
    el('vNF', i.vNF),
  ]);
  const b = t.IBSCBSTot;
  const ibsCbsTot = b
    ? grupo('IBSCBSTot', [
        el('vBCIBSCBS', b.vBCIBSCBS),
        grupo('gIBS', [
          grupo('gIBSUF', [el('vDif', '0.00'), el('vDevTrib', '0.00'), el('vIBSUF', b.vIBSUF)]),
          grupo('gIBSMun', [el('vDif', '0.00'), el('vDevTrib', '0.00'), el('vIBSMun', b.vIBSMun)]),
          el('vIBS', b.vIBS),
          el('vCredPres', '0.00'),
          el('vCredPresCondSus', '0.00'),
        ]),
        grupo('gCBS', [
          el('vDif', '0.00'),
          el('vDevTrib', '0.00'),
          el('vCBS', b.vCBS),
          el('vCredPres', '0.00'),
          el('vCredPresCondSus', '0.00'),
        ]),
      ])
    : '';
  return grupo('total', [icmsTot, ibsCbsTot]);
}
