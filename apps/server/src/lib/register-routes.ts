import {
  businessToday,
  exportQuerySchema,
  type ListPage,
  type Opcao,
  type Permission,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Actor } from './audit-context.ts';
import { actorOf, requires } from './auth.ts';
import type { AppEnv } from './context.ts';
import { type ExportColumn, exportResponse } from './list-query.ts';
import { jsonBody, pathParams, queryParams } from './validate.ts';

/** What a register (cadastro) service provides; registerRoutes() turns it into the REST surface. */
export type RegisterService<Q, C, U, Row> = {
  list(db: Db, query: Q): Promise<ListPage<Row>>;
  exportRows(db: Db, query: Q): Promise<Row[]>;
  get(db: Db, id: string): Promise<Row>;
  create(db: Db, actor: Actor, input: C): Promise<Row>;
  update(db: Db, actor: Actor, id: string, input: U): Promise<Row>;
  remove(db: Db, actor: Actor, id: string): Promise<void>;
  opcoes(db: Db): Promise<Opcao[]>;
};

const idParams = z.object({ id: uuidParam });

/**
 * The REST surface of one register, every line guarded by the same permission (writes by
 * `writePermission` when given):
 * GET / (list: search, filters, sort, page), GET /export?formato=csv|xlsx (the filtered list),
 * GET /opcoes (id + nome for selects), GET /:id, POST /, PUT /:id (with versao), DELETE /:id.
 */
export function registerRoutes<LQ extends z.ZodObject, C extends z.ZodType, U extends z.ZodType, Row>(opts: {
  permission: Permission;
  /** POST, PUT and DELETE, when stricter than reading (e.g. registers only the admin edits). */
  writePermission?: Permission;
  schemas: { list: LQ; create: C; update: U };
  service: RegisterService<z.output<LQ>, z.output<C>, z.output<U>, Row>;
  export: { fileBase: string; columns: ExportColumn<Row>[] };
}) {
  const { permission: p, schemas, service } = opts;
  const w = opts.writePermission ?? p;
  return new Hono<AppEnv>()
    .get('/', requires(p), queryParams(schemas.list), async (c) =>
      c.json(await service.list(c.var.deps.db, c.req.valid('query') as z.output<LQ>)),
    )
    .get('/export', requires(p), queryParams(exportQuerySchema(schemas.list)), async (c) => {
      const query = c.req.valid('query') as z.output<LQ> & { formato: 'csv' | 'xlsx' };
      const rows = await service.exportRows(c.var.deps.db, query);
      return exportResponse(query.formato, opts.export.fileBase, opts.export.columns, rows, businessToday());
    })
    .get('/opcoes', requires(p), async (c) => c.json(await service.opcoes(c.var.deps.db)))
    .get('/:id', requires(p), pathParams(idParams), async (c) =>
      c.json(await service.get(c.var.deps.db, c.req.valid('param').id)),
    )
    .post('/', requires(w), jsonBody(schemas.create), async (c) =>
      c.json(await service.create(c.var.deps.db, actorOf(c), c.req.valid('json') as z.output<C>), 201),
    )
    .put('/:id', requires(w), pathParams(idParams), jsonBody(schemas.update), async (c) =>
      c.json(
        await service.update(
          c.var.deps.db,
          actorOf(c),
          c.req.valid('param').id,
          c.req.valid('json') as z.output<U>,
        ),
      ),
    )
    .delete('/:id', requires(w), pathParams(idParams), async (c) => {
      await service.remove(c.var.deps.db, actorOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    });
}
