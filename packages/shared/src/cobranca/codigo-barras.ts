// The FEBRABAN boleto barcode (44 digits) and its linha digitável (47 digits), common to every
// bank; only the campo livre (positions 20–44) is the bank's.
//
// Código de barras: banco(3) moeda(1, "9" = real) DV(1) fator de vencimento(4) valor(10, cents)
// campo livre(25). The DV (position 5) is módulo 11 over the other 43 digits (modulos.ts).
// Linha digitável: campo 1 = banco + moeda + campo livre 1–5 + DV; campo 2 = campo livre 6–15 +
// DV; campo 3 = campo livre 16–25 + DV (the three DVs módulo 10); campo 4 = the barcode's DV;
// campo 5 = fator + valor. Printed "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE".

import { Decimal } from '../decimal.ts';
import { dvGeralCodigoBarras, modulo10 } from './modulos.ts';

export const MOEDA_REAL = '9';

export const codigoBarrasMensagens = {
  valor: (v: string) => `Valor do boleto inválido: ${v}.`,
  valorNegativo: 'O valor do boleto não pode ser negativo.',
  valorCasas: 'O valor do boleto tem no máximo 2 casas decimais.',
  valorMaximo: 'Valor acima do máximo de um boleto (R$ 99.999.999,99).',
  banco: (b: string) => `Código do banco inválido: ${b} (3 dígitos).`,
  campoLivre: (n: number) => `O campo livre do banco deve ter 25 dígitos (tem ${n}).`,
  tamanhoCodigo: (n: number) => `O código de barras deve ter 44 dígitos (tem ${n}).`,
  dvCodigo: (calc: number, lido: string) =>
    `Dígito verificador do código de barras inválido: calculado ${calc}, informado ${lido}.`,
  tamanhoLinha: (n: number) => `A linha digitável deve ter 47 dígitos (tem ${n}).`,
  dvCampo: (campo: number, calc: number, lido: string) =>
    `Dígito do campo ${campo} da linha digitável inválido: calculado ${calc}, informado ${lido}.`,
} as const;

/** A boleto's valor ("135.00", "0.5", Decimal) as the barcode's 10 digits of cents. Exact: a value
 * with more than 2 decimals, negative or over R$ 99.999.999,99 is refused, never rounded. */
export function valorCodigoBarras(valor: string | Decimal): string {
  let d: Decimal;
  try {
    d = Decimal.of(valor);
  } catch {
    throw new Error(codigoBarrasMensagens.valor(String(valor)));
  }
  if (d.isNegative()) throw new Error(codigoBarrasMensagens.valorNegativo);
  if (d.decimalPlaces() > 2) throw new Error(codigoBarrasMensagens.valorCasas);
  const centavos = d.toFixed(2).replace('.', '');
  if (centavos.length > 10) throw new Error(codigoBarrasMensagens.valorMaximo);
  return centavos.padStart(10, '0');
}

/** The 10 digits of cents as a decimal string with 2 places ("0000013500" -> "135.00"). */
export function valorDoCodigoBarras(dezDigitos: string): string {
  const n = dezDigitos.replace(/^0+(?=\d{3})/, '');
  return `${n.slice(0, -2)}.${n.slice(-2)}`;
}

/** The 44-digit barcode from the bank, the fator de vencimento, the valor and the campo livre. */
export function montarCodigoBarras(
  banco: string,
  fator: number,
  valor: string | Decimal,
  campoLivre: string,
): string {
  if (!/^\d{3}$/.test(banco)) throw new Error(codigoBarrasMensagens.banco(banco));
  if (!/^\d{25}$/.test(campoLivre)) throw new Error(codigoBarrasMensagens.campoLivre(campoLivre.length));
  if (!Number.isInteger(fator) || fator < 0 || fator > 9999) throw new Error(`fator inválido: ${fator}`);
  const semDv = `${banco}${MOEDA_REAL}${String(fator).padStart(4, '0')}${valorCodigoBarras(valor)}${campoLivre}`;
  const dv = dvGeralCodigoBarras(semDv);
  return `${semDv.slice(0, 4)}${dv}${semDv.slice(4)}`;
}

export type PartesCodigoBarras = {
  banco: string;
  moeda: string;
  dv: string;
  fator: string;
  /** Decimal string, 2 places. */
  valor: string;
  campoLivre: string;
};

/** The parts of a 44-digit barcode (check it first with `validaCodigoBarras`). */
export function partesCodigoBarras(codigo: string): PartesCodigoBarras {
  return {
    banco: codigo.slice(0, 3),
    moeda: codigo.slice(3, 4),
    dv: codigo.slice(4, 5),
    fator: codigo.slice(5, 9),
    valor: valorDoCodigoBarras(codigo.slice(9, 19)),
    campoLivre: codigo.slice(19, 44),
  };
}

/** Size and general DV of a barcode: null when valid, else the pt-BR reason. */
export function validaCodigoBarras(codigo: string): string | null {
  if (!/^\d{44}$/.test(codigo)) return codigoBarrasMensagens.tamanhoCodigo(codigo.replace(/\D/g, '').length);
  const calc = dvGeralCodigoBarras(codigo.slice(0, 4) + codigo.slice(5));
  return String(calc) === codigo[4] ? null : codigoBarrasMensagens.dvCodigo(calc, codigo[4]!);
}

/** The linha digitável (47 digits, no punctuation) of a 44-digit barcode. */
export function linhaDigitavel(codigo: string): string {
  const erro = validaCodigoBarras(codigo);
  if (erro) throw new Error(erro);
  const c1 = codigo.slice(0, 4) + codigo.slice(19, 24);
  const c2 = codigo.slice(24, 34);
  const c3 = codigo.slice(34, 44);
  return `${c1}${modulo10(c1)}${c2}${modulo10(c2)}${c3}${modulo10(c3)}${codigo[4]}${codigo.slice(5, 19)}`;
}

/** 47 digits -> "00190.00009 01238.798779 77700.168188 3 37710000013500". */
export function formatarLinhaDigitavel(linha: string): string {
  const d = linha.replace(/\D/g, '');
  if (d.length !== 47) throw new Error(codigoBarrasMensagens.tamanhoLinha(d.length));
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

/** Reads a linha digitável (typed with or without dots and spaces) back into its barcode,
 * checking the three módulo 10 DVs and the general DV: { codigoBarras } or { erro } in pt-BR. */
export function lerLinhaDigitavel(linha: string): { codigoBarras: string; erro?: never } | { erro: string } {
  const d = linha.replace(/[\s.-]/g, '');
  if (!/^\d{47}$/.test(d))
    return { erro: codigoBarrasMensagens.tamanhoLinha(linha.replace(/\D/g, '').length) };
  const campos: [string, string][] = [
    [d.slice(0, 9), d[9]!],
    [d.slice(10, 20), d[20]!],
    [d.slice(21, 31), d[31]!],
  ];
  for (let i = 0; i < 3; i++) {
    const [corpo, dv] = campos[i]!;
    const calc = modulo10(corpo);
    if (String(calc) !== dv) return { erro: codigoBarrasMensagens.dvCampo(i + 1, calc, dv) };
  }
  const codigo = `${d.slice(0, 4)}${d[32]}${d.slice(33, 47)}${d.slice(4, 9)}${d.slice(10, 20)}${d.slice(21, 31)}`;
  const erro = validaCodigoBarras(codigo);
  return erro ? { erro } : { codigoBarras: codigo };
}
