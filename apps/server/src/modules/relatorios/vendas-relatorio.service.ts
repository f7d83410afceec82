import {
  type AgrupamentoVendas,
  addDays,
  agrupamentoVendasLabels,
  EXPORT_MAX_ROWS,
  type LinhaVendas,
  type PaginaRelatorio,
  type PedidoVendas,
  type TotaisVendas,
  type VendasQuery,
} from '@erp/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { passadoDe, pedirBase } from '../dashboard/dashboard-bases.service.ts';
import { somasDeProdutos } from '../dashboard/somas-do-periodo.ts';
import {
  BASE_ATE_POSICAO,
  type BaseDaCurva,
  ctesDosClientesPelaBase,
  modeloDaCurva,
} from './curva-abc-base.ts';
import type { EscopoVendedor } from './escopo-vendedor.ts';
import {
  CUSTO_ITEM,
  clientesEmOrdem,
  descreveFiltros,
  emQuantidade,
  emReais,
  executaAgrupado,
  type FiltrosVendas,
  fromVendas,
  ondePedidos,
  ondeVendas,
  pelosPedidos,
  quantidadesDosClientes,
  SOMAS_PEDIDOS,
  somasDeClientes,
} from './vendas-base.ts';

// Relatório de Vendas (issue 35): the counted items of the period grouped by one dimension, one SQL
// aggregate per page (rows, the number of groups and the page in one statement) and one for the
// totals; money is summed as numeric in the database and travels as decimal strings.

type Agrupamento = { chave: SQL; rotulo: (k: SQL) => SQL; ordemRotulo?: SQL };

/** The group key of each grouping, and its label read after the aggregate (one lookup per group). */
const AGRUPAMENTOS: Record<AgrupamentoVendas, Agrupamento> = {
  mes: {
    chave: sql.raw(`to_char(o.data_emissao, 'YYYY-MM')`),
    rotulo: (k) => sql`substr(${k}, 6, 2) || '/' || substr(${k}, 1, 4)`,
  },
  dia: {
    chave: sql.raw('o.data_emissao::text'),
    rotulo: (k) => sql`to_char(${k}::date, 'DD/MM/YYYY')`,
  },
  vendedor: {
    chave: sql.raw('o.vendedor_id::text'),
    rotulo: (k) => sql`coalesce((select nome from vendedores where id = ${k}::uuid), 'Sem vendedor')`,
  },
  cliente: {
    chave: sql.raw('o.cliente_id::text'),
    rotulo: (k) => sql`(select razao_social from clientes where id = ${k}::uuid)`,
  },
  produto: {
    chave: sql.raw('i.product_id::text'),
    rotulo: (k) => sql`(select codigo || ' · ' || nome from products where id = ${k}::uuid)`,
  },
  grupo: {
    chave: sql.raw('p.grupo_id::text'),
    rotulo: (k) => sql`coalesce((select nome from grupos_estoque where id = ${k}::uuid), 'Sem grupo')`,
  },
  regiao: {
    chave: sql.raw('o.regiao_id::text'),
    rotulo: (k) => sql`coalesce((select nome from regioes_entrega where id = ${k}::uuid), 'Sem região')`,
  },
};

/** The period a report shows when the URL gives none: the current month up to today. */
export function periodoPadrao(q: { de?: string | null; ate?: string | null }, hoje: string) {
  const de = q.de ?? `${(q.ate ?? hoje).slice(0, 8)}01`;
  return { de, ate: q.ate ?? (de > hoje ? de : hoje) };
}

function filtrosDe(q: Omit<VendasQuery, 'page' | 'pageSize'>, hoje: string): FiltrosVendas {
  return {
    ...periodoPadrao(q, hoje),
    vendedor_id: q.vendedor_id,
    cliente_id: q.cliente_id,
    produto_id: q.produto_id,
    grupo_id: q.grupo_id,
    regiao_id: q.regiao_id,
  };
}

type Ordenacao = Pick<VendasQuery, 'agrupar' | 'sort' | 'dir'>;

/** ORDER BY of the grouped rows: the periods sort by date when sorted by their label. */
function ordem(q: Ordenacao): SQL {
  const dir = sql.raw(q.dir === 'asc' ? 'asc' : 'desc');
  const periodo = q.agrupar === 'mes' || q.agrupar === 'dia';
  const coluna =
    q.sort === 'rotulo'
      ? sql.raw(periodo ? 'r.chave' : 'r.rotulo')
      : q.sort === 'margem'
        ? MARGEM
        : q.sort === 'margem_percentual'
          ? MARGEM_PERCENTUAL
          : sql.raw(`r.${q.sort}`);
  return sql`${coluna} ${dir} nulls last, r.chave ${dir}`;
}

// The margin of a grouped row `r`, in its own units (reais, or cents off relatorio_vendas_pedido:
// the percentage is the same ratio), computed for the rows it is read from — the page's, unless
// the page is sorted by it.
const MARGEM = sql.raw('(r.receita - r.custo)');
const MARGEM_PERCENTUAL = sql.raw(
  'case when r.receita <> 0 then round((r.receita - r.custo) * 100::numeric / r.receita, 2) end',
);

/**
 * The order's own dimensions (day, month, seller, region) are the cells of the read model
 * relatorio_vendas_dia (migration 0075): without a filter by customer, product or group the report
 * sums its cells (a year: ~70,000 rows at 1 M orders) instead of the period's items.
 */
const ID_ZERO = '00000000-0000-0000-0000-000000000000';
const PELO_RESUMO: Partial<Record<AgrupamentoVendas, string>> = {
  mes: `to_char(r.dia, 'YYYY-MM')`,
  dia: 'r.dia::text',
  vendedor: `nullif(r.vendedor_id, '${ID_ZERO}')::text`,
  regiao: `nullif(r.regiao_id, '${ID_ZERO}')::text`,
};

const peloResumo = (f: FiltrosVendas) => !f.cliente_id && !f.produto_id && !f.grupo_id;

/**
 * The groupings that are the order's own (all but product and group), read from
 * relatorio_vendas_pedido (migration 0076, pelosPedidos) when the day cells above cannot answer:
 * by customer, or filtered by one — ~320,000 orders a year instead of ~1 M items joined to them.
 */
const PELOS_PEDIDOS: Partial<Record<AgrupamentoVendas, string>> = {
  mes: `to_char(r.data_emissao, 'YYYY-MM')`,
  dia: 'r.data_emissao',
  vendedor: 'r.vendedor_id',
  cliente: 'r.cliente_id',
  regiao: 'r.regiao_id',
};

/** The read model's cells of the period under the seller and region filters and the scope. */
function ondeResumo(f: FiltrosVendas, escopo: EscopoVendedor): SQL {
  const id = (v: string) => (v === 'sem' ? ID_ZERO : v);
  return and(
    sql`r.dia >= ${f.de}::date and r.dia <= ${f.ate}::date`,
    escopo ? sql`r.vendedor_id = ${escopo.vendedorId}::uuid` : undefined,
    f.vendedor_id ? sql`r.vendedor_id = ${id(f.vendedor_id)}::uuid` : undefined,
    f.regiao_id ? sql`r.regiao_id = ${id(f.regiao_id)}::uuid` : undefined,
  ) as SQL;
}

/**
 * The customer grouping with no filter but the period, not sorted by quantity: over
 * MESES_PELAS_SOMAS whole months or more, the customers' sums come off their per-year running sums
 * (somasDeClientes, migration 0079) — a year reads one row per customer instead of summing ~320,000
 * order rows —, and the quantity of the page's customers is read afterwards
 * (quantidadesDosClientes). Null where that path does not answer.
 */
function pelosClientes(f: FiltrosVendas, escopo: EscopoVendedor, q: Ordenacao): SQL | null {
  if (q.agrupar !== 'cliente' || q.sort === 'quantidade' || f.cliente_id || !clientesEmOrdem(f, escopo))
    return null;
  return somasDeClientes(f);
}

/**
 * The customers' curve base (curva-abc-base.ts, migration 0086) a page of the customer grouping may
 * read: sorted by revenue or margin (the curve's criterion) descending, within the curve's first
 * BASE_ATE_POSICAO positions, no filter but the period, no seller's scope, a range with a base
 * (passadoDe). Null elsewhere; a page that finds it missing or stale is read as without it.
 */
function baseDosClientes(
  f: FiltrosVendas,
  escopo: EscopoVendedor,
  q: Pick<VendasQuery, 'agrupar' | 'sort' | 'dir' | 'page' | 'pageSize'>,
  hoje: string,
): BaseDaCurva | null {
  if (q.agrupar !== 'cliente' || q.dir !== 'desc' || f.cliente_id || !clientesEmOrdem(f, escopo)) return null;
  if ((q.sort !== 'receita' && q.sort !== 'margem') || q.page * q.pageSize > BASE_ATE_POSICAO) return null;
  const r = { inicio: f.de, fim: addDays(f.ate, 1) };
  const passado = passadoDe(r, hoje);
  return passado ? { dimensao: 'cliente', criterio: q.sort, r, passado } : null;
}

/**
 * The planner settings of a page's statement (executaAgrupado): grouped by customer off
 * relatorio_vendas_pedido, in customer order (clientesEmOrdem); off the per-year running sums
 * (pelosClientes, or pelosProdutos: `semCusto`) through their index.
 */
const ajustes = (
  f: FiltrosVendas,
  escopo: EscopoVendedor,
  q: Ordenacao,
  clientes: SQL | null = null,
  semCusto = false,
) => ({
  emOrdem: q.agrupar === 'cliente' && !clientes && clientesEmOrdem(f, escopo),
  pelasSomas: semCusto || clientes !== null,
});

/**
 * The product grouping of a page not sorted by orders: one aggregate per product, without the
 * orders, which are counted afterwards for the page's products only (dosProdutos). An order
 * counts once per product however many of its lines carry it, so counting them for every product
 * needs a pass per (product, order) first — over a year's ~1 M items, 2.5 s against 6.3 s for the
 * two passes on the bench's data set, quiet. Sorted by orders (and in the export, every row) the
 * two passes stay.
 */
const pedidosDepois = (q: Ordenacao) => q.agrupar === 'produto' && q.sort !== 'pedidos';

/**
 * The product grouping sorted by revenue or label with no filter of the order's own (seller,
 * customer, region, a seller's scope): the period's Σ revenue per product comes off the dashboard's
 * per-product read models (somasDeProdutos: the per-year running sums of migration 0078 for the
 * whole months, dashboard_vendas_produto_dia for the loose days; the same counted orders) instead of
 * a year's ~1 M items joined to their orders. They hold no quantity nor cost, so the quantity, the
 * cost, the margin and the orders are read afterwards for the page's products only (dosProdutos).
 * Sorted by quantity, cost or margin the items' path stays.
 */
function pelosProdutos(f: FiltrosVendas, escopo: EscopoVendedor, q: Ordenacao) {
  return (
    q.agrupar === 'produto' &&
    (q.sort === 'receita' || q.sort === 'rotulo') &&
    !escopo &&
    !f.vendedor_id &&
    !f.cliente_id &&
    !f.regiao_id
  );
}

/** CTE `g` off the per-product read models (pelosProdutos), under the product and group filters. */
function gruposPelosProdutos(f: FiltrosVendas): SQL {
  const grupo =
    f.grupo_id === undefined
      ? undefined
      : f.grupo_id === 'sem'
        ? sql`p.grupo_id is null`
        : sql`p.grupo_id = ${f.grupo_id}::uuid`;
  return sql`g as (
      select u.product_id::text as chave, null::int as pedidos, null::bigint as quantidade,
        u.valor as receita, null::bigint as custo
      from (${somasDeProdutos({ inicio: f.de, fim: addDays(f.ate, 1) })}) u
      ${grupo ? sql`join products p on p.id = u.product_id` : sql``}
      where ${and(sql`u.itens > 0`, f.produto_id ? sql`u.product_id = ${f.produto_id}::uuid` : undefined, grupo)}
    )`;
}

/**
 * CTE `g`: one row per group — chave, pedidos, quantidade, receita, custo — and whether those sums
 * are in thousandths and cents (`escalados`: relatorio_vendas_pedido's, or the per-product read
 * models' of somasDeProdutos) rather than the items' units.
 */
function grupos(
  f: FiltrosVendas,
  escopo: EscopoVendedor,
  agrupar: AgrupamentoVendas,
  semPedidos = false,
  semCusto = false,
  clientes: SQL | null = null,
  pelaBase: SQL | null = null,
): { cte: SQL; escalados: boolean; total?: SQL } {
  const cte = (sqlDoCte: SQL) => ({ cte: sqlDoCte, escalados: false });
  // the per-product read models' sums are in thousandths and cents too (somasDeProdutos)
  if (semCusto) return { cte: gruposPelosProdutos(f), escalados: true };
  // the candidates of a page off the customers' base, in cents; their count is not the rows'
  if (pelaBase) return { cte: pelaBase, escalados: true, total: sql`(select total from gt)` };
  if (clientes)
    return {
      escalados: true,
      cte: sql`g as (
      select u.cliente_id::text as chave, u.pedidos, null::bigint as quantidade, u.receita, u.custo
      from (${clientes}) u
    )`,
    };
  const resumo = PELO_RESUMO[agrupar];
  if (resumo && peloResumo(f))
    return cte(sql`g as (
      select coalesce(${sql.raw(resumo)}, '') as chave, sum(r.pedidos)::int as pedidos,
        sum(r.quantidade) as quantidade, sum(r.receita) as receita, sum(r.custo) as custo
      from relatorio_vendas_dia r
      where ${ondeResumo(f, escopo)}
      group by 1
      having sum(r.pedidos) <> 0
    )`);
  const porPedido = PELOS_PEDIDOS[agrupar];
  if (porPedido && pelosPedidos(f))
    // grouped on the key's own type (uuid, date), its text cast after: hashing ~200,000 customers'
    // uuids costs less than their texts. The sums stay in thousandths and cents (escalados): the
    // page's rows alone are converted (linhasSql), not the ~200,000 customers of a year.
    return {
      escalados: true,
      cte: sql`g as (
      select coalesce(x.k::text, '') as chave, x.pedidos, x.quantidade, x.receita, x.custo
      from (
        select ${sql.raw(porPedido)} as k, count(*)::int as pedidos, sum(r.quantidade) as quantidade,
          sum(r.receita) as receita, sum(r.custo) as custo
        from relatorio_vendas_pedido r
        where ${ondePedidos(f, escopo)}
        group by 1
      ) x
    )`,
    };
  const a = AGRUPAMENTOS[agrupar];
  // the product grouping only (pedidosDepois): grouped on the uuid itself, its text cast after (a
  // hash of 200,000 texts costs more than of their uuids)
  if (semPedidos && agrupar === 'produto')
    return cte(sql`g as (
      select i.product_id::text as chave, null::int as pedidos, sum(i.quantidade) as quantidade,
        sum(i.subtotal) as receita, sum(${CUSTO_ITEM}) as custo
      from ${fromVendas(f)}
      where ${ondeVendas(f, escopo)}
      group by i.product_id
    )`);
  // per group and order first, then per group: the orders counted without count(distinct), which
  // sorts every item and keeps the aggregate from running in parallel workers
  return cte(sql`go as (
      select coalesce(${a.chave}, '') as chave, i.order_id,
        sum(i.quantidade) as quantidade, sum(i.subtotal) as receita, sum(${CUSTO_ITEM}) as custo
      from ${fromVendas(f, agrupar === 'grupo')}
      where ${ondeVendas(f, escopo)}
      group by 1, 2
    ), g as (
      select chave, count(*)::int as pedidos, sum(quantidade) as quantidade, sum(receita) as receita,
        sum(custo) as custo
      from go
      group by 1
    )`);
}

/**
 * The grouped rows in the screen's order, `limite` applied. Labels are looked up for the rows of
 * the page only (one lookup each), unless the page is sorted by the label itself: a year grouped
 * by product has ~100,000 groups, of which the page shows 25.
 */
function linhasSql(
  f: FiltrosVendas,
  escopo: EscopoVendedor,
  q: Ordenacao,
  limite: SQL,
  semPedidos = false,
  semCusto = false,
  clientes: SQL | null = null,
  pelaBase: SQL | null = null,
): SQL {
  const a = AGRUPAMENTOS[q.agrupar];
  const periodo = q.agrupar === 'mes' || q.agrupar === 'dia';
  const rotuloAntes = q.sort === 'rotulo' && !periodo;
  const rotulo = a.rotulo(sql`nullif(r.chave, '')`);
  const g = grupos(f, escopo, q.agrupar, semPedidos, semCusto, clientes, pelaBase);
  const quantidade = g.escalados ? emQuantidade(sql`r.quantidade`) : sql`r.quantidade`;
  const reais = (valor: SQL) => (g.escalados ? emReais(valor) : valor);
  return sql`with ${g.cte}, r as (
      select g.chave, g.pedidos, g.quantidade, g.receita, g.custo,
        ${g.total ?? sql`count(*) over ()`}::int as total_linhas
      from g
    ), r2 as (
      select r.*, ${rotuloAntes ? rotulo : sql`null::text`} as rotulo from r
    ), pagina as (
      select * from r2 r order by ${ordem(q)} ${limite}
    )
    select r.chave, coalesce(${rotuloAntes ? sql`r.rotulo` : rotulo}, '—') as rotulo, r.pedidos,
      ${quantidade}::text as quantidade, ${reais(sql`r.receita`)}::text as receita,
      ${reais(sql`r.custo`)}::text as custo, ${reais(MARGEM)}::text as margem,
      ${MARGEM_PERCENTUAL}::text as margem_percentual, r.total_linhas
    from pagina r
    order by ${ordem(q)}`;
}

/** CTE `po`: the counted orders' sums (one row per order, or per read model cell). */
function somaPedidos(f: FiltrosVendas, escopo: EscopoVendedor): SQL {
  if (peloResumo(f))
    return sql`po as (
        select r.pedidos as n, r.quantidade, r.receita, r.custo
        from relatorio_vendas_dia r
        where ${ondeResumo(f, escopo)}
      )`;
  // here with a customer's filter (peloResumo answers the rest): that customer's few orders
  if (pelosPedidos(f))
    return sql`po as (
        select 1 as n, ${SOMAS_PEDIDOS.quantidade} as quantidade, ${SOMAS_PEDIDOS.receita} as receita,
          ${SOMAS_PEDIDOS.custo} as custo
        from relatorio_vendas_pedido r
        where ${ondePedidos(f, escopo)}
        group by r.order_id
      )`;
  return sql`po as (
      select 1 as n, sum(i.quantidade) as quantidade, sum(i.subtotal) as receita, sum(${CUSTO_ITEM}) as custo
      from ${fromVendas(f)}
      where ${ondeVendas(f, escopo)}
      group by i.order_id
    )`;
}

async function totaisVendas(db: Db, f: FiltrosVendas, escopo: EscopoVendedor): Promise<TotaisVendas> {
  const [t] = rowsOf<TotaisVendas>(
    await db.execute(sql`with ${somaPedidos(f, escopo)}, t as (
        select coalesce(sum(n), 0)::int as pedidos, coalesce(sum(quantidade), 0) as quantidade,
          coalesce(sum(receita), 0) as receita, coalesce(sum(custo), 0) as custo
        from po
      )
      select pedidos, quantidade::text as quantidade, receita::text as receita, custo::text as custo,
        (receita - custo)::text as margem,
        case when receita <> 0 then round((receita - custo) * 100 / receita, 2)::text end as margem_percentual
      from t`),
  );
  return t!;
}

type LinhaComTotal = LinhaVendas & { total_linhas: number };

export async function relatorioVendas(
  db: Db,
  q: VendasQuery,
  escopo: EscopoVendedor,
  hoje: string,
): Promise<
  PaginaRelatorio<LinhaVendas, TotaisVendas> & { agrupar: AgrupamentoVendas; de: string; ate: string }
> {
  const f = filtrosDe(q, hoje);
  const offset = (q.page - 1) * q.pageSize;
  const depois = pedidosDepois(q);
  const semCusto = pelosProdutos(f, escopo, q);
  const clientes = pelosClientes(f, escopo, q);
  const limite = sql`limit ${q.pageSize} offset ${offset}`;
  const base = baseDosClientes(f, escopo, q, hoje);
  const [{ linhas, pelaBase }, totais, filtros] = await Promise.all([
    (async () => {
      if (base) {
        const res = await executaAgrupado(
          db,
          linhasSql(
            f,
            escopo,
            q,
            limite,
            false,
            false,
            null,
            ctesDosClientesPelaBase(base, offset + q.pageSize),
          ),
          { pelaBase: true },
        );
        if (rowsOf(res).length) return { linhas: res, pelaBase: true };
        pedirBase(db, modeloDaCurva(base), base.passado);
      }
      const linhas = await executaAgrupado(
        db,
        linhasSql(f, escopo, q, limite, depois, semCusto, clientes),
        ajustes(f, escopo, q, clientes, semCusto),
      );
      return { linhas, pelaBase: false };
    })(),
    totaisVendas(db, f, escopo),
    descreveFiltros(db, f, escopo),
  ]);
  const rows = rowsOf<LinhaComTotal>(linhas);
  if (depois && rows.length) {
    const dos = await dosProdutos(
      db,
      f,
      escopo,
      rows.map((r) => r.chave),
    );
    for (const r of rows) {
      const d = dos.get(r.chave);
      r.pedidos = d?.pedidos ?? 0;
      if (semCusto && d)
        Object.assign(r, {
          quantidade: d.quantidade,
          custo: d.custo,
          margem: d.margem,
          margem_percentual: d.margem_percentual,
        });
    }
  }
  // the per-customer sums hold no quantity: the page's customers' is read after
  if ((clientes || pelaBase) && rows.length) {
    const quantidades = await quantidadesDosClientes(
      db,
      f,
      rows.map((r) => r.chave),
    );
    for (const r of rows) r.quantidade = quantidades.get(r.chave) ?? '0.000';
  }
  return {
    items: rows.map(({ total_linhas: _, ...l }) => l),
    total: rows[0]?.total_linhas ?? (offset > 0 ? await contaGrupos(db, f, escopo, q) : 0),
    totais,
    filtros: [...filtros, ['Agrupado por', agrupamentoVendasLabels[q.agrupar]]],
    agrupar: q.agrupar,
    de: f.de,
    ate: f.ate,
  };
}

type DoProduto = Pick<LinhaVendas, 'pedidos' | 'quantidade' | 'custo' | 'margem' | 'margem_percentual'>;

/**
 * The counted orders of a page's products (pedidosDepois), and their quantity, cost and margin (a
 * page off the per-product read models: pelosProdutos here, the Curva ABC's first screen): the same items and
 * filters, read through the items' product index for these products only. The revenue of the margin
 * is the items' own, the sum the read model keeps (relatorios.test.ts compares the paths).
 */
export async function dosProdutos(
  db: Db,
  f: FiltrosVendas,
  escopo: EscopoVendedor,
  produtos: string[],
): Promise<Map<string, DoProduto>> {
  const rows = rowsOf<DoProduto & { chave: string }>(
    await db.execute(sql`select x.chave, x.pedidos, x.quantidade::text as quantidade, x.custo::text as custo,
        (x.receita - x.custo)::text as margem,
        case when x.receita <> 0 then round((x.receita - x.custo) * 100 / x.receita, 2)::text end as margem_percentual
      from (
        select i.product_id::text as chave, count(distinct i.order_id)::int as pedidos,
          sum(i.quantidade) as quantidade, sum(i.subtotal) as receita, sum(${CUSTO_ITEM}) as custo
        from ${fromVendas(f)}
        where ${ondeVendas(f, escopo)}
          and i.product_id = any(${`{${produtos.join(',')}}`}::uuid[])
        group by i.product_id
      ) x`),
  );
  return new Map(rows.map(({ chave, ...d }) => [chave, d]));
}

/** A page past the last: the number of groups all the same (the pager's total). */
async function contaGrupos(db: Db, f: FiltrosVendas, escopo: EscopoVendedor, q: Ordenacao): Promise<number> {
  const clientes = pelosClientes(f, escopo, q);
  const semCusto = pelosProdutos(f, escopo, q);
  const rows = rowsOf<LinhaComTotal>(
    await executaAgrupado(
      db,
      linhasSql(f, escopo, q, sql`limit 1`, pedidosDepois(q), semCusto, clientes),
      ajustes(f, escopo, q, clientes, semCusto),
    ),
  );
  return rows[0]?.total_linhas ?? 0;
}

/** Every row of the report in the screen's order (the export), refused above EXPORT_MAX_ROWS. */
export async function linhasVendasParaExportar(
  db: Db,
  q: Omit<VendasQuery, 'page' | 'pageSize'>,
  escopo: EscopoVendedor,
  hoje: string,
) {
  const f = filtrosDe(q, hoje);
  const rows = rowsOf<LinhaComTotal>(
    await executaAgrupado(
      db,
      linhasSql(f, escopo, q, sql`limit ${EXPORT_MAX_ROWS + 1}`),
      ajustes(f, escopo, q),
    ),
  );
  if (rows.length > EXPORT_MAX_ROWS)
    throw new AppError(
      'unprocessable',
      `A exportação é limitada a ${EXPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Refine os filtros.`,
    );
  const [totais, filtros] = await Promise.all([totaisVendas(db, f, escopo), descreveFiltros(db, f, escopo)]);
  return {
    linhas: rows.map(({ total_linhas: _, ...l }) => l),
    totais,
    filtros: [...filtros, ['Agrupado por', agrupamentoVendasLabels[q.agrupar]]] as [string, string][],
  };
}

/** The drill-down: the orders behind a row, newest first, with the row's part of each order. */
export async function pedidosDaVenda(
  db: Db,
  q: Omit<VendasQuery, 'agrupar' | 'sort' | 'dir'>,
  escopo: EscopoVendedor,
  hoje: string,
): Promise<{ items: PedidoVendas[]; total: number }> {
  const f = filtrosDe({ ...q, agrupar: 'produto', sort: 'receita', dir: 'desc' }, hoje);
  const rows = rowsOf<PedidoVendas & { total_linhas: number }>(
    await db.execute(sql`with g as (
        select i.order_id, sum(i.quantidade) as quantidade, sum(i.subtotal) as receita, sum(${CUSTO_ITEM}) as custo
        from ${fromVendas(f)}
        where ${ondeVendas(f, escopo)}
        group by i.order_id
      )
      select o.id, o.numero::int as numero, o.data_emissao::text as data_emissao, o.cliente_nome,
        v.nome as vendedor_nome, g.quantidade::text as quantidade, g.receita::text as receita,
        g.custo::text as custo, (g.receita - g.custo)::text as margem,
        case when g.receita <> 0 then round((g.receita - g.custo) * 100 / g.receita, 2)::text end as margem_percentual,
        count(*) over ()::int as total_linhas
      from g join sales_orders o on o.id = g.order_id left join vendedores v on v.id = o.vendedor_id
      order by o.data_emissao desc, o.numero desc
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  return { items: rows.map(({ total_linhas: _, ...r }) => r), total: rows[0]?.total_linhas ?? 0 };
}
