import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { oneTimeTokens } from './auth.tables.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export type LinkType = 'signup' | 'recovery' | 'invite';

/** How long each kind of e-mail link works. */
export const linkLifetimeSeconds: Record<LinkType, number> = {
  signup: 24 * 60 * 60,
  recovery: 60 * 60,
  invite: 7 * 24 * 60 * 60,
};

export function isLinkType(v: string): v is LinkType {
  return v === 'signup' || v === 'recovery' || v === 'invite';
}

/**
 * Issues a one-time link token (returned in clear once; only its hash is stored). Earlier unused
 * links of the same kind for the user stop working: only the latest e-mail counts.
 */
export async function issueOneTimeToken(db: Db, userId: string, tipo: LinkType): Promise<string> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tipo, tipo), isNull(oneTimeTokens.usedAt)));
  const token = newOpaqueToken();
  await db.insert(oneTimeTokens).values({
    userId,
    tipo,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + linkLifetimeSeconds[tipo] * 1000),
  });
  return token;
}

/** Marks the token used and returns its user, or null when unknown, used, expired or of another kind. */
export async function consumeOneTimeToken(db: Db, token: string, tipo: LinkType): Promise<string | null> {
  if (!token) return null;
  const [row] = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      update one_time_tokens set used_at = now()
       where token_hash = ${hashToken(token)} and tipo = ${tipo} and used_at is null and expires_at > now()
      returning user_id`),
  );
  return row?.user_id ?? null;
}

/** Voids every unused link of a user (after a password change, links sent before it must die). */
export async function voidOneTimeTokens(db: Db, userId: string, tipos: LinkType[]): Promise<void> {
  for (const tipo of tipos) {
    await db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tipo, tipo), isNull(oneTimeTokens.usedAt)),
      );
  }
}
