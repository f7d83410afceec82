import {
  emitirNotaSchema,
  guards,
  lacunasQuerySchema,
  notasSaidaListQuerySchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { geraDanfePdf } from '../nfe/danfe/danfe.ts';
import { emiteNotaDoPedido, regeraNota } from './emissao.service.ts';
import { getNotaSaida, listNotasSaida, xmlNotaSaida } from './notas-leitura.service.ts';
import { lacunasSerie } from './numeracao.service.ts';

// /api/notasfiscais/saida (admin, comercial — spec section 6): outgoing NF-e. POST invoices an
// order (README.md); the list, one note, its XML and its DANFE; the gaps of a série.

const p = guards.adminComercial;
const idParams = z.object({ id: uuidParam });

export const notasSaidaRoutes = new Hono<AppEnv>()
  .get('/', requires(p), queryParams(notasSaidaListQuerySchema), async (c) =>
    c.json(await listNotasSaida(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/', requires(p), jsonBody(emitirNotaSchema), async (c) => {
    const id = await emiteNotaDoPedido(
      c.var.deps.db,
      actorOf(c),
      c.var.deps.config.nfeSchemasDir,
      c.req.valid('json'),
    );
    return c.json(await getNotaSaida(c.var.deps.db, id), 201);
  })
  .post('/:id/regerar', requires(p), pathParams(idParams), async (c) => {
    const { id } = c.req.valid('param');
    await regeraNota(c.var.deps.db, actorOf(c), c.var.deps.config.nfeSchemasDir, id);
    return c.json(await getNotaSaida(c.var.deps.db, id));
  })
  .get('/lacunas', requires(p), queryParams(lacunasQuerySchema), async (c) =>
    c.json(await lacunasSerie(c.var.deps.db, c.req.valid('query').serie)),
  )
  .get('/:id', requires(p), pathParams(idParams), async (c) =>
    c.json(await getNotaSaida(c.var.deps.db, c.req.valid('param').id)),
  )
  .get('/:id/xml', requires(p), pathParams(idParams), async (c) => {
    const { nome, xml } = await xmlNotaSaida(c.var.deps.db, c.req.valid('param').id);
    return new Response(xml, {
      headers: {
        'content-type': 'application/xml; charset=utf-8',
        'content-disposition': `attachment; filename="${nome.replace(/[^\w.-]/g, '_')}"`,
      },
    });
  })
  .get('/:id/danfe', requires(p), pathParams(idParams), async (c) => {
    const { nome, xml } = await xmlNotaSaida(c.var.deps.db, c.req.valid('param').id);
    const pdf = await geraDanfePdf(xml);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${nome.replace(/-(procNFe|nfe)\.xml$/, '')}-danfe.pdf"`,
    });
  });
