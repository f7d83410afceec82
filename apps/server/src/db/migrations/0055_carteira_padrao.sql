-- Cobrança (issue 31): the carteira a receivable without an account takes (an NF-e's receivables
-- name no account) when several are active: at most one carteira is the company's default.
ALTER TABLE "carteiras_cobranca" ADD COLUMN "padrao" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "carteiras_cobranca_padrao_key" ON "carteiras_cobranca" ("padrao") WHERE "padrao";
