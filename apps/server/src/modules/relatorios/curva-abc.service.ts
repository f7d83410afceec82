import {
  type CurvaAbcQuery,
  criterioAbcLabels,
  dimensaoAbcLabels,
  EXPORT_MAX_ROWS,
  type LinhaAbc,
  PARETO_ITENS,
  type PaginaRelatorio,
  type ResumoClasseAbc,
  type TotaisAbc,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EscopoVendedor } from './escopo-vendedor.ts';
import {
  CUSTO_ITEM,
  descreveFiltros,
  type FiltrosVendas,
  fromVendas,
  ondePedidos,
  ondeVendas,
  SOMAS_PEDIDOS,
} from './vendas-base.ts';
import { periodoPadrao } from './vendas-relatorio.service.ts';

// Curva ABC (issue 35): the period's counted sales (vendas-base.ts) per product or customer, ranked
// by revenue or gross margin (value descending, ties by id), each with the running total of the
// positive values before it; the class is classeCurvaAbc's rule (packages/shared), written in SQL
// as exact comparisons (before × 100 < cut-off × total) so the filter by class and the class
// summary need no pass in JavaScript. relatorios.test.ts checks the SQL's classes against the
// shared function.

type Filtros = Omit<CurvaAbcQuery, 'page' | 'pageSize' | 'sort' | 'dir'>;

function filtrosDe(q: Filtros, hoje: string): FiltrosVendas {
  return { ...periodoPadrao(q, hoje), vendedor_id: q.vendedor_id };
}

/** The classified rows (CTE `c`) every query of the report reads. */
function classificados(q: Filtros, f: FiltrosVendas, escopo: EscopoVendedor): SQL {
  const valor = sql.raw(q.criterio === 'receita' ? 'receita' : 'receita - custo');
  // customers: their orders' rows in relatorio_vendas_pedido (migration 0076; the report has no
  // product or group filter), not a year's items joined to the orders
  const g =
    q.dimensao === 'produto'
      ? sql`select i.product_id as chave, sum(i.subtotal) as receita, sum(${CUSTO_ITEM}) as custo
          from ${fromVendas(f)}
          where ${ondeVendas(f, escopo)}
          group by 1`
      : sql`select r.cliente_id as chave, ${SOMAS_PEDIDOS.receita} as receita, ${SOMAS_PEDIDOS.custo} as custo
          from relatorio_vendas_pedido r
          where ${ondePedidos(f, escopo)}
          group by 1`;
  return sql`g as (
      ${g}
    ), v as (
      select chave, receita, custo, receita - custo as margem, ${valor} as valor from g
    ), r as (
      select v.*, row_number() over w as posicao,
        coalesce(sum(greatest(valor, 0)) over (w rows between unbounded preceding and 1 preceding), 0) as antes,
        sum(greatest(valor, 0)) over () as total
      from v
      window w as (order by valor desc, chave)
    ), c as (
      select r.*,
        case when r.valor <= 0 or r.total <= 0 then 'C'
             when r.antes * 100 < ${q.corte_a} * r.total then 'A'
             when r.antes * 100 < ${q.corte_a + q.corte_b} * r.total then 'B'
             else 'C' end as classe
      from r
    )`;
}

function rotulo(q: Filtros): SQL {
  return q.dimensao === 'produto'
    ? sql`(select codigo || ' · ' || nome from products where id = c.chave)`
    : sql`(select razao_social from clientes where id = c.chave)`;
}

const ORDENS: Record<CurvaAbcQuery['sort'], string> = {
  posicao: 'c.posicao',
  rotulo: 'c.rotulo',
  receita: 'c.receita',
  margem: 'c.margem',
};

type Ordem = Filtros & Pick<CurvaAbcQuery, 'sort' | 'dir'>;

/** CTE `pagina`: the listed rows (class filter) in the screen's order, `limite` applied. */
function paginaSql(q: Ordem, limite: SQL): SQL {
  const dir = sql.raw(q.dir === 'desc' ? 'desc' : 'asc');
  // the label of the page's rows only, unless the page is sorted by it
  const porRotulo = q.sort === 'rotulo';
  // inside the page's own SELECT the label is its output column
  const ordemPagina = porRotulo ? sql`rotulo ${dir}, c.posicao` : ordemSql(q);
  return sql`pagina as (
      select c.*, ${porRotulo ? rotulo(q) : sql`null::text`} as rotulo, count(*) over ()::int as total_linhas
      from c
      where ${q.classe ? sql`c.classe = ${q.classe}` : sql`true`}
      order by ${ordemPagina}
      ${limite}
    )`;
}

function ordemSql(q: Ordem): SQL {
  return sql`${sql.raw(ORDENS[q.sort])} ${sql.raw(q.dir === 'desc' ? 'desc' : 'asc')}, c.posicao`;
}

/** The page's rows as the screen reads them (`n`: their order). */
function selecaoLinhas(q: Ordem): SQL {
  return sql`select c.chave::text as chave, c.posicao::int as posicao,
      ${q.sort === 'rotulo' ? sql`c.rotulo` : rotulo(q)} as rotulo,
      c.receita::text as receita, c.custo::text as custo, c.margem::text as margem, c.valor::text as valor,
      (case when c.total > 0 then round(greatest(c.valor, 0) * 100 / c.total, 2) else 0 end)::text as participacao,
      (case when c.total > 0 then round((c.antes + greatest(c.valor, 0)) * 100 / c.total, 2) else 0 end)::text as acumulado,
      c.classe, c.total_linhas, row_number() over (order by ${ordemSql(q)})::int as n
    from pagina c`;
}

function linhasSql(q: Ordem, f: FiltrosVendas, escopo: EscopoVendedor, limite: SQL) {
  return sql`with ${classificados(q, f, escopo)}, ${paginaSql(q, limite)}
    select l.* from (${selecaoLinhas(q)}) l order by l.n`;
}

/** CTE `k`: the whole curve's classes. */
const CLASSES_SQL = sql`k as (
    select x.classe, count(c.chave)::int as itens, coalesce(sum(greatest(c.valor, 0)), 0) as valor
    from (values ('A'), ('B'), ('C')) x(classe) left join c on c.classe = x.classe
    group by x.classe
  )`;

/** The totals' columns over `c` and `k`: the listed rows' (the class filtered, if any); the classes and the chart: the whole curve's. */
function totaisColunas(q: Filtros): SQL {
  const classe = q.classe ? sql`c.classe = ${q.classe}` : sql`true`;
  return sql`(select count(*)::int from c where ${classe}) as itens,
        (select coalesce(sum(receita), 0)::text from c where ${classe}) as receita,
        (select coalesce(sum(custo), 0)::text from c where ${classe}) as custo,
        (select coalesce(sum(margem), 0)::text from c where ${classe}) as margem,
        (select coalesce(sum(greatest(valor, 0)), 0)::text from c) as valor,
        (select json_agg(json_build_object('classe', k.classe, 'itens', k.itens, 'valor', k.valor::text,
            'participacao', (case when t.total > 0 then round(k.valor * 100 / t.total, 2) else 0 end)::text)
            order by k.classe)
          from k cross join (select coalesce(sum(greatest(valor, 0)), 0) as total from c) t) as classes,
        (select json_agg(json_build_object('rotulo', p.rotulo, 'valor', p.valor::text, 'acumulado', p.acumulado::text,
            'classe', p.classe) order by p.posicao)
          from (select c.posicao, ${rotulo(q)} as rotulo, c.valor, c.classe,
                  case when c.total > 0 then round((c.antes + greatest(c.valor, 0)) * 100 / c.total, 2) else 0 end as acumulado
                from c order by c.posicao limit ${PARETO_ITENS}) p) as pareto`;
}

type TotaisBrutos = Omit<TotaisAbc, 'classes' | 'pareto'> & {
  classes: ResumoClasseAbc[] | null;
  pareto: TotaisAbc['pareto'] | null;
};
const totaisDe = ({ itens, receita, custo, margem, valor, classes, pareto }: TotaisBrutos): TotaisAbc => ({
  itens,
  receita,
  custo,
  margem,
  valor,
  classes: classes ?? [],
  pareto: pareto ?? [],
});

async function totaisAbc(db: Db, q: Filtros, f: FiltrosVendas, escopo: EscopoVendedor): Promise<TotaisAbc> {
  const [t] = rowsOf<TotaisBrutos>(
    await db.execute(sql`with ${classificados(q, f, escopo)}, ${CLASSES_SQL} select ${totaisColunas(q)}`),
  );
  return totaisDe(t!);
}

async function filtrosAbc(db: Db, q: Filtros, f: FiltrosVendas, escopo: EscopoVendedor) {
  const filtros = await descreveFiltros(db, f, escopo);
  return [
    ...filtros,
    ['Curva de', dimensaoAbcLabels[q.dimensao]],
    ['Critério', criterioAbcLabels[q.criterio]],
    ['Cortes', `A ${q.corte_a} % · B ${q.corte_b} % · C ${100 - q.corte_a - q.corte_b} %`],
    ...(q.classe ? ([['Classe', q.classe]] as [string, string][]) : []),
  ] as [string, string][];
}

type LinhaComTotal = LinhaAbc & { total_linhas: number };

export async function relatorioCurvaAbc(
  db: Db,
  q: CurvaAbcQuery,
  escopo: EscopoVendedor,
  hoje: string,
): Promise<PaginaRelatorio<LinhaAbc, TotaisAbc> & { de: string; ate: string }> {
  const f = filtrosDe(q, hoje);
  const offset = (q.page - 1) * q.pageSize;
  // the page and the totals in one statement: the curve (a year: ~200,000 products) is aggregated once
  const [[r], filtros] = await Promise.all([
    db
      .execute(sql`with ${classificados(q, f, escopo)}, ${paginaSql(q, sql`limit ${q.pageSize} offset ${offset}`)},
          ${CLASSES_SQL}
        select (select json_agg(l order by l.n) from (${selecaoLinhas(q)}) l) as linhas, ${totaisColunas(q)}`)
      .then((res) => rowsOf<TotaisBrutos & { linhas: (LinhaComTotal & { n: number })[] | null }>(res)),
    filtrosAbc(db, q, f, escopo),
  ]);
  const rows = (r!.linhas ?? []).map(({ n: _, ...l }) => l);
  const totais = totaisDe(r!);
  const total =
    rows[0]?.total_linhas ??
    (offset > 0
      ? (rowsOf<LinhaComTotal>(await db.execute(linhasSql(q, f, escopo, sql`limit 1`)))[0]?.total_linhas ?? 0)
      : 0);
  return { items: rows.map(({ total_linhas: _, ...l }) => l), total, totais, filtros, de: f.de, ate: f.ate };
}

export async function linhasAbcParaExportar(
  db: Db,
  q: Filtros & Pick<CurvaAbcQuery, 'sort' | 'dir'>,
  escopo: EscopoVendedor,
  hoje: string,
) {
  const f = filtrosDe(q, hoje);
  const rows = rowsOf<LinhaComTotal>(
    await db.execute(linhasSql(q, f, escopo, sql`limit ${EXPORT_MAX_ROWS + 1}`)),
  );
  if (rows.length > EXPORT_MAX_ROWS)
    throw new AppError(
      'unprocessable',
      `A exportação é limitada a ${EXPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Refine os filtros.`,
    );
  const [totais, filtros] = await Promise.all([totaisAbc(db, q, f, escopo), filtrosAbc(db, q, f, escopo)]);
  return { linhas: rows.map(({ total_linhas: _, ...l }) => l), totais, filtros };
}
