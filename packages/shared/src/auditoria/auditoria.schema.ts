import { z } from 'zod';
import { isIsoDay } from '../dates.ts';
import { type ListPage, listQuerySchema } from '../list-params.ts';
import type { AuditFieldChange } from './auditoria-valores.ts';

/** Every action the audit log records, with its pt-BR label. */
export const auditAcaoLabels = {
  criacao: 'Criação',
  alteracao: 'Alteração',
  exclusao: 'Exclusão',
  entrada: 'Entrada',
  saida: 'Saída',
  falha_login: 'Falha de login',
  troca_senha: 'Troca de senha',
  recuperacao_senha: 'Recuperação de senha',
  cadastro: 'Cadastro',
  confirmacao_email: 'Confirmação de e-mail',
  convite: 'Convite',
  mudanca_papeis: 'Mudança de papéis',
  desativacao: 'Desativação',
  reativacao: 'Reativação',
} as const;
export type AuditAcao = keyof typeof auditAcaoLabels;
export const AUDIT_ACOES = Object.keys(auditAcaoLabels) as AuditAcao[];

export function auditAcaoLabel(acao: string): string {
  return (auditAcaoLabels as Record<string, string>)[acao] ?? acao;
}

const isoDay = z.string().refine(isIsoDay, 'Data inválida');

/**
 * GET /api/auditoria (and GET /api/auditoria/export) — filters; the period is in business days of
 * São Paulo. Newest first unless dir=asc.
 */
export const auditoriaListQuerySchema = listQuerySchema(['quando'], 'quando', {
  usuario: z.uuid('Usuário inválido').optional(),
  tabela: z
    .string()
    .trim()
    .regex(/^[a-z_][a-z0-9_]*$/, 'Entidade inválida')
    .max(63, 'Entidade inválida')
    .optional(),
  registro: z.string().trim().max(200, 'Registro inválido').optional(),
  acao: z.enum(AUDIT_ACOES as [AuditAcao, ...AuditAcao[]], { error: 'Ação inválida' }).optional(),
  de: isoDay.optional(),
  ate: isoDay.optional(),
})
  .extend({ dir: z.enum(['asc', 'desc'], { error: 'Direção inválida' }).default('desc') })
  .refine((v) => !v.de || !v.ate || v.de <= v.ate, {
    path: ['ate'],
    message: 'A data final deve ser igual ou posterior à inicial',
  });
export type AuditoriaListQuery = z.input<typeof auditoriaListQuerySchema>;

export const auditoriaIdParamSchema = z.object({
  id: z.coerce
    .number()
    .int('Registro inválido')
    .positive('Registro inválido')
    .max(Number.MAX_SAFE_INTEGER, 'Registro inválido'),
});

export type AuditLogItem = {
  id: number;
  occurred_at: string;
  user_id: string | null;
  user_email: string | null;
  user_nome: string | null;
  acao: string;
  tabela: string | null;
  /** pt-BR name of the table ("Grupo empresarial") */
  entidade: string;
  registro_id: string | null;
  /** the record's name when the log is read (razão social, nome, e-mail); null when unknown */
  registro_nome: string | null;
  /** the reason of an account event in pt-BR ("E-mail não confirmado"), if any */
  motivo: string | null;
  ip: string | null;
  user_agent: string | null;
};

/** `totalLimitado`: the count stopped at its cap (the log holds at least `total` matching rows). */
export type AuditLogPage = ListPage<AuditLogItem> & { totalLimitado: boolean };

export type AuditLogDetail = AuditLogItem & {
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
  /** the changed fields named and formatted in pt-BR, in the order of their names */
  alteracoes: AuditFieldChange[];
};
