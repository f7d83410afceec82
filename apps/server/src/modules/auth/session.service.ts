import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authSessions, refreshTokens } from './auth.tables.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

/** Opens a session for a user and issues its first refresh token (returned in clear once). */
export async function createSession(
  db: Db,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null },
): Promise<{ sessionId: string; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(authSessions)
      .values({ userId, userAgent: meta.userAgent ?? null, ip: meta.ip ?? null })
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
