import type { AuditAcao, AuditCampoNome, AuditMotivo } from '@erp/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from './auditoria.tables.ts';

/**
 * Authentication and account events recorded next to the data changes in audit_log: the actions
 * of the shared list that the trigger does not write (a new one gets its pt-BR label there).
 */
export type AuthEventAcao = Exclude<AuditAcao, 'criacao' | 'alteracao' | 'exclusao'>;

/**
 * Facts of an event, never secrets. Each key needs a pt-BR name in the shared field map
 * (auditCampos); a reason (`motivo`) must be one of auditMotivos so the audit can name it.
 */
export type AuthEventFacts = Partial<Record<Exclude<AuditCampoNome, 'motivo'>, unknown>> & {
  motivo?: AuditMotivo;
};

export async function recordAuthEvent(
  db: Db,
  event: {
    acao: AuthEventAcao;
    /** the user the event is about */
    userId?: string | null;
    email?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    /** extra facts (e.g. roles before/after, the reason of a refusal) */
    antes?: AuthEventFacts | null;
    depois?: AuthEventFacts | null;
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

/** Whether the user ever signed in from this address (a successful `entrada` recorded with it). */
export async function hasSignedInFrom(db: Db, userId: string, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tabela, 'users'),
        eq(auditLog.registroId, userId),
        eq(auditLog.acao, 'entrada'),
        sql`${auditLog.ip} = ${ip}::inet`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
