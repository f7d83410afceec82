import { Hono } from 'hono';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { statusDoShell } from './shell-status.service.ts';

/** GET /api/shell: the environment badge and the contingency banner of the signed-in shell. */
export const shellRoutes = new Hono<AppEnv>().get('/', requires('authenticated'), async (c) =>
  c.json(await statusDoShell(c.var.deps.db, c.var.deps.config, c.var.user!.roles)),
);
