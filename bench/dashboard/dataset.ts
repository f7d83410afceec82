// The dashboard benchmark's data set, generated inside the database with INSERT ... SELECT
// generate_series (no rows travel through Node). Deterministic: the same scale and "today" give the
// same rows. Identifiers are md5-derived UUIDs, as scattered as gen_random_uuid() ones.

export type DatasetSize = {
  vendedores: number;
  clientes: number;
  products: number;
  orders: number;
  /** items per order (exactly) */
  itemsPerOrder: number;
  accounts: number;
  /** orders are spread evenly over this many days ending today */
  days: number;
};

export const FULL_SIZE: DatasetSize = {
  vendedores: 200,
  clientes: 50_000,
  products: 100_000,
  orders: 1_000_000,
  itemsPerOrder: 3,
  accounts: 500_000,
  days: 1095,
};

export function scaled(scale: number): DatasetSize {
  const s = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    vendedores: FULL_SIZE.vendedores,
    clientes: s(FULL_SIZE.clientes),
    products: s(FULL_SIZE.products),
    orders: s(FULL_SIZE.orders),
    itemsPerOrder: FULL_SIZE.itemsPerOrder,
    accounts: s(FULL_SIZE.accounts),
    days: FULL_SIZE.days,
  };
}

/** The SQL statements that load the data set, in order (each one a single INSERT ... SELECT). */
export function datasetStatements(size: DatasetSize, today: string): { label: string; sql: string }[] {
  const { vendedores: V, clientes: C, products: P, orders: N, itemsPerOrder: K, accounts: A, days: D } = size;
  const day0 = `('${today}'::date - ${D - 1})`;
  // Sale price of product p, used by items and (summed) by their order.
  const price = (p: string) => `round(((((${p}) * 7919) % 20000 + 100) / 100.0) * 1.4, 2)`;
  const productOf = (j: string) => `(1 + ((${j})::bigint * 2654435761) % ${P})`;
  const qtyOf = (j: string) => `(1 + ((${j}) * 13) % 24)`;
  return [
    {
      label: 'vendedores',
      sql: `insert into vendedores (id, nome)
        select md5('v' || v)::uuid, 'Vendedor ' || lpad(v::text, 3, '0') from generate_series(1, ${V}) v`,
    },
    {
      label: 'clientes',
      sql: `insert into clientes (id, tipo_pessoa, documento, razao_social, vendedor_id)
        select md5('c' || c)::uuid, 'J', lpad(c::text, 14, '0'), 'Cliente ' || c,
               case when c % 15 = 0 then null else md5('v' || (1 + c % ${V}))::uuid end
        from generate_series(1, ${C}) c`,
    },
    {
      label: 'products',
      sql: `insert into products (id, codigo, nome, preco_custo, preco_venda, estoque_atual, estoque_minimo, estoque_maximo, ativo)
        select md5('p' || i)::uuid, 'P' || lpad(i::text, 6, '0'), 'Produto ' || i,
               (((i * 7919) % 20000 + 100) / 100.0), ${price('i')},
               case when i % 20 = 0 then 0
                    when i % 20 in (1, 2) then 1 + i % mn
                    when i % 20 = 3 then (case when mx > 0 then mx else 500 end) + i % 50
                    else mn + 1 + (i * 31) % greatest(coalesce(nullif(mx, 0), mn * 6) - mn - 1, 1) end,
               mn, mx, i % 50 <> 0
        from (select i, (i % 10 + 1) * 10 as mn, case when i % 7 = 0 then 0 else (i % 10 + 1) * 60 end as mx
              from generate_series(1, ${P}) i) g`,
    },
    {
      label: 'sales_orders',
      sql: `insert into sales_orders (id, numero, cliente_id, cliente_nome, vendedor_id, data_emissao, status, valor_total)
        select md5('o' || o)::uuid, o, md5('c' || c)::uuid, 'Cliente ' || c,
               case when o % 10 = 0 then md5('v' || (1 + o % ${V}))::uuid
                    when c % 15 = 0 then null
                    else md5('v' || (1 + c % ${V}))::uuid end,
               ${day0} + ((o - 1)::bigint * ${D} / ${N})::int,
               'faturado',
               (select sum(${qtyOf('j')} * ${price(productOf('j'))})
                  from generate_series((o - 1) * ${K} + 1, o * ${K}) j)
        from (select o, 1 + ((o::bigint * 40503) % ${C}) as c from generate_series(1, ${N}) o) g`,
    },
    {
      label: 'sales_order_items',
      sql: `insert into sales_order_items (id, order_id, product_id, produto_nome, quantidade, preco_unitario, subtotal)
        select md5('i' || j)::uuid, md5('o' || ((j - 1) / ${K} + 1))::uuid, md5('p' || p)::uuid, 'Produto ' || p,
               ${qtyOf('j')}, ${price('p')}, ${qtyOf('j')} * ${price('p')}
        from (select j, ${productOf('j')} as p from generate_series(1, ${N * K}) j) g`,
    },
    {
      label: 'financial_accounts',
      sql: `insert into financial_accounts (id, tipo, status, descricao, valor, data_emissao, data_vencimento)
        select md5('a' || a)::uuid, case when a % 5 < 3 then 'receber' else 'pagar' end,
               case when due >= '${today}'::date - 30 then 'em_aberto'
                    when a % 25 = 0 then 'em_aberto'
                    when a % 40 = 1 then 'cancelado'
                    else 'pago' end,
               'Conta ' || a, ((a::bigint * 104729) % 500000 + 100) / 100.0, due - 30, due
        from (select a, ${day0} + ((a - 1)::bigint * ${D + 90} / ${A})::int as due
              from generate_series(1, ${A}) a) g`,
    },
    {
      // the bulk load bypassed the triggers that keep the dashboard's read model
      label: 'dashboard_vendas_produto_mes',
      sql: 'select dashboard_vendas_recalcular()',
    },
    {
      // likewise the stock cards' summary (migration 0022)
      label: 'dashboard_estoque_resumo',
      sql: 'select dashboard_estoque_recalcular()',
    },
    {
      label: 'sequence',
      sql: `select setval(pg_get_serial_sequence('sales_orders', 'numero'), ${N})`,
    },
  ];
}
