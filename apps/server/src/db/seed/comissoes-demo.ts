import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';

// Commissions of the demo sellers (issue 35, Relatórios › Comissões): the commission on receipt the
// app keeps (titulos.service comissaoNaBaixa) written for a share of the last months' receivables —
// every third receivable paid in the last 75 days whose order has a seller with a commission: the
// título gets its seller and commission (the seller's percentage of its valor), its baixa the
// commission earned and the payable to the seller (origem comissao, classe 2.02.002, due on the
// baixa's date), as the service writes them. The commissions earned in a month are paid by
// transfer from the Itaú account on the 10th of the next month (a baixa and its bank movement each,
// as seedFinanceiroDemo writes its baixas); the current month's are still to pay. Runs inside the
// seed's transaction right after seedFinanceiroDemo (the receivables' baixas exist).

export async function seedComissoesDemo(tx: Tx, today: string): Promise<void> {
  await tx.execute(sql`
    with sel as (
      select t.id, t.descricao, o.vendedor_id, v.nome as vendedor_nome, v.comissao, b.id as baixa_id,
        b.data_pagamento, row_number() over (order by b.data_pagamento, t.descricao) as n
      from financial_accounts t
      join sales_orders o on o.id = t.sales_order_id
      join vendedores v on v.id = o.vendedor_id
      join baixas b on b.titulo_id = t.id and not b.estornada
      where t.tipo = 'receber' and t.status = 'pago' and v.comissao > 0
        and b.data_pagamento >= ${today}::date - 75
    ), marcados as (
      update financial_accounts t set vendedor_id = s.vendedor_id,
        comissao_valor = round(t.valor * s.comissao / 100, 2)
      from sel s
      where s.id = t.id and s.n % 3 = 0
      returning t.descricao, t.comissao_valor, s.vendedor_id, s.vendedor_nome, s.baixa_id, s.data_pagamento
    )
    insert into financial_accounts (tipo, status, descricao, valor, data_emissao, data_vencimento, vendedor_id,
      fornecedor_nome, pessoa_nome, origem, origem_id, classe_financeira_id)
    select 'pagar',
      case when (date_trunc('month', m.data_pagamento) + interval '1 month 9 days')::date <= ${today}::date
        then 'pago' else 'em_aberto' end,
      'Comissão de ' || m.descricao, m.comissao_valor, m.data_pagamento, m.data_pagamento, m.vendedor_id,
      m.vendedor_nome, m.vendedor_nome, 'comissao', m.baixa_id,
      (select id from classes_financeiras where codigo = '2.02.002')
    from marcados m
    where m.comissao_valor > 0
    order by m.data_pagamento, m.descricao`);
  await tx.execute(sql`
    update baixas b set comissao = p.valor, comissao_titulo_id = p.id
    from financial_accounts p
    where p.origem = 'comissao' and p.origem_id = b.id and b.comissao_titulo_id is null`);
  // the payments of the months already closed: one baixa each on the 10th, and its movement
  await tx.execute(sql`
    insert into baixas (titulo_id, data_pagamento, conta_bancaria_id, forma_id, valor_pago, juros, multa,
      desconto, principal)
    select p.id, (date_trunc('month', p.data_vencimento) + interval '1 month 9 days')::date,
      (select id from contas_bancarias where nome = 'Itaú'),
      (select id from formas_pagamento where tipo = 'transferencia' order by nome limit 1),
      p.valor, 0, 0, 0, p.valor
    from financial_accounts p
    where p.origem = 'comissao' and p.status = 'pago'
      and not exists (select 1 from baixas x where x.titulo_id = p.id)
    order by p.data_vencimento, p.descricao`);
  await tx.execute(sql`
    insert into conta_movimentos (conta_bancaria_id, data, tipo, valor, historico, baixa_id, titulo_id)
    select b.conta_bancaria_id, b.data_pagamento, 'pagamento', -b.valor_pago,
      'Pagamento ' || p.descricao || ' - ' || p.pessoa_nome, b.id, p.id
    from baixas b join financial_accounts p on p.id = b.titulo_id
    where p.origem = 'comissao'
      and not exists (select 1 from conta_movimentos m where m.baixa_id = b.id)
    order by b.data_pagamento, p.descricao`);
}
