import { guards, reembolsoCreditoSchema, usarCreditoSchema, uuidParam } from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams } from '../../lib/validate.ts';
import { creditoDoCliente, reembolsaCredito, usaCredito } from './creditos.service.ts';

// /api/financeiro/creditos — the crédito do cliente left by returns (issue 32): admin and financeiro.
const perm = guards.adminFinanceiro;
const idParams = z.object({ id: uuidParam });

export const creditosRoutes = new Hono<AppEnv>()
  .get('/clientes/:id', requires(perm), pathParams(idParams), async (c) =>
    c.json(await creditoDoCliente(c.var.deps.db, c.req.valid('param').id)),
  )
  .post('/clientes/:id/usar', requires(perm), pathParams(idParams), jsonBody(usarCreditoSchema), async (c) =>
    c.json(await usaCredito(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post(
    '/clientes/:id/reembolsar',
    requires(perm),
    pathParams(idParams),
    jsonBody(reembolsoCreditoSchema),
    async (c) =>
      c.json(
        await reembolsaCredito(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
        201,
      ),
  );
