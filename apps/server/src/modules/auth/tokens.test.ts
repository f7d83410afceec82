import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

// verifyAccessToken keeps the tokens it verified (issue 30: the HMAC check was a sixth of a stock
// posting's CPU); what it answers must not change: a known token until it expires, and nothing
// for a changed byte, another secret or an expired token.

const secret = new TextEncoder().encode('tokens-test-secret-with-at-least-32-chars');
const claims = {
  sub: '11111111-1111-4111-8111-111111111111',
  email: 'a@b.com.br',
  sessionId: '22222222-2222-4222-8222-222222222222',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken', () => {
  it('answers the same claims for the same token, again and again', async () => {
    const { token, expiresAt } = await signAccessToken(secret, claims, 3600);
    const primeira = await verifyAccessToken(secret, token);
    expect(primeira).toMatchObject({ sub: claims.sub, session_id: claims.sessionId, exp: expiresAt });
    expect(await verifyAccessToken(secret, token)).toEqual(primeira);
  });

  it('refuses a token with one byte changed, or under another secret, after the real one was verified', async () => {
    const { token } = await signAccessToken(secret, claims, 3600);
    expect(await verifyAccessToken(secret, token)).not.toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const trocado = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(secret, trocado)).toBeNull();
    const outro = new TextEncoder().encode('another-secret-with-at-least-32-characters');
    expect(await verifyAccessToken(outro, token)).toBeNull();
  });

  it('refuses a verified token once it has expired', async () => {
    const agora = Math.floor(Date.now() / 1000);
    const { token, expiresAt } = await signAccessToken(secret, claims, 60, agora);
    expect(await verifyAccessToken(secret, token)).not.toBeNull();
    vi.useFakeTimers();
    vi.setSystemTime((expiresAt - 1) * 1000);
    expect(await verifyAccessToken(secret, token)).not.toBeNull();
    vi.setSystemTime(expiresAt * 1000);
    expect(await verifyAccessToken(secret, token)).toBeNull();
    expect(await verifyAccessToken(secret, token)).toBeNull();
  });

  it('refuses an expired token it never saw', async () => {
    const { token } = await signAccessToken(secret, claims, 60, Math.floor(Date.now() / 1000) - 120);
    expect(await verifyAccessToken(secret, token)).toBeNull();
  });
});
