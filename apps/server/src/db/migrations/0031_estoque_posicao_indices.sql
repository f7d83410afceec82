-- Posição de Estoque (issue 12, docs/benchmarks.md): a group's products in name order — the first
-- page of a group sorted by name reads 50 index entries instead of walking every product's name.
-- It replaces products_grupo_idx (same leading column: the group's foreign key is still served).
DROP INDEX "products_grupo_idx";--> statement-breakpoint
CREATE INDEX "products_grupo_busca_idx" ON "products" USING btree ("grupo_id","busca","id");--> statement-breakpoint
-- A location's balances with their quantities in the index (hand-written: drizzle declares no
-- INCLUDE; the schema keeps declaring estoque_saldos_local_idx on (local_id, produto_id)): the
-- Posição filtered by a location looks up a product's balance there, and totals a location, from
-- the index alone. Balance updates stop being HOT (saldo is now indexed): three index entries more
-- per changed balance, against reading the location's rows from the table for every page.
DROP INDEX "estoque_saldos_local_idx";--> statement-breakpoint
CREATE INDEX "estoque_saldos_local_idx" ON "estoque_saldos" USING btree ("local_id","produto_id") INCLUDE ("saldo","reservado");
