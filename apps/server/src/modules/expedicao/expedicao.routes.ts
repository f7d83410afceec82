import {
  cargaCreateSchema,
  cargaPedidosSchema,
  cargaSequenciaSchema,
  cargasListQuerySchema,
  cargaTransicaoSchema,
  cargaUpdateSchema,
  conferenciaInicioSchema,
  conferenciaPedidosQuerySchema,
  entregaSchema,
  guards,
  leituraSchema,
  montagemQuerySchema,
  recontarSchema,
  uuidParam,
} from '@erp/shared';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { encerraMdfesDaCarga } from '../mdfe/eventos-mdfe.service.ts';
import {
  adicionaPedidos,
  atualizaCarga,
  criaCarga,
  registraEntrega,
  removePedido,
  sequenciaCarga,
  transitaCarga,
} from './cargas.service.ts';
import { getCarga, listCargas, opcoesCarga, pedidosDisponiveis } from './cargas-leitura.service.ts';
import {
  ajustaPedidoPelaConferencia,
  finalizaConferencia,
  getConferencia,
  iniciaConferencia,
  pedidosParaConferencia,
  recontaProduto,
  registraLeitura,
  removeLeitura,
} from './conferencia.service.ts';
import { mapaSeparacaoPdf, romaneioPdf } from './expedicao-pdf.ts';

// /api/expedicao (README.md): loads, their assembly, picking list and romaneio PDFs, the blind check
// and the stops' return. Spec section 6: /expedicao/* is admin and comercial.

const p = guards.adminComercial;
const idParams = z.object({ id: uuidParam });
const pedidoParams = z.object({ id: uuidParam, pedidoId: uuidParam });
const leituraParams = z.object({
  id: uuidParam,
  leituraId: z.coerce
    .number({ error: 'Leitura inválida' })
    .int('Leitura inválida')
    .min(1, 'Leitura inválida')
    .max(Number.MAX_SAFE_INTEGER, 'Leitura inválida'),
});

const ator = (c: Context<AppEnv>) => ({ ...actorOf(c), roles: c.var.user.roles });

const pdfResposta = (c: Context<AppEnv>, pdf: Buffer, nome: string) =>
  c.body(new Uint8Array(pdf), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${nome}"`,
  });

export const expedicaoRoutes = new Hono<AppEnv>()
  .get('/cargas', requires(p), queryParams(cargasListQuerySchema), async (c) =>
    c.json(await listCargas(c.var.deps.db, c.req.valid('query'))),
  )
  .get('/opcoes', requires(p), async (c) => c.json(await opcoesCarga(c.var.deps.db)))
  .get('/montagem/pedidos', requires(p), queryParams(montagemQuerySchema), async (c) =>
    c.json(await pedidosDisponiveis(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/cargas', requires(p), jsonBody(cargaCreateSchema), async (c) => {
    const id = await criaCarga(c.var.deps.db, ator(c), c.req.valid('json'));
    return c.json(await getCarga(c.var.deps.db, id), 201);
  })
  .get('/cargas/:id', requires(p), pathParams(idParams), async (c) =>
    c.json(await getCarga(c.var.deps.db, c.req.valid('param').id)),
  )
  .put('/cargas/:id', requires(p), pathParams(idParams), jsonBody(cargaUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    await atualizaCarga(c.var.deps.db, ator(c), id, c.req.valid('json'));
    return c.json(await getCarga(c.var.deps.db, id));
  })
  .post('/cargas/:id/pedidos', requires(p), pathParams(idParams), jsonBody(cargaPedidosSchema), async (c) => {
    const { id } = c.req.valid('param');
    await adicionaPedidos(c.var.deps.db, ator(c), id, c.req.valid('json'));
    return c.json(await getCarga(c.var.deps.db, id));
  })
  .delete('/cargas/:id/pedidos/:pedidoId', requires(p), pathParams(pedidoParams), async (c) => {
    const { id, pedidoId } = c.req.valid('param');
    await removePedido(c.var.deps.db, ator(c), id, pedidoId);
    return c.json(await getCarga(c.var.deps.db, id));
  })
  .put(
    '/cargas/:id/sequencia',
    requires(p),
    pathParams(idParams),
    jsonBody(cargaSequenciaSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await sequenciaCarga(c.var.deps.db, ator(c), id, c.req.valid('json'));
      return c.json(await getCarga(c.var.deps.db, id));
    },
  )
  .post(
    '/cargas/:id/transicao',
    requires(p),
    pathParams(idParams),
    jsonBody(cargaTransicaoSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      // finalizar closes the load's MDF-e at SEFAZ first (encerramento); a failure keeps it em rota
      if (body.para === 'finalizada') await encerraMdfesDaCarga(c.var.deps.db, c.var.deps, ator(c), id);
      await transitaCarga(c.var.deps.db, ator(c), id, body);
      return c.json(await getCarga(c.var.deps.db, id));
    },
  )
  .put(
    '/cargas/:id/pedidos/:pedidoId/entrega',
    requires(p),
    pathParams(pedidoParams),
    jsonBody(entregaSchema),
    async (c) => {
      const { id, pedidoId } = c.req.valid('param');
      await registraEntrega(c.var.deps.db, ator(c), id, pedidoId, c.req.valid('json'));
      return c.json(await getCarga(c.var.deps.db, id));
    },
  )
  .get('/cargas/:id/mapa-separacao.pdf', requires(p), pathParams(idParams), async (c) => {
    const carga = await getCarga(c.var.deps.db, c.req.valid('param').id);
    return pdfResposta(
      c,
      await mapaSeparacaoPdf(c.var.deps.db, carga),
      `mapa-separacao-carga-${carga.numero}.pdf`,
    );
  })
  .get('/cargas/:id/romaneio.pdf', requires(p), pathParams(idParams), async (c) => {
    const carga = await getCarga(c.var.deps.db, c.req.valid('param').id);
    return pdfResposta(c, await romaneioPdf(carga), `romaneio-carga-${carga.numero}.pdf`);
  })
  .get('/conferencia/pedidos', requires(p), queryParams(conferenciaPedidosQuerySchema), async (c) =>
    c.json(await pedidosParaConferencia(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/conferencias', requires(p), jsonBody(conferenciaInicioSchema), async (c) => {
    const id = await iniciaConferencia(c.var.deps.db, actorOf(c), c.req.valid('json').pedido_id);
    return c.json(await getConferencia(c.var.deps.db, id), 201);
  })
  .get('/conferencias/:id', requires(p), pathParams(idParams), async (c) =>
    c.json(await getConferencia(c.var.deps.db, c.req.valid('param').id)),
  )
  .post(
    '/conferencias/:id/leituras',
    requires(p),
    pathParams(idParams),
    jsonBody(leituraSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await registraLeitura(c.var.deps.db, actorOf(c), id, c.req.valid('json'));
      return c.json(await getConferencia(c.var.deps.db, id));
    },
  )
  .delete('/conferencias/:id/leituras/:leituraId', requires(p), pathParams(leituraParams), async (c) => {
    const { id, leituraId } = c.req.valid('param');
    await removeLeitura(c.var.deps.db, actorOf(c), id, leituraId);
    return c.json(await getConferencia(c.var.deps.db, id));
  })
  .post('/conferencias/:id/finalizar', requires(p), pathParams(idParams), async (c) => {
    const { id } = c.req.valid('param');
    await finalizaConferencia(c.var.deps.db, actorOf(c), id);
    return c.json(await getConferencia(c.var.deps.db, id));
  })
  .post(
    '/conferencias/:id/recontar',
    requires(p),
    pathParams(idParams),
    jsonBody(recontarSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await recontaProduto(c.var.deps.db, actorOf(c), id, c.req.valid('json').produto_id);
      return c.json(await getConferencia(c.var.deps.db, id));
    },
  )
  .post('/conferencias/:id/ajustar', requires(p), pathParams(idParams), async (c) => {
    const { id } = c.req.valid('param');
    await ajustaPedidoPelaConferencia(c.var.deps.db, actorOf(c), id);
    return c.json(await getConferencia(c.var.deps.db, id));
  });
