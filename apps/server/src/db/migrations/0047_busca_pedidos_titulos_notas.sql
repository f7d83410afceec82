-- Issue 30: every list's text search goes through an index. Expression indexes, not stored
-- columns: the expressions below are erp_normaliza() (an inlined translate + lower, cheap to
-- recheck), so an index serves the very WHERE the lists write without rewriting the tables (1 M
-- orders, 500 k títulos on the benchmark). The typed words are matched with one `like '%word%'`
-- each (apps/server/src/lib/busca-listas.ts), which pg_trgm's GIN serves.
--   orders: the customer name of the order (its snapshot); número by the unique btree; a typed
--     CPF/CNPJ through the customers' own trigram index (clientes_busca_trgm_idx) and
--     sales_orders_cliente_idx.
--   títulos: pessoa, description and document in one text (a typed word never spans two of them:
--     it has no space, and the parts are joined by one).
--   outgoing notes: the chave (ilike, which gin_trgm_ops serves); número by notas_fiscais_numero_key
--     is (modelo, serie, numero), so a número alone gets its own btree; the customer through
--     clientes_busca_trgm_idx and notas_fiscais_cliente_idx.
--   incoming notes: chave, issuer name and document in one text; número by a btree; the supplier
--     through fornecedores_busca_trgm_idx and entradas_fornecedor_idx.
CREATE INDEX IF NOT EXISTS "sales_orders_cliente_nome_trgm_idx" ON "sales_orders" USING gin (erp_normaliza("cliente_nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "financial_accounts_busca_trgm_idx" ON "financial_accounts" USING gin (erp_normaliza("pessoa_nome" || ' ' || "descricao" || ' ' || coalesce("documento", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notas_fiscais_chave_trgm_idx" ON "notas_fiscais" USING gin ("chave" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notas_fiscais_numero_idx" ON "notas_fiscais" USING btree ("numero");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "entradas_busca_trgm_idx" ON "entradas" USING gin (erp_normaliza(coalesce("chave", '') || ' ' || coalesce("emitente_nome", '') || ' ' || coalesce("emitente_documento", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "entradas_numero_idx" ON "entradas" USING btree ("numero");
