// The check-digit arithmetic every bank's boleto rules are built from. Digits are strings (a
// nosso número of 17 digits or a barcode of 43 would lose digits as a JS number).

/** Σ digit × weight, the weights applied from the RIGHTMOST digit (pesos[0] on the last one),
 * cycling when the number is longer than the list. */
export function somaPonderada(digitos: string, pesos: readonly number[]): number {
  let soma = 0;
  let p = 0;
  for (let i = digitos.length - 1; i >= 0; i--) {
    const d = digitos.charCodeAt(i) - 48;
    if (d < 0 || d > 9) throw new Error(`dígito inválido em ${digitos}`);
    soma += d * pesos[p]!;
    p = p + 1 === pesos.length ? 0 : p + 1;
  }
  return soma;
}

const PESOS_2_A_9 = [2, 3, 4, 5, 6, 7, 8, 9] as const;
const PESOS_2_A_7 = [2, 3, 4, 5, 6, 7] as const;

/** The remainder (0–10) of Σ digit × weight mod 11, weights 2, 3, … `ate` from the right and then
 * again from 2 (FEBRABAN's "módulo 11, base 9"; Bradesco's nosso número uses base 7). */
export function restoModulo11(digitos: string, ate: 7 | 9 = 9): number {
  return somaPonderada(digitos, ate === 9 ? PESOS_2_A_9 : PESOS_2_A_7) % 11;
}

/** FEBRABAN módulo 10: weights 2, 1, 2, 1… from the right, the digits of each product summed
 * (16 counts 1 + 6), DV = 10 − (sum mod 10), 10 becoming 0. The linha digitável's three field DVs,
 * Itaú's DACs. */
export function modulo10(digitos: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = digitos.length - 1; i >= 0; i--) {
    const d = digitos.charCodeAt(i) - 48;
    if (d < 0 || d > 9) throw new Error(`dígito inválido em ${digitos}`);
    const p = d * peso;
    soma += p > 9 ? p - 9 : p;
    peso = peso === 2 ? 1 : 2;
  }
  return (10 - (soma % 10)) % 10;
}

/** The barcode's general DV (position 5): módulo 11 base 9, DV = 11 − resto, and a result of 0,
 * 10 or 11 becomes 1 (so the DV is never 0). */
export function dvGeralCodigoBarras(digitos43: string): number {
  const dv = 11 - restoModulo11(digitos43);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}
