-- Sales orders at scale (bench/comercial): the kanban's newest cards per column come off
-- (status, numero) — a backward scan stopping at 100 rows per status — and its count and total
-- per column off a covering (status, data_emissao) index, without touching the heap once the
-- table is vacuumed. The list sorted by número within one status uses the first one too.
CREATE INDEX IF NOT EXISTS sales_orders_status_numero_idx ON sales_orders (status, numero);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS sales_orders_kanban_idx ON sales_orders (status, data_emissao)
  INCLUDE (valor_total, vendedor_id, regiao_id);
