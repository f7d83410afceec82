import { z } from 'zod';
import { isIsoDay } from '../dates.ts';
import { CASAS_CUSTO, CASAS_QUANTIDADE, Decimal } from '../decimal.ts';
import { parseDecimalBR } from '../money.ts';

// Field builders of the stock schemas, on top of the register ones (../cadastros/campos.ts).
// Quantities are feminine in Portuguese ("Quantidade inválida"), so they have their own builder;
// masculine decimal fields (peso, volume, fator, preço, estoque mínimo) use decimalBR().

/** numeric(14,3): at most 11 integer digits. */
export const QUANTIDADE_MAXIMA = '99999999999.999';

type QuantidadeOpts = {
  /** Refuse zero (default true: a movement moves something; a count may be zero). */
  positiva?: boolean;
};

/**
 * A quantity typed as "1.234,5" or "1234.5" (parsed by parseDecimalBR, never through a float):
 * output numeric(14,3) text "1234.500". More than 3 decimals is refused, never rounded (the
 * unit's own limit is checked with erroCasasDecimais()).
 */
export const quantidadeCampo = (label = 'Quantidade', opts: QuantidadeOpts = {}) => {
  const positiva = opts.positiva ?? true;
  return z.union([z.string(), z.number()], { error: `${label} é obrigatória` }).transform((v, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text === '') return fail(`${label} é obrigatória`);
    if (text.startsWith('-')) return fail(`${label} não pode ser negativa`);
    const lido = parseDecimalBR(text, CASAS_QUANTIDADE);
    if (lido === null) {
      return fail(
        parseDecimalBR(text, 20) === null
          ? `${label} inválida`
          : `${label} aceita no máximo ${CASAS_QUANTIDADE} casas decimais`,
      );
    }
    const q = Decimal.of(lido);
    if (q.gt(QUANTIDADE_MAXIMA)) return fail(`${label} deve ser no máximo 99.999.999.999,999`);
    if (q.isZero() && positiva) return fail(`${label} deve ser maior que zero`);
    return q.toFixed(CASAS_QUANTIDADE);
  });
};

/**
 * An optional unit cost (numeric(18,4)) typed as "5,1234", "R$ 1.234,5" or "5.1234": output
 * "5.1234"; '' / null / undefined -> null (not informed: the service decides the default). More
 * than 4 decimals is refused, never rounded.
 */
export const custoOpcional = (label = 'Custo unitário') =>
  z
    .union([z.string(), z.number()], { error: `${label} inválido` })
    .nullish()
    .transform((v, ctx) => {
      const text = v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v.trim();
      if (text === '') return null;
      if (text.startsWith('-')) {
        ctx.addIssue({ code: 'custom', message: `${label} não pode ser negativo` });
        return z.NEVER;
      }
      const lido = parseDecimalBR(text, CASAS_CUSTO);
      if (lido === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            parseDecimalBR(text, 20) === null
              ? `${label} inválido`
              : `${label} aceita no máximo ${CASAS_CUSTO} casas decimais`,
        });
        return z.NEVER;
      }
      return Decimal.of(lido).toFixed(CASAS_CUSTO);
    });

/** A date-only field 'YYYY-MM-DD' (the form's date input); required. */
export const dataObrigatoria = (label: string) =>
  z
    .string({ error: `${label} é obrigatória` })
    .trim()
    .min(1, `${label} é obrigatória`)
    .refine(isIsoDay, `${label} inválida`);

/** An optional date-only field: '' / null / undefined -> null. */
export const dataOpcional = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string({ error: `${label} inválida` })
      .refine(isIsoDay, `${label} inválida`)
      .nullable(),
  );

/** A required reference to another register (uuid). */
export const refObrigatoria = (label: string, genero: 'o' | 'a' = 'o') =>
  z.uuid({ error: (i) => (i.input ? `${label} inválid${genero}` : `${label} é obrigatóri${genero}`) });

/** Field errors as the API answers them: field name -> messages. */
export type ErrosCampos = Record<string, string[]>;

export function adicionaErro(erros: ErrosCampos, campo: string, mensagem: string): void {
  const lista = erros[campo] ?? [];
  lista.push(mensagem);
  erros[campo] = lista;
}
