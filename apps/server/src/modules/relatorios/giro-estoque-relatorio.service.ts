import {
  addDays,
  DIAS_PADRAO_GIRO,
  diasEntre,
  EXPORT_MAX_ROWS,
  formatDateBR,
  type GiroEstoqueQuery,
  type LinhaGiro,
  type PaginaRelatorio,
  type TotaisGiro,
  type VisaoGiro,
  visaoGiroLabels,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { periodoPadrao } from './vendas-relatorio.service.ts';

// Giro e cobertura de estoque (issue 35, report 4; formulas in packages/shared giro-estoque.ts).
// «giro»: one pass over the ledger up to the period's end per product — the balance before the
// period (EI's quantity), up to its end (EF's), and the period's sales (saídas/estornos of origem
// 'pedido': quantity and their cost, the CMV) —, each end valued at the custo médio of the
// product's last ledger row before it (one index look-up), to the cent; disponível is today's
// (estoque_saldos: saldo − reservado). The local filter narrows every sum to that local.
// «parado»: products with stock and no sale in the last N days; the last sale is read from the
// daily read model estoque_vendas_dia (migration 0063: one backward index step per product).
// «validade»: the lots with stock (estoque_saldos by lote) expiring up to today + N, expired ones
// included. Every figure is numeric in SQL, rounded once per row; totals are Σ of the rows.

type Filtros = Omit<GiroEstoqueQuery, 'page' | 'pageSize'>;

/** The São Paulo midnight starting `dia` (the ledger's fixed UTC−3 day, estoque_dia). */
const inicioDoDia = (dia: string) => sql`((${dia}::date)::timestamp + interval '3 hours') at time zone 'UTC'`;

/** N of the view: days without sales («parado») or to expire («validade»). */
function diasDe(q: Filtros): number {
  return q.dias ?? DIAS_PADRAO_GIRO[q.visao === 'validade' ? 'validade' : 'parado'];
}

function ondeProduto(q: Filtros): SQL {
  const partes: SQL[] = [sql`true`];
  if (q.grupo_id) partes.push(sql`p.grupo_id = ${q.grupo_id}::uuid`);
  if (q.fornecedor_id) partes.push(sql`p.fornecedor_id = ${q.fornecedor_id}::uuid`);
  return sql.join(partes, sql` and `);
}
const doLocal = (q: Filtros, col: SQL) => (q.local_id ? sql`${col} = ${q.local_id}::uuid` : sql`true`);

/** The rows of the view, already computed (CTE `r`), with `produto` and the view's figures. */
function linhasCte(q: Filtros, de: string, ate: string, hoje: string): SQL {
  if (q.visao === 'parado') {
    const limite = addDays(hoje, -diasDe(q) + 1);
    return sql`r as (
      select p.id::text as chave, p.codigo || ' · ' || p.nome as produto, g.nome as grupo,
        u.dia::text as ultima_venda, (${hoje}::date - u.dia) as dias,
        s.quantidade, p.custo_medio, round(s.quantidade * p.custo_medio, 2) as valor
      from products p
      left join grupos_estoque g on g.id = p.grupo_id
      join lateral (select sum(e.saldo) as quantidade from estoque_saldos e
        where e.produto_id = p.id and ${doLocal(q, sql`e.local_id`)}) s on s.quantidade > 0
      left join lateral (select d.dia from estoque_vendas_dia d
        where d.produto_id = p.id and d.vendido > 0 and d.dia <= ${hoje}::date
        order by d.dia desc limit 1) u on true
      where ${ondeProduto(q)} and (u.dia is null or u.dia < ${limite}::date)
    )`;
  }
  if (q.visao === 'validade') {
    return sql`r as (
      select e.id::text as chave, p.codigo || ' · ' || p.nome as produto, g.nome as grupo,
        l.numero as lote, l.validade::text as validade, (l.validade - ${hoje}::date) as dias,
        le.nome as local, e.saldo as quantidade, round(e.saldo * p.custo_medio, 2) as valor
      from estoque_saldos e
      join lotes l on l.id = e.lote_id
      join products p on p.id = e.produto_id
      join locais_estoque le on le.id = e.local_id
      left join grupos_estoque g on g.id = p.grupo_id
      where e.saldo > 0 and l.validade <= ${addDays(hoje, diasDe(q))}::date
        and ${doLocal(q, sql`e.local_id`)} and ${ondeProduto(q)}
    )`;
  }
  const t0 = inicioDoDia(de);
  const t1 = inicioDoDia(addDays(ate, 1));
  const dias = diasEntre(de, ate) + 1;
  const venda = sql`m.origem = 'pedido' and m.tipo in ('saida', 'estorno') and m.ocorrido_em >= ${t0}`;
  const custoEm = (t: SQL) => sql`coalesce((select c.custo_medio from estoque_movimentos c
      where c.product_id = p.id and c.ocorrido_em < ${t} order by c.ocorrido_em desc, c.id desc limit 1), 0)`;
  return sql`m as (
      select m.product_id,
        coalesce(sum(m.quantidade) filter (where m.ocorrido_em < ${t0}), 0) as qi,
        sum(m.quantidade) as qf,
        coalesce(-sum(m.quantidade) filter (where ${venda}), 0) as vendido,
        coalesce(round(-sum(m.quantidade * m.custo_unitario) filter (where ${venda}), 2), 0) as cmv
      from estoque_movimentos m
      where m.ocorrido_em < ${t1} and ${doLocal(q, sql`m.local_id`)}
      group by m.product_id
    ), b as (
      select p.id, p.codigo || ' · ' || p.nome as produto, g.nome as grupo, m.vendido, m.cmv,
        round(m.qi * ${custoEm(t0)}, 2) as ei, round(m.qf * ${custoEm(t1)}, 2) as ef,
        coalesce((select sum(e.saldo - e.reservado) from estoque_saldos e
          where e.produto_id = p.id and ${doLocal(q, sql`e.local_id`)}), 0) as disponivel
      from m join products p on p.id = m.product_id
      left join grupos_estoque g on g.id = p.grupo_id
      where ${ondeProduto(q)} and (m.qi <> 0 or m.qf <> 0 or m.vendido <> 0)
    ), r as (
      select b.id::text as chave, b.produto, b.grupo, b.vendido, b.cmv,
        b.ei as estoque_inicial, b.ef as estoque_final, round((b.ei + b.ef) / 2, 2) as estoque_medio,
        case when b.ei + b.ef > 0 then round(2 * b.cmv / (b.ei + b.ef), 2) end as giro,
        b.disponivel,
        case when b.vendido <= 0 then null when b.disponivel <= 0 then 0
             else round(b.disponivel * ${dias} / b.vendido)::int end as cobertura
      from b
    )`;
}

const ORDENS: Record<NonNullable<GiroEstoqueQuery['sort']>, string> = {
  produto: 'r.produto',
  cmv: 'r.cmv',
  estoque_medio: 'r.estoque_medio',
  giro: 'r.giro',
  cobertura: 'r.cobertura',
  valor: 'r.valor',
  dias: 'r.dias',
  validade: 'r.validade',
};
/** Each view's order when the URL names none: biggest cost of sales, biggest value, soonest to expire. */
const ORDEM_PADRAO: Record<VisaoGiro, string> = {
  giro: 'r.cmv desc',
  parado: 'r.valor desc',
  validade: 'r.validade asc',
};
const VALIDAS: Record<VisaoGiro, readonly string[]> = {
  giro: ['produto', 'cmv', 'estoque_medio', 'giro', 'cobertura'],
  parado: ['produto', 'dias', 'valor'],
  validade: ['produto', 'validade', 'dias', 'valor'],
};

function ordem(q: Filtros): SQL {
  const s = q.sort && VALIDAS[q.visao].includes(q.sort) ? q.sort : null;
  const dir = q.dir === 'asc' ? 'asc' : 'desc';
  return sql.raw(
    s ? `${ORDENS[s]} ${dir} nulls last, r.produto, r.chave` : `${ORDEM_PADRAO[q.visao]}, r.produto, r.chave`,
  );
}

const COLUNAS: Record<VisaoGiro, string> = {
  giro: `r.vendido::text as vendido, r.cmv::text as cmv, r.estoque_inicial::text as estoque_inicial,
    r.estoque_final::text as estoque_final, r.estoque_medio::text as estoque_medio, r.giro::text as giro,
    r.disponivel::text as disponivel, r.cobertura`,
  // the custo médio as money (2 places) on screen; the value is computed with its 4
  parado: `r.ultima_venda, r.dias, r.quantidade::text as quantidade, round(r.custo_medio, 2)::text as custo_medio,
    r.valor::text as valor`,
  validade: `r.lote, r.validade, r.dias, r.local, r.quantidade::text as quantidade, r.valor::text as valor`,
};

function linhasSql(q: Filtros, de: string, ate: string, hoje: string, limite: SQL): SQL {
  return sql`with ${linhasCte(q, de, ate, hoje)}
    select r.chave, r.produto, r.grupo, ${sql.raw(COLUNAS[q.visao])}, count(*) over ()::int as total_linhas
    from r order by ${ordem(q)} ${limite}`;
}

const TOTAIS: Record<VisaoGiro, string> = {
  giro: `coalesce(sum(r.vendido), 0)::text as vendido, coalesce(sum(r.cmv), 0)::text as cmv,
    coalesce(sum(r.estoque_inicial), 0)::text as estoque_inicial,
    coalesce(sum(r.estoque_final), 0)::text as estoque_final,
    round(coalesce(sum(r.estoque_inicial + r.estoque_final), 0) / 2, 2)::text as estoque_medio,
    (case when sum(r.estoque_inicial + r.estoque_final) > 0
      then round(2 * sum(r.cmv) / sum(r.estoque_inicial + r.estoque_final), 2) end)::text as giro,
    coalesce(sum(r.disponivel), 0)::text as disponivel`,
  parado: `coalesce(sum(r.quantidade), 0)::text as quantidade, coalesce(sum(r.valor), 0)::text as valor`,
  validade: `coalesce(sum(r.quantidade), 0)::text as quantidade, coalesce(sum(r.valor), 0)::text as valor`,
};

async function totaisGiro(db: Db, q: Filtros, de: string, ate: string, hoje: string): Promise<TotaisGiro> {
  const [t] = rowsOf<TotaisGiro>(
    await db.execute(sql`with ${linhasCte(q, de, ate, hoje)}
      select count(*)::int as itens, ${sql.raw(TOTAIS[q.visao])} from r`),
  );
  return t!;
}

async function descreveFiltros(db: Db, q: Filtros, de: string, ate: string): Promise<[string, string][]> {
  const [n] = rowsOf<Record<'grupo' | 'local' | 'fornecedor', string | null>>(
    await db.execute(sql`select
      (select nome from grupos_estoque where id = ${q.grupo_id ?? null}::uuid) as grupo,
      (select nome from locais_estoque where id = ${q.local_id ?? null}::uuid) as local,
      (select razao_social from fornecedores where id = ${q.fornecedor_id ?? null}::uuid) as fornecedor`),
  );
  const out: [string, string][] = [['Visão', visaoGiroLabels[q.visao]]];
  if (q.visao === 'giro') out.push(['Período', `${formatDateBR(de)} a ${formatDateBR(ate)}`]);
  if (q.visao === 'parado') out.push(['Sem vendas há', `${diasDe(q)} dias`]);
  if (q.visao === 'validade') out.push(['Vencendo em até', `${diasDe(q)} dias (vencidos incluídos)`]);
  if (q.grupo_id) out.push(['Grupo', n?.grupo ?? '—']);
  if (q.local_id) out.push(['Local', n?.local ?? '—']);
  if (q.fornecedor_id) out.push(['Fornecedor', n?.fornecedor ?? '—']);
  return out;
}

type LinhaComTotal = LinhaGiro & { total_linhas: number };

export async function relatorioGiroEstoque(
  db: Db,
  q: GiroEstoqueQuery,
  hoje: string,
): Promise<PaginaRelatorio<LinhaGiro, TotaisGiro> & { de: string; ate: string; dias: number }> {
  const { de, ate } = periodoPadrao(q, hoje);
  const offset = (q.page - 1) * q.pageSize;
  const [linhas, totais, filtros] = await Promise.all([
    db.execute(linhasSql(q, de, ate, hoje, sql`limit ${q.pageSize} offset ${offset}`)),
    totaisGiro(db, q, de, ate, hoje),
    descreveFiltros(db, q, de, ate),
  ]);
  const rows = rowsOf<LinhaComTotal>(linhas);
  return {
    items: rows.map(({ total_linhas: _, ...l }) => l),
    total: totais.itens,
    totais,
    filtros,
    de,
    ate,
    dias: diasDe(q),
  };
}

export async function linhasGiroParaExportar(db: Db, q: Filtros, hoje: string) {
  const { de, ate } = periodoPadrao(q, hoje);
  const rows = rowsOf<LinhaComTotal>(
    await db.execute(linhasSql(q, de, ate, hoje, sql`limit ${EXPORT_MAX_ROWS + 1}`)),
  );
  if (rows.length > EXPORT_MAX_ROWS)
    throw new AppError(
      'unprocessable',
      `A exportação é limitada a ${EXPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Refine os filtros.`,
    );
  const [totais, filtros] = await Promise.all([
    totaisGiro(db, q, de, ate, hoje),
    descreveFiltros(db, q, de, ate),
  ]);
  return { linhas: rows.map(({ total_linhas: _, ...l }) => l), totais, filtros };
}
