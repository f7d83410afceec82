import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from './auth.tables.ts';

export type UserRow = typeof users.$inferSelect;

/** Who a request comes from, for sessions and the audit log. */
export type ClientMeta = { ip?: string | null; userAgent?: string | null };

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The user object of the GoTrue API (what auth-js exposes as `User`). */
export function toGoTrueUser(u: UserRow) {
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: iso(u.emailConfirmedAt),
    confirmed_at: iso(u.emailConfirmedAt),
    invited_at: iso(u.invitedAt),
    confirmation_sent_at: iso(u.confirmationSentAt),
    recovery_sent_at: iso(u.recoverySentAt),
    last_sign_in_at: iso(u.lastSignInAt),
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: u.userMetadata ?? {},
    identities: [],
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
    is_anonymous: false,
  };
}
export type GoTrueUser = ReturnType<typeof toGoTrueUser>;
