import { AUTH_NAME_MAX, type Role } from '@erp/shared';
import type { Db } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import { recordAuthEvent } from '../auditoria/auth-events.service.ts';
import { userProfiles, userRoles } from '../usuarios/usuarios.tables.ts';
import { users } from './auth.tables.ts';
import { findUserByEmail } from './auth-user.ts';
import { hashPassword } from './password.ts';
import { assertStrongPassword } from './password-policy.ts';

export const userExistsMessage = 'Já existe um usuário com este e-mail.';

/**
 * A confirmed, active user with a password and roles, created by an operator (command line) —
 * no e-mail involved. Refuses an e-mail that already exists and a weak password (password-policy).
 */
export async function createUser(
  db: Db,
  input: { email: string; password: string; nome: string | null; roles: readonly Role[] },
): Promise<{ id: string; email: string; roles: Role[] }> {
  const email = input.email.trim();
  const nome = input.nome?.trim().slice(0, AUTH_NAME_MAX) || null;
  const roles = [...new Set(input.roles)];
  assertStrongPassword(input.password);
  if (await findUserByEmail(db, email)) throw new AppError('conflict', userExistsMessage);
  const encryptedPassword = await hashPassword(input.password);
  try {
    return await writeTx(db, { ...systemActor, email: 'linha de comando' }, async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email,
          encryptedPassword,
          emailConfirmedAt: new Date(),
          userMetadata: nome ? { name: nome } : {},
        })
        .returning({ id: users.id });
      const id = created!.id;
      await tx.insert(userProfiles).values({ userId: id, nomeCompleto: nome });
      if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ userId: id, role })));
      await recordAuthEvent(tx, {
        acao: 'cadastro',
        userId: id,
        email,
        actorEmail: 'linha de comando',
        depois: { origem: 'user:create', roles },
      });
      return { id, email, roles };
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError('conflict', userExistsMessage);
    throw err;
  }
}
