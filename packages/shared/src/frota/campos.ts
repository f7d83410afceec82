import { z } from 'zod';

// Field builders of the fleet schemas (on top of ../cadastros/campos.ts).

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** Whole kilograms typed in a form ("3.500" or "3500") or sent as a number; required, min…max. */
export const kgCampo = (label: string, genero: 'o' | 'a', min: number, max: number) =>
  z.preprocess(
    (v) =>
      v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim().replace(/\./g, '')) : v,
    z
      .number({
        error: (i) =>
          i.input === undefined ? `${label} é obrigatóri${genero}` : `${label} inválid${genero}`,
      })
      .int(`${label} deve ser um número inteiro de quilos`)
      .min(min, `${label} deve ser no mínimo ${min.toLocaleString('pt-BR')} kg`)
      .max(max, `${label} deve ser no máximo ${max.toLocaleString('pt-BR')} kg`),
  );

/** An optional choice among `values`: '' / null / undefined → null. */
export const escolhaOpcional = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(emptyToNull, z.enum(values, { error: message }).nullable());
