import type { AdministradorContato, Me, PerfilUpdate, SenhaAlteracao } from '@erp/shared';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAuthEvent } from '../auditoria/auth-events.service.ts';
import { users } from '../auth/auth.tables.ts';
import {
  clearCurrentPasswordFailures,
  guardCurrentPasswordAttempts,
  recordCurrentPasswordFailure,
} from '../auth/current-password-limit.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { assertStrongPasswordField } from '../auth/password-policy.ts';
import { endUserSessions } from './sessions.service.ts';
import { userProfiles, userRoles } from './usuarios.tables.ts';

export async function getMe(db: Db, userId: string): Promise<Me> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      userMetadata: users.userMetadata,
      nomeCompleto: userProfiles.nomeCompleto,
      cargo: userProfiles.cargo,
      departamento: userProfiles.departamento,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', 'Usuário não encontrado.');
  const roles = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(userRoles.role);
  return {
    user: { id: row.id, email: row.email, user_metadata: row.userMetadata },
    profile: { nome_completo: row.nomeCompleto, cargo: row.cargo, departamento: row.departamento },
    roles: roles.map((r) => r.role),
  };
}

/**
 * The active administrators (account enabled and confirmed, role admin), name and e-mail only:
 * any signed-in user may read it — a user without a role is told whom to ask for a profile.
 */
export async function listAdministradores(db: Db): Promise<AdministradorContato[]> {
  return rowsOf<AdministradorContato>(
    await db.execute(sql`select coalesce(nullif(trim(p.nome_completo), ''), u.email) as nome, u.email
      from users u
      join user_roles r on r.user_id = u.id and r.role = 'admin'
      left join user_profiles p on p.user_id = u.id
      where u.ativo and u.email_confirmed_at is not null
      order by 1, u.email`),
  );
}

export async function updateMyProfile(
  db: Db,
  actor: Actor & { userId: string },
  input: PerfilUpdate,
): Promise<Me> {
  await writeTx(db, actor, async (tx) => {
    await tx
      .insert(userProfiles)
      .values({
        userId: actor.userId,
        nomeCompleto: input.nome_completo,
        cargo: input.cargo ?? null,
        departamento: input.departamento ?? null,
      })
      .onConflictDoUpdate({
        target: userProfiles.userId,
        set: {
          nomeCompleto: input.nome_completo,
          cargo: input.cargo ?? null,
          departamento: input.departamento ?? null,
          updatedAt: new Date(),
        },
      });
  });
  return getMe(db, actor.userId);
}

export const senhaMessages = {
  wrongCurrent: 'Senha atual incorreta',
} as const;

/**
 * Changes the signed-in user's password after proving the current one. Every other session ends
 * (their tokens fail on the next request); the caller's session stays signed in.
 */
export async function changeMyPassword(
  db: Db,
  actor: Actor & { userId: string; sessionId: string },
  input: SenhaAlteracao,
): Promise<{ sessoes_encerradas: number }> {
  const [row] = await db
    .select({ hash: users.encryptedPassword, email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!row) throw new AppError('not_found', 'Usuário não encontrado.');
  const who = { userId: actor.userId, email: row.email, ip: actor.ip, userAgent: actor.userAgent };
  await guardCurrentPasswordAttempts(db, who);
  if (!(await verifyPassword(row.hash, input.senha_atual))) {
    await recordCurrentPasswordFailure(db, who);
    throw new AppError('validation_failed', senhaMessages.wrongCurrent, {
      fields: { senha_atual: [senhaMessages.wrongCurrent] },
    });
  }
  await clearCurrentPasswordFailures(db, actor.userId);
  assertStrongPasswordField(input.nova_senha, 'nova_senha');
  const hash = await hashPassword(input.nova_senha);
  return writeTx(db, actor, async (tx) => {
    await tx.execute(
      sql`update users set encrypted_password = ${hash}, updated_at = now() where id = ${actor.userId}::uuid`,
    );
    const ended = await endUserSessions(tx, actor.userId, { exceptSessionId: actor.sessionId });
    await recordAuthEvent(tx, {
      acao: 'troca_senha',
      userId: actor.userId,
      email: row.email,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
      depois: { sessoes_encerradas: ended },
    });
    return { sessoes_encerradas: ended };
  });
}

/** "Encerrar outras sessões": signs out every device of the user except the caller's. */
export async function endMyOtherSessions(
  db: Db,
  actor: Actor & { userId: string; sessionId: string },
): Promise<{ sessoes_encerradas: number }> {
  return writeTx(db, actor, async (tx) => {
    const ended = await endUserSessions(tx, actor.userId, { exceptSessionId: actor.sessionId });
    if (ended > 0) {
      await recordAuthEvent(tx, {
        acao: 'saida',
        userId: actor.userId,
        email: actor.email ?? null,
        ip: actor.ip ?? null,
        userAgent: actor.userAgent ?? null,
        depois: { outras_sessoes_encerradas: ended },
      });
    }
    return { sessoes_encerradas: ended };
  });
}
