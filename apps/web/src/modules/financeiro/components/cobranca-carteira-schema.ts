import { carteiraCobrancaSchema } from '@erp/shared';
import { z } from 'zod';

// The carteira form's schema: the shared contract's, with the day counts typed in text inputs
// ("30") read as numbers first (the contract takes numbers; '' stays '', which it reads as none).

/** A typed "30" is the number 30 (the contract's day counts are numbers); '' and other text pass. */
export const diasDoTexto = (v: unknown) =>
  typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v;

export const carteiraFormSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object'
      ? {
          ...v,
          dias_protesto: diasDoTexto((v as Record<string, unknown>).dias_protesto),
          dias_baixa: diasDoTexto((v as Record<string, unknown>).dias_baixa),
        }
      : v,
  carteiraCobrancaSchema,
) as unknown as z.ZodType<z.output<typeof carteiraCobrancaSchema>, z.input<typeof carteiraCobrancaSchema>>;
