import { z } from 'zod';
import { decimalBR, requiredText } from '../cadastros/campos.ts';
import { Decimal } from '../decimal.ts';
import { parseDecimalBR } from '../money.ts';
import { MOTIVO_MAXIMO, MOTIVO_MINIMO, tituloMensagens } from './titulo-status.ts';

// Field builders of the finance schemas, on top of the register ones (../cadastros/campos.ts:
// decimalBR for money, optionalRef, optionalText…), the stock ones (../estoque/campos.ts: dates,
// required references) and the tax engine's percent fields (../tributacao/percentuais.ts: 4
// decimals, numeric(7,4)). Money is numeric(14,2): at most 12 integer digits.

export const DINHEIRO_MAXIMO = 999_999_999_999;

/** Money ≥ 0 ("1.234,56" or "1234.56" → "1234.56"); empty is zero. */
export const dinheiroCampo = (label: string) => decimalBR(label, { max: DINHEIRO_MAXIMO });

/** Money > 0. */
export const dinheiroPositivo = (label: string) =>
  dinheiroCampo(label).refine((v) => Decimal.of(v).isPositive(), `${label} deve ser maior que zero`);

/** Optional money: '' / null / undefined → null. */
export const dinheiroOpcional = (label: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), dinheiroCampo(label).nullable());

/** Money that may be negative (an account's saldo inicial): "-1.234,56" → "-1234.56"; empty is zero. */
export const dinheiroComSinal = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} inválido` })
    .optional()
    .nullable()
    .transform((v, ctx) => {
      let text = typeof v === 'number' ? v.toFixed(2) : (v ?? '').trim();
      const negativo = text.startsWith('-');
      if (negativo) text = text.slice(1).trim();
      const lido = parseDecimalBR(text === '' ? '0' : text, 2);
      if (lido === null) {
        ctx.addIssue({ code: 'custom', message: `${label} inválido` });
        return z.NEVER;
      }
      if (Decimal.of(lido).gte(DINHEIRO_MAXIMO + 1)) {
        ctx.addIssue({ code: 'custom', message: `${label} deve ser no máximo ${DINHEIRO_MAXIMO}` });
        return z.NEVER;
      }
      return (negativo ? Decimal.of(lido).negated() : Decimal.of(lido)).toFixed(2);
    });

/** The reason of a cancellation or an estorno: 10 to 500 characters. */
export const motivoCampo = (label = 'Motivo') =>
  requiredText(MOTIVO_MAXIMO, label, tituloMensagens.motivoCurto).refine(
    (v) => v.length >= MOTIVO_MINIMO,
    tituloMensagens.motivoCurto,
  );
