DROP INDEX "sales_orders_data_emissao_idx";--> statement-breakpoint
DROP INDEX "products_ativo_estoque_idx";--> statement-breakpoint
DROP INDEX "products_ativo_custo_idx";--> statement-breakpoint
DROP INDEX "financial_accounts_aberto_idx";