import { Hono } from 'hono';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';

/**
 * Public client configuration: only what the web app needs before or regardless of sign-in and
 * that is safe for anyone to read (the environment badge of the top bar).
 */
export const configRoutes = new Hono<AppEnv>().get('/', requires('public'), (c) =>
  c.json({ environmentLabel: c.var.deps.config.environmentLabel }),
);
