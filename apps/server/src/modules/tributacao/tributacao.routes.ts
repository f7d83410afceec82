import {
  guards,
  regrasTributacaoListQuerySchema,
  regraTributacaoSchema,
  regraTributacaoUpdateSchema,
  simulacaoTributacaoSchema,
} from '@erp/shared';
import { Hono } from 'hono';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { jsonBody } from '../../lib/validate.ts';
import { regraExportColumns, regrasService } from './regras.service.ts';
import { simulaTributacao } from './simulacao.service.ts';

// Spec section 6: /estoque/tabela-tributacao is admin only — the rules and "Simular" alike.
const admin = guards.adminOnly;

export const tributacaoRoutes = new Hono<AppEnv>()
  .route(
    '/regras',
    registerRoutes({
      permission: admin,
      schemas: {
        list: regrasTributacaoListQuerySchema,
        create: regraTributacaoSchema,
        update: regraTributacaoUpdateSchema,
      },
      service: regrasService,
      export: { fileBase: 'regras-tributacao', columns: regraExportColumns },
    }),
  )
  .post('/simular', requires(admin), jsonBody(simulacaoTributacaoSchema), async (c) =>
    c.json(await simulaTributacao(c.var.deps.db, c.req.valid('json'))),
  );
