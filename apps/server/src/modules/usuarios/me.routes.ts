import { perfilUpdateSchema, senhaAlteracaoSchema } from '@erp/shared';
import { Hono } from 'hono';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody } from '../../lib/validate.ts';
import {
  changeMyPassword,
  endMyOtherSessions,
  getMe,
  listAdministradores,
  updateMyProfile,
} from './me.service.ts';
import { listUserSessions } from './sessions.service.ts';

/** The signed-in user: identity, profile and roles (read from user_roles on every call). */
export const meRoutes = new Hono<AppEnv>()
  .get('/', requires('authenticated'), async (c) => c.json(await getMe(c.var.deps.db, c.var.user.id)))
  .put('/', requires('authenticated'), jsonBody(perfilUpdateSchema), async (c) =>
    c.json(
      await updateMyProfile(c.var.deps.db, { ...actorOf(c), userId: c.var.user.id }, c.req.valid('json')),
    ),
  )
  .post('/senha', requires('authenticated'), jsonBody(senhaAlteracaoSchema), async (c) =>
    c.json(
      await changeMyPassword(
        c.var.deps.db,
        { ...actorOf(c), userId: c.var.user.id, sessionId: c.var.user.sessionId },
        c.req.valid('json'),
      ),
    ),
  )
  // whom to ask for access: open to any signed-in user, roles or not (names and e-mails only)
  .get('/administradores', requires('authenticated'), async (c) =>
    c.json(await listAdministradores(c.var.deps.db)),
  )
  .get('/sessoes', requires('authenticated'), async (c) =>
    c.json(await listUserSessions(c.var.deps.db, c.var.user.id, c.var.user.sessionId)),
  )
  .post('/sessoes/encerrar-outras', requires('authenticated'), async (c) =>
    c.json(
      await endMyOtherSessions(c.var.deps.db, {
        ...actorOf(c),
        userId: c.var.user.id,
        sessionId: c.var.user.sessionId,
      }),
    ),
  );
