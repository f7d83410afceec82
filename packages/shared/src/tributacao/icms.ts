import { Decimal } from '../decimal.ts';
import type { Origem } from '../estoque/origem.ts';
import { aliquotaInternaUf, fcpUf, mvaAjustada } from './aliquotas.ts';
import type { ContextoItem } from './contexto-item.ts';
import { type AliquotaInterestadual, aliquotaInterestadual } from './data/aliquotas-interestaduais.ts';
import {
  CODIGOS_ICMS_PROPRIO,
  CSOSNS_CREDITO,
  type Csosn,
  type CstIcms,
  temSt,
  usaCsosn,
} from './dominios.ts';
import { baseReduzida, percentualDecimal, percentualTexto, valorPercentual } from './percentuais.ts';

// ICMS of an item: the company's own ICMS (with FCP), ICMS-ST (with FCP-ST), the Simples Nacional
// credit, and the DIFAL of an interstate sale to a non-contributor (group ICMSUFDest). Field names
// are those of the NF-e groups ICMS00 … ICMSSN900 and ICMSUFDest (leiauteNFe_v4.00, PL_010).
//
// Bases (Lei Complementar 87/1996):
// - own ICMS: valor da operação = vProd − vDesc + vFrete + vSeg + vOutro (art. 13, I and § 1º,
//   II), plus vIPI when the recipient is a final consumer (art. 13, § 2º: IPI stays out only
//   between contributors for resale or industrialisation), times (1 − pRedBC);
// - ICMS-ST: valor da operação + vIPI, times (1 + pMVAST) and (1 − pRedBCST) (art. 8º, II);
//   vICMSST = vBCST × pICMSST − the own ICMS (for a Simples Nacional sender, the ICMS its
//   operation would bear at pICMS; for CST 30, nothing); FCP-ST likewise minus the own FCP;
// - DIFAL (EC 87/2015; LC 87/1996 art. 13 as amended by LC 190/2022, and § 1º, I; Convênio
//   ICMS 236/2021, cláusula segunda, § 1º): base única — the value of the operation, which
//   already holds the ICMS "por dentro" (the price charged includes it), the same for both
//   states: vICMSUFDest = vBCUFDest × (pICMSUFDest − pICMSInter), all of it to the destination
//   since 2019 (pICMSInterPart 100, vICMSUFRemet 0), and vFCPUFDest = vBCFCPUFDest × pFCPUFDest.
//   Not for the Simples Nacional (STF, ADI 5464, suspended the cláusula nona of Convênio ICMS
//   93/2015 for it).

export type GrupoIcms = {
  orig: Origem;
  CST: CstIcms | null;
  CSOSN: Csosn | null;
  /** 3 = valor da operação, when there is own ICMS. */
  modBC: '3' | null;
  vBC: string;
  pRedBC: string;
  pICMS: string;
  vICMS: string;
  vBCFCP: string;
  pFCP: string;
  vFCP: string;
  /** 4 = margem de valor agregado, when there is ICMS-ST. */
  modBCST: '4' | null;
  pMVAST: string;
  pRedBCST: string;
  vBCST: string;
  pICMSST: string;
  vICMSST: string;
  vBCFCPST: string;
  pFCPST: string;
  vFCPST: string;
  pCredSN: string;
  vCredICMSSN: string;
};

export type GrupoIcmsUfDest = {
  vBCUFDest: string;
  vBCFCPUFDest: string;
  pFCPUFDest: string;
  pICMSUFDest: string;
  pICMSInter: AliquotaInterestadual;
  pICMSInterPart: '100.00';
  vFCPUFDest: string;
  vICMSUFDest: string;
  vICMSUFRemet: string;
};

/** The groups, and the values the other taxes' bases need (not parsed back from text). */
export type ResultadoIcms = {
  ICMS: GrupoIcms;
  ICMSUFDest: GrupoIcmsUfDest | null;
  vICMS: Decimal;
  vFCP: Decimal;
  vICMSST: Decimal;
  vFCPST: Decimal;
  vICMSUFDest: Decimal;
  vFCPUFDest: Decimal;
};

const ZERO = Decimal.ZERO;
const CEM = Decimal.of(100);
const cents = (d: Decimal) => d.toFixed(2);
const naoNegativo = (d: Decimal) => (d.isNegative() ? ZERO : d);

export function calculaIcms(ctx: ContextoItem, vIPI: Decimal): ResultadoIcms {
  const { regra, partes, fluxo } = ctx;
  const codigo = regra.cst_icms ?? regra.csosn;
  if (codigo === null) throw new Error(`regra ${regra.id} sem CST nem CSOSN`);
  const simples = usaCsosn(partes.emitente.crt);
  const inter = fluxo.interna ? null : aliquotaInterestadual(fluxo.ufOrigem, fluxo.ufDestino, ctx.origem);
  const pICMS = inter ?? regra.p_icms ?? aliquotaInternaUf(fluxo.ufOrigem);
  const consumidorFinal = partes.destinatario.indFinal === '1';
  const baseOperacao = consumidorFinal ? ctx.vOperacao.plus(vIPI) : ctx.vOperacao;

  const g: GrupoIcms = {
    orig: ctx.origem,
    CST: regra.cst_icms,
    CSOSN: regra.csosn,
    modBC: null,
    vBC: '0.00',
    pRedBC: '0.0000',
    pICMS: '0.0000',
    vICMS: '0.00',
    vBCFCP: '0.00',
    pFCP: '0.0000',
    vFCP: '0.00',
    modBCST: null,
    pMVAST: '0.0000',
    pRedBCST: '0.0000',
    vBCST: '0.00',
    pICMSST: '0.0000',
    vICMSST: '0.00',
    vBCFCPST: '0.00',
    pFCPST: '0.0000',
    vFCPST: '0.00',
    pCredSN: '0.0000',
    vCredICMSSN: '0.00',
  };

  const proprio = CODIGOS_ICMS_PROPRIO.includes(codigo);
  let vICMS = ZERO;
  let vFCP = ZERO;
  if (proprio) {
    const vBC = baseReduzida(baseOperacao, regra.p_red_bc);
    vICMS = valorPercentual(vBC, pICMS);
    const pFCP = regra.p_fcp ?? (fluxo.interna ? fcpUf(fluxo.ufOrigem) : '0');
    const vBCFCP = percentualDecimal(pFCP).isZero() ? ZERO : vBC;
    vFCP = valorPercentual(vBCFCP, pFCP);
    Object.assign(g, {
      modBC: '3',
      vBC: cents(vBC),
      pRedBC: percentualTexto(regra.p_red_bc),
      pICMS: percentualTexto(pICMS),
      vICMS: cents(vICMS),
      vBCFCP: cents(vBCFCP),
      pFCP: percentualTexto(pFCP),
      vFCP: cents(vFCP),
    });
  }

  let vICMSST = ZERO;
  let vFCPST = ZERO;
  if (temSt(codigo, regra.p_mva_st)) {
    const mvaOriginal = regra.p_mva_st ?? '0';
    const pICMSST = regra.p_icms_st ?? aliquotaInternaUf(fluxo.ufDestino);
    const ajusta = regra.ajusta_mva && inter !== null && !simples;
    const pMVAST = ajusta ? mvaAjustada(mvaOriginal, inter, pICMSST) : percentualTexto(mvaOriginal);
    // (valor da operação + IPI) × (100 + MVA) / 100 × (100 − redução) / 100, rounded once.
    const vBCST = ctx.vOperacao
      .plus(vIPI)
      .times(CEM.plus(percentualDecimal(pMVAST)))
      .times(CEM.minus(percentualDecimal(regra.p_red_bc_st)))
      .dividedBy(10_000, 2);
    const deducao = proprio ? vICMS : codigo === '30' ? ZERO : valorPercentual(baseOperacao, pICMS);
    vICMSST = naoNegativo(valorPercentual(vBCST, pICMSST).minus(deducao));
    const pFCPST = regra.p_fcp_st ?? fcpUf(fluxo.ufDestino);
    const vBCFCPST = percentualDecimal(pFCPST).isZero() ? ZERO : vBCST;
    vFCPST = naoNegativo(valorPercentual(vBCFCPST, pFCPST).minus(vFCP));
    Object.assign(g, {
      modBCST: '4',
      pMVAST,
      pRedBCST: percentualTexto(regra.p_red_bc_st),
      vBCST: cents(vBCST),
      pICMSST: percentualTexto(pICMSST),
      vICMSST: cents(vICMSST),
      vBCFCPST: cents(vBCFCPST),
      pFCPST: percentualTexto(pFCPST),
      vFCPST: cents(vFCPST),
    });
  }

  if (CSOSNS_CREDITO.includes(codigo) && regra.p_cred_sn !== null) {
    g.pCredSN = percentualTexto(regra.p_cred_sn);
    g.vCredICMSSN = cents(valorPercentual(ctx.vOperacao, regra.p_cred_sn));
  }

  const difal =
    proprio &&
    !simples &&
    inter !== null &&
    partes.sentido === 'saida' &&
    fluxo.tipoDestinatario === 'nao_contribuinte';
  const uf = difal ? calculaDifal(ctx, baseOperacao, inter) : null;
  return {
    ICMS: g,
    ICMSUFDest: uf?.grupo ?? null,
    vICMS,
    vFCP,
    vICMSST,
    vFCPST,
    vICMSUFDest: uf?.vICMSUFDest ?? ZERO,
    vFCPUFDest: uf?.vFCPUFDest ?? ZERO,
  };
}

function calculaDifal(
  ctx: ContextoItem,
  vBCUFDest: Decimal,
  pICMSInter: AliquotaInterestadual,
): { grupo: GrupoIcmsUfDest; vICMSUFDest: Decimal; vFCPUFDest: Decimal } {
  const { regra, fluxo } = ctx;
  const pICMSUFDest = regra.p_icms_uf_dest ?? aliquotaInternaUf(fluxo.ufDestino);
  const pFCPUFDest = regra.p_fcp_uf_dest ?? fcpUf(fluxo.ufDestino);
  const vBCFCPUFDest = percentualDecimal(pFCPUFDest).isZero() ? ZERO : vBCUFDest;
  const diferenca = percentualDecimal(pICMSUFDest).minus(percentualDecimal(pICMSInter));
  const vICMSUFDest = naoNegativo(valorPercentual(vBCUFDest, diferenca));
  const vFCPUFDest = valorPercentual(vBCFCPUFDest, pFCPUFDest);
  return {
    grupo: {
      vBCUFDest: cents(vBCUFDest),
      vBCFCPUFDest: cents(vBCFCPUFDest),
      pFCPUFDest: percentualTexto(pFCPUFDest),
      pICMSUFDest: percentualTexto(pICMSUFDest),
      pICMSInter,
      pICMSInterPart: '100.00',
      vFCPUFDest: cents(vFCPUFDest),
      vICMSUFDest: cents(vICMSUFDest),
      vICMSUFRemet: '0.00',
    },
    vICMSUFDest,
    vFCPUFDest,
  };
}
