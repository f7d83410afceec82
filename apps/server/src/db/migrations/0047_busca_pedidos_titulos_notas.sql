-- Issue 30: every list's text search goes through an index. The typed words are matched with one
-- `like '%word%'` each (apps/server/src/lib/busca-listas.ts), which a pg_trgm GIN index serves;
-- a trigram match is always rechecked on the row, so the searched text is a stored column (as
-- clientes.busca and products.busca are): erp_normaliza()'s translate() costs ~10 µs a row, which
-- an expression index paid again on every candidate row (a broad word's 10,000 rows for the capped
-- count: 100+ ms), a stored column once per write. Adding them rewrites the tables once.
--   orders: the customer name the order keeps (its snapshot); número by the unique btree; a typed
--     CPF/CNPJ through the customers' own trigram index (clientes_busca_trgm_idx) and
--     sales_orders_cliente_idx.
--   títulos: pessoa, description and document in one text (a typed word never spans two of them:
--     it has no space, and the parts are joined by one).
--   outgoing notes: the chave (ilike on the column itself, which gin_trgm_ops serves; its recheck is
--     cheap); a número of any série by its own btree (notas_fiscais_numero_key leads with modelo,
--     serie); the customer through clientes_busca_trgm_idx and notas_fiscais_cliente_idx.
--   incoming notes: chave, issuer name and document in one text; número by a btree; the supplier
--     through fornecedores_busca_trgm_idx and entradas_fornecedor_idx.
-- IF [NOT] EXISTS throughout: an earlier draft of this migration built expression indexes instead.
DROP INDEX IF EXISTS "sales_orders_cliente_nome_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "financial_accounts_busca_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "entradas_busca_trgm_idx";--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN IF NOT EXISTS "busca" text GENERATED ALWAYS AS (erp_normaliza(cliente_nome)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN IF NOT EXISTS "busca" text GENERATED ALWAYS AS (erp_normaliza(pessoa_nome || ' ' || descricao || ' ' || coalesce(documento, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "entradas" ADD COLUMN IF NOT EXISTS "busca" text GENERATED ALWAYS AS (erp_normaliza(coalesce(chave, '') || ' ' || coalesce(emitente_nome, '') || ' ' || coalesce(emitente_documento, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sales_orders_busca_trgm_idx" ON "sales_orders" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "financial_accounts_busca_trgm_idx" ON "financial_accounts" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "entradas_busca_trgm_idx" ON "entradas" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notas_fiscais_chave_trgm_idx" ON "notas_fiscais" USING gin ("chave" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notas_fiscais_numero_idx" ON "notas_fiscais" USING btree ("numero");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "entradas_numero_idx" ON "entradas" USING btree ("numero");--> statement-breakpoint
-- The new columns' statistics now: a table rewrite does not count as changes for autovacuum's
-- analyze, and without them the planner guesses how many rows a typed word matches (the choice
-- between walking the list's order and reading the trigram matches).
ANALYZE "sales_orders" ("busca");--> statement-breakpoint
ANALYZE "financial_accounts" ("busca");--> statement-breakpoint
ANALYZE "entradas" ("busca");
