import { guards } from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { queryParams } from '../../lib/validate.ts';
import { buscaProdutosVenda, opcoesPedido } from './consultas.service.ts';

// /api/comercial/produtos and /api/comercial/opcoes: the product search and the header's options of
// the order entry, for the roles that write orders (README.md, section API).

const p = guards.adminComercial;
const buscaQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Informe o código, nome ou GTIN')
    .max(100, 'Busca deve ter no máximo 100 caracteres'),
});

export const comercialConsultasRoutes = new Hono<AppEnv>()
  .get('/produtos', requires(p), queryParams(buscaQuery), async (c) =>
    c.json(await buscaProdutosVenda(c.var.deps.db, c.req.valid('query').q)),
  )
  .get('/opcoes', requires(p), async (c) => c.json(await opcoesPedido(c.var.deps.db)));
