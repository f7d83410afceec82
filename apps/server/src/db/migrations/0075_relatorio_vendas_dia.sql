-- Relatórios (issue 35): the Vendas report grouped by month, day, seller or region, and the report's
-- totals, for a year at 1 M orders / 3 M items read a year of items (~1 M rows joined to their orders)
-- on every page. This read model keeps, per day (data_emissao), seller and delivery region — the
-- order's own dimensions —, what that report sums over the counted items (vendas-base.ts: every status
-- but orçamento and cancelado): the orders with at least one item, Σ quantidade, Σ subtotal (receita)
-- and Σ round(quantidade × custo_unitario, 2) (custo, the cost frozen on the item, migration 0067). A
-- missing seller or region is the zero UUID (dashboard_sem_id). Kept in the same transaction as the
-- orders and items by statement triggers; the report reads it while it has no filter by customer,
-- product or group (those are not dimensions of the order's cell) and the plain query otherwise.
-- relatorio-vendas-dia.test.ts checks it equals the plain aggregate after every kind of write.
-- Rebuild with relatorio_vendas_dia_recalcular() (bulk loads that bypass triggers MUST call it;
-- bench/dashboard/generate.ts calls every *_recalcular()).
-- Writers of the same day, seller and region wait for each other's commit on the cell's row (one
-- order's save); orders of other sellers or days never wait.
CREATE TABLE relatorio_vendas_dia (
  dia date NOT NULL,
  vendedor_id uuid NOT NULL,
  regiao_id uuid NOT NULL,
  pedidos integer NOT NULL,
  quantidade numeric(20, 3) NOT NULL,
  receita numeric(20, 2) NOT NULL,
  custo numeric(20, 2) NOT NULL,
  PRIMARY KEY (dia, vendedor_id, regiao_id)
);
--> statement-breakpoint
-- A statement on the items: per order, its sums (new rows − old rows) and whether it went from no
-- item to some (+1 pedido) or from some to none (−1), added to the order's cell while its status
-- counts. Items whose order is gone (the cascade of an order's deletion) find no order:
-- relatorio_vendas_dia_remover took them out. UPDATE reads both transition tables; INSERT and
-- DELETE have one each, so each has its own function (PL/pgSQL resolves every table a query names).
CREATE OR REPLACE FUNCTION relatorio_vendas_dia_itens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH x AS (
    SELECT n.order_id, 1 AS itens, n.quantidade, n.subtotal AS receita,
      round(n.quantidade * coalesce(n.custo_unitario, 0), 2) AS custo
    FROM novos n
    UNION ALL
    SELECT a.order_id, -1, -a.quantidade, -a.subtotal, -round(a.quantidade * coalesce(a.custo_unitario, 0), 2)
    FROM antigos a
  ), s AS (
    SELECT x.order_id, sum(x.itens)::int AS itens, sum(x.quantidade) AS quantidade, sum(x.receita) AS receita,
      sum(x.custo) AS custo
    FROM x GROUP BY x.order_id
    HAVING sum(x.itens) <> 0 OR sum(x.quantidade) <> 0 OR sum(x.receita) <> 0 OR sum(x.custo) <> 0
  )
  INSERT INTO relatorio_vendas_dia AS t (dia, vendedor_id, regiao_id, pedidos, quantidade, receita, custo)
  SELECT o.data_emissao, dashboard_sem_id(o.vendedor_id), dashboard_sem_id(o.regiao_id),
    sum((c.agora > 0)::int - (c.agora - c.itens > 0)::int)::int, sum(c.quantidade), sum(c.receita), sum(c.custo)
  FROM (SELECT s.*, (SELECT count(*)::int FROM sales_order_items i WHERE i.order_id = s.order_id) AS agora FROM s) c
  JOIN sales_orders o ON o.id = c.order_id
  WHERE dashboard_conta(o.status)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (dia, vendedor_id, regiao_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos,
    quantidade = t.quantidade + excluded.quantidade, receita = t.receita + excluded.receita,
    custo = t.custo + excluded.custo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_dia_itens_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (
    SELECT n.order_id, count(*)::int AS itens, sum(n.quantidade) AS quantidade, sum(n.subtotal) AS receita,
      sum(round(n.quantidade * coalesce(n.custo_unitario, 0), 2)) AS custo
    FROM novos n GROUP BY n.order_id
  )
  INSERT INTO relatorio_vendas_dia AS t (dia, vendedor_id, regiao_id, pedidos, quantidade, receita, custo)
  SELECT o.data_emissao, dashboard_sem_id(o.vendedor_id), dashboard_sem_id(o.regiao_id),
    sum((c.agora - c.itens = 0)::int)::int, sum(c.quantidade), sum(c.receita), sum(c.custo)
  FROM (SELECT s.*, (SELECT count(*)::int FROM sales_order_items i WHERE i.order_id = s.order_id) AS agora FROM s) c
  JOIN sales_orders o ON o.id = c.order_id
  WHERE dashboard_conta(o.status)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (dia, vendedor_id, regiao_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos,
    quantidade = t.quantidade + excluded.quantidade, receita = t.receita + excluded.receita,
    custo = t.custo + excluded.custo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_dia_itens_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH s AS (
    SELECT a.order_id, count(*)::int AS itens, sum(a.quantidade) AS quantidade, sum(a.subtotal) AS receita,
      sum(round(a.quantidade * coalesce(a.custo_unitario, 0), 2)) AS custo
    FROM antigos a GROUP BY a.order_id
  )
  INSERT INTO relatorio_vendas_dia AS t (dia, vendedor_id, regiao_id, pedidos, quantidade, receita, custo)
  SELECT o.data_emissao, dashboard_sem_id(o.vendedor_id), dashboard_sem_id(o.regiao_id),
    -sum((c.agora = 0)::int)::int, -sum(c.quantidade), -sum(c.receita), -sum(c.custo)
  FROM (SELECT s.*, (SELECT count(*)::int FROM sales_order_items i WHERE i.order_id = s.order_id) AS agora FROM s) c
  JOIN sales_orders o ON o.id = c.order_id
  WHERE dashboard_conta(o.status)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (dia, vendedor_id, regiao_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos,
    quantidade = t.quantidade + excluded.quantidade, receita = t.receita + excluded.receita,
    custo = t.custo + excluded.custo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_dia_ins AFTER INSERT ON sales_order_items
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_dia_itens_ins();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_dia_upd AFTER UPDATE ON sales_order_items
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_dia_itens();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_dia_del AFTER DELETE ON sales_order_items
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_dia_itens_del();
--> statement-breakpoint
-- An order that changes day, seller or region, or enters or leaves the counted statuses, moves its
-- items' share (and itself, when it has items) from its old cell to its new one.
CREATE OR REPLACE FUNCTION relatorio_vendas_dia_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_vendas_dia AS t (dia, vendedor_id, regiao_id, pedidos, quantidade, receita, custo)
  SELECT d.dia, d.vendedor_id, d.regiao_id, sum(d.pedidos)::int, sum(d.quantidade), sum(d.receita), sum(d.custo)
  FROM (
    SELECT m.dia, m.vendedor_id, m.regiao_id, m.sinal * s.pedidos AS pedidos, m.sinal * s.quantidade AS quantidade,
      m.sinal * s.receita AS receita, m.sinal * s.custo AS custo
    FROM (
      SELECT n.id, n.data_emissao AS dia, dashboard_sem_id(n.vendedor_id) AS vendedor_id,
        dashboard_sem_id(n.regiao_id) AS regiao_id, 1 AS sinal
      FROM antigos a JOIN novos n ON n.id = a.id
      WHERE dashboard_conta(n.status) AND (NOT dashboard_conta(a.status) OR a.data_emissao <> n.data_emissao
        OR a.vendedor_id IS DISTINCT FROM n.vendedor_id OR a.regiao_id IS DISTINCT FROM n.regiao_id)
      UNION ALL
      SELECT a.id, a.data_emissao, dashboard_sem_id(a.vendedor_id), dashboard_sem_id(a.regiao_id), -1
      FROM antigos a JOIN novos n ON n.id = a.id
      WHERE dashboard_conta(a.status) AND (NOT dashboard_conta(n.status) OR a.data_emissao <> n.data_emissao
        OR a.vendedor_id IS DISTINCT FROM n.vendedor_id OR a.regiao_id IS DISTINCT FROM n.regiao_id)
    ) m
    JOIN LATERAL (
      SELECT 1 AS pedidos, sum(i.quantidade) AS quantidade, sum(i.subtotal) AS receita,
        sum(round(i.quantidade * coalesce(i.custo_unitario, 0), 2)) AS custo
      FROM sales_order_items i WHERE i.order_id = m.id
      HAVING count(*) > 0
    ) s ON true
  ) d
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (dia, vendedor_id, regiao_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos,
    quantidade = t.quantidade + excluded.quantidade, receita = t.receita + excluded.receita,
    custo = t.custo + excluded.custo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_dia_mover AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_dia_mover();
--> statement-breakpoint
-- An order deleted takes its items' share out before the cascade deletes them (which then finds no order).
CREATE OR REPLACE FUNCTION relatorio_vendas_dia_remover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dashboard_conta(OLD.status) THEN
    RETURN OLD;
  END IF;
  INSERT INTO relatorio_vendas_dia AS t (dia, vendedor_id, regiao_id, pedidos, quantidade, receita, custo)
  SELECT OLD.data_emissao, dashboard_sem_id(OLD.vendedor_id), dashboard_sem_id(OLD.regiao_id), -1,
    -sum(i.quantidade), -sum(i.subtotal), -sum(round(i.quantidade * coalesce(i.custo_unitario, 0), 2))
  FROM sales_order_items i WHERE i.order_id = OLD.id
  HAVING count(*) > 0
  ON CONFLICT (dia, vendedor_id, regiao_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos,
    quantidade = t.quantidade + excluded.quantidade, receita = t.receita + excluded.receita,
    custo = t.custo + excluded.custo;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_dia_remover BEFORE DELETE ON sales_orders
  FOR EACH ROW EXECUTE FUNCTION relatorio_vendas_dia_remover();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_dia_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM relatorio_vendas_dia;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_dia_trunc_pedidos AFTER TRUNCATE ON sales_orders
  FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_dia_truncar();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_dia_trunc_itens AFTER TRUNCATE ON sales_order_items
  FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_dia_truncar();
--> statement-breakpoint
-- The plain aggregate the read model keeps; the rebuild (SHARE mode waits for writers in flight and
-- holds new ones until it commits, as dashboard_vendas_dia_recalcular()).
CREATE OR REPLACE FUNCTION relatorio_vendas_dia_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_orders, sales_order_items IN SHARE MODE;
  DELETE FROM relatorio_vendas_dia;
  INSERT INTO relatorio_vendas_dia (dia, vendedor_id, regiao_id, pedidos, quantidade, receita, custo)
  SELECT o.data_emissao, dashboard_sem_id(o.vendedor_id), dashboard_sem_id(o.regiao_id), count(*)::int,
    sum(po.quantidade), sum(po.receita), sum(po.custo)
  FROM (
    SELECT i.order_id, sum(i.quantidade) AS quantidade, sum(i.subtotal) AS receita,
      sum(round(i.quantidade * coalesce(i.custo_unitario, 0), 2)) AS custo
    FROM sales_order_items i GROUP BY i.order_id
  ) po
  JOIN sales_orders o ON o.id = po.order_id
  WHERE dashboard_conta(o.status)
  GROUP BY 1, 2, 3;
  ANALYZE relatorio_vendas_dia;
END;
$$;
--> statement-breakpoint
SELECT relatorio_vendas_dia_recalcular();
