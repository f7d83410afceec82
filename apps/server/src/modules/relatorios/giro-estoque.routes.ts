import {
  businessToday,
  colunasGiro,
  giroEstoqueExportSchema,
  giroEstoqueQuerySchema,
  guards,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { rowsOf } from '../../db/client.ts';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { queryParams } from '../../lib/validate.ts';
import { linhasGiroParaExportar, relatorioGiroEstoque } from './giro-estoque-relatorio.service.ts';
import { exportaRelatorio } from './relatorio-export.ts';

// /api/relatorios/giro-estoque (issue 35, report 4): the stock report, admin and estoque. GET / (a
// page of the view, its totals, its filters), GET /export?formato=xlsx|pdf, GET /opcoes (the
// filters' groups, locais and suppliers).

const estoque = requires(guards.adminEstoque);

export const giroEstoqueRoutes = new Hono<AppEnv>()
  .get('/', estoque, queryParams(giroEstoqueQuerySchema), async (c) =>
    c.json(await relatorioGiroEstoque(c.var.deps.db, c.req.valid('query'), businessToday())),
  )
  .get('/opcoes', estoque, async (c) => {
    const db = c.var.deps.db;
    const [grupos, locais, fornecedores] = await Promise.all([
      db.execute(sql`select id, nome, ativo from grupos_estoque order by nome`),
      db.execute(sql`select id, nome, ativo from locais_estoque order by nome`),
      db.execute(sql`select f.id, f.razao_social as nome, true as ativo from fornecedores f
        where exists (select 1 from products p where p.fornecedor_id = f.id) order by f.razao_social`),
    ]);
    type Opcao = { id: string; nome: string; ativo: boolean };
    return c.json({
      grupos: rowsOf<Opcao>(grupos),
      locais: rowsOf<Opcao>(locais),
      fornecedores: rowsOf<Opcao>(fornecedores),
    });
  })
  .get('/export', estoque, queryParams(giroEstoqueExportSchema), async (c) => {
    const { db } = c.var.deps;
    const q = c.req.valid('query');
    const hoje = businessToday();
    const r = await linhasGiroParaExportar(db, q, hoje);
    return exportaRelatorio(db, q.formato, {
      titulo: 'Giro e Cobertura de Estoque',
      arquivo: `giro-estoque-${q.visao}`,
      colunas: colunasGiro(q.visao),
      linhas: r.linhas,
      totais: r.totais,
      filtros: r.filtros,
      hoje,
    });
  });
