-- Dashboard read model (docs/decisions/0001-dashboard-read-model.md).
-- 1) dashboard_vendas_produto_mes is kept by triggers: every change of sales_order_items, of an
--    order's month (sales_orders.data_emissao) or an order deletion applies its delta in the same
--    transaction. Statement-level triggers with transition tables: one upsert per statement.
-- The month of a date as its first day, with no time zone involved (date arithmetic only).
CREATE OR REPLACE FUNCTION dashboard_mes(d date) RETURNS date LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT d - (extract(day FROM d)::int - 1) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_aplicar_itens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
    SELECT dashboard_mes(o.data_emissao), n.product_id, sum(n.quantidade), sum(n.subtotal), count(*)
    FROM novos n JOIN sales_orders o ON o.id = n.order_id
    GROUP BY 1, 2
    ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
      valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  ELSIF TG_OP = 'DELETE' THEN
    -- Items deleted by the cascade of an order deletion no longer find their order: that order's
    -- share was already taken out by dashboard_vendas_remover_pedido().
    INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
    SELECT dashboard_mes(o.data_emissao), a.product_id, -sum(a.quantidade), -sum(a.subtotal), -count(*)
    FROM antigos a JOIN sales_orders o ON o.id = a.order_id
    GROUP BY 1, 2
    ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
      valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  ELSE
    INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
    SELECT d.mes, d.product_id, sum(d.quantidade), sum(d.valor), sum(d.itens)::int
    FROM (
      SELECT dashboard_mes(o.data_emissao) AS mes, n.product_id, n.quantidade, n.subtotal AS valor, 1 AS itens
      FROM novos n JOIN sales_orders o ON o.id = n.order_id
      UNION ALL
      SELECT dashboard_mes(o.data_emissao), a.product_id, -a.quantidade, -a.subtotal, -1
      FROM antigos a JOIN sales_orders o ON o.id = a.order_id
    ) d
    GROUP BY 1, 2
    ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
      valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_itens_ins AFTER INSERT ON sales_order_items
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_aplicar_itens();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_itens_upd AFTER UPDATE ON sales_order_items
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_aplicar_itens();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_itens_del AFTER DELETE ON sales_order_items
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_aplicar_itens();
--> statement-breakpoint
-- An order that changes month moves its items' share from the old month to the new one.
CREATE OR REPLACE FUNCTION dashboard_vendas_mover_pedidos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
  SELECT d.mes, d.product_id, sum(d.quantidade), sum(d.valor), sum(d.itens)::int
  FROM (
    SELECT dashboard_mes(n.data_emissao) AS mes, i.product_id, i.quantidade, i.subtotal AS valor, 1 AS itens
    FROM antigos a JOIN novos n ON n.id = a.id JOIN sales_order_items i ON i.order_id = n.id
    WHERE dashboard_mes(a.data_emissao) <> dashboard_mes(n.data_emissao)
    UNION ALL
    SELECT dashboard_mes(a.data_emissao), i.product_id, -i.quantidade, -i.subtotal, -1
    FROM antigos a JOIN novos n ON n.id = a.id JOIN sales_order_items i ON i.order_id = n.id
    WHERE dashboard_mes(a.data_emissao) <> dashboard_mes(n.data_emissao)
  ) d
  GROUP BY 1, 2
  ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
    valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_pedidos_upd AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_mover_pedidos();
--> statement-breakpoint
-- BEFORE the row goes: the cascade then deletes the items, which no longer find their order.
CREATE OR REPLACE FUNCTION dashboard_vendas_remover_pedido() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
  SELECT dashboard_mes(OLD.data_emissao), i.product_id, -sum(i.quantidade), -sum(i.subtotal), -count(*)
  FROM sales_order_items i WHERE i.order_id = OLD.id
  GROUP BY i.product_id
  ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
    valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_pedidos_del BEFORE DELETE ON sales_orders
  FOR EACH ROW EXECUTE FUNCTION dashboard_vendas_remover_pedido();
--> statement-breakpoint
-- Rebuild from scratch: after a bulk load that bypassed triggers (session_replication_role =
-- replica), after a TRUNCATE of the order tables, or to check the incremental upkeep.
CREATE OR REPLACE FUNCTION dashboard_vendas_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_vendas_produto_mes;
  INSERT INTO dashboard_vendas_produto_mes (mes, product_id, quantidade, valor, itens)
  SELECT dashboard_mes(o.data_emissao), i.product_id, sum(i.quantidade), sum(i.subtotal), count(*)
  FROM sales_order_items i JOIN sales_orders o ON o.id = i.order_id
  GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_vendas_produto_mes;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_itens_trunc AFTER TRUNCATE ON sales_order_items
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_truncar();
--> statement-breakpoint
-- Existing orders (demo data) enter the read model.
SELECT dashboard_vendas_recalcular();
--> statement-breakpoint
-- 2) Indexes for the dashboard's aggregates at scale (see docs/benchmarks.md, "Dashboard").
-- Open accounts by due date with type and value: the finance cards by an index-only scan and
-- "Contas Vencidas" (both types, ascending due date) without a sort of every overdue account.
CREATE INDEX IF NOT EXISTS dashboard_contas_aberto_venc_idx ON financial_accounts (data_vencimento) INCLUDE (tipo, valor)
  WHERE status = 'em_aberto';
--> statement-breakpoint
-- The month's orders with customer, seller and value: "Vendas por Cliente/Vendedor" by index-only scans.
CREATE INDEX IF NOT EXISTS dashboard_pedidos_mes_idx ON sales_orders (data_emissao) INCLUDE (cliente_id, vendedor_id, valor_total);
--> statement-breakpoint
-- Products above their maximum: a small partial index, in the list's order.
CREATE INDEX IF NOT EXISTS dashboard_produtos_acima_maximo_idx ON products (estoque_atual DESC, codigo)
  WHERE ativo AND estoque_maximo > 0 AND estoque_atual >= estoque_maximo;
