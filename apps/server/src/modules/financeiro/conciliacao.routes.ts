import {
  conciliacaoQuerySchema,
  conciliarLinhaSchema,
  criarDaLinhaSchema,
  guards,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import {
  conciliarLinha,
  criarDaLinha,
  desfazerLinha,
  periodoConciliacao,
} from './conciliacao-periodo.service.ts';
import { novoTituloDaLinha } from './titulo-da-linha.service.ts';

// /api/financeiro/conciliacao-bancaria — admin and financeiro (spec: the finance area).
const p = guards.adminFinanceiro;
const idParams = z.object({ id: uuidParam });

export const conciliacaoRoutes = new Hono<AppEnv>()
  .get('/', requires(p), queryParams(conciliacaoQuerySchema), async (c) =>
    c.json(await periodoConciliacao(c.var.deps.db, c.req.valid('query'))),
  )
  .post(
    '/linhas/:id/conciliar',
    requires(p),
    pathParams(idParams),
    jsonBody(conciliarLinhaSchema),
    async (c) =>
      c.json({
        id: await conciliarLinha(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
      }),
  )
  // the «Criar título» dialog, pre-filled from the line (read only)
  .get('/linhas/:id/novo-titulo', requires(p), pathParams(idParams), async (c) =>
    c.json(await novoTituloDaLinha(c.var.deps.db, c.req.valid('param').id)),
  )
  .post('/linhas/:id/desfazer', requires(p), pathParams(idParams), async (c) =>
    c.json({ id: await desfazerLinha(c.var.deps.db, actorOf(c), c.req.valid('param').id) }),
  )
  .post('/linhas/:id/criar', requires(p), pathParams(idParams), jsonBody(criarDaLinhaSchema), async (c) =>
    c.json(
      { id: await criarDaLinha(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')) },
      201,
    ),
  );
