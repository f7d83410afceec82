import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** Any session opened this recently may set a new password: its sign-in just proved the person. */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;
/** A session opened by a recovery or invitation link may set a new password for this long. */
export const LINK_SESSION_SECONDS = 60 * 60;

export const reauthenticationMessage =
  'Por segurança, a troca de senha exige um login recente. Entre novamente ou use "Esqueci minha senha".';

/**
 * GoTrue's secure password change: PUT /auth/v1/user sets a new password only from a session that
 * proves the person — one opened by a recovery or invitation link (within LINK_SESSION_SECONDS),
 * or any sign-in within RECENT_SIGN_IN_SECONDS. Otherwise 400 reauthentication_needed, as GoTrue
 * answers; /api/me/senha (with the current password) is the way for an older session.
 */
export async function assertMayChangePassword(db: Db, sessionId: string): Promise<void> {
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`
      select created_at > now() - make_interval(secs => ${RECENT_SIGN_IN_SECONDS})
          or (metodo in ('link_recovery', 'link_invite')
              and created_at > now() - make_interval(secs => ${LINK_SESSION_SECONDS})) as ok
        from auth_sessions
       where id = ${sessionId}::uuid`),
  );
  if (!row?.ok) {
    throw new AppError('bad_request', reauthenticationMessage, { authCode: 'reauthentication_needed' });
  }
}
