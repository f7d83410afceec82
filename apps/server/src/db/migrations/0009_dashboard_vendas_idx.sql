DROP INDEX "dashboard_vendas_produto_mes_valor_idx";--> statement-breakpoint
CREATE INDEX "dashboard_vendas_produto_mes_valor_idx" ON "dashboard_vendas_produto_mes" USING btree ("mes","valor" DESC NULLS LAST,"product_id") WHERE "dashboard_vendas_produto_mes"."itens" > 0;--> statement-breakpoint
-- Open accounts per type by due date, carrying the value: the finance cards by an index-only scan,
-- and each type's list (and the per-type halves of "Contas Vencidas") in due-date order. An index
-- led by the due date alone made "Contas a Pagar" walk past every old open receivable.
DROP INDEX IF EXISTS dashboard_contas_aberto_venc_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dashboard_contas_aberto_idx ON financial_accounts (tipo, data_vencimento) INCLUDE (valor)
  WHERE status = 'em_aberto';
