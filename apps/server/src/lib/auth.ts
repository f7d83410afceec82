import { allows, genericMessages, isRole, type Permission, type Role } from '@erp/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type Db, preparedRows } from '../db/client.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';
import type { Actor } from './audit-context.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv, AuthUser } from './context.ts';
import { AppError } from './errors.ts';
import { lazyChild } from './logger.ts';
import { loteNatural, lotePorChave } from './lote-natural.ts';

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

// The same check for several requests at once (issue 30): the checks of requests that arrive while
// others are being read go together in one statement (lib/lote-natural.ts). Each is still sent after
// its request arrived, so a sign-out or a role change still takes effect on the very next request.
const SESSOES_SQL = `select k.i::int as i, u.id, u.email, coalesce(array(select r.role from user_roles r where r.user_id = u.id order by r.role), '{}') as roles
  from unnest($1::uuid[], $2::uuid[]) with ordinality as k(sid, uid, i)
  join auth_sessions s on s.id = k.sid
  join users u on u.id = s.user_id and u.id = k.uid and u.ativo`;

type Sessao = { sessionId: string; sub: string };
type LinhaSessao = { id: string; email: string; roles: string[] };

const checaSessoes = lotePorChave((db: Db) =>
  loteNatural(
    async (ks: Sessao[]): Promise<(LinhaSessao | null)[]> => {
      if (ks.length === 1) {
        const [row] = await preparedRows<LinhaSessao>(db, 'erp_resolve_user', SESSAO_SQL, [
          ks[0]!.sessionId,
          ks[0]!.sub,
        ]);
        return [row ?? null];
      }
      const rows = await preparedRows<LinhaSessao & { i: number }>(db, 'erp_resolve_users', SESSOES_SQL, [
        ks.map((k) => k.sessionId),
        ks.map((k) => k.sub),
      ]);
      const out: (LinhaSessao | null)[] = ks.map(() => null);
      for (const r of rows) out[r.i - 1] = r;
      return out;
    },
    { emVoo: 3, maximo: 64 },
  ),
);

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
  const row = await checaSessoes(deps.db)({ sessionId: claims.session_id, sub: claims.sub });
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
