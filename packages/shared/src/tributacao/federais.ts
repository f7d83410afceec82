import { Decimal } from '../decimal.ts';
import type { ContextoItem } from './contexto-item.ts';
import { ALIQUOTAS_PIS_COFINS } from './data/aliquotas-federais.ts';
import {
  CSTS_IPI_TRIBUTADOS,
  CSTS_PIS_COFINS_NT,
  CSTS_PIS_COFINS_REGIME,
  type CstIpi,
  type CstPisCofins,
} from './dominios.ts';
import { percentualTexto, valorPercentual } from './percentuais.ts';

// IPI, PIS and COFINS of an item (NF-e groups IPITrib/IPINT, PISAliq/PISNT/PISOutr,
// COFINSAliq/COFINSNT/COFINSOutr).
//
// - IPI: base = vProd − vDesc + vFrete + vSeg + vOutro (RIPI, Decreto 7.212/2010, art. 190, I,
//   "b", and § 1º: freight, insurance and other charges to the buyer are part of it); only the
//   IPITrib CSTs (00, 49, 50, 99) have a value.
// - PIS/COFINS: base = the revenue of the item, vProd − vDesc + vFrete + vSeg + vOutro (IPI and
//   ICMS-ST are not revenue of the seller: Lei 9.718/1998, art. 3º, § 2º, I), less the item's
//   ICMS when the company excludes it (STF, RE 574.706). An empty rate is the regime's for CST
//   01 and 50–56, zero otherwise; CST 04–09 (monofásico, ST, alíquota zero, isenção, sem
//   incidência, suspensão) have no base and no value.

export type GrupoIpi = { CST: CstIpi; cEnq: string; vBC: string; pIPI: string; vIPI: string };
export type GrupoPis = { CST: CstPisCofins; vBC: string; pPIS: string; vPIS: string };
export type GrupoCofins = { CST: CstPisCofins; vBC: string; pCOFINS: string; vCOFINS: string };

export function calculaIpi(ctx: ContextoItem): { IPI: GrupoIpi | null; vIPI: Decimal } {
  const { regra } = ctx;
  if (regra.cst_ipi === null) return { IPI: null, vIPI: Decimal.ZERO };
  const tributado = CSTS_IPI_TRIBUTADOS.includes(regra.cst_ipi);
  const vBC = tributado ? ctx.vOperacao : Decimal.ZERO;
  const pIPI = tributado ? regra.p_ipi : '0';
  const vIPI = valorPercentual(vBC, pIPI);
  return {
    IPI: {
      CST: regra.cst_ipi,
      cEnq: regra.c_enq,
      vBC: vBC.toFixed(2),
      pIPI: percentualTexto(pIPI),
      vIPI: vIPI.toFixed(2),
    },
    vIPI,
  };
}

type Contribuicao = { CST: CstPisCofins; vBC: Decimal; p: string; valor: Decimal };

function contribuicao(
  ctx: ContextoItem,
  cst: CstPisCofins,
  aliquota: string | null,
  doRegime: string,
  vICMS: Decimal,
): Contribuicao {
  if (CSTS_PIS_COFINS_NT.includes(cst)) return { CST: cst, vBC: Decimal.ZERO, p: '0', valor: Decimal.ZERO };
  const vBC = ctx.partes.emitente.excluiIcmsBasePisCofins ? ctx.vOperacao.minus(vICMS) : ctx.vOperacao;
  const p = aliquota ?? (CSTS_PIS_COFINS_REGIME.includes(cst) ? doRegime : '0');
  return { CST: cst, vBC, p, valor: valorPercentual(vBC, p) };
}

export function calculaPisCofins(
  ctx: ContextoItem,
  vICMS: Decimal,
): { PIS: GrupoPis; COFINS: GrupoCofins; vPIS: Decimal; vCOFINS: Decimal } {
  const { regra } = ctx;
  const regime = ALIQUOTAS_PIS_COFINS[ctx.partes.emitente.regimePisCofins];
  const pis = contribuicao(ctx, regra.cst_pis, regra.p_pis, regime.pPIS, vICMS);
  const cofins = contribuicao(ctx, regra.cst_cofins, regra.p_cofins, regime.pCOFINS, vICMS);
  return {
    PIS: { CST: pis.CST, vBC: pis.vBC.toFixed(2), pPIS: percentualTexto(pis.p), vPIS: pis.valor.toFixed(2) },
    COFINS: {
      CST: cofins.CST,
      vBC: cofins.vBC.toFixed(2),
      pCOFINS: percentualTexto(cofins.p),
      vCOFINS: cofins.valor.toFixed(2),
    },
    vPIS: pis.valor,
    vCOFINS: cofins.valor,
  };
}
