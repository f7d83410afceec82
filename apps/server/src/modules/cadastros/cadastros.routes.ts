import {
  classificacoesListQuerySchema,
  clienteCreateSchema,
  clientesListQuerySchema,
  clienteUpdateSchema,
  fornecedorCreateSchema,
  fornecedoresListQuerySchema,
  fornecedorUpdateSchema,
  grupoCreateSchema,
  grupoUpdateSchema,
  guards,
  regiaoCreateSchema,
  regiaoUpdateSchema,
  segmentoCreateSchema,
  segmentoUpdateSchema,
  situacaoCreateSchema,
  situacaoUpdateSchema,
  vendedorCreateSchema,
  vendedoresListQuerySchema,
  vendedorUpdateSchema,
} from '@erp/shared';
import { Hono } from 'hono';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import {
  grupoExportColumns,
  gruposService,
  regiaoExportColumns,
  regioesService,
  segmentoExportColumns,
  segmentosService,
  situacaoExportColumns,
  situacoesService,
} from './classificacoes.service.ts';
import { clienteExportColumns, clientesService } from './clientes.service.ts';
import { fornecedorExportColumns, fornecedoresService } from './fornecedores.service.ts';
import { listUsuariosParaVinculo, vendedorExportColumns, vendedoresService } from './vendedores.service.ts';

// Guards of spec section 6: clientes and vendedores admin/comercial; the other registers
// admin/comercial/estoque (admin passes every check).
const comercial = guards.adminComercial;
const comercialEstoque = guards.adminComercialEstoque;

export const cadastrosRoutes = new Hono<AppEnv>()
  .route(
    '/clientes',
    registerRoutes({
      permission: comercial,
      schemas: { list: clientesListQuerySchema, create: clienteCreateSchema, update: clienteUpdateSchema },
      service: clientesService,
      export: { fileBase: 'clientes', columns: clienteExportColumns },
    }),
  )
  .get('/vendedores/usuarios', requires(comercial), async (c) =>
    c.json(await listUsuariosParaVinculo(c.var.deps.db)),
  )
  .route(
    '/vendedores',
    registerRoutes({
      permission: comercial,
      schemas: {
        list: vendedoresListQuerySchema,
        create: vendedorCreateSchema,
        update: vendedorUpdateSchema,
      },
      service: vendedoresService,
      export: { fileBase: 'vendedores', columns: vendedorExportColumns },
    }),
  )
  .route(
    '/fornecedores',
    registerRoutes({
      permission: comercialEstoque,
      schemas: {
        list: fornecedoresListQuerySchema,
        create: fornecedorCreateSchema,
        update: fornecedorUpdateSchema,
      },
      service: fornecedoresService,
      export: { fileBase: 'fornecedores', columns: fornecedorExportColumns },
    }),
  )
  .route(
    '/grupos',
    registerRoutes({
      permission: comercialEstoque,
      schemas: { list: classificacoesListQuerySchema, create: grupoCreateSchema, update: grupoUpdateSchema },
      service: gruposService,
      export: { fileBase: 'grupos-empresariais', columns: grupoExportColumns },
    }),
  )
  .route(
    '/segmentos',
    registerRoutes({
      permission: comercialEstoque,
      schemas: {
        list: classificacoesListQuerySchema,
        create: segmentoCreateSchema,
        update: segmentoUpdateSchema,
      },
      service: segmentosService,
      export: { fileBase: 'segmentos', columns: segmentoExportColumns },
    }),
  )
  .route(
    '/regioes',
    registerRoutes({
      permission: comercialEstoque,
      schemas: {
        list: classificacoesListQuerySchema,
        create: regiaoCreateSchema,
        update: regiaoUpdateSchema,
      },
      service: regioesService,
      export: { fileBase: 'regioes-entrega', columns: regiaoExportColumns },
    }),
  )
  .route(
    '/situacoes',
    registerRoutes({
      permission: comercialEstoque,
      schemas: {
        list: classificacoesListQuerySchema,
        create: situacaoCreateSchema,
        update: situacaoUpdateSchema,
      },
      service: situacoesService,
      export: { fileBase: 'situacoes-cliente', columns: situacaoExportColumns },
    }),
  );
