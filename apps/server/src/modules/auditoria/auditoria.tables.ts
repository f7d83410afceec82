import { bigserial, index, inet, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail. Rows are written by the generic trigger `audit_row_change()` (business
 * data) and by `recordAuthEvent` (sign-in, sign-out, ...). UPDATE and DELETE are refused by a trigger.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    /** criacao | alteracao | exclusao | entrada | saida | falha_login | troca_senha | convite | ... */
    acao: text('acao').notNull(),
    tabela: text('tabela'),
    registroId: text('registro_id'),
    antes: jsonb('antes'),
    depois: jsonb('depois'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_log_occurred_at_idx').on(t.occurredAt),
    index('audit_log_tabela_registro_idx').on(t.tabela, t.registroId),
    index('audit_log_user_idx').on(t.userId, t.occurredAt),
  ],
);
