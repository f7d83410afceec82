import {
  businessToday,
  colunasPosicao,
  guards,
  posicaoFinanceiraExportSchema,
  posicaoFinanceiraQuerySchema,
} from '@erp/shared';
import { Hono } from 'hono';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { queryParams } from '../../lib/validate.ts';
import {
  linhasPosicaoParaExportar,
  relatorioPosicaoFinanceira,
} from './posicao-financeira-relatorio.service.ts';
import { exportaRelatorio } from './relatorio-export.ts';

// /api/relatorios/posicao-financeira (issue 35, report 5): the finance report, admin and financeiro.
// GET / (a page of the view, its totals, its filters), GET /export?formato=xlsx|pdf.

const financeiro = requires(guards.adminFinanceiro);

export const posicaoFinanceiraRoutes = new Hono<AppEnv>()
  .get('/', financeiro, queryParams(posicaoFinanceiraQuerySchema), async (c) =>
    c.json(await relatorioPosicaoFinanceira(c.var.deps.db, c.req.valid('query'), businessToday())),
  )
  .get('/export', financeiro, queryParams(posicaoFinanceiraExportSchema), async (c) => {
    const { db } = c.var.deps;
    const q = c.req.valid('query');
    const hoje = businessToday();
    const r = await linhasPosicaoParaExportar(db, q, hoje);
    return exportaRelatorio(db, q.formato, {
      titulo: 'Posição Financeira',
      arquivo: `posicao-financeira-${q.visao}`,
      colunas: colunasPosicao(q.visao),
      linhas: r.linhas,
      totais: q.visao === 'dre' ? null : r.totais,
      filtros: r.filtros,
      hoje,
    });
  });
