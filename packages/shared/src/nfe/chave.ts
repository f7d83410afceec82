// Chave de acesso of an NF-e (44 positions): cUF(2) AAMM(4) CNPJ(14) mod(2) série(3) nNF(9)
// tpEmis(1) cNF(8) cDV(1). The CNPJ may be alphanumeric (NT 2025.001): each character is valued
// by its ASCII code − 48 ("A" = 17) in the mod-11 check digit, weights 2..9 from the right.

export type PartesChave = {
  cUF: string;
  aamm: string;
  cnpj: string;
  modelo: string;
  serie: string;
  nNF: string;
  tpEmis: string;
  cNF: string;
  cDV: string;
};

const FORMATO = /^\d{6}[0-9A-Z]{12}\d{2}\d{24}$/;

/** The chave without spaces/punctuation and in upper case (as typed or read). */
export function normalizaChave(valor: string): string {
  return valor.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/** The mod-11 check digit of the first 43 positions. */
export function dvChave(chave43: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = chave43.length - 1; i >= 0; i--) {
    soma += (chave43.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export function partesChave(chave: string): PartesChave {
  return {
    cUF: chave.slice(0, 2),
    aamm: chave.slice(2, 6),
    cnpj: chave.slice(6, 20),
    modelo: chave.slice(20, 22),
    serie: chave.slice(22, 25),
    nNF: chave.slice(25, 34),
    tpEmis: chave.slice(34, 35),
    cNF: chave.slice(35, 43),
    cDV: chave.slice(43, 44),
  };
}

export const chaveMensagens = {
  formato: 'A chave de acesso deve ter 44 posições (números; o CNPJ pode ser alfanumérico).',
  dv: (esperado: number, lido: string) =>
    `Dígito verificador da chave de acesso inválido: calculado ${esperado}, informado ${lido}.`,
  campo: (campo: string, naChave: string, noXml: string) =>
    `A chave de acesso não confere com a nota: ${campo} na chave é ${naChave}, no XML é ${noXml}.`,
} as const;

/** Format and check digit: null when valid, else the pt-BR reason. */
export function validaChave(chave: string): string | null {
  if (!FORMATO.test(chave)) return chaveMensagens.formato;
  const dv = dvChave(chave.slice(0, 43));
  if (String(dv) !== chave[43]) return chaveMensagens.dv(dv, chave[43]!);
  return null;
}

/** What the document says, to compare with the chave. */
export type IdeParaChave = {
  cUF: string;
  /** dhEmi (or dEmi) as in the XML: "2017-07-12T09:45:50-03:00". */
  dhEmi: string;
  mod: string;
  serie: string;
  nNF: string;
  tpEmis: string;
  cNF: string;
  cDV: string;
  /** emit CNPJ (or CPF: an 11-digit CPF is left-padded with zeros in the chave). */
  emitDocumento: string;
};

/** Every disagreement between the chave and ide/emit (empty = consistent), pt-BR sentences. */
export function conferenciaChave(chave: string, ide: IdeParaChave): string[] {
  const p = partesChave(chave);
  const pad = (v: string, n: number) => v.trim().padStart(n, '0');
  const aamm = `${ide.dhEmi.slice(2, 4)}${ide.dhEmi.slice(5, 7)}`;
  const pares: Array<[string, string, string]> = [
    ['a UF (cUF)', p.cUF, pad(ide.cUF, 2)],
    ['o ano e mês de emissão (AAMM)', p.aamm, aamm],
    ['o CNPJ do emitente', p.cnpj, pad(ide.emitDocumento.toUpperCase(), 14)],
    ['o modelo', p.modelo, pad(ide.mod, 2)],
    ['a série', p.serie, pad(ide.serie, 3)],
    ['o número (nNF)', p.nNF, pad(ide.nNF, 9)],
    ['o tipo de emissão (tpEmis)', p.tpEmis, ide.tpEmis.trim()],
    ['o código numérico (cNF)', p.cNF, pad(ide.cNF, 8)],
    ['o dígito verificador (cDV)', p.cDV, ide.cDV.trim()],
  ];
  return pares.filter(([, a, b]) => a !== b).map(([campo, a, b]) => chaveMensagens.campo(campo, a, b));
}
