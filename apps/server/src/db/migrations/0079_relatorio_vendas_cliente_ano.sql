-- Relatórios (issue 35): the Vendas report grouped by customer and the Curva ABC de clientes summed a
-- year of relatorio_vendas_pedido (~319,000 order rows into ~197,000 customers at 1 M orders): a
-- hash or an in-order aggregate of 0.6–1.1 s on every page. This read model keeps one row per customer
-- and year Y with the running sums of the 24 months from January of Y−1 to December of Y, as
-- relatorio_vendas_produto_ano does for products (migration 0078): pedidos_NN, receita_NN and custo_NN
-- are Σ of the customer's counted orders (rows of relatorio_vendas_pedido: orders, cents, cents) from
-- January of Y−1 to month NN of that window (NN 01–12: Y−1, 13–24: Y). No quantity: the page's rows
-- take theirs from relatorio_vendas_pedido afterwards (its customer index), keeping the row narrow.
-- The months from position a to b are one row's column b minus column a−1 (dividirEmBienios), so a
-- calendar year or the last 12 months read one row per customer; loose days at a range's ends come
-- from relatorio_vendas_pedido itself (relatorios/vendas-base.ts: somasDeClientes).
-- Kept from relatorio_vendas_pedido by statement triggers in the same transaction: every change of an
-- order's row (a new order, an item's value, a customer or day moved, an order leaving the counted
-- statuses) adds its difference to the running sums of its position and the positions after it, in
-- its own year's row (13–24) and the next year's (1–12). Rows whose sums went back to zero stay;
-- readers skip customers with no order in the range. Fill factor 70 leaves room for HOT updates.
-- Rebuild with relatorio_vendas_cliente_ano_recalcular() (from relatorio_vendas_pedido). The rebuild of
-- relatorio_vendas_pedido keeps this one too, through these triggers (it deletes and inserts every row:
-- bench/dashboard/generate.ts calls every *_recalcular() in name order, this one first).
-- relatorio-vendas-cliente-ano.test.ts checks it against the orders after every kind of write.
CREATE TABLE relatorio_vendas_cliente_ano (
  ano smallint NOT NULL,
  cliente_id uuid NOT NULL,
  pedidos_01 integer NOT NULL,
  pedidos_02 integer NOT NULL,
  pedidos_03 integer NOT NULL,
  pedidos_04 integer NOT NULL,
  pedidos_05 integer NOT NULL,
  pedidos_06 integer NOT NULL,
  pedidos_07 integer NOT NULL,
  pedidos_08 integer NOT NULL,
  pedidos_09 integer NOT NULL,
  pedidos_10 integer NOT NULL,
  pedidos_11 integer NOT NULL,
  pedidos_12 integer NOT NULL,
  pedidos_13 integer NOT NULL,
  pedidos_14 integer NOT NULL,
  pedidos_15 integer NOT NULL,
  pedidos_16 integer NOT NULL,
  pedidos_17 integer NOT NULL,
  pedidos_18 integer NOT NULL,
  pedidos_19 integer NOT NULL,
  pedidos_20 integer NOT NULL,
  pedidos_21 integer NOT NULL,
  pedidos_22 integer NOT NULL,
  pedidos_23 integer NOT NULL,
  pedidos_24 integer NOT NULL,
  receita_01 bigint NOT NULL,
  receita_02 bigint NOT NULL,
  receita_03 bigint NOT NULL,
  receita_04 bigint NOT NULL,
  receita_05 bigint NOT NULL,
  receita_06 bigint NOT NULL,
  receita_07 bigint NOT NULL,
  receita_08 bigint NOT NULL,
  receita_09 bigint NOT NULL,
  receita_10 bigint NOT NULL,
  receita_11 bigint NOT NULL,
  receita_12 bigint NOT NULL,
  receita_13 bigint NOT NULL,
  receita_14 bigint NOT NULL,
  receita_15 bigint NOT NULL,
  receita_16 bigint NOT NULL,
  receita_17 bigint NOT NULL,
  receita_18 bigint NOT NULL,
  receita_19 bigint NOT NULL,
  receita_20 bigint NOT NULL,
  receita_21 bigint NOT NULL,
  receita_22 bigint NOT NULL,
  receita_23 bigint NOT NULL,
  receita_24 bigint NOT NULL,
  custo_01 bigint NOT NULL,
  custo_02 bigint NOT NULL,
  custo_03 bigint NOT NULL,
  custo_04 bigint NOT NULL,
  custo_05 bigint NOT NULL,
  custo_06 bigint NOT NULL,
  custo_07 bigint NOT NULL,
  custo_08 bigint NOT NULL,
  custo_09 bigint NOT NULL,
  custo_10 bigint NOT NULL,
  custo_11 bigint NOT NULL,
  custo_12 bigint NOT NULL,
  custo_13 bigint NOT NULL,
  custo_14 bigint NOT NULL,
  custo_15 bigint NOT NULL,
  custo_16 bigint NOT NULL,
  custo_17 bigint NOT NULL,
  custo_18 bigint NOT NULL,
  custo_19 bigint NOT NULL,
  custo_20 bigint NOT NULL,
  custo_21 bigint NOT NULL,
  custo_22 bigint NOT NULL,
  custo_23 bigint NOT NULL,
  custo_24 bigint NOT NULL,
  PRIMARY KEY (ano, cliente_id)
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_cliente_ano_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_vendas_cliente_ano AS t (ano, cliente_id,
    pedidos_01, pedidos_02, pedidos_03, pedidos_04, pedidos_05, pedidos_06, pedidos_07, pedidos_08, pedidos_09, pedidos_10, pedidos_11, pedidos_12, pedidos_13, pedidos_14, pedidos_15, pedidos_16, pedidos_17, pedidos_18, pedidos_19, pedidos_20, pedidos_21, pedidos_22, pedidos_23, pedidos_24,
    receita_01, receita_02, receita_03, receita_04, receita_05, receita_06, receita_07, receita_08, receita_09, receita_10, receita_11, receita_12, receita_13, receita_14, receita_15, receita_16, receita_17, receita_18, receita_19, receita_20, receita_21, receita_22, receita_23, receita_24,
    custo_01, custo_02, custo_03, custo_04, custo_05, custo_06, custo_07, custo_08, custo_09, custo_10, custo_11, custo_12, custo_13, custo_14, custo_15, custo_16, custo_17, custo_18, custo_19, custo_20, custo_21, custo_22, custo_23, custo_24)
  SELECT d.ano, d.cliente_id,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 1), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 2), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 3), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 4), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 5), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 6), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 7), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 8), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 9), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 10), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 11), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 12), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 13), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 14), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 15), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 16), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 17), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 18), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 19), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 20), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 21), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 22), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 23), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 24), 0)::int,
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 24), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM n.data_emissao) + b.ano)::smallint AS ano,
          extract(month FROM n.data_emissao)::int + b.desloc AS pos, n.cliente_id,
          1 AS pedidos, n.receita AS receita, n.custo AS custo
        FROM novos n CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)) d
  GROUP BY d.ano, d.cliente_id ORDER BY d.ano, d.cliente_id
  ON CONFLICT (ano, cliente_id) DO UPDATE SET
    pedidos_01 = t.pedidos_01 + excluded.pedidos_01, pedidos_02 = t.pedidos_02 + excluded.pedidos_02, pedidos_03 = t.pedidos_03 + excluded.pedidos_03,
    pedidos_04 = t.pedidos_04 + excluded.pedidos_04, pedidos_05 = t.pedidos_05 + excluded.pedidos_05, pedidos_06 = t.pedidos_06 + excluded.pedidos_06,
    pedidos_07 = t.pedidos_07 + excluded.pedidos_07, pedidos_08 = t.pedidos_08 + excluded.pedidos_08, pedidos_09 = t.pedidos_09 + excluded.pedidos_09,
    pedidos_10 = t.pedidos_10 + excluded.pedidos_10, pedidos_11 = t.pedidos_11 + excluded.pedidos_11, pedidos_12 = t.pedidos_12 + excluded.pedidos_12,
    pedidos_13 = t.pedidos_13 + excluded.pedidos_13, pedidos_14 = t.pedidos_14 + excluded.pedidos_14, pedidos_15 = t.pedidos_15 + excluded.pedidos_15,
    pedidos_16 = t.pedidos_16 + excluded.pedidos_16, pedidos_17 = t.pedidos_17 + excluded.pedidos_17, pedidos_18 = t.pedidos_18 + excluded.pedidos_18,
    pedidos_19 = t.pedidos_19 + excluded.pedidos_19, pedidos_20 = t.pedidos_20 + excluded.pedidos_20, pedidos_21 = t.pedidos_21 + excluded.pedidos_21,
    pedidos_22 = t.pedidos_22 + excluded.pedidos_22, pedidos_23 = t.pedidos_23 + excluded.pedidos_23, pedidos_24 = t.pedidos_24 + excluded.pedidos_24,
    receita_01 = t.receita_01 + excluded.receita_01, receita_02 = t.receita_02 + excluded.receita_02, receita_03 = t.receita_03 + excluded.receita_03,
    receita_04 = t.receita_04 + excluded.receita_04, receita_05 = t.receita_05 + excluded.receita_05, receita_06 = t.receita_06 + excluded.receita_06,
    receita_07 = t.receita_07 + excluded.receita_07, receita_08 = t.receita_08 + excluded.receita_08, receita_09 = t.receita_09 + excluded.receita_09,
    receita_10 = t.receita_10 + excluded.receita_10, receita_11 = t.receita_11 + excluded.receita_11, receita_12 = t.receita_12 + excluded.receita_12,
    receita_13 = t.receita_13 + excluded.receita_13, receita_14 = t.receita_14 + excluded.receita_14, receita_15 = t.receita_15 + excluded.receita_15,
    receita_16 = t.receita_16 + excluded.receita_16, receita_17 = t.receita_17 + excluded.receita_17, receita_18 = t.receita_18 + excluded.receita_18,
    receita_19 = t.receita_19 + excluded.receita_19, receita_20 = t.receita_20 + excluded.receita_20, receita_21 = t.receita_21 + excluded.receita_21,
    receita_22 = t.receita_22 + excluded.receita_22, receita_23 = t.receita_23 + excluded.receita_23, receita_24 = t.receita_24 + excluded.receita_24,
    custo_01 = t.custo_01 + excluded.custo_01, custo_02 = t.custo_02 + excluded.custo_02, custo_03 = t.custo_03 + excluded.custo_03,
    custo_04 = t.custo_04 + excluded.custo_04, custo_05 = t.custo_05 + excluded.custo_05, custo_06 = t.custo_06 + excluded.custo_06,
    custo_07 = t.custo_07 + excluded.custo_07, custo_08 = t.custo_08 + excluded.custo_08, custo_09 = t.custo_09 + excluded.custo_09,
    custo_10 = t.custo_10 + excluded.custo_10, custo_11 = t.custo_11 + excluded.custo_11, custo_12 = t.custo_12 + excluded.custo_12,
    custo_13 = t.custo_13 + excluded.custo_13, custo_14 = t.custo_14 + excluded.custo_14, custo_15 = t.custo_15 + excluded.custo_15,
    custo_16 = t.custo_16 + excluded.custo_16, custo_17 = t.custo_17 + excluded.custo_17, custo_18 = t.custo_18 + excluded.custo_18,
    custo_19 = t.custo_19 + excluded.custo_19, custo_20 = t.custo_20 + excluded.custo_20, custo_21 = t.custo_21 + excluded.custo_21,
    custo_22 = t.custo_22 + excluded.custo_22, custo_23 = t.custo_23 + excluded.custo_23, custo_24 = t.custo_24 + excluded.custo_24;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_cliente_ano_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_vendas_cliente_ano AS t (ano, cliente_id,
    pedidos_01, pedidos_02, pedidos_03, pedidos_04, pedidos_05, pedidos_06, pedidos_07, pedidos_08, pedidos_09, pedidos_10, pedidos_11, pedidos_12, pedidos_13, pedidos_14, pedidos_15, pedidos_16, pedidos_17, pedidos_18, pedidos_19, pedidos_20, pedidos_21, pedidos_22, pedidos_23, pedidos_24,
    receita_01, receita_02, receita_03, receita_04, receita_05, receita_06, receita_07, receita_08, receita_09, receita_10, receita_11, receita_12, receita_13, receita_14, receita_15, receita_16, receita_17, receita_18, receita_19, receita_20, receita_21, receita_22, receita_23, receita_24,
    custo_01, custo_02, custo_03, custo_04, custo_05, custo_06, custo_07, custo_08, custo_09, custo_10, custo_11, custo_12, custo_13, custo_14, custo_15, custo_16, custo_17, custo_18, custo_19, custo_20, custo_21, custo_22, custo_23, custo_24)
  SELECT d.ano, d.cliente_id,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 1), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 2), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 3), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 4), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 5), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 6), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 7), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 8), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 9), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 10), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 11), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 12), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 13), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 14), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 15), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 16), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 17), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 18), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 19), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 20), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 21), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 22), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 23), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 24), 0)::int,
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 24), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM n.data_emissao) + b.ano)::smallint AS ano,
          extract(month FROM n.data_emissao)::int + b.desloc AS pos, n.cliente_id,
          1 AS pedidos, n.receita AS receita, n.custo AS custo
        FROM novos n CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)
          JOIN antigos a2 ON a2.order_id = n.order_id
          WHERE a2.data_emissao <> n.data_emissao OR a2.cliente_id <> n.cliente_id
            OR a2.receita <> n.receita OR a2.custo <> n.custo
        UNION ALL
        SELECT (extract(year FROM a.data_emissao) + b.ano)::smallint AS ano,
          extract(month FROM a.data_emissao)::int + b.desloc AS pos, a.cliente_id,
          -1 AS pedidos, -a.receita AS receita, -a.custo AS custo
        FROM antigos a CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)
          JOIN novos n2 ON n2.order_id = a.order_id
          WHERE a.data_emissao <> n2.data_emissao OR a.cliente_id <> n2.cliente_id
            OR a.receita <> n2.receita OR a.custo <> n2.custo) d
  GROUP BY d.ano, d.cliente_id ORDER BY d.ano, d.cliente_id
  ON CONFLICT (ano, cliente_id) DO UPDATE SET
    pedidos_01 = t.pedidos_01 + excluded.pedidos_01, pedidos_02 = t.pedidos_02 + excluded.pedidos_02, pedidos_03 = t.pedidos_03 + excluded.pedidos_03,
    pedidos_04 = t.pedidos_04 + excluded.pedidos_04, pedidos_05 = t.pedidos_05 + excluded.pedidos_05, pedidos_06 = t.pedidos_06 + excluded.pedidos_06,
    pedidos_07 = t.pedidos_07 + excluded.pedidos_07, pedidos_08 = t.pedidos_08 + excluded.pedidos_08, pedidos_09 = t.pedidos_09 + excluded.pedidos_09,
    pedidos_10 = t.pedidos_10 + excluded.pedidos_10, pedidos_11 = t.pedidos_11 + excluded.pedidos_11, pedidos_12 = t.pedidos_12 + excluded.pedidos_12,
    pedidos_13 = t.pedidos_13 + excluded.pedidos_13, pedidos_14 = t.pedidos_14 + excluded.pedidos_14, pedidos_15 = t.pedidos_15 + excluded.pedidos_15,
    pedidos_16 = t.pedidos_16 + excluded.pedidos_16, pedidos_17 = t.pedidos_17 + excluded.pedidos_17, pedidos_18 = t.pedidos_18 + excluded.pedidos_18,
    pedidos_19 = t.pedidos_19 + excluded.pedidos_19, pedidos_20 = t.pedidos_20 + excluded.pedidos_20, pedidos_21 = t.pedidos_21 + excluded.pedidos_21,
    pedidos_22 = t.pedidos_22 + excluded.pedidos_22, pedidos_23 = t.pedidos_23 + excluded.pedidos_23, pedidos_24 = t.pedidos_24 + excluded.pedidos_24,
    receita_01 = t.receita_01 + excluded.receita_01, receita_02 = t.receita_02 + excluded.receita_02, receita_03 = t.receita_03 + excluded.receita_03,
    receita_04 = t.receita_04 + excluded.receita_04, receita_05 = t.receita_05 + excluded.receita_05, receita_06 = t.receita_06 + excluded.receita_06,
    receita_07 = t.receita_07 + excluded.receita_07, receita_08 = t.receita_08 + excluded.receita_08, receita_09 = t.receita_09 + excluded.receita_09,
    receita_10 = t.receita_10 + excluded.receita_10, receita_11 = t.receita_11 + excluded.receita_11, receita_12 = t.receita_12 + excluded.receita_12,
    receita_13 = t.receita_13 + excluded.receita_13, receita_14 = t.receita_14 + excluded.receita_14, receita_15 = t.receita_15 + excluded.receita_15,
    receita_16 = t.receita_16 + excluded.receita_16, receita_17 = t.receita_17 + excluded.receita_17, receita_18 = t.receita_18 + excluded.receita_18,
    receita_19 = t.receita_19 + excluded.receita_19, receita_20 = t.receita_20 + excluded.receita_20, receita_21 = t.receita_21 + excluded.receita_21,
    receita_22 = t.receita_22 + excluded.receita_22, receita_23 = t.receita_23 + excluded.receita_23, receita_24 = t.receita_24 + excluded.receita_24,
    custo_01 = t.custo_01 + excluded.custo_01, custo_02 = t.custo_02 + excluded.custo_02, custo_03 = t.custo_03 + excluded.custo_03,
    custo_04 = t.custo_04 + excluded.custo_04, custo_05 = t.custo_05 + excluded.custo_05, custo_06 = t.custo_06 + excluded.custo_06,
    custo_07 = t.custo_07 + excluded.custo_07, custo_08 = t.custo_08 + excluded.custo_08, custo_09 = t.custo_09 + excluded.custo_09,
    custo_10 = t.custo_10 + excluded.custo_10, custo_11 = t.custo_11 + excluded.custo_11, custo_12 = t.custo_12 + excluded.custo_12,
    custo_13 = t.custo_13 + excluded.custo_13, custo_14 = t.custo_14 + excluded.custo_14, custo_15 = t.custo_15 + excluded.custo_15,
    custo_16 = t.custo_16 + excluded.custo_16, custo_17 = t.custo_17 + excluded.custo_17, custo_18 = t.custo_18 + excluded.custo_18,
    custo_19 = t.custo_19 + excluded.custo_19, custo_20 = t.custo_20 + excluded.custo_20, custo_21 = t.custo_21 + excluded.custo_21,
    custo_22 = t.custo_22 + excluded.custo_22, custo_23 = t.custo_23 + excluded.custo_23, custo_24 = t.custo_24 + excluded.custo_24;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_cliente_ano_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_vendas_cliente_ano AS t (ano, cliente_id,
    pedidos_01, pedidos_02, pedidos_03, pedidos_04, pedidos_05, pedidos_06, pedidos_07, pedidos_08, pedidos_09, pedidos_10, pedidos_11, pedidos_12, pedidos_13, pedidos_14, pedidos_15, pedidos_16, pedidos_17, pedidos_18, pedidos_19, pedidos_20, pedidos_21, pedidos_22, pedidos_23, pedidos_24,
    receita_01, receita_02, receita_03, receita_04, receita_05, receita_06, receita_07, receita_08, receita_09, receita_10, receita_11, receita_12, receita_13, receita_14, receita_15, receita_16, receita_17, receita_18, receita_19, receita_20, receita_21, receita_22, receita_23, receita_24,
    custo_01, custo_02, custo_03, custo_04, custo_05, custo_06, custo_07, custo_08, custo_09, custo_10, custo_11, custo_12, custo_13, custo_14, custo_15, custo_16, custo_17, custo_18, custo_19, custo_20, custo_21, custo_22, custo_23, custo_24)
  SELECT d.ano, d.cliente_id,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 1), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 2), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 3), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 4), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 5), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 6), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 7), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 8), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 9), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 10), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 11), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 12), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 13), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 14), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 15), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 16), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 17), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 18), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 19), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 20), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 21), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 22), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 23), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 24), 0)::int,
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 24), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM a.data_emissao) + b.ano)::smallint AS ano,
          extract(month FROM a.data_emissao)::int + b.desloc AS pos, a.cliente_id,
          -1 AS pedidos, -a.receita AS receita, -a.custo AS custo
        FROM antigos a CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)) d
  GROUP BY d.ano, d.cliente_id ORDER BY d.ano, d.cliente_id
  ON CONFLICT (ano, cliente_id) DO UPDATE SET
    pedidos_01 = t.pedidos_01 + excluded.pedidos_01, pedidos_02 = t.pedidos_02 + excluded.pedidos_02, pedidos_03 = t.pedidos_03 + excluded.pedidos_03,
    pedidos_04 = t.pedidos_04 + excluded.pedidos_04, pedidos_05 = t.pedidos_05 + excluded.pedidos_05, pedidos_06 = t.pedidos_06 + excluded.pedidos_06,
    pedidos_07 = t.pedidos_07 + excluded.pedidos_07, pedidos_08 = t.pedidos_08 + excluded.pedidos_08, pedidos_09 = t.pedidos_09 + excluded.pedidos_09,
    pedidos_10 = t.pedidos_10 + excluded.pedidos_10, pedidos_11 = t.pedidos_11 + excluded.pedidos_11, pedidos_12 = t.pedidos_12 + excluded.pedidos_12,
    pedidos_13 = t.pedidos_13 + excluded.pedidos_13, pedidos_14 = t.pedidos_14 + excluded.pedidos_14, pedidos_15 = t.pedidos_15 + excluded.pedidos_15,
    pedidos_16 = t.pedidos_16 + excluded.pedidos_16, pedidos_17 = t.pedidos_17 + excluded.pedidos_17, pedidos_18 = t.pedidos_18 + excluded.pedidos_18,
    pedidos_19 = t.pedidos_19 + excluded.pedidos_19, pedidos_20 = t.pedidos_20 + excluded.pedidos_20, pedidos_21 = t.pedidos_21 + excluded.pedidos_21,
    pedidos_22 = t.pedidos_22 + excluded.pedidos_22, pedidos_23 = t.pedidos_23 + excluded.pedidos_23, pedidos_24 = t.pedidos_24 + excluded.pedidos_24,
    receita_01 = t.receita_01 + excluded.receita_01, receita_02 = t.receita_02 + excluded.receita_02, receita_03 = t.receita_03 + excluded.receita_03,
    receita_04 = t.receita_04 + excluded.receita_04, receita_05 = t.receita_05 + excluded.receita_05, receita_06 = t.receita_06 + excluded.receita_06,
    receita_07 = t.receita_07 + excluded.receita_07, receita_08 = t.receita_08 + excluded.receita_08, receita_09 = t.receita_09 + excluded.receita_09,
    receita_10 = t.receita_10 + excluded.receita_10, receita_11 = t.receita_11 + excluded.receita_11, receita_12 = t.receita_12 + excluded.receita_12,
    receita_13 = t.receita_13 + excluded.receita_13, receita_14 = t.receita_14 + excluded.receita_14, receita_15 = t.receita_15 + excluded.receita_15,
    receita_16 = t.receita_16 + excluded.receita_16, receita_17 = t.receita_17 + excluded.receita_17, receita_18 = t.receita_18 + excluded.receita_18,
    receita_19 = t.receita_19 + excluded.receita_19, receita_20 = t.receita_20 + excluded.receita_20, receita_21 = t.receita_21 + excluded.receita_21,
    receita_22 = t.receita_22 + excluded.receita_22, receita_23 = t.receita_23 + excluded.receita_23, receita_24 = t.receita_24 + excluded.receita_24,
    custo_01 = t.custo_01 + excluded.custo_01, custo_02 = t.custo_02 + excluded.custo_02, custo_03 = t.custo_03 + excluded.custo_03,
    custo_04 = t.custo_04 + excluded.custo_04, custo_05 = t.custo_05 + excluded.custo_05, custo_06 = t.custo_06 + excluded.custo_06,
    custo_07 = t.custo_07 + excluded.custo_07, custo_08 = t.custo_08 + excluded.custo_08, custo_09 = t.custo_09 + excluded.custo_09,
    custo_10 = t.custo_10 + excluded.custo_10, custo_11 = t.custo_11 + excluded.custo_11, custo_12 = t.custo_12 + excluded.custo_12,
    custo_13 = t.custo_13 + excluded.custo_13, custo_14 = t.custo_14 + excluded.custo_14, custo_15 = t.custo_15 + excluded.custo_15,
    custo_16 = t.custo_16 + excluded.custo_16, custo_17 = t.custo_17 + excluded.custo_17, custo_18 = t.custo_18 + excluded.custo_18,
    custo_19 = t.custo_19 + excluded.custo_19, custo_20 = t.custo_20 + excluded.custo_20, custo_21 = t.custo_21 + excluded.custo_21,
    custo_22 = t.custo_22 + excluded.custo_22, custo_23 = t.custo_23 + excluded.custo_23, custo_24 = t.custo_24 + excluded.custo_24;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_cliente_ano_ins AFTER INSERT ON relatorio_vendas_pedido
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_cliente_ano_ins();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_cliente_ano_upd AFTER UPDATE ON relatorio_vendas_pedido
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_cliente_ano_upd();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_cliente_ano_del AFTER DELETE ON relatorio_vendas_pedido
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_cliente_ano_del();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_cliente_ano_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM relatorio_vendas_cliente_ano;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_cliente_ano_trunc AFTER TRUNCATE ON relatorio_vendas_pedido
  FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_cliente_ano_truncar();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_cliente_ano_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE relatorio_vendas_pedido IN SHARE MODE;
  DELETE FROM relatorio_vendas_cliente_ano;
  INSERT INTO relatorio_vendas_cliente_ano AS t (ano, cliente_id,
    pedidos_01, pedidos_02, pedidos_03, pedidos_04, pedidos_05, pedidos_06, pedidos_07, pedidos_08, pedidos_09, pedidos_10, pedidos_11, pedidos_12, pedidos_13, pedidos_14, pedidos_15, pedidos_16, pedidos_17, pedidos_18, pedidos_19, pedidos_20, pedidos_21, pedidos_22, pedidos_23, pedidos_24,
    receita_01, receita_02, receita_03, receita_04, receita_05, receita_06, receita_07, receita_08, receita_09, receita_10, receita_11, receita_12, receita_13, receita_14, receita_15, receita_16, receita_17, receita_18, receita_19, receita_20, receita_21, receita_22, receita_23, receita_24,
    custo_01, custo_02, custo_03, custo_04, custo_05, custo_06, custo_07, custo_08, custo_09, custo_10, custo_11, custo_12, custo_13, custo_14, custo_15, custo_16, custo_17, custo_18, custo_19, custo_20, custo_21, custo_22, custo_23, custo_24)
  SELECT d.ano, d.cliente_id,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 1), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 2), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 3), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 4), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 5), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 6), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 7), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 8), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 9), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 10), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 11), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 12), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 13), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 14), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 15), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 16), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 17), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 18), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 19), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 20), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 21), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 22), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 23), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 24), 0)::int,
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.receita) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.receita) FILTER (WHERE d.pos <= 24), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.custo) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.custo) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM s.data_emissao) + b.ano)::smallint AS ano,
          extract(month FROM s.data_emissao)::int + b.desloc AS pos, s.cliente_id,
          1 AS pedidos, s.receita AS receita, s.custo AS custo
        FROM relatorio_vendas_pedido s CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)) d
  GROUP BY d.ano, d.cliente_id ORDER BY d.ano, d.cliente_id
  ON CONFLICT (ano, cliente_id) DO UPDATE SET
    pedidos_01 = t.pedidos_01 + excluded.pedidos_01, pedidos_02 = t.pedidos_02 + excluded.pedidos_02, pedidos_03 = t.pedidos_03 + excluded.pedidos_03,
    pedidos_04 = t.pedidos_04 + excluded.pedidos_04, pedidos_05 = t.pedidos_05 + excluded.pedidos_05, pedidos_06 = t.pedidos_06 + excluded.pedidos_06,
    pedidos_07 = t.pedidos_07 + excluded.pedidos_07, pedidos_08 = t.pedidos_08 + excluded.pedidos_08, pedidos_09 = t.pedidos_09 + excluded.pedidos_09,
    pedidos_10 = t.pedidos_10 + excluded.pedidos_10, pedidos_11 = t.pedidos_11 + excluded.pedidos_11, pedidos_12 = t.pedidos_12 + excluded.pedidos_12,
    pedidos_13 = t.pedidos_13 + excluded.pedidos_13, pedidos_14 = t.pedidos_14 + excluded.pedidos_14, pedidos_15 = t.pedidos_15 + excluded.pedidos_15,
    pedidos_16 = t.pedidos_16 + excluded.pedidos_16, pedidos_17 = t.pedidos_17 + excluded.pedidos_17, pedidos_18 = t.pedidos_18 + excluded.pedidos_18,
    pedidos_19 = t.pedidos_19 + excluded.pedidos_19, pedidos_20 = t.pedidos_20 + excluded.pedidos_20, pedidos_21 = t.pedidos_21 + excluded.pedidos_21,
    pedidos_22 = t.pedidos_22 + excluded.pedidos_22, pedidos_23 = t.pedidos_23 + excluded.pedidos_23, pedidos_24 = t.pedidos_24 + excluded.pedidos_24,
    receita_01 = t.receita_01 + excluded.receita_01, receita_02 = t.receita_02 + excluded.receita_02, receita_03 = t.receita_03 + excluded.receita_03,
    receita_04 = t.receita_04 + excluded.receita_04, receita_05 = t.receita_05 + excluded.receita_05, receita_06 = t.receita_06 + excluded.receita_06,
    receita_07 = t.receita_07 + excluded.receita_07, receita_08 = t.receita_08 + excluded.receita_08, receita_09 = t.receita_09 + excluded.receita_09,
    receita_10 = t.receita_10 + excluded.receita_10, receita_11 = t.receita_11 + excluded.receita_11, receita_12 = t.receita_12 + excluded.receita_12,
    receita_13 = t.receita_13 + excluded.receita_13, receita_14 = t.receita_14 + excluded.receita_14, receita_15 = t.receita_15 + excluded.receita_15,
    receita_16 = t.receita_16 + excluded.receita_16, receita_17 = t.receita_17 + excluded.receita_17, receita_18 = t.receita_18 + excluded.receita_18,
    receita_19 = t.receita_19 + excluded.receita_19, receita_20 = t.receita_20 + excluded.receita_20, receita_21 = t.receita_21 + excluded.receita_21,
    receita_22 = t.receita_22 + excluded.receita_22, receita_23 = t.receita_23 + excluded.receita_23, receita_24 = t.receita_24 + excluded.receita_24,
    custo_01 = t.custo_01 + excluded.custo_01, custo_02 = t.custo_02 + excluded.custo_02, custo_03 = t.custo_03 + excluded.custo_03,
    custo_04 = t.custo_04 + excluded.custo_04, custo_05 = t.custo_05 + excluded.custo_05, custo_06 = t.custo_06 + excluded.custo_06,
    custo_07 = t.custo_07 + excluded.custo_07, custo_08 = t.custo_08 + excluded.custo_08, custo_09 = t.custo_09 + excluded.custo_09,
    custo_10 = t.custo_10 + excluded.custo_10, custo_11 = t.custo_11 + excluded.custo_11, custo_12 = t.custo_12 + excluded.custo_12,
    custo_13 = t.custo_13 + excluded.custo_13, custo_14 = t.custo_14 + excluded.custo_14, custo_15 = t.custo_15 + excluded.custo_15,
    custo_16 = t.custo_16 + excluded.custo_16, custo_17 = t.custo_17 + excluded.custo_17, custo_18 = t.custo_18 + excluded.custo_18,
    custo_19 = t.custo_19 + excluded.custo_19, custo_20 = t.custo_20 + excluded.custo_20, custo_21 = t.custo_21 + excluded.custo_21,
    custo_22 = t.custo_22 + excluded.custo_22, custo_23 = t.custo_23 + excluded.custo_23, custo_24 = t.custo_24 + excluded.custo_24;
  ANALYZE relatorio_vendas_cliente_ano;
END;
$$;
--> statement-breakpoint
SELECT relatorio_vendas_cliente_ano_recalcular();
