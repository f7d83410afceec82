import {
  cancelamentoMdfeSchema,
  emissaoMdfeSchema,
  encerramentoMdfeSchema,
  guards,
  inclusaoCondutorSchema,
  inclusaoDfeSchema,
  mdfeListQuerySchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { damdfePdfDoMdfe } from './damdfe-mdfe.service.ts';
import {
  consultaEAdota,
  contextoMdfe,
  contingenciaMdfe,
  emiteMdfesDaCarga,
  transmiteMdfe,
} from './emissao-mdfe.service.ts';
import {
  cancelaMdfe,
  encerraMdfe,
  incluiCondutorMdfe,
  incluiDfeMdfe,
  naoEncerrados,
} from './eventos-mdfe.service.ts';
import { getMdfe, listMdfes, mdfesDaCarga, xmlDoEvento, xmlDoMdfe } from './mdfe-leitura.service.ts';

// /api/expedicao — the load's MDF-e (issue 33): admin and comercial, as the rest of Expedição
// (spec section 6). The screen /expedicao/mdfe («Manifestos (MDF-e)») and the load's page use it.
const p = guards.adminComercial;
const idParams = z.object({ id: uuidParam });
const eventoParams = z.object({ id: uuidParam, eventoId: uuidParam });

export const mdfeRoutes = new Hono<AppEnv>()
  .get('/mdfe', requires(p), queryParams(mdfeListQuerySchema), async (c) =>
    c.json(await listMdfes(c.var.deps.db, c.req.valid('query'))),
  )
  // asks SEFAZ (MDFeConsNaoEnc): a POST, as every conversation with SEFAZ
  .post('/mdfe/nao-encerrados', requires(p), async (c) =>
    c.json(await naoEncerrados(c.var.deps.db, c.var.deps)),
  )
  .get('/mdfe/:id', requires(p), pathParams(idParams), async (c) =>
    c.json(await getMdfe(c.var.deps.db, c.req.valid('param').id)),
  )
  .get('/mdfe/:id/xml', requires(p), pathParams(idParams), async (c) => {
    const { nome, xml } = await xmlDoMdfe(c.var.deps.db, c.req.valid('param').id);
    return c.body(xml, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${nome}"`,
    });
  })
  .get('/mdfe/:id/eventos/:eventoId/xml', requires(p), pathParams(eventoParams), async (c) => {
    const { id, eventoId } = c.req.valid('param');
    const { nome, xml } = await xmlDoEvento(c.var.deps.db, id, eventoId);
    return c.body(xml, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${nome}"`,
    });
  })
  .get('/mdfe/:id/damdfe.pdf', requires(p), pathParams(idParams), async (c) => {
    const { pdf, nome } = await damdfePdfDoMdfe(c.var.deps.db, c.req.valid('param').id);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${nome}"`,
    });
  })
  .post('/mdfe/:id/transmitir', requires(p), pathParams(idParams), async (c) => {
    const { id } = c.req.valid('param');
    const r = await transmiteMdfe(c.var.deps.db, c.var.deps, actorOf(c), id);
    return c.json({ resultado: r, mdfe: await getMdfe(c.var.deps.db, id) });
  })
  // SEFAZ unreachable: signed again in contingência (tpEmis 2) so the truck may leave with its DAMDFE
  .post('/mdfe/:id/contingencia', requires(p), pathParams(idParams), async (c) => {
    const { id } = c.req.valid('param');
    await contingenciaMdfe(c.var.deps.db, c.var.deps, actorOf(c), id);
    return c.json({ mdfe: await getMdfe(c.var.deps.db, id) });
  })
  .post('/mdfe/:id/consultar', requires(p), pathParams(idParams), async (c) => {
    const { id } = c.req.valid('param');
    const ctx = await contextoMdfe(c.var.deps.db, c.var.deps.config);
    const r = await consultaEAdota(c.var.deps.db, c.var.deps, actorOf(c), id, ctx.cliente);
    return c.json({ resultado: r, mdfe: await getMdfe(c.var.deps.db, id) });
  })
  .post(
    '/mdfe/:id/cancelar',
    requires(p),
    pathParams(idParams),
    jsonBody(cancelamentoMdfeSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const r = await cancelaMdfe(c.var.deps.db, c.var.deps, actorOf(c), id, c.req.valid('json'));
      return c.json({ resultado: r, mdfe: await getMdfe(c.var.deps.db, id) });
    },
  )
  .post(
    '/mdfe/:id/encerrar',
    requires(p),
    pathParams(idParams),
    jsonBody(encerramentoMdfeSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const r = await encerraMdfe(c.var.deps.db, c.var.deps, actorOf(c), id, c.req.valid('json'));
      return c.json({ resultado: r, mdfe: await getMdfe(c.var.deps.db, id) });
    },
  )
  .post(
    '/mdfe/:id/condutores',
    requires(p),
    pathParams(idParams),
    jsonBody(inclusaoCondutorSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const r = await incluiCondutorMdfe(c.var.deps.db, c.var.deps, actorOf(c), id, c.req.valid('json'));
      return c.json({ resultado: r, mdfe: await getMdfe(c.var.deps.db, id) });
    },
  )
  .post('/mdfe/:id/documentos', requires(p), pathParams(idParams), jsonBody(inclusaoDfeSchema), async (c) => {
    const { id } = c.req.valid('param');
    const r = await incluiDfeMdfe(c.var.deps.db, c.var.deps, actorOf(c), id, c.req.valid('json'));
    return c.json({ resultado: r, mdfe: await getMdfe(c.var.deps.db, id) });
  })
  .get('/cargas/:id/mdfe', requires(p), pathParams(idParams), async (c) =>
    c.json({ items: await mdfesDaCarga(c.var.deps.db, c.req.valid('param').id) }),
  )
  // «Emitir MDF-e»: 201 with the load's manifestos; a SEFAZ failure leaves them «assinado» (falhas)
  .post('/cargas/:id/mdfe', requires(p), pathParams(idParams), jsonBody(emissaoMdfeSchema), async (c) => {
    const { id } = c.req.valid('param');
    const r = await emiteMdfesDaCarga(c.var.deps.db, c.var.deps, actorOf(c), id, c.req.valid('json'));
    return c.json({ falhas: r.falhas, items: await mdfesDaCarga(c.var.deps.db, id) }, 201);
  });
