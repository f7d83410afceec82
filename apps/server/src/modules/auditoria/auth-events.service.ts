import type { Db } from '../../db/client.ts';
import { auditLog } from './auditoria.tables.ts';

/** Authentication and account events recorded next to the data changes in audit_log. */
export type AuthEventAcao =
  | 'entrada'
  | 'saida'
  | 'falha_login'
  | 'troca_senha'
  | 'recuperacao_senha'
  | 'cadastro'
  | 'confirmacao_email'
  | 'convite'
  | 'mudanca_papeis'
  | 'desativacao'
  | 'reativacao';

export async function recordAuthEvent(
  db: Db,
  event: {
    acao: AuthEventAcao;
    /** the user the event is about */
    userId?: string | null;
    email?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    /** extra facts (e.g. roles before/after); never secrets */
    antes?: Record<string, unknown> | null;
    depois?: Record<string, unknown> | null;
    /** who acted, when not the user themself (an admin) */
    actorUserId?: string | null;
    actorEmail?: string | null;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    acao: event.acao,
    userId: event.actorUserId ?? event.userId ?? null,
    userEmail: event.actorEmail ?? event.email ?? null,
    tabela: 'users',
    registroId: event.userId ?? null,
    antes: event.antes ?? null,
    depois: event.depois ?? null,
    ip: event.ip ?? null,
    userAgent: event.userAgent?.slice(0, 500) ?? null,
  });
}
