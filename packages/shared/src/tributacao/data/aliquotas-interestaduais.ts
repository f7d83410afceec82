import type { Uf } from '../../cadastros/brasil.ts';
import type { Origem } from '../../estoque/origem.ts';

// Interstate ICMS rates (pICMSInter of the NF-e: exactly "4.00", "7.00" or "12.00").
//
// - Resolução do Senado Federal 22/1989, art. 1º: 12 % in interstate operations; 7 % from the
//   South and Southeast regions (except Espírito Santo) to the North, Northeast and Centre-West
//   regions and to Espírito Santo.
// - Resolução do Senado Federal 13/2012, art. 1º: 4 % for imported goods (NF-e origem 1 and 2,
//   imported directly or bought in Brazil) and for goods made in Brazil with more than 40 % of
//   imported content (origem 3 and 8). Not for origem 6 and 7 (no national equivalent, CAMEX
//   list) nor 4 and 5 (Ajuste SINIEF 20/2012 and its annex of origins).

export type Regiao = 'N' | 'NE' | 'CO' | 'SE' | 'S';

export const REGIOES: Readonly<Record<Uf, Regiao>> = {
  AC: 'N',
  AM: 'N',
  AP: 'N',
  PA: 'N',
  RO: 'N',
  RR: 'N',
  TO: 'N',
  AL: 'NE',
  BA: 'NE',
  CE: 'NE',
  MA: 'NE',
  PB: 'NE',
  PE: 'NE',
  PI: 'NE',
  RN: 'NE',
  SE: 'NE',
  DF: 'CO',
  GO: 'CO',
  MS: 'CO',
  MT: 'CO',
  ES: 'SE',
  MG: 'SE',
  RJ: 'SE',
  SP: 'SE',
  PR: 'S',
  RS: 'S',
  SC: 'S',
};

/** Origins taxed at 4 % between states (Resolução do Senado Federal 13/2012). */
export const ORIGENS_IMPORTADAS: readonly Origem[] = ['1', '2', '3', '8'];

export type AliquotaInterestadual = '4.00' | '7.00' | '12.00';

/** The 7 % senders: South and Southeast except Espírito Santo. */
function remetente7(uf: Uf): boolean {
  const r = REGIOES[uf];
  return (r === 'S' || r === 'SE') && uf !== 'ES';
}

/** The 7 % destinations: North, Northeast, Centre-West and Espírito Santo. */
function destino7(uf: Uf): boolean {
  return !remetente7(uf);
}

/**
 * The interstate ICMS rate from `ufOrigem` to `ufDestino` (different UFs) for goods of `origem`.
 * Throws when both UFs are the same: an internal operation has no interstate rate.
 */
export function aliquotaInterestadual(ufOrigem: Uf, ufDestino: Uf, origem: Origem): AliquotaInterestadual {
  if (ufOrigem === ufDestino) throw new Error(`operação interna (${ufOrigem}) não tem alíquota interestadual`);
  if (ORIGENS_IMPORTADAS.includes(origem)) return '4.00';
  return remetente7(ufOrigem) && destino7(ufDestino) ? '7.00' : '12.00';
}
