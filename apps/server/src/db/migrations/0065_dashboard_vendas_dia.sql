-- Issue 35: the dashboard's period selector (este mês, mês anterior, últimos 30/90 dias, ano,
-- personalizado) needs its figures for any range of days, not only whole months. Three per-day read
-- models, kept in the same transaction as the orders and items they sum, like those of migrations
-- 0008/0011 (per month) and 0049 (slices); docs/decisions/0001-dashboard-read-model.md. Readers take
-- the whole months of a range from the per-month tables and only the loose days at its ends from these.
-- Rebuild all three with dashboard_vendas_dia_recalcular() (bulk loads that bypass triggers MUST call it).
--
-- 1. dashboard_vendas_dia: per day (data_emissao), seller and delivery region of the counted orders
--    (dashboard_conta(status)), their count and Σ valor_total — the cards' total, count and ticket, the
--    sales-per-day chart, sellers and regions. A missing seller or region is the zero UUID. Written in
--    slices (FOR UPDATE SKIP LOCKED, as dashboard_vendas_mes) so concurrent writers never wait.
CREATE TABLE dashboard_vendas_dia (
  dia date NOT NULL,
  vendedor_id uuid NOT NULL,
  regiao_id uuid NOT NULL,
  fatia bigint NOT NULL,
  pedidos integer DEFAULT 0 NOT NULL,
  valor numeric DEFAULT 0 NOT NULL,
  PRIMARY KEY (dia, vendedor_id, regiao_id, fatia)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_sem_id(id uuid) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(id, '00000000-0000-0000-0000-000000000000'::uuid) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_dia_somar(p_dia date, p_vendedor uuid, p_regiao uuid, p_pedidos int, p_valor numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  livre bigint;
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
END;
$$;
--> statement-breakpoint
-- An order's share: itself and its valor_total at (day, seller, region) while its status counts. A
-- statement that changes none of these touches no slice.
CREATE OR REPLACE FUNCTION dashboard_vendas_dia_pedidos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_vendas_dia_somar(d.dia, d.vendedor_id, d.regiao_id, d.pedidos, d.valor)
    FROM (SELECT n.data_emissao AS dia, dashboard_sem_id(n.vendedor_id) AS vendedor_id,
                 dashboard_sem_id(n.regiao_id) AS regiao_id, count(*)::int AS pedidos, sum(n.valor_total) AS valor
          FROM novos n WHERE dashboard_conta(n.status) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_vendas_dia_somar(d.dia, d.vendedor_id, d.regiao_id, -d.pedidos, -d.valor)
    FROM (SELECT a.data_emissao AS dia, dashboard_sem_id(a.vendedor_id) AS vendedor_id,
                 dashboard_sem_id(a.regiao_id) AS regiao_id, count(*)::int AS pedidos, sum(a.valor_total) AS valor
          FROM antigos a WHERE dashboard_conta(a.status) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d;
  ELSE
    PERFORM dashboard_vendas_dia_somar(d.dia, d.vendedor_id, d.regiao_id, d.pedidos, d.valor)
    FROM (SELECT x.dia, x.vendedor_id, x.regiao_id, sum(x.pedidos)::int AS pedidos, sum(x.valor) AS valor
          FROM (SELECT n.data_emissao AS dia, dashboard_sem_id(n.vendedor_id) AS vendedor_id,
                       dashboard_sem_id(n.regiao_id) AS regiao_id, 1 AS pedidos, n.valor_total AS valor
                FROM novos n WHERE dashboard_conta(n.status)
                UNION ALL
                SELECT a.data_emissao, dashboard_sem_id(a.vendedor_id), dashboard_sem_id(a.regiao_id), -1, -a.valor_total
                FROM antigos a WHERE dashboard_conta(a.status)) x
          GROUP BY 1, 2, 3 HAVING sum(x.pedidos) <> 0 OR sum(x.valor) <> 0 ORDER BY 1, 2, 3) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_dia_ins AFTER INSERT ON sales_orders
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_dia_pedidos();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_dia_upd AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_dia_pedidos();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_dia_del AFTER DELETE ON sales_orders
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_dia_pedidos();
--> statement-breakpoint
-- 2. dashboard_vendas_cliente_dia: per day and customer, as dashboard_vendas_cliente_mes per month.
CREATE TABLE dashboard_vendas_cliente_dia (
  dia date NOT NULL,
  cliente_id uuid NOT NULL,
  pedidos integer NOT NULL,
  valor numeric(20, 2) NOT NULL,
  PRIMARY KEY (dia, cliente_id)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_cliente_dia_pedidos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_vendas_cliente_dia AS t (dia, cliente_id, pedidos, valor)
    SELECT n.data_emissao, n.cliente_id, count(*), sum(n.valor_total)
    FROM novos n WHERE dashboard_conta(n.status) GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (dia, cliente_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos, valor = t.valor + excluded.valor;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_vendas_cliente_dia AS t (dia, cliente_id, pedidos, valor)
    SELECT a.data_emissao, a.cliente_id, -count(*), -sum(a.valor_total)
    FROM antigos a WHERE dashboard_conta(a.status) GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (dia, cliente_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos, valor = t.valor + excluded.valor;
  ELSE
    INSERT INTO dashboard_vendas_cliente_dia AS t (dia, cliente_id, pedidos, valor)
    SELECT d.dia, d.cliente_id, sum(d.pedidos)::int, sum(d.valor)
    FROM (
      SELECT n.data_emissao AS dia, n.cliente_id, 1 AS pedidos, n.valor_total AS valor
      FROM antigos a JOIN novos n ON n.id = a.id
      WHERE dashboard_conta(n.status) AND (NOT dashboard_conta(a.status) OR a.data_emissao <> n.data_emissao
        OR a.cliente_id <> n.cliente_id OR a.valor_total <> n.valor_total)
      UNION ALL
      SELECT a.data_emissao, a.cliente_id, -1, -a.valor_total
      FROM antigos a JOIN novos n ON n.id = a.id
      WHERE dashboard_conta(a.status) AND (NOT dashboard_conta(n.status) OR a.data_emissao <> n.data_emissao
        OR a.cliente_id <> n.cliente_id OR a.valor_total <> n.valor_total)
    ) d
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (dia, cliente_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos, valor = t.valor + excluded.valor;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_cliente_dia_ins AFTER INSERT ON sales_orders
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_cliente_dia_pedidos();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_cliente_dia_upd AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_cliente_dia_pedidos();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_cliente_dia_del AFTER DELETE ON sales_orders
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_cliente_dia_pedidos();
--> statement-breakpoint
-- 3. dashboard_vendas_produto_dia: per day and product, as dashboard_vendas_produto_mes per month
--    (items inserted, edited, deleted; an order changing day or entering/leaving the counted statuses
--    moves its items; an order deleted takes its items out before the cascade).
CREATE TABLE dashboard_vendas_produto_dia (
  dia date NOT NULL,
  product_id uuid NOT NULL,
  quantidade numeric(20, 3) NOT NULL,
  valor numeric(20, 2) NOT NULL,
  itens integer NOT NULL,
  PRIMARY KEY (dia, product_id)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_produto_dia_itens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_produto_dia AS t (dia, product_id, quantidade, valor, itens)
  SELECT d.dia, d.product_id, sum(d.quantidade), sum(d.valor), sum(d.itens)::int
  FROM (
    SELECT o.data_emissao AS dia, n.product_id, n.quantidade, n.subtotal AS valor, 1 AS itens
    FROM novos n JOIN sales_orders o ON o.id = n.order_id WHERE TG_OP <> 'DELETE' AND dashboard_conta(o.status)
    UNION ALL
    -- items deleted by the cascade of an order deletion no longer find their order (already taken out)
    SELECT o.data_emissao, a.product_id, -a.quantidade, -a.subtotal, -1
    FROM antigos a JOIN sales_orders o ON o.id = a.order_id WHERE TG_OP <> 'INSERT' AND dashboard_conta(o.status)
  ) d
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (dia, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
    valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The function above serves UPDATE (where both transition tables exist); INSERT and DELETE have
-- their own, each naming only the transition table it has.
CREATE OR REPLACE FUNCTION dashboard_vendas_produto_dia_itens_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_produto_dia AS t (dia, product_id, quantidade, valor, itens)
  SELECT o.data_emissao, n.product_id, sum(n.quantidade), sum(n.subtotal), count(*)
  FROM novos n JOIN sales_orders o ON o.id = n.order_id WHERE dashboard_conta(o.status)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (dia, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
    valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_produto_dia_itens_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_produto_dia AS t (dia, product_id, quantidade, valor, itens)
  SELECT o.data_emissao, a.product_id, -sum(a.quantidade), -sum(a.subtotal), -count(*)
  FROM antigos a JOIN sales_orders o ON o.id = a.order_id WHERE dashboard_conta(o.status)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (dia, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
    valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_produto_dia_ins AFTER INSERT ON sales_order_items
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_produto_dia_itens_ins();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_produto_dia_upd AFTER UPDATE ON sales_order_items
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_produto_dia_itens();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_produto_dia_del AFTER DELETE ON sales_order_items
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_produto_dia_itens_del();
--> statement-breakpoint
-- An order that changes day, or enters or leaves the counted statuses, moves its items' share.
CREATE OR REPLACE FUNCTION dashboard_vendas_produto_dia_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_produto_dia AS t (dia, product_id, quantidade, valor, itens)
  SELECT d.dia, d.product_id, sum(d.quantidade), sum(d.valor), sum(d.itens)::int
  FROM (
    SELECT n.data_emissao AS dia, i.product_id, i.quantidade, i.subtotal AS valor, 1 AS itens
    FROM antigos a JOIN novos n ON n.id = a.id JOIN sales_order_items i ON i.order_id = n.id
    WHERE dashboard_conta(n.status) AND (NOT dashboard_conta(a.status) OR a.data_emissao <> n.data_emissao)
    UNION ALL
    SELECT a.data_emissao, i.product_id, -i.quantidade, -i.subtotal, -1
    FROM antigos a JOIN novos n ON n.id = a.id JOIN sales_order_items i ON i.order_id = n.id
    WHERE dashboard_conta(a.status) AND (NOT dashboard_conta(n.status) OR a.data_emissao <> n.data_emissao)
  ) d
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (dia, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
    valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_produto_dia_mover AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_produto_dia_mover();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_produto_dia_remover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dashboard_conta(OLD.status) THEN
    RETURN OLD;
  END IF;
  INSERT INTO dashboard_vendas_produto_dia AS t (dia, product_id, quantidade, valor, itens)
  SELECT OLD.data_emissao, i.product_id, -sum(i.quantidade), -sum(i.subtotal), -count(*)
  FROM sales_order_items i WHERE i.order_id = OLD.id
  GROUP BY i.product_id ORDER BY i.product_id
  ON CONFLICT (dia, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
    valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_produto_dia_remover BEFORE DELETE ON sales_orders
  FOR EACH ROW EXECUTE FUNCTION dashboard_vendas_produto_dia_remover();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_dia_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sales_orders' THEN
    DELETE FROM dashboard_vendas_dia;
    DELETE FROM dashboard_vendas_cliente_dia;
  END IF;
  DELETE FROM dashboard_vendas_produto_dia;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_dia_trunc AFTER TRUNCATE ON sales_orders
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_dia_truncar();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_produto_dia_trunc AFTER TRUNCATE ON sales_order_items
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_dia_truncar();
--> statement-breakpoint
-- Rebuild all three from the orders and items (SHARE mode waits for writers in flight and holds new
-- ones until it commits, as dashboard_vendas_mes_recalcular()).
CREATE OR REPLACE FUNCTION dashboard_vendas_dia_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_orders, sales_order_items IN SHARE MODE;
  DELETE FROM dashboard_vendas_dia;
  INSERT INTO dashboard_vendas_dia (dia, vendedor_id, regiao_id, fatia, pedidos, valor)
  SELECT o.data_emissao, dashboard_sem_id(o.vendedor_id), dashboard_sem_id(o.regiao_id), 0, count(*), sum(o.valor_total)
  FROM sales_orders o WHERE dashboard_conta(o.status) GROUP BY 1, 2, 3;
  DELETE FROM dashboard_vendas_cliente_dia;
  INSERT INTO dashboard_vendas_cliente_dia (dia, cliente_id, pedidos, valor)
  SELECT o.data_emissao, o.cliente_id, count(*), sum(o.valor_total)
  FROM sales_orders o WHERE dashboard_conta(o.status) GROUP BY 1, 2;
  DELETE FROM dashboard_vendas_produto_dia;
  INSERT INTO dashboard_vendas_produto_dia (dia, product_id, quantidade, valor, itens)
  SELECT o.data_emissao, i.product_id, sum(i.quantidade), sum(i.subtotal), count(*)
  FROM sales_order_items i JOIN sales_orders o ON o.id = i.order_id
  WHERE dashboard_conta(o.status) GROUP BY 1, 2;
  ANALYZE dashboard_vendas_dia;
  ANALYZE dashboard_vendas_cliente_dia;
  ANALYZE dashboard_vendas_produto_dia;
END;
$$;
--> statement-breakpoint
SELECT dashboard_vendas_dia_recalcular();
