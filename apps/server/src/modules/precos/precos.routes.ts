import {
  consultaPrecoQuerySchema,
  consultaPrecosPedidoSchema,
  copiaTabelaSchema,
  guards,
  importacaoPrecosSchema,
  itemTabelaPrecoSchema,
  itensTabelaPrecoListQuerySchema,
  reajusteSchema,
  screenPermission,
  tabelaPrecoCreateSchema,
  tabelaPrecoUpdateSchema,
  tabelasPrecoListQuerySchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { formBody, jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { getItem, listaItens, removeItem, salvaItem } from './itens-tabela.service.ts';
import { exportaItens, importaItens } from './planilha-precos.service.ts';
import { consultaPreco, consultaPrecosPedido } from './preco.service.ts';
import { aplicaReajuste, previaReajuste } from './reajuste.service.ts';
import { copiaTabelaPreco, tabelaPrecoExportColumns, tabelasPrecoService } from './tabelas-preco.service.ts';

// /api/precos. Price tables are managed under the shared route table's entry of their screen,
// /estoque/tabela-precos (admin only);
// the price of a sale is asked by those who sell (admin, comercial): the orders screen and its
// "Por que este preço?".

const admin = screenPermission('/estoque/tabela-precos');
const vendas = guards.adminComercial;

const tabelaParams = z.object({ id: uuidParam });
const itemParams = z.object({ id: uuidParam, produtoId: uuidParam });

const tabelas = new Hono<AppEnv>()
  .get(
    '/:id/itens',
    requires(admin),
    pathParams(tabelaParams),
    queryParams(itensTabelaPrecoListQuerySchema),
    async (c) => c.json(await listaItens(c.var.deps.db, c.req.valid('param').id, c.req.valid('query'))),
  )
  .get('/:id/itens/export', requires(admin), pathParams(tabelaParams), (c) =>
    exportaItens(c.var.deps.db, c.req.valid('param').id),
  )
  .post(
    '/:id/itens/importacao',
    requires(admin),
    pathParams(tabelaParams),
    formBody(importacaoPrecosSchema),
    async (c) =>
      c.json(
        await importaItens(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('form').arquivo),
      ),
  )
  .get('/:id/itens/:produtoId', requires(admin), pathParams(itemParams), async (c) => {
    const { id, produtoId } = c.req.valid('param');
    return c.json(await getItem(c.var.deps.db, id, produtoId));
  })
  .put(
    '/:id/itens/:produtoId',
    requires(admin),
    pathParams(itemParams),
    jsonBody(itemTabelaPrecoSchema),
    async (c) => {
      const { id, produtoId } = c.req.valid('param');
      return c.json(await salvaItem(c.var.deps.db, actorOf(c), id, produtoId, c.req.valid('json')));
    },
  )
  .delete('/:id/itens/:produtoId', requires(admin), pathParams(itemParams), async (c) => {
    const { id, produtoId } = c.req.valid('param');
    await removeItem(c.var.deps.db, actorOf(c), id, produtoId);
    return c.body(null, 204);
  })
  .post(
    '/:id/reajuste/previa',
    requires(admin),
    pathParams(tabelaParams),
    jsonBody(reajusteSchema),
    async (c) => c.json(await previaReajuste(c.var.deps.db, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/reajuste', requires(admin), pathParams(tabelaParams), jsonBody(reajusteSchema), async (c) =>
    c.json(await aplicaReajuste(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/copia', requires(admin), pathParams(tabelaParams), jsonBody(copiaTabelaSchema), async (c) =>
    c.json(
      await copiaTabelaPreco(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')),
      201,
    ),
  )
  .route(
    '/',
    registerRoutes({
      permission: admin,
      schemas: {
        list: tabelasPrecoListQuerySchema,
        create: tabelaPrecoCreateSchema,
        update: tabelaPrecoUpdateSchema,
      },
      service: tabelasPrecoService,
      export: { fileBase: 'tabelas-precos', columns: tabelaPrecoExportColumns },
    }),
  );

export const precosRoutes = new Hono<AppEnv>()
  .get('/preco', requires(vendas), queryParams(consultaPrecoQuerySchema), async (c) =>
    c.json(await consultaPreco(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/preco/pedido', requires(vendas), jsonBody(consultaPrecosPedidoSchema), async (c) =>
    c.json(await consultaPrecosPedido(c.var.deps.db, c.req.valid('json'))),
  )
  .route('/tabelas', tabelas);
