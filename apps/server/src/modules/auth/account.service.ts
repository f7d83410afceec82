import { signupDisplayName } from '@erp/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { writeTx } from '../../lib/audit-context.ts';
import type { Deps } from '../../lib/context.ts';
import { AppError, pgErrorCode } from '../../lib/errors.ts';
import { enqueueMail } from '../../lib/mail/mail-queue.ts';
import { confirmationMail } from '../../lib/mail/mail-templates.ts';
import { hasSignedInFrom, recordAuthEvent } from '../auditoria/auth-events.service.ts';
import { getSetting } from '../configuracoes/settings.service.ts';
import { userProfiles } from '../usuarios/usuarios.tables.ts';
import { users } from './auth.tables.ts';
import { verifyLinkUrl } from './auth-links.ts';
import {
  type ClientMeta,
  findUserByEmail,
  findUserById,
  type GoTrueUser,
  toGoTrueUser,
} from './auth-user.ts';
import {
  consumeOneTimeToken,
  isLinkType,
  issueOneTimeToken,
  type LinkType,
  voidOneTimeTokens,
} from './one-time-token.service.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { assertStrongPassword } from './password-policy.ts';
import {
  authLimits,
  clearRateLimit,
  enforceRateLimit,
  hitRateLimit,
  peekRateLimit,
  rateLimitedError,
  rateLimitKey,
  waitText,
} from './rate-limit.service.ts';
import { assertMayChangePassword } from './reauthentication.ts';
import { safeRedirect, withFragment } from './redirect.ts';
import { deactivatedMessage, issueSession, revokeAllSessions, type SessionJson } from './session.service.ts';

export type AuthDeps = Pick<Deps, 'db' | 'config' | 'logger' | 'jwtSecret'>;

export const signupDisabledMessage =
  'Novos cadastros estão desabilitados. Solicite um convite ao administrador.';

const userExists = () =>
  new AppError('unprocessable', 'User already registered', { authCode: 'user_already_exists' });

const invalidCredentials = () =>
  new AppError('bad_request', 'Invalid login credentials', { authCode: 'invalid_credentials' });

/**
 * POST /signup: an unconfirmed user (user_metadata.name, user_profiles.nome_completo) and the
 * confirmation e-mail, in one transaction. No session: the e-mail link signs the user in.
 */
export async function signUp(
  deps: AuthDeps,
  input: { email: string; password: string; data?: Record<string, unknown> | undefined },
  redirectTo: string | undefined,
  meta: ClientMeta,
): Promise<GoTrueUser> {
  const { db, config } = deps;
  if (!(await getSetting(db, 'permitir_novos_cadastros'))) {
    throw new AppError('unprocessable', signupDisabledMessage, { authCode: 'signup_disabled' });
  }
  if (meta.ip) await enforceRateLimit(db, rateLimitKey.signupIp(meta.ip), authLimits.signupPerIp);
  assertStrongPassword(input.password);
  const email = input.email.trim();
  if (await findUserByEmail(db, email)) throw userExists();

  const nome = signupDisplayName(input.data);
  const encryptedPassword = await hashPassword(input.password);
  const redirect = safeRedirect(config, redirectTo, '/');
  try {
    const user = await writeTx(
      db,
      { userId: null, email, ip: meta.ip ?? null, userAgent: meta.userAgent ?? null },
      async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email,
            encryptedPassword,
            userMetadata: { ...(input.data ?? {}), name: nome },
            confirmationSentAt: new Date(),
          })
          .returning();
        await tx.insert(userProfiles).values({ userId: created!.id, nomeCompleto: nome || null });
        const token = await issueOneTimeToken(tx, created!.id, 'signup');
        const link = verifyLinkUrl(config, token, 'signup', redirect);
        await enqueueMail(tx, deps, {
          ...confirmationMail({ nome, link }),
          para: email,
          tipo: 'confirmacao',
          link,
        });
        await hitRateLimit(tx, rateLimitKey.mailAddress(email), authLimits.mailPerAddress);
        await recordAuthEvent(tx, {
          acao: 'cadastro',
          userId: created!.id,
          email,
          ip: meta.ip ?? null,
          userAgent: meta.userAgent ?? null,
        });
        return created!;
      },
    );
    return toGoTrueUser(user);
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw userExists();
    throw err;
  }
}

/**
 * grant_type=password. Wrong e-mail and wrong password get the same answer, after the same
 * argon2 work. Failures count per e-mail and IP, per e-mail and per IP; over a limit even a right
 * password waits (429, audited). The per-e-mail ceiling does not hold back an address the account
 * signed in from before: failures elsewhere cannot lock the owner out.
 */
export async function signInWithPassword(
  deps: AuthDeps,
  input: { email: string; password: string },
  meta: ClientMeta,
): Promise<SessionJson> {
  const { db } = deps;
  const email = input.email.trim();
  const ip = meta.ip ?? null;
  const keys = {
    emailIp: rateLimitKey.loginEmailIp(email, ip),
    email: rateLimitKey.loginEmail(email),
    ip: ip ? rateLimitKey.loginIp(ip) : null,
  };
  const user = await findUserByEmail(db, email);
  const event = {
    email: user?.email ?? email,
    userId: user?.id ?? null,
    ip,
    userAgent: meta.userAgent ?? null,
  };

  const overLimit = async (): Promise<number | null> => {
    const byEmailIp = await peekRateLimit(db, keys.emailIp, authLimits.loginFailuresPerEmailIp);
    if (byEmailIp.count >= authLimits.loginFailuresPerEmailIp.max) return byEmailIp.retryAfterSeconds;
    if (keys.ip) {
      const byIp = await peekRateLimit(db, keys.ip, authLimits.loginFailuresPerIp);
      if (byIp.count >= authLimits.loginFailuresPerIp.max) return byIp.retryAfterSeconds;
    }
    const byEmail = await peekRateLimit(db, keys.email, authLimits.loginFailuresPerEmail);
    if (byEmail.count >= authLimits.loginFailuresPerEmail.max) {
      const owners = user && ip ? await hasSignedInFrom(db, user.id, ip) : false;
      if (!owners) return byEmail.retryAfterSeconds;
    }
    return null;
  };
  const retryAfter = await overLimit();
  if (retryAfter !== null) {
    await recordAuthEvent(db, { acao: 'falha_login', ...event, depois: { motivo: 'limite_tentativas' } });
    throw rateLimitedError(
      'request',
      retryAfter,
      `Muitas tentativas de login. Tente novamente em ${waitText(retryAfter)}.`,
    );
  }

  const hash = user?.encryptedPassword ?? (await dummyPasswordHash());
  const passwordOk = (await verifyPassword(hash, input.password)) && Boolean(user?.encryptedPassword);
  if (!user || !passwordOk) {
    await hitRateLimit(db, keys.emailIp, authLimits.loginFailuresPerEmailIp);
    await hitRateLimit(db, keys.email, authLimits.loginFailuresPerEmail);
    if (keys.ip) await hitRateLimit(db, keys.ip, authLimits.loginFailuresPerIp);
    await recordAuthEvent(db, {
      acao: 'falha_login',
      ...event,
      depois: { motivo: user ? 'senha_incorreta' : 'usuario_inexistente' },
    });
    throw invalidCredentials();
  }
  if (!user.ativo) {
    await recordAuthEvent(db, { acao: 'falha_login', ...event, depois: { motivo: 'usuario_desativado' } });
    throw new AppError('bad_request', deactivatedMessage, { authCode: 'user_banned' });
  }
  if (!user.emailConfirmedAt) {
    await recordAuthEvent(db, { acao: 'falha_login', ...event, depois: { motivo: 'email_nao_confirmado' } });
    throw new AppError('bad_request', 'Email not confirmed', { authCode: 'email_not_confirmed' });
  }
  // the owner's own typos are forgiven; the per-e-mail ceiling keeps counting guesses from elsewhere
  await clearRateLimit(db, keys.emailIp);
  const session = await issueSession(deps, user, meta, 'senha');
  await recordAuthEvent(db, { acao: 'entrada', ...event, depois: { metodo: 'senha' } });
  return session;
}

export const invalidLinkDescription = 'Email link is invalid or has expired';

/**
 * GET /verify: spends a one-time link and answers where the browser goes next — the redirect
 * target with a session in the fragment, or with an error in the fragment. Every link kind
 * confirms the e-mail (it proves the person reads that mailbox).
 */
export async function verifyEmailLink(
  deps: AuthDeps,
  query: { token: string; type: string; redirect_to?: string | undefined },
  meta: ClientMeta,
): Promise<string> {
  const { db, config } = deps;
  const redirect = safeRedirect(config, query.redirect_to, query.type === 'signup' ? '/' : '/reset-password');
  const fail = (code: string, description: string) =>
    withFragment(redirect, { error: 'access_denied', error_code: code, error_description: description });
  if (!isLinkType(query.type)) return fail('otp_expired', invalidLinkDescription);
  const type: LinkType = query.type;
  const userId = await consumeOneTimeToken(db, query.token, type);
  if (!userId) return fail('otp_expired', invalidLinkDescription);
  let user = await findUserById(db, userId);
  if (!user) return fail('otp_expired', invalidLinkDescription);
  if (!user.ativo) return fail('user_banned', deactivatedMessage);
  const event = {
    userId: user.id,
    email: user.email,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent ?? null,
  };
  if (!user.emailConfirmedAt) {
    [user] = await db
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await recordAuthEvent(db, { acao: 'confirmacao_email', ...event, depois: { via: type } });
  }
  const session = await issueSession(deps, user!, meta, `link_${type}`);
  if (type === 'recovery') {
    await recordAuthEvent(db, { acao: 'recuperacao_senha', ...event, depois: { etapa: 'link_utilizado' } });
  }
  await recordAuthEvent(db, { acao: 'entrada', ...event, depois: { metodo: `link_${type}` } });
  return withFragment(redirect, {
    access_token: session.access_token,
    expires_at: session.expires_at,
    expires_in: session.expires_in,
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
  });
}

/**
 * PUT /user: new password and/or user_metadata. A password change ends every other session of the
 * user (the current one stays) and voids recovery/invitation links sent before it.
 */
export async function updateCurrentUser(
  deps: AuthDeps,
  current: { id: string; sessionId: string },
  input: {
    password?: string | undefined;
    email?: string | undefined;
    data?: Record<string, unknown> | undefined;
  },
  meta: ClientMeta,
): Promise<GoTrueUser> {
  const { db } = deps;
  const user = await findUserById(db, current.id);
  if (!user)
    throw new AppError('unauthorized', 'Sessão expirada ou inválida. Entre novamente.', {
      authCode: 'session_not_found',
    });
  if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('unprocessable', 'A alteração de e-mail não está disponível.', {
      authCode: 'email_change_not_supported',
    });
  }
  const patch: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.password !== undefined) {
    // a stolen access token alone must not take the account: the session has to prove it
    await assertMayChangePassword(db, current.sessionId);
    assertStrongPassword(input.password);
    if (user.encryptedPassword && (await verifyPassword(user.encryptedPassword, input.password))) {
      throw new AppError('unprocessable', 'A nova senha deve ser diferente da senha atual.', {
        authCode: 'same_password',
      });
    }
    patch.encryptedPassword = await hashPassword(input.password);
  }
  if (input.data) {
    const merged: Record<string, unknown> = { ...user.userMetadata };
    for (const [k, v] of Object.entries(input.data)) {
      if (v === null) delete merged[k];
      else merged[k] = v;
    }
    patch.userMetadata = merged;
  }
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(users).set(patch).where(eq(users.id, user.id)).returning();
    if (patch.encryptedPassword) {
      const ended = await revokeAllSessions(tx, user.id, { exceptSessionId: current.sessionId });
      await voidOneTimeTokens(tx, user.id, ['recovery', 'invite']);
      await recordAuthEvent(tx, {
        acao: 'troca_senha',
        userId: user.id,
        email: user.email,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent ?? null,
        depois: { outras_sessoes_encerradas: ended, primeira_senha: !user.encryptedPassword },
      });
    }
    return row!;
  });
  return toGoTrueUser(updated);
}

export async function getCurrentUser(db: Db, id: string): Promise<GoTrueUser> {
  const user = await findUserById(db, id);
  if (!user)
    throw new AppError('unauthorized', 'Sessão expirada ou inválida. Entre novamente.', {
      authCode: 'session_not_found',
    });
  return toGoTrueUser(user);
}
