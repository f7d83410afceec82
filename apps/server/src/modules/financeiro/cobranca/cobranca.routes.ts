import {
  boletosListQuerySchema,
  carteiraCobrancaSchema,
  gerarBoletosSchema,
  gerarRemessaSchema,
  guards,
  instrucaoBoletoSchema,
  remessasListQuerySchema,
  uuidParam,
} from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../../lib/auth.ts';
import type { AppEnv } from '../../../lib/context.ts';
import { jsonBody, pathParams, queryParams } from '../../../lib/validate.ts';
import { gerarBoletos, getBoleto, instrucaoBoleto, listBoletos } from './boletos.service.ts';
import {
  boletosDoFiltro,
  boletosPdf,
  enviaBoletoPorEmail,
  MAX_BOLETOS_PDF,
} from './boletos-impressao.service.ts';
import { leCarteira, listaCarteiras, salvaCarteira } from './carteiras.service.ts';
import { arquivoRemessa, gerarRemessaDaConta, listRemessas } from './remessas.service.ts';

// Cobrança registrada (issue 31): /api/financeiro/cobranca/* and the carteira of an account
// (/api/financeiro/contas-bancarias/:id/cobranca) — admin and financeiro, as the whole finance area.
const p = guards.adminFinanceiro;
const idParams = z.object({ id: uuidParam });
const pdfQuery = z
  .object({
    ids: z
      .string()
      .transform((s) => s.split(',').filter(Boolean))
      .pipe(z.array(uuidParam).max(MAX_BOLETOS_PDF, `No máximo ${MAX_BOLETOS_PDF} boletos`))
      .optional(),
    /** The live boletos of a load's notes (printed with its documents). */
    carga_id: uuidParam.optional(),
    /** Or of a due period (and account). */
    vencimento_de: z.iso.date({ error: 'Data inválida' }).optional(),
    vencimento_ate: z.iso.date({ error: 'Data inválida' }).optional(),
    conta_bancaria_id: uuidParam.optional(),
  })
  .refine((q) => q.ids?.length || q.carga_id || (q.vencimento_de && q.vencimento_ate), {
    message: 'Informe os boletos, a carga ou o período de vencimento',
    path: ['ids'],
  });
const pdf = (body: Buffer, nome: string) =>
  new Response(new Uint8Array(body), {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${nome}"` },
  });

export const carteiraRoutes = new Hono<AppEnv>()
  .get('/:id/cobranca', requires(p), pathParams(idParams), async (c) =>
    c.json(await leCarteira(c.var.deps.db, c.req.valid('param').id)),
  )
  .put(
    '/:id/cobranca',
    requires(p),
    pathParams(idParams),
    jsonBody(carteiraCobrancaSchema.extend({ versao: z.number().int().optional() })),
    async (c) =>
      c.json(await salvaCarteira(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  );

export const cobrancaRoutes = new Hono<AppEnv>()
  .get('/carteiras', requires(p), async (c) => c.json(await listaCarteiras(c.var.deps.db)))
  .get('/boletos', requires(p), queryParams(boletosListQuerySchema), async (c) =>
    c.json(await listBoletos(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/boletos', requires(p), jsonBody(gerarBoletosSchema), async (c) =>
    c.json(await gerarBoletos(c.var.deps.db, actorOf(c), c.req.valid('json')), 201),
  )
  .get('/boletos/pdf', requires(p), queryParams(pdfQuery), async (c) => {
    const db = c.var.deps.db;
    const q = c.req.valid('query');
    return pdf(await boletosPdf(db, q.ids?.length ? q.ids : await boletosDoFiltro(db, q)), 'boletos.pdf');
  })
  .get('/boletos/:id', requires(p), pathParams(idParams), async (c) =>
    c.json(await getBoleto(c.var.deps.db, c.req.valid('param').id)),
  )
  .get('/boletos/:id/pdf', requires(p), pathParams(idParams), async (c) => {
    const id = c.req.valid('param').id;
    const b = await getBoleto(c.var.deps.db, id);
    return pdf(await boletosPdf(c.var.deps.db, [id]), `boleto-${b.nosso_numero}.pdf`);
  })
  .post('/boletos/:id/email', requires(p), pathParams(idParams), async (c) =>
    c.json(await enviaBoletoPorEmail(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('param').id)),
  )
  .post(
    '/boletos/:id/instrucoes',
    requires(p),
    pathParams(idParams),
    jsonBody(instrucaoBoletoSchema),
    async (c) =>
      c.json(await instrucaoBoleto(c.var.deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
  )
  .get('/remessas', requires(p), queryParams(remessasListQuerySchema), async (c) =>
    c.json(await listRemessas(c.var.deps.db, c.req.valid('query'))),
  )
  .post('/remessas', requires(p), jsonBody(gerarRemessaSchema), async (c) =>
    c.json(await gerarRemessaDaConta(c.var.deps.db, actorOf(c), c.req.valid('json').conta_bancaria_id), 201),
  )
  .get('/remessas/:id/arquivo', requires(p), pathParams(idParams), async (c) => {
    const r = await arquivoRemessa(c.var.deps.db, c.req.valid('param').id);
    return new Response(new Uint8Array(r.conteudo), {
      headers: {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="${r.nome}"`,
      },
    });
  });
