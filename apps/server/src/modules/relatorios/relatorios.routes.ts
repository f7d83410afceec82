import {
  businessToday,
  colunasAbc,
  colunasComissoes,
  colunasDevolucoes,
  colunasVendas,
  comissoesExportSchema,
  comissoesQuerySchema,
  curvaAbcExportSchema,
  curvaAbcQuerySchema,
  devolucoesRelatorioExportSchema,
  devolucoesRelatorioQuerySchema,
  guards,
  vendasExportSchema,
  vendasPedidosQuerySchema,
  vendasQuerySchema,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { rowsOf } from '../../db/client.ts';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { queryParams } from '../../lib/validate.ts';
import { linhasComissoesParaExportar, relatorioComissoes } from './comissoes-relatorio.service.ts';
import { linhasAbcParaExportar, relatorioCurvaAbc } from './curva-abc.service.ts';
import { linhasDevolucoesParaExportar, relatorioDevolucoes } from './devolucoes-relatorio.service.ts';
import { escopoDoUsuario } from './escopo-vendedor.ts';
import { giroEstoqueRoutes } from './giro-estoque.routes.ts';
import { posicaoFinanceiraRoutes } from './posicao-financeira.routes.ts';
import { exportaRelatorio } from './relatorio-export.ts';
import { linhasVendasParaExportar, pedidosDaVenda, relatorioVendas } from './vendas-relatorio.service.ts';

// /api/relatorios (issue 35). The commercial reports (Vendas, Curva ABC) open to admin and
// comercial; a seller's user sees only their own sales (escopoDoUsuario, applied in the SQL). Each
// report: GET /<relatorio> (a page, its totals, its filters), GET /<relatorio>/export?formato=xlsx|pdf
// (every row in the screen's order, the filters in the header), and its drill-down.

const comercial = requires(guards.adminComercial);

export const relatoriosRoutes = new Hono<AppEnv>()
  // the stock and finance reports (issue 35, reports 4 and 5), each in its own file
  .route('/giro-estoque', giroEstoqueRoutes)
  .route('/posicao-financeira', posicaoFinanceiraRoutes)
  // the stock groups for the Vendas filter (the stock register itself is admin/estoque)
  .get('/opcoes/grupos', comercial, async (c) =>
    c.json(
      rowsOf<{ id: string; nome: string; ativo: boolean }>(
        await c.var.deps.db.execute(sql`select id, nome, ativo from grupos_estoque order by nome`),
      ),
    ),
  )
  .get('/vendas', comercial, queryParams(vendasQuerySchema), async (c) => {
    const escopo = await escopoDoUsuario(c.var.deps.db, c.var.user);
    return c.json(await relatorioVendas(c.var.deps.db, c.req.valid('query'), escopo, businessToday()));
  })
  .get('/vendas/pedidos', comercial, queryParams(vendasPedidosQuerySchema), async (c) => {
    const escopo = await escopoDoUsuario(c.var.deps.db, c.var.user);
    return c.json(await pedidosDaVenda(c.var.deps.db, c.req.valid('query'), escopo, businessToday()));
  })
  .get('/vendas/export', comercial, queryParams(vendasExportSchema), async (c) => {
    const { db } = c.var.deps;
    const q = c.req.valid('query');
    const hoje = businessToday();
    const escopo = await escopoDoUsuario(db, c.var.user);
    const r = await linhasVendasParaExportar(db, q, escopo, hoje);
    return exportaRelatorio(db, q.formato, {
      titulo: 'Relatório de Vendas',
      arquivo: 'relatorio-vendas',
      colunas: colunasVendas(q.agrupar),
      linhas: r.linhas,
      totais: r.totais,
      filtros: r.filtros,
      hoje,
    });
  })
  .get('/curva-abc', comercial, queryParams(curvaAbcQuerySchema), async (c) => {
    const escopo = await escopoDoUsuario(c.var.deps.db, c.var.user);
    return c.json(await relatorioCurvaAbc(c.var.deps.db, c.req.valid('query'), escopo, businessToday()));
  })
  .get('/curva-abc/export', comercial, queryParams(curvaAbcExportSchema), async (c) => {
    const { db } = c.var.deps;
    const q = c.req.valid('query');
    const hoje = businessToday();
    const escopo = await escopoDoUsuario(db, c.var.user);
    const r = await linhasAbcParaExportar(db, q, escopo, hoje);
    return exportaRelatorio(db, q.formato, {
      titulo: 'Curva ABC',
      arquivo: `curva-abc-${q.dimensao === 'produto' ? 'produtos' : 'clientes'}`,
      colunas: colunasAbc(q.dimensao),
      linhas: r.linhas,
      totais: r.totais,
      filtros: r.filtros,
      hoje,
    });
  })
  // Comissões (per seller, or título by título: the seller's statement) and Devoluções e
  // cancelamentos — commercial, the seller's scope as the others
  .get('/comissoes', comercial, queryParams(comissoesQuerySchema), async (c) => {
    const escopo = await escopoDoUsuario(c.var.deps.db, c.var.user);
    return c.json(await relatorioComissoes(c.var.deps.db, c.req.valid('query'), escopo, businessToday()));
  })
  .get('/comissoes/export', comercial, queryParams(comissoesExportSchema), async (c) => {
    const { db } = c.var.deps;
    const q = c.req.valid('query');
    const hoje = businessToday();
    const escopo = await escopoDoUsuario(db, c.var.user);
    const r = await linhasComissoesParaExportar(db, q, escopo, hoje);
    const extrato = q.visao === 'titulo';
    return exportaRelatorio(db, q.formato, {
      titulo: extrato ? 'Extrato de Comissões' : 'Relatório de Comissões',
      arquivo: extrato ? 'extrato-comissoes' : 'relatorio-comissoes',
      colunas: colunasComissoes(q.visao, Boolean(escopo || q.vendedor_id)),
      linhas: r.linhas,
      totais: r.totais,
      filtros: r.filtros,
      hoje,
    });
  })
  .get('/devolucoes', comercial, queryParams(devolucoesRelatorioQuerySchema), async (c) => {
    const escopo = await escopoDoUsuario(c.var.deps.db, c.var.user);
    return c.json(await relatorioDevolucoes(c.var.deps.db, c.req.valid('query'), escopo, businessToday()));
  })
  .get('/devolucoes/export', comercial, queryParams(devolucoesRelatorioExportSchema), async (c) => {
    const { db } = c.var.deps;
    const q = c.req.valid('query');
    const hoje = businessToday();
    const escopo = await escopoDoUsuario(db, c.var.user);
    const r = await linhasDevolucoesParaExportar(db, q, escopo, hoje);
    return exportaRelatorio(db, q.formato, {
      titulo: 'Devoluções e cancelamentos',
      arquivo: 'relatorio-devolucoes-cancelamentos',
      colunas: colunasDevolucoes(q.agrupar),
      linhas: r.linhas,
      totais: r.totais,
      filtros: r.filtros,
      hoje,
    });
  });
