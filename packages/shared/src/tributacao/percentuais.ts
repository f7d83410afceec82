import { z } from 'zod';
import { CASAS_DINHEIRO, Decimal, type DecimalInput } from '../decimal.ts';
import { formatDecimalBR, parseDecimalBR } from '../money.ts';

// Percentages of the tax engine. Rates travel as numeric(7,4) text with 4 decimals ("18.0000"),
// as the NF-e takes them (TDec_0302a04: up to 4 decimals); values are money with 2 decimals, each
// rounded once, half away from zero (decimal.ts), from the already rounded base — the way the
// NF-e validates them (vICMS = vBC × pICMS / 100 within R$ 0,01).

export const CASAS_PERCENTUAL = 4;

// Rates repeat from item to item (a handful of distinct texts per document): their parsed value
// and their 4-decimal text are kept, so a 200-item order does not parse "18.0000" 200 times.
const DECIMAIS = new Map<string, Decimal>();
const TEXTOS = new Map<string, string>();
const CEM = Decimal.of(100);

/** A rate as a Decimal (texts cached). */
export function percentualDecimal(p: DecimalInput): Decimal {
  if (typeof p !== 'string') return Decimal.of(p);
  let d = DECIMAIS.get(p);
  if (d === undefined) {
    d = Decimal.of(p);
    if (DECIMAIS.size < 10_000) DECIMAIS.set(p, d);
  }
  return d;
}

/** "18" -> "18.0000". */
export function percentualTexto(p: DecimalInput): string {
  if (typeof p !== 'string') return Decimal.of(p).toFixed(CASAS_PERCENTUAL);
  let t = TEXTOS.get(p);
  if (t === undefined) {
    t = Decimal.of(p).toFixed(CASAS_PERCENTUAL);
    if (TEXTOS.size < 10_000) TEXTOS.set(p, t);
  }
  return t;
}

/** base × p / 100, rounded to cents. */
export function valorPercentual(base: DecimalInput, p: DecimalInput): Decimal {
  return Decimal.of(base).times(percentualDecimal(p)).dividedBy(CEM, CASAS_DINHEIRO);
}

/** base × (1 − pRed / 100), rounded to cents (pRedBC, pRedBCST). */
export function baseReduzida(base: DecimalInput, pRed: DecimalInput): Decimal {
  const red = percentualDecimal(pRed);
  if (red.isZero()) return Decimal.of(base).round(CASAS_DINHEIRO);
  return Decimal.of(base).times(CEM.minus(red)).dividedBy(CEM, CASAS_DINHEIRO);
}

type PercentualOpts = { max?: string; genero?: 'o' | 'a' };

const vazioParaNulo = (v: unknown) => (v === '' || v === undefined ? null : v);

/**
 * A percentage typed as "18", "18,5" or "18.5" (never through a float): output "18.5000"; at most
 * 4 decimals and `max` (default 100). `vazio` is what an empty field ('' / null / undefined) is:
 * null ("automático", the engine's default) or zero.
 */
function campoPercentual(label: string, opts: PercentualOpts, vazio: null | '0') {
  const max = opts.max ?? '100';
  const g = opts.genero ?? 'a';
  return z.preprocess(
    vazioParaNulo,
    z.union([z.string(), z.number(), z.null()], { error: `${label} inválid${g}` }).transform((v, ctx) => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      const text = v === null ? vazio : typeof v === 'number' ? String(v) : v.trim() || vazio;
      if (text === null) return null;
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
    }),
  );
}

/** An optional percentage: empty -> null ("automático": the engine's default). */
export const percentualOpcional = (label: string, opts: PercentualOpts = {}) =>
  campoPercentual(label, opts, null) as z.ZodType<string | null, unknown>;

/** A percentage that is zero when left empty. */
export const percentualZero = (label: string, opts: PercentualOpts = {}) =>
  campoPercentual(label, opts, '0') as z.ZodType<string, unknown>;
