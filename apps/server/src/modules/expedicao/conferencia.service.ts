import {
  type ConferenciaExpedicao as Conferencia,
  type ConferenciaPedidoResumo,
  conferenciaExigidaMensagens,
  Decimal,
  divergenciasConferencia,
  progressoConferencia,
  quantidadeBaseDaLeitura,
  type StatusConferencia,
  type StatusPedido,
  statusPedidoLabels,
} from '@erp/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, writeTx } from '../../lib/audit-context.ts';
import { notFoundMessage } from '../../lib/crud.ts';
import { AppError } from '../../lib/errors.ts';
import { ajustaQuantidadesPedidoEm, transitaPedidoEm } from '../comercial/pedidos.service.ts';
import { cargaAtivaDoPedido, concluiConferenciaDaCarga } from './cargas.service.ts';
import { conferencias, conferenciasLeituras } from './expedicao.tables.ts';

export { exigeConferencia } from './conferencia-exigida.service.ts';

// The blind check (conferência cega) of an order em separação: the scans are stored one by one (a
// reload resumes the check), the screen gets what was read and the progress (products read / the
// order's products) — never the quantities the order expects. Finishing compares the count with
// the order (divergenciasConferencia): no divergence → the check is conferida and the order
// conferido (who and when; the load becomes conferida with its last order); divergences → they are
// listed, and the checker re-counts a product (its scans cleared) or adjusts the order to the
// count through the order service (prices, taxes and blockers re-run).

export const conferenciaMensagens = {
  pedidoNaoSeparado: (s: StatusPedido) =>
    `Pedido em «${statusPedidoLabels[s]}»: a conferência é feita com o pedido em separação.`,
  codigoNaoEncontrado: (c: string) => `Código não encontrado: ${c}`,
  encerrada: 'Esta conferência já foi encerrada.',
  semDivergencias: 'A conferência não tem divergências a ajustar.',
  naoPertenceNoAjuste:
    'Há produtos que não pertencem ao pedido: retire-os e reconte-os antes de ajustar o pedido.',
  leituraNaoEncontrada: 'Leitura não encontrada.',
  naoConferido: conferenciaExigidaMensagens.naoConferido,
} as const;

type ConferenciaTravada = {
  id: string;
  pedido_id: string;
  status: StatusConferencia;
  carga_id: string | null;
};

async function trava(tx: Tx, id: string): Promise<ConferenciaTravada> {
  const [c] = rowsOf<ConferenciaTravada>(
    await tx.execute(
      sql`select id, pedido_id, status, carga_id from conferencias where id = ${id} for update`,
    ),
  );
  if (!c) throw new AppError('not_found', notFoundMessage);
  return c;
}

function aberta(c: ConferenciaTravada) {
  if (c.status === 'conferida' || c.status === 'cancelada')
    throw new AppError('conflict', conferenciaMensagens.encerrada, { reason: 'status' });
}

/** Expected base quantities per product line of the order (the check's hidden side). */
async function esperadoDo(db: Db | Tx, pedidoId: string) {
  return rowsOf<{ produto_id: string; quantidade: string }>(
    await db.execute(sql`select product_id as produto_id, quantidade::text as quantidade
      from sales_order_items where order_id = ${pedidoId} order by sequencia`),
  );
}

async function contadoDa(db: Db | Tx, conferenciaId: string) {
  return rowsOf<{ produto_id: string; quantidade: string }>(
    await db.execute(sql`select produto_id, quantidade_base::text as quantidade
      from conferencias_leituras where conferencia_id = ${conferenciaId} order by id`),
  );
}

/** Orders to check: those of a load, or by number / customer among orders em separação or conferidos. */
export async function pedidosParaConferencia(db: Db, f: { carga_id?: string; q?: string }) {
  const conds = [sql`o.status in ('em_separacao', 'conferido')`];
  if (f.carga_id) conds.push(sql`cp.carga_id = ${f.carga_id}`);
  const termo = f.q?.trim();
  if (termo)
    conds.push(
      /^\d{1,12}$/.test(termo)
        ? sql`o.numero = ${Number(termo)}`
        : sql`o.cliente_nome ilike ${`%${termo.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
    );
  const rows = rowsOf<ConferenciaPedidoResumo>(
    await db.execute(sql`select o.id, o.numero::int as numero, o.status, o.cliente_nome, cp.carga_id,
        k.numero::int as carga_numero,
        (select count(distinct i.product_id)::int from sales_order_items i where i.order_id = o.id) as itens,
        cf.id as conferencia_id, cf.status as conferencia_status
      from sales_orders o
        left join cargas_pedidos cp on cp.pedido_id = o.id and cp.ativo
        left join cargas k on k.id = cp.carga_id
        left join conferencias cf on cf.pedido_id = o.id and cf.status <> 'cancelada'
      where ${sql.join(conds, sql` and `)}
      order by ${f.carga_id ? sql`cp.sequencia` : sql`o.numero desc`}
      limit 200`),
  );
  return rows.map((r) => ({
    ...r,
    numero: Number(r.numero),
    carga_numero: r.carga_numero === null ? null : Number(r.carga_numero),
    itens: Number(r.itens),
  }));
}

export async function getConferencia(db: Db | Tx, id: string): Promise<Conferencia> {
  const [c] = rowsOf<{
    id: string;
    status: StatusConferencia;
    pedido_id: string;
    numero: number;
    cliente_nome: string;
    pedido_status: StatusPedido;
    conferente: string | null;
    iniciada_em: string;
    finalizada_em: string | null;
    ajustada: boolean;
  }>(
    await db.execute(sql`select cf.id, cf.status, cf.pedido_id, o.numero::int as numero, o.cliente_nome,
        o.status as pedido_status, cf.conferente, cf.iniciada_em, cf.finalizada_em, cf.ajustada
      from conferencias cf join sales_orders o on o.id = cf.pedido_id where cf.id = ${id}`),
  );
  if (!c) throw new AppError('not_found', notFoundMessage);
  const esperado = await esperadoDo(db, c.pedido_id);
  const contado = await contadoDa(db, id);
  const contagem = rowsOf<Conferencia['contagem'][number]>(
    await db.execute(sql`select l.produto_id, p.codigo, p.nome, p.unidade, sum(l.quantidade_base)::numeric(14,3)::text as quantidade,
        count(*)::int as leituras
      from conferencias_leituras l join products p on p.id = l.produto_id
      where l.conferencia_id = ${id} group by 1, 2, 3, 4 order by min(l.id)`),
  ).map((r) => ({ ...r, leituras: Number(r.leituras) }));
  const leituras = rowsOf<Conferencia['leituras'][number]>(
    await db.execute(sql`select l.id::int as id, l.codigo, p.codigo as produto_codigo, p.nome as produto_nome, l.embalagem,
        l.quantidade::text as quantidade, l.quantidade_base::text as quantidade_base, l.created_at
      from conferencias_leituras l join products p on p.id = l.produto_id
      where l.conferencia_id = ${id} order by l.id desc limit 50`),
  ).map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() }));
  let divergencias: Conferencia['divergencias'] = [];
  if (c.status === 'divergente') {
    const ds = divergenciasConferencia(esperado, contado);
    const nomes = new Map(
      rowsOf<{ id: string; codigo: string; nome: string; unidade: string }>(
        await db.execute(sql`select id, codigo, nome, unidade from products
          where id = any(${`{${ds.map((d) => d.produto_id).join(',')}}`}::uuid[])`),
      ).map((p) => [p.id, p]),
    );
    divergencias = ds.map((d) => ({
      ...d,
      codigo: nomes.get(d.produto_id)?.codigo ?? '',
      nome: nomes.get(d.produto_id)?.nome ?? '',
      unidade: nomes.get(d.produto_id)?.unidade ?? '',
    }));
  }
  const carga = await cargaAtivaDoPedido(db, c.pedido_id);
  const instante = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return {
    id: c.id,
    status: c.status,
    pedido: {
      id: c.pedido_id,
      numero: Number(c.numero),
      cliente_nome: c.cliente_nome,
      status: c.pedido_status,
    },
    carga,
    conferente: c.conferente,
    iniciada_em: instante(c.iniciada_em)!,
    finalizada_em: instante(c.finalizada_em),
    ajustada: c.ajustada,
    progresso: progressoConferencia(
      esperado.map((e) => e.produto_id),
      contado.map((l) => l.produto_id),
    ),
    contagem,
    leituras,
    divergencias,
  };
}

/** Starts the check of an order em separação, or answers the one already open (or done). */
export async function iniciaConferencia(db: Db, actor: Actor, pedidoId: string): Promise<string> {
  return writeTx(db, actor, async (tx) => {
    const [o] = rowsOf<{ status: StatusPedido }>(
      await tx.execute(sql`select status from sales_orders where id = ${pedidoId} for update`),
    );
    if (!o) throw new AppError('not_found', notFoundMessage);
    const [existente] = await tx
      .select({ id: conferencias.id })
      .from(conferencias)
      .where(and(eq(conferencias.pedidoId, pedidoId), sql`${conferencias.status} <> 'cancelada'`));
    if (existente) return existente.id;
    if (o.status !== 'em_separacao')
      throw new AppError('conflict', conferenciaMensagens.pedidoNaoSeparado(o.status), { reason: 'status' });
    const carga = await cargaAtivaDoPedido(tx, pedidoId);
    const [row] = await tx
      .insert(conferencias)
      .values({
        pedidoId,
        cargaId: carga?.id ?? null,
        conferenteId: actor.userId,
        conferente: actor.email ?? null,
      })
      .returning({ id: conferencias.id });
    return row!.id;
  });
}

/**
 * What a code is: a packaging's GTIN (its factor), the product's own GTIN (1 base unit) or the
 * product code (1 base unit). Active products only.
 */
async function resolveCodigo(tx: Tx, codigo: string) {
  const [e] = rowsOf<{ produto_id: string; embalagem: string; fator: string }>(
    await tx.execute(sql`select e.produto_id, e.unidade as embalagem, e.fator::text as fator
      from produto_embalagens e join products p on p.id = e.produto_id
      where e.gtin = ${codigo} and p.ativo limit 1`),
  );
  if (e) return e;
  const [p] = rowsOf<{ produto_id: string; embalagem: string; fator: string }>(
    await tx.execute(sql`select id as produto_id, unidade as embalagem, '1'::text as fator from products
      where ativo and ((gtin = ${codigo} and gtin <> 'SEM GTIN') or upper(codigo) = upper(${codigo}))
      order by (gtin = ${codigo}) desc limit 1`),
  );
  return p ?? null;
}

/** One scan (a scanner's code + Enter, quantity 1) or a typed code and quantity. */
export async function registraLeitura(
  db: Db,
  actor: Actor,
  id: string,
  input: { codigo: string; quantidade: string },
) {
  await writeTx(db, actor, async (tx) => {
    const c = await trava(tx, id);
    aberta(c);
    const r = await resolveCodigo(tx, input.codigo);
    if (!r)
      throw new AppError('validation_failed', conferenciaMensagens.codigoNaoEncontrado(input.codigo), {
        fields: { codigo: [conferenciaMensagens.codigoNaoEncontrado(input.codigo)] },
      });
    const quantidade = Decimal.of(input.quantidade).toFixed(3);
    await tx.insert(conferenciasLeituras).values({
      conferenciaId: id,
      pedidoId: c.pedido_id,
      produtoId: r.produto_id,
      codigo: input.codigo,
      embalagem: r.embalagem,
      fator: r.fator,
      quantidade,
      quantidadeBase: quantidadeBaseDaLeitura(quantidade, r.fator),
      userId: actor.userId,
    });
    if (c.status === 'divergente')
      await tx
        .update(conferencias)
        .set({ status: 'em_andamento', updatedAt: new Date() })
        .where(eq(conferencias.id, id));
  });
}

export async function removeLeitura(db: Db, actor: Actor, id: string, leituraId: number) {
  await writeTx(db, actor, async (tx) => {
    const c = await trava(tx, id);
    aberta(c);
    const r = await tx
      .delete(conferenciasLeituras)
      .where(and(eq(conferenciasLeituras.conferenciaId, id), eq(conferenciasLeituras.id, leituraId)))
      .returning({ id: conferenciasLeituras.id });
    if (!r.length) throw new AppError('not_found', conferenciaMensagens.leituraNaoEncontrada);
    if (c.status === 'divergente')
      await tx
        .update(conferencias)
        .set({ status: 'em_andamento', updatedAt: new Date() })
        .where(eq(conferencias.id, id));
  });
}

/** Everything matches: the check is conferida, the order conferido, maybe the load conferida. */
async function conclui(tx: Tx, actor: Actor, c: ConferenciaTravada, ajustada: boolean) {
  await tx
    .update(conferencias)
    .set({
      status: 'conferida',
      finalizadaEm: new Date(),
      conferenteId: actor.userId,
      conferente: actor.email ?? null,
      ajustada,
      versao: sql`${conferencias.versao} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(conferencias.id, c.id));
  await transitaPedidoEm(tx, actor, c.pedido_id, {
    para: 'conferido',
    motivo: ajustada ? 'Conferência (pedido ajustado)' : 'Conferência',
  });
  await concluiConferenciaDaCarga(tx, { ...actor }, c.pedido_id);
}

/** Finish: no divergence → conferida; otherwise divergente (the list comes with the check). */
export async function finalizaConferencia(db: Db, actor: Actor, id: string) {
  await writeTx(db, actor, async (tx) => {
    const c = await trava(tx, id);
    aberta(c);
    const ds = divergenciasConferencia(await esperadoDo(tx, c.pedido_id), await contadoDa(tx, id));
    if (ds.length === 0) return conclui(tx, actor, c, false);
    await tx
      .update(conferencias)
      .set({ status: 'divergente', versao: sql`${conferencias.versao} + 1`, updatedAt: new Date() })
      .where(eq(conferencias.id, id));
  });
}

/** Re-count one product: its scans are cleared and the check goes on. */
export async function recontaProduto(db: Db, actor: Actor, id: string, produtoId: string) {
  await writeTx(db, actor, async (tx) => {
    const c = await trava(tx, id);
    aberta(c);
    await tx
      .delete(conferenciasLeituras)
      .where(and(eq(conferenciasLeituras.conferenciaId, id), eq(conferenciasLeituras.produtoId, produtoId)));
    await tx
      .update(conferencias)
      .set({ status: 'em_andamento', updatedAt: new Date() })
      .where(eq(conferencias.id, id));
  });
}

/**
 * Adjust the order to the count (falta and sobra): through the order service, which re-runs
 * prices, taxes and blockers; then the check is conferida (ajustada). A product that does not
 * belong to the order is never added: it must be taken off and re-counted first.
 */
export async function ajustaPedidoPelaConferencia(db: Db, actor: Actor, id: string) {
  await writeTx(db, actor, async (tx) => {
    const c = await trava(tx, id);
    if (c.status !== 'divergente')
      throw new AppError('conflict', conferenciaMensagens.semDivergencias, { reason: 'status' });
    const contado = await contadoDa(tx, id);
    const ds = divergenciasConferencia(await esperadoDo(tx, c.pedido_id), contado);
    if (ds.some((d) => d.tipo === 'nao_pertence'))
      throw new AppError('conflict', conferenciaMensagens.naoPertenceNoAjuste, { reason: 'nao_pertence' });
    const porProduto = new Map<string, string>();
    for (const l of contado)
      porProduto.set(
        l.produto_id,
        Decimal.of(porProduto.get(l.produto_id) ?? '0')
          .plus(l.quantidade)
          .toFixed(3),
      );
    await ajustaQuantidadesPedidoEm(tx, actor, c.pedido_id, porProduto);
    await conclui(tx, actor, c, true);
  });
}
