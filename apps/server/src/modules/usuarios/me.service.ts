import type { Me, PerfilUpdate } from '@erp/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { users } from '../auth/auth.tables.ts';
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
