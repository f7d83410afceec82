-- Relatórios (issue 35): the cost of each sale, frozen on the order item. A sold item carries the
-- product's custo médio at the moment it is written into the order (an edit rewrites the items, so
-- the cost of the order's last edit), and the Vendas and Curva ABC reports read their cost and gross
-- margin from it: a later purchase at another price does not move the margin of sales already made.
-- The ledger's exit rows (estoque_movimentos of origem 'pedido') carry the custo médio at the stock
-- exit, which happens at invoicing — after the sale, and not for orders not yet invoiced; the
-- backfill below takes that cost for the orders that already left stock (it is the cost they really
-- left at), and the product's current custo médio for the others.
-- Bulk loads that bypass triggers (session_replication_role = replica) MUST call
-- sales_order_items_custo_preencher() (bench/relatorios does).
ALTER TABLE "sales_order_items" ADD COLUMN "custo_unitario" numeric(18, 4);--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_order_items_congela_custo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.custo_unitario IS NULL OR (TG_OP = 'UPDATE' AND NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    NEW.custo_unitario := coalesce((SELECT p.custo_medio FROM products p WHERE p.id = NEW.product_id), 0);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sales_order_items_congela_custo_ins BEFORE INSERT ON "sales_order_items"
  FOR EACH ROW EXECUTE FUNCTION sales_order_items_congela_custo();--> statement-breakpoint
CREATE TRIGGER sales_order_items_congela_custo_upd BEFORE UPDATE OF "product_id", "custo_unitario" ON "sales_order_items"
  FOR EACH ROW WHEN (NEW.custo_unitario IS NULL OR NEW.product_id IS DISTINCT FROM OLD.product_id)
  EXECUTE FUNCTION sales_order_items_congela_custo();--> statement-breakpoint
-- Fills the items without a cost (rows a bulk load wrote with the triggers off): the ledger's exit
-- cost of the order and product when the order left stock, else the product's current custo médio.
CREATE OR REPLACE FUNCTION sales_order_items_custo_preencher() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  m bigint;
BEGIN
  WITH saidas AS (
    SELECT mv.origem_id, mv.product_id,
      round(sum(-mv.quantidade * mv.custo_unitario) / nullif(sum(-mv.quantidade), 0), 4) AS custo
    FROM estoque_movimentos mv
    WHERE mv.origem = 'pedido' AND mv.tipo = 'saida'
      AND NOT EXISTS (SELECT 1 FROM estoque_movimentos x WHERE x.estorno_de = mv.id)
    GROUP BY mv.origem_id, mv.product_id
  )
  UPDATE sales_order_items i SET custo_unitario = s.custo
  FROM saidas s
  WHERE i.custo_unitario IS NULL AND s.custo IS NOT NULL
    AND s.origem_id = i.order_id::text AND s.product_id = i.product_id;
  GET DIAGNOSTICS n = ROW_COUNT;
  UPDATE sales_order_items i SET custo_unitario = p.custo_medio
  FROM products p
  WHERE i.custo_unitario IS NULL AND p.id = i.product_id;
  GET DIAGNOSTICS m = ROW_COUNT;
  RETURN n + m;
END;
$$;--> statement-breakpoint
SELECT sales_order_items_custo_preencher();
