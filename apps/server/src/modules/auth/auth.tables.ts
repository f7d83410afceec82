import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';

/** Accounts that can sign in (GoTrue's auth.users). */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** argon2id hash; null for an invited user who has not set a password yet. */
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** How a session was opened (the same words the sign-in audit event uses in `metodo`). */
export type SessionMethod = 'senha' | 'link_signup' | 'link_recovery' | 'link_invite';

/** A signed-in device. Access tokens name it; deleting it signs the device out at once. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * How the session was opened: 'senha' (password sign-in) or the e-mail link that opened it
     * ('link_signup', 'link_recovery', 'link_invite'). A recovery or invitation session may set a
     * new password without the current one (PUT /auth/v1/user).
     */
    metodo: text('metodo').$type<SessionMethod>().notNull().default('senha'),
    userAgent: text('user_agent'),
    ip: inet('ip'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    parentId: integer('parent_id'),
    revoked: boolean('revoked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** One-time links (signup confirmation, recovery, invitation), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipo: text('tipo').$type<'signup' | 'recovery' | 'invite'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Fixed-window counters for the auth rate limits (failed sign-ins, sign-ups, recoveries, mails per
 * address). Kept in PostgreSQL so every server instance counts against the same window.
 */
export const authRateLimits = pgTable(
  'auth_rate_limits',
  {
    chave: text('chave').primaryKey(),
    janelaInicio: timestamp('janela_inicio', { withTimezone: true }).notNull().defaultNow(),
    contagem: integer('contagem').notNull().default(0),
  },
  (t) => [index('auth_rate_limits_janela_idx').on(t.janelaInicio)],
);
