import {
  extratoLinhaManualSchema,
  extratoLinhasQuerySchema,
  guards,
  importarExtratoSchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { criaLinhaManual, importaOfx, listaExtrato } from './extrato.service.ts';
import { importaCnab } from './extrato-cnab.service.ts';

// /api/financeiro/extrato-bancario — admin and financeiro (extrato.README.md).
const financeiro = guards.adminFinanceiro;
const contaParams = z.object({ contaId: uuidParam });

export const extratoRoutes = new Hono<AppEnv>()
  .post('/importar', requires(financeiro), jsonBody(importarExtratoSchema), async (c) =>
    c.json(await importaOfx(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .post('/cnab', requires(financeiro), jsonBody(importarExtratoSchema), async (c) =>
    c.json(await importaCnab(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .get(
    '/:contaId',
    requires(financeiro),
    pathParams(contaParams),
    queryParams(extratoLinhasQuerySchema),
    async (c) =>
      c.json(await listaExtrato(c.var.deps.db, c.req.valid('param').contaId, c.req.valid('query'))),
  )
  .post(
    '/:contaId/linhas',
    requires(financeiro),
    pathParams(contaParams),
    jsonBody(extratoLinhaManualSchema),
    async (c) =>
      c.json(
        await criaLinhaManual(c.var.deps.db, actorOf(c), c.req.valid('param').contaId, c.req.valid('json')),
        201,
      ),
  );
