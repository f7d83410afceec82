import { Hono } from 'hono';
import { migrationsApplied } from '../../db/migrate.ts';
import type { AppEnv } from '../../lib/context.ts';

/** Liveness and readiness probes (outside /api: no sign-in, no data). */
export const systemRoutes = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ status: 'ok' }))
  .get('/ready', async (c) => {
    try {
      const ok = await migrationsApplied(c.var.deps.db);
      if (!ok) return c.json({ status: 'migrations_pending' }, 503);
      return c.json({ status: 'ready' });
    } catch (err) {
      c.var.log.warn({ err }, 'readiness check failed');
      return c.json({ status: 'database_unreachable' }, 503);
    }
  });
