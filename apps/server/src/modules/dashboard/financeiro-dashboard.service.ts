import { type ContaDashboard, DASHBOARD_LIST_LIMIT, type FinanceiroResumo, isOverdue } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

// Finance block: open accounts (status em_aberto). Overdue = open and due BEFORE today (due today
// is not overdue; the status literal stays inline so the partial indexes match) — the rule of isOverdue() in @erp/shared, which gives each listed row its badge.

export async function getFinanceiroResumo(db: Db, hoje: string): Promise<FinanceiroResumo> {
  const [row] = rowsOf<Omit<FinanceiroResumo, 'hoje'>>(
    await db.execute(sql`
      select
        round(x.receber, 2)::text as a_receber,
        round(x.pagar, 2)::text as a_pagar,
        round(x.receber - x.pagar, 2)::text as saldo_projetado,
        x.vencidas as contas_vencidas
      from (
        select
          coalesce(sum(valor) filter (where tipo = 'receber'), 0) as receber,
          coalesce(sum(valor) filter (where tipo = 'pagar'), 0) as pagar,
          (count(*) filter (where data_vencimento < ${hoje}::date))::int as vencidas
        from financial_accounts
        where status = 'em_aberto'
      ) x`),
  );
  return { hoje, ...row! };
}

type ContaRow = Omit<ContaDashboard, 'vencida'>;

async function listContas(db: Db, hoje: string, where: SQL): Promise<ContaDashboard[]> {
  const rows = rowsOf<ContaRow>(
    await db.execute(sql`
      select id, tipo, descricao, data_vencimento::text as data_vencimento, valor::text as valor, status
      from financial_accounts f
      where f.status = 'em_aberto' and ${where}
      order by f.data_vencimento asc, f.descricao, f.id
      limit ${DASHBOARD_LIST_LIMIT}`),
  );
  return rows.map((r) => ({ ...r, vencida: isOverdue(r, hoje) }));
}

/** Contas a Receber: open receivables by ascending due date. */
export function listContasReceber(db: Db, hoje: string) {
  return listContas(db, hoje, sql`f.tipo = 'receber'`);
}

/** Contas a Pagar: open payables by ascending due date. */
export function listContasPagar(db: Db, hoje: string) {
  return listContas(db, hoje, sql`f.tipo = 'pagar'`);
}

/** Contas Vencidas: open accounts of both types due before today. */
export function listContasVencidas(db: Db, hoje: string) {
  return listContas(db, hoje, sql`f.data_vencimento < ${hoje}::date`);
}
