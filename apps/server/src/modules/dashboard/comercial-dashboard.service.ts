import {
  type ComercialResumo,
  DASHBOARD_TOP_LIMIT,
  dividirComComplementos,
  type Intervalo,
  type PeriodoResolvido,
  type SerieVendas,
  type VendaPorCliente,
  type VendaPorPeriodo,
  type VendaPorProduto,
  type VendaPorRegiao,
  type VendaPorVendedor,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { emVooCompartilhado } from '../../lib/em-voo.ts';
import { emReais, executaAgrupado } from '../relatorios/vendas-base.ts';
import { ctesDaBase, passadoDe, pedirBase } from './dashboard-bases.service.ts';
import { ajustesDoPainel, somasDeClientesDoPainel, somasDeProdutos, umMes } from './somas-do-periodo.ts';

// Commercial block: the orders of the chosen period (issue 35; by default the current business
// month, [first day, first day of next month)), compared with the previous equal period.
// Each function is one SQL aggregate (see docs/decisions/0001-dashboard-read-model.md): money is
// summed as numeric in the database and travels as a decimal string; nothing is summed in JS.
// Quotes and cancelled orders are not sales (STATUS_FORA_DAS_VENDAS): every figure leaves them out;
// the read models count only the other orders (their triggers use dashboard_conta(status)).
//
// Read models: per month (dashboard_vendas_mes, slices) for the cards' totals, with the loose days
// off the per-day totals (dashboard_vendas_dia_total, slices), which the series reads too; per month,
// seller and region (dashboard_vendas_mes_vendedor_regiao) for the sellers and regions, with the
// loose days off the per-day ones (dashboard_vendas_dia, slices); per product and per customer
// (somasDoPeriodo), the months of a range from the per-year running sums (three or more) or the
// per-month table, the loose days at its ends added or taken out off the per-day one
// (dividirComComplementos(); somas-do-periodo.ts), and one calendar month straight off the per-month
// table; past 28 days before today, the products' count and top and the customers' top through the
// range's base (dashboard-bases.service.ts, migration 0085) when it is valid.
const vendas = sql.raw(`status not in ('orcamento', 'cancelado')`);

const SEM_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Σ quantidade of one product's counted items in a range (a correlated subquery for the few rows a
 * page shows: the items' product index, ~15 items per product at 1 M orders).
 */
export const quantidadeDoProduto = (productId: SQL, r: Intervalo) => sql`(
    select coalesce(sum(i.quantidade), 0)::numeric(20, 3) from sales_order_items i
    join sales_orders o on o.id = i.order_id
    where i.product_id = ${productId} and o.data_emissao >= ${r.inicio}::date
      and o.data_emissao < ${r.fim}::date and o.${vendas})`;

/**
 * The rows of a range in two grains of the same figures: its whole months off `mensal` (`mes`
 * column), the loose days at its ends added or taken out off `diaria` (`dia` column) —
 * dividirComComplementos, as the per-key read models. The `chaves` columns are read from both, then
 * `pedidos` and `valor` (negated for the days taken out); the caller sums them.
 */
function partesDoIntervalo(r: Intervalo, mensal: string, diaria: string, chaves: string[]): SQL {
  const { meses, somar, tirar } = dividirComComplementos(r);
  const colunas = (sinal: '' | '-') =>
    sql.raw([...chaves, `${sinal}pedidos as pedidos`, `${sinal}valor as valor`].join(', '));
  const partes: SQL[] = [];
  if (meses)
    partes.push(sql`select ${colunas('')} from ${sql.raw(mensal)}
      where mes >= ${meses.inicio}::date and mes < ${meses.fim}::date`);
  const dias = (d: Intervalo, sinal: '' | '-') =>
    sql`select ${colunas(sinal)} from ${sql.raw(diaria)}
      where dia >= ${d.inicio}::date and dia < ${d.fim}::date`;
  for (const d of somar) partes.push(dias(d, ''));
  for (const d of tirar) partes.push(dias(d, '-'));
  return sql.join(partes, sql` union all `);
}

/**
 * Orders and Σ valor_total of a range: its months off the per-month slices (dashboard_vendas_mes,
 * a few rows a month), the loose days off the per-day totals (dashboard_vendas_dia_total, one row
 * a day and slice) — a year's cards read ~200 slice rows instead of the ~60,000 (day, seller,
 * region) rows at 1 M orders.
 */
function totais(r: Intervalo): SQL {
  return sql`
  select coalesce(sum(pedidos), 0)::int as pedidos, coalesce(sum(valor), 0) as valor
  from (${partesDoIntervalo(r, 'dashboard_vendas_mes', 'dashboard_vendas_dia_total', [])}) t`;
}

/**
 * Orders and Σ valor_total of a range per seller or per region (`coluna`): the whole months off
 * dashboard_vendas_mes_vendedor_regiao, the loose days off dashboard_vendas_dia (migration 0082) —
 * a year reads ~12 × the (seller, region) pairs instead of ~365 × them.
 */
function porVendedorOuRegiao(r: Intervalo, coluna: 'vendedor_id' | 'regiao_id'): SQL {
  const partes = partesDoIntervalo(r, 'dashboard_vendas_mes_vendedor_regiao', 'dashboard_vendas_dia', [
    coluna,
  ]);
  return sql`
  select ${sql.raw(coluna)}, sum(pedidos)::int as pedidos, sum(valor) as valor
  from (${partes}) t
  group by ${sql.raw(coluna)} having sum(pedidos) > 0`;
}

/**
 * The count of products sold in one calendar month and its top product, straight off its slices of
 * dashboard_vendas_mes and the top of dashboard_vendas_produto_mes_valor_idx (other ranges:
 * produtosDoPeriodo).
 */
function produtosDoMes(r: Intervalo) {
  return {
    contagem: sql`(select coalesce(sum(produtos), 0)::int from dashboard_vendas_mes where mes = ${r.inicio}::date)`,
    topo: sql`(select pr.nome
        from (select s.product_id from dashboard_vendas_produto_mes s
              where s.mes = ${r.inicio}::date and s.itens > 0
              order by s.valor desc nulls last fetch first 1 row with ties) x
        join products pr on pr.id = x.product_id
        order by pr.nome limit 1)`,
  };
}

type ProdutosDoPeriodo = { contagem: number; topo: string | null; linhas: VendaPorProduto[] };

const produtosEmVoo = emVooCompartilhado<Db, ProdutosDoPeriodo>();

/**
 * The statement of what the page shows of a range's products, from `pa` (product_id, valor in cents:
 * the products sold) after the CTEs `antes` and with `contagem` the count of products sold (`m.n`
 * counts `pa`): the top value, then the first by name of the products with it, for the cards; the
 * top 20 for Vendas por Produto.
 */
function produtosDe(r: Intervalo, antes: SQL, pa: SQL, contagem: SQL, mais: SQL = sql``): SQL {
  return sql`
    with ${antes} pa as (${pa}),
    m as (select count(*)::int as n, max(valor) as topo from pa),
    t as (select product_id, valor from pa order by valor desc, product_id limit ${DASHBOARD_TOP_LIMIT})
    select ${contagem} as contagem,
      (select pr.nome from pa x join products pr on pr.id = x.product_id
        where x.valor = (select topo from m)
        order by pr.nome limit 1) as topo,
      coalesce((
        select json_agg(json_build_object('produto', z.produto, 'quantidade', z.quantidade,
            'valor_total', z.valor_total) order by z.valor desc, z.produto)
        from (select pr.nome as produto, ${quantidadeDoProduto(sql`t.product_id`, r)}::text as quantidade,
                ${emReais(sql`t.valor`)}::text as valor_total, t.valor
              from t join products pr on pr.id = t.product_id) z), '[]'::json) as linhas${mais}`;
}

/**
 * What the page shows of the products sold in a range that is not one calendar month: the count of
 * products sold and the top product for the cards, the top 20 for Vendas por Produto. With a valid
 * base of its days before today (dashboard-bases.service.ts) from the base's top products and those
 * sold from its cut-off on — a few thousand rows; else from one pass over every product of the range
 * (somasDeProdutos, ~200,000 rows for a year at 1 M orders; a CTE read three times, computed once),
 * and the range's base asked for. The page asks for both at once: the two requests share one
 * computation while it runs (emVooCompartilhado; nothing is kept after it).
 */
function produtosDoPeriodo(db: Db, r: Intervalo, hoje: string): Promise<ProdutosDoPeriodo> {
  return produtosEmVoo(db, `${r.inicio}|${r.fim}|${hoje}`, async () => {
    const passado = passadoDe(r, hoje);
    if (passado) {
      const [row] = rowsOf<ProdutosDoPeriodo & { tem_base: boolean }>(
        await db.execute(
          produtosDe(
            r,
            sql`${ctesDaBase('produtos', r, passado)},`,
            sql`select chave as product_id, valor from c where presenca > 0`,
            sql`((select contagem from b)
              + (select coalesce(sum((presenca > 0)::int - (presenca_antes > 0)::int), 0) from c))::int`,
            sql`, exists (select 1 from b) as tem_base`,
          ),
        ),
      );
      if (row!.tem_base) return { contagem: row!.contagem, topo: row!.topo, linhas: row!.linhas };
      pedirBase(db, 'produtos', passado);
    }
    const [row] = rowsOf<ProdutosDoPeriodo>(
      await executaAgrupado(
        db,
        produtosDe(
          r,
          sql``,
          sql`select product_id, valor from (${somasDeProdutos(r)}) u where itens > 0`,
          sql`(select n from m)`,
        ),
        ajustesDoPainel(r),
      ),
    );
    return row!;
  });
}

/**
 * The period's cards and those of the previous equal period, off the read models: order count,
 * total and ticket from dashboard_vendas_mes and dashboard_vendas_dia_total (totais); the products
 * sold and the top product of one calendar month from dashboard_vendas_mes and the top of
 * dashboard_vendas_produto_mes, of any other range from produtosDoPeriodo (beside the totals' statement).
 */
export async function getComercialResumo(db: Db, p: PeriodoResolvido): Promise<ComercialResumo> {
  const { atual, anterior } = p;
  const mes = umMes(atual) ? produtosDoMes(atual) : null;
  const doPeriodo = mes ? null : produtosDoPeriodo(db, atual, p.hoje);
  // the previous period's distinct products only when they come off one month's slices: counting
  // them over loose days would cost as much as the whole page (they only feed the card's ▲/▼)
  const pbContagem = umMes(anterior) ? produtosDoMes(anterior).contagem : sql`null::int`;
  const [resultado, produtos] = await Promise.all([
    db.execute(sql`
      with a as (${totais(atual)}), b as (${totais(anterior)})
      select
        a.pedidos as total_pedidos,
        round(a.valor, 2)::text as vendas_mes,
        round(case when a.pedidos > 0 then a.valor / a.pedidos else 0 end, 2)::text as ticket_medio,
        ${mes ? mes.contagem : sql`null::int`} as produtos_vendidos,
        ${mes ? mes.topo : sql`null::text`} as produto_mais_vendido,
        json_build_object(
          'inicio', ${anterior.inicio}::text, 'fim', ${anterior.fim}::text,
          'vendas', round(b.valor, 2)::text, 'total_pedidos', b.pedidos,
          'ticket_medio', round(case when b.pedidos > 0 then b.valor / b.pedidos else 0 end, 2)::text,
          'produtos_vendidos', ${pbContagem}
        ) as anterior
      from a, b`),
    doPeriodo,
  ]);
  const [row] = rowsOf<
    Omit<ComercialResumo, 'periodo' | 'anterior'> & { anterior: ComercialResumo['anterior'] }
  >(resultado);
  const { anterior: ant, ...figuras } = row!;
  if (produtos) {
    figuras.produtos_vendidos = produtos.contagem;
    figuras.produto_mais_vendido = produtos.topo;
  }
  return { periodo: { inicio: atual.inicio, fim: atual.fim }, ...figuras, anterior: ant };
}

/** Vendas por Período: each day of the period that has orders, by ascending date. */
export async function listVendasPorPeriodo(db: Db, p: PeriodoResolvido): Promise<VendaPorPeriodo[]> {
  const { inicio, fim } = p.atual;
  return rowsOf<VendaPorPeriodo>(
    await db.execute(sql`
      select dia::text as data, sum(pedidos)::int as quantidade, round(sum(valor), 2)::text as total
      from dashboard_vendas_dia_total
      where dia >= ${inicio}::date and dia < ${fim}::date
      group by dia
      having sum(pedidos) > 0
      order by dia`),
  );
}

/**
 * The sales chart: each day (or, past SERIE_DIARIA_MAX_DIAS, each 7-day bucket from the period's
 * first day) of the period beside the same bucket of the previous period, zeros included — one
 * aggregate over the per-day totals (dashboard_vendas_dia_total) for both ranges.
 */
export async function getSerieVendas(db: Db, p: PeriodoResolvido): Promise<SerieVendas> {
  const { atual, anterior } = p;
  const passo = p.granularidade === 'semana' ? 7 : 1;
  const baldes = Math.ceil(p.dias / passo);
  const pontos = rowsOf<SerieVendas['pontos'][number]>(
    await db.execute(sql`
      with v as (
        select 0 as lado, (dia - ${atual.inicio}::date) / ${passo}::int as k, pedidos, valor
        from dashboard_vendas_dia_total where dia >= ${atual.inicio}::date and dia < ${atual.fim}::date
        union all
        select 1, (dia - ${anterior.inicio}::date) / ${passo}::int, pedidos, valor
        from dashboard_vendas_dia_total where dia >= ${anterior.inicio}::date and dia < ${anterior.fim}::date
      ),
      s as (
        select k, lado, sum(pedidos)::int as pedidos, sum(valor) as valor from v group by k, lado
      )
      select g.k as indice,
             (${atual.inicio}::date + g.k * ${passo}::int)::text as data,
             (${anterior.inicio}::date + g.k * ${passo}::int)::text as data_anterior,
             round(coalesce(a.valor, 0), 2)::text as total, coalesce(a.pedidos, 0) as pedidos,
             round(coalesce(b.valor, 0), 2)::text as total_anterior, coalesce(b.pedidos, 0) as pedidos_anterior
      from generate_series(0, ${baldes - 1}::int) g(k)
      left join s a on a.k = g.k and a.lado = 0
      left join s b on b.k = g.k and b.lado = 1
      order by g.k`),
  );
  return { granularidade: p.granularidade, atual, anterior, pontos };
}

/**
 * Vendas por Produto: the period's top products by value sold (sum of item subtotals), off the
 * per-product read models: one month straight off the top of dashboard_vendas_produto_mes_valor_idx,
 * any other range from produtosDoPeriodo (shared with the cards' request when both run at once).
 */
export async function listVendasPorProduto(db: Db, p: PeriodoResolvido): Promise<VendaPorProduto[]> {
  const r = p.atual;
  if (!umMes(r)) return (await produtosDoPeriodo(db, r, p.hoje)).linhas;
  return rowsOf<VendaPorProduto>(
    await db.execute(sql`
      select pr.nome as produto, x.quantidade::text as quantidade, ${emReais(sql`x.valor`)}::text as valor_total
      from (select s.product_id, s.quantidade, (s.valor * 100)::bigint as valor
            from dashboard_vendas_produto_mes s
            where s.mes = ${r.inicio}::date and s.itens > 0
            order by s.valor desc nulls last, s.product_id
            limit ${DASHBOARD_TOP_LIMIT}) x
      join products pr on pr.id = x.product_id
      order by x.valor desc, pr.nome`),
  );
}

/** The name shown for a customer of a range (`x.cliente_id`): the snapshot on its latest order in it. */
const nomeDoCliente = (r: Intervalo) => sql`cross join lateral (
        select o.cliente_nome
        from sales_orders o
        where o.cliente_id = x.cliente_id and o.data_emissao >= ${r.inicio}::date and o.data_emissao < ${r.fim}::date
          and o.${vendas}
        order by o.data_emissao desc, o.numero desc
        limit 1
      ) n`;

/**
 * Vendas por Cliente: the period's top customers by value, off the per-customer read models — one
 * calendar month off its month rows; a longer range through its base when valid (the base's top
 * customers and those who bought from its cut-off on, dashboard-bases.service.ts), else over every
 * customer of the range (and its base asked for). The name shown is the customer-name snapshot of
 * the customer's latest order in the period.
 */
export async function listVendasPorCliente(db: Db, p: PeriodoResolvido): Promise<VendaPorCliente[]> {
  const r = p.atual;
  const passado = passadoDe(r, p.hoje);
  if (passado) {
    const [row] = rowsOf<{ tem_base: boolean; linhas: VendaPorCliente[] }>(
      await db.execute(sql`
        with ${ctesDaBase('clientes', r, passado)},
        x as (select chave as cliente_id, presenca as pedidos, valor from c where presenca > 0
              order by valor desc, chave limit ${DASHBOARD_TOP_LIMIT})
        select exists (select 1 from b) as tem_base,
          coalesce((
            select json_agg(json_build_object('cliente', n.cliente_nome, 'pedidos', x.pedidos,
                'valor_total', ${emReais(sql`x.valor`)}::text) order by x.valor desc, n.cliente_nome)
            from x ${nomeDoCliente(r)}), '[]'::json) as linhas`),
    );
    if (row!.tem_base) return row!.linhas;
    pedirBase(db, 'clientes', passado);
  }
  // the value in cents, as somasDoPeriodo gives it; converted for the rows shown only
  const top = umMes(r)
    ? sql`select s.cliente_id, s.pedidos, (s.valor * 100)::bigint as valor
          from dashboard_vendas_cliente_mes s
          where s.mes = ${r.inicio}::date and s.pedidos > 0
          order by s.valor desc nulls last, s.cliente_id
          limit ${DASHBOARD_TOP_LIMIT}`
    : sql`select u.cliente_id, u.pedidos, u.valor
          from (${somasDeClientesDoPainel(r)}) u
          where u.pedidos > 0
          order by u.valor desc, u.cliente_id
          limit ${DASHBOARD_TOP_LIMIT}`;
  return rowsOf<VendaPorCliente>(
    await executaAgrupado(
      db,
      sql`
      select n.cliente_nome as cliente, x.pedidos, ${emReais(sql`x.valor`)}::text as valor_total
      from (${top}) x
      ${nomeDoCliente(r)}
      order by x.valor desc, n.cliente_nome`,
      ajustesDoPainel(r),
    ),
  );
}

/**
 * Vendas por Vendedor: every order under its OWN seller (sales_orders.vendedor_id, which an order
 * takes from its customer's seller when none is chosen), or "Sem vendedor" — each group with its
 * own count and total. (Fixes the spec's known fault of assigning all orders to the first seller.)
 */
export async function listVendasPorVendedor(db: Db, p: PeriodoResolvido): Promise<VendaPorVendedor[]> {
  return rowsOf<VendaPorVendedor>(
    await db.execute(sql`
      select coalesce(v.nome, 'Sem vendedor') as vendedor, x.pedidos, round(x.valor, 2)::text as valor_total
      from (${porVendedorOuRegiao(p.atual, 'vendedor_id')}) x
      left join vendedores v on v.id = x.vendedor_id and x.vendedor_id <> ${SEM_ID}::uuid
      order by x.valor desc, vendedor
      limit ${DASHBOARD_TOP_LIMIT}`),
  );
}

/** Sales by the order's delivery region (its snapshot on the order), or "Sem região". */
export async function listVendasPorRegiao(db: Db, p: PeriodoResolvido): Promise<VendaPorRegiao[]> {
  return rowsOf<VendaPorRegiao>(
    await db.execute(sql`
      select coalesce(r.nome, 'Sem região') as regiao, x.pedidos, round(x.valor, 2)::text as valor_total
      from (${porVendedorOuRegiao(p.atual, 'regiao_id')}) x
      left join regioes_entrega r on r.id = x.regiao_id and x.regiao_id <> ${SEM_ID}::uuid
      order by x.valor desc, regiao
      limit ${DASHBOARD_TOP_LIMIT}`),
  );
}
