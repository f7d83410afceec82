-- Relatórios (issue 35): the Vendas report grouped by customer, the Curva ABC of customers, and every
-- Vendas page filtered by customer, read a year of items (~1 M rows joined to their orders: 5 s at
-- 1 M orders). This read model keeps one row per counted order with items (every status but
-- orçamento and cancelado, dashboard_conta) — its day, customer, seller and region, its number of
-- items and its Σ quantidade, Σ subtotal (receita) and Σ round(quantidade × custo_unitario, 2) (custo,
-- the cost frozen on the item, migration 0067) — so those pages sum ~320,000 narrow rows a year
-- instead. Figures are integers (quantity in thousandths, money in cents): sum(bigint) runs on a
-- 128-bit accumulator, numeric's sum took twice as long over the same rows; every value is exact
-- (quantidade numeric(14,3), subtotal numeric(14,2), custo rounded to 2 places).
-- Kept in the same transaction as the orders and items by statement triggers (as relatorio_vendas_dia,
-- migration 0075): the items add their differences to their order's row; an order entering the
-- counted statuses is summed from its items, one leaving them is removed, one changing day,
-- customer, seller or region has its row moved. An order whose last item goes has no row.
-- relatorio-vendas-pedido.test.ts checks it equals the plain aggregate after every kind of write.
-- Rebuild with relatorio_vendas_pedido_recalcular() (bulk loads that bypass triggers MUST call it;
-- bench/dashboard/generate.ts calls every *_recalcular()).
CREATE TABLE relatorio_vendas_pedido (
  order_id uuid PRIMARY KEY,
  data_emissao date NOT NULL,
  cliente_id uuid NOT NULL,
  vendedor_id uuid,
  regiao_id uuid,
  itens integer NOT NULL,
  quantidade bigint NOT NULL,
  receita bigint NOT NULL,
  custo bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX relatorio_vendas_pedido_dia_idx ON relatorio_vendas_pedido (data_emissao);
--> statement-breakpoint
CREATE INDEX relatorio_vendas_pedido_cliente_idx ON relatorio_vendas_pedido (cliente_id, data_emissao);
--> statement-breakpoint
-- The items' differences (new rows − old rows) per order, added to the rows of counted orders; then
-- the rows left without items go. `delta` holds order_id, itens, quantidade, receita, custo.
CREATE OR REPLACE FUNCTION relatorio_vendas_pedido_somar(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_vendas_pedido AS t
    (order_id, data_emissao, cliente_id, vendedor_id, regiao_id, itens, quantidade, receita, custo)
  SELECT o.id, o.data_emissao, o.cliente_id, o.vendedor_id, o.regiao_id, d.itens, d.quantidade, d.receita, d.custo
  FROM jsonb_to_recordset(delta) AS d(order_id uuid, itens integer, quantidade bigint, receita bigint, custo bigint)
  JOIN sales_orders o ON o.id = d.order_id
  WHERE dashboard_conta(o.status)
  ORDER BY o.id
  ON CONFLICT (order_id) DO UPDATE SET itens = t.itens + excluded.itens,
    quantidade = t.quantidade + excluded.quantidade, receita = t.receita + excluded.receita,
    custo = t.custo + excluded.custo;
  DELETE FROM relatorio_vendas_pedido t
  USING jsonb_to_recordset(delta) AS d(order_id uuid)
  WHERE t.order_id = d.order_id AND t.itens <= 0;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_pedido_itens_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM relatorio_vendas_pedido_somar(coalesce((
    SELECT jsonb_agg(s) FROM (
      SELECT n.order_id, count(*)::int AS itens, sum(n.quantidade * 1000)::bigint AS quantidade,
        sum(n.subtotal * 100)::bigint AS receita,
        sum(round(n.quantidade * coalesce(n.custo_unitario, 0), 2) * 100)::bigint AS custo
      FROM novos n GROUP BY n.order_id
    ) s), '[]'));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_pedido_itens_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM relatorio_vendas_pedido_somar(coalesce((
    SELECT jsonb_agg(s) FROM (
      SELECT a.order_id, -count(*)::int AS itens, -sum(a.quantidade * 1000)::bigint AS quantidade,
        -sum(a.subtotal * 100)::bigint AS receita,
        -sum(round(a.quantidade * coalesce(a.custo_unitario, 0), 2) * 100)::bigint AS custo
      FROM antigos a GROUP BY a.order_id
    ) s), '[]'));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_pedido_itens_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM relatorio_vendas_pedido_somar(coalesce((
    SELECT jsonb_agg(s) FROM (
      SELECT x.order_id, sum(x.itens)::int AS itens, sum(x.quantidade)::bigint AS quantidade,
        sum(x.receita)::bigint AS receita, sum(x.custo)::bigint AS custo
      FROM (
        SELECT n.order_id, 1 AS itens, n.quantidade * 1000 AS quantidade, n.subtotal * 100 AS receita,
          round(n.quantidade * coalesce(n.custo_unitario, 0), 2) * 100 AS custo
        FROM novos n
        UNION ALL
        SELECT a.order_id, -1, -a.quantidade * 1000, -a.subtotal * 100,
          -round(a.quantidade * coalesce(a.custo_unitario, 0), 2) * 100
        FROM antigos a
      ) x
      GROUP BY x.order_id
      HAVING sum(x.itens) <> 0 OR sum(x.quantidade) <> 0 OR sum(x.receita) <> 0 OR sum(x.custo) <> 0
    ) s), '[]'));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_pedido_ins AFTER INSERT ON sales_order_items
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_pedido_itens_ins();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_pedido_upd AFTER UPDATE ON sales_order_items
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_pedido_itens_upd();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_pedido_del AFTER DELETE ON sales_order_items
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_pedido_itens_del();
--> statement-breakpoint
-- The order's side: leaving the counted statuses removes its row; entering them sums its items into
-- a new row; staying, with another day, customer, seller or region, moves its row.
CREATE OR REPLACE FUNCTION relatorio_vendas_pedido_mover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM relatorio_vendas_pedido t
  USING antigos a JOIN novos n ON n.id = a.id
  WHERE t.order_id = n.id AND dashboard_conta(a.status) AND NOT dashboard_conta(n.status);
  UPDATE relatorio_vendas_pedido t
  SET data_emissao = n.data_emissao, cliente_id = n.cliente_id, vendedor_id = n.vendedor_id, regiao_id = n.regiao_id
  FROM antigos a JOIN novos n ON n.id = a.id
  WHERE t.order_id = n.id AND dashboard_conta(a.status) AND dashboard_conta(n.status)
    AND (a.data_emissao <> n.data_emissao OR a.cliente_id <> n.cliente_id
      OR a.vendedor_id IS DISTINCT FROM n.vendedor_id OR a.regiao_id IS DISTINCT FROM n.regiao_id);
  INSERT INTO relatorio_vendas_pedido
    (order_id, data_emissao, cliente_id, vendedor_id, regiao_id, itens, quantidade, receita, custo)
  SELECT n.id, n.data_emissao, n.cliente_id, n.vendedor_id, n.regiao_id, s.itens, s.quantidade, s.receita, s.custo
  FROM antigos a JOIN novos n ON n.id = a.id
  JOIN LATERAL (
    SELECT count(*)::int AS itens, sum(i.quantidade * 1000)::bigint AS quantidade,
      sum(i.subtotal * 100)::bigint AS receita,
      sum(round(i.quantidade * coalesce(i.custo_unitario, 0), 2) * 100)::bigint AS custo
    FROM sales_order_items i WHERE i.order_id = n.id
    HAVING count(*) > 0
  ) s ON true
  WHERE dashboard_conta(n.status) AND NOT dashboard_conta(a.status)
  ORDER BY n.id
  ON CONFLICT (order_id) DO UPDATE SET data_emissao = excluded.data_emissao, cliente_id = excluded.cliente_id,
    vendedor_id = excluded.vendedor_id, regiao_id = excluded.regiao_id, itens = excluded.itens,
    quantidade = excluded.quantidade, receita = excluded.receita, custo = excluded.custo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_pedido_mover AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_pedido_mover();
--> statement-breakpoint
-- An order deleted: its row goes (the cascade's item deletion then finds no order to add to).
CREATE OR REPLACE FUNCTION relatorio_vendas_pedido_remover() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM relatorio_vendas_pedido t USING antigos a WHERE t.order_id = a.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_pedido_remover AFTER DELETE ON sales_orders
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_pedido_remover();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION relatorio_vendas_pedido_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM relatorio_vendas_pedido;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_pedido_trunc_pedidos AFTER TRUNCATE ON sales_orders
  FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_pedido_truncar();
--> statement-breakpoint
CREATE TRIGGER relatorio_vendas_pedido_trunc_itens AFTER TRUNCATE ON sales_order_items
  FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_pedido_truncar();
--> statement-breakpoint
-- The plain aggregate the read model keeps; the rebuild (SHARE mode waits for writers in flight and
-- holds new ones until it commits, as relatorio_vendas_dia_recalcular()).
CREATE OR REPLACE FUNCTION relatorio_vendas_pedido_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_orders, sales_order_items IN SHARE MODE;
  DELETE FROM relatorio_vendas_pedido;
  INSERT INTO relatorio_vendas_pedido
    (order_id, data_emissao, cliente_id, vendedor_id, regiao_id, itens, quantidade, receita, custo)
  SELECT o.id, o.data_emissao, o.cliente_id, o.vendedor_id, o.regiao_id, po.itens, po.quantidade, po.receita, po.custo
  FROM (
    SELECT i.order_id, count(*)::int AS itens, sum(i.quantidade * 1000)::bigint AS quantidade,
      sum(i.subtotal * 100)::bigint AS receita,
      sum(round(i.quantidade * coalesce(i.custo_unitario, 0), 2) * 100)::bigint AS custo
    FROM sales_order_items i GROUP BY i.order_id
  ) po
  JOIN sales_orders o ON o.id = po.order_id
  WHERE dashboard_conta(o.status);
  ANALYZE relatorio_vendas_pedido;
END;
$$;
--> statement-breakpoint
SELECT relatorio_vendas_pedido_recalcular();
