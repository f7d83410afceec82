import {
  EXPORT_MAX_ROWS,
  FAIXAS_AGING,
  type FaixaAging,
  formatDateBR,
  type GrupoDre,
  grupoDreLabels,
  type LinhaPosicao,
  type PaginaRelatorio,
  type PosicaoFinanceiraQuery,
  RAIZES_CUSTO,
  type TotaisPosicao,
  vencimentosDaFaixa,
  visaoPosicaoLabels,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { periodoPadrao } from './vendas-relatorio.service.ts';

// Posição financeira (issue 35, report 5; rules in packages/shared posicao-financeira.ts).
// «receber» / «pagar»: the open saldo (em_aberto, parcial) on today by customer / supplier, one
// filtered sum per aging faixa (the finance area's vencimentosDaFaixa ranges); a título without a
// register groups under its pessoa's name. «dre»: the period's active baixas by the título's classe,
// each placed on its DRE line in SQL (receita; custo under a RAIZES_CUSTO root; else despesa), with
// the encargos and descontos as lines of their own, and the lines' sums in the same statement.
// «fluxo»: per day or week (Monday–Sunday, cut at the period's ends) the realised entradas and saídas
// of the bank ledger's daily read model (conta_movimentos_dia, as the fluxo de caixa) beside the
// forecast: what fell due in it (valor − abatimentos of the títulos not cancelled, by vencimento).

type Filtros = Omit<PosicaoFinanceiraQuery, 'page' | 'pageSize'>;

function faixa(f: FaixaAging, hoje: string): SQL {
  const { de, ate } = vencimentosDaFaixa(f, hoje);
  const partes = [
    de ? sql`f.data_vencimento >= ${de}::date` : undefined,
    ate ? sql`f.data_vencimento <= ${ate}::date` : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return sql.join(partes, sql` and `);
}

function agingCte(q: Filtros, hoje: string): SQL {
  const receber = q.visao === 'receber';
  const id = sql.raw(receber ? 'f.cliente_id' : 'f.fornecedor_id');
  const cadastro = receber
    ? sql`(select razao_social from clientes where id = f.cliente_id)`
    : sql`(select razao_social from fornecedores where id = f.fornecedor_id)`;
  const colunas = sql.join(
    FAIXAS_AGING.map(
      (x) => sql`coalesce(sum(f.saldo) filter (where ${faixa(x, hoje)}), 0) as ${sql.identifier(x)}`,
    ),
    sql`, `,
  );
  return sql`r as (
    select coalesce(${id}::text, 'p:' || f.pessoa_nome) as chave,
      min(coalesce(${cadastro}, nullif(f.pessoa_nome, ''), f.fornecedor_nome, '—')) as rotulo,
      count(*)::int as titulos, ${colunas}, sum(f.saldo) as total
    from financial_accounts f
    where f.tipo = ${receber ? 'receber' : 'pagar'} and f.status in ('em_aberto', 'parcial')
    group by 1
  )`;
}

const ORDENS_AGING: Record<PosicaoFinanceiraQuery['sort'], string> = {
  rotulo: 'r.rotulo',
  total: 'r.total',
  a_vencer: 'r.a_vencer',
  '1_30': 'r."1_30"',
  '31_60': 'r."31_60"',
  '61_90': 'r."61_90"',
  mais_90: 'r.mais_90',
};

const agingColunas = sql.raw([...FAIXAS_AGING, 'total'].map((x) => `r."${x}"::text as "${x}"`).join(', '));

async function agingPagina(db: Db, q: Filtros, hoje: string, limite: SQL) {
  const dir = q.dir === 'asc' ? 'asc' : 'desc';
  const [linhas, totais] = await Promise.all([
    db.execute(sql`with ${agingCte(q, hoje)}
      select r.chave, r.rotulo, r.titulos, ${agingColunas} from r
      order by ${sql.raw(`${ORDENS_AGING[q.sort]} ${dir}`)}, r.rotulo, r.chave ${limite}`),
    db.execute(sql`with ${agingCte(q, hoje)}
      select count(*)::int as itens, coalesce(sum(r.titulos), 0)::int as titulos,
        ${sql.raw([...FAIXAS_AGING, 'total'].map((x) => `coalesce(sum(r."${x}"), 0)::text as "${x}"`).join(', '))}
      from r`),
  ]);
  const t = rowsOf<TotaisPosicao>(totais)[0]!;
  return { linhas: rowsOf<LinhaPosicao>(linhas), totais: t, total: t.itens };
}

/** The DRE's lines (grupo, classe, valor) and the groups' sums, in one statement. */
async function dre(db: Db, de: string, ate: string) {
  const raizes = sql.join(
    RAIZES_CUSTO.map((r) => sql`(c.codigo = ${r} or c.codigo like ${`${r}.%`})`),
    sql` or `,
  );
  const rows = rowsOf<{ grupo: GrupoDre; codigo: string | null; nome: string; valor: string; ordem: number }>(
    await db.execute(sql`with x as (
        select f.tipo, c.codigo, coalesce(c.nome, 'Sem classe') as nome, b.principal,
          b.juros + b.multa as encargos, b.desconto,
          case when f.tipo = 'receber' then 'receita'
               when c.codigo is not null and (${raizes}) then 'custo'
               else 'despesa' end as grupo
        from baixas b
        join financial_accounts f on f.id = b.titulo_id
        left join classes_financeiras c on c.id = f.classe_financeira_id
        where not b.estornada and b.data_pagamento between ${de}::date and ${ate}::date
      ), l as (
        select grupo, codigo, nome, sum(principal) as valor, 0 as ordem from x group by grupo, codigo, nome
        union all
        select 'receita', null, 'Juros e multas recebidos', sum(encargos), 1 from x
          where tipo = 'receber' having sum(encargos) <> 0
        union all
        select 'deducao', null, 'Descontos concedidos', sum(desconto), 1 from x
          where tipo = 'receber' having sum(desconto) <> 0
        union all
        select 'despesa', null, 'Juros e multas pagos', sum(encargos), 1 from x
          where tipo = 'pagar' having sum(encargos) <> 0
        union all
        select 'despesa', null, '(−) Descontos obtidos', -sum(desconto), 2 from x
          where tipo = 'pagar' having sum(desconto) <> 0
      )
      select grupo, codigo, nome, valor::text as valor, ordem from l
      order by array_position(array['receita', 'deducao', 'custo', 'despesa'], grupo), ordem,
        codigo nulls last, nome`),
  );
  const [t] = rowsOf<
    Required<Pick<TotaisPosicao, 'receitas' | 'deducoes' | 'custos' | 'despesas' | 'resultado'>>
  >(
    await db.execute(sql`with x as (
        select f.tipo, b.principal, b.juros + b.multa as encargos, b.desconto,
          (f.tipo = 'pagar' and c.codigo is not null and (${raizes})) as custo
        from baixas b
        join financial_accounts f on f.id = b.titulo_id
        left join classes_financeiras c on c.id = f.classe_financeira_id
        where not b.estornada and b.data_pagamento between ${de}::date and ${ate}::date
      ), s as (
        select coalesce(sum(principal + encargos) filter (where tipo = 'receber'), 0) as receitas,
          coalesce(sum(desconto) filter (where tipo = 'receber'), 0) as deducoes,
          coalesce(sum(principal) filter (where custo), 0) as custos,
          coalesce(sum(principal) filter (where tipo = 'pagar' and not custo), 0)
            + coalesce(sum(encargos - desconto) filter (where tipo = 'pagar'), 0) as despesas
        from x
      )
      select receitas::text as receitas, deducoes::text as deducoes, custos::text as custos,
        despesas::text as despesas, (receitas - deducoes - custos - despesas)::text as resultado from s`),
  );
  const soma: Record<GrupoDre, string> = {
    receita: t!.receitas,
    deducao: t!.deducoes,
    custo: t!.custos,
    despesa: t!.despesas,
  };
  // the statement as printed: each group's heading with its sum, its lines, then the result
  const linhas: LinhaPosicao[] = [];
  for (const grupo of ['receita', 'deducao', 'custo', 'despesa'] as const) {
    linhas.push({ chave: grupo, rotulo: grupoDreLabels[grupo], grupo, valor: soma[grupo] });
    for (const [i, r] of rows.filter((r) => r.grupo === grupo).entries())
      linhas.push({
        chave: `${grupo}:${r.codigo ?? r.nome}:${i}`,
        rotulo: `  ${r.nome}`,
        grupo,
        codigo: r.codigo ?? undefined,
        valor: r.valor,
      });
  }
  linhas.push({ chave: 'resultado', rotulo: 'Resultado', valor: t!.resultado });
  return { linhas, totais: { itens: linhas.length, ...t! } as TotaisPosicao };
}

async function fluxo(db: Db, q: Filtros, de: string, ate: string) {
  const inicio = q.agrupamento === 'dia' ? sql`d.dia` : sql`date_trunc('week', d.dia)::date`;
  const cte = sql`p as (
      select ${inicio} as chave, min(d.dia) as de, max(d.dia) as ate
      from generate_series(${de}::date, ${ate}::date, interval '1 day') g(x)
      cross join lateral (select g.x::date as dia) d
      group by 1
    ), real as (
      select m.data, sum(m.entradas) as entradas, sum(m.saidas) as saidas from conta_movimentos_dia m
      where m.data between ${de}::date and ${ate}::date group by m.data
    ), prev as (
      select f.data_vencimento as data,
        coalesce(sum(f.valor - f.abatimentos) filter (where f.tipo = 'receber'), 0) as entradas,
        coalesce(sum(f.valor - f.abatimentos) filter (where f.tipo = 'pagar'), 0) as saidas
      from financial_accounts f
      where f.status <> 'cancelado' and f.data_vencimento between ${de}::date and ${ate}::date
      group by f.data_vencimento
    ), r as (
      select p.chave::text as chave, p.de, p.ate,
        coalesce((select sum(entradas) from prev where data between p.de and p.ate), 0) as entradas_previstas,
        coalesce((select sum(entradas) from real where data between p.de and p.ate), 0) as entradas_realizadas,
        coalesce((select sum(saidas) from prev where data between p.de and p.ate), 0) as saidas_previstas,
        coalesce((select sum(saidas) from real where data between p.de and p.ate), 0) as saidas_realizadas
      from p
    )`;
  const valores = ['entradas_previstas', 'entradas_realizadas', 'saidas_previstas', 'saidas_realizadas'];
  const [linhas, totais] = await Promise.all([
    db.execute(sql`with ${cte}
      select r.chave, r.de::text as de, r.ate::text as ate,
        ${sql.raw(valores.map((v) => `r.${v}::text as ${v}`).join(', '))},
        (r.entradas_previstas - r.saidas_previstas)::text as saldo_previsto,
        (r.entradas_realizadas - r.saidas_realizadas)::text as saldo_realizado
      from r order by r.de`),
    db.execute(sql`with ${cte}
      select count(*)::int as itens, ${sql.raw(valores.map((v) => `sum(r.${v})::text as ${v}`).join(', '))},
        sum(r.entradas_previstas - r.saidas_previstas)::text as saldo_previsto,
        sum(r.entradas_realizadas - r.saidas_realizadas)::text as saldo_realizado
      from r`),
  ]);
  const rotulo = (l: LinhaPosicao) =>
    l.de === l.ate ? formatDateBR(l.de!) : `${formatDateBR(l.de!)} a ${formatDateBR(l.ate!)}`;
  return {
    linhas: rowsOf<LinhaPosicao>(linhas).map((l) => ({ ...l, rotulo: rotulo(l) })),
    totais: rowsOf<TotaisPosicao>(totais)[0]!,
  };
}

function descreveFiltros(q: Filtros, de: string, ate: string, hoje: string): [string, string][] {
  const out: [string, string][] = [['Visão', visaoPosicaoLabels[q.visao]]];
  if (q.visao === 'receber' || q.visao === 'pagar')
    out.push(['Posição em', `${formatDateBR(hoje)} (saldo em aberto por dias de atraso)`]);
  else out.push(['Período', `${formatDateBR(de)} a ${formatDateBR(ate)}`]);
  if (q.visao === 'dre') out.push(['Regime', 'caixa (baixas do período)']);
  if (q.visao === 'fluxo') out.push(['Agrupado por', q.agrupamento === 'dia' ? 'Dia' : 'Semana']);
  return out;
}

type Resultado = { linhas: LinhaPosicao[]; totais: TotaisPosicao; total: number };

async function calcula(db: Db, q: Filtros, de: string, ate: string, hoje: string, limite: SQL | null) {
  if (q.visao === 'receber' || q.visao === 'pagar')
    return agingPagina(db, q, hoje, limite ?? sql`limit ${EXPORT_MAX_ROWS + 1}`);
  const r = q.visao === 'dre' ? await dre(db, de, ate) : await fluxo(db, q, de, ate);
  return { ...r, total: r.linhas.length } satisfies Resultado;
}

export async function relatorioPosicaoFinanceira(
  db: Db,
  q: PosicaoFinanceiraQuery,
  hoje: string,
): Promise<PaginaRelatorio<LinhaPosicao, TotaisPosicao> & { de: string; ate: string; hoje: string }> {
  const { de, ate } = periodoPadrao(q, hoje);
  const offset = (q.page - 1) * q.pageSize;
  const r = await calcula(db, q, de, ate, hoje, sql`limit ${q.pageSize} offset ${offset}`);
  // the DRE and the cash flow are whole statements (a few dozen lines): paged here
  const items =
    q.visao === 'receber' || q.visao === 'pagar' ? r.linhas : r.linhas.slice(offset, offset + q.pageSize);
  return {
    items,
    total: r.total,
    totais: r.totais,
    filtros: descreveFiltros(q, de, ate, hoje),
    de,
    ate,
    hoje,
  };
}

export async function linhasPosicaoParaExportar(db: Db, q: Filtros, hoje: string) {
  const { de, ate } = periodoPadrao(q, hoje);
  const r = await calcula(db, q, de, ate, hoje, null);
  if (r.linhas.length > EXPORT_MAX_ROWS)
    throw new AppError(
      'unprocessable',
      `A exportação é limitada a ${EXPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Refine os filtros.`,
    );
  return { linhas: r.linhas, totais: r.totais, filtros: descreveFiltros(q, de, ate, hoje) };
}
