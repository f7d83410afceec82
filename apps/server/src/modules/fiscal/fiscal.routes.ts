import {
  configuracaoFiscalEntradaSchema,
  enviarCertificadoSchema,
  guards,
  mdfeConfiguracaoSchema,
  nfeSerieSchema,
  nfeSerieUpdateSchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams } from '../../lib/validate.ts';
import { leMdfeConfiguracao, salvaMdfeConfiguracao } from '../mdfe/mdfe-configuracao.service.ts';
import { enviaCertificado, infoCertificado, removeCertificado } from './certificado.service.ts';
import { leConfiguracaoFiscal, salvaConfiguracaoFiscal } from './configuracao-fiscal.service.ts';
import { atualizaSerie, criaSerie, listaSeries } from './series.service.ts';

// /api/fiscal — fiscal settings of /configuracoes/fiscais: admin only (spec section 6).
const admin = guards.adminOnly;
const idParams = z.object({ id: uuidParam });

export const fiscalRoutes = new Hono<AppEnv>()
  .get('/configuracao', requires(admin), async (c) => c.json(await leConfiguracaoFiscal(c.var.deps.db)))
  .put('/configuracao', requires(admin), jsonBody(configuracaoFiscalEntradaSchema), async (c) =>
    c.json(await salvaConfiguracaoFiscal(c.var.deps.db, actorOf(c), c.req.valid('json'))),
  )
  .get('/series', requires(admin), async (c) => c.json({ items: await listaSeries(c.var.deps.db) }))
  .post('/series', requires(admin), jsonBody(nfeSerieSchema), async (c) =>
    c.json(await criaSerie(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .put('/series/:id', requires(admin), pathParams(idParams), jsonBody(nfeSerieUpdateSchema), async (c) =>
    c.json(await atualizaSerie(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  // the NF-e XSD package the server validates with (docs/decisions/0006-pacote-xsd-nfe.md)
  .get('/schemas', requires(admin), (c) =>
    c.json({ nfe: c.var.deps.config.nfeSchemas, mdfe: c.var.deps.config.mdfeSchemas }),
  )
  .get('/mdfe', requires(admin), async (c) => c.json(await leMdfeConfiguracao(c.var.deps.db)))
  .put('/mdfe', requires(admin), jsonBody(mdfeConfiguracaoSchema), async (c) =>
    c.json(await salvaMdfeConfiguracao(c.var.deps.db, actorOf(c), c.req.valid('json'))),
  )
  .get('/certificado', requires(admin), async (c) =>
    c.json({ certificado: await infoCertificado(c.var.deps.db) }),
  )
  .post('/certificado', requires(admin), jsonBody(enviarCertificadoSchema), async (c) =>
    c.json({ certificado: await enviaCertificado(c.var.deps.db, actorOf(c), c.req.valid('json')) }, 201),
  )
  .delete('/certificado', requires(admin), async (c) => {
    await removeCertificado(c.var.deps.db, actorOf(c));
    return c.body(null, 204);
  });
