import { guards, uuidParam } from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { pathParams } from '../../lib/validate.ts';
import { faturaCarga, progressoFaturamento, reprocessaPedido } from './faturamento.service.ts';
import { documentosCargaPdf } from './faturamento-pdf.ts';

// /api/expedicao — «Faturar carga» (README): queue the load's orders, follow the progress, retry one
// order, the driver's PDF (every DANFE + the romaneio). Admin and comercial (spec section 6).

const p = guards.adminComercial;
const idParams = z.object({ id: uuidParam });
const pedidoParams = z.object({ id: uuidParam, pedidoId: uuidParam });

export const faturamentoRoutes = new Hono<AppEnv>()
  .post('/cargas/:id/faturar', requires(p), pathParams(idParams), async (c) => {
    const id = c.req.valid('param').id;
    const r = await faturaCarga(c.var.deps, actorOf(c), id);
    return c.json({ ...r, progresso: await progressoFaturamento(c.var.deps, id) }, 202);
  })
  .get('/cargas/:id/faturamento', requires(p), pathParams(idParams), async (c) =>
    c.json(await progressoFaturamento(c.var.deps, c.req.valid('param').id)),
  )
  .post('/cargas/:id/faturamento/:pedidoId/reprocessar', requires(p), pathParams(pedidoParams), async (c) => {
    const { id, pedidoId } = c.req.valid('param');
    return c.json(await reprocessaPedido(c.var.deps, actorOf(c), id, pedidoId), 202);
  })
  .get('/cargas/:id/documentos.pdf', requires(p), pathParams(idParams), async (c) => {
    const { pdf, numero } = await documentosCargaPdf(c.var.deps.db, c.req.valid('param').id);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="documentos-carga-${numero}.pdf"`,
    });
  });
