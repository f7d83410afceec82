import {
  addDays,
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
import { passadoDe, pedirBase } from '../dashboard/dashboard-bases.service.ts';
import { somasDeProdutos } from '../dashboard/somas-do-periodo.ts';
import { BASE_ATE_POSICAO, type BaseDaCurva, ctesDaPaginaPelaBase, modeloDaCurva } from './curva-abc-base.ts';
import type { EscopoVendedor } from './escopo-vendedor.ts';
import {
  CUSTO_ITEM,
  clientesEmOrdem,
  descreveFiltros,
  emReais,
  executaAgrupado,
  type FiltrosVendas,
  fromVendas,
  ondePedidos,
  ondeVendas,
  somasDeClientes,
} from './vendas-base.ts';
import { dosProdutos, periodoPadrao } from './vendas-relatorio.service.ts';

// Curva ABC (issue 35): the period's counted sales (vendas-base.ts) per product or customer, ranked
// by revenue or gross margin (value descending, ties by id), each with the running total of the
// positive values before it; the class is classeCurvaAbc's rule (packages/shared), written in SQL
// as exact comparisons (before × 100 < cut-off × total) so the filter by class and the class
// summary need no pass in JavaScript. relatorios.test.ts checks the SQL's classes against the
// shared function.
// The money runs in cents as bigint from the aggregate to the output (reais): the sort, the running
// totals and the class sums over a year's ~200,000 rows cost less in integers than in numeric, and
// the shares are ratios, the same in either unit. The totals and the class summary are one pass.

type Filtros = Omit<CurvaAbcQuery, 'page' | 'pageSize' | 'sort' | 'dir'>;

function filtrosDe(q: Filtros, hoje: string): FiltrosVendas {
  return { ...periodoPadrao(q, hoje), vendedor_id: q.vendedor_id };
}

/** Cents (bigint, or a numeric sum of them) as reais, the way the report prints money. */
const reais = (centavos: string) => emReais(sql.raw(centavos));

/**
 * The curve of products by revenue, whole (no class filter), not sorted by margin, with no seller
 * filter nor a seller's scope — the report's first screen: each product's revenue comes off the
 * dashboard's per-product read models (somasDeProdutos: the per-year running sums of migration 0078
 * and the per-day rows of 0065, as the Vendas report's pelosProdutos) instead of a year's items
 * joined to their orders. They hold no
 * cost: the page's products are costed afterwards from their items (dosProdutos), and the
 * totals' cost is the period's from relatorio_vendas_dia (migration 0075: the same counted items).
 * Elsewhere (a class, the margin, a seller, the export) the items' path stays.
 */
function pelosProdutos(
  q: Filtros & Partial<Pick<CurvaAbcQuery, 'sort'>>,
  f: FiltrosVendas,
  escopo: EscopoVendedor,
) {
  return (
    q.dimensao === 'produto' &&
    q.criterio === 'receita' &&
    !q.classe &&
    q.sort !== 'margem' &&
    !escopo &&
    !f.vendedor_id
  );
}

/**
 * The customers' curve with no seller filter nor scope: over MESES_PELAS_SOMAS whole months or more,
 * off their per-year running sums (somasDeClientes, migration 0079); null where that does not answer.
 */
const pelosClientes = (q: Filtros, f: FiltrosVendas, escopo: EscopoVendedor) =>
  q.dimensao === 'cliente' && clientesEmOrdem(f, escopo) ? somasDeClientes(f) : null;

/**
 * The planner settings of the curve's statement (executaAgrupado): the customers' curve off
 * relatorio_vendas_pedido read in customer order (clientesEmOrdem); the running sums' (the products'
 * read models, `modelo`, or the customers') through their index.
 */
const ajustes = (q: Filtros, f: FiltrosVendas, escopo: EscopoVendedor, modelo = false) => {
  const clientes = pelosClientes(q, f, escopo) !== null;
  return {
    emOrdem: q.dimensao === 'cliente' && clientesEmOrdem(f, escopo) && !clientes,
    pelasSomas: modelo || clientes,
  };
};

/**
 * The base a page may read (curva-abc-base.ts): a page of the whole curve in its own order (no class
 * filter, sorted by position, within the first BASE_ATE_POSICAO positions), with no seller filter
 * nor scope — the bases hold the period's sums alone —: the products' by revenue where the page reads
 * their read models (pelosProdutos), the customers' by either criterion; for a range with
 * BASE_MIN_DIAS days before today or more, not one calendar month (passadoDe). Null elsewhere.
 */
function baseDaCurva(
  q: CurvaAbcQuery,
  f: FiltrosVendas,
  escopo: EscopoVendedor,
  hoje: string,
): BaseDaCurva | null {
  const primeiraPagina =
    q.sort === 'posicao' && q.dir === 'asc' && !q.classe && q.page * q.pageSize <= BASE_ATE_POSICAO;
  const dimensao = pelosProdutos(q, f, escopo)
    ? 'produto'
    : q.dimensao === 'cliente' && clientesEmOrdem(f, escopo)
      ? 'cliente'
      : null;
  if (!primeiraPagina || !dimensao) return null;
  const r = { inicio: f.de, fim: addDays(f.ate, 1) };
  const passado = passadoDe(r, hoje);
  return passado ? { dimensao, criterio: q.criterio, r, passado } : null;
}

/**
 * The rows of the curve without a base (CTE `g`'s query): chave, receita and custo in cents. The
 * customers' off their per-year running sums (pelosClientes) or their orders' rows in
 * relatorio_vendas_pedido (migration 0076; the report has no product or group filter), not a year's
 * items joined to the orders.
 */
function gSemBase(
  q: Filtros,
  f: FiltrosVendas,
  escopo: EscopoVendedor,
  modelo: boolean,
  clientes: SQL | null,
): SQL {
  return modelo
    ? sql`select u.product_id as chave, u.valor as receita, null::bigint as custo
          from (${somasDeProdutos({ inicio: f.de, fim: addDays(f.ate, 1) })}) u
          where u.itens > 0`
    : q.dimensao === 'produto'
      ? sql`select i.product_id as chave, (sum(i.subtotal) * 100)::bigint as receita,
            (sum(${CUSTO_ITEM}) * 100)::bigint as custo
          from ${fromVendas(f)}
          where ${ondeVendas(f, escopo)}
          group by 1`
      : clientes
        ? sql`select u.cliente_id as chave, u.receita, u.custo from (${clientes}) u`
        : sql`select r.cliente_id as chave, sum(r.receita)::bigint as receita, sum(r.custo)::bigint as custo
          from relatorio_vendas_pedido r
          where ${ondePedidos(f, escopo)}
          group by 1`;
}

/** The classified rows (CTE `c`, money in cents) every query of the report reads. */
function classificados(q: Filtros, f: FiltrosVendas, escopo: EscopoVendedor, modelo = false): SQL {
  const valor = sql.raw(q.criterio === 'receita' ? 'receita' : 'receita - custo');
  return sql`g as (${gSemBase(q, f, escopo, modelo, pelosClientes(q, f, escopo))}), v as (
      select chave, receita, custo, receita - custo as margem, ${valor} as valor from g
    ), r as (
      -- the position and the running total in one window (one pass over the sorted rows: the sum
      -- up to each row less its own value); the total as a plain aggregate, not a third window that
      -- buffers the whole curve (≈ 20 % of a year's curve of 200,000 products)
      select v.*, row_number() over w as posicao,
        sum(greatest(valor, 0)) over w - greatest(valor, 0) as antes,
        (select coalesce(sum(greatest(valor, 0)), 0) from v) as total
      from v
      window w as (order by valor desc, chave rows between unbounded preceding and current row)
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

/**
 * CTE `pagina`: the listed rows (class filter) in the screen's order, `limite` applied — or, for a
 * page of the whole curve in its own order (the first screen), its positions (`faixa`: after the
 * first, up to the last), a filter instead of a sort of the whole curve.
 */
function paginaSql(q: Ordem, limite: SQL, faixa?: { depois: number; ate: number }): SQL {
  const dir = sql.raw(q.dir === 'desc' ? 'desc' : 'asc');
  // the label of the page's rows only, unless the page is sorted by it
  const porRotulo = q.sort === 'rotulo';
  // inside the page's own SELECT the label is its output column
  const ordemPagina = porRotulo ? sql`rotulo ${dir}, c.posicao` : ordemSql(q);
  const pelasPosicoes = faixa && q.sort === 'posicao' && q.dir === 'asc' && !q.classe;
  return sql`pagina as (
      select c.*, ${porRotulo ? rotulo(q) : sql`null::text`} as rotulo
      from c
      where ${
        pelasPosicoes
          ? sql`c.posicao > ${faixa.depois} and c.posicao <= ${faixa.ate}`
          : q.classe
            ? sql`c.classe = ${q.classe}`
            : sql`true`
      }
      order by ${ordemPagina}
      ${pelasPosicoes ? sql`` : limite}
    )`;
}

function ordemSql(q: Ordem): SQL {
  return sql`${sql.raw(ORDENS[q.sort])} ${sql.raw(q.dir === 'desc' ? 'desc' : 'asc')}, c.posicao`;
}

/** The page's rows as the screen reads them (`n`: their order). */
function selecaoLinhas(q: Ordem): SQL {
  return sql`select c.chave::text as chave, c.posicao::int as posicao,
      ${q.sort === 'rotulo' ? sql`c.rotulo` : rotulo(q)} as rotulo,
      ${reais('c.receita')}::text as receita, ${reais('c.custo')}::text as custo,
      ${reais('c.margem')}::text as margem, ${reais('c.valor')}::text as valor,
      (case when c.total > 0 then round(greatest(c.valor, 0) * 100 / c.total, 2) else 0 end)::text as participacao,
      (case when c.total > 0 then round((c.antes + greatest(c.valor, 0)) * 100 / c.total, 2) else 0 end)::text as acumulado,
      c.classe, row_number() over (order by ${ordemSql(q)})::int as n
    from pagina c`;
}

function linhasSql(q: Ordem, f: FiltrosVendas, escopo: EscopoVendedor, limite: SQL) {
  return sql`with ${classificados(q, f, escopo)}, ${paginaSql(q, limite)}
    select l.* from (${selecaoLinhas(q)}) l order by l.n`;
}

/**
 * CTE `t`: the totals in one pass over `c` — the listed rows' (the class filtered, if any) and the
 * whole curve's per class. Off the read models (pelosProdutos) the rows have no cost: the whole
 * curve's is the period's, in cents, from relatorio_vendas_dia.
 */
function totaisSql(q: Filtros, f: FiltrosVendas, modelo = false): SQL {
  const listada = q.classe ? sql`c.classe = ${q.classe}` : sql`true`;
  const custo = modelo ? custoDoPeriodo(f) : sql`coalesce(sum(c.custo) filter (where ${listada}), 0)`;
  const classe = (x: 'A' | 'B' | 'C') =>
    sql.raw(`count(*) filter (where c.classe = '${x}')::int as itens_${x},
      coalesce(sum(greatest(c.valor, 0)) filter (where c.classe = '${x}'), 0) as valor_${x}`);
  return sql`t as (
    select x.*, x.receita - x.custo as margem
    from (
      select count(*) filter (where ${listada})::int as itens,
        coalesce(sum(c.receita) filter (where ${listada}), 0) as receita,
        ${custo} as custo,
        coalesce(sum(greatest(c.valor, 0)), 0) as valor,
        ${classe('A')}, ${classe('B')}, ${classe('C')}
      from c
    ) x
  )`;
}

/** The period's whole cost in cents (the counted items'), from relatorio_vendas_dia. */
const custoDoPeriodo = (
  f: FiltrosVendas,
) => sql`(select coalesce(sum(d.custo), 0) * 100 from relatorio_vendas_dia d
  where d.dia >= ${f.de}::date and d.dia <= ${f.ate}::date)`;

/** One class's line of the summary, from `t`. */
function resumoClasse(x: 'A' | 'B' | 'C'): SQL {
  const itens = sql.raw(`t.itens_${x}`);
  const valor = sql.raw(`t.valor_${x}`);
  return sql`json_build_object('classe', ${sql.raw(`'${x}'`)}, 'itens', ${itens}, 'valor', ${reais(`t.valor_${x}`)}::text,
    'participacao', (case when t.valor > 0 then round(${valor} * 100 / t.valor, 2) else 0 end)::text)`;
}

/** The totals' columns over `t` (and `c` for the chart). */
function totaisColunas(q: Filtros): SQL {
  return sql`t.itens, ${reais('t.receita')}::text as receita, ${reais('t.custo')}::text as custo,
        ${reais('t.margem')}::text as margem, ${reais('t.valor')}::text as valor,
        json_build_array(${resumoClasse('A')}, ${resumoClasse('B')}, ${resumoClasse('C')}) as classes,
        (select json_agg(json_build_object('rotulo', p.rotulo, 'valor', ${reais('p.valor')}::text,
            'acumulado', p.acumulado::text, 'classe', p.classe) order by p.posicao)
          from (select c.posicao, ${rotulo(q)} as rotulo, c.valor, c.classe,
                  case when c.total > 0 then round((c.antes + greatest(c.valor, 0)) * 100 / c.total, 2) else 0 end as acumulado
                from c where c.posicao <= ${PARETO_ITENS} order by c.posicao) p) as pareto`;
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
    await executaAgrupado(
      db,
      sql`with ${classificados(q, f, escopo)}, ${totaisSql(q, f)} select ${totaisColunas(q)} from t`,
      ajustes(q, f, escopo),
    ),
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

export async function relatorioCurvaAbc(
  db: Db,
  q: CurvaAbcQuery,
  escopo: EscopoVendedor,
  hoje: string,
): Promise<PaginaRelatorio<LinhaAbc, TotaisAbc> & { de: string; ate: string }> {
  const f = filtrosDe(q, hoje);
  const offset = (q.page - 1) * q.pageSize;
  const modelo = pelosProdutos(q, f, escopo);
  const base = baseDaCurva(q, f, escopo, hoje);
  // the page and the totals in one statement: the curve (a year: ~200,000 products) is aggregated once
  // — or a first page is read off the curve's base when valid (no row without it: the range is then
  // read whole and the base asked for); the listed rows' count is the totals' (the same rows: `c`
  // under the class filter)
  const faixa = { depois: offset, ate: offset + q.pageSize };
  const linhasETotais = sql`${paginaSql(q, sql`limit ${q.pageSize} offset ${offset}`, faixa)}
    select (select json_agg(l order by l.n) from (${selecaoLinhas(q)}) l) as linhas, ${totaisColunas(q)}
    from t`;
  type Resposta = TotaisBrutos & { linhas: (LinhaAbc & { n: number })[] | null };
  const [[r], filtros] = await Promise.all([
    (async () => {
      if (base) {
        const corte = { a: q.corte_a, b: q.corte_b };
        const primeiras = Math.max(offset + q.pageSize, PARETO_ITENS);
        const res = rowsOf<Resposta>(
          await executaAgrupado(
            db,
            sql`with ${ctesDaPaginaPelaBase(base, corte, primeiras, custoDoPeriodo(f))}, ${linhasETotais}`,
            { pelaBase: true },
          ),
        );
        if (res.length) return res;
        pedirBase(db, modeloDaCurva(base), base.passado);
      }
      return rowsOf<Resposta>(
        await executaAgrupado(
          db,
          sql`with ${classificados(q, f, escopo, modelo)}, ${totaisSql(q, f, modelo)}, ${linhasETotais}`,
          ajustes(q, f, escopo, modelo),
        ),
      );
    })(),
    filtrosAbc(db, q, f, escopo),
  ]);
  const rows = (r!.linhas ?? []).map(({ n: _, ...l }) => l);
  if (modelo && rows.length) {
    const dos = await dosProdutos(
      db,
      f,
      escopo,
      rows.map((l) => l.chave),
    );
    for (const l of rows) {
      const d = dos.get(l.chave);
      if (d) Object.assign(l, { custo: d.custo, margem: d.margem });
    }
  }
  const totais = totaisDe(r!);
  return { items: rows, total: totais.itens, totais, filtros, de: f.de, ate: f.ate };
}

export async function linhasAbcParaExportar(
  db: Db,
  q: Filtros & Pick<CurvaAbcQuery, 'sort' | 'dir'>,
  escopo: EscopoVendedor,
  hoje: string,
) {
  const f = filtrosDe(q, hoje);
  const rows = rowsOf<LinhaAbc & { n: number }>(
    await executaAgrupado(
      db,
      linhasSql(q, f, escopo, sql`limit ${EXPORT_MAX_ROWS + 1}`),
      ajustes(q, f, escopo),
    ),
  );
  if (rows.length > EXPORT_MAX_ROWS)
    throw new AppError(
      'unprocessable',
      `A exportação é limitada a ${EXPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Refine os filtros.`,
    );
  const [totais, filtros] = await Promise.all([totaisAbc(db, q, f, escopo), filtrosAbc(db, q, f, escopo)]);
  return { linhas: rows.map(({ n: _, ...l }) => l), totais, filtros };
}
