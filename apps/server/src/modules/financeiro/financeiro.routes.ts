import {
  agingQuerySchema,
  businessToday,
  centroCustoCreateSchema,
  centroCustoUpdateSchema,
  centrosCustoListQuerySchema,
  classeFinanceiraCreateSchema,
  classeFinanceiraUpdateSchema,
  classesFinanceirasListQuerySchema,
  condicaoPagamentoCreateSchema,
  condicaoPagamentoUpdateSchema,
  condicoesPagamentoListQuerySchema,
  contaBancariaCreateSchema,
  contaBancariaUpdateSchema,
  contasBancariasListQuerySchema,
  extratoQuerySchema,
  financeiroConfiguracoesSchema,
  fluxoCaixaQuerySchema,
  formaPagamentoCreateSchema,
  formaPagamentoUpdateSchema,
  formasPagamentoListQuerySchema,
  guards,
  resumoClassesQuerySchema,
  uuidParam,
} from '@erp/shared';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { registerRoutes } from '../../lib/register-routes.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { bancosQuerySchema, listaBancos } from './bancos.service.ts';
import { carteiraRoutes, cobrancaRoutes } from './cobranca/cobranca.routes.ts';
import { conciliacaoRoutes } from './conciliacao.routes.ts';
import {
  condicaoExportColumns,
  condicoesPagamentoService,
  previaParcelas,
} from './condicoes-pagamento.service.ts';
import {
  getConfiguracoesFinanceiro,
  updateConfiguracoesFinanceiro,
} from './configuracoes-financeiro.service.ts';
import { contaExportColumns, contasBancariasService, extratoConta } from './contas-bancarias.service.ts';
import { extratoRoutes } from './extrato.routes.ts';
import { previaParcelasSchema } from './financeiro-schemas.ts';
import { formaExportColumns, formasPagamentoService } from './formas-pagamento.service.ts';
import { buscarPessoas, pessoasQuerySchema } from './pessoas.service.ts';
import { pixRoutes } from './pix.routes.ts';
import {
  centroCustoExportColumns,
  centrosCustoService,
  classeFinanceiraExportColumns,
  classesFinanceirasService,
} from './plano.service.ts';
import { aging, fluxoCaixa, resumoClasses } from './relatorios.service.ts';
import { titulosRoutes } from './titulos.routes.ts';

// Spec section 6: the finance area is admin and financeiro — every route, reading and writing.
const financeiro = guards.adminFinanceiro;
const idParams = z.object({ id: uuidParam });

/** "Today" in America/Sao_Paulo; tests (NODE_ENV=test only) may fix it with ?hoje=AAAA-MM-DD. */
function hojeOf(c: Context<AppEnv>, hoje: string | undefined): string {
  return c.var.deps.config.nodeEnv === 'test' && hoje ? hoje : businessToday();
}

export const financeiroRoutes = new Hono<AppEnv>()
  .get('/fluxo-caixa', requires(financeiro), queryParams(fluxoCaixaQuerySchema), async (c) => {
    const q = c.req.valid('query');
    return c.json(await fluxoCaixa(c.var.deps.db, q, hojeOf(c, q.hoje)));
  })
  .get('/aging', requires(financeiro), queryParams(agingQuerySchema), async (c) => {
    const q = c.req.valid('query');
    return c.json(await aging(c.var.deps.db, q.tipo, hojeOf(c, q.hoje)));
  })
  .get('/resumo-classes', requires(financeiro), queryParams(resumoClassesQuerySchema), async (c) =>
    c.json(await resumoClasses(c.var.deps.db, c.req.valid('query').mes)),
  )
  .get('/configuracoes', requires(financeiro), async (c) =>
    c.json(await getConfiguracoesFinanceiro(c.var.deps.db)),
  )
  .put('/configuracoes', requires(financeiro), jsonBody(financeiroConfiguracoesSchema), async (c) =>
    c.json(await updateConfiguracoesFinanceiro(c.var.deps.db, actorOf(c), c.req.valid('json'))),
  )
  .route('/extrato-bancario', extratoRoutes)
  .route('/receber', titulosRoutes('receber'))
  .route('/receber', pixRoutes)
  .route('/pagar', titulosRoutes('pagar'))
  .route('/conciliacao-bancaria', conciliacaoRoutes)
  .route('/cobranca', cobrancaRoutes)
  .route('/contas-bancarias', carteiraRoutes)
  .route(
    '/centros-custo',
    registerRoutes({
      permission: financeiro,
      schemas: {
        list: centrosCustoListQuerySchema,
        create: centroCustoCreateSchema,
        update: centroCustoUpdateSchema,
      },
      service: centrosCustoService,
      export: { fileBase: 'centros-de-custo', columns: centroCustoExportColumns },
    }),
  )
  .route(
    '/classes-financeiras',
    registerRoutes({
      permission: financeiro,
      schemas: {
        list: classesFinanceirasListQuerySchema,
        create: classeFinanceiraCreateSchema,
        update: classeFinanceiraUpdateSchema,
      },
      service: classesFinanceirasService,
      export: { fileBase: 'classes-financeiras', columns: classeFinanceiraExportColumns },
    }),
  )
  .route(
    '/formas-pagamento',
    registerRoutes({
      permission: financeiro,
      schemas: {
        list: formasPagamentoListQuerySchema,
        create: formaPagamentoCreateSchema,
        update: formaPagamentoUpdateSchema,
      },
      service: formasPagamentoService,
      export: { fileBase: 'formas-de-pagamento', columns: formaExportColumns },
    }),
  )
  .post(
    '/condicoes-pagamento/:id/previa',
    requires(financeiro),
    pathParams(idParams),
    jsonBody(previaParcelasSchema),
    async (c) => c.json(await previaParcelas(c.var.deps.db, c.req.valid('param').id, c.req.valid('json'))),
  )
  .route(
    '/condicoes-pagamento',
    registerRoutes({
      permission: financeiro,
      schemas: {
        list: condicoesPagamentoListQuerySchema,
        create: condicaoPagamentoCreateSchema,
        update: condicaoPagamentoUpdateSchema,
      },
      service: condicoesPagamentoService,
      export: { fileBase: 'condicoes-de-pagamento', columns: condicaoExportColumns },
    }),
  )
  .get(
    '/contas-bancarias/:id/extrato',
    requires(financeiro),
    pathParams(idParams),
    queryParams(extratoQuerySchema),
    async (c) => c.json(await extratoConta(c.var.deps.db, c.req.valid('param').id, c.req.valid('query'))),
  )
  .route(
    '/contas-bancarias',
    registerRoutes({
      permission: financeiro,
      schemas: {
        list: contasBancariasListQuerySchema,
        create: contaBancariaCreateSchema,
        update: contaBancariaUpdateSchema,
      },
      service: contasBancariasService,
      export: { fileBase: 'contas-bancarias', columns: contaExportColumns },
    }),
  )
  .get('/bancos', requires(financeiro), queryParams(bancosQuerySchema), (c) =>
    c.json(listaBancos(c.req.valid('query'))),
  )
  .get('/pessoas', requires(financeiro), queryParams(pessoasQuerySchema), async (c) =>
    c.json(await buscarPessoas(c.var.deps.db, c.req.valid('query'))),
  );
