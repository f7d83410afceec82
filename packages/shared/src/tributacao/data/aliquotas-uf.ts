import type { Uf } from '../../cadastros/brasil.ts';

// Each UF's internal (modal, "alíquota geral") ICMS rate and the general FCP additional, as of
// 2026, in percent (numeric(7,4) text). The engine uses them when a rule leaves its rate empty:
// the internal rate of an operation inside the UF, the destination's rate for ICMS-ST (pICMSST)
// and for the DIFAL of sales to non-contributors (pICMSUFDest, pFCPUFDest).
//
// `icms` excludes the FCP; `fcp` is the additional EVERY taxed internal operation pays (the
// NF-e shows them apart: pICMS 20 + pFCP 2 in RJ). Where a state charges FCP only on specific
// goods (beverages, tobacco, cosmetics… — e.g. SP, MG, BA, RN), `fcp` is 0 and the rule of those
// goods sets pFCP / pFCPST / pFCPUFDest itself. Goods with their own internal rate (cesta básica,
// supérfluos) likewise need a rule with the rate: these are only the modal rates.
//
// Sources (read 2026; each figure is in at least two of them, except RS and SC — long-standing
// 17 %, one source found — and those marked `conferir`):
// - jtaxmind, "Estados que alteraram as alíquotas de ICMS de 2024 para 2025" (jan. 2025), full
//   list by UF with RJ 20 % + 2 % FECP, AL 19 % + 1 %, SE 19 % + 1 %;
// - IOB via gesif.com.br, "Estados alteram alíquotas internas do ICMS para 2025" (06/01/2025):
//   MA 22 → 23 % (Lei 12.426/2024, from 23/02/2025), PI 21 → 22,5 % (Lei 8.558/2024, from
//   01/04/2025), RN 18 → 20 % (Lei 11.999/2024, from 20/03/2025);
// - Câmara Portuguesa RJ, "Novas alíquotas do ICMS a partir de 2024": BA 20,5 % (Lei
//   14.629/2023), CE 20 % (Lei 18.305/2023), DF 20 % (Lei 7.326/2023), GO 19 % (Lei
//   22.460/2023), PB 20 % (Lei 12.788/2023), PR 19,5 % (Lei 21.850/2023), PE 20,5 %; ES and MG
//   announced increases that were not implemented;
// - RJ: FECP made permanent by Lei Complementar RJ 210/2023 (Resolução SEFAZ-RJ 714/2024).
// No change of a modal rate taking effect in 2026 was found; re-check this table every January.
// `conferir`: AL and SE, the split between ICMS and FCP (the 20 % total is in two sources, the
// split in one); RO 19,5 % (one source).

export type AliquotaUf = {
  /** Modal internal ICMS rate, without FCP (pICMS of an internal operation). */
  icms: string;
  /** General FCP additional of internal operations (pFCP); 0 when only specific goods pay it. */
  fcp: string;
  /** The figure (or its ICMS/FCP split) rests on one source: check before relying on it. */
  conferir?: true;
};

export const ALIQUOTAS_UF: Readonly<Record<Uf, AliquotaUf>> = {
  AC: { icms: '19.0000', fcp: '0.0000' },
  AL: { icms: '19.0000', fcp: '1.0000', conferir: true },
  AM: { icms: '20.0000', fcp: '0.0000' },
  AP: { icms: '18.0000', fcp: '0.0000' },
  BA: { icms: '20.5000', fcp: '0.0000' },
  CE: { icms: '20.0000', fcp: '0.0000' },
  DF: { icms: '20.0000', fcp: '0.0000' },
  ES: { icms: '17.0000', fcp: '0.0000' },
  GO: { icms: '19.0000', fcp: '0.0000' },
  MA: { icms: '23.0000', fcp: '0.0000' },
  MG: { icms: '18.0000', fcp: '0.0000' },
  MS: { icms: '17.0000', fcp: '0.0000' },
  MT: { icms: '17.0000', fcp: '0.0000' },
  PA: { icms: '19.0000', fcp: '0.0000' },
  PB: { icms: '20.0000', fcp: '0.0000' },
  PE: { icms: '20.5000', fcp: '0.0000' },
  PI: { icms: '22.5000', fcp: '0.0000' },
  PR: { icms: '19.5000', fcp: '0.0000' },
  RJ: { icms: '20.0000', fcp: '2.0000' },
  RN: { icms: '20.0000', fcp: '0.0000' },
  RO: { icms: '19.5000', fcp: '0.0000', conferir: true },
  RR: { icms: '20.0000', fcp: '0.0000' },
  RS: { icms: '17.0000', fcp: '0.0000' },
  SC: { icms: '17.0000', fcp: '0.0000' },
  SE: { icms: '19.0000', fcp: '1.0000', conferir: true },
  SP: { icms: '18.0000', fcp: '0.0000' },
  TO: { icms: '20.0000', fcp: '0.0000' },
};
