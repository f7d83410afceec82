import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from '../db/client.ts';

/** Who is acting, as the audit trigger sees it. `null` user means the system (seed, jobs). */
export type Actor = {
  userId: string | null;
  email?: string | null;
  ip?: string | null;
  userAgent?: string | null;
};

export const systemActor: Actor = { userId: null, email: 'sistema' };

/** The transaction-local settings the audit trigger reads, in the order they are set. */
function settingsOf(actor: Actor): [string, string][] {
  return [
    ['app.user_id', actor.userId ?? ''],
    ['app.user_email', actor.email ?? ''],
    ['app.ip', actor.ip ?? ''],
    ['app.user_agent', (actor.userAgent ?? '').slice(0, 500)],
  ];
}

/**
 * Runs `fn` in one transaction with the acting user set as transaction-local settings, which the
 * generic audit trigger reads. Every service write goes through here: one transaction per write,
 * and the audit row names who did it.
 */
export function writeTx<T>(db: Db, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const session = db._.session;
  if (session instanceof NodePgSession) {
    const interna = session as unknown as SessaoPg;
    if (interna.client instanceof pg.Pool) return writeTxPg(interna, actor, fn);
  }
  // PGlite, or a transaction already open (a savepoint): the settings as a statement of their own
  return db.transaction(async (tx) => {
    const [id, email, ip, agent] = settingsOf(actor);
    await tx.execute(sql`select
      set_config(${id![0]}, ${id![1]}, true),
      set_config(${email![0]}, ${email![1]}, true),
      set_config(${ip![0]}, ${ip![1]}, true),
      set_config(${agent![0]}, ${agent![1]}, true)`);
    return fn(tx as Tx);
  });
}

/** What drizzle's node-postgres session holds (private fields, read as drizzle's own transaction() does). */
type SessaoPg = { client: pg.Pool; dialect: PgDialect; schema: unknown; options: unknown };

/**
 * drizzle's node-postgres transaction (NodePgSession.transaction: a pool client, BEGIN, `fn`,
 * COMMIT or ROLLBACK, release) with the actor's settings sent in BEGIN's own round trip: one
 * simple-protocol query `begin; select set_config(...)`, its literals escaped by the driver. On the
 * ledger's hot path that is one round trip of six less per posting (issue 12's writer target).
 */
async function writeTxPg<T>(s: SessaoPg, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await s.client.connect();
  try {
    const session = new NodePgSession(client, s.dialect, s.schema as never, s.options as never);
    const tx = new NodePgTransaction(s.dialect, session, s.schema as never);
    // a NUL cannot be part of a query text (nor of a text value): dropped
    const literal = (v: string) => client.escapeLiteral(v.replaceAll('\0', ''));
    const sets = [
      ...settingsOf(actor).map(([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`),
      // No JIT compilation inside a write (decision 0013): the read models' trigger statements
      // run on a few rows, but a poor row estimate (the items per order, say) lifts their plan's
      // cost over jit_above_cost, and PostgreSQL then compiled for 36 ms (a new quote's items) to
      // 532 ms (a confirmed order's) a statement that runs in 0.3 ms. Reads keep the server's setting.
      `set_config('jit', 'off', true)`,
    ].join(', ');
    try {
      // (a failure after BEGIN leaves the transaction open: the rollback below closes it)
      await client.query(`begin; select ${sets}`);
      const result = await fn(tx as unknown as Tx);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  } finally {
    client.release();
  }
}
