import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { Deps } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAuthEvent } from '../auditoria/auth-events.service.ts';
import { authSessions, refreshTokens, type SessionMethod, users } from './auth.tables.ts';
import { type ClientMeta, findUserById, type GoTrueUser, toGoTrueUser, type UserRow } from './auth-user.ts';
import { childRefreshToken, hashToken, newOpaqueToken, signAccessToken } from './tokens.ts';

export type SessionDeps = Pick<Deps, 'db' | 'jwtSecret'> & {
  config: Pick<Deps['config'], 'jwtExpirySeconds'>;
};

/** The session JSON of the GoTrue API (auth-js `Session`). */
export type SessionJson = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: GoTrueUser;
};

/** A presented refresh token that was already rotated is accepted again only this long (racing tabs). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export const deactivatedMessage = 'Usuário desativado. Procure o administrador do sistema.';

/** Opens a session for a user and issues its first refresh token (returned in clear once). */
export async function createSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null },
  metodo: SessionMethod = 'senha',
): Promise<{ sessionId: string; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(authSessions)
      .values({ userId, metodo, userAgent: meta.userAgent?.slice(0, 500) ?? null, ip: meta.ip ?? null })
      .returning({ id: authSessions.id });
    const refreshToken = newOpaqueToken();
    await tx.insert(refreshTokens).values({ sessionId: session!.id, tokenHash: hashToken(refreshToken) });
    return { sessionId: session!.id, refreshToken };
  });
}

/** Ends one session: its access tokens stop working on the next request. */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/**
 * Ends every session of a user (optionally all but one): their access tokens are refused on the
 * very next request and their refresh tokens die with them. Returns how many sessions ended.
 */
export async function revokeAllSessions(
  db: Db,
  userId: string,
  opts: { exceptSessionId?: string | null } = {},
): Promise<number> {
  const where = opts.exceptSessionId
    ? and(eq(authSessions.userId, userId), ne(authSessions.id, opts.exceptSessionId))
    : eq(authSessions.userId, userId);
  const deleted = await db.delete(authSessions).where(where).returning({ id: authSessions.id });
  return deleted.length;
}

async function sessionJson(
  deps: SessionDeps,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const expiresIn = deps.config.jwtExpirySeconds;
  const { token, expiresAt } = await signAccessToken(
    deps.jwtSecret,
    { sub: user.id, email: user.email, sessionId },
    expiresIn,
  );
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toGoTrueUser(user),
  };
}

/** Signs a user in: a new session (opened by `metodo`), its first tokens, last_sign_in_at. */
export async function issueSession(
  deps: SessionDeps,
  user: UserRow,
  meta: ClientMeta,
  metodo: SessionMethod,
): Promise<SessionJson> {
  const { sessionId, refreshToken } = await createSession(deps.db, user.id, meta, metodo);
  const [updated] = await deps.db
    .update(users)
    .set({ lastSignInAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return sessionJson(deps, updated ?? user, sessionId, refreshToken);
}

const notFound = () =>
  new AppError('bad_request', 'Invalid Refresh Token: Refresh Token Not Found', {
    authCode: 'refresh_token_not_found',
  });

/**
 * grant_type=refresh_token. The presented token is revoked and its child issued (rotation). A token
 * already rotated is accepted again only within REFRESH_REUSE_GRACE_SECONDS and only while its
 * child is the session's live token (it then yields that same child); any other reuse is treated
 * as theft and ends the whole session (refresh_token_already_used).
 */
export async function refreshSession(
  deps: SessionDeps,
  presented: string,
  meta: ClientMeta,
): Promise<SessionJson> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = rowsOf<{
      id: number;
      session_id: string;
      revoked: boolean;
      user_id: string;
      within_grace: boolean;
    }>(
      await tx.execute(sql`
        select rt.id, rt.session_id, rt.revoked, s.user_id,
               rt.updated_at > now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS}) as within_grace
          from refresh_tokens rt join auth_sessions s on s.id = rt.session_id
         where rt.token_hash = ${hashToken(presented)}`),
    );
    if (!row) return { kind: 'not_found' as const };
    const user = await findUserById(tx, row.user_id);
    if (!user) return { kind: 'not_found' as const };
    if (!user.ativo) return { kind: 'deactivated' as const, user };
    const child = childRefreshToken(deps.jwtSecret, presented);

    if (!row.revoked) {
      // Only one of several concurrent rotations wins this update; the others take the grace path.
      const won = await tx
        .update(refreshTokens)
        .set({ revoked: true, updatedAt: new Date() })
        .where(and(eq(refreshTokens.id, row.id), eq(refreshTokens.revoked, false)))
        .returning({ id: refreshTokens.id });
      if (won.length) {
        await tx
          .insert(refreshTokens)
          .values({ sessionId: row.session_id, tokenHash: hashToken(child), parentId: row.id });
        await tx
          .update(authSessions)
          .set({ refreshedAt: new Date() })
          .where(eq(authSessions.id, row.session_id));
        return { kind: 'ok' as const, user, sessionId: row.session_id, refreshToken: child };
      }
    }
    const [live] = rowsOf<{ revoked: boolean }>(
      await tx.execute(sql`
        select revoked from refresh_tokens
         where parent_id = ${row.id} and session_id = ${row.session_id} and token_hash = ${hashToken(child)}`),
    );
    const grace = row.revoked ? row.within_grace : true;
    if (live && !live.revoked && grace) {
      return { kind: 'ok' as const, user, sessionId: row.session_id, refreshToken: child };
    }
    await tx.delete(authSessions).where(eq(authSessions.id, row.session_id));
    return { kind: 'reused' as const, user, sessionId: row.session_id };
  });

  if (outcome.kind === 'not_found') throw notFound();
  if (outcome.kind === 'deactivated') {
    throw new AppError('bad_request', deactivatedMessage, { authCode: 'user_banned' });
  }
  if (outcome.kind === 'reused') {
    await recordAuthEvent(deps.db, {
      acao: 'saida',
      userId: outcome.user.id,
      email: outcome.user.email,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent ?? null,
      depois: { motivo: 'reuso_refresh_token', sessao: outcome.sessionId },
    });
    throw new AppError('bad_request', 'Invalid Refresh Token: Already Used', {
      authCode: 'refresh_token_already_used',
    });
  }
  return sessionJson(deps, outcome.user, outcome.sessionId, outcome.refreshToken);
}

/** POST /logout?scope=: local ends this session, others every other one, global all of them. */
export async function signOutSessions(
  db: Db,
  user: { id: string; sessionId: string },
  scope: 'global' | 'local' | 'others',
): Promise<number> {
  if (scope === 'local') {
    const deleted = await db
      .delete(authSessions)
      .where(eq(authSessions.id, user.sessionId))
      .returning({ id: authSessions.id });
    return deleted.length;
  }
  return revokeAllSessions(db, user.id, scope === 'others' ? { exceptSessionId: user.sessionId } : {});
}
