-- Finance (issue 15, bench with 500,000 títulos): every filter of the lists and the area answered from
-- indexes alone. The list's status + period filter gives the ids to "pago no período" (INCLUDE id);
-- the baixas of a period by date (pago no período, the month by classe); the open títulos of one
-- account by due date (the previsto of one account's fluxo de caixa).
DROP INDEX IF EXISTS "financial_accounts_lista_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "financial_accounts_lista_idx" ON "financial_accounts" ("tipo", "status", "data_vencimento")
  INCLUDE ("saldo", "id");
--> statement-breakpoint
DROP INDEX IF EXISTS "baixas_ativas_titulo_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "baixas_ativas_data_idx" ON "baixas" ("data_pagamento") INCLUDE ("titulo_id", "principal")
  WHERE NOT "estornada";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "financial_accounts_abertos_conta_idx" ON "financial_accounts" ("conta_bancaria_id", "data_vencimento")
  INCLUDE ("saldo", "tipo") WHERE "status" IN ('em_aberto', 'parcial');
