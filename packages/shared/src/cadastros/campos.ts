import { z } from 'zod';
import { parseDecimalBR } from '../money.ts';
import { onlyDigits } from './brasil.ts';

// Field builders shared by every register schema. Form inputs send '' for an empty field; the
// schemas turn it into null so the database stores NULL, and accept null/undefined too.

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const requiredText = (max: number, label: string, obrigatorio = `${label} é obrigatório`) =>
  z
    .string({ error: obrigatorio })
    .trim()
    .min(1, obrigatorio)
    .max(max, `${label} deve ter no máximo ${max} caracteres`);

export const optionalEmail = (label = 'E-mail') =>
  z
    .string()
    .trim()
    .max(255, `${label} deve ter no máximo 255 caracteres`)
    .transform((v) => v.toLowerCase())
    .pipe(z.union([z.literal(''), z.email(`${label} inválido`)]))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** Digits only in the output; `check` decides validity of a non-empty value. */
export const optionalDigits = (check: (digits: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || check(v), message)
    .transform((v) => (v === '' ? null : onlyDigits(v)))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** An optional reference to another register: '' / null / undefined -> null. */
export const optionalRef = (label: string) =>
  z.preprocess(emptyToNull, z.uuid({ error: `${label} inválido` }).nullable());

export const ativo = z.boolean({ error: 'Valor inválido' }).default(true);

/** Optimistic concurrency: the version the edit was based on. */
export const versao = z
  .number({ error: 'Versão do registro é obrigatória' })
  .int('Versão inválida')
  .min(1, 'Versão inválida')
  .max(2_147_483_647, 'Versão inválida');

/**
 * A non-negative decimal typed as "1.234,56" (pt-BR) or "1234.56"; output "1234.56".
 * `max` in whole units.
 */
export const decimalBR = (
  label: string,
  opts: { max: number; places?: number; default?: string; genero?: 'o' | 'a' },
) => {
  const places = opts.places ?? 2;
  const invalido = `${label} inválid${opts.genero ?? 'o'}`;
  return z
    .union([z.string(), z.number()], { error: invalido })
    .optional()
    .nullable()
    .transform((v, ctx) => {
      let text = typeof v === 'number' ? v.toFixed(places) : (v ?? '').trim();
      if (text === '') text = opts.default ?? '0';
      const parsed = parseDecimalBR(text, places);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: invalido });
        return z.NEVER;
      }
      const [int, frac = ''] = parsed.split('.');
      if (Number(int) > opts.max || (Number(int) === opts.max && /[1-9]/.test(frac))) {
        ctx.addIssue({ code: 'custom', message: `${label} deve ser no máximo ${opts.max}` });
        return z.NEVER;
      }
      return parsed;
    });
};

/** An optional decimal (e.g. volume in m³, money): '' / null / undefined → null. */
export const decimalOpcional = (label: string, opts: { max: number; places?: number; genero?: 'o' | 'a' }) =>
  z.preprocess(emptyToNull, decimalBR(label, opts).nullable());

/** A whole number typed in a form field (string) or sent as a number; '' -> null. */
export const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} inválido` })
      .int(`${label} deve ser um número inteiro`)
      .min(min, `${label} deve ser no mínimo ${min}`)
      .max(max, `${label} deve ser no máximo ${max}`)
      .nullable(),
  );
