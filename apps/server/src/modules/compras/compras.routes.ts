import {
  cancelarPedidoCompraSchema,
  configuracaoComprasSchema,
  emPedidoQuerySchema,
  encerrarItensPedidoCompraSchema,
  guards,
  pedidoCompraSchema,
  pedidoCompraUpdateSchema,
  pedidosCompraListQuerySchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import {
  exigeComprasOuAprovador,
  gravaConfiguracaoCompras,
  lerConfiguracaoCompras,
  lerPadroesSugestao,
  lerToleranciasRecebimento,
} from './configuracao-compras.service.ts';
import { enviaPedidoCompra } from './envio-pedido-compra.service.ts';
import { pedidoCompraPdf } from './pedido-compra-pdf.ts';
import {
  aprovaPedidoCompra,
  atualizaPedidoCompra,
  cancelaPedidoCompra,
  criaPedidoCompra,
  encerraItensPedidoCompra,
} from './pedidos-compra.service.ts';
import { getPedidoCompra, listPedidosCompra, quantidadesEmPedido } from './pedidos-compra-leitura.service.ts';

// /api/compras — purchase orders (issue 34): admin and estoque (guards.compras). Approval above
// the company's limit is checked in the service (admin, or a role listed in the setting
// compras_papeis_aprovadores); the settings themselves are edited by the admin.
const perm = guards.compras;
/** An order, its PDF and «Aprovar»: also for a role the company lists as approver (checked inside). */
const permAprovacao = guards.comprasAprovacao;
const idParams = z.object({ id: uuidParam });

export const comprasRoutes = new Hono<AppEnv>()
  .get('/pedidos', requires(perm), queryParams(pedidosCompraListQuerySchema), async (c) =>
    c.json(await listPedidosCompra(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/pedidos', requires(perm), jsonBody(pedidoCompraSchema), async (c) => {
    const id = await criaPedidoCompra(c.var.deps.db, actorOf(c), c.req.valid('json'));
    return c.json(await getPedidoCompra(c.var.deps.db, id), 201);
  })
  .get('/pedidos/:id', requires(permAprovacao), pathParams(idParams), async (c) => {
    await exigeComprasOuAprovador(c.var.deps.db, c.var.user.roles);
    return c.json(await getPedidoCompra(c.var.deps.db, c.req.valid('param').id));
  })
  .put(
    '/pedidos/:id',
    requires(perm),
    pathParams(idParams),
    jsonBody(pedidoCompraUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await atualizaPedidoCompra(c.var.deps.db, actorOf(c), id, c.req.valid('json'));
      return c.json(await getPedidoCompra(c.var.deps.db, id));
    },
  )
  .get('/pedidos/:id/pdf', requires(permAprovacao), pathParams(idParams), async (c) => {
    await exigeComprasOuAprovador(c.var.deps.db, c.var.user.roles);
    const p = await getPedidoCompra(c.var.deps.db, c.req.valid('param').id);
    const pdf = await pedidoCompraPdf(c.var.deps.db, p);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="pedido-compra-${p.numero}.pdf"`,
    });
  })
  .post('/pedidos/:id/aprovar', requires(permAprovacao), pathParams(idParams), async (c) => {
    await exigeComprasOuAprovador(c.var.deps.db, c.var.user.roles);
    const { id } = c.req.valid('param');
    await aprovaPedidoCompra(c.var.deps.db, actorOf(c), c.var.user.roles, id);
    return c.json(await getPedidoCompra(c.var.deps.db, id));
  })
  .post('/pedidos/:id/enviar', requires(perm), pathParams(idParams), async (c) => {
    const { id } = c.req.valid('param');
    await enviaPedidoCompra(c.var.deps.db, c.var.deps, actorOf(c), id);
    return c.json(await getPedidoCompra(c.var.deps.db, id));
  })
  .post(
    '/pedidos/:id/cancelar',
    requires(perm),
    pathParams(idParams),
    jsonBody(cancelarPedidoCompraSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await cancelaPedidoCompra(c.var.deps.db, actorOf(c), id, c.req.valid('json').motivo);
      return c.json(await getPedidoCompra(c.var.deps.db, id));
    },
  )
  .post(
    '/pedidos/:id/encerrar-itens',
    requires(perm),
    pathParams(idParams),
    jsonBody(encerrarItensPedidoCompraSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await encerraItensPedidoCompra(c.var.deps.db, actorOf(c), id, c.req.valid('json'));
      return c.json(await getPedidoCompra(c.var.deps.db, id));
    },
  )
  .get('/em-pedido', requires(perm), queryParams(emPedidoQuerySchema), async (c) =>
    c.json({ itens: await quantidadesEmPedido(c.var.deps.db, c.req.valid('query').produto_ids) }),
  )
  .get('/configuracao', requires(perm), async (c) => c.json(await configuracaoCompleta(c.var.deps.db)))
  .put('/configuracao', requires(guards.adminOnly), jsonBody(configuracaoComprasSchema), async (c) => {
    await gravaConfiguracaoCompras(c.var.deps.db, actorOf(c), c.req.valid('json'));
    return c.json(await configuracaoCompleta(c.var.deps.db));
  });

/**
 * The approval settings, the receipt-vs-order tolerances and the suggestion's defaults, as
 * GET|PUT /configuracao answer them.
 */
async function configuracaoCompleta(db: Db) {
  const tol = await lerToleranciasRecebimento(db);
  return {
    ...(await lerConfiguracaoCompras(db)),
    tolerancia_quantidade_percentual: tol.quantidade_percentual,
    tolerancia_preco_percentual: tol.preco_percentual,
    ...(await lerPadroesSugestao(db)),
  };
}
