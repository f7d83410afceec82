import { guards, sugestaoCompraQuerySchema, sugestaoParaPedidoSchema } from '@erp/shared';
import { Hono } from 'hono';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, queryParams } from '../../lib/validate.ts';
import { getPedidoCompra } from './pedidos-compra-leitura.service.ts';
import { sugestaoCompra, sugestaoParaPedido } from './sugestao-compra.service.ts';

// /api/compras/sugestao — the purchase suggestion of a supplier and its «Gerar pedido de compra»
// (issue 34): the buyers (guards.compras: admin, estoque).
export const sugestaoCompraRoutes = new Hono<AppEnv>()
  .get('/sugestao', requires(guards.compras), queryParams(sugestaoCompraQuerySchema), async (c) =>
    c.json(await sugestaoCompra(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/sugestao/pedido', requires(guards.compras), jsonBody(sugestaoParaPedidoSchema), async (c) => {
    const id = await sugestaoParaPedido(c.var.deps.db, actorOf(c), c.req.valid('json'));
    return c.json(await getPedidoCompra(c.var.deps.db, id), 201);
  });
