import { auditoriaIdParamSchema, auditoriaListQuerySchema, businessToday } from '@erp/shared';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { pathParams, queryParams } from '../../lib/validate.ts';
import {
  assertAuditExportSize,
  exportAuditCsv,
  getAuditLogEntry,
  listAuditEntidades,
  listAuditLog,
} from './auditoria.service.ts';

const admin = { module: 'auditoria' } as const;

/**
 * The audit log, read-only by construction: only GET routes exist here, and the database refuses
 * UPDATE, DELETE and TRUNCATE on audit_log.
 */
export const auditoriaRoutes = new Hono<AppEnv>()
  .get('/', requires(admin), queryParams(auditoriaListQuerySchema), async (c) =>
    c.json(await listAuditLog(c.var.deps.db, c.req.valid('query'))),
  )
  .get('/entidades', requires(admin), async (c) => c.json(await listAuditEntidades(c.var.deps.db)))
  .get('/export', requires(admin), queryParams(auditoriaListQuerySchema), async (c) => {
    await assertAuditExportSize(c.var.deps.db, c.req.valid('query'));
    const lines = exportAuditCsv(c.var.deps.db, c.req.valid('query'));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="auditoria-${businessToday()}.csv"`);
    c.header('Cache-Control', 'no-store');
    return stream(c, async (s) => {
      for await (const chunk of lines) await s.write(chunk);
    });
  })
  .get('/:id', requires(admin), pathParams(auditoriaIdParamSchema), async (c) =>
    c.json(await getAuditLogEntry(c.var.deps.db, c.req.valid('param').id)),
  );
