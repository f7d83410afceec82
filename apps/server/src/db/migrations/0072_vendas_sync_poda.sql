-- Força de vendas (issue 36, decision 0010): the change log is pruned. Entries older than the
-- retention (30 days, apps/server/src/modules/vendas/sync-poda.ts) are deleted; the horizon keeps the
-- highest transaction id deleted, and a device cursor whose snapshot xmin is not above it could miss a
-- deleted entry, so its next sync is a full one.
CREATE TABLE "vendas_sync_horizonte" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "xid" xid8 NOT NULL,
  "podado_em" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "vendas_sync_log_created_at_idx" ON "vendas_sync_log" ("created_at");
