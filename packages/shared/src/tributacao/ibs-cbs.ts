import { Decimal } from '../decimal.ts';
import type { ContextoItem } from './contexto-item.ts';
import { ALIQUOTAS_IBS_CBS_2026 } from './data/aliquotas-federais.ts';
import { CSTS_IBS_CBS_SEM_VALOR, type CstIbsCbs } from './dominios.ts';
import { CASAS_PERCENTUAL, percentualDecimal, percentualTexto, valorPercentual } from './percentuais.ts';

// IBS and CBS of an item (group IBSCBS: CST, cClassTrib, gIBSCBS with vBC, gIBSUF, gIBSMun, gCBS
// and, for CST 200, gRed — DFeTiposBasicos_v1.00 TCIBS; NT 2025.002-RTC).
//
// Base (NT 2025.002-RTC, rule of vBC, Lei Complementar 214/2025 art. 12): vProd + vFrete + vSeg +
// vOutro − vDesc − vPIS − vCOFINS − vICMS − vICMSUFDest − vFCP − vFCPUFDest (the terms this engine
// knows of the NT's list; vII, vServ, vISSQN, vICMSMono and vIS are not part of a distributor's
// items). Rates (pIBSUF, pIBSMun, pCBS) default to the 2026 test year; CST 200 reduces the three
// by pRedAliq (pAliqEfet = p × (1 − pRedAliq), 4 decimals). vIBS = vIBSUF + vIBSMun. CST 400
// (isenção) and 410 (imunidade, não incidência) carry no gIBSCBS: base and values are zero.

export type GrupoIbsCbs = {
  CST: CstIbsCbs;
  cClassTrib: string;
  vBC: string;
  pIBSUF: string;
  vIBSUF: string;
  pIBSMun: string;
  vIBSMun: string;
  vIBS: string;
  pCBS: string;
  vCBS: string;
  /** gRed (CST 200): the reduction and the effective rates applied; 0 and the rates otherwise. */
  pRedAliq: string;
  pAliqEfetIBSUF: string;
  pAliqEfetIBSMun: string;
  pAliqEfetCBS: string;
};

export type ValoresDaBase = {
  vPIS: Decimal;
  vCOFINS: Decimal;
  vICMS: Decimal;
  vICMSUFDest: Decimal;
  vFCP: Decimal;
  vFCPUFDest: Decimal;
};

/** gRed.pAliqEfet: p × (1 − pRedAliq), 4 decimals. */
function aliquotaEfetiva(p: string, reducao: Decimal): Decimal {
  if (reducao.isZero()) return percentualDecimal(p);
  return percentualDecimal(p).times(Decimal.of(100).minus(reducao)).dividedBy(100, CASAS_PERCENTUAL);
}

export function calculaIbsCbs(ctx: ContextoItem, v: ValoresDaBase): GrupoIbsCbs | null {
  const { regra } = ctx;
  if (regra.cst_ibs_cbs === null || regra.c_class_trib === null) return null;
  const semValor = CSTS_IBS_CBS_SEM_VALOR.includes(regra.cst_ibs_cbs);
  const base = ctx.vOperacao
    .minus(v.vPIS)
    .minus(v.vCOFINS)
    .minus(v.vICMS)
    .minus(v.vICMSUFDest)
    .minus(v.vFCP)
    .minus(v.vFCPUFDest);
  const vBC = semValor || base.isNegative() ? Decimal.ZERO : base;
  const pIBSUF = semValor ? '0' : (regra.p_ibs_uf ?? ALIQUOTAS_IBS_CBS_2026.pIBSUF);
  const pIBSMun = semValor ? '0' : (regra.p_ibs_mun ?? ALIQUOTAS_IBS_CBS_2026.pIBSMun);
  const pCBS = semValor ? '0' : (regra.p_cbs ?? ALIQUOTAS_IBS_CBS_2026.pCBS);
  const reducao = percentualDecimal(regra.p_red_aliq);
  const efUF = aliquotaEfetiva(pIBSUF, reducao);
  const efMun = aliquotaEfetiva(pIBSMun, reducao);
  const efCBS = aliquotaEfetiva(pCBS, reducao);
  const vIBSUF = valorPercentual(vBC, efUF);
  const vIBSMun = valorPercentual(vBC, efMun);
  return {
    CST: regra.cst_ibs_cbs,
    cClassTrib: regra.c_class_trib,
    vBC: vBC.toFixed(2),
    pIBSUF: percentualTexto(pIBSUF),
    vIBSUF: vIBSUF.toFixed(2),
    pIBSMun: percentualTexto(pIBSMun),
    vIBSMun: vIBSMun.toFixed(2),
    vIBS: vIBSUF.plus(vIBSMun).toFixed(2),
    pCBS: percentualTexto(pCBS),
    vCBS: valorPercentual(vBC, efCBS).toFixed(2),
    pRedAliq: percentualTexto(regra.p_red_aliq),
    pAliqEfetIBSUF: percentualTexto(efUF),
    pAliqEfetIBSMun: percentualTexto(efMun),
    pAliqEfetCBS: percentualTexto(efCBS),
  };
}
