import {
  funcionarioCreateSchema,
  funcionariosListQuerySchema,
  funcionarioUpdateSchema,
  guards,
  veiculoCreateSchema,
  veiculosListQuerySchema,
  veiculoUpdateSchema,
} from '@erp/shared';
import { Hono } from 'hono';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import {
  funcionarioExportColumns,
  funcionariosService,
  listMotoristas,
  listUsuariosParaVinculo,
} from './funcionarios.service.ts';
import { veiculoExportColumns, veiculosService } from './veiculos.service.ts';

// Guards of spec section 6: /frota/funcionarios and /frota/placas are admin and financeiro.
const frota = guards.adminFinanceiro;

export const frotaRoutes = new Hono<AppEnv>()
  .get('/funcionarios/usuarios', requires(frota), async (c) =>
    c.json(await listUsuariosParaVinculo(c.var.deps.db)),
  )
  .get('/funcionarios/motoristas', requires(frota), async (c) => c.json(await listMotoristas(c.var.deps.db)))
  .route(
    '/funcionarios',
    registerRoutes({
      permission: frota,
      schemas: {
        list: funcionariosListQuerySchema,
        create: funcionarioCreateSchema,
        update: funcionarioUpdateSchema,
      },
      service: funcionariosService,
      export: { fileBase: 'funcionarios', columns: funcionarioExportColumns },
    }),
  )
  .route(
    '/veiculos',
    registerRoutes({
      permission: frota,
      schemas: { list: veiculosListQuerySchema, create: veiculoCreateSchema, update: veiculoUpdateSchema },
      service: veiculosService,
      export: { fileBase: 'veiculos', columns: veiculoExportColumns },
    }),
  );
