import {
  type AgrupamentoDevolucoes,
  agrupamentoDevolucoesLabels,
  type DevolucoesRelatorioQuery,
  EXPORT_MAX_ROWS,
  formatDateBR,
  type LinhaDevolucoes,
  MOTIVOS_DEVOLUCAO,
  motivoDevolucaoLabels,
  type PaginaRelatorio,
  type TotaisDevolucoes,
  tipoDevolucoesRelatorioLabels,
} from '@erp/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EscopoVendedor } from './escopo-vendedor.ts';
import { periodoPadrao } from './vendas-relatorio.service.ts';

// Relatório de Devoluções e cancelamentos (issue 35). One CTE (`m`) lists every occurrence of the
// period once per reason: a customer's return in effect (devolução de venda autorizada or lançada,
// on the São Paulo day it took effect) per item motivo, with Σ the items' vItem; a cancelled order
// (on the São Paulo day of its cancellation in the order's history) with its valor_total and the
// reason typed. The groupings and the totals are SQL aggregates over it; the seller is the order's
// and the seller's scope is applied in it. README, «Devoluções e cancelamentos».

type Filtros = Pick<DevolucoesRelatorioQuery, 'tipo' | 'vendedor_id' | 'cliente_id' | 'motivo'> & {
  de: string;
  ate: string;
};

const DIA_SP = (coluna: string) => sql.raw(`(${coluna} at time zone 'America/Sao_Paulo')::date`);

const ROTULO_MOTIVO = sql.raw(
  `case i.motivo ${MOTIVOS_DEVOLUCAO.map((m) => `when '${m}' then '${motivoDevolucaoLabels[m]}'`).join(' ')} else i.motivo end`,
);

function movimentos(f: Filtros, escopo: EscopoVendedor): SQL {
  const vendedor = (coluna: SQL) =>
    and(
      escopo ? sql`${coluna} = ${escopo.vendedorId}::uuid` : undefined,
      f.vendedor_id === 'sem'
        ? sql`${coluna} is null`
        : f.vendedor_id
          ? sql`${coluna} = ${f.vendedor_id}::uuid`
          : undefined,
    ) ?? sql`true`;
  const cliente = (coluna: SQL) => (f.cliente_id ? sql`${coluna} = ${f.cliente_id}::uuid` : sql`true`);
  const motivo = f.motivo ?? null;
  const devolucoes = sql`select 'devolucao'::text as tipo, d.id, 'Devolução nº ' || d.numero as documento,
      ${DIA_SP('d.efetivada_em')} as data, d.cliente_id, coalesce(d.vendedor_id, o.vendedor_id) as vendedor_id,
      'devolucao:' || i.motivo as motivo, 'Devolução · ' || ${ROTULO_MOTIVO} as motivo_rotulo,
      sum(i.valor_total) as valor
    from devolucoes d join devolucao_itens i on i.devolucao_id = d.id
      left join sales_orders o on o.id = d.pedido_id
    where d.tipo = 'venda' and d.status in ('autorizada', 'lancada')
      and ${DIA_SP('d.efetivada_em')} >= ${f.de}::date and ${DIA_SP('d.efetivada_em')} <= ${f.ate}::date
      and ${vendedor(sql`coalesce(d.vendedor_id, o.vendedor_id)`)} and ${cliente(sql`d.cliente_id`)}
      and (${motivo}::text is null or 'devolucao:' || i.motivo = ${motivo})
    group by d.id, 6, i.motivo`;
  const cancelamentos = sql`select 'cancelamento'::text, o.id, 'Pedido nº ' || o.numero,
      ${DIA_SP('h.quando')}, o.cliente_id, o.vendedor_id,
      'cancelamento:' || coalesce(nullif(btrim(o.motivo_cancelamento), ''), ''),
      'Cancelamento · ' || coalesce(nullif(btrim(o.motivo_cancelamento), ''), 'Sem motivo'), o.valor_total
    from sales_orders o
      cross join lateral (select max(h.created_at) as quando from pedido_historico h
        where h.order_id = o.id and h.para = 'cancelado') h
    where o.status = 'cancelado'
      and ${DIA_SP('h.quando')} >= ${f.de}::date and ${DIA_SP('h.quando')} <= ${f.ate}::date
      and ${vendedor(sql`o.vendedor_id`)} and ${cliente(sql`o.cliente_id`)}
      and (${motivo}::text is null
        or 'cancelamento:' || coalesce(nullif(btrim(o.motivo_cancelamento), ''), '') = ${motivo})`;
  if (f.tipo === 'devolucao') return devolucoes;
  if (f.tipo === 'cancelamento') return cancelamentos;
  return sql`${devolucoes} union all ${cancelamentos}`;
}

const FIGURAS = sql.raw(`count(distinct m.id) filter (where m.tipo = 'devolucao')::int as devolucoes,
  coalesce(sum(m.valor) filter (where m.tipo = 'devolucao'), 0.00) as valor_devolvido,
  count(distinct m.id) filter (where m.tipo = 'cancelamento')::int as cancelamentos,
  coalesce(sum(m.valor) filter (where m.tipo = 'cancelamento'), 0.00) as valor_cancelado,
  coalesce(sum(m.valor), 0.00) as valor_total`);

const CHAVE: Record<Exclude<AgrupamentoDevolucoes, 'documento'>, { chave: SQL; rotulo: SQL }> = {
  motivo: { chave: sql.raw('m.motivo'), rotulo: sql.raw('min(m.motivo_rotulo)') },
  vendedor: {
    chave: sql.raw(`coalesce(m.vendedor_id::text, '')`),
    rotulo: sql.raw(`coalesce(min(v.nome), 'Sem vendedor')`),
  },
  cliente: { chave: sql.raw('m.cliente_id::text'), rotulo: sql.raw(`coalesce(min(c.razao_social), '—')`) },
};

type Ordenacao = Pick<DevolucoesRelatorioQuery, 'agrupar' | 'sort' | 'dir'>;

function ordem(q: Ordenacao): SQL {
  const dir = sql.raw(q.dir === 'asc' ? 'asc' : 'desc');
  const coluna = q.sort === 'data' && q.agrupar !== 'documento' ? 'valor_total' : q.sort;
  return sql`${sql.raw(`r.${coluna}`)} ${dir} nulls last, r.chave ${dir}`;
}

const JUNCOES = sql.raw(
  'from m left join vendedores v on v.id = m.vendedor_id left join clientes c on c.id = m.cliente_id',
);

function linhasSql(f: Filtros, escopo: EscopoVendedor, q: Ordenacao, limite: SQL): SQL {
  const base = sql`with m as (${movimentos(f, escopo)})`;
  const saida =
    sql.raw(`r.valor_devolvido::text as valor_devolvido, r.valor_cancelado::text as valor_cancelado,
    r.valor_total::text as valor_total, count(*) over ()::int as total_linhas`);
  if (q.agrupar === 'documento')
    return sql`${base}, r as (
        select m.id::text as chave, min(m.documento) as rotulo, min(m.data)::text as data,
          coalesce(min(c.razao_social), '—') as cliente, coalesce(min(v.nome), 'Sem vendedor') as vendedor,
          string_agg(distinct substr(m.motivo_rotulo, strpos(m.motivo_rotulo, ' · ') + 3), ', ') as motivos,
          ${FIGURAS}
        ${JUNCOES}
        group by m.id
      )
      select r.chave, r.rotulo, r.data, r.cliente, r.vendedor, r.motivos, r.devolucoes, r.cancelamentos, ${saida}
      from r order by ${ordem(q)} ${limite}`;
  const a = CHAVE[q.agrupar];
  return sql`${base}, r as (
      select ${a.chave} as chave, ${a.rotulo} as rotulo, ${FIGURAS}
      ${JUNCOES}
      group by 1
    )
    select r.chave, r.rotulo, r.devolucoes, r.cancelamentos, ${saida}
    from r order by ${ordem(q)} ${limite}`;
}

async function totaisDevolucoes(db: Db, f: Filtros, escopo: EscopoVendedor): Promise<TotaisDevolucoes> {
  const [t] = rowsOf<TotaisDevolucoes>(
    await db.execute(sql`with m as (${movimentos(f, escopo)}), r as (select ${FIGURAS} from m)
      select r.devolucoes, r.valor_devolvido::text as valor_devolvido, r.cancelamentos,
        r.valor_cancelado::text as valor_cancelado, r.valor_total::text as valor_total from r`),
  );
  return t!;
}

async function descreve(
  db: Db,
  f: Filtros,
  escopo: EscopoVendedor,
  agrupar: AgrupamentoDevolucoes,
): Promise<[string, string][]> {
  const id = (v: string | undefined) => (v && v !== 'sem' ? v : null);
  const [n] = rowsOf<{ vendedor: string | null; cliente: string | null }>(
    await db.execute(sql`select (select nome from vendedores where id = ${id(f.vendedor_id)}::uuid) as vendedor,
      (select razao_social from clientes where id = ${id(f.cliente_id)}::uuid) as cliente`),
  );
  const out: [string, string][] = [['Período', `${formatDateBR(f.de)} a ${formatDateBR(f.ate)}`]];
  if (f.tipo) out.push(['Tipo', tipoDevolucoesRelatorioLabels[f.tipo]]);
  if (escopo) out.push(['Vendedor', `${escopo.nome} (suas vendas)`]);
  else if (f.vendedor_id)
    out.push(['Vendedor', f.vendedor_id === 'sem' ? 'Sem vendedor' : (n?.vendedor ?? '—')]);
  if (f.cliente_id) out.push(['Cliente', n?.cliente ?? '—']);
  if (f.motivo) {
    const [tipo, ...resto] = f.motivo.split(':');
    const texto = resto.join(':');
    out.push([
      'Motivo',
      tipo === 'devolucao'
        ? `Devolução · ${motivoDevolucaoLabels[texto as keyof typeof motivoDevolucaoLabels] ?? texto}`
        : `Cancelamento · ${texto || 'Sem motivo'}`,
    ]);
  }
  out.push(['Agrupado por', agrupamentoDevolucoesLabels[agrupar]]);
  return out;
}

const filtrosDe = (
  q: Filtros | Omit<DevolucoesRelatorioQuery, 'page' | 'pageSize'>,
  hoje: string,
): Filtros => ({
  ...periodoPadrao(q, hoje),
  tipo: q.tipo,
  vendedor_id: q.vendedor_id,
  cliente_id: q.cliente_id,
  motivo: q.motivo,
});

type LinhaComTotal = LinhaDevolucoes & { total_linhas: number };

export async function relatorioDevolucoes(
  db: Db,
  q: DevolucoesRelatorioQuery,
  escopo: EscopoVendedor,
  hoje: string,
): Promise<PaginaRelatorio<LinhaDevolucoes, TotaisDevolucoes> & { de: string; ate: string }> {
  const f = filtrosDe(q, hoje);
  const offset = (q.page - 1) * q.pageSize;
  const [linhas, totais, filtros] = await Promise.all([
    db.execute(linhasSql(f, escopo, q, sql`limit ${q.pageSize} offset ${offset}`)),
    totaisDevolucoes(db, f, escopo),
    descreve(db, f, escopo, q.agrupar),
  ]);
  const rows = rowsOf<LinhaComTotal>(linhas);
  let total = rows[0]?.total_linhas ?? 0;
  if (!rows.length && offset > 0)
    total =
      rowsOf<LinhaComTotal>(await db.execute(linhasSql(f, escopo, q, sql`limit 1`)))[0]?.total_linhas ?? 0;
  return { items: rows.map(({ total_linhas: _, ...l }) => l), total, totais, filtros, de: f.de, ate: f.ate };
}

export async function linhasDevolucoesParaExportar(
  db: Db,
  q: Omit<DevolucoesRelatorioQuery, 'page' | 'pageSize'>,
  escopo: EscopoVendedor,
  hoje: string,
) {
  const f = filtrosDe(q, hoje);
  const rows = rowsOf<LinhaComTotal>(
    await db.execute(linhasSql(f, escopo, q, sql`limit ${EXPORT_MAX_ROWS + 1}`)),
  );
  if (rows.length > EXPORT_MAX_ROWS)
    throw new AppError(
      'unprocessable',
      `A exportação é limitada a ${EXPORT_MAX_ROWS.toLocaleString('pt-BR')} linhas. Refine os filtros.`,
    );
  const [totais, filtros] = await Promise.all([
    totaisDevolucoes(db, f, escopo),
    descreve(db, f, escopo, q.agrupar),
  ]);
  return { linhas: rows.map(({ total_linhas: _, ...l }) => l), totais, filtros };
}
