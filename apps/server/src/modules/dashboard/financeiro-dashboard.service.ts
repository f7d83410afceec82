import { type ContaDashboard, DASHBOARD_LIST_LIMIT, type FinanceiroResumo, isOverdue } from '@erp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';

// Finance block: open accounts (status em_aberto). Overdue = open and due BEFORE today (due today
// is not overdue) — the rule of isOverdue() in @erp/shared, which gives each listed row its badge.
// The status and type literals stay inline in the SQL so the partial indexes match.

/**
 * One statement: the open totals per type (an index-only pass grouped by type) and the overdue
 * count off the (tipo, data_vencimento) index ranges.
 */
export async function getFinanceiroResumo(db: Db, hoje: string): Promise<FinanceiroResumo> {
  const [row] = rowsOf<Omit<FinanceiroResumo, 'hoje'>>(
    await db.execute(sql`
      select
        round(t.receber, 2)::text as a_receber,
        round(t.pagar, 2)::text as a_pagar,
        round(t.receber - t.pagar, 2)::text as saldo_projetado,
        (select count(*)::int from financial_accounts f
          where f.status = 'em_aberto' and f.tipo in ('receber', 'pagar')
            and f.data_vencimento < ${hoje}::date) as contas_vencidas
      from (
        select coalesce(sum(x.valor) filter (where x.tipo = 'receber'), 0) as receber,
               coalesce(sum(x.valor) filter (where x.tipo = 'pagar'), 0) as pagar
        from (
          select tipo, sum(valor) as valor
          from financial_accounts
          where status = 'em_aberto'
          group by tipo
        ) x
      ) t`),
  );
  return { hoje, ...row! };
}

type ContaRow = Omit<ContaDashboard, 'vencida'>;

const contaColumns = sql`id, tipo, descricao, data_vencimento::text as data_vencimento, valor::text as valor, status`;

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
// Literals (not parameters) so each branch's plan uses its own (tipo, data_vencimento) index range;
// static SQL text, never built from a string.
const tipoLiteral = { receber: sql`'receber'`, pagar: sql`'pagar'` } as const;

export async function listContasVencidas(db: Db, hoje: string): Promise<ContaDashboard[]> {
  const porTipo = (tipo: 'receber' | 'pagar') => sql`(
    select ${contaColumns}, f.data_vencimento as venc
    from financial_accounts f
    where f.status = 'em_aberto' and f.tipo = ${tipoLiteral[tipo]} and f.data_vencimento < ${hoje}::date
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
