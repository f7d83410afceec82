import { dvChave } from '../nfe/chave.ts';

// Chave de acesso of an MDF-e (44 positions), as the NF-e's with model 58: cUF(2) AAMM(4)
// CNPJ(14) mod(2)=58 série(3) nMDF(9) tpEmis(1) cMDF(8) cDV(1). The check digit is the NF-e's mod 11
// (nfe/chave.ts: weights 2..9 from the right, each character valued by its ASCII code − 48, so an
// alphanumeric CNPJ — NT 2025.001 — is handled; note the MDF-e 3.00 schema's Id pattern
// "MDFe[0-9]{44}" does not accept one yet).
//
// cMDF is random (geraCMdf), drawn once when the number is taken and stored with the MDF-e: a
// rejected MDF-e is corrected and sent again with the same número and the same chave. Like the NF-e's
// cNF it must differ from the número (SEFAZ rule) and is not a trivial sequence.

export const MODELO_MDFE = '58';

export type PartesChaveMdfe = {
  /** IBGE code of the emitter's UF, 2 digits. */
  cUF: string;
  /** dhEmi as written in the XML ("2026-11-29T08:00:00-03:00"): AAMM comes from its wall date. */
  dhEmi: string;
  /** Emitter CNPJ (digits, or 12 alphanumeric + 2 digits). */
  cnpj: string;
  serie: number;
  nMDF: number;
  /** 1 normal, 2 contingência. */
  tpEmis: '1' | '2';
  /** 8 digits (geraCMdf). */
  cMDF: string;
};

export function montaChaveMdfe(p: PartesChaveMdfe): { chave: string; cDV: string } {
  const aamm = `${p.dhEmi.slice(2, 4)}${p.dhEmi.slice(5, 7)}`;
  const base = [
    p.cUF.padStart(2, '0'),
    aamm,
    p.cnpj
      .toUpperCase()
      .replace(/[^0-9A-Z]/g, '')
      .padStart(14, '0'),
    MODELO_MDFE,
    String(p.serie).padStart(3, '0'),
    String(p.nMDF).padStart(9, '0'),
    p.tpEmis,
    p.cMDF.padStart(8, '0'),
  ].join('');
  const cDV = String(dvChave(base));
  return { chave: `${base}${cDV}`, cDV };
}

// Web Crypto (Node 20 and browsers); typed locally because this package compiles without DOM/node types
type WebCrypto = { getRandomValues<T extends Uint32Array>(a: T): T };

function aleatorio8(): number {
  const v = new Uint32Array(1);
  (globalThis as unknown as { crypto: WebCrypto }).crypto.getRandomValues(v);
  return v[0]! % 100_000_000;
}

/** A random cMDF of 8 digits, never the nMDF (as 8 digits), nor a run of one digit, nor 12345678/87654321. */
export function geraCMdf(nMDF: number, aleatorio: () => number = aleatorio8): string {
  const proibido = String(nMDF).padStart(8, '0').slice(-8);
  for (;;) {
    const c = String(aleatorio()).padStart(8, '0').slice(-8);
    if (c !== proibido && !/^(\d)\1{7}$/.test(c) && c !== '12345678' && c !== '87654321') return c;
  }
}
