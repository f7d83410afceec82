import { randomInt } from 'node:crypto';
import { dvChave } from '@erp/shared';
import { dataHoraNfe } from './ide.ts';
import { documento } from './xml-texto.ts';

// The chave de acesso of an NF-e being issued: cUF + AAMM + CNPJ + mod + série + nNF + tpEmis + cNF
// + cDV (mod 11 of the shared nfe/chave.ts, alphanumeric CNPJ characters as ASCII − 48).

/** A random cNF of 8 digits, different from the nNF (SEFAZ rejects cNF = nNF) and not trivial. */
export function geraCnf(nNF: number, aleatorio: () => number = () => randomInt(0, 100_000_000)): string {
  const proibido = String(nNF).padStart(8, '0').slice(-8);
  for (;;) {
    const c = String(aleatorio()).padStart(8, '0').slice(-8);
    if (c !== proibido && !/^(\d)\1{7}$/.test(c) && c !== '12345678' && c !== '87654321') return c;
  }
}

export type PartesNovaChave = {
  cUF: string;
  dhEmi: Date;
  cnpj: string;
  serie: number;
  nNF: number;
  tpEmis: string;
  cNF: string;
};

export function montaChave(p: PartesNovaChave): { chave: string; cDV: string } {
  const dh = dataHoraNfe(p.dhEmi);
  const aamm = `${dh.slice(2, 4)}${dh.slice(5, 7)}`;
  const base = [
    p.cUF.padStart(2, '0'),
    aamm,
    documento(p.cnpj).padStart(14, '0'),
    '55',
    String(p.serie).padStart(3, '0'),
    String(p.nNF).padStart(9, '0'),
    p.tpEmis,
    p.cNF.padStart(8, '0'),
  ].join('');
  const cDV = String(dvChave(base));
  return { chave: `${base}${cDV}`, cDV };
}
