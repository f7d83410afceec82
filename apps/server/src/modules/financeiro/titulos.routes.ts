import {
  baixaEmLoteSchema,
  baixaSchema,
  businessToday,
  cancelamentoTituloSchema,
  encargosQuerySchema,
  estornoBaixaSchema,
  guards,
  type TipoTitulo,
  tituloCreateSchema,
  titulosListQuerySchema,
  tituloUpdateSchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { abatimentosDoTitulo } from './abatimentos.service.ts';
import { baixarEmLote } from './baixa-lote.service.ts';
import { editarTitulo } from './titulo-edicao.service.ts';
import {
  cancelarTituloPorId,
  createTitulos,
  encargosTitulo,
  estornarBaixaDoTitulo,
  getTitulo,
  listBaixas,
  listTitulos,
  registrarBaixa,
} from './titulos.service.ts';

// /api/financeiro/receber and /pagar: the same surface per tipo, admin and financeiro only.
const p = guards.adminFinanceiro;
const idParams = z.object({ id: uuidParam });

export function titulosRoutes(tipo: TipoTitulo) {
  return (
    new Hono<AppEnv>()
      .get('/', requires(p), queryParams(titulosListQuerySchema), async (c) =>
        c.json(await listTitulos(c.var.deps.db, tipo, c.req.valid('query'), businessToday())),
      )
      .post('/', requires(p), jsonBody(tituloCreateSchema), async (c) =>
        c.json(await createTitulos(c.var.deps.db, actorOf(c), tipo, c.req.valid('json')), 201),
      )
      .post('/baixas-em-lote', requires(p), jsonBody(baixaEmLoteSchema), async (c) =>
        c.json(await baixarEmLote(c.var.deps.db, actorOf(c), tipo, c.req.valid('json')), 201),
      )
      .post(
        '/baixas/:id/estorno',
        requires(p),
        pathParams(idParams),
        jsonBody(estornoBaixaSchema),
        async (c) =>
          c.json(
            await estornarBaixaDoTitulo(
              c.var.deps.db,
              actorOf(c),
              tipo,
              c.req.valid('param').id,
              c.req.valid('json').motivo,
            ),
          ),
      )
      .get('/:id', requires(p), pathParams(idParams), async (c) =>
        c.json(await getTitulo(c.var.deps.db, tipo, c.req.valid('param').id)),
      )
      .put('/:id', requires(p), pathParams(idParams), jsonBody(tituloUpdateSchema), async (c) =>
        c.json(
          await editarTitulo(c.var.deps.db, actorOf(c), tipo, c.req.valid('param').id, c.req.valid('json')),
        ),
      )
      .get('/:id/encargos', requires(p), pathParams(idParams), queryParams(encargosQuerySchema), async (c) =>
        c.json(await encargosTitulo(c.var.deps.db, tipo, c.req.valid('param').id, c.req.valid('query').data)),
      )
      .get('/:id/baixas', requires(p), pathParams(idParams), async (c) =>
        c.json(await listBaixas(c.var.deps.db, tipo, c.req.valid('param').id)),
      )
      // issue 32: the reductions that are not payments (a return's value, a crédito used)
      .get('/:id/abatimentos', requires(p), pathParams(idParams), async (c) =>
        c.json(await abatimentosDoTitulo(c.var.deps.db, c.req.valid('param').id)),
      )
      .post('/:id/baixas', requires(p), pathParams(idParams), jsonBody(baixaSchema), async (c) =>
        c.json(
          await registrarBaixa(c.var.deps.db, actorOf(c), tipo, c.req.valid('param').id, c.req.valid('json')),
          201,
        ),
      )
      .post(
        '/:id/cancelamento',
        requires(p),
        pathParams(idParams),
        jsonBody(cancelamentoTituloSchema),
        async (c) =>
          c.json(
            await cancelarTituloPorId(
              c.var.deps.db,
              actorOf(c),
              tipo,
              c.req.valid('param').id,
              c.req.valid('json').motivo,
            ),
          ),
      )
  );
}
