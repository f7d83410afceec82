import { plural } from '@erp/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** A limit: at most `max` events per `windowSeconds` (fixed window starting at the first event). */
export type Limit = { max: number; windowSeconds: number };

/** The auth limits. Counters live in auth_rate_limits, shared by every server instance. */
export const authLimits = {
  /** failed password sign-ins for one e-mail address from one IP address (a typo-prone owner, one guesser) */
  loginFailuresPerEmailIp: { max: 10, windowSeconds: 15 * 60 },
  /**
   * failed password sign-ins for one e-mail address from every address: bounds a guess spread over
   * many addresses. It does not hold back an address the account signed in from before, so
   * failures elsewhere never lock the owner out.
   */
  loginFailuresPerEmail: { max: 50, windowSeconds: 15 * 60 },
  /** failed password sign-ins from one IP address (any e-mail) */
  loginFailuresPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** wrong current passwords on /api/me/senha for one user (a stolen session guessing) */
  currentPasswordFailuresPerUser: { max: 5, windowSeconds: 15 * 60 },
  /** sign-up attempts from one IP address */
  signupPerIp: { max: 10, windowSeconds: 60 * 60 },
  /** recovery requests from one IP address */
  recoverPerIp: { max: 10, windowSeconds: 60 * 60 },
  /** e-mails (confirmation, recovery, invitation) to one address */
  mailPerAddress: { max: 1, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

export const rateLimitKey = {
  loginEmail: (email: string) => `login_email:${email.toLowerCase()}`,
  loginEmailIp: (email: string, ip: string | null | undefined) =>
    `login_email_ip:${email.toLowerCase()}|${ip ?? 'sem-ip'}`,
  currentPassword: (userId: string) => `senha_atual:${userId}`,
  loginIp: (ip: string) => `login_ip:${ip}`,
  signupIp: (ip: string) => `signup_ip:${ip}`,
  recoverIp: (ip: string) => `recover_ip:${ip}`,
  mailAddress: (email: string) => `mail:${email.toLowerCase()}`,
};

export type LimitState = { count: number; retryAfterSeconds: number };

/** Counts one event and returns the count in the current window (atomic upsert). */
export async function hitRateLimit(db: Db, key: string, limit: Limit): Promise<LimitState> {
  const [row] = rowsOf<{ contagem: number; restante: number }>(
    await db.execute(sql`
      insert into auth_rate_limits as r (chave, janela_inicio, contagem) values (${key}, now(), 1)
      on conflict (chave) do update set
        contagem = case when r.janela_inicio <= now() - make_interval(secs => ${limit.windowSeconds})
                        then 1 else r.contagem + 1 end,
        janela_inicio = case when r.janela_inicio <= now() - make_interval(secs => ${limit.windowSeconds})
                             then now() else r.janela_inicio end
      returning contagem,
        ceil(extract(epoch from (janela_inicio + make_interval(secs => ${limit.windowSeconds}) - now())))::int as restante`),
  );
  // Old windows are useless; clear them now and then instead of running a job.
  if (Math.random() < 0.01) await pruneRateLimits(db);
  return { count: Number(row!.contagem), retryAfterSeconds: Math.max(1, Number(row!.restante)) };
}

/** The count in the current window without counting (0 when the window is over). */
export async function peekRateLimit(db: Db, key: string, limit: Limit): Promise<LimitState> {
  const [row] = rowsOf<{ contagem: number; restante: number }>(
    await db.execute(sql`
      select contagem,
        ceil(extract(epoch from (janela_inicio + make_interval(secs => ${limit.windowSeconds}) - now())))::int as restante
      from auth_rate_limits
      where chave = ${key} and janela_inicio > now() - make_interval(secs => ${limit.windowSeconds})`),
  );
  return row
    ? { count: Number(row.contagem), retryAfterSeconds: Math.max(1, Number(row.restante)) }
    : { count: 0, retryAfterSeconds: 0 };
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from auth_rate_limits where chave = ${key}`);
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from auth_rate_limits where janela_inicio < now() - interval '1 day'`);
}

export function waitText(seconds: number): string {
  if (seconds <= 60) return plural(seconds, 'segundo', 'segundos');
  const min = Math.ceil(seconds / 60);
  return plural(min, 'minuto', 'minutos');
}

/** 429 with Retry-After (GoTrue code over_request_rate_limit / over_email_send_rate_limit). */
export function rateLimitedError(
  kind: 'request' | 'email',
  retryAfterSeconds: number,
  message?: string,
): AppError {
  const text =
    message ??
    (kind === 'email'
      ? `Por segurança, aguarde ${waitText(retryAfterSeconds)} antes de pedir outro e-mail.`
      : `Muitas tentativas. Tente novamente em ${waitText(retryAfterSeconds)}.`);
  return new AppError('rate_limited', text, {
    authCode: kind === 'email' ? 'over_email_send_rate_limit' : 'over_request_rate_limit',
    retryAfterSeconds,
  });
}

/** Counts one event; throws 429 when it goes over the limit. */
export async function enforceRateLimit(
  db: Db,
  key: string,
  limit: Limit,
  kind: 'request' | 'email' = 'request',
  message?: (retryAfterSeconds: number) => string,
): Promise<void> {
  const state = await hitRateLimit(db, key, limit);
  if (state.count > limit.max) {
    throw rateLimitedError(kind, state.retryAfterSeconds, message?.(state.retryAfterSeconds));
  }
}

/** Allows one e-mail per address per minute (throws 429 otherwise). */
export async function enforceMailRateLimit(db: Db, email: string): Promise<void> {
  await enforceRateLimit(db, rateLimitKey.mailAddress(email), authLimits.mailPerAddress, 'email');
}
