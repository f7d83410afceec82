import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's IP: the socket's address. X-Forwarded-For is honoured only when TRUST_PROXY is set,
 * because any client can write that header.
 */
export function clientIp(c: Context, trustProxy = false): string | null {
  if (trustProxy) {
    const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    // only a well-formed address: it is stored in inet columns (sessions, audit)
    if (first && isIP(first)) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // app.request() in tests has no socket
    return null;
  }
}
