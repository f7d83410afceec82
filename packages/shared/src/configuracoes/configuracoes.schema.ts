import { z } from 'zod';

/** GET/PUT /api/configuracoes/gerais — application-wide switches the administrator controls. */
export const configuracoesGeraisSchema = z.object({
  permitir_novos_cadastros: z.boolean({ error: 'Informe sim ou não' }),
  /** Dispatch: an order is invoiced only after its blind check (default on). */
  expedicao_exige_conferencia: z.boolean({ error: 'Informe sim ou não' }).optional(),
});
export type ConfiguracoesGerais = z.infer<typeof configuracoesGeraisSchema>;
