import {
  cancelarDevolucaoSchema,
  devolucaoVendaCreateSchema,
  devolucoesListQuerySchema,
  guards,
  origemDevolucaoQuerySchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { cancelaDevolucao, emiteETransmite, transmiteNotaDaDevolucao } from './devolucoes-acoes.service.ts';
import {
  buscaOrigem,
  getDevolucao,
  listDevolucoes,
  notaParaDevolucao,
} from './devolucoes-leitura.service.ts';
import { criaDevolucaoVenda } from './devolucoes-venda.service.ts';
import {
  importaDevolucaoCliente,
  importarDevolucaoSchema,
  lancaDevolucaoCliente,
} from './importacao-devolucao.service.ts';

// /api/comercial/devolucoes — returns from customers (issue 32): admin and comercial, as the
// Comercial group (the screen /comercial/devolucoes). Creating the draft, emitting and sending its
// NF-e and cancelling are the commercial clerk's; the effects on stock, the note's receivables and
// the commission follow the document by rule, in its authorisation's transaction. Using or
// refunding the customer's crédito is the finance team's (/api/financeiro/creditos).
const perm = guards.adminComercial;
const idParams = z.object({ id: uuidParam });

export const devolucoesRoutes = new Hono<AppEnv>()
  .get('/', requires(perm), queryParams(devolucoesListQuerySchema), async (c) =>
    c.json(await listDevolucoes(c.var.deps.db, 'venda', c.req.valid('query'))),
  )
  .get('/origem', requires(perm), queryParams(origemDevolucaoQuerySchema), async (c) => {
    const id = await buscaOrigem(c.var.deps.db, c.req.valid('query').q);
    return c.json(await notaParaDevolucao(c.var.deps.db, id));
  })
  .get('/nota/:id', requires(perm), pathParams(idParams), async (c) =>
    c.json(await notaParaDevolucao(c.var.deps.db, c.req.valid('param').id)),
  )
  .post('/', requires(perm), jsonBody(devolucaoVendaCreateSchema), async (c) => {
    const id = await criaDevolucaoVenda(c.var.deps.db, actorOf(c), c.req.valid('json'));
    return c.json(await getDevolucao(c.var.deps.db, id), 201);
  })
  // the customer's own NF-e de devolução (XML in base64, as the goods-receipt import): a rascunho
  // 'terceiro' matched to the original note; «lançar» applies its effects (README-importacao.md)
  .post('/importar', requires(perm), jsonBody(importarDevolucaoSchema), async (c) =>
    c.json(
      await importaDevolucaoCliente(
        c.var.deps.db,
        actorOf(c),
        c.var.deps.config.nfeSchemasDir,
        c.req.valid('json'),
      ),
      201,
    ),
  )
  .get('/:id', requires(perm), pathParams(idParams), async (c) =>
    c.json(await getDevolucao(c.var.deps.db, c.req.valid('param').id)),
  )
  // emits our NF-e de devolução and sends it to SEFAZ (the answer carries the note's outcome)
  .post('/:id/emitir', requires(perm), pathParams(idParams), async (c) =>
    c.json(await emiteETransmite(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/lancar', requires(perm), pathParams(idParams), async (c) =>
    c.json(await lancaDevolucaoCliente(c.var.deps.db, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/transmitir', requires(perm), pathParams(idParams), async (c) =>
    c.json(await transmiteNotaDaDevolucao(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/cancelar', requires(perm), pathParams(idParams), jsonBody(cancelarDevolucaoSchema), async (c) =>
    c.json(
      await cancelaDevolucao(
        c.var.deps.db,
        c.var.deps,
        actorOf(c),
        c.req.valid('param').id,
        c.req.valid('json').motivo,
      ),
    ),
  );
