import { addDays, type CriterioAbc, type DimensaoAbc, type Intervalo } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { somasDeProdutos } from '../dashboard/somas-do-periodo.ts';
import { executaAgrupado, somasDeClientes } from './vendas-base.ts';

// The Curva ABC's bases (migration 0086): the whole curve of a range's days before a cut-off (today) —
// every key's position, value and running total of the positive values before it, one row each in
// curva_abc_base_linhas — kept beside the dashboard's bases and under the same rules
// (dashboard-bases.service.ts: valid while `versao` holds, built by the servers' sweep on demand).
//
// A first page off its base reads no more than a few thousand rows. The keys sold from the cut-off on
// (today's, `l`) leave their old place in the base's curve (`db`) and come in at their new value (`dn`);
// every other key keeps its order, and its position and running total move by what those few keys
// add before it and take away before it: sums over today's keys alone, worked out in one window over
// the rows the page needs (`u`, `w`). Those rows are the first ones (the page, the Pareto) and the ones
// around each class's cut-off: a row whose running total before today's changes is under the cut-off
// less all that today's keys add is surely under it, one at or over the cut-off plus all that today's
// keys took away is surely not (today moves a running total by at most those two sums), and only the
// rows between — a band, a few hundred at a distributor's day — are worked out one by one. The counts
// and the values of the classes follow from where each cut-off falls (the running total is
// nondecreasing along the curve). The answer is the plain statement's to the cent:
// dashboard-bases.test.ts compares every row, class and total with hand-written SQL.

/** A first page off a base reaches no further down the curve than this (then: the whole curve). */
export const BASE_ATE_POSICAO = 1_000;

export type ModeloDaCurva = `abc_${DimensaoAbc}_${CriterioAbc}`;

/** A base of the curve: which curve, the report's range and the base's part of it (passadoDe). */
export type BaseDaCurva = { dimensao: DimensaoAbc; criterio: CriterioAbc; r: Intervalo; passado: Intervalo };

export const modeloDaCurva = (b: { dimensao: DimensaoAbc; criterio: CriterioAbc }): ModeloDaCurva =>
  `abc_${b.dimensao}_${b.criterio}`;
function curvaDoModelo(m: ModeloDaCurva): { dimensao: DimensaoAbc; criterio: CriterioAbc } {
  const [, dimensao, criterio] = m.split('_') as [string, DimensaoAbc, CriterioAbc];
  return { dimensao, criterio };
}

/** The value the curve ranks by, from a row's receita and custo (cents). */
const valorDe = (criterio: CriterioAbc, receita: SQL, custo: SQL) =>
  criterio === 'receita' ? receita : sql`${receita} - ${custo}`;

/**
 * Every key's sums over `r` ([inicio, fim)): chave, receita and custo in cents (custo null for the
 * products: their read models hold none) and presenca (items / orders) — the same read models the
 * page reads without a base (curva-abc.service.ts, classificados).
 */
function somasDaCurva(dimensao: DimensaoAbc, r: Intervalo): SQL {
  if (dimensao === 'produto')
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

/** The keys' sums from `de` to `fim` (the days after a base's cut-off): today's rows, a few hundred. */
function somasDepois(dimensao: DimensaoAbc, de: string, fim: string): SQL {
  if (fim <= de)
    return sql`select null::uuid as chave, 0::bigint as receita, null::bigint as custo, 0 as presenca where false`;
  return dimensao === 'produto'
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

const chaveDaBase = (m: ModeloDaCurva, passado: Intervalo) => {
  const { dimensao, criterio } = curvaDoModelo(m);
  return sql`dimensao = ${dimensao} and criterio = ${criterio} and inicio = ${passado.inicio}::date
    and corte = ${passado.fim}::date`;
};

/** True when the base exists and is valid (nothing before its cut-off changed since). */
export async function baseDaCurvaValida(db: Db, m: ModeloDaCurva, passado: Intervalo): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`select exists (
      select 1 from curva_abc_bases x join dashboard_bases_estado e on e.versao = x.versao
      where ${chaveDaBase(m, passado)}) as ok`),
  );
  return row!.ok;
}

/**
 * Computes and stores the base (the caller has moved the frontier and waited: construirBase). The old
 * one goes first; then one statement (one snapshot: `versao` read with the sums) writes the header and
 * the rows — nothing when another server wrote the same base meanwhile.
 */
export async function construirBaseDaCurva(db: Db, m: ModeloDaCurva, passado: Intervalo): Promise<void> {
  const { dimensao, criterio } = curvaDoModelo(m);
  const valor = valorDe(criterio, sql`s.receita`, sql`s.custo`);
  await db.execute(sql`delete from curva_abc_bases where ${chaveDaBase(m, passado)}`);
  await executaAgrupado(
    db,
    sql`
    with e as (select versao from dashboard_bases_estado),
    s as (select s.chave, s.receita, s.custo, s.presenca, ${valor} as valor
          from (${somasDaCurva(dimensao, passado)}) s where s.presenca > 0),
    o as (select s.*, row_number() over w as posicao,
            coalesce(sum(greatest(s.valor, 0)) over w, 0) - greatest(s.valor, 0) as antes
          from s window w as (order by s.valor desc, s.chave rows between unbounded preceding and current row)),
    h as (insert into curva_abc_bases (dimensao, criterio, inicio, corte, versao, itens, receita, custo, total)
          select ${dimensao}, ${criterio}, ${passado.inicio}::date, ${passado.fim}::date, e.versao,
            (select count(*) from s)::int, (select coalesce(sum(receita), 0) from s),
            ${dimensao === 'cliente' ? sql`(select coalesce(sum(custo), 0) from s)` : sql`null`},
            (select coalesce(sum(greatest(valor, 0)), 0) from s)
          from e
          on conflict (dimensao, criterio, inicio, corte) do nothing
          returning id)
    insert into curva_abc_base_linhas (base_id, posicao, chave, valor_neg, antes, receita, custo, presenca)
    select h.id, o.posicao, o.chave, -o.valor, o.antes, o.receita, o.custo, o.presenca
    from h, o`,
    { pelasSomas: true },
  );
}

/** Stale bases, and those not rebuilt for two days, go (their rows with them). */
export async function apagaBasesDaCurvaVelhas(db: Db): Promise<void> {
  await db.execute(sql`delete from curva_abc_bases
    where versao < (select versao from dashboard_bases_estado) or calculada_em < now() - interval '2 days'`);
}

/**
 * The base's header (`h`: no row when missing or stale) and today's keys: their sums from the cut-off
 * on (`l`), each with its base row's place and value (`d`), at their new value over the whole range
 * (`dn`: chave, receita, custo, valor, presenca) and their old rows, which leave the curve (`db`).
 */
function ctesDeHoje(b: BaseDaCurva): SQL {
  const { dimensao, criterio, r, passado } = b;
  const valorNovo = valorDe(criterio, sql`d.receita`, sql`d.custo`);
  const valorBase = valorDe(criterio, sql`x.receita`, sql`x.custo`);
  const custoNovo =
    dimensao === 'cliente' ? sql`coalesce(x.custo, 0) + coalesce(l.custo, 0)` : sql`null::bigint`;
  return sql`
    h as (select x.* from curva_abc_bases x join dashboard_bases_estado e on e.versao = x.versao
          where x.dimensao = ${dimensao} and x.criterio = ${criterio} and x.inicio = ${passado.inicio}::date
            and x.corte = ${passado.fim}::date),
    l as (${somasDepois(dimensao, passado.fim, r.fim)}),
    d as (select l.chave, x.posicao as pos_b, ${valorBase} as valor_b, x.receita as receita_b, x.custo as custo_b,
            coalesce(x.receita, 0) + l.receita as receita, ${custoNovo} as custo,
            coalesce(x.presenca, 0) + l.presenca as presenca
          from h cross join l left join curva_abc_base_linhas x on x.base_id = h.id and x.chave = l.chave),
    dn as (select d.chave, d.receita, d.custo, ${valorNovo} as valor, d.presenca from d where d.presenca > 0),
    db as (select d.chave, d.pos_b, d.valor_b from d where d.pos_b is not null)`;
}

/**
 * Vendas por cliente's rows sorted by the curve's criterion (revenue, or margin), descending, down to
 * position `ate`, off the customers' base: CTEs ending in `g` — the candidate customers: chave,
 * pedidos, quantidade (null: the page's are read after), receita and custo in cents — and `gt` (how
 * many customers sold in the range). Both empty when the base is missing or stale.
 * The candidates are today's keys at their new sums and every other base row whose value reaches that
 * of the base's row at position `ate` + (today's keys' old rows): at least `ate` keys today did not
 * touch are worth that much or more, so a row worth less is surely below `ate` — and no row of a tie
 * at that value is left out, whatever the report's order among ties (the key descending; the curve's
 * is ascending).
 */
export function ctesDosClientesPelaBase(b: BaseDaCurva, ate: number): SQL {
  return sql`${ctesDeHoje(b)},
    lim as (select x.valor_neg from h join curva_abc_base_linhas x on x.base_id = h.id
            where x.posicao = ${ate} + (select count(*) from db)),
    g as (select x.chave::text as chave, x.presenca as pedidos, null::bigint as quantidade, x.receita, x.custo
          from h join curva_abc_base_linhas x on x.base_id = h.id
          -- no row at that position (fewer customers): every row
          where x.valor_neg <= coalesce((select valor_neg from lim), ${Number.MAX_SAFE_INTEGER}::bigint)
            and not exists (select 1 from db where db.pos_b = x.posicao)
          union all
          select dn.chave::text, dn.presenca, null::bigint, dn.receita, dn.custo from dn),
    gt as (select h.itens - (select count(*) from db)::int + (select count(*) from dn)::int as total from h)`;
}

/**
 * The CTEs of a first page off the base (no row at all when it is missing or stale), ending in `c` —
 * the rows worked out, in the shape curva-abc.service.ts's `c` has (chave, posicao, receita, custo,
 * margem, valor, antes, total, classe) and holding every row of the curve up to position `primeiras` —
 * and `t`, the totals and the classes as totaisSql gives them. `custoTotal`: the products' whole cost
 * (their base holds none), as the report reads it.
 */
export function ctesDaPaginaPelaBase(
  b: BaseDaCurva,
  cortes: { a: number; b: number },
  primeiras: number,
  custoTotal: SQL,
): SQL {
  const { dimensao } = b;
  const custo =
    dimensao === 'cliente'
      ? sql`h.custo - coalesce((select sum(custo_b) from d), 0) + coalesce((select sum(custo) from dn), 0)`
      : custoTotal;
  // the base's rows of the curve worked out one by one (today's keys' old rows left out); the limits
  // as scalar subqueries (evaluated once), so that each set is a range of an index
  const de = (x: string) => sql.raw(`(select ${x} from k)`);
  const linha = (onde: SQL, ordem = sql``) => sql`(select x.* from curva_abc_base_linhas x
      where x.base_id = ${de('id')} and ${onde} and not exists (select 1 from db where db.pos_b = x.posicao) ${ordem})`;
  const ultimaAntes = (lim: string) =>
    linha(sql`x.antes < ${de(`${lim} - mais`)}`, sql`order by x.antes desc, x.posicao desc limit 1`);
  const faixa = (lim: string) =>
    linha(sql`x.antes >= ${de(`${lim} - mais`)} and x.antes < ${de(`${lim} + menos`)}`);
  // the rows sure to be under a cut-off: up to the last base row under it less what today adds, less
  // today's keys' old rows among them
  const certas = (
    lim: string,
  ) => sql`(select coalesce(max(p.posicao), 0) - (select count(*) from db where db.pos_b <= coalesce(max(p.posicao), 0))
      from (select x.posicao from curva_abc_base_linhas x
            where x.base_id = ${de('id')} and x.antes < ${de(`${lim} - mais`)}
            order by x.antes desc, x.posicao desc limit 1) p)`;
  // under a cut-off, by class: the sure rows and those worked out; the value of the rows under it
  const contagem = (lim: string) => sql`(${certas(lim)}
      + (select count(*) from n where n.antes < k.${sql.raw(lim)}
         and (not n.da_base or n.base_antes >= k.${sql.raw(lim)} - k.mais)))`;
  const valorAte = (lim: string) => sql`coalesce((select n.antes + greatest(n.valor, 0) from n
      where n.antes < k.${sql.raw(lim)} order by n.posicao desc limit 1), 0)`;
  return sql`${ctesDeHoje(b)},
    k as (select z.*, ceil(${cortes.a} * z.total::numeric / 100)::bigint as lim_a,
            ceil(${cortes.a + cortes.b} * z.total::numeric / 100)::bigint as lim_b
          -- bigint (the sums of bigint are numeric), so that the limits meet the indexed columns; the
          -- shares then divide by the total as numeric (c, t)
          from (select h.id,
                  h.itens - (select count(*) from db)::int + (select count(*) from dn)::int as itens,
                  (h.receita - coalesce((select sum(receita_b) from d), 0)
                    + coalesce((select sum(receita) from dn), 0))::bigint as receita,
                  (${custo})::bigint as custo,
                  (h.total - coalesce((select sum(greatest(valor_b, 0)) from db), 0)
                    + coalesce((select sum(greatest(valor, 0)) from dn), 0))::bigint as total,
                  coalesce((select sum(greatest(valor, 0)) from dn), 0)::bigint as mais,
                  coalesce((select sum(greatest(valor_b, 0)) from db), 0)::bigint as menos
                from h) z),
    qb as (${linha(sql`x.posicao <= ${primeiras} + (select count(*) from db)`)}
           union ${faixa('lim_a')} union ${faixa('lim_b')}
           union ${ultimaAntes('lim_a')} union ${ultimaAntes('lim_b')}),
    u as (select 0 as tipo, q.chave, -q.valor_neg as valor, q.receita, q.custo, q.antes as base_antes,
            q.posicao - 1 as base_n, 0::bigint as soma, 0 as conta, true as da_base
          from qb q
          union all
          select 0, dn.chave, dn.valor, dn.receita, dn.custo, coalesce(ins.antes_ate, 0), coalesce(ins.n, 0), 0, 0, false
          from dn cross join k left join lateral (
            select x.antes + greatest(-x.valor_neg, 0) as antes_ate, x.posicao as n
            from curva_abc_base_linhas x
            where x.base_id = k.id and (x.valor_neg, x.chave) < (-dn.valor, dn.chave)
            order by x.valor_neg desc, x.chave desc limit 1) ins on true
          union all
          select 1, db.chave, db.valor_b, null, null, null, null, -greatest(db.valor_b, 0), -1, null from db
          union all
          select 1, dn.chave, dn.valor, null, null, null, null, greatest(dn.valor, 0), 1, null from dn),
    w as (select u.*, coalesce(sum(u.soma) over o, 0) as delta, coalesce(sum(u.conta) over o, 0) as delta_n
          from u window o as (order by u.valor desc, u.chave, u.tipo rows between unbounded preceding and 1 preceding)),
    n as (select w.chave, w.da_base, w.base_antes, w.valor, w.receita, w.custo,
            w.base_antes + w.delta as antes, (w.base_n + w.delta_n + 1)::bigint as posicao
          from w where w.tipo = 0),
    c as (select n.chave, n.posicao, n.receita, n.custo, n.receita - n.custo as margem, n.valor, n.antes,
            k.total::numeric as total,
            case when n.valor <= 0 or k.total <= 0 then 'C' when n.antes < k.lim_a then 'A'
                 when n.antes < k.lim_b then 'B' else 'C' end as classe
          from n, k),
    t as (select z.*, z.receita - z.custo as margem, z.contagem_a as itens_A, z.valor_ate_a as valor_A,
            z.contagem_b - z.contagem_a as itens_B, z.valor_ate_b - z.valor_ate_a as valor_B,
            z.itens - z.contagem_b as itens_C, z.valor - z.valor_ate_b as valor_C
          from (select k.itens, k.receita, k.custo, k.total::numeric as valor,
                  ${contagem('lim_a')}::int as contagem_a, ${contagem('lim_b')}::int as contagem_b,
                  ${valorAte('lim_a')} as valor_ate_a, ${valorAte('lim_b')} as valor_ate_b
                from k) z)`;
}
