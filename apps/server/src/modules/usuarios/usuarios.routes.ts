import {
  usuarioConviteSchema,
  usuarioIdParamSchema,
  usuarioPapeisSchema,
  usuariosListQuerySchema,
  usuarioUpdateSchema,
} from '@erp/shared';
import { Hono } from 'hono';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import {
  deactivateUsuario,
  getUsuario,
  inviteUsuario,
  listUsuarioOpcoes,
  listUsuarios,
  listUsuariosPorPapel,
  reactivateUsuario,
  resendUsuarioInvite,
  sendUsuarioPasswordReset,
  setUsuarioPapeis,
  updateUsuario,
} from './usuarios.service.ts';

const admin = { module: 'usuarios' } as const;

/** User administration (admin only). */
export const usuariosRoutes = new Hono<AppEnv>()
  .get('/', requires(admin), queryParams(usuariosListQuerySchema), async (c) =>
    c.json(await listUsuarios(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/', requires(admin), jsonBody(usuarioConviteSchema), async (c) =>
    c.json(await inviteUsuario(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('json')), 201),
  )
  .get('/opcoes', requires(admin), async (c) => c.json(await listUsuarioOpcoes(c.var.deps.db)))
  .get('/por-papel', requires(admin), async (c) => c.json(await listUsuariosPorPapel(c.var.deps.db)))
  .get('/:id', requires(admin), pathParams(usuarioIdParamSchema), async (c) =>
    c.json(await getUsuario(c.var.deps.db, c.req.valid('param').id)),
  )
  .put('/:id', requires(admin), pathParams(usuarioIdParamSchema), jsonBody(usuarioUpdateSchema), async (c) =>
    c.json(await updateUsuario(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .put(
    '/:id/papeis',
    requires(admin),
    pathParams(usuarioIdParamSchema),
    jsonBody(usuarioPapeisSchema),
    async (c) =>
      c.json(await setUsuarioPapeis(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/desativar', requires(admin), pathParams(usuarioIdParamSchema), async (c) =>
    c.json(await deactivateUsuario(c.var.deps.db, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/reativar', requires(admin), pathParams(usuarioIdParamSchema), async (c) =>
    c.json(await reactivateUsuario(c.var.deps.db, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/reenviar-convite', requires(admin), pathParams(usuarioIdParamSchema), async (c) =>
    c.json(await resendUsuarioInvite(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/redefinir-senha', requires(admin), pathParams(usuarioIdParamSchema), async (c) =>
    c.json(await sendUsuarioPasswordReset(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('param').id)),
  );
