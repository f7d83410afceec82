import {
  cancelarDevolucaoSchema,
  devolucaoCompraCreateSchema,
  devolucoesListQuerySchema,
  devolucoesMensagens,
  guards,
  origemDevolucaoQuerySchema,
  uuidParam,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { actorOf, requires } from '../../lib/auth.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { jsonBody, pathParams, queryParams } from '../../lib/validate.ts';
import { geraDanfePdf } from '../nfe/danfe/danfe.ts';
import { xmlNotaSaida } from '../notasfiscais/notas-leitura.service.ts';
import { type TransmissaoDeps, transmiteNota } from '../notasfiscais/transmissao.service.ts';
import { cancelaDevolucao, transmiteNotaDaDevolucao } from './devolucoes-acoes.service.ts';
import {
  buscaEntradaOrigem,
  criaDevolucaoCompra,
  entradaParaDevolucao,
} from './devolucoes-compra.service.ts';
import { getDevolucao, listDevolucoes } from './devolucoes-leitura.service.ts';
import { emiteNotaDevolucaoCompra } from './emissao-devolucao-compra.service.ts';

// /api/estoque/devolucoes-compra — returns to suppliers (issue 32): admin and estoque, as the
// Estoque group (the screen /estoque/devolucoes-compra). The draft starts from a posted goods
// receipt (the supplier's chave or its NF-e number); «Emitir» signs our NF-e de devolução (tpNF 1,
// finNFe 4, NFref the supplier's chave) and sends it — its authorisation takes the goods out of
// stock and abates the receipt's payables (or leaves a crédito with the supplier); «Transmitir»
// again after SEFAZ was unavailable or a rejection; «Cancelar» a draft, a note never authorised, or
// the authorised note at SEFAZ (which undoes the effects).
const perm = guards.adminEstoque;
const idParams = z.object({ id: uuidParam });

type Deps = TransmissaoDeps & { db: Db };

/** One return to a supplier with its receipt (número, série, chave, emissão); 404 for a sale return. */
export async function getDevolucaoCompra(db: Db, id: string) {
  const d = await getDevolucao(db, id);
  if (d.tipo !== 'compra') throw new AppError('not_found', devolucoesMensagens.naoEncontrada);
  const [e] = rowsOf<{
    entrada_id: string;
    entrada_numero: number | null;
    entrada_serie: number | null;
    entrada_emissao: string | null;
    fornecedor_documento: string | null;
  }>(
    await db.execute(sql`select e.id as entrada_id, e.numero as entrada_numero, e.serie as entrada_serie,
        e.emissao as entrada_emissao, f.documento as fornecedor_documento
      from devolucoes d join entradas e on e.id = d.entrada_id left join fornecedores f on f.id = d.fornecedor_id
      where d.id = ${id}`),
  );
  const itens = rowsOf<{ id: string; n_item: number; c_prod: string; x_prod: string; u_com: string }>(
    await db.execute(sql`select di.id, i.n_item, i.c_prod, i.x_prod, i.u_com
      from devolucao_itens di join entrada_itens i on i.id = di.entrada_item_id where di.devolucao_id = ${id}`),
  );
  const porId = new Map(itens.map((i) => [i.id, i]));
  return {
    ...d,
    entrada_id: e?.entrada_id ?? null,
    entrada_numero: e?.entrada_numero == null ? null : Number(e.entrada_numero),
    entrada_serie: e?.entrada_serie == null ? null : Number(e.entrada_serie),
    entrada_emissao: e?.entrada_emissao ? new Date(String(e.entrada_emissao)).toISOString() : null,
    fornecedor_documento: e?.fornecedor_documento ?? null,
    itens: d.itens.map((i) => {
      const x = porId.get(String(i.id));
      return {
        ...i,
        n_item: x ? Number(x.n_item) : null,
        c_prod: x?.c_prod ?? null,
        x_prod: x?.x_prod ?? null,
      };
    }),
  };
}

/** The entrada numbers of a list page (the shared list names the sale's note and order only). */
async function comEntradas<T extends { id: string }>(db: Db, rows: T[]) {
  if (!rows.length) return [];
  const nums = new Map(
    rowsOf<{ id: string; entrada_id: string; entrada_numero: number | null; entrada_serie: number | null }>(
      await db.execute(sql`select d.id, d.entrada_id, e.numero as entrada_numero, e.serie as entrada_serie
        from devolucoes d join entradas e on e.id = d.entrada_id
        where d.id = any(array(select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb)::uuid))`),
    ).map((r) => [r.id, r]),
  );
  return rows.map((r) => {
    const e = nums.get(r.id);
    return {
      ...r,
      entrada_id: e?.entrada_id ?? null,
      entrada_numero: e?.entrada_numero == null ? null : Number(e.entrada_numero),
      entrada_serie: e?.entrada_serie == null ? null : Number(e.entrada_serie),
    };
  });
}

/** The return note's XML (the authorised nfeProc once there is one): the estoque clerk ships with it. */
async function xmlDaNota(db: Db, id: string) {
  const [d] = rowsOf<{ tipo: string; nota_devolucao_id: string | null }>(
    await db.execute(sql`select tipo, nota_devolucao_id from devolucoes where id = ${id}`),
  );
  if (d?.tipo !== 'compra') throw new AppError('not_found', devolucoesMensagens.naoEncontrada);
  if (!d.nota_devolucao_id) throw new AppError('conflict', devolucoesMensagens.semNota);
  return xmlNotaSaida(db, d.nota_devolucao_id);
}

async function exigeCompra(db: Db, id: string): Promise<void> {
  const [d] = rowsOf<{ tipo: string }>(await db.execute(sql`select tipo from devolucoes where id = ${id}`));
  if (d?.tipo !== 'compra') throw new AppError('not_found', devolucoesMensagens.naoEncontrada);
}

/** «Emitir NF-e de devolução»: emit, then send (the authorisation applies the effects). */
async function emiteETransmiteCompra(db: Db, deps: Deps, actor: Actor, id: string) {
  await exigeCompra(db, id);
  const notaId = await emiteNotaDevolucaoCompra(db, actor, deps.config.nfeSchemasDir, id);
  const sefaz = await transmiteNota(db, deps, actor, notaId).catch((e: unknown) => {
    // the note is signed and kept: «Transmitir» sends it when SEFAZ answers again
    if (e instanceof AppError) return { erro: e.message };
    throw e;
  });
  return { ...(await getDevolucaoCompra(db, id)), sefaz };
}

export const devolucoesCompraRoutes = new Hono<AppEnv>()
  .get('/', requires(perm), queryParams(devolucoesListQuerySchema), async (c) => {
    const page = await listDevolucoes(c.var.deps.db, 'compra', c.req.valid('query'));
    return c.json({ ...page, items: await comEntradas(c.var.deps.db, page.items) });
  })
  .get('/origem', requires(perm), queryParams(origemDevolucaoQuerySchema), async (c) => {
    const id = await buscaEntradaOrigem(c.var.deps.db, c.req.valid('query').q);
    return c.json(await entradaParaDevolucao(c.var.deps.db, id));
  })
  .get('/entrada/:id', requires(perm), pathParams(idParams), async (c) =>
    c.json(await entradaParaDevolucao(c.var.deps.db, c.req.valid('param').id)),
  )
  .post('/', requires(perm), jsonBody(devolucaoCompraCreateSchema), async (c) => {
    const id = await criaDevolucaoCompra(c.var.deps.db, actorOf(c), c.req.valid('json'));
    return c.json(await getDevolucaoCompra(c.var.deps.db, id), 201);
  })
  .get('/:id', requires(perm), pathParams(idParams), async (c) =>
    c.json(await getDevolucaoCompra(c.var.deps.db, c.req.valid('param').id)),
  )
  .get('/:id/xml', requires(perm), pathParams(idParams), async (c) => {
    const { nome, xml } = await xmlDaNota(c.var.deps.db, c.req.valid('param').id);
    return new Response(xml, {
      headers: {
        'content-type': 'application/xml; charset=utf-8',
        'content-disposition': `attachment; filename="${nome.replace(/[^\w.-]/g, '_')}"`,
      },
    });
  })
  .get('/:id/danfe', requires(perm), pathParams(idParams), async (c) => {
    const { nome, xml } = await xmlDaNota(c.var.deps.db, c.req.valid('param').id);
    const pdf = await geraDanfePdf(xml);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${nome.replace(/-(procNFe|nfe)\.xml$/, '')}-danfe.pdf"`,
    });
  })
  .post('/:id/emitir', requires(perm), pathParams(idParams), async (c) =>
    c.json(await emiteETransmiteCompra(c.var.deps.db, c.var.deps, actorOf(c), c.req.valid('param').id)),
  )
  .post('/:id/transmitir', requires(perm), pathParams(idParams), async (c) => {
    const { id } = c.req.valid('param');
    await exigeCompra(c.var.deps.db, id);
    const r = await transmiteNotaDaDevolucao(c.var.deps.db, c.var.deps, actorOf(c), id);
    return c.json({ ...(await getDevolucaoCompra(c.var.deps.db, id)), sefaz: r.sefaz });
  })
  .post(
    '/:id/cancelar',
    requires(perm),
    pathParams(idParams),
    jsonBody(cancelarDevolucaoSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      await exigeCompra(c.var.deps.db, id);
      await cancelaDevolucao(c.var.deps.db, c.var.deps, actorOf(c), id, c.req.valid('json').motivo);
      return c.json(await getDevolucaoCompra(c.var.deps.db, id));
    },
  );
