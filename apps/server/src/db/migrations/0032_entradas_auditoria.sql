-- Goods receipt: the header, its items and the learned supplier-code mapping are audited (the
-- ledger rows and payables a posting writes are audited by their own modules).
SELECT audit_attach('entradas');--> statement-breakpoint
SELECT audit_attach('entrada_itens', 'entrada_id');--> statement-breakpoint
SELECT audit_attach('entrada_duplicatas', 'entrada_id');--> statement-breakpoint
SELECT audit_attach('fornecedor_produto_codigos');
