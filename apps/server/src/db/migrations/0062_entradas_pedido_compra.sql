-- Goods receipt against the purchase order (issue 34): a receipt may be tied to one open purchase
-- order of its supplier, and each of its items to one line of that order. On «Lançar» the lines'
-- quantidade_recebida grows by the items' base quantities (the estorno takes them back), so the
-- link per item is what both read. A receipt whose divergences exceed the company's tolerances
-- (compras_tolerancia_*_percentual in app_settings) is posted only with a justification.
ALTER TABLE "entradas" ADD COLUMN "pedido_compra_id" uuid REFERENCES "pedidos_compra"("id");
--> statement-breakpoint
ALTER TABLE "entradas" ADD COLUMN "justificativa_divergencia" text;
--> statement-breakpoint
ALTER TABLE "entradas" ADD CONSTRAINT "entradas_justificativa_divergencia_check" CHECK ("justificativa_divergencia" is null or char_length("justificativa_divergencia") between 15 and 500);
--> statement-breakpoint
-- The receipts of an order (its detail, the estorno's reopening).
CREATE INDEX "entradas_pedido_compra_idx" ON "entradas" ("pedido_compra_id") WHERE "pedido_compra_id" is not null;
--> statement-breakpoint
-- SET NULL: only a draft order's lines are ever deleted (an edit replaces them), and a draft is
-- never offered to a receipt; kept safe anyway.
ALTER TABLE "entrada_itens" ADD COLUMN "pedido_compra_item_id" uuid REFERENCES "pedido_compra_itens"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX "entrada_itens_pedido_compra_item_idx" ON "entrada_itens" ("pedido_compra_item_id") WHERE "pedido_compra_item_id" is not null;
