-- The returns list sorted by value or by name walks an index in that order (issue 32's bench: «sorted by
-- value, page 40» sorted all 100,000 returns, 138 ms p95; with the index 11 ms). Same direction for the
-- tie-breaker (listPage orders by the column and then id, both asc or both desc), so one index serves both.
CREATE INDEX "devolucoes_valor_idx" ON "devolucoes" ("tipo", "valor_total", "id");
--> statement-breakpoint
CREATE INDEX "devolucoes_pessoa_idx" ON "devolucoes" ("tipo", "pessoa_nome", "id");
