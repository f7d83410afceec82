import { z } from 'zod';

/** GET/PUT /api/configuracoes/gerais — application-wide switches the administrator controls. */
export const configuracoesGeraisSchema = z.object({
  permitir_novos_cadastros: z.boolean({ error: 'Informe sim ou não' }),
});
export type ConfiguracoesGerais = z.infer<typeof configuracoesGeraisSchema>;
