import { z } from 'zod';
import { formatDateBR, formatDateTimeBR } from '../dates.ts';
import { type ListPage, listQuerySchema } from '../list-params.ts';

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

/** pt-BR names of audited tables; a table not listed shows its own name. */
export const auditEntidadeLabels: Record<string, string> = {
  users: 'Usuários',
  user_roles: 'Papéis de usuário',
  user_profiles: 'Perfis de usuário',
  app_settings: 'Configurações',
  clientes: 'Clientes',
  vendedores: 'Vendedores',
  fornecedores: 'Fornecedores',
  products: 'Produtos',
  sales_orders: 'Pedidos',
  sales_order_items: 'Itens de pedido',
  financial_accounts: 'Contas financeiras',
};

export function auditEntidadeLabel(tabela: string | null): string {
  if (!tabela) return '';
  return auditEntidadeLabels[tabela] ?? tabela;
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Data inválida');

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
  id: z.coerce.number().int('Registro inválido').positive('Registro inválido'),
});

export type AuditLogItem = {
  id: number;
  occurred_at: string;
  user_id: string | null;
  user_email: string | null;
  user_nome: string | null;
  acao: string;
  tabela: string | null;
  registro_id: string | null;
  ip: string | null;
  user_agent: string | null;
};

/** `totalLimitado`: the count stopped at its cap (the log holds at least `total` matching rows). */
export type AuditLogPage = ListPage<AuditLogItem> & { totalLimitado: boolean };

export type AuditFieldChange = { campo: string; antes: unknown; depois: unknown };

export type AuditLogDetail = AuditLogItem & {
  antes: Record<string, unknown> | null;
  depois: Record<string, unknown> | null;
  alteracoes: AuditFieldChange[];
};

/**
 * The changed fields of an audit row, before → after: for an update only the columns that changed
 * (the trigger stores only those), for a creation every field (before empty), for a deletion every
 * field (after empty). Keys in a stable, alphabetical order.
 */
export function auditChanges(
  antes: Record<string, unknown> | null,
  depois: Record<string, unknown> | null,
): AuditFieldChange[] {
  const keys = new Set([...Object.keys(antes ?? {}), ...Object.keys(depois ?? {})]);
  return [...keys].sort().map((campo) => ({
    campo,
    antes: antes && campo in antes ? antes[campo] : null,
    depois: depois && campo in depois ? depois[campo] : null,
  }));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;

/**
 * A value of the audit JSON as text for a person (and the CSV). Dates ('YYYY-MM-DD') read
 * dd/mm/aaaa and instants (timestamptz as JSON) read "21/11/2026, 03:27" in São Paulo time.
 */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatDateBR(value);
    if (ISO_INSTANT.test(value)) return formatDateTimeBR(value);
    return value;
  }
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
