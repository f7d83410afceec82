import {
  cancelarPedidoSchema,
  confirmarPedidoSchema,
  duplicarPedidoSchema,
  guardLiberacaoBloqueios,
  guards,
  hasAnyRole,
  kanbanQuerySchema,
  liberarBloqueioSchema,
  type Permission,
  pedidoCreateSchema,
  pedidosListQuerySchema,
  pedidoUpdateSchema,
  TIPOS_BLOQUEIO,
  transicaoPedidoSchema,
  uuidParam,
} from '@erp/shared';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { espelhoPdf } from './espelho-pdf.ts';
import { painelCliente } from './painel-cliente.service.ts';
import { calculoResposta } from './pedido-resposta.ts';
import {
  atualizaPedido,
  calculaPedidoServico,
  cancelaPedido,
  confirmaPedido,
  criaPedido,
  duplicaPedido,
  liberaBloqueio,
  transitaPedido,
} from './pedidos.service.ts';
import { getPedido, kanban, listPedidos } from './pedidos-leitura.service.ts';

// /api/comercial: sales orders (README.md, section API). Orders are written by admin and
// comercial; the approvers (financeiro, estoque) reach the list's "Bloqueados" view, the order they
// release and its release route, which is guarded by the releasing roles — each blocker type then
// by its own (podeLiberarBloqueio, 403 naming who may).

const p = guards.adminComercial;
/** The approvers too: financeiro and estoque see blocked orders only. */
const leitura: Permission = { roles: ['comercial', 'financeiro', 'estoque'] };
const idParams = z.object({ id: uuidParam });
const liberarParams = z.object({
  id: uuidParam,
  tipo: z.enum(TIPOS_BLOQUEIO, { error: 'Tipo de bloqueio inválido' }),
});
const liberarBody = liberarBloqueioSchema.omit({ tipo: true });

/** An approver without the comercial role (admin has every role). */
const soBloqueados = (c: Context<AppEnv>) => !hasAnyRole(c.var.user.roles, ['comercial']);

export const comercialRoutes = new Hono<AppEnv>()
  .get('/pedidos', requires(leitura), queryParams(pedidosListQuerySchema), async (c) =>
    c.json(await listPedidos(c.var.deps.db, c.req.valid('query'), soBloqueados(c))),
  )
  .post('/pedidos/calculo', requires(p), jsonBody(pedidoCreateSchema), async (c) =>
    c.json(calculoResposta(await calculaPedidoServico(c.var.deps.db, c.req.valid('json')))),
  )
  .post('/pedidos', requires(p), jsonBody(pedidoCreateSchema), async (c) => {
    const id = await criaPedido(c.var.deps.db, actorOf(c), c.req.valid('json'));
    return c.json(await getPedido(c.var.deps.db, id), 201);
  })
  .get('/pedidos/:id', requires(leitura), pathParams(idParams), async (c) =>
    c.json(await getPedido(c.var.deps.db, c.req.valid('param').id, soBloqueados(c))),
  )
  .get('/pedidos/:id/espelho.pdf', requires(leitura), pathParams(idParams), async (c) => {
    const pedido = await getPedido(c.var.deps.db, c.req.valid('param').id, soBloqueados(c));
    const pdf = await espelhoPdf(c.var.deps.db, pedido);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="pedido-${pedido.numero}.pdf"`,
    });
  })
  .put('/pedidos/:id', requires(p), pathParams(idParams), jsonBody(pedidoUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    await atualizaPedido(c.var.deps.db, actorOf(c), id, c.req.valid('json'));
    return c.json(await getPedido(c.var.deps.db, id));
  })
  .post(
    '/pedidos/:id/confirmar',
    requires(p),
    pathParams(idParams),
    jsonBody(confirmarPedidoSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await confirmaPedido(c.var.deps.db, actorOf(c), id, c.req.valid('json').versao);
      return c.json(await getPedido(c.var.deps.db, id));
    },
  )
  .post(
    '/pedidos/:id/duplicar',
    requires(p),
    pathParams(idParams),
    jsonBody(duplicarPedidoSchema),
    async (c) => {
      const id = await duplicaPedido(
        c.var.deps.db,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json').manter_precos,
      );
      return c.json(await getPedido(c.var.deps.db, id), 201);
    },
  )
  .post(
    '/pedidos/:id/cancelar',
    requires(p),
    pathParams(idParams),
    jsonBody(cancelarPedidoSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { motivo, versao } = c.req.valid('json');
      await cancelaPedido(c.var.deps.db, actorOf(c), id, motivo, versao);
      return c.json(await getPedido(c.var.deps.db, id));
    },
  )
  .post(
    '/pedidos/:id/transicao',
    requires(p),
    pathParams(idParams),
    jsonBody(transicaoPedidoSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await transitaPedido(c.var.deps.db, actorOf(c), id, c.req.valid('json'));
      return c.json(await getPedido(c.var.deps.db, id));
    },
  )
  .post(
    '/pedidos/:id/bloqueios/:tipo/liberar',
    requires(guardLiberacaoBloqueios),
    pathParams(liberarParams),
    jsonBody(liberarBody),
    async (c) => {
      const { id, tipo } = c.req.valid('param');
      await liberaBloqueio(
        c.var.deps.db,
        { ...actorOf(c), roles: c.var.user.roles },
        id,
        tipo,
        c.req.valid('json'),
      );
      return c.json(await getPedido(c.var.deps.db, id));
    },
  )
  .get('/clientes/:id/painel', requires(p), pathParams(idParams), async (c) =>
    c.json(await painelCliente(c.var.deps.db, c.req.valid('param').id)),
  )
  .get('/kanban', requires(p), queryParams(kanbanQuerySchema), async (c) =>
    c.json(await kanban(c.var.deps.db, c.req.valid('query'))),
  );
