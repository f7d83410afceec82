import { allows, genericMessages, isRole, type Permission, type Role } from '@erp/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { preparedRows } from '../db/client.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';
import type { Actor } from './audit-context.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv, AuthUser } from './context.ts';
import { AppError } from './errors.ts';
import { lazyChild } from './logger.ts';

export function bearerToken(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

// The session check of every authenticated request: fixed text, sent as a named prepared statement
// (parsed and planned once per pooled connection). Still read on every request, never cached.
const SESSAO_SQL = `select u.id, u.email, coalesce(array(select r.role from user_roles r where r.user_id = u.id order by r.role), '{}') as roles
  from auth_sessions s
  join users u on u.id = s.user_id
  where s.id = $1::uuid and u.id = $2::uuid and u.ativo`;

/**
 * Resolves an access token to the signed-in user: the JWT must verify AND its session must still
 * exist AND the user must be active. Roles are read from user_roles now, not from the token, so a
 * role change or a sign-out takes effect on the very next request.
 */
export async function resolveUser(
  deps: AppEnv['Variables']['deps'],
  token: string | null,
): Promise<AuthUser | null> {
  if (!token) return null;
  const claims = await verifyAccessToken(deps.jwtSecret, token);
  if (!claims) return null;
  const rows = await preparedRows<{ id: string; email: string; roles: string[] }>(
    deps.db,
    'erp_resolve_user',
    SESSAO_SQL,
    [claims.session_id, claims.sub],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    sessionId: claims.session_id,
    roles: row.roles.filter(isRole) as Role[],
  };
}

export type PermissionMiddleware = ReturnType<typeof createMiddleware<AppEnv>> & { permission: Permission };

/**
 * Declares a route's permission on its route line: `app.get('/x', requires({ module: 'cadastros' }), ...)`.
 * Without a valid session: 401; without permission: 403 {code: "forbidden"} and the handler never runs.
 */
export function requires(permission: Permission): PermissionMiddleware {
  const mw = createMiddleware<AppEnv>(async (c, next) => {
    if (permission !== 'public') {
      const user = await resolveUser(c.var.deps, bearerToken(c.req.header('authorization')));
      if (!user) throw new AppError('unauthorized', genericMessages.unauthorized);
      // before the permission check, so the log line of a 403 names who was refused
      c.set('log', lazyChild(c.var.log, { userId: user.id }));
      if (!allows(user.roles, permission)) throw new AppError('forbidden', genericMessages.forbidden);
      c.set('user', user);
    }
    await next();
  });
  return Object.assign(mw, { permission });
}

/** The acting user of a request, for writeTx (the audit trigger records it). */
export function actorOf(c: Context<AppEnv>): Actor {
  return {
    userId: c.var.user?.id ?? null,
    email: c.var.user?.email ?? null,
    ip: clientIp(c, c.var.deps.config.trustProxy),
    userAgent: c.req.header('user-agent') ?? null,
  };
}
