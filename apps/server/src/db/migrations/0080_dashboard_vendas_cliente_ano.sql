-- Dashboard (issue 35): the top customers of a period that is not one calendar month (ano, 90 dias,
-- personalizado) summed dashboard_vendas_cliente_mes — ~200,000 customers' month rows a year at 1 M
-- orders — on every load: 0.7–0.8 s of the year's page. This read model keeps one row per customer
-- and year Y with the running sums of the 24 months from January of Y−1 to December of Y of that
-- model's figures, as relatorio_vendas_produto_ano does for the products (migration 0078):
-- pedidos_NN and valor_NN (cents of the orders' valor_total) are Σ of the customer's month rows from
-- January of Y−1 to month NN of that window (NN 01–12: Y−1, 13–24: Y). The months from position a to
-- b are one row's column b minus column a−1 (dividirEmBienios), so a calendar year or the last 12
-- months read one row per customer; the loose days at a range's ends still come from
-- dashboard_vendas_cliente_dia.
-- Kept from dashboard_vendas_cliente_mes by statement triggers, in the same transaction: every change
-- of a month row adds its difference from its position on, in its own year's row (13–24) and the
-- next year's (1–12). Rows whose sums went back to zero stay; readers skip customers with no order in
-- the range. Fill factor 70 leaves room for HOT updates.
-- Rebuild with dashboard_vendas_cliente_ano_recalcular() (from dashboard_vendas_cliente_mes); the
-- rebuild of that one (dashboard_vendas_recalcular: TRUNCATE, then INSERT) keeps this one through the
-- triggers. dashboard-vendas-cliente-ano.test.ts checks it against the orders after every kind of write.
CREATE TABLE dashboard_vendas_cliente_ano (
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
  valor_01 bigint NOT NULL,
  valor_02 bigint NOT NULL,
  valor_03 bigint NOT NULL,
  valor_04 bigint NOT NULL,
  valor_05 bigint NOT NULL,
  valor_06 bigint NOT NULL,
  valor_07 bigint NOT NULL,
  valor_08 bigint NOT NULL,
  valor_09 bigint NOT NULL,
  valor_10 bigint NOT NULL,
  valor_11 bigint NOT NULL,
  valor_12 bigint NOT NULL,
  valor_13 bigint NOT NULL,
  valor_14 bigint NOT NULL,
  valor_15 bigint NOT NULL,
  valor_16 bigint NOT NULL,
  valor_17 bigint NOT NULL,
  valor_18 bigint NOT NULL,
  valor_19 bigint NOT NULL,
  valor_20 bigint NOT NULL,
  valor_21 bigint NOT NULL,
  valor_22 bigint NOT NULL,
  valor_23 bigint NOT NULL,
  valor_24 bigint NOT NULL,
  PRIMARY KEY (ano, cliente_id)
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_cliente_ano_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_cliente_ano AS t (ano, cliente_id,
    pedidos_01, pedidos_02, pedidos_03, pedidos_04, pedidos_05, pedidos_06, pedidos_07, pedidos_08, pedidos_09, pedidos_10, pedidos_11, pedidos_12, pedidos_13, pedidos_14, pedidos_15, pedidos_16, pedidos_17, pedidos_18, pedidos_19, pedidos_20, pedidos_21, pedidos_22, pedidos_23, pedidos_24,
    valor_01, valor_02, valor_03, valor_04, valor_05, valor_06, valor_07, valor_08, valor_09, valor_10, valor_11, valor_12, valor_13, valor_14, valor_15, valor_16, valor_17, valor_18, valor_19, valor_20, valor_21, valor_22, valor_23, valor_24)
  SELECT d.ano, d.cliente_id,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 1), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 2), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 3), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 4), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 5), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 6), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 7), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 8), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 9), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 10), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 11), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 12), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 13), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 14), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 15), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 16), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 17), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 18), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 19), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 20), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 21), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 22), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 23), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 24), 0)::int,
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM n.mes) + b.ano)::smallint AS ano,
          extract(month FROM n.mes)::int + b.desloc AS pos, n.cliente_id,
          n.pedidos AS pedidos, (n.valor * 100)::bigint AS valor
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
    valor_01 = t.valor_01 + excluded.valor_01, valor_02 = t.valor_02 + excluded.valor_02, valor_03 = t.valor_03 + excluded.valor_03,
    valor_04 = t.valor_04 + excluded.valor_04, valor_05 = t.valor_05 + excluded.valor_05, valor_06 = t.valor_06 + excluded.valor_06,
    valor_07 = t.valor_07 + excluded.valor_07, valor_08 = t.valor_08 + excluded.valor_08, valor_09 = t.valor_09 + excluded.valor_09,
    valor_10 = t.valor_10 + excluded.valor_10, valor_11 = t.valor_11 + excluded.valor_11, valor_12 = t.valor_12 + excluded.valor_12,
    valor_13 = t.valor_13 + excluded.valor_13, valor_14 = t.valor_14 + excluded.valor_14, valor_15 = t.valor_15 + excluded.valor_15,
    valor_16 = t.valor_16 + excluded.valor_16, valor_17 = t.valor_17 + excluded.valor_17, valor_18 = t.valor_18 + excluded.valor_18,
    valor_19 = t.valor_19 + excluded.valor_19, valor_20 = t.valor_20 + excluded.valor_20, valor_21 = t.valor_21 + excluded.valor_21,
    valor_22 = t.valor_22 + excluded.valor_22, valor_23 = t.valor_23 + excluded.valor_23, valor_24 = t.valor_24 + excluded.valor_24;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_cliente_ano_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_cliente_ano AS t (ano, cliente_id,
    pedidos_01, pedidos_02, pedidos_03, pedidos_04, pedidos_05, pedidos_06, pedidos_07, pedidos_08, pedidos_09, pedidos_10, pedidos_11, pedidos_12, pedidos_13, pedidos_14, pedidos_15, pedidos_16, pedidos_17, pedidos_18, pedidos_19, pedidos_20, pedidos_21, pedidos_22, pedidos_23, pedidos_24,
    valor_01, valor_02, valor_03, valor_04, valor_05, valor_06, valor_07, valor_08, valor_09, valor_10, valor_11, valor_12, valor_13, valor_14, valor_15, valor_16, valor_17, valor_18, valor_19, valor_20, valor_21, valor_22, valor_23, valor_24)
  SELECT d.ano, d.cliente_id,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 1), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 2), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 3), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 4), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 5), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 6), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 7), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 8), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 9), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 10), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 11), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 12), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 13), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 14), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 15), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 16), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 17), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 18), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 19), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 20), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 21), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 22), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 23), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 24), 0)::int,
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM n.mes) + b.ano)::smallint AS ano,
          extract(month FROM n.mes)::int + b.desloc AS pos, n.cliente_id,
          n.pedidos AS pedidos, (n.valor * 100)::bigint AS valor
        FROM novos n CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)
        UNION ALL
        SELECT (extract(year FROM a.mes) + b.ano)::smallint AS ano,
          extract(month FROM a.mes)::int + b.desloc AS pos, a.cliente_id,
          -a.pedidos AS pedidos, -(a.valor * 100)::bigint AS valor
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
    valor_01 = t.valor_01 + excluded.valor_01, valor_02 = t.valor_02 + excluded.valor_02, valor_03 = t.valor_03 + excluded.valor_03,
    valor_04 = t.valor_04 + excluded.valor_04, valor_05 = t.valor_05 + excluded.valor_05, valor_06 = t.valor_06 + excluded.valor_06,
    valor_07 = t.valor_07 + excluded.valor_07, valor_08 = t.valor_08 + excluded.valor_08, valor_09 = t.valor_09 + excluded.valor_09,
    valor_10 = t.valor_10 + excluded.valor_10, valor_11 = t.valor_11 + excluded.valor_11, valor_12 = t.valor_12 + excluded.valor_12,
    valor_13 = t.valor_13 + excluded.valor_13, valor_14 = t.valor_14 + excluded.valor_14, valor_15 = t.valor_15 + excluded.valor_15,
    valor_16 = t.valor_16 + excluded.valor_16, valor_17 = t.valor_17 + excluded.valor_17, valor_18 = t.valor_18 + excluded.valor_18,
    valor_19 = t.valor_19 + excluded.valor_19, valor_20 = t.valor_20 + excluded.valor_20, valor_21 = t.valor_21 + excluded.valor_21,
    valor_22 = t.valor_22 + excluded.valor_22, valor_23 = t.valor_23 + excluded.valor_23, valor_24 = t.valor_24 + excluded.valor_24;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_cliente_ano_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_cliente_ano AS t (ano, cliente_id,
    pedidos_01, pedidos_02, pedidos_03, pedidos_04, pedidos_05, pedidos_06, pedidos_07, pedidos_08, pedidos_09, pedidos_10, pedidos_11, pedidos_12, pedidos_13, pedidos_14, pedidos_15, pedidos_16, pedidos_17, pedidos_18, pedidos_19, pedidos_20, pedidos_21, pedidos_22, pedidos_23, pedidos_24,
    valor_01, valor_02, valor_03, valor_04, valor_05, valor_06, valor_07, valor_08, valor_09, valor_10, valor_11, valor_12, valor_13, valor_14, valor_15, valor_16, valor_17, valor_18, valor_19, valor_20, valor_21, valor_22, valor_23, valor_24)
  SELECT d.ano, d.cliente_id,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 1), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 2), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 3), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 4), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 5), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 6), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 7), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 8), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 9), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 10), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 11), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 12), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 13), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 14), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 15), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 16), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 17), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 18), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 19), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 20), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 21), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 22), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 23), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 24), 0)::int,
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM a.mes) + b.ano)::smallint AS ano,
          extract(month FROM a.mes)::int + b.desloc AS pos, a.cliente_id,
          -a.pedidos AS pedidos, -(a.valor * 100)::bigint AS valor
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
    valor_01 = t.valor_01 + excluded.valor_01, valor_02 = t.valor_02 + excluded.valor_02, valor_03 = t.valor_03 + excluded.valor_03,
    valor_04 = t.valor_04 + excluded.valor_04, valor_05 = t.valor_05 + excluded.valor_05, valor_06 = t.valor_06 + excluded.valor_06,
    valor_07 = t.valor_07 + excluded.valor_07, valor_08 = t.valor_08 + excluded.valor_08, valor_09 = t.valor_09 + excluded.valor_09,
    valor_10 = t.valor_10 + excluded.valor_10, valor_11 = t.valor_11 + excluded.valor_11, valor_12 = t.valor_12 + excluded.valor_12,
    valor_13 = t.valor_13 + excluded.valor_13, valor_14 = t.valor_14 + excluded.valor_14, valor_15 = t.valor_15 + excluded.valor_15,
    valor_16 = t.valor_16 + excluded.valor_16, valor_17 = t.valor_17 + excluded.valor_17, valor_18 = t.valor_18 + excluded.valor_18,
    valor_19 = t.valor_19 + excluded.valor_19, valor_20 = t.valor_20 + excluded.valor_20, valor_21 = t.valor_21 + excluded.valor_21,
    valor_22 = t.valor_22 + excluded.valor_22, valor_23 = t.valor_23 + excluded.valor_23, valor_24 = t.valor_24 + excluded.valor_24;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_cliente_ano_ins AFTER INSERT ON dashboard_vendas_cliente_mes
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_cliente_ano_ins();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_cliente_ano_upd AFTER UPDATE ON dashboard_vendas_cliente_mes
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_cliente_ano_upd();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_cliente_ano_del AFTER DELETE ON dashboard_vendas_cliente_mes
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_cliente_ano_del();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_cliente_ano_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_vendas_cliente_ano;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_cliente_ano_trunc AFTER TRUNCATE ON dashboard_vendas_cliente_mes
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_cliente_ano_truncar();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_cliente_ano_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE dashboard_vendas_cliente_mes IN SHARE MODE;
  DELETE FROM dashboard_vendas_cliente_ano;
  INSERT INTO dashboard_vendas_cliente_ano AS t (ano, cliente_id,
    pedidos_01, pedidos_02, pedidos_03, pedidos_04, pedidos_05, pedidos_06, pedidos_07, pedidos_08, pedidos_09, pedidos_10, pedidos_11, pedidos_12, pedidos_13, pedidos_14, pedidos_15, pedidos_16, pedidos_17, pedidos_18, pedidos_19, pedidos_20, pedidos_21, pedidos_22, pedidos_23, pedidos_24,
    valor_01, valor_02, valor_03, valor_04, valor_05, valor_06, valor_07, valor_08, valor_09, valor_10, valor_11, valor_12, valor_13, valor_14, valor_15, valor_16, valor_17, valor_18, valor_19, valor_20, valor_21, valor_22, valor_23, valor_24)
  SELECT d.ano, d.cliente_id,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 1), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 2), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 3), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 4), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 5), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 6), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 7), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 8), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 9), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 10), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 11), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 12), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 13), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 14), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 15), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 16), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 17), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 18), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 19), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 20), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 21), 0)::int,
    coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 22), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 23), 0)::int, coalesce(sum(d.pedidos) FILTER (WHERE d.pos <= 24), 0)::int,
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM s.mes) + b.ano)::smallint AS ano,
          extract(month FROM s.mes)::int + b.desloc AS pos, s.cliente_id,
          s.pedidos AS pedidos, (s.valor * 100)::bigint AS valor
        FROM dashboard_vendas_cliente_mes s CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)) d
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
    valor_01 = t.valor_01 + excluded.valor_01, valor_02 = t.valor_02 + excluded.valor_02, valor_03 = t.valor_03 + excluded.valor_03,
    valor_04 = t.valor_04 + excluded.valor_04, valor_05 = t.valor_05 + excluded.valor_05, valor_06 = t.valor_06 + excluded.valor_06,
    valor_07 = t.valor_07 + excluded.valor_07, valor_08 = t.valor_08 + excluded.valor_08, valor_09 = t.valor_09 + excluded.valor_09,
    valor_10 = t.valor_10 + excluded.valor_10, valor_11 = t.valor_11 + excluded.valor_11, valor_12 = t.valor_12 + excluded.valor_12,
    valor_13 = t.valor_13 + excluded.valor_13, valor_14 = t.valor_14 + excluded.valor_14, valor_15 = t.valor_15 + excluded.valor_15,
    valor_16 = t.valor_16 + excluded.valor_16, valor_17 = t.valor_17 + excluded.valor_17, valor_18 = t.valor_18 + excluded.valor_18,
    valor_19 = t.valor_19 + excluded.valor_19, valor_20 = t.valor_20 + excluded.valor_20, valor_21 = t.valor_21 + excluded.valor_21,
    valor_22 = t.valor_22 + excluded.valor_22, valor_23 = t.valor_23 + excluded.valor_23, valor_24 = t.valor_24 + excluded.valor_24;
  ANALYZE dashboard_vendas_cliente_ano;
END;
$$;
--> statement-breakpoint
SELECT dashboard_vendas_cliente_ano_recalcular();
