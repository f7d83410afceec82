import {
  businessToday,
  type PosicaoCredito,
  posicaoCredito,
  STATUS_LIBERADOS_NAO_FATURADOS,
  STATUS_TITULO_ABERTOS,
} from '@erp/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';

// The figures of a customer's credit position, summed in SQL and handed to posicaoCredito (pure):
// open receivables (saldo of em_aberto/parcial títulos a receber, the overdue ones included), the
// overdue among them (due before today), and the orders released and not invoiced — the order
// being evaluated left out.

const lista = (valores: readonly string[]) =>
  sql.join(
    valores.map((v) => sql`${v}`),
    sql`, `,
  );

export async function posicaoDoCliente(
  db: Db | Tx,
  clienteId: string,
  opts: { excetoPedido?: string | null; hoje?: string } = {},
): Promise<PosicaoCredito> {
  const hoje = opts.hoje ?? businessToday();
  const [r] = rowsOf<{
    limite: string | null;
    abertos: string;
    vencidos_qtd: number;
    vencidos_valor: string;
    vencimento_mais_antigo: string | null;
    liberados: string;
  }>(
    await (db as Db).execute(sql`
      select
        (select limite_credito::text from clientes where id = ${clienteId}) as limite,
        coalesce(sum(f.saldo), 0)::text as abertos,
        count(*) filter (where f.data_vencimento < ${hoje}::date)::int as vencidos_qtd,
        coalesce(sum(f.saldo) filter (where f.data_vencimento < ${hoje}::date), 0)::text as vencidos_valor,
        (min(f.data_vencimento) filter (where f.data_vencimento < ${hoje}::date))::text as vencimento_mais_antigo,
        (select coalesce(sum(o.valor_total), 0)::text from sales_orders o
          where o.cliente_id = ${clienteId} and o.status in (${lista(STATUS_LIBERADOS_NAO_FATURADOS)})
            ${opts.excetoPedido ? sql`and o.id <> ${opts.excetoPedido}` : sql``}) as liberados
      from financial_accounts f
      where f.tipo = 'receber' and f.cliente_id = ${clienteId}
        and f.status in (${lista(STATUS_TITULO_ABERTOS)})`),
  );
  return posicaoCredito({
    limite: r?.limite ?? '0',
    titulosEmAberto: r?.abertos ?? '0',
    vencidos: {
      quantidade: Number(r?.vencidos_qtd ?? 0),
      valor: r?.vencidos_valor ?? '0',
      vencimentoMaisAntigo: r?.vencimento_mais_antigo ?? null,
    },
    pedidosLiberados: r?.liberados ?? '0',
    hoje,
  });
}
