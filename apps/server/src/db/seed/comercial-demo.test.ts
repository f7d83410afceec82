import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoDoArquivo } from '../../test/demo-db.ts';

// The demo's sales orders: about 60 along the status flow, made through the comercial services,
// with stock reservations that agree with the orders and the ledger.

const demo = demoDoArquivo();

const { query } = demo;

describe('demo sales orders', () => {
  it('~60 orders across the statuses, each with its history', async () => {
    expect(demo.counts.pedidos).toBeGreaterThanOrEqual(50);
    const porStatus = await query<{ status: string; n: number }>(
      sql`select o.status, count(*)::int as n from sales_orders o
        where exists (select 1 from pedido_historico h where h.order_id = o.id) group by 1 order by 1`,
    );
    const status = porStatus.map((s) => s.status);
    for (const s of [
      'orcamento',
      'liberado',
      'em_separacao',
      'conferido',
      'faturado',
      'entregue',
      'cancelado',
    ])
      expect(status).toContain(s);
    expect(porStatus.reduce((a, s) => a + s.n, 0)).toBe(demo.counts.pedidos);
  });

  it('reservations: held exactly by the released, not invoiced orders, and equal to the ledger totals', async () => {
    const fora = await query<{ n: number }>(
      sql`select count(*)::int as n from estoque_reservas r join sales_orders o on o.id::text = r.origem_id::text
        where r.origem = 'pedido' and o.status not in ('liberado', 'em_separacao', 'conferido')`,
    );
    expect(fora[0]!.n).toBe(0);
    const diferentes = await query<{ id: string }>(
      sql`select o.id from sales_orders o
        where o.status in ('liberado', 'em_separacao', 'conferido')
          and (select coalesce(sum(quantidade), 0) from sales_order_items i where i.order_id = o.id)
           <> (select coalesce(sum(quantidade), 0) from estoque_reservas r where r.origem = 'pedido' and r.origem_id::text = o.id::text)`,
    );
    expect(diferentes).toEqual([]);
    const produtos = await query<{ id: string }>(
      sql`select p.id from products p
        where p.estoque_reservado <> (select coalesce(sum(quantidade), 0) from estoque_reservas r where r.produto_id = p.id)`,
    );
    expect(produtos).toEqual([]);
  });
});

describe('demo per-product running sums (relatorio_vendas_produto_ano, migration 0078)', () => {
  it('are filled by the demo orders and equal the items: each product and year, valor and itens to December', async () => {
    // the row for year Y ends (position 24) with Σ of Y−1 and Y; the plain side sums both years
    const plano = await query<{ ano: number; produto: string; valor: string; itens: number }>(
      sql`select x.ano, x.produto, sum(x.valor)::text as valor, count(*)::int as itens
        from (select extract(year from o.data_emissao)::int + b.d as ano, i.product_id::text as produto,
                (i.subtotal * 100)::bigint as valor
              from sales_order_items i join sales_orders o on o.id = i.order_id
              cross join (values (0), (1)) b(d)
              where o.status not in ('orcamento', 'cancelado')) x
        group by 1, 2 order by 1, 2`,
    );
    const modelo = await query<{ ano: number; produto: string; valor: string; itens: number }>(
      sql`select ano::int as ano, product_id::text as produto, valor_24::text as valor, itens_24 as itens
        from relatorio_vendas_produto_ano where itens_24 <> 0 order by 1, 2`,
    );
    expect(plano.length).toBeGreaterThan(0);
    expect(modelo).toEqual(plano);
  });
});

describe('demo per-customer running sums (relatorio_vendas_cliente_ano, migration 0079)', () => {
  it('are filled by the demo orders and equal them: each customer and year, orders, revenue and cost to December', async () => {
    const plano = await query<{
      ano: number;
      cliente: string;
      pedidos: number;
      receita: string;
      custo: string;
    }>(
      sql`select x.ano, x.cliente, count(*)::int as pedidos, sum(x.receita)::text as receita,
          sum(x.custo)::text as custo
        from (select extract(year from o.data_emissao)::int + b.d as ano, o.cliente_id::text as cliente,
                s.receita, s.custo
              from sales_orders o
              join (select i.order_id, (sum(i.subtotal) * 100)::bigint as receita,
                      (sum(round(i.quantidade * i.custo_unitario, 2)) * 100)::bigint as custo
                    from sales_order_items i group by i.order_id) s on s.order_id = o.id
              cross join (values (0), (1)) b(d)
              where o.status not in ('orcamento', 'cancelado')) x
        group by 1, 2 order by 1, 2`,
    );
    const modelo = await query<{
      ano: number;
      cliente: string;
      pedidos: number;
      receita: string;
      custo: string;
    }>(
      sql`select ano::int as ano, cliente_id::text as cliente, pedidos_24 as pedidos, receita_24::text as receita,
          custo_24::text as custo
        from relatorio_vendas_cliente_ano where pedidos_24 <> 0 order by 1, 2`,
    );
    expect(plano.length).toBeGreaterThan(0);
    expect(modelo).toEqual(plano);
  });
});

describe("demo dashboard's per-customer running sums (dashboard_vendas_cliente_ano, migration 0080)", () => {
  it('are filled by the demo orders and equal them: each customer and year, orders and valor_total to December', async () => {
    const plano = await query<{ ano: number; cliente: string; pedidos: number; valor: string }>(
      sql`select extract(year from o.data_emissao)::int + b.d as ano, o.cliente_id::text as cliente,
          count(*)::int as pedidos, (sum(o.valor_total) * 100)::bigint::text as valor
        from sales_orders o cross join (values (0), (1)) b(d)
        where o.status not in ('orcamento', 'cancelado')
        group by 1, 2 order by 1, 2`,
    );
    const modelo = await query<{ ano: number; cliente: string; pedidos: number; valor: string }>(
      sql`select ano::int as ano, cliente_id::text as cliente, pedidos_24 as pedidos, valor_24::text as valor
        from dashboard_vendas_cliente_ano where pedidos_24 <> 0 order by 1, 2`,
    );
    expect(plano.length).toBeGreaterThan(0);
    expect(modelo).toEqual(plano);
  });
});
