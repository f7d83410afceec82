import { createHash, createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export type AccessClaims = {
  sub: string;
  email: string;
  role: 'authenticated';
  session_id: string;
  exp: number;
  iat: number;
  aud: 'authenticated';
};

export async function signAccessToken(
  secret: Uint8Array,
  claims: { sub: string; email: string; sessionId: string },
  expiresInSeconds: number,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + expiresInSeconds;
  const token = await new SignJWT({
    email: claims.email,
    role: 'authenticated',
    session_id: claims.sessionId,
    aal: 'aal1',
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/**
 * Tokens already verified, per secret: every request of a session presents the same bearer token,
 * and verifying it (jose: the key imported into WebCrypto, then the HMAC) cost ~0.5 ms of the
 * server's one thread per request — a sixth of a stock posting's CPU (issue 30). A hit is only
 * re-checked for expiry; the exact token string is the key, so a changed byte is verified afresh.
 * The session, the user and the roles are still read on every request (resolveUser).
 */
const verificados = new WeakMap<Uint8Array, Map<string, AccessClaims>>();
const MAX_VERIFICADOS = 10_000;

/** Returns the claims, or null for a tampered, expired or malformed token. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  let cache = verificados.get(secret);
  if (!cache) {
    cache = new Map();
    verificados.set(secret, cache);
  }
  const conhecido = cache.get(token);
  if (conhecido) {
    // jose's rule: expired when exp <= now
    if (conhecido.exp > Math.floor(Date.now() / 1000)) return conhecido;
    cache.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], audience: 'authenticated' });
    // Signed by us, but never trusted blindly: ids that are not UUIDs would reach SQL casts.
    if (!isUuid(payload.sub) || !isUuid(payload.session_id)) return null;
    const claims = payload as unknown as AccessClaims;
    if (typeof claims.exp === 'number') {
      if (cache.size >= MAX_VERIFICADOS) cache.clear();
      cache.set(token, claims);
    }
    return claims;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}

/** A random opaque token (refresh and one-time links). Only its hash is stored. */
export function newOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The refresh token that replaces `parent` on rotation: a keyed hash of it, so presenting the
 * parent again within the reuse grace yields the very same child without storing it in clear.
 */
export function childRefreshToken(secret: Uint8Array, parent: string): string {
  return createHmac('sha256', secret).update(`refresh:${parent}`).digest('base64url');
}
