import type { Db } from '../../db/client.ts';
import { recordAuthEvent } from '../auditoria/auth-events.service.ts';
import type { ClientMeta } from './auth-user.ts';
import {
  authLimits,
  clearRateLimit,
  hitRateLimit,
  peekRateLimit,
  rateLimitedError,
  rateLimitKey,
  waitText,
} from './rate-limit.service.ts';

type Who = { userId: string; email: string | null } & ClientMeta;

const limit = authLimits.currentPasswordFailuresPerUser;

const eventOf = (who: Who) => ({
  userId: who.userId,
  email: who.email,
  ip: who.ip ?? null,
  userAgent: who.userAgent ?? null,
});

/**
 * Proving the current password (/api/me/senha) is limited per user, so a stolen session cannot
 * guess it: over the limit even the right password waits (429, audited). Call before verifying.
 */
export async function guardCurrentPasswordAttempts(db: Db, who: Who): Promise<void> {
  const state = await peekRateLimit(db, rateLimitKey.currentPassword(who.userId), limit);
  if (state.count < limit.max) return;
  await recordAuthEvent(db, {
    acao: 'falha_login',
    ...eventOf(who),
    depois: { motivo: 'limite_tentativas' },
  });
  throw rateLimitedError(
    'request',
    state.retryAfterSeconds,
    `Muitas tentativas com a senha atual incorreta. Tente novamente em ${waitText(state.retryAfterSeconds)}.`,
  );
}

/** A wrong current password: counted and audited. */
export async function recordCurrentPasswordFailure(db: Db, who: Who): Promise<void> {
  await hitRateLimit(db, rateLimitKey.currentPassword(who.userId), limit);
  await recordAuthEvent(db, {
    acao: 'falha_login',
    ...eventOf(who),
    depois: { motivo: 'senha_atual_incorreta' },
  });
}

/** The right current password: earlier failures are forgiven. */
export async function clearCurrentPasswordFailures(db: Db, userId: string): Promise<void> {
  await clearRateLimit(db, rateLimitKey.currentPassword(userId));
}
