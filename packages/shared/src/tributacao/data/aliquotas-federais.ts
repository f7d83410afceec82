// Federal rates the engine applies when a rule leaves its rate empty, in percent.
//
// PIS/Pasep and COFINS by the company's regime:
// - cumulativo (lucro presumido): PIS 0,65 % (Lei 9.715/1998, art. 8º, I) and COFINS 3 %
//   (Lei 9.718/1998, art. 8º);
// - não cumulativo (lucro real): PIS 1,65 % (Lei 10.637/2002, art. 2º) and COFINS 7,6 %
//   (Lei 10.833/2003, art. 2º).
// Monofásico goods (fuels, medicines, cosmetics, beverages… taxed at the manufacturer or importer)
// are sold by a distributor at rate zero with CST 04; goods at rate zero by law use CST 06: the
// rule gives the CST, the rate then is 0 whatever this table says.
//
// IBS and CBS in the 2026 test year (Lei Complementar 214/2025): IBS at the state rate of 0,1 %
// (art. 343; no municipal rate that year, so pIBSMun is 0) and CBS at 0,9 % (art. 346). The
// NF-e carries them per item (group IBSCBS, NT 2025.002-RTC) while in 2026 they are offset
// against PIS/COFINS and not added to the invoice total (vNF).

export const REGIMES_PIS_COFINS = ['cumulativo', 'nao_cumulativo'] as const;
export type RegimePisCofins = (typeof REGIMES_PIS_COFINS)[number];

export const regimePisCofinsLabels: Record<RegimePisCofins, string> = {
  cumulativo: 'Cumulativo (lucro presumido)',
  nao_cumulativo: 'Não cumulativo (lucro real)',
};

export const ALIQUOTAS_PIS_COFINS: Readonly<Record<RegimePisCofins, { pPIS: string; pCOFINS: string }>> = {
  cumulativo: { pPIS: '0.6500', pCOFINS: '3.0000' },
  nao_cumulativo: { pPIS: '1.6500', pCOFINS: '7.6000' },
};

/** IBS (state and municipal parts) and CBS rates of 2026. */
export const ALIQUOTAS_IBS_CBS_2026 = {
  pIBSUF: '0.1000',
  pIBSMun: '0.0000',
  pCBS: '0.9000',
} as const;
