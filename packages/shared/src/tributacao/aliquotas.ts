import type { Uf } from '../cadastros/brasil.ts';
import { Decimal, type DecimalInput } from '../decimal.ts';
import { ALIQUOTAS_UF } from './data/aliquotas-uf.ts';
import { CASAS_PERCENTUAL } from './percentuais.ts';

// Rates from the reference data, and the MVA ajustada.

/** The UF's modal internal ICMS rate, without FCP ("18.0000"). */
export function aliquotaInternaUf(uf: Uf): string {
  return ALIQUOTAS_UF[uf].icms;
}

/** The UF's general FCP on internal operations ("2.0000" in RJ, "0.0000" where only some goods pay it). */
export function fcpUf(uf: Uf): string {
  return ALIQUOTAS_UF[uf].fcp;
}

/**
 * MVA ajustada of an interstate operation with ICMS-ST, in percent:
 *   MVA ajustada = [(1 + MVA-ST original) × (1 − ALQ inter) / (1 − ALQ intra)] − 1
 * (the formula of the ST convênios and protocolos — e.g. Protocolo ICMS 103/2014, cláusula
 * segunda, § 1º — taken up by the states' regulations), where ALQ inter is the interstate
 * rate of the operation and ALQ intra the destination's internal rate for the goods. It is
 * rounded to 2 decimals, as the CONFAZ acts and the states' tables publish it (e.g. 71,78 % at 12 %
 * into an 18 % state: 84,35 %), and the ST base uses the rounded figure. When the interstate rate
 * is not below the internal one, the original MVA applies unchanged.
 */
export function mvaAjustada(
  mvaOriginal: DecimalInput,
  aliquotaInter: DecimalInput,
  aliquotaIntra: DecimalInput,
): string {
  const mva = Decimal.of(mvaOriginal);
  if (Decimal.of(aliquotaInter).gte(aliquotaIntra)) return mva.toFixed(CASAS_PERCENTUAL);
  const cem = Decimal.of(100);
  // In percent: (100 + MVA) × (100 − inter) / (100 − intra) − 100
  return cem
    .plus(mva)
    .times(cem.minus(aliquotaInter))
    .dividedBy(cem.minus(aliquotaIntra), 2)
    .minus(cem)
    .toFixed(CASAS_PERCENTUAL);
}
