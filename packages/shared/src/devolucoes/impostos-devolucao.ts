import { CASAS_DINHEIRO, Decimal } from '../decimal.ts';
import type { ImpostosItem } from '../tributacao/calculo-item.ts';
import { type TotaisDocumento, totalize } from '../tributacao/totais.ts';
import type { ValoresDevolucao, ValoresItem } from './valores-proporcionais.ts';

// The taxes of a return item, as the NF-e de devolução writes them: the ORIGINAL item's groups
// (CST / CSOSN, origin, modBC, rates, MVA, reductions, cEnq, cClassTrib… all kept) with every
// apportioned value replaced by the return's (valoresDaDevolucao, to the cent) and the return's
// CFOP. Nothing is recomputed under today's rules: the return undoes the original operation.
//
// The NF-e de devolução (finNFe 4) does not write the returned IPI in the IPI group: it goes in
// det/impostoDevol (pDevol, IPI/vIPIDevol), its total in ICMSTot.vIPIDevol, and vNF adds it
// (layout NT 2016.002: rules W12a-10 «863 Total do IPI devolvido difere do somatório dos itens»
// and W16-10 «610 Total da NF difere do somatório…», whose sum carries + vIPIDevol). So
// paraNotaDeDevolucao takes the IPI group out of the item (ICMSTot.vIPI 0) and gives vIPIDevol;
// totalizeDevolucao is totalize plus that field. The item's vItem keeps the IPI: it is still the
// item's share of vNF (what the buyer is credited).

/** The apportioned values (CAMPOS_PROPORCIONAIS) of a tax-engine item, read out of its groups. */
export function valoresDoItem(impostos: ImpostosItem): ValoresItem {
  const { ICMS, ICMSUFDest, IPI, PIS, COFINS, IBSCBS } = impostos;
  return {
    vProd: impostos.vProd,
    vDesc: impostos.vDesc,
    vFrete: impostos.vFrete,
    vSeg: impostos.vSeg,
    vOutro: impostos.vOutro,
    vBC: ICMS.vBC,
    vICMS: ICMS.vICMS,
    vBCFCP: ICMS.vBCFCP,
    vFCP: ICMS.vFCP,
    vBCST: ICMS.vBCST,
    vICMSST: ICMS.vICMSST,
    vBCFCPST: ICMS.vBCFCPST,
    vFCPST: ICMS.vFCPST,
    vBCUFDest: ICMSUFDest?.vBCUFDest ?? '0.00',
    vICMSUFDest: ICMSUFDest?.vICMSUFDest ?? '0.00',
    vFCPUFDest: ICMSUFDest?.vFCPUFDest ?? '0.00',
    vCredICMSSN: ICMS.vCredICMSSN,
    vBCIPI: IPI?.vBC ?? '0.00',
    vIPI: IPI?.vIPI ?? '0.00',
    vBCPIS: PIS.vBC,
    vPIS: PIS.vPIS,
    vBCCOFINS: COFINS.vBC,
    vCOFINS: COFINS.vCOFINS,
    vBCIBSCBS: IBSCBS?.vBC ?? '0.00',
    vIBSUF: IBSCBS?.vIBSUF ?? '0.00',
    vIBSMun: IBSCBS?.vIBSMun ?? '0.00',
    vCBS: IBSCBS?.vCBS ?? '0.00',
  };
}

const zero = (v: string) => Decimal.of(v).isZero();

/** A value the original item has no group for must be zero (valores came from another item otherwise). */
function semGrupo(grupo: string, valores: ValoresDevolucao, campos: (keyof ValoresDevolucao)[]): void {
  for (const c of campos)
    if (!zero(valores[c] as string))
      throw new Error(`devolução com ${c} ${valores[c]} mas o item original não tem o grupo ${grupo}`);
}

/**
 * The return item's taxes: a copy of `original` (the item as the original note / goods receipt
 * carried it) with every apportioned value of `valores` (valoresDaDevolucao over
 * valoresDoItem(original)), `cfop` (4 digits, e.g. cfopDaDevolucao) and vItem = valores.vItem.
 */
export function impostosDaDevolucao(
  original: ImpostosItem,
  valores: ValoresDevolucao,
  cfop: string,
): ImpostosItem {
  const CFOP = cfop.replace('.', '');
  if (!/^\d{4}$/.test(CFOP)) throw new Error(`CFOP da devolução inválido: ${cfop}`);
  const o = original;
  if (!o.ICMSUFDest) semGrupo('ICMSUFDest', valores, ['vBCUFDest', 'vICMSUFDest', 'vFCPUFDest']);
  if (!o.IPI) semGrupo('IPI', valores, ['vBCIPI', 'vIPI']);
  if (!o.IBSCBS) semGrupo('IBSCBS', valores, ['vBCIBSCBS', 'vIBSUF', 'vIBSMun', 'vCBS']);
  if (o.ICMSUFDest && !zero(o.ICMSUFDest.vICMSUFRemet))
    throw new Error(
      'vICMSUFRemet diferente de zero não é devolvido em proporção (partilha encerrada em 2019)',
    );
  return {
    CFOP,
    vProd: valores.vProd,
    vDesc: valores.vDesc,
    vFrete: valores.vFrete,
    vSeg: valores.vSeg,
    vOutro: valores.vOutro,
    ICMS: {
      ...o.ICMS,
      vBC: valores.vBC,
      vICMS: valores.vICMS,
      vBCFCP: valores.vBCFCP,
      vFCP: valores.vFCP,
      vBCST: valores.vBCST,
      vICMSST: valores.vICMSST,
      vBCFCPST: valores.vBCFCPST,
      vFCPST: valores.vFCPST,
      vCredICMSSN: valores.vCredICMSSN,
    },
    ICMSUFDest: o.ICMSUFDest && {
      ...o.ICMSUFDest,
      vBCUFDest: valores.vBCUFDest,
      // the FCP base is the DIFAL base when the state has an FCP (icms.ts), zero otherwise
      vBCFCPUFDest: zero(o.ICMSUFDest.vBCFCPUFDest) ? o.ICMSUFDest.vBCFCPUFDest : valores.vBCUFDest,
      vFCPUFDest: valores.vFCPUFDest,
      vICMSUFDest: valores.vICMSUFDest,
    },
    IPI: o.IPI && { ...o.IPI, vBC: valores.vBCIPI, vIPI: valores.vIPI },
    PIS: { ...o.PIS, vBC: valores.vBCPIS, vPIS: valores.vPIS },
    COFINS: { ...o.COFINS, vBC: valores.vBCCOFINS, vCOFINS: valores.vCOFINS },
    IBSCBS: o.IBSCBS && {
      ...o.IBSCBS,
      vBC: valores.vBCIBSCBS,
      vIBSUF: valores.vIBSUF,
      vIBSMun: valores.vIBSMun,
      vIBS: valores.vIBS,
      vCBS: valores.vCBS,
    },
    vItem: valores.vItem,
  };
}

/** det/impostoDevol of a return item: the share returned and the IPI returned. */
export type ImpostoDevol = { pDevol: string; vIPIDevol: string };

export type ItemNotaDevolucao = {
  /** The return item's taxes without the IPI group (the NF-e's imposto). */
  impostos: ImpostosItem;
  /** null when no IPI is returned (the original had none, or it was zero). */
  impostoDevol: ImpostoDevol | null;
};

/**
 * The return item as the NF-e de devolução writes it: the IPI out of the IPI group (no IPI is
 * destacado in a return) into impostoDevol.IPI.vIPIDevol, with pDevol (valores.pDevol).
 */
export function paraNotaDeDevolucao(impostos: ImpostosItem, pDevol: string): ItemNotaDevolucao {
  const vIPIDevol = Decimal.of(impostos.IPI?.vIPI ?? '0').toFixed(CASAS_DINHEIRO);
  return {
    impostos: { ...impostos, IPI: null },
    impostoDevol: zero(vIPIDevol) ? null : { pDevol, vIPIDevol },
  };
}

/**
 * The totals of a return note: totalize over the items (their IPI already in impostoDevol, so
 * vIPI 0), ICMSTot.vIPIDevol = Σ vIPIDevol of the items and vNF + vIPIDevol — still Σ vItem.
 */
export function totalizeDevolucao(itens: readonly ItemNotaDevolucao[]): TotaisDocumento {
  const t = totalize(itens.map((i) => i.impostos));
  const vIPIDevol = Decimal.sum(itens.map((i) => i.impostoDevol?.vIPIDevol ?? '0'));
  return {
    ...t,
    ICMSTot: {
      ...t.ICMSTot,
      vIPIDevol: vIPIDevol.toFixed(CASAS_DINHEIRO),
      vNF: Decimal.of(t.ICMSTot.vNF).plus(vIPIDevol).toFixed(CASAS_DINHEIRO),
    },
  };
}
