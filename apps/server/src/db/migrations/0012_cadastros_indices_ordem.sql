DROP INDEX "clientes_nome_ordem_idx";--> statement-breakpoint
DROP INDEX "fornecedores_nome_ordem_idx";--> statement-breakpoint
DROP INDEX "vendedores_nome_idx";--> statement-breakpoint
CREATE INDEX "clientes_busca_ordem_idx" ON "clientes" USING btree ("busca","id");--> statement-breakpoint
CREATE INDEX "clientes_municipio_ordem_idx" ON "clientes" USING btree ("municipio","id");--> statement-breakpoint
CREATE INDEX "clientes_limite_credito_ordem_idx" ON "clientes" USING btree ("limite_credito","id");--> statement-breakpoint
CREATE INDEX "fornecedores_busca_ordem_idx" ON "fornecedores" USING btree ("busca","id");--> statement-breakpoint
CREATE INDEX "vendedores_busca_ordem_idx" ON "vendedores" USING btree ("busca","id");