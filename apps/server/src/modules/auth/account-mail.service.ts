import { isRole, type Role } from '@erp/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { enqueueMail, mailConfigured } from '../../lib/mail/mail-queue.ts';
import { invitationMail, recoveryMail } from '../../lib/mail/mail-templates.ts';
import { recordAuthEvent } from '../auditoria/auth-events.service.ts';
import { userProfiles, userRoles } from '../usuarios/usuarios.tables.ts';
import { users } from './auth.tables.ts';
import { verifyLinkUrl } from './auth-links.ts';
import { type ClientMeta, findUserByEmail, findUserById } from './auth-user.ts';
import { issueOneTimeToken } from './one-time-token.service.ts';
import { authLimits, enforceMailRateLimit, hitRateLimit, rateLimitKey } from './rate-limit.service.ts';
import { safeRedirect } from './redirect.ts';

/** What the mail-sending account services need: `c.var.deps` fits. */
export type AccountMailDeps = {
  config: Pick<Config, 'siteUrl' | 'redirectAllowList' | 'smtpUrl' | 'mailFrom' | 'nodeEnv'>;
  logger: Logger;
};

/**
 * What became of an invitation e-mail. Without SMTP_URL it was not sent: the administrator gets
 * the link to hand over (it is never written to a production log).
 */
export type ConviteEnvio = { enviado: true; link: null } | { enviado: false; link: string };

export const emailTakenMessage = 'Este e-mail já está cadastrado';

const nameOf = (u: { userMetadata: Record<string, unknown> }) =>
  typeof u.userMetadata?.name === 'string' ? u.userMetadata.name : null;

/**
 * Sends the password recovery e-mail (link valid 1 h, lands on /reset-password signed in). Silent
 * for an unknown or deactivated address, so callers cannot learn which e-mails exist. At most one
 * e-mail per address per minute (429, counted for unknown addresses too).
 */
export async function sendRecoveryEmail(
  db: Db,
  deps: AccountMailDeps,
  email: string,
  opts: { redirectTo?: string | undefined; meta?: ClientMeta; actor?: Actor } = {},
): Promise<void> {
  const address = email.trim();
  await enforceMailRateLimit(db, address);
  const user = await findUserByEmail(db, address);
  if (!user?.ativo) return;
  const redirect = safeRedirect(deps.config, opts.redirectTo, '/reset-password');
  await db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, user.id, 'recovery');
    const link = verifyLinkUrl(deps.config, token, 'recovery', redirect);
    await enqueueMail(tx, deps, {
      ...recoveryMail({ nome: nameOf(user), link }),
      para: user.email,
      tipo: 'recuperacao',
      link,
    });
    await tx.update(users).set({ recoverySentAt: new Date() }).where(eq(users.id, user.id));
    await recordAuthEvent(tx, {
      acao: 'recuperacao_senha',
      userId: user.id,
      email: user.email,
      ip: opts.meta?.ip ?? opts.actor?.ip ?? null,
      userAgent: opts.meta?.userAgent ?? opts.actor?.userAgent ?? null,
      actorUserId: opts.actor?.userId ?? null,
      actorEmail: opts.actor?.email ?? null,
      depois: { etapa: 'email_enviado' },
    });
  });
}

/**
 * Invites a person: an unconfirmed user without password, their user_profiles row and roles, and
 * the invitation e-mail whose link (valid 7 days) signs them in on /reset-password to choose a
 * password. Existing e-mail → 409 with a field error.
 */
export async function inviteUser(
  db: Db,
  deps: AccountMailDeps,
  input: { email: string; nome: string; roles: readonly Role[] },
  actor: Actor,
): Promise<{ userId: string; convite: ConviteEnvio }> {
  const email = input.email.trim();
  const nome = input.nome.trim();
  const roles = [...new Set(input.roles)];
  const invalid = roles.filter((r) => !isRole(r));
  if (invalid.length) {
    throw new AppError('validation_failed', 'Dados inválidos. Verifique os campos destacados.', {
      fields: { roles: [`Papel desconhecido: ${invalid.join(', ')}`] },
    });
  }
  const taken = () => new AppError('conflict', emailTakenMessage, { fields: { email: [emailTakenMessage] } });
  if (await findUserByEmail(db, email)) throw taken();
  const redirect = safeRedirect(deps.config, null, '/reset-password');
  try {
    return await writeTx(db, actor, async (tx) => {
      const now = new Date();
      const [created] = await tx
        .insert(users)
        .values({
          email,
          encryptedPassword: null,
          invitedAt: now,
          confirmationSentAt: now,
          userMetadata: { name: nome },
        })
        .returning({ id: users.id });
      const userId = created!.id;
      await tx.insert(userProfiles).values({ userId, nomeCompleto: nome || null });
      if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ userId, role })));
      const convite = await sendInvitation(tx, deps, { id: userId, email, nome }, redirect, actor);
      await recordAuthEvent(tx, {
        acao: 'convite',
        userId,
        email,
        actorUserId: actor.userId,
        actorEmail: actor.email ?? null,
        ip: actor.ip ?? null,
        userAgent: actor.userAgent ?? null,
        depois: { roles },
      });
      return { userId, convite };
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw taken();
    throw err;
  }
}

/**
 * Sends a fresh invitation to a user who has not accepted yet (earlier links stop working).
 * 404 unknown user; 409 when the invitation was already accepted or the user is deactivated;
 * 429 within a minute of the previous e-mail to the address.
 */
export async function resendInvite(
  db: Db,
  deps: AccountMailDeps,
  userId: string,
  actor: Actor,
): Promise<ConviteEnvio> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('not_found', 'Usuário não encontrado.');
  if (user.encryptedPassword || user.emailConfirmedAt) {
    throw new AppError('conflict', 'Este usuário já aceitou o convite.');
  }
  if (!user.ativo)
    throw new AppError('conflict', 'Usuário desativado: reative-o antes de reenviar o convite.');
  await enforceMailRateLimit(db, user.email);
  const redirect = safeRedirect(deps.config, null, '/reset-password');
  return writeTx(db, actor, async (tx) => {
    const convite = await sendInvitation(
      tx,
      deps,
      { id: user.id, email: user.email, nome: nameOf(user) },
      redirect,
      actor,
      false,
    );
    await tx
      .update(users)
      .set({ invitedAt: new Date(), confirmationSentAt: new Date() })
      .where(eq(users.id, user.id));
    await recordAuthEvent(tx, {
      acao: 'convite',
      userId: user.id,
      email: user.email,
      actorUserId: actor.userId,
      actorEmail: actor.email ?? null,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
      depois: { reenvio: true },
    });
    return convite;
  });
}

async function sendInvitation(
  tx: Db,
  deps: AccountMailDeps,
  user: { id: string; email: string; nome: string | null },
  redirect: string,
  actor: Actor,
  countMail = true,
): Promise<ConviteEnvio> {
  const token = await issueOneTimeToken(tx, user.id, 'invite');
  const link = verifyLinkUrl(deps.config, token, 'invite', redirect);
  await enqueueMail(tx, deps, {
    ...invitationMail({ nome: user.nome, convidadoPor: actor.email ?? null, link }),
    para: user.email,
    tipo: 'convite',
    link,
  });
  if (countMail) await hitRateLimit(tx, rateLimitKey.mailAddress(user.email), authLimits.mailPerAddress);
  return mailConfigured(deps) ? { enviado: true, link: null } : { enviado: false, link };
}
