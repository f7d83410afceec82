import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

/** Who is acting, as the audit trigger sees it. `null` user means the system (seed, jobs). */
export type Actor = {
  userId: string | null;
  email?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};

export const systemActor: Actor = { userId: null, email: 'sistema' };

/**
 * Runs `fn` in one transaction with the acting user set as transaction-local settings, which the
 * generic audit trigger reads. Every service write goes through here: one transaction per write,
 * and the audit row names who did it.
 */
export function writeTx<T>(db: Db, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select
      set_config('app.user_id', ${actor.userId ?? ''}, true),
      set_config('app.user_email', ${actor.email ?? ''}, true),
      set_config('app.ip', ${actor.ip ?? ''}, true),
      set_config('app.user_agent', ${(actor.userAgent ?? '').slice(0, 500)}, true)`);
    return fn(tx as Tx);
  });
}
