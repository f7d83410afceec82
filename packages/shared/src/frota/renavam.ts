import { onlyDigits } from '../cadastros/brasil.ts';

// RENAVAM (Registro Nacional de Veículos Automotores): 11 digits, the last one a check digit
// (older 9-digit numbers were left-padded with zeros to 11 by DENATRAN). The check digit is a
// modulo 11 of the first ten digits weighted 3, 2, 9, 8, 7, 6, 5, 4, 3, 2 from the left (the
// same as 2…9, 2, 3 from the right): (soma × 10) mod 11, a result of 10 becoming 0. This is the
// routine the DETRANs' systems and public validators use (e.g. @brazilian-utils
// isValidRenavam, paemuri/brdoc IsRENAVAM — cross-checked in the tests).
//
// Worked example, 6397747763 + ?:
//   6×3 + 3×2 + 9×9 + 7×8 + 7×7 + 4×6 + 7×5 + 7×4 + 6×3 + 3×2
//   = 18 + 6 + 81 + 56 + 49 + 24 + 35 + 28 + 18 + 6 = 321; 321 × 10 = 3210; 3210 mod 11 = 9
//   → RENAVAM 63977477639.

const PESOS = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** The check digit of the first ten digits of a RENAVAM. */
export function digitoRenavam(base10: string): number {
  let soma = 0;
  for (let i = 0; i < 10; i++) soma += Number(base10[i]) * PESOS[i]!;
  const dv = (soma * 10) % 11;
  return dv === 10 ? 0 : dv;
}

/** 11 digits (formatting ignored) whose last is the check digit; all-equal digits refused. */
export function isValidRenavam(value: string | null | undefined): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return digitoRenavam(d) === Number(d[10]);
}
