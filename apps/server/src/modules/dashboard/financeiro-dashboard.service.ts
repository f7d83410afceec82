import {
  type ContaDashboard,
  DASHBOARD_LIST_LIMIT,
  type FinanceiroResumo,
  isTituloVencido,
  type VencimentoSemana,
} from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

// Finance block: open títulos (status em_aberto or parcial, STATUS_TITULO_ABERTOS) by their open
// balance, the saldo. Overdue = open and due BEFORE today (due today is not overdue) — the rule of
// isTituloVencido() in @erp/shared, which gives each listed row its badge. The drill-downs show the
// saldo as the row's value. The status and type literals stay inline in the SQL so the partial
// index (dashboard_contas_aberto_idx, migration 0024) matches.

/**
 * The cards off financeiro_abertos_dia (migration 0049): open títulos per type and due date, kept in
 * the títulos' own transactions. The totals sum a type's rows, the overdue count the rows due before
 * today — one row per due date, flat in the number of títulos.
 */
export async function getFinanceiroResumo(db: Db, hoje: string): Promise<FinanceiroResumo> {
  const [row] = rowsOf<Omit<FinanceiroResumo, 'hoje'>>(
    await db.execute(sql`
      select
        round(t.receber, 2)::text as a_receber,
        round(t.pagar, 2)::text as a_pagar,
        round(t.receber - t.pagar, 2)::text as saldo_projetado,
        t.vencidas as contas_vencidas
      from (
        select coalesce(sum(saldo) filter (where tipo = 'receber'), 0) as receber,
               coalesce(sum(saldo) filter (where tipo = 'pagar'), 0) as pagar,
               coalesce(sum(titulos) filter (where data_vencimento < ${hoje}::date), 0)::int as vencidas
        from financeiro_abertos_dia
      ) t`),
  );
  return { hoje, ...row! };
}

type ContaRow = Omit<ContaDashboard, 'vencida'>;

const contaColumns = sql`id, tipo, descricao, data_vencimento::text as data_vencimento, saldo::text as valor, status`;

async function listContas(db: Db, hoje: string, where: SQL): Promise<ContaDashboard[]> {
  const rows = rowsOf<ContaRow>(
    await db.execute(sql`
      select ${contaColumns}
      from financial_accounts f
      where f.status in ('em_aberto', 'parcial') and ${where}
      order by f.data_vencimento asc, f.descricao, f.id
      limit ${DASHBOARD_LIST_LIMIT}`),
  );
  return rows.map((r) => ({
    ...r,
    vencida: isTituloVencido({ status: r.status, vencimento: r.data_vencimento }, hoje),
  }));
}

/** Contas a Receber: open receivables by ascending due date. */
export function listContasReceber(db: Db, hoje: string) {
  return listContas(db, hoje, sql`f.tipo = 'receber'`);
}

/** Contas a Pagar: open payables by ascending due date. */
export function listContasPagar(db: Db, hoje: string) {
  return listContas(db, hoje, sql`f.tipo = 'pagar'`);
}

/**
 * Contas Vencidas: open accounts of both types due before today. Each type's first 50 come from its
 * own (tipo, data_vencimento) index range; the merge of the two keeps the first 50 overall.
 */
// Literals (not parameters) so each branch's plan uses its own (tipo, data_vencimento) index range;
// static SQL text, never built from a string.
const tipoLiteral = { receber: sql`'receber'`, pagar: sql`'pagar'` } as const;

export async function listContasVencidas(db: Db, hoje: string): Promise<ContaDashboard[]> {
  const porTipo = (tipo: 'receber' | 'pagar') => sql`(
    select ${contaColumns}, f.data_vencimento as venc
    from financial_accounts f
    where f.status in ('em_aberto', 'parcial') and f.tipo = ${tipoLiteral[tipo]} and f.data_vencimento < ${hoje}::date
    order by f.data_vencimento asc, f.descricao, f.id
    limit ${DASHBOARD_LIST_LIMIT})`;
  const rows = rowsOf<ContaRow>(
    await db.execute(sql`
      select id, tipo, descricao, data_vencimento, valor, status
      from (${porTipo('receber')} union all ${porTipo('pagar')}) v
      order by v.venc asc, v.descricao, v.id
      limit ${DASHBOARD_LIST_LIMIT}`),
  );
  return rows.map((r) => ({
    ...r,
    vencida: isTituloVencido({ status: r.status, vencimento: r.data_vencimento }, hoje),
  }));
}

/** Weeks of the receivables-vs-payables chart, from today. */
export const SEMANAS_VENCIMENTO = 8;

/**
 * Open receivables and payables (Σ saldo) due in each of the next 8 weeks — week k is
 * [hoje + 7k, hoje + 7k + 7) — off financeiro_abertos_dia, weeks without any included.
 */
export async function listVencimentosSemanas(db: Db, hoje: string): Promise<VencimentoSemana[]> {
  return rowsOf<VencimentoSemana>(
    await db.execute(sql`
      with s as (
        select (data_vencimento - ${hoje}::date) / 7 as k,
               sum(saldo) filter (where tipo = 'receber') as receber,
               sum(saldo) filter (where tipo = 'pagar') as pagar
        from financeiro_abertos_dia
        where data_vencimento >= ${hoje}::date and data_vencimento < ${hoje}::date + ${7 * SEMANAS_VENCIMENTO}::int
        group by 1
      )
      select (${hoje}::date + g.k * 7)::text as inicio, (${hoje}::date + g.k * 7 + 7)::text as fim,
             round(coalesce(s.receber, 0), 2)::text as receber, round(coalesce(s.pagar, 0), 2)::text as pagar
      from generate_series(0, ${SEMANAS_VENCIMENTO - 1}::int) g(k)
      left join s on s.k = g.k
      order by g.k`),
  );
}
