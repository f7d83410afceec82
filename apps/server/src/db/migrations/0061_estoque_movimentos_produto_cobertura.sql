-- Purchase suggestion (issue 34, docs/benchmarks.md «Compras — sugestão»): a supplier's sales history is
-- read per product over two windows (2 × 90 days) from estoque_movimentos_product_idx. A real ledger
-- interleaves products in time, so each of a product's rows sits on its own heap page: 5,000 products ×
-- ~500 rows read 2.47 M heap pages (8 s). With the quantities in the index (hand-written: drizzle
-- declares no INCLUDE; the schema keeps declaring the index on (product_id, ocorrido_em, id)) the read
-- is an index-only scan. Same name and key: the Kardex and every existing plan are unchanged; a ledger
-- row's index entry grows by these columns (no extra index on the write path).
DROP INDEX "estoque_movimentos_product_idx";--> statement-breakpoint
CREATE INDEX "estoque_movimentos_product_idx" ON "estoque_movimentos" USING btree ("product_id","ocorrido_em","id") INCLUDE ("quantidade","custo_unitario","saldo_produto","tipo","origem");
