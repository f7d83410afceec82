import { addDays, type Intervalo } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { somasDeProdutos } from '../dashboard/somas-do-periodo.ts';
import { somasDeClientes } from './vendas-base.ts';

// The Curva ABC's bases (migration 0086): the whole curve of a range's days before today — every
// product's or customer's sums, not a top — kept in dashboard_bases beside the dashboard's and under
// the same rules (dashboard-bases.service.ts: validity by `versao`, built by the servers' sweep, on
// demand). The report then reads one row of arrays and the days from the cut-off on (today's rows)
// instead of aggregating a year of read-model rows (~200,000 keys) on each page; the ranking, the
// running totals and the classes are computed from them exactly as from the aggregate, so the answer
// is the same to the cent (curva-abc-base.test.ts holds it to the plain statement).

export type ModeloDaCurva = 'abc_produtos' | 'abc_clientes';

/**
 * Every key's sums over `r` ([inicio, fim)): chave, receita and custo in cents (custo null for the
 * products: their read models hold none) and presenca (items / orders) — the same read models the
 * page reads without a base (curva-abc.service.ts, classificados).
 */
export function somasDaCurva(modelo: ModeloDaCurva, r: Intervalo): SQL {
  if (modelo === 'abc_produtos')
    return sql`select u.product_id as chave, u.valor as receita, null::bigint as custo, u.itens as presenca
      from (${somasDeProdutos(r)}) u`;
  const somas = somasDeClientes({ de: r.inicio, ate: addDays(r.fim, -1) });
  return somas
    ? sql`select u.cliente_id as chave, u.receita, u.custo, u.pedidos as presenca from (${somas}) u`
    : sql`select r.cliente_id as chave, sum(r.receita)::bigint as receita, sum(r.custo)::bigint as custo,
          count(*)::int as presenca
        from relatorio_vendas_pedido r
        where r.data_emissao >= ${r.inicio}::date and r.data_emissao < ${r.fim}::date
        group by r.cliente_id`;
}

/** The keys' sums from `de` to `fim` (the days after a base's cut-off): today's rows, a few thousand. */
function somasDepois(modelo: ModeloDaCurva, de: string, fim: string): SQL {
  return modelo === 'abc_produtos'
    ? sql`select product_id as chave, sum((valor * 100)::bigint)::bigint as receita, null::bigint as custo,
          sum(itens)::int as presenca
        from dashboard_vendas_produto_dia
        where dia >= ${de}::date and dia < ${fim}::date
        group by product_id`
    : sql`select r.cliente_id as chave, sum(r.receita)::bigint as receita, sum(r.custo)::bigint as custo,
          count(*)::int as presenca
        from relatorio_vendas_pedido r
        where r.data_emissao >= ${de}::date and r.data_emissao < ${fim}::date
        group by r.cliente_id`;
}

/**
 * The statement that computes and stores the base of `passado` (one snapshot: `versao` read with the
 * sums). The arrays are in key order: a page merges them with today's keys in a merge join, and
 * PostgreSQL's sort finds them already in order (executaAgrupado, `pelaBase`); `contagem` is the
 * number of keys.
 */
export function insercaoDaCurva(modelo: ModeloDaCurva, passado: Intervalo): SQL {
  return sql`
    with e as (select versao from dashboard_bases_estado),
    s as (${somasDaCurva(modelo, passado)}),
    a as (select count(*)::int as n, array_agg(chave) as chaves, array_agg(receita) as valores,
            array_agg(custo) as custos, array_agg(presenca) as presencas
          from (select * from s order by chave) o)
    insert into dashboard_bases as x (modelo, inicio, corte, versao, contagem, chaves, valores, custos, presencas)
    select ${modelo}, ${passado.inicio}::date, ${passado.fim}::date, e.versao, a.n,
      coalesce(a.chaves, '{}'), coalesce(a.valores, '{}'),
      ${modelo === 'abc_clientes' ? sql`coalesce(a.custos, '{}')` : sql`null`}, coalesce(a.presencas, '{}')
    from e, a
    on conflict (modelo, inicio, corte) do update set versao = excluded.versao, contagem = excluded.contagem,
      chaves = excluded.chaves, valores = excluded.valores, custos = excluded.custos,
      presencas = excluded.presencas, calculada_em = now()`;
}

/**
 * The CTEs of the curve of `r` through the base of `passado` (its days before the cut-off), ending in
 * `g` — chave, receita, custo (cents) of every key with presence in `r` — and `b`, the base's row when
 * valid (none when missing or stale: the caller then reads the range whole).
 */
export function ctesDaCurva(modelo: ModeloDaCurva, r: Intervalo, passado: Intervalo): SQL {
  const base = sql`
    b as (select x.chaves, x.valores, x.custos, x.presencas
          from dashboard_bases x join dashboard_bases_estado e on e.versao = x.versao
          where x.modelo = ${modelo} and x.inicio = ${passado.inicio}::date and x.corte = ${passado.fim}::date),
    bl as (select u.chave, u.receita, u.custo, u.presenca
           from b, unnest(b.chaves, b.valores, b.custos, b.presencas) as u(chave, receita, custo, presenca))`;
  if (r.fim <= passado.fim)
    return sql`${base},
    g as (select chave, receita, custo from bl where presenca > 0)`;
  const custo =
    modelo === 'abc_clientes' ? sql`coalesce(bl.custo, 0) + coalesce(l.custo, 0)` : sql`null::bigint`;
  return sql`${base},
    l as (${somasDepois(modelo, passado.fim, r.fim)}),
    g as (select coalesce(bl.chave, l.chave) as chave, coalesce(bl.receita, 0) + coalesce(l.receita, 0) as receita,
            ${custo} as custo
          from bl full join l on l.chave = bl.chave
          where coalesce(bl.presenca, 0) + coalesce(l.presenca, 0) > 0)`;
}
