import {
  genericMessages,
  guards,
  idempotencyKeySchema,
  pedidoVendasSchema,
  vendasMensagens,
  vendasSyncQuerySchema,
} from '@erp/shared';
import { Hono } from 'hono';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { jsonBody, queryParams } from '../../lib/validate.ts';
import { recebePedidoDoDispositivo } from './pedidos-dispositivo.service.ts';
import { sincroniza } from './sync.service.ts';
import { vendedorDoUsuario, vendedorVinculado } from './vendedor-do-usuario.ts';

// /api/vendas: the força de vendas offline (README.md). Admin and comercial; the sync and the orders
// need the user linked to a seller (vendedores.user_id), else 403 naming what to ask for; /vendedor
// answers who the seller is, or null with that message (the page shows it).

const p = guards.adminComercial;

export const vendasRoutes = new Hono<AppEnv>()
  // the page asks first: a user not linked to a seller reads why on the screen, not an error
  .get('/vendedor', requires(p), async (c) => {
    const vendedor = await vendedorVinculado(c.var.deps.db, c.var.user.id);
    return c.json({ vendedor, mensagem: vendedor ? null : vendasMensagens.semVendedor });
  })
  .get('/sync', requires(p), queryParams(vendasSyncQuerySchema), async (c) => {
    const vendedor = await vendedorDoUsuario(c.var.deps.db, c.var.user.id);
    return c.json(await sincroniza(c.var.deps.db, vendedor, c.req.valid('query').desde ?? null));
  })
  .post('/pedidos', requires(p), jsonBody(pedidoVendasSchema), async (c) => {
    const chave = idempotencyKeySchema.safeParse(c.req.header('idempotency-key'));
    if (!chave.success)
      throw new AppError('validation_failed', genericMessages.validation, {
        fields: { 'Idempotency-Key': [chave.error.issues[0]?.message ?? 'Inválido'] },
      });
    const vendedor = await vendedorDoUsuario(c.var.deps.db, c.var.user.id);
    const resposta = await recebePedidoDoDispositivo(
      c.var.deps.db,
      { ...actorOf(c), userId: c.var.user.id },
      vendedor,
      chave.data,
      c.req.valid('json'),
    );
    return c.json(resposta, resposta.repetido ? 200 : 201);
  });
