import { z } from 'zod';

// GTIN (the barcode number: EAN-8, UPC-A = GTIN-12, EAN-13, DUN-14 = GTIN-14) with the GS1 mod-10
// check digit, or the literal "SEM GTIN" that the NF-e asks for when a product has none.

export const SEM_GTIN = 'SEM GTIN';

export const gtinMensagens = {
  formato: `GTIN deve ter 8, 12, 13 ou 14 dígitos, ou ser "${SEM_GTIN}"`,
  digito: 'GTIN inválido: dígito verificador não confere',
} as const;

/**
 * GS1 mod-10 check digit of the digits before it: from the right, weights 3, 1, 3, 1, …; the
 * digit brings the sum to a multiple of 10. gtinDigito('400638133393') = 1.
 */
export function gtinDigito(corpo: string): number {
  let soma = 0;
  for (let i = 0; i < corpo.length; i++) {
    const digito = corpo.charCodeAt(corpo.length - 1 - i) - 48;
    soma += digito * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (soma % 10)) % 10;
}

export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false;
  return gtinDigito(value.slice(0, -1)) === Number(value.at(-1));
}

/** Typed text -> "SEM GTIN", the digits, or '' (spaces and hyphens dropped, case ignored). */
export function normalizaGtin(value: string | null | undefined): string {
  const text = (value ?? '').trim().replace(/[\s-]+/g, ' ');
  if (text.toUpperCase() === SEM_GTIN) return SEM_GTIN;
  return text.replace(/[\s-]/g, '');
}

/** Why a (normalised) GTIN is refused, or null. */
export function erroGtin(value: string): string | null {
  if (value === SEM_GTIN) return null;
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return gtinMensagens.formato;
  return isValidGtin(value) ? null : gtinMensagens.digito;
}

function gtinIssue(value: string, ctx: z.RefinementCtx) {
  const erro = erroGtin(value);
  if (erro) ctx.addIssue({ code: 'custom', message: erro });
}

/** The product's base-unit GTIN: empty -> "SEM GTIN". */
export const gtinProduto = z
  .string({ error: gtinMensagens.formato })
  .nullable()
  .optional()
  .transform((v) => normalizaGtin(v) || SEM_GTIN)
  .superRefine(gtinIssue);

/** A packaging's GTIN: optional; empty or "SEM GTIN" -> null. */
export const gtinOpcional = z
  .string({ error: gtinMensagens.formato })
  .nullable()
  .optional()
  .transform((v) => normalizaGtin(v))
  .superRefine((v, ctx) => {
    if (v !== '' && v !== SEM_GTIN) gtinIssue(v, ctx);
  })
  .transform((v) => (v === '' || v === SEM_GTIN ? null : v));
