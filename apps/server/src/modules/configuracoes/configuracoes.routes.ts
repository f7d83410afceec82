import { configuracoesGeraisSchema } from '@erp/shared';
import { Hono } from 'hono';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody } from '../../lib/validate.ts';
import { getConfiguracoesGerais, updateConfiguracoesGerais } from './settings.service.ts';

const admin = { module: 'configuracoes' } as const;

/** Application-wide settings (admin only). */
export const configuracoesRoutes = new Hono<AppEnv>()
  .get('/gerais', requires(admin), async (c) => c.json(await getConfiguracoesGerais(c.var.deps.db)))
  .put('/gerais', requires(admin), jsonBody(configuracoesGeraisSchema), async (c) =>
    c.json(await updateConfiguracoesGerais(c.var.deps.db, actorOf(c), c.req.valid('json'))),
  );
