import { guards, uuidParam } from '@erp/shared';
import { Hono } from 'hono';
import { z } from 'zod';
import { requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { pathParams } from '../../lib/validate.ts';
import { cobrancaPix, qrPix } from './pix-cobranca.service.ts';
import { cobrancaPixPdf } from './pix-cobranca-pdf.ts';

// /api/financeiro/receber/:id/pix (the BR Code), /pix.png (its QR) and /pix.pdf (the printable
// "Cobrança PIX") — admin and financeiro, as the other título routes.
const p = guards.adminFinanceiro;
const idParams = z.object({ id: uuidParam });

export const pixRoutes = new Hono<AppEnv>()
  .get('/:id/pix', requires(p), pathParams(idParams), async (c) => {
    const {
      titulo: _t,
      cliente_documento: _d,
      ...cobranca
    } = await cobrancaPix(c.var.deps.db, c.req.valid('param').id);
    return c.json(cobranca);
  })
  .get('/:id/pix.png', requires(p), pathParams(idParams), async (c) => {
    const { br_code } = await cobrancaPix(c.var.deps.db, c.req.valid('param').id);
    return c.body(new Uint8Array(await qrPix(br_code)), 200, {
      'content-type': 'image/png',
      'cache-control': 'no-store',
    });
  })
  .get('/:id/pix.pdf', requires(p), pathParams(idParams), async (c) => {
    const cobranca = await cobrancaPix(c.var.deps.db, c.req.valid('param').id);
    return c.body(new Uint8Array(await cobrancaPixPdf(cobranca)), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="cobranca-pix-${cobranca.txid}.pdf"`,
    });
  });
