import {
  atualizarEntradaSchema,
  conferenciaSchema,
  entradaManualSchema,
  entradasListQuerySchema,
  estornarEntradaSchema,
  guards,
  importarEntradasSchema,
  mapearItemSchema,
  notasEntradaListQuerySchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import {
  defineLinhaDoItem,
  gravaJustificativaDivergencia,
  justificativaDivergenciaSchema,
  linhaPedidoDoItemSchema,
  vinculaPedidoCompra,
  vincularPedidoCompraSchema,
} from '../compras/recebimento-pedido.service.ts';
import { condicoesAtivas } from '../financeiro/condicoes-pagamento.service.ts';
import { danfeDaEntrada } from './danfe-entrada.service.ts';
import {
  atualizaEntrada,
  confereEntrada,
  confirmaAssinatura,
  criaEntradaManual,
  criaFornecedorDoEmitente,
  excluiEntrada,
  mapeiaItem,
} from './edicao.service.ts';
import { getEntrada, listEntradas, notaDaEntrada, xmlDaEntrada } from './entradas.service.ts';
import { importaEntradas } from './importacao.service.ts';
import { estornaEntrada, lancaEntrada } from './lancamento.service.ts';

// Spec section 6: /estoque/entradas is admin and estoque; /notasfiscais/entrada admin and comercial.
const estoque = guards.adminEstoque;
const comercial = guards.adminComercial;

const idParams = z.object({ id: uuidParam });
const itemParams = z.object({ id: uuidParam, itemId: uuidParam });

function xmlResponse(nome: string, bytes: Uint8Array) {
  return new Response(Buffer.from(bytes), {
    headers: {
      'content-type': 'application/xml',
      'content-disposition': `attachment; filename="${nome.replace(/[^\w.-]/g, '_')}"`,
    },
  });
}

function pdfResponse({ nome, pdf }: { nome: string; pdf: Buffer }) {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${nome.replace(/[^\w.-]/g, '_')}"`,
    },
  });
}

/** /api/estoque/entradas */
export const entradasRoutes = new Hono<AppEnv>()
  .get('/', requires(estoque), queryParams(entradasListQuerySchema), async (c) =>
    c.json(await listEntradas(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/importar', requires(estoque), jsonBody(importarEntradasSchema), async (c) =>
    c.json(
      await importaEntradas(c.var.deps.db, actorOf(c), c.var.deps.config.nfeSchemasDir, c.req.valid('json')),
      200,
    ),
  )
  .post('/manual', requires(estoque), jsonBody(entradaManualSchema), async (c) =>
    c.json(await criaEntradaManual(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  // the condição for payables when the note has no <dup>: estoque may not open the finance register
  .get('/condicoes-pagamento', requires(estoque), async (c) =>
    c.json({ items: await condicoesAtivas(c.var.deps.db) }),
  )
  .get('/:id', requires(estoque), pathParams(idParams), async (c) =>
    c.json(await getEntrada(c.var.deps.db, c.req.valid('param').id)),
  )
  .put('/:id', requires(estoque), pathParams(idParams), jsonBody(atualizarEntradaSchema), async (c) =>
    c.json(await atualizaEntrada(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', requires(estoque), pathParams(idParams), async (c) => {
    await excluiEntrada(c.var.deps.db, actorOf(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .get('/:id/xml', requires(estoque), pathParams(idParams), async (c) => {
    const { nome, bytes } = await xmlDaEntrada(c.var.deps.db, c.req.valid('param').id);
    return xmlResponse(nome, bytes);
  })
  .get('/:id/danfe', requires(estoque), pathParams(idParams), async (c) =>
    pdfResponse(await danfeDaEntrada(c.var.deps.db, c.req.valid('param').id)),
  )
  .post('/:id/fornecedor', requires(estoque), pathParams(idParams), async (c) =>
    c.json(await criaFornecedorDoEmitente(c.var.deps.db, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/confirmar-assinatura', requires(estoque), pathParams(idParams), async (c) =>
    c.json(await confirmaAssinatura(c.var.deps.db, actorOf(c), c.req.valid('param').id)),
  )
  .put(
    '/:id/itens/:itemId',
    requires(estoque),
    pathParams(itemParams),
    jsonBody(mapearItemSchema),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(await mapeiaItem(c.var.deps.db, actorOf(c), p.id, p.itemId, c.req.valid('json')));
    },
  )
  // issue 34: the receipt checked against a purchase order of its supplier
  .put(
    '/:id/pedido-compra',
    requires(estoque),
    pathParams(idParams),
    jsonBody(vincularPedidoCompraSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await vinculaPedidoCompra(c.var.deps.db, actorOf(c), id, c.req.valid('json'));
      return c.json(await getEntrada(c.var.deps.db, id));
    },
  )
  .put(
    '/:id/itens/:itemId/pedido-compra',
    requires(estoque),
    pathParams(itemParams),
    jsonBody(linhaPedidoDoItemSchema),
    async (c) => {
      const p = c.req.valid('param');
      await defineLinhaDoItem(c.var.deps.db, actorOf(c), p.id, p.itemId, c.req.valid('json'));
      return c.json(await getEntrada(c.var.deps.db, p.id));
    },
  )
  .put(
    '/:id/justificativa-divergencia',
    requires(estoque),
    pathParams(idParams),
    jsonBody(justificativaDivergenciaSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await gravaJustificativaDivergencia(c.var.deps.db, actorOf(c), id, c.req.valid('json'));
      return c.json(await getEntrada(c.var.deps.db, id));
    },
  )
  .post('/:id/conferencia', requires(estoque), pathParams(idParams), jsonBody(conferenciaSchema), async (c) =>
    c.json(await confereEntrada(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/lancar', requires(estoque), pathParams(idParams), async (c) =>
    c.json(await lancaEntrada(c.var.deps.db, actorOf(c), c.req.valid('param').id)),
  )
  .post(
    '/:id/estornar',
    requires(estoque),
    pathParams(idParams),
    jsonBody(estornarEntradaSchema),
    async (c) =>
      c.json(
        await estornaEntrada(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json').motivo),
      ),
  );

/** /api/notasfiscais/entrada */
export const notasEntradaRoutes = new Hono<AppEnv>()
  .get('/', requires(comercial), queryParams(notasEntradaListQuerySchema), async (c) =>
    c.json(await listEntradas(c.var.deps.db, c.req.valid('query'), { apenasXml: true })),
  )
  .get('/:id', requires(comercial), pathParams(idParams), async (c) =>
    c.json(await notaDaEntrada(c.var.deps.db, c.req.valid('param').id)),
  )
  .get('/:id/xml', requires(comercial), pathParams(idParams), async (c) => {
    const { nome, bytes } = await xmlDaEntrada(c.var.deps.db, c.req.valid('param').id);
    return xmlResponse(nome, bytes);
  })
  .get('/:id/danfe', requires(comercial), pathParams(idParams), async (c) =>
    pdfResponse(await danfeDaEntrada(c.var.deps.db, c.req.valid('param').id)),
  );
