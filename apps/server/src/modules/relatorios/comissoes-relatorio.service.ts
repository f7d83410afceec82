import {
  type ComissoesQuery,
  EXPORT_MAX_ROWS,
  formatDateBR,
  type LinhaComissoes,
  type PaginaRelatorio,
  type TotaisComissoes,
  visaoComissoesLabels,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { EscopoVendedor } from './escopo-vendedor.ts';
import { periodoPadrao } from './vendas-relatorio.service.ts';

// Relatório de Comissões (issue 35): commission on receipt. Each active baixa of a seller's
// receivable earned its share of the título's commission (baixas.comissao, titulos.service
// comissaoNaBaixa) as a payable to the seller (baixas.comissao_titulo_id: a título a pagar, origem
// comissao); what that payable has paid is the commission paid. One CTE (`m`) lists every figure
// once — per título and per return — and both views (per seller, título by título) and the totals
// are SQL aggregates over it. README, «Comissões».

type Filtros = { de: string; ate: string; vendedor_id?: string | undefined };

const onde = (coluna: SQL, f: Filtros, escopo: EscopoVendedor) => {
  const vendedor = escopo?.vendedorId ?? f.vendedor_id;
  return vendedor ? sql`${coluna} = ${vendedor}::uuid` : sql`${coluna} is not null`;
};

/**
 * The figures, one row per título (receivable with a seller and a commission) or return:
 * - ganha, paga, a_pagar: over the título's active baixas paid in [de, ate]; paga = the commission
 *   payable's valor − saldo (unless cancelled), a_pagar = its saldo while open;
 * - a_ganhar: while the título is open, its commission not yet earned by any active baixa;
 * - estorno: a return's commission the seller had already earned (by the day it took effect).
 */
function movimentos(f: Filtros, escopo: EscopoVendedor): SQL {
  return sql`select 'titulo'::text as tipo, t.id, t.vendedor_id, t.descricao || ' · ' || t.pessoa_nome as rotulo, t.pessoa_nome as cliente,
      t.data_vencimento::text as data, t.status, t.comissao_valor as comissao_titulo,
      coalesce(p.ganha, 0.00) as ganha, coalesce(p.paga, 0.00) as paga, coalesce(p.a_pagar, 0.00) as a_pagar,
      0.00 as estorno,
      case when t.status in ('em_aberto', 'parcial')
        then greatest(t.comissao_valor - coalesce(g.ganha_total, 0), 0.00) else 0.00 end as a_ganhar
    from financial_accounts t
    left join lateral (
      select sum(b.comissao) as ganha,
        sum(case when c.status <> 'cancelado' then c.valor - c.saldo else 0.00 end) as paga,
        sum(case when c.status in ('em_aberto', 'parcial') then c.saldo else 0.00 end) as a_pagar
      from baixas b left join financial_accounts c on c.id = b.comissao_titulo_id
      where b.titulo_id = t.id and not b.estornada and b.comissao is not null
        and b.data_pagamento >= ${f.de}::date and b.data_pagamento <= ${f.ate}::date
    ) p on true
    left join lateral (
      select sum(b.comissao) as ganha_total from baixas b where b.titulo_id = t.id and not b.estornada
    ) g on true
    where t.tipo = 'receber' and t.comissao_valor is not null and ${onde(sql`t.vendedor_id`, f, escopo)}
      and (p.ganha is not null or (t.status in ('em_aberto', 'parcial') and t.comissao_valor > coalesce(g.ganha_total, 0)))
    union all
    select 'devolucao', d.id, coalesce(d.vendedor_id, o.vendedor_id), 'Devolução nº ' || d.numero || ' · ' || cl.razao_social, cl.razao_social,
      (d.efetivada_em at time zone 'America/Sao_Paulo')::date::text, d.status, null,
      0.00, 0.00, 0.00, d.comissao_estorno_pendente, 0.00
    from devolucoes d left join sales_orders o on o.id = d.pedido_id join clientes cl on cl.id = d.cliente_id
    where d.tipo = 'venda' and d.status in ('autorizada', 'lancada') and d.comissao_estorno_pendente > 0
      and ${onde(sql`coalesce(d.vendedor_id, o.vendedor_id)`, f, escopo)}
      and (d.efetivada_em at time zone 'America/Sao_Paulo')::date >= ${f.de}::date
      and (d.efetivada_em at time zone 'America/Sao_Paulo')::date <= ${f.ate}::date`;
}

const FIGURAS =
  sql.raw(`sum(m.ganha)::text as ganha, sum(m.paga)::text as paga, sum(m.a_pagar)::text as a_pagar,
  sum(m.estorno)::text as estorno, sum(m.a_ganhar)::text as a_ganhar`);

type Ordenacao = Pick<ComissoesQuery, 'visao' | 'sort' | 'dir'>;

function ordem(q: Ordenacao): SQL {
  const dir = sql.raw(q.dir === 'asc' ? 'asc' : 'desc');
  const porTitulo = q.visao === 'titulo';
  const validas = porTitulo
    ? ['rotulo', 'vendedor', 'data', 'comissao_titulo', 'ganha', 'paga', 'a_pagar', 'estorno', 'a_ganhar']
    : ['rotulo', 'ganha', 'paga', 'a_pagar', 'estorno', 'a_ganhar'];
  const coluna = validas.includes(q.sort) ? q.sort : 'ganha';
  const chave = porTitulo ? sql.raw(`r.data ${q.dir}, r.rotulo ${q.dir}, r.chave`) : sql.raw('r.chave');
  const valor = ['rotulo', 'vendedor', 'data'].includes(coluna) ? coluna : `${coluna}::numeric`;
  return sql`${sql.raw(`r.${valor}`)} ${dir} nulls last, ${chave} ${dir}`;
}

function linhasSql(f: Filtros, escopo: EscopoVendedor, q: Ordenacao, limite: SQL): SQL {
  const base = sql`with m as (${movimentos(f, escopo)})`;
  if (q.visao === 'vendedor')
    return sql`${base}, r as (
        select m.vendedor_id::text as chave, v.nome as rotulo, v.comissao::text as percentual, ${FIGURAS}
        from m join vendedores v on v.id = m.vendedor_id
        group by m.vendedor_id, v.nome, v.comissao
      )
      select r.*, count(*) over ()::int as total_linhas from r order by ${ordem(q)} ${limite}`;
  return sql`${base}, r as (
      select m.tipo, m.id::text as chave, m.rotulo, m.vendedor_id::text as vendedor_id, v.nome as vendedor,
        m.cliente, m.data, m.status, m.comissao_titulo::text as comissao_titulo,
        m.ganha::text as ganha, m.paga::text as paga, m.a_pagar::text as a_pagar,
        m.estorno::text as estorno, m.a_ganhar::text as a_ganhar
      from m join vendedores v on v.id = m.vendedor_id
    )
    select r.*, count(*) over ()::int as total_linhas from r order by ${ordem(q)} ${limite}`;
}

async function totaisComissoes(db: Db, f: Filtros, escopo: EscopoVendedor): Promise<TotaisComissoes> {
  const [t] = rowsOf<TotaisComissoes>(
    await db.execute(sql`with m as (${movimentos(f, escopo)})
      select coalesce(sum(m.ganha), 0.00)::text as ganha, coalesce(sum(m.paga), 0.00)::text as paga,
        coalesce(sum(m.a_pagar), 0.00)::text as a_pagar, coalesce(sum(m.estorno), 0.00)::text as estorno,
        coalesce(sum(m.a_ganhar), 0.00)::text as a_ganhar
      from m`),
  );
  return t!;
}

async function descreve(
  db: Db,
  f: Filtros,
  escopo: EscopoVendedor,
  visao: ComissoesQuery['visao'],
): Promise<[string, string][]> {
  const out: [string, string][] = [
    ['Período dos recebimentos', `${formatDateBR(f.de)} a ${formatDateBR(f.ate)}`],
  ];
  if (escopo) out.push(['Vendedor', `${escopo.nome} (suas comissões)`]);
  else if (f.vendedor_id) {
    const [v] = rowsOf<{ nome: string; comissao: string }>(
      await db.execute(sql`select nome, comissao::text from vendedores where id = ${f.vendedor_id}::uuid`),
    );
    out.push(['Vendedor', v ? v.nome : '—']);
  }
  out.push(['Visão', visaoComissoesLabels[visao]]);
  out.push(['A ganhar', 'comissão ainda não recebida dos títulos em aberto (posição de hoje)']);
  return out;
}

const filtrosDe = (q: Pick<ComissoesQuery, 'de' | 'ate' | 'vendedor_id'>, hoje: string): Filtros => ({
  ...periodoPadrao(q, hoje),
  vendedor_id: q.vendedor_id,
});

type LinhaComTotal = LinhaComissoes & { total_linhas: number };

export async function relatorioComissoes(
  db: Db,
  q: ComissoesQuery,
  escopo: EscopoVendedor,
  hoje: string,
): Promise<
  PaginaRelatorio<LinhaComissoes, TotaisComissoes> & { de: string; ate: string; umVendedor: boolean }
> {
  const f = filtrosDe(q, hoje);
  const offset = (q.page - 1) * q.pageSize;
  const [linhas, totais, filtros] = await Promise.all([
    db.execute(linhasSql(f, escopo, q, sql`limit ${q.pageSize} offset ${offset}`)),
    totaisComissoes(db, f, escopo),
    descreve(db, f, escopo, q.visao),
  ]);
  const rows = rowsOf<LinhaComTotal>(linhas);
  let total = rows[0]?.total_linhas ?? 0;
  if (!rows.length && offset > 0)
    total =
      rowsOf<LinhaComTotal>(await db.execute(linhasSql(f, escopo, q, sql`limit 1`)))[0]?.total_linhas ?? 0;
  return {
    items: rows.map(({ total_linhas: _, ...l }) => l),
    total,
    totais,
    filtros,
    de: f.de,
    ate: f.ate,
    umVendedor: Boolean(escopo || f.vendedor_id),
  };
}

/** Every row in the screen's order (the export; título by título, the seller's statement). */
export async function linhasComissoesParaExportar(
  db: Db,
  q: Omit<ComissoesQuery, 'page' | 'pageSize'>,
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
    totaisComissoes(db, f, escopo),
    descreve(db, f, escopo, q.visao),
  ]);
  return { linhas: rows.map(({ total_linhas: _, ...l }) => l), totais, filtros };
}
