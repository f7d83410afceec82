import type { SessaoAtiva } from '@erp/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { revokeAllSessions } from '../auth/session.service.ts';

/**
 * Ends a user's sessions (all, or all but one). Access tokens name their session and every request
 * checks it still exists, so the devices are signed out on their next request.
 * Returns how many sessions ended.
 */
export function endUserSessions(
  db: Db,
  userId: string,
  opts: { exceptSessionId?: string } = {},
): Promise<number> {
  return revokeAllSessions(db, userId, opts);
}

/** The signed-in devices of a user, most recently used first; `atual` marks the caller's own. */
export async function listUserSessions(
  db: Db,
  userId: string,
  currentSessionId: string,
): Promise<SessaoAtiva[]> {
  const rows = rowsOf<{
    id: string;
    user_agent: string | null;
    ip: string | null;
    created_at: Date | string;
    refreshed_at: Date | string;
  }>(
    await db.execute(sql`select id, user_agent, host(ip) as ip, created_at, refreshed_at from auth_sessions
      where user_id = ${userId}::uuid order by refreshed_at desc, created_at desc`),
  );
  const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
  return rows.map((r) => ({
    id: r.id,
    user_agent: r.user_agent,
    ip: r.ip,
    created_at: iso(r.created_at),
    refreshed_at: iso(r.refreshed_at),
    atual: r.id === currentSessionId,
  }));
}
