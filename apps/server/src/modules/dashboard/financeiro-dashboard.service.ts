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

const contaColumns = sql.raw(
  'id, tipo, descricao, data_vencimento::text as data_vencimento, valor::text as valor, status',
);

async function listContas(db: Db, hoje: string, where: SQL): Promise<ContaDashboard[]> {
  const rows = rowsOf<ContaRow>(
    await db.execute(sql`
      select ${contaColumns}
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

/**
 * Contas Vencidas: open accounts of both types due before today. Each type's first 50 come from its
 * own (tipo, data_vencimento) index range; the merge of the two keeps the first 50 overall.
 */
export async function listContasVencidas(db: Db, hoje: string): Promise<ContaDashboard[]> {
  const porTipo = (tipo: 'receber' | 'pagar') => sql`(
    select ${contaColumns}, f.data_vencimento as venc
    from financial_accounts f
    where f.status = 'em_aberto' and f.tipo = ${sql.raw(`'${tipo}'`)} and f.data_vencimento < ${hoje}::date
    order by f.data_vencimento asc, f.descricao, f.id
    limit ${DASHBOARD_LIST_LIMIT})`;
  const rows = rowsOf<ContaRow>(
    await db.execute(sql`
      select id, tipo, descricao, data_vencimento, valor, status
      from (${porTipo('receber')} union all ${porTipo('pagar')}) v
      order by v.venc asc, v.descricao, v.id
      limit ${DASHBOARD_LIST_LIMIT}`),
  );
  return rows.map((r) => ({ ...r, vencida: isOverdue(r, hoje) }));
}
