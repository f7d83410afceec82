import {
  addDays,
  businessToday,
  type JanelaVendas,
  type ProdutoSugestao,
  type ProdutoSugestaoEntrada,
  STATUS_LIBERADOS_NAO_FATURADOS,
  type SugestaoCompra,
  type SugestaoCompraQuery,
  type SugestaoParaPedidoInput,
  sugereCompra,
  sugestaoCompraMensagens,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, linhasJson, rowsOf } from '../../db/client.ts';
import type { Actor } from '../../lib/audit-context.ts';
import { AppError } from '../../lib/errors.ts';
import { criaPedidoCompra } from './pedidos-compra.service.ts';
import { quantidadesEmPedido } from './pedidos-compra-leitura.service.ts';

// GET /api/compras/sugestao (issue 34): reads one supplier's products, their sales history from
// the ledger's daily read model, stock, lots, back-orders, open purchase orders and last purchase,
// and hands them to the pure rule sugereCompra (packages/shared/src/compras/sugestao-compra.ts),
// which decides everything. Four independent statements run side by side on the pool, and «em pedido» once the
// products are known.
//
// Windows: the N whole days before today (São Paulo), [hoje − N, hoje − 1], and the N before those.
// Today is left out because it is not over: a morning's sales would look like a slow day.

const TZ = 'America/Sao_Paulo';
/** Company defaults (app_settings); the query's cobertura/segurança override them. */
export const SUGESTAO_PADROES = {
  compras_prazo_padrao_dias: 7,
  compras_dias_cobertura: 30,
  compras_dias_seguranca: 5,
} as const;
type ChavePadrao = keyof typeof SUGESTAO_PADROES;

async function lerPadroes(db: Db): Promise<Record<ChavePadrao, number>> {
  const chaves = Object.keys(SUGESTAO_PADROES) as ChavePadrao[];
  const rows = rowsOf<{ chave: ChavePadrao; valor: unknown }>(
    await db.execute(
      sql`select chave, valor from app_settings where chave = any(${sql.raw(`array['${chaves.join("','")}']`)})`,
    ),
  );
  const out = { ...SUGESTAO_PADROES } as Record<ChavePadrao, number>;
  for (const r of rows)
    if (typeof r.valor === 'number' && Number.isInteger(r.valor) && r.valor >= 0 && r.valor <= 365)
      out[r.chave] = r.valor;
  return out;
}

type LinhaProduto = {
  id: string;
  codigo: string;
  nome: string;
  unidade: string;
  estoque_minimo: string;
  estoque_maximo: string;
  prazo_entrega_dias: number | null;
  custo_medio: string;
  peso_bruto: string;
  volume: string;
  emb_unidade: string | null;
  emb_fator: string | null;
};

type LinhaHistorico = {
  product_id: string;
  cur_sem: number;
  cur_vendido: string;
  cur_valor: string;
  prev_sem: number;
  prev_vendido: string;
  prev_valor: string;
  tem_anterior: boolean;
};

type LinhaEstoque = {
  produto_id: string;
  saldo: string;
  reservado: string;
  lotes: { quantidade: string; validade: string }[] | null;
  pendentes: string;
  ultima_preco: string | null;
  ultima_data: string | null;
};

export type ProdutoSugestaoResposta = ProdutoSugestao & { codigo: string; nome: string; unidade: string };

export type SugestaoCompraResposta = {
  fornecedor: {
    id: string;
    nome: string;
    prazo_entrega_dias: number | null;
    pedido_minimo: string | null;
  };
  parametros: {
    hoje: string;
    janela_dias: number;
    janela: { de: string; ate: string };
    janela_anterior: { de: string; ate: string };
    cobertura_dias: number;
    seguranca_dias: number;
    prazo_padrao_dias: number;
    horizonte_vencimento_dias: number;
  };
  produtos: ProdutoSugestaoResposta[];
  totais: SugestaoCompra['totais'];
  /** Set when the supplier has no product to suggest. */
  mensagem: string | null;
};

/** The products CTE's filter: the supplier's active products, narrowed by group / ids. */
export function filtroProdutos(q: SugestaoCompraQuery): SQL {
  const partes = [sql`p.fornecedor_id = ${q.fornecedor_id}`, sql`p.ativo`];
  if (q.grupo_id) partes.push(sql`p.grupo_id = ${q.grupo_id}`);
  if (q.produto_ids)
    partes.push(
      sql`p.id = any(array(select jsonb_array_elements_text(${JSON.stringify(q.produto_ids)}::jsonb)::uuid))`,
    );
  return sql.join(partes, sql` and `);
}

/**
 * Both sales windows of every product from the daily read model estoque_vendas_dia (migration 0063,
 * kept by the ledger's insert trigger): one row per product and São Paulo day with movements, with
 * running totals from the product's first day — end-of-day balance, days without stock (balance ≤ 0,
 * counting the days without movements, which hold the balance before them, and the days before the
 * first movement, at 0), sold on days with stock (saída/estorno of origem 'pedido': an NF-e's
 * cancellation gives back what it took) and value sold (−quantity × the row's unit cost: the ledger
 * knows no sale price, and the ABC of what we BUY by cost of goods is what the buyer weighs). A window
 * [a, b] is the difference of the totals at b and at a − 1, each the product's last row on or before
 * that day: three index look-ups per product (the day before each window, and yesterday), whatever the
 * window's length. Days without stock up to day x, from that row r: r.sem_estoque_acum + (x − r.dia)
 * when r's balance is ≤ 0 (the days after r hold it); without a row, x − 1999-12-31 (balance 0 from
 * the model's origin). The previous window exists when the product has a day before the current one.
 * `sqlHistoricoRazao` in sugestao-historico.test.ts is the same answer computed from the ledger rows.
 */
export function sqlHistorico(filtro: SQL, d: Datas): SQL {
  const ate = (col: string, x: string) => sql`left join lateral (
      select v.dia, v.saldo, v.sem_estoque_acum, v.vendido_acum, v.valor_acum from estoque_vendas_dia v
      where v.produto_id = p.id and v.dia <= ${x}::date order by v.dia desc limit 1) ${sql.raw(col)} on true`;
  const sem = (col: string, x: string) => {
    const r = sql.raw(col);
    return sql`(case when ${r}.dia is null then ${x}::date - date '1999-12-31'
      else ${r}.sem_estoque_acum + (${x}::date - ${r}.dia) * (${r}.saldo <= 0)::int end)`;
  };
  const dif = (col: string, de: string, ate: string, cast: string) =>
    sql`(coalesce(${sql.raw(ate)}.${sql.raw(col)}, 0) - coalesce(${sql.raw(de)}.${sql.raw(col)}, 0))::${sql.raw(cast)}::text`;
  const b0 = addDays(d.prevDe, -1);
  return sql`select p.id as product_id,
      (${sem('r2', d.curAte)} - ${sem('r1', d.prevAte)})::int as cur_sem,
      ${dif('vendido_acum', 'r1', 'r2', 'numeric(18,3)')} as cur_vendido,
      ${dif('valor_acum', 'r1', 'r2', 'numeric(18,2)')} as cur_valor,
      (${sem('r1', d.prevAte)} - ${sem('r0', b0)})::int as prev_sem,
      ${dif('vendido_acum', 'r0', 'r1', 'numeric(18,3)')} as prev_vendido,
      ${dif('valor_acum', 'r0', 'r1', 'numeric(18,2)')} as prev_valor,
      r1.dia is not null as tem_anterior
    from products p
    ${ate('r0', b0)}
    ${ate('r1', d.prevAte)}
    ${ate('r2', d.curAte)}
    where ${filtro}`;
}

/**
 * Stock of each product (sellable locations: not avaria), its lots with a balance and a validade,
 * back-orders (lines of released, not invoiced orders beyond what the order holds reserved) and the
 * last purchase (posted goods receipt: its unit cost in the base unit). Set-based and driven by the
 * supplier's products: their ids are gathered once into an array (`ids`), and each part reads only
 * those products' rows through its table's product index (`produto_id = any(ids)`: one index descent
 * per product on estoque_saldos, sales_order_items, estoque_reservas and entrada_itens), grouped by
 * product and joined to the products at the end. The array comes from an InitPlan, so the planner does
 * not know its length and plans index scans (a join on a CTE of 5,000 rows made it hash every row of
 * each table: 120,000 balances and 100,000 receipt lines to keep one supplier's). `sqlEstoquePorProduto`
 * in sugestao-estoque.test.ts is the per-product (LATERAL) form this replaced, kept there as the
 * reference the test compares with.
 */
export function sqlEstoque(filtro: SQL): SQL {
  const liberados = sql.raw(`array['${STATUS_LIBERADOS_NAO_FATURADOS.join("','")}']`);
  const ids = sql`(select ids.a from ids)::uuid[]`;
  return sql`with p as materialized (select p.id from products p where ${filtro}),
    ids as (select array_agg(p.id) as a from p),
    s as (
      select es.produto_id, sum(es.saldo) as saldo, sum(es.reservado) as reservado,
        json_agg(json_build_object('quantidade', es.saldo::text, 'validade', lt.validade::text) order by lt.validade)
          filter (where lt.id is not null and es.saldo > 0) as lotes
      from estoque_saldos es
      join locais_estoque l on l.id = es.local_id and l.tipo <> 'avaria'
      left join lotes lt on lt.id = es.lote_id
      where es.produto_id = any(${ids})
      group by es.produto_id),
    i as (
      select it.product_id, it.order_id, sum(it.quantidade) as qtd
      from sales_order_items it
      join sales_orders o on o.id = it.order_id and o.status = any(${liberados})
      where it.product_id = any(${ids})
      group by it.product_id, it.order_id),
    r as (
      select r.produto_id, r.origem_id, sum(r.quantidade) as quantidade
      from estoque_reservas r
      where r.produto_id = any(${ids}) and r.origem = 'pedido'
        and r.origem_id in (select i.order_id::text from i)
      group by r.produto_id, r.origem_id),
    b as (
      select i.product_id, sum(greatest(i.qtd - coalesce(r.quantidade, 0), 0)) as pendentes
      from i left join r on r.produto_id = i.product_id and r.origem_id = i.order_id::text
      group by i.product_id),
    u as (
      select distinct on (ei.produto_id) ei.produto_id, ei.custo_unitario::numeric(18,4)::text as preco,
        (e.lancada_em at time zone ${TZ})::date::text as data
      from entrada_itens ei
      join entradas e on e.id = ei.entrada_id and e.status = 'lancada'
      where ei.produto_id = any(${ids}) and ei.custo_unitario is not null
      order by ei.produto_id, e.lancada_em desc)
    select p.id as produto_id,
      coalesce(s.saldo, 0)::numeric(18,3)::text as saldo, coalesce(s.reservado, 0)::numeric(18,3)::text as reservado,
      s.lotes, coalesce(b.pendentes, 0)::numeric(18,3)::text as pendentes,
      u.preco as ultima_preco, u.data as ultima_data
    from p
    left join s on s.produto_id = p.id
    left join b on b.product_id = p.id
    left join u on u.produto_id = p.id`;
}

export type Datas = { hoje: string; curDe: string; curAte: string; prevDe: string; prevAte: string };

export function datas(hoje: string, n: number): Datas {
  return {
    hoje,
    curDe: addDays(hoje, -n),
    curAte: addDays(hoje, -1),
    prevDe: addDays(hoje, -2 * n),
    prevAte: addDays(hoje, -n - 1),
  };
}

const positivoOuNull = (v: string) => (Number(v) > 0 ? v : null);

function janela(dias: number, sem: number, vendido: string, valor: string): JanelaVendas {
  return { dias, diasSemEstoque: sem, vendidoComEstoque: vendido, valorVendido: valor };
}

/** GET /api/compras/sugestao — 404 for an unknown supplier; no products → an empty list and a message. */
export async function sugestaoCompra(
  db: Db,
  q: SugestaoCompraQuery,
  hoje: string = businessToday(),
): Promise<SugestaoCompraResposta> {
  const [forn] = rowsOf<{
    nome: string;
    prazo_medio_entrega: number | null;
    pedido_minimo: string | null;
  }>(
    await db.execute(sql`select coalesce(nullif(nome_fantasia, ''), razao_social) as nome, prazo_medio_entrega,
        pedido_minimo::text from fornecedores where id = ${q.fornecedor_id}`),
  );
  if (!forn) throw new AppError('not_found', sugestaoCompraMensagens.fornecedorNaoEncontrado);
  const filtro = filtroProdutos(q);
  const d = datas(hoje, q.janela_dias);
  // the three reads of one row per product come as JSON arrays (linhasJson): 15,000 rows for a
  // supplier of 5,000 products
  const produtosP = linhasJson<LinhaProduto>(
    db,
    sql`select p.id, p.codigo, p.nome, p.unidade, p.estoque_minimo::text as estoque_minimo,
        p.estoque_maximo::text as estoque_maximo, p.prazo_entrega_dias, p.custo_medio::text as custo_medio,
        p.peso_bruto::text as peso_bruto, p.volume::text as volume,
        e.unidade as emb_unidade, e.fator::text as emb_fator
      from products p left join produto_embalagens e on e.produto_id = p.id and e.padrao_compra
      where ${filtro}`,
    sql`x.codigo`,
  );
  const [padroes, produtos, historico, estoque, emPedidoLista] = await Promise.all([
    lerPadroes(db),
    produtosP,
    linhasJson<LinhaHistorico>(db, sqlHistorico(filtro, d)),
    linhasJson<LinhaEstoque>(db, sqlEstoque(filtro)),
    // «em pedido» as soon as the product ids are known, beside the other statements
    produtosP.then((ps) =>
      ps.length
        ? quantidadesEmPedido(
            db,
            ps.map((p) => p.id),
          )
        : [],
    ),
  ]);
  const fornecedor = {
    id: q.fornecedor_id,
    nome: forn.nome,
    prazo_entrega_dias: forn.prazo_medio_entrega === null ? null : Number(forn.prazo_medio_entrega),
    pedido_minimo: forn.pedido_minimo,
  };
  const cobertura = q.cobertura_dias ?? padroes.compras_dias_cobertura;
  const seguranca = q.seguranca_dias ?? padroes.compras_dias_seguranca;
  const prazoPadrao = padroes.compras_prazo_padrao_dias;
  // Lots that expire before the goods of this order arrive and cover their days: the supplier's
  // lead time (else the company's) plus coverage and safety.
  const horizonte = (fornecedor.prazo_entrega_dias ?? prazoPadrao) + cobertura + seguranca;
  const parametros = {
    hoje,
    janela_dias: q.janela_dias,
    janela: { de: d.curDe, ate: d.curAte },
    janela_anterior: { de: d.prevDe, ate: d.prevAte },
    cobertura_dias: cobertura,
    seguranca_dias: seguranca,
    prazo_padrao_dias: prazoPadrao,
    horizonte_vencimento_dias: horizonte,
  };
  const vazio = {
    itens: 0,
    valor: '0.00',
    pesoBruto: '0.000',
    volume: '0.000000',
    itensSemPeso: 0,
    itensSemVolume: 0,
    pedidoMinimo: fornecedor.pedido_minimo,
    faltaParaPedidoMinimo: null,
    alertas: [],
  };
  if (!produtos.length)
    return {
      fornecedor,
      parametros,
      produtos: [],
      totais: vazio,
      mensagem: sugestaoCompraMensagens.semProdutos,
    };

  const emPedido = new Map(emPedidoLista.map((e) => [e.produto_id, e.quantidade]));
  const hist = new Map(historico.map((h) => [h.product_id, h]));
  const est = new Map(estoque.map((e) => [e.produto_id, e]));
  const n = q.janela_dias;
  const entradas: ProdutoSugestaoEntrada[] = produtos.map((p) => {
    const h = hist.get(p.id);
    const e = est.get(p.id);
    return {
      produtoId: p.id,
      unidade: p.unidade,
      atual: h ? janela(n, h.cur_sem, h.cur_vendido, h.cur_valor) : janela(n, n, '0.000', '0.00'),
      anterior: h?.tem_anterior ? janela(n, h.prev_sem, h.prev_vendido, h.prev_valor) : null,
      saldo: e?.saldo ?? '0.000',
      reservado: e?.reservado ?? '0.000',
      emPedido: emPedido.get(p.id) ?? '0.000',
      pendentes: e?.pendentes ?? '0.000',
      // 0 in the register means "not set" (the columns are NOT NULL DEFAULT 0): a máximo of 0
      // would forbid buying at all.
      estoqueMinimo: positivoOuNull(p.estoque_minimo),
      estoqueMaximo: positivoOuNull(p.estoque_maximo),
      embalagemCompra: p.emb_unidade && p.emb_fator ? { unidade: p.emb_unidade, fator: p.emb_fator } : null,
      prazoEntregaDias: p.prazo_entrega_dias === null ? null : Number(p.prazo_entrega_dias),
      custoUnitario: p.custo_medio,
      ultimaCompra: e?.ultima_preco && e.ultima_data ? { preco: e.ultima_preco, data: e.ultima_data } : null,
      lotes: e?.lotes ?? [],
      pesoBruto: positivoOuNull(p.peso_bruto),
      volume: positivoOuNull(p.volume),
    };
  });
  const r = sugereCompra({
    fornecedor: { prazoEntregaDias: fornecedor.prazo_entrega_dias, pedidoMinimo: fornecedor.pedido_minimo },
    produtos: entradas,
    parametros: {
      hoje,
      prazoPadraoDias: prazoPadrao,
      diasCobertura: cobertura,
      diasSeguranca: seguranca,
      horizonteVencimentoDias: horizonte,
    },
  });
  return {
    fornecedor,
    parametros,
    // the register's labels added to the rule's objects in place: a copy of 5,000 objects of ~25
    // fields (a spread each) was the heaviest line of the request's own CPU profile
    produtos: r.produtos.map((s, i) =>
      Object.assign(s, {
        codigo: produtos[i]!.codigo,
        nome: produtos[i]!.nome,
        unidade: produtos[i]!.unidade,
      }),
    ),
    totais: r.totais,
    mensagem: null,
  };
}

/**
 * POST /api/compras/sugestao/pedido — the (edited) suggestion as a draft purchase order, through the
 * order service (criaPedidoCompra: its validation and field errors). A line without a unit is in the
 * product's purchase packaging, else its base unit. Answers the new order's id.
 */
export async function sugestaoParaPedido(
  db: Db,
  actor: Actor,
  input: SugestaoParaPedidoInput,
): Promise<string> {
  const semUnidade = [...new Set(input.itens.filter((i) => !i.unidade).map((i) => i.produto_id))];
  const unidades = new Map<string, string>();
  if (semUnidade.length)
    for (const r of rowsOf<{ id: string; unidade: string }>(
      await db.execute(sql`select p.id, coalesce(e.unidade, p.unidade) as unidade
        from products p left join produto_embalagens e on e.produto_id = p.id and e.padrao_compra
        where p.id = any(array(select jsonb_array_elements_text(${JSON.stringify(semUnidade)}::jsonb)::uuid))`),
    ))
      unidades.set(r.id, r.unidade);
  return criaPedidoCompra(db, actor, {
    ...input,
    // an unknown product keeps the base-unit guess 'UN': the order service answers its 422
    itens: input.itens.map((i) => ({ ...i, unidade: i.unidade ?? unidades.get(i.produto_id) ?? 'UN' })),
  });
}
