import {
  businessToday,
  type DashboardQuery,
  dashboardHojeQuerySchema,
  dashboardQuerySchema,
  guards,
  resolverPeriodo,
} from '@erp/shared';
import { type Context, Hono } from 'hono';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { queryParams } from '../../lib/validate.ts';
import {
  getComercialResumo,
  getSerieVendas,
  listVendasPorCliente,
  listVendasPorPeriodo,
  listVendasPorProduto,
  listVendasPorRegiao,
  listVendasPorVendedor,
} from './comercial-dashboard.service.ts';
import {
  getEstoqueResumo,
  listEstoquePorGrupo,
  listProdutosAbaixoMinimo,
  listProdutosAcimaMaximo,
  listProdutosPorValor,
} from './estoque-dashboard.service.ts';
import {
  getFinanceiroResumo,
  listContasPagar,
  listContasReceber,
  listContasVencidas,
  listVencimentosSemanas,
} from './financeiro-dashboard.service.ts';

/** "Today" in America/Sao_Paulo; tests (NODE_ENV=test only) may fix it with ?hoje=AAAA-MM-DD. */
function hojeOf(c: Context<AppEnv>, hoje: string | undefined): string {
  return c.var.deps.config.nodeEnv === 'test' && hoje ? hoje : businessToday();
}

/** The period chosen on the dashboard (issue 35; este mês by default) and the one it is compared with. */
function periodoOf(c: Context<AppEnv>, q: DashboardQuery) {
  return resolverPeriodo(q.periodo, hojeOf(c, q.hoje), q.de, q.ate);
}

const comercial = requires(guards.adminComercial);
const estoque = requires(guards.adminEstoque);
const financeiro = requires(guards.adminFinanceiro);
const query = queryParams(dashboardQuerySchema);
const hojeQuery = queryParams(dashboardHojeQuerySchema);

/** Dashboard read model: one endpoint per block and per drill-down, each a single SQL aggregate. */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/comercial', comercial, query, async (c) =>
    c.json(await getComercialResumo(c.var.deps.db, periodoOf(c, c.req.valid('query')))),
  )
  .get('/comercial/vendas-por-periodo', comercial, query, async (c) =>
    c.json({ linhas: await listVendasPorPeriodo(c.var.deps.db, periodoOf(c, c.req.valid('query'))) }),
  )
  .get('/comercial/vendas-por-produto', comercial, query, async (c) =>
    c.json({ linhas: await listVendasPorProduto(c.var.deps.db, periodoOf(c, c.req.valid('query'))) }),
  )
  .get('/comercial/vendas-por-cliente', comercial, query, async (c) =>
    c.json({ linhas: await listVendasPorCliente(c.var.deps.db, periodoOf(c, c.req.valid('query'))) }),
  )
  .get('/comercial/vendas-por-vendedor', comercial, query, async (c) =>
    c.json({ linhas: await listVendasPorVendedor(c.var.deps.db, periodoOf(c, c.req.valid('query'))) }),
  )
  .get('/comercial/vendas-por-regiao', comercial, query, async (c) =>
    c.json({ linhas: await listVendasPorRegiao(c.var.deps.db, periodoOf(c, c.req.valid('query'))) }),
  )
  .get('/comercial/serie', comercial, query, async (c) =>
    c.json(await getSerieVendas(c.var.deps.db, periodoOf(c, c.req.valid('query')))),
  )
  .get('/estoque', estoque, async (c) => c.json(await getEstoqueResumo(c.var.deps.db)))
  .get('/estoque/abaixo-minimo', estoque, async (c) =>
    c.json({ linhas: await listProdutosAbaixoMinimo(c.var.deps.db) }),
  )
  .get('/estoque/acima-maximo', estoque, async (c) =>
    c.json({ linhas: await listProdutosAcimaMaximo(c.var.deps.db) }),
  )
  .get('/estoque/valor', estoque, async (c) => c.json({ linhas: await listProdutosPorValor(c.var.deps.db) }))
  .get('/estoque/por-grupo', estoque, async (c) =>
    c.json({ linhas: await listEstoquePorGrupo(c.var.deps.db) }),
  )
  .get('/financeiro', financeiro, hojeQuery, async (c) =>
    c.json(await getFinanceiroResumo(c.var.deps.db, hojeOf(c, c.req.valid('query').hoje))),
  )
  .get('/financeiro/vencimentos-semanas', financeiro, hojeQuery, async (c) => {
    const hoje = hojeOf(c, c.req.valid('query').hoje);
    return c.json({ hoje, linhas: await listVencimentosSemanas(c.var.deps.db, hoje) });
  })
  .get('/financeiro/receber', financeiro, hojeQuery, async (c) => {
    const hoje = hojeOf(c, c.req.valid('query').hoje);
    return c.json({ hoje, linhas: await listContasReceber(c.var.deps.db, hoje) });
  })
  .get('/financeiro/pagar', financeiro, hojeQuery, async (c) => {
    const hoje = hojeOf(c, c.req.valid('query').hoje);
    return c.json({ hoje, linhas: await listContasPagar(c.var.deps.db, hoje) });
  })
  .get('/financeiro/vencidas', financeiro, hojeQuery, async (c) => {
    const hoje = hojeOf(c, c.req.valid('query').hoje);
    return c.json({ hoje, linhas: await listContasVencidas(c.var.deps.db, hoje) });
  });
