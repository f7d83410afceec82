import { z } from 'zod';
import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { formatDecimalBR, parseDecimalBR } from '../money.ts';

// Percentages of the tax engine. Rates travel as numeric(7,4) text with 4 decimals ("18.0000"),
// as the NF-e takes them (TDec_0302a04: up to 4 decimals); values are money with 2 decimals, each
// rounded once, half away from zero (decimal.ts), from the already rounded base — the way the
// NF-e validates them (vICMS = vBC × pICMS / 100 within R$ 0,01).

export const CASAS_PERCENTUAL = 4;

/** "18" -> "18.0000". */
export function percentualTexto(p: DecimalInput): string {
  return Decimal.of(p).toFixed(CASAS_PERCENTUAL);
}

/** base × p / 100, rounded to cents. */
export function valorPercentual(base: DecimalInput, p: DecimalInput): Decimal {
  return Decimal.of(base).times(p).dividedBy(100, CASAS_DINHEIRO);
}

/** base × (1 − pRed / 100), rounded to cents (pRedBC, pRedBCST). */
export function baseReduzida(base: DecimalInput, pRed: DecimalInput): Decimal {
  return Decimal.of(base).times(Decimal.of(100).minus(pRed)).dividedBy(100, CASAS_DINHEIRO);
}

/** Money input of the engine: at most 2 decimals (a programming error otherwise). */
export function dinheiro(value: DecimalInput | undefined | null, nome: string): Decimal {
  const d = Decimal.of(value ?? '0');
  if (d.decimalPlaces() > CASAS_DINHEIRO) throw new Error(`${nome} com mais de 2 casas decimais: ${value}`);
  if (d.isNegative()) throw new Error(`${nome} negativo: ${value}`);
  return d;
}

type PercentualOpts = { max?: string; genero?: 'o' | 'a' };

/**
 * A percentage typed as "18", "18,5" or "18.5" (never through a float): output "18.5000".
 * At most 4 decimals and `max` (default 100).
 */
export const percentualCampo = (label: string, opts: PercentualOpts = {}) => {
  const max = opts.max ?? '100';
  const g = opts.genero ?? 'a';
  return z.union([z.string(), z.number()], { error: `${label} inválid${g}` }).transform((v, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (text.startsWith('-')) return fail(`${label} não pode ser negativ${g}`);
    const lido = parseDecimalBR(text, CASAS_PERCENTUAL);
    if (lido === null) {
      return fail(
        parseDecimalBR(text, 20) === null
          ? `${label} inválid${g}`
          : `${label} aceita no máximo ${CASAS_PERCENTUAL} casas decimais`,
      );
    }
    if (Decimal.of(lido).gt(max)) return fail(`${label} deve ser no máximo ${formatDecimalBR(max, 0)} %`);
    return percentualTexto(lido);
  });
};

const vazioParaNulo = (v: unknown) => (v === '' || v === undefined ? null : v);

/** An optional percentage: '' / null / undefined -> null ("automático": the engine's default). */
export const percentualOpcional = (label: string, opts: PercentualOpts = {}) =>
  z.preprocess(vazioParaNulo, z.union([z.null(), percentualCampo(label, opts)]));

/** A percentage that defaults to zero when left empty. */
export const percentualZero = (label: string, opts: PercentualOpts = {}) =>
  z.preprocess((v) => vazioParaNulo(v) ?? '0', percentualCampo(label, opts));
