-- Relatórios and the dashboard (issue 35): the products sold in a period — Vendas por produto, the
-- Curva ABC de produtos by revenue, the dashboard's top products and its count of products sold —
-- summed a year of dashboard_vendas_produto_mes (~957,000 (month, product) rows at 1 M orders and
-- 200,000 products) into one row per product: a hash aggregate of 1.5–2 s on every page.
-- This read model keeps one row per product and year Y with the running sums of the 24 months from
-- January of Y−1 to December of Y: valor_NN and itens_NN are Σ of the product's month rows from
-- January of Y−1 to month NN of that window (NN 01–12: Y−1, 13–24: Y), in cents and items (fixed
-- width, so a reader reaches column NN without walking the others). No quantity: a year's scan reads
-- every product's row, and at 200,000 products its width is what it costs (the table outgrows the
-- buffer cache); readers take the quantity of the rows they show from the items.
-- The months from position a to b of a window are then one row's column b minus column a−1, so any
-- range of whole months within two calendar years — a calendar year, the last 12 months across New
-- Year — reads one row per product (dividirEmBienios, @erp/shared); longer ranges read one per two
-- years. The loose days at a range's ends still come from dashboard_vendas_produto_dia (dividirEmMeses).
-- It is kept from dashboard_vendas_produto_mes itself, by statement triggers on that read model (as
-- the products sold of migration 0049): every change of a month row adds its difference to the
-- running sums of its position and the positions after it, in its own year's row (positions 13–24)
-- and the next year's (1–12), in the same transaction. Rows whose sums went back to zero stay;
-- readers skip products with no item in the range. Fill factor 70: an order's save updates one row
-- per product and year in place (a HOT update, no new index entry) — a 100-item counted order's item
-- insert took +12 ms (median of 12, alternated) with full pages, +1.3 ms with room left on them.
-- Rebuild with relatorio_vendas_produto_ano_recalcular() (from dashboard_vendas_produto_mes: rebuild
-- that one first when it is stale too; bench/dashboard/generate.ts calls every *_recalcular() in name
-- order, dashboard_ before relatorio_). relatorio-vendas-produto-ano.test.ts checks it against the
-- items after every kind of write.
CREATE TABLE relatorio_vendas_produto_ano (
  ano smallint NOT NULL,
  product_id uuid NOT NULL,
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
  itens_01 integer NOT NULL,
  itens_02 integer NOT NULL,
  itens_03 integer NOT NULL,
  itens_04 integer NOT NULL,
  itens_05 integer NOT NULL,
  itens_06 integer NOT NULL,
  itens_07 integer NOT NULL,
  itens_08 integer NOT NULL,
  itens_09 integer NOT NULL,
  itens_10 integer NOT NULL,
  itens_11 integer NOT NULL,
  itens_12 integer NOT NULL,
  itens_13 integer NOT NULL,
  itens_14 integer NOT NULL,
  itens_15 integer NOT NULL,
  itens_16 integer NOT NULL,
  itens_17 integer NOT NULL,
  itens_18 integer NOT NULL,
  itens_19 integer NOT NULL,
  itens_20 integer NOT NULL,
  itens_21 integer NOT NULL,
  itens_22 integer NOT NULL,
  itens_23 integer NOT NULL,
  itens_24 integer NOT NULL,
  PRIMARY KEY (ano, product_id)
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_produto_ano_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_vendas_produto_ano AS t (ano, product_id,
    valor_01, valor_02, valor_03, valor_04, valor_05, valor_06, valor_07, valor_08, valor_09, valor_10, valor_11, valor_12,
    valor_13, valor_14, valor_15, valor_16, valor_17, valor_18, valor_19, valor_20, valor_21, valor_22, valor_23, valor_24,
    itens_01, itens_02, itens_03, itens_04, itens_05, itens_06, itens_07, itens_08, itens_09, itens_10, itens_11, itens_12,
    itens_13, itens_14, itens_15, itens_16, itens_17, itens_18, itens_19, itens_20, itens_21, itens_22, itens_23, itens_24)
  SELECT d.ano, d.product_id,
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 24), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM n.mes) + b.ano)::smallint AS ano, extract(month FROM n.mes)::int + b.desloc AS pos,
          n.product_id, (n.valor * 100)::bigint AS valor, n.itens AS itens
        FROM novos n CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)) d
  GROUP BY d.ano, d.product_id ORDER BY d.ano, d.product_id
  ON CONFLICT (ano, product_id) DO UPDATE SET
    valor_01 = t.valor_01 + excluded.valor_01, valor_02 = t.valor_02 + excluded.valor_02, valor_03 = t.valor_03 + excluded.valor_03,
    valor_04 = t.valor_04 + excluded.valor_04, valor_05 = t.valor_05 + excluded.valor_05, valor_06 = t.valor_06 + excluded.valor_06,
    valor_07 = t.valor_07 + excluded.valor_07, valor_08 = t.valor_08 + excluded.valor_08, valor_09 = t.valor_09 + excluded.valor_09,
    valor_10 = t.valor_10 + excluded.valor_10, valor_11 = t.valor_11 + excluded.valor_11, valor_12 = t.valor_12 + excluded.valor_12,
    valor_13 = t.valor_13 + excluded.valor_13, valor_14 = t.valor_14 + excluded.valor_14, valor_15 = t.valor_15 + excluded.valor_15,
    valor_16 = t.valor_16 + excluded.valor_16, valor_17 = t.valor_17 + excluded.valor_17, valor_18 = t.valor_18 + excluded.valor_18,
    valor_19 = t.valor_19 + excluded.valor_19, valor_20 = t.valor_20 + excluded.valor_20, valor_21 = t.valor_21 + excluded.valor_21,
    valor_22 = t.valor_22 + excluded.valor_22, valor_23 = t.valor_23 + excluded.valor_23, valor_24 = t.valor_24 + excluded.valor_24,
    itens_01 = t.itens_01 + excluded.itens_01, itens_02 = t.itens_02 + excluded.itens_02, itens_03 = t.itens_03 + excluded.itens_03,
    itens_04 = t.itens_04 + excluded.itens_04, itens_05 = t.itens_05 + excluded.itens_05, itens_06 = t.itens_06 + excluded.itens_06,
    itens_07 = t.itens_07 + excluded.itens_07, itens_08 = t.itens_08 + excluded.itens_08, itens_09 = t.itens_09 + excluded.itens_09,
    itens_10 = t.itens_10 + excluded.itens_10, itens_11 = t.itens_11 + excluded.itens_11, itens_12 = t.itens_12 + excluded.itens_12,
    itens_13 = t.itens_13 + excluded.itens_13, itens_14 = t.itens_14 + excluded.itens_14, itens_15 = t.itens_15 + excluded.itens_15,
    itens_16 = t.itens_16 + excluded.itens_16, itens_17 = t.itens_17 + excluded.itens_17, itens_18 = t.itens_18 + excluded.itens_18,
    itens_19 = t.itens_19 + excluded.itens_19, itens_20 = t.itens_20 + excluded.itens_20, itens_21 = t.itens_21 + excluded.itens_21,
    itens_22 = t.itens_22 + excluded.itens_22, itens_23 = t.itens_23 + excluded.itens_23, itens_24 = t.itens_24 + excluded.itens_24;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_produto_ano_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_vendas_produto_ano AS t (ano, product_id,
    valor_01, valor_02, valor_03, valor_04, valor_05, valor_06, valor_07, valor_08, valor_09, valor_10, valor_11, valor_12,
    valor_13, valor_14, valor_15, valor_16, valor_17, valor_18, valor_19, valor_20, valor_21, valor_22, valor_23, valor_24,
    itens_01, itens_02, itens_03, itens_04, itens_05, itens_06, itens_07, itens_08, itens_09, itens_10, itens_11, itens_12,
    itens_13, itens_14, itens_15, itens_16, itens_17, itens_18, itens_19, itens_20, itens_21, itens_22, itens_23, itens_24)
  SELECT d.ano, d.product_id,
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 24), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM n.mes) + b.ano)::smallint AS ano, extract(month FROM n.mes)::int + b.desloc AS pos,
          n.product_id, (n.valor * 100)::bigint AS valor, n.itens AS itens
        FROM novos n CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)
        UNION ALL
        SELECT (extract(year FROM a.mes) + b.ano)::smallint AS ano, extract(month FROM a.mes)::int + b.desloc AS pos,
          a.product_id, -(a.valor * 100)::bigint AS valor, -a.itens AS itens
        FROM antigos a CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)) d
  GROUP BY d.ano, d.product_id ORDER BY d.ano, d.product_id
  ON CONFLICT (ano, product_id) DO UPDATE SET
    valor_01 = t.valor_01 + excluded.valor_01, valor_02 = t.valor_02 + excluded.valor_02, valor_03 = t.valor_03 + excluded.valor_03,
    valor_04 = t.valor_04 + excluded.valor_04, valor_05 = t.valor_05 + excluded.valor_05, valor_06 = t.valor_06 + excluded.valor_06,
    valor_07 = t.valor_07 + excluded.valor_07, valor_08 = t.valor_08 + excluded.valor_08, valor_09 = t.valor_09 + excluded.valor_09,
    valor_10 = t.valor_10 + excluded.valor_10, valor_11 = t.valor_11 + excluded.valor_11, valor_12 = t.valor_12 + excluded.valor_12,
    valor_13 = t.valor_13 + excluded.valor_13, valor_14 = t.valor_14 + excluded.valor_14, valor_15 = t.valor_15 + excluded.valor_15,
    valor_16 = t.valor_16 + excluded.valor_16, valor_17 = t.valor_17 + excluded.valor_17, valor_18 = t.valor_18 + excluded.valor_18,
    valor_19 = t.valor_19 + excluded.valor_19, valor_20 = t.valor_20 + excluded.valor_20, valor_21 = t.valor_21 + excluded.valor_21,
    valor_22 = t.valor_22 + excluded.valor_22, valor_23 = t.valor_23 + excluded.valor_23, valor_24 = t.valor_24 + excluded.valor_24,
    itens_01 = t.itens_01 + excluded.itens_01, itens_02 = t.itens_02 + excluded.itens_02, itens_03 = t.itens_03 + excluded.itens_03,
    itens_04 = t.itens_04 + excluded.itens_04, itens_05 = t.itens_05 + excluded.itens_05, itens_06 = t.itens_06 + excluded.itens_06,
    itens_07 = t.itens_07 + excluded.itens_07, itens_08 = t.itens_08 + excluded.itens_08, itens_09 = t.itens_09 + excluded.itens_09,
    itens_10 = t.itens_10 + excluded.itens_10, itens_11 = t.itens_11 + excluded.itens_11, itens_12 = t.itens_12 + excluded.itens_12,
    itens_13 = t.itens_13 + excluded.itens_13, itens_14 = t.itens_14 + excluded.itens_14, itens_15 = t.itens_15 + excluded.itens_15,
    itens_16 = t.itens_16 + excluded.itens_16, itens_17 = t.itens_17 + excluded.itens_17, itens_18 = t.itens_18 + excluded.itens_18,
    itens_19 = t.itens_19 + excluded.itens_19, itens_20 = t.itens_20 + excluded.itens_20, itens_21 = t.itens_21 + excluded.itens_21,
    itens_22 = t.itens_22 + excluded.itens_22, itens_23 = t.itens_23 + excluded.itens_23, itens_24 = t.itens_24 + excluded.itens_24;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_produto_ano_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_vendas_produto_ano AS t (ano, product_id,
    valor_01, valor_02, valor_03, valor_04, valor_05, valor_06, valor_07, valor_08, valor_09, valor_10, valor_11, valor_12,
    valor_13, valor_14, valor_15, valor_16, valor_17, valor_18, valor_19, valor_20, valor_21, valor_22, valor_23, valor_24,
    itens_01, itens_02, itens_03, itens_04, itens_05, itens_06, itens_07, itens_08, itens_09, itens_10, itens_11, itens_12,
    itens_13, itens_14, itens_15, itens_16, itens_17, itens_18, itens_19, itens_20, itens_21, itens_22, itens_23, itens_24)
  SELECT d.ano, d.product_id,
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 24), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM a.mes) + b.ano)::smallint AS ano, extract(month FROM a.mes)::int + b.desloc AS pos,
          a.product_id, -(a.valor * 100)::bigint AS valor, -a.itens AS itens
        FROM antigos a CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)) d
  GROUP BY d.ano, d.product_id ORDER BY d.ano, d.product_id
  ON CONFLICT (ano, product_id) DO UPDATE SET
    valor_01 = t.valor_01 + excluded.valor_01, valor_02 = t.valor_02 + excluded.valor_02, valor_03 = t.valor_03 + excluded.valor_03,
    valor_04 = t.valor_04 + excluded.valor_04, valor_05 = t.valor_05 + excluded.valor_05, valor_06 = t.valor_06 + excluded.valor_06,
    valor_07 = t.valor_07 + excluded.valor_07, valor_08 = t.valor_08 + excluded.valor_08, valor_09 = t.valor_09 + excluded.valor_09,
    valor_10 = t.valor_10 + excluded.valor_10, valor_11 = t.valor_11 + excluded.valor_11, valor_12 = t.valor_12 + excluded.valor_12,
    valor_13 = t.valor_13 + excluded.valor_13, valor_14 = t.valor_14 + excluded.valor_14, valor_15 = t.valor_15 + excluded.valor_15,
    valor_16 = t.valor_16 + excluded.valor_16, valor_17 = t.valor_17 + excluded.valor_17, valor_18 = t.valor_18 + excluded.valor_18,
    valor_19 = t.valor_19 + excluded.valor_19, valor_20 = t.valor_20 + excluded.valor_20, valor_21 = t.valor_21 + excluded.valor_21,
    valor_22 = t.valor_22 + excluded.valor_22, valor_23 = t.valor_23 + excluded.valor_23, valor_24 = t.valor_24 + excluded.valor_24,
    itens_01 = t.itens_01 + excluded.itens_01, itens_02 = t.itens_02 + excluded.itens_02, itens_03 = t.itens_03 + excluded.itens_03,
    itens_04 = t.itens_04 + excluded.itens_04, itens_05 = t.itens_05 + excluded.itens_05, itens_06 = t.itens_06 + excluded.itens_06,
    itens_07 = t.itens_07 + excluded.itens_07, itens_08 = t.itens_08 + excluded.itens_08, itens_09 = t.itens_09 + excluded.itens_09,
    itens_10 = t.itens_10 + excluded.itens_10, itens_11 = t.itens_11 + excluded.itens_11, itens_12 = t.itens_12 + excluded.itens_12,
    itens_13 = t.itens_13 + excluded.itens_13, itens_14 = t.itens_14 + excluded.itens_14, itens_15 = t.itens_15 + excluded.itens_15,
    itens_16 = t.itens_16 + excluded.itens_16, itens_17 = t.itens_17 + excluded.itens_17, itens_18 = t.itens_18 + excluded.itens_18,
    itens_19 = t.itens_19 + excluded.itens_19, itens_20 = t.itens_20 + excluded.itens_20, itens_21 = t.itens_21 + excluded.itens_21,
    itens_22 = t.itens_22 + excluded.itens_22, itens_23 = t.itens_23 + excluded.itens_23, itens_24 = t.itens_24 + excluded.itens_24;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_produto_ano_ins AFTER INSERT ON dashboard_vendas_produto_mes
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_produto_ano_ins();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_produto_ano_upd AFTER UPDATE ON dashboard_vendas_produto_mes
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_produto_ano_upd();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_produto_ano_del AFTER DELETE ON dashboard_vendas_produto_mes
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_produto_ano_del();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_produto_ano_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM relatorio_vendas_produto_ano;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_produto_ano_trunc AFTER TRUNCATE ON dashboard_vendas_produto_mes
  FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_produto_ano_truncar();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_produto_ano_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE dashboard_vendas_produto_mes IN SHARE MODE;
  DELETE FROM relatorio_vendas_produto_ano;
  INSERT INTO relatorio_vendas_produto_ano AS t (ano, product_id,
    valor_01, valor_02, valor_03, valor_04, valor_05, valor_06, valor_07, valor_08, valor_09, valor_10, valor_11, valor_12,
    valor_13, valor_14, valor_15, valor_16, valor_17, valor_18, valor_19, valor_20, valor_21, valor_22, valor_23, valor_24,
    itens_01, itens_02, itens_03, itens_04, itens_05, itens_06, itens_07, itens_08, itens_09, itens_10, itens_11, itens_12,
    itens_13, itens_14, itens_15, itens_16, itens_17, itens_18, itens_19, itens_20, itens_21, itens_22, itens_23, itens_24)
  SELECT d.ano, d.product_id,
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.valor) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.valor) FILTER (WHERE d.pos <= 24), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 1), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 2), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 3), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 4), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 5), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 6), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 7), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 8), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 9), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 10), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 11), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 12), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 13), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 14), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 15), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 16), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 17), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 18), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 19), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 20), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 21), 0),
    coalesce(sum(d.itens) FILTER (WHERE d.pos <= 22), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 23), 0), coalesce(sum(d.itens) FILTER (WHERE d.pos <= 24), 0)
  FROM (SELECT (extract(year FROM s.mes) + b.ano)::smallint AS ano, extract(month FROM s.mes)::int + b.desloc AS pos,
          s.product_id, (s.valor * 100)::bigint AS valor, s.itens AS itens
        FROM dashboard_vendas_produto_mes s CROSS JOIN (VALUES (0, 12), (1, 0)) b(ano, desloc)) d
  GROUP BY d.ano, d.product_id ORDER BY d.ano, d.product_id
  ON CONFLICT (ano, product_id) DO UPDATE SET
    valor_01 = t.valor_01 + excluded.valor_01, valor_02 = t.valor_02 + excluded.valor_02, valor_03 = t.valor_03 + excluded.valor_03,
    valor_04 = t.valor_04 + excluded.valor_04, valor_05 = t.valor_05 + excluded.valor_05, valor_06 = t.valor_06 + excluded.valor_06,
    valor_07 = t.valor_07 + excluded.valor_07, valor_08 = t.valor_08 + excluded.valor_08, valor_09 = t.valor_09 + excluded.valor_09,
    valor_10 = t.valor_10 + excluded.valor_10, valor_11 = t.valor_11 + excluded.valor_11, valor_12 = t.valor_12 + excluded.valor_12,
    valor_13 = t.valor_13 + excluded.valor_13, valor_14 = t.valor_14 + excluded.valor_14, valor_15 = t.valor_15 + excluded.valor_15,
    valor_16 = t.valor_16 + excluded.valor_16, valor_17 = t.valor_17 + excluded.valor_17, valor_18 = t.valor_18 + excluded.valor_18,
    valor_19 = t.valor_19 + excluded.valor_19, valor_20 = t.valor_20 + excluded.valor_20, valor_21 = t.valor_21 + excluded.valor_21,
    valor_22 = t.valor_22 + excluded.valor_22, valor_23 = t.valor_23 + excluded.valor_23, valor_24 = t.valor_24 + excluded.valor_24,
    itens_01 = t.itens_01 + excluded.itens_01, itens_02 = t.itens_02 + excluded.itens_02, itens_03 = t.itens_03 + excluded.itens_03,
    itens_04 = t.itens_04 + excluded.itens_04, itens_05 = t.itens_05 + excluded.itens_05, itens_06 = t.itens_06 + excluded.itens_06,
    itens_07 = t.itens_07 + excluded.itens_07, itens_08 = t.itens_08 + excluded.itens_08, itens_09 = t.itens_09 + excluded.itens_09,
    itens_10 = t.itens_10 + excluded.itens_10, itens_11 = t.itens_11 + excluded.itens_11, itens_12 = t.itens_12 + excluded.itens_12,
    itens_13 = t.itens_13 + excluded.itens_13, itens_14 = t.itens_14 + excluded.itens_14, itens_15 = t.itens_15 + excluded.itens_15,
    itens_16 = t.itens_16 + excluded.itens_16, itens_17 = t.itens_17 + excluded.itens_17, itens_18 = t.itens_18 + excluded.itens_18,
    itens_19 = t.itens_19 + excluded.itens_19, itens_20 = t.itens_20 + excluded.itens_20, itens_21 = t.itens_21 + excluded.itens_21,
    itens_22 = t.itens_22 + excluded.itens_22, itens_23 = t.itens_23 + excluded.itens_23, itens_24 = t.itens_24 + excluded.itens_24;
  ANALYZE relatorio_vendas_produto_ano;
END;
$$;
--> statement-breakpoint
SELECT relatorio_vendas_produto_ano_recalcular();
