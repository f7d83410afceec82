-- Issue 35: the dashboard's long periods (últimos 90 dias, ano, 365 dias). The series, the sellers and
-- the regions of a period summed dashboard_vendas_dia (per day, seller and region: ~180 rows a day in
-- the bench's data, ~65,000 a year, read three times per page and twice more for the series'
-- previous period). Two coarser grains of the same figures, kept in the same call that writes a day
-- slice (dashboard_vendas_dia_somar), in slices as well (FOR UPDATE SKIP LOCKED: a writer never waits):
--
-- 1. dashboard_vendas_dia_total: per day, the counted orders and Σ valor_total of all sellers and
--    regions — the series and the per-day list read one row per day (and slice), the cards' loose days
--    too.
-- 2. dashboard_vendas_mes_vendedor_regiao: per month (dashboard_mes), seller and region — the sellers
--    and regions of a range read its whole months here and only the loose days at its ends off
--    dashboard_vendas_dia (dividirComComplementos, as the other per-month models).
--
-- Both are sums of dashboard_vendas_dia and nothing else: dashboard_vendas_dia_agregados_recalcular()
-- rebuilds them from it, and dashboard_vendas_dia_recalcular() (bulk loads MUST call it) now ends with it.
CREATE TABLE dashboard_vendas_dia_total (
  dia date NOT NULL,
  fatia bigint NOT NULL,
  pedidos integer DEFAULT 0 NOT NULL,
  valor numeric DEFAULT 0 NOT NULL,
  PRIMARY KEY (dia, fatia)
);
--> statement-breakpoint
CREATE TABLE dashboard_vendas_mes_vendedor_regiao (
  mes date NOT NULL,
  vendedor_id uuid NOT NULL,
  regiao_id uuid NOT NULL,
  fatia bigint NOT NULL,
  pedidos integer DEFAULT 0 NOT NULL,
  valor numeric DEFAULT 0 NOT NULL,
  PRIMARY KEY (mes, vendedor_id, regiao_id, fatia)
);
--> statement-breakpoint
-- The day slice (as migration 0065), then the same delta on a free slice of the day's total and of
-- the month's (seller, region): three slices, none of them waited for.
CREATE OR REPLACE FUNCTION dashboard_vendas_dia_somar(p_dia date, p_vendedor uuid, p_regiao uuid, p_pedidos int, p_valor numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  livre bigint;
  v_mes date := dashboard_mes(p_dia);
BEGIN
  SELECT s.fatia INTO livre FROM dashboard_vendas_dia s
  WHERE s.dia = p_dia AND s.vendedor_id = p_vendedor AND s.regiao_id = p_regiao
  ORDER BY s.fatia
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF livre IS NULL THEN
    INSERT INTO dashboard_vendas_dia (dia, vendedor_id, regiao_id, fatia, pedidos, valor)
    VALUES (p_dia, p_vendedor, p_regiao, nextval('erp_resumo_fatia_seq'), p_pedidos, p_valor);
  ELSE
    UPDATE dashboard_vendas_dia SET pedidos = pedidos + p_pedidos, valor = valor + p_valor
    WHERE dia = p_dia AND vendedor_id = p_vendedor AND regiao_id = p_regiao AND fatia = livre;
  END IF;

  SELECT s.fatia INTO livre FROM dashboard_vendas_dia_total s
  WHERE s.dia = p_dia
  ORDER BY s.fatia
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF livre IS NULL THEN
    INSERT INTO dashboard_vendas_dia_total (dia, fatia, pedidos, valor)
    VALUES (p_dia, nextval('erp_resumo_fatia_seq'), p_pedidos, p_valor);
  ELSE
    UPDATE dashboard_vendas_dia_total SET pedidos = pedidos + p_pedidos, valor = valor + p_valor
    WHERE dia = p_dia AND fatia = livre;
  END IF;

  SELECT s.fatia INTO livre FROM dashboard_vendas_mes_vendedor_regiao s
  WHERE s.mes = v_mes AND s.vendedor_id = p_vendedor AND s.regiao_id = p_regiao
  ORDER BY s.fatia
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF livre IS NULL THEN
    INSERT INTO dashboard_vendas_mes_vendedor_regiao (mes, vendedor_id, regiao_id, fatia, pedidos, valor)
    VALUES (v_mes, p_vendedor, p_regiao, nextval('erp_resumo_fatia_seq'), p_pedidos, p_valor);
  ELSE
    UPDATE dashboard_vendas_mes_vendedor_regiao SET pedidos = pedidos + p_pedidos, valor = valor + p_valor
    WHERE mes = v_mes AND vendedor_id = p_vendedor AND regiao_id = p_regiao AND fatia = livre;
  END IF;
END;
$$;
--> statement-breakpoint
-- Both from dashboard_vendas_dia, folded into slice 0 (SHARE mode on the orders, as the rebuilds of
-- 0049/0065: no order write moves dashboard_vendas_dia meanwhile).
CREATE OR REPLACE FUNCTION dashboard_vendas_dia_agregados_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_orders IN SHARE MODE;
  DELETE FROM dashboard_vendas_dia_total;
  INSERT INTO dashboard_vendas_dia_total (dia, fatia, pedidos, valor)
  SELECT d.dia, 0, sum(d.pedidos), sum(d.valor) FROM dashboard_vendas_dia d
  GROUP BY d.dia HAVING sum(d.pedidos) <> 0 OR sum(d.valor) <> 0;
  DELETE FROM dashboard_vendas_mes_vendedor_regiao;
  INSERT INTO dashboard_vendas_mes_vendedor_regiao (mes, vendedor_id, regiao_id, fatia, pedidos, valor)
  SELECT dashboard_mes(d.dia), d.vendedor_id, d.regiao_id, 0, sum(d.pedidos), sum(d.valor)
  FROM dashboard_vendas_dia d
  GROUP BY 1, 2, 3 HAVING sum(d.pedidos) <> 0 OR sum(d.valor) <> 0;
  ANALYZE dashboard_vendas_dia_total;
  ANALYZE dashboard_vendas_mes_vendedor_regiao;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_dia_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sales_orders' THEN
    DELETE FROM dashboard_vendas_dia;
    DELETE FROM dashboard_vendas_dia_total;
    DELETE FROM dashboard_vendas_mes_vendedor_regiao;
    DELETE FROM dashboard_vendas_cliente_dia;
  END IF;
  DELETE FROM dashboard_vendas_produto_dia;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Migration 0065's rebuild, ending with the two coarser grains; its rows now written in day order, as
-- the orders' own writes leave them (a grouping's hash order scattered a day's ~2,600 product rows
-- over ~2,500 pages: the loose day at a range's end read 16–18 ms instead of a few).
CREATE OR REPLACE FUNCTION dashboard_vendas_dia_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_orders, sales_order_items IN SHARE MODE;
  DELETE FROM dashboard_vendas_dia;
  INSERT INTO dashboard_vendas_dia (dia, vendedor_id, regiao_id, fatia, pedidos, valor)
  SELECT o.data_emissao, dashboard_sem_id(o.vendedor_id), dashboard_sem_id(o.regiao_id), 0, count(*), sum(o.valor_total)
  FROM sales_orders o WHERE dashboard_conta(o.status) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  DELETE FROM dashboard_vendas_cliente_dia;
  INSERT INTO dashboard_vendas_cliente_dia (dia, cliente_id, pedidos, valor)
  SELECT o.data_emissao, o.cliente_id, count(*), sum(o.valor_total)
  FROM sales_orders o WHERE dashboard_conta(o.status) GROUP BY 1, 2 ORDER BY 1, 2;
  DELETE FROM dashboard_vendas_produto_dia;
  INSERT INTO dashboard_vendas_produto_dia (dia, product_id, quantidade, valor, itens)
  SELECT o.data_emissao, i.product_id, sum(i.quantidade), sum(i.subtotal), count(*)
  FROM sales_order_items i JOIN sales_orders o ON o.id = i.order_id
  WHERE dashboard_conta(o.status) GROUP BY 1, 2 ORDER BY 1, 2;
  ANALYZE dashboard_vendas_dia;
  ANALYZE dashboard_vendas_cliente_dia;
  ANALYZE dashboard_vendas_produto_dia;
  PERFORM dashboard_vendas_dia_agregados_recalcular();
END;
$$;
--> statement-breakpoint
SELECT dashboard_vendas_dia_agregados_recalcular();
