import { addDays, businessToday, Decimal, pedidoCompraSchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { systemActor } from '../../lib/audit-context.ts';
import {
  aprovaPedidoCompra,
  cancelaPedidoCompra,
  criaPedidoCompra,
} from '../../modules/compras/pedidos-compra.service.ts';
import { type Db, rowsOf, type Tx } from '../client.ts';
import { createRandom } from './prng.ts';

// Demo purchasing (issue 34), after the goods receipts (entradas-demo.ts):
// - registers: a minimum order value (pedido mínimo) for some suppliers (their lead time
//   prazo_medio_entrega comes from the generator), and the perishable (lot-controlled) products with
//   a lead time of their own — half the supplier's, delivered on a short route;
// - purchase orders through the real services in every status: rascunho, aprovado, enviado (the one
//   the draft note 31870 of the same supplier is proposed against), parcialmente_recebido (tied to
//   the posted note 5490, which brought part of it), recebido (tied to the posted note 31655, which
//   brought all of it) and cancelado.
// «Enviar» is not run through its service: it would queue e-mails to the demo's made-up addresses;
// the status and date are written as it writes them. The two posted notes were posted by
// entradas-demo before any order existed, so they are tied here as «Lançar» ties a receipt to its
// order (each item to the line of its product, quantidade_recebida, the resulting status).
// Created in date order (the número follows the dates). Deterministic: the same suppliers, products, quantities and dates (relative to today) every seed.

type Linha = {
  id: string;
  codigo: string;
  preco_custo: string;
  unidade: string;
  fator: string;
  fornecedor_id: string;
};

const actor = systemActor;

/** The order's price of a box: the product's cost × the box factor, as the demo notes bill it. */
const precoCaixa = (p: Linha) => Decimal.of(p.preco_custo).times(p.fator).round(2).toFixed(2);

async function pedido(
  tx: Tx,
  f: { fornecedorId: string; condicaoId: string | null; observacao?: string },
  itens: Array<[Linha, number]>,
  datas: { criado: string; previsao: string },
): Promise<string> {
  const input = pedidoCompraSchema.parse({
    fornecedor_id: f.fornecedorId,
    condicao_pagamento_id: f.condicaoId,
    frete: '0',
    observacao: f.observacao ?? '',
    previsao_entrega: datas.previsao,
    itens: itens.map(([p, caixas]) => ({
      produto_id: p.id,
      unidade: p.unidade,
      quantidade: String(caixas),
      preco: precoCaixa(p),
    })),
  });
  // the services open their own transaction: inside the seed's, a savepoint
  const id = await criaPedidoCompra(tx as unknown as Db, actor, input);
  await tx.execute(sql`update pedidos_compra set created_at = ${`${datas.criado}T13:00:00Z`}::timestamptz,
    updated_at = ${`${datas.criado}T13:00:00Z`}::timestamptz where id = ${id}`);
  return id;
}

async function aprova(tx: Tx, id: string, dia: string) {
  await aprovaPedidoCompra(tx as unknown as Db, actor, ['admin'], id);
  await tx.execute(
    sql`update pedidos_compra set aprovado_em = ${`${dia}T14:00:00Z`}::timestamptz where id = ${id}`,
  );
}

/** As «Enviar ao fornecedor» marks it (without queueing an e-mail to a demo address). */
async function envia(tx: Tx, id: string, dia: string) {
  await tx.execute(sql`update pedidos_compra p set status = 'enviado', enviado_em = ${`${dia}T15:00:00Z`}::timestamptz,
    enviado_para = coalesce(nullif(trim(f.email), ''), f.email_nfe), versao = p.versao + 1, updated_at = now()
    from fornecedores f where f.id = p.fornecedor_id and p.id = ${id}`);
}

/** A posted demo note tied to its order, as «Lançar» ties one: lines, quantities, status. */
async function vinculaEntradaLancada(tx: Tx, numeroNota: number, pedidoId: string) {
  const [e] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from entradas where numero = ${numeroNota} and status = 'lancada'`),
  );
  if (!e) return;
  await tx.execute(sql`update entradas set pedido_compra_id = ${pedidoId} where id = ${e.id}`);
  await tx.execute(sql`update entrada_itens i set pedido_compra_item_id = l.id from pedido_compra_itens l
    where i.entrada_id = ${e.id} and l.pedido_id = ${pedidoId} and l.product_id = i.produto_id`);
  await tx.execute(sql`update pedido_compra_itens l set quantidade_recebida = l.quantidade_recebida + x.q
    from (select pedido_compra_item_id as id, sum(quantidade_base) as q from entrada_itens
      where entrada_id = ${e.id} and pedido_compra_item_id is not null group by 1) x where l.id = x.id`);
  await tx.execute(sql`update pedidos_compra set status = case when exists (select 1 from pedido_compra_itens l
      where l.pedido_id = ${pedidoId} and l.encerrado_em is null and l.quantidade_recebida < l.quantidade)
      then 'parcialmente_recebido' else 'recebido' end, versao = versao + 1, updated_at = now()
    where id = ${pedidoId}`);
}

export async function seedComprasDemo(tx: Tx, today?: string): Promise<number> {
  const hoje = today ?? businessToday();
  const rnd = createRandom(34);

  // registers: pedido mínimo for every other supplier (R$ 300 to 1.500, whole hundreds)
  const fornecedoresIds = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from fornecedores where tipo_pessoa = 'J' order by documento`),
  );
  for (const [i, f] of fornecedoresIds.entries())
    if (i % 2 === 0)
      await tx.execute(
        sql`update fornecedores set pedido_minimo = ${`${rnd.int(3, 15)}00.00`} where id = ${f.id}`,
      );
  // perishables on a short route: half the supplier's lead time (at least 2 days)
  await tx.execute(sql`update products p set prazo_entrega_dias = greatest(2, f.prazo_medio_entrega / 2)
    from fornecedores f where f.id = p.fornecedor_id and p.controla_lote and f.prazo_medio_entrega is not null`);

  // the same grouping as entradas-demo.ts: products with a purchase packaging, per supplier
  const linhas = rowsOf<Linha>(
    await tx.execute(sql`select p.id, p.codigo, p.preco_custo::text as preco_custo, e.unidade, e.fator::text as fator,
      f.id as fornecedor_id
      from products p join produto_embalagens e on e.produto_id = p.id and e.padrao_compra
      join fornecedores f on f.id = p.fornecedor_id
      where p.ativo and p.preco_custo > 0 and f.tipo_pessoa = 'J' order by f.documento, p.codigo`),
  );
  const porFornecedor = new Map<string, Linha[]>();
  for (const l of linhas)
    porFornecedor.set(l.fornecedor_id, [...(porFornecedor.get(l.fornecedor_id) ?? []), l]);
  const grupos = [...porFornecedor.values()].filter((g) => g.length >= 3);
  if (grupos.length < 4) return 0;
  const [a, b, c, d] = grupos as [Linha[], Linha[], Linha[], Linha[]];
  const condicoes = new Map(
    rowsOf<{ id: string; nome: string }>(await tx.execute(sql`select id, nome from condicoes_pagamento`)).map(
      (r) => [r.nome, r.id],
    ),
  );
  const c28 = condicoes.get('28 dias') ?? null;
  const c283542 = condicoes.get('28/35/42') ?? null;
  const dia = (n: number) => addDays(hoje, n);

  // recebido: exactly what the posted note 31655 (40 days ago) brought — a[0] 3 boxes, a[2] 5 boxes
  const recebido = await pedido(
    tx,
    { fornecedorId: a[0]!.fornecedor_id, condicaoId: c28 },
    [
      [a[0]!, 3],
      [a[2]!, 5],
    ],
    { criado: dia(-48), previsao: dia(-40) },
  );
  await aprova(tx, recebido, dia(-48));
  await envia(tx, recebido, dia(-47));
  await vinculaEntradaLancada(tx, 31655, recebido);

  // cancelado: supplier c had no stock; bought elsewhere
  const cancelado = await pedido(tx, { fornecedorId: c[0]!.fornecedor_id, condicaoId: c28 }, [[c[0]!, 4]], {
    criado: dia(-30),
    previsao: dia(-22),
  });
  await cancelaPedidoCompra(
    tx as unknown as Db,
    actor,
    cancelado,
    'Fornecedor sem estoque do item; compra feita com outro fornecedor.',
  );
  await tx.execute(sql`update pedidos_compra set cancelado_em = ${`${dia(-29)}T12:00:00Z`}::timestamptz
    where id = ${cancelado}`);

  // parcialmente recebido: the posted note 5490 (20 days ago) brought 2 of the 5 boxes of b[2]
  const parcial = await pedido(
    tx,
    { fornecedorId: b[0]!.fornecedor_id, condicaoId: c283542, observacao: 'Entrega em duas etapas.' },
    [
      [b[2]!, 5],
      [b[1]!, 4],
    ],
    { criado: dia(-27), previsao: dia(-20) },
  );
  await aprova(tx, parcial, dia(-27));
  await envia(tx, parcial, dia(-26));
  await vinculaEntradaLancada(tx, 5490, parcial);

  // enviado: supplier a's current order — the draft note 31870 (4, 5 and 6 boxes) is proposed against it
  const enviado = await pedido(
    tx,
    { fornecedorId: a[0]!.fornecedor_id, condicaoId: c28 },
    [
      [a[0]!, 6],
      [a[1]!, 8],
      [a[2]!, 10],
    ],
    { criado: dia(-14), previsao: dia(2) },
  );
  await aprova(tx, enviado, dia(-14));
  await envia(tx, enviado, dia(-13));

  // aprovado, not sent yet
  const aprovado = await pedido(
    tx,
    { fornecedorId: c[0]!.fornecedor_id, condicaoId: c28 },
    c.slice(0, 3).map((p, i): [Linha, number] => [p, 2 + i * 2]),
    { criado: dia(-2), previsao: dia(10) },
  );
  await aprova(tx, aprovado, dia(-1));

  // rascunho: being put together today
  await pedido(
    tx,
    {
      fornecedorId: d[0]!.fornecedor_id,
      condicaoId: null,
      observacao: 'Conferir preços com o representante.',
    },
    d.slice(0, 2).map((p): [Linha, number] => [p, rnd.int(2, 6)]),
    { criado: hoje, previsao: dia(15) },
  );
  return 6;
}
