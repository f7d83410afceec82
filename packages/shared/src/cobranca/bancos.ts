// The banks whose cobrança rules exist. Adding a bank: one file in ./bancos and one line here.

import type { RegrasBanco } from './banco.ts';
import { bancoDoBrasil } from './bancos/banco-do-brasil.ts';
import { bradesco } from './bancos/bradesco.ts';
import { caixa } from './bancos/caixa.ts';
import { itau } from './bancos/itau.ts';
import { santander } from './bancos/santander.ts';
import { sicoob } from './bancos/sicoob.ts';
import { sicredi } from './bancos/sicredi.ts';

export const BANCOS_COBRANCA: readonly RegrasBanco[] = [
  bancoDoBrasil,
  itau,
  bradesco,
  caixa,
  santander,
  sicoob,
  sicredi,
];

const porCodigo = new Map(BANCOS_COBRANCA.map((b) => [b.codigo, b]));

/** The rules of a bank by its COMPE code ("1", "001" alike), or null when it has no cobrança here. */
export function regrasCobranca(codigo: string | null | undefined): RegrasBanco | null {
  const t = (codigo ?? '').trim();
  if (!/^\d{1,3}$/.test(t)) return null;
  return porCodigo.get(t.padStart(3, '0')) ?? null;
}
