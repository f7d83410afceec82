import { cancelarNotaSchema, cartaCorrecaoSchema, guards, inutilizacaoSchema, uuidParam } from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams } from '../../lib/validate.ts';
import { encerraContingenciaVerificada } from './contingencia.service.ts';
import {
  cancelaNota,
  cartaCorrecaoNota,
  inutilizaFaixa,
  listaInutilizacoes,
  reenviaEmailNota,
} from './eventos-nota.service.ts';
import { consultaNota, listaEventosNota, transmiteNota } from './transmissao.service.ts';

// /api/notasfiscais/saida — the SEFAZ actions of the outgoing notes (#20): admin and comercial,
// like the screen (spec section 6).
const perm = guards.adminComercial;
const idParams = z.object({ id: uuidParam });

export const transmissaoRoutes = new Hono<AppEnv>()
  .post('/inutilizacao', requires(perm), jsonBody(inutilizacaoSchema), async (c) =>
    c.json(await inutilizaFaixa(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('json')), 201),
  )
  .get('/inutilizacoes', requires(perm), async (c) =>
    c.json({ items: await listaInutilizacoes(c.var.deps.db) }),
  )
  // leaving the contingência SVC by hand (the shell's banner links here): only once SEFAZ answers 107
  .post('/contingencia/encerrar', requires(perm), async (c) =>
    c.json(await encerraContingenciaVerificada(c.var.deps.db, c.var.deps, actorOf(c))),
  )
  .post('/:id/transmitir', requires(perm), pathParams(idParams), async (c) =>
    c.json(await transmiteNota(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/consultar', requires(perm), pathParams(idParams), async (c) =>
    c.json(await consultaNota(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/cancelar', requires(perm), pathParams(idParams), jsonBody(cancelarNotaSchema), async (c) =>
    c.json(
      await cancelaNota(
        c.var.deps.db,
        c.var.deps,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json').justificativa,
      ),
    ),
  )
  .post(
    '/:id/carta-correcao',
    requires(perm),
    pathParams(idParams),
    jsonBody(cartaCorrecaoSchema),
    async (c) =>
      c.json(
        await cartaCorrecaoNota(
          c.var.deps.db,
          c.var.deps,
          actorOf(c),
          c.req.valid('param').id,
          c.req.valid('json').correcao,
        ),
        201,
      ),
  )
  .get('/:id/eventos', requires(perm), pathParams(idParams), async (c) =>
    c.json({ items: await listaEventosNota(c.var.deps.db, c.req.valid('param').id) }),
  )
  .post('/:id/reenviar-email', requires(perm), pathParams(idParams), async (c) =>
    c.json(await reenviaEmailNota(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('param').id)),
  );
