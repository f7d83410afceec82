import { z } from 'zod';
import { seguroMdfeSchema, TIPOS_CARGA_MDFE } from '../mdfe/mdfe-api.schema.ts';

// The company's MDF-e settings (issue 33), edited with the fiscal settings (/configuracoes/fiscais, card
// «MDF-e») and kept in app_settings under "mdfe". tpEmit 2 (transportador de carga própria) is the
// distributor delivering its own goods; 1 (prestador de serviço de transporte) needs the company's RNTRC.

export const mdfeConfiguracaoMensagens = {
  rntrc: 'Informe o RNTRC com 8 dígitos.',
  rntrcObrigatorio: 'Para emitente prestador de serviço de transporte, informe o RNTRC da empresa.',
} as const;

export const mdfeConfiguracaoSchema = z
  .object({
    /** Issue the MDF-e right after «Faturar carga» authorises the load's last note. */
    emitir_automaticamente: z.boolean().default(false),
    /** Inside the UF too (most states require it for an own fleet carrying several NF-e). */
    exigir_intraestadual: z.boolean().default(false),
    serie: z.coerce.number().int().min(0).max(999).default(1),
    tp_emit: z.enum(['1', '2']).default('2'),
    rntrc: z
      .string()
      .trim()
      .transform((s) => s.replace(/\D/g, ''))
      .refine((s) => s === '' || /^\d{8}$/.test(s), mdfeConfiguracaoMensagens.rntrc)
      .transform((s) => s || null)
      .nullable()
      .default(null),
    tp_carga: z.enum(TIPOS_CARGA_MDFE).default('05'),
    /** The company's cargo insurance (seg), when it has one; per-emission override in the emission options. */
    seguro: seguroMdfeSchema.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.tp_emit === '1' && !v.rntrc)
      ctx.addIssue({ code: 'custom', path: ['rntrc'], message: mdfeConfiguracaoMensagens.rntrcObrigatorio });
  });
export type MdfeConfiguracao = z.infer<typeof mdfeConfiguracaoSchema>;

export const MDFE_CONFIGURACAO_PADRAO: MdfeConfiguracao = {
  emitir_automaticamente: false,
  exigir_intraestadual: false,
  serie: 1,
  tp_emit: '2',
  rntrc: null,
  tp_carga: '05',
  seguro: null,
};
