-- The statement-level audit of bulk writes (0042, 0050: an order's 100 items, bank statement lines)
-- wrote `x.j ->> v_key` and `x.j` from a subquery that PostgreSQL flattens into the INSERT's select
-- list, so `to_jsonb(row) - hidden` ran twice per row (EXPLAIN VERBOSE shows it in both outputs):
-- about a third of the items' INSERT on the order save (issue 30). OFFSET 0 keeps the subquery
-- (a planner fence), so each row is converted once; the audit rows are the same.
CREATE OR REPLACE FUNCTION audit_rows_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user uuid := nullif(current_setting('app.user_id', true), '')::uuid;
  v_email text := nullif(current_setting('app.user_email', true), '');
  v_ip inet := nullif(current_setting('app.ip', true), '')::inet;
  v_ua text := nullif(current_setting('app.user_agent', true), '');
  v_key text := coalesce(TG_ARGV[0], 'id');
  v_hidden text[] := audit_ocultas(TG_RELID);
BEGIN
  INSERT INTO audit_log (user_id, user_email, acao, tabela, registro_id, antes, depois, ip, user_agent)
  SELECT v_user, v_email, 'criacao', TG_TABLE_NAME, x.j ->> v_key, NULL, x.j, v_ip, v_ua
  FROM (SELECT to_jsonb(n) - v_hidden AS j FROM audit_novas n OFFSET 0) x;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_rows_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user uuid := nullif(current_setting('app.user_id', true), '')::uuid;
  v_email text := nullif(current_setting('app.user_email', true), '');
  v_ip inet := nullif(current_setting('app.ip', true), '')::inet;
  v_ua text := nullif(current_setting('app.user_agent', true), '');
  v_key text := coalesce(TG_ARGV[0], 'id');
  v_hidden text[] := audit_ocultas(TG_RELID);
BEGIN
  INSERT INTO audit_log (user_id, user_email, acao, tabela, registro_id, antes, depois, ip, user_agent)
  SELECT v_user, v_email, 'exclusao', TG_TABLE_NAME, x.j ->> v_key, x.j, NULL, v_ip, v_ua
  FROM (SELECT to_jsonb(o) - v_hidden AS j FROM audit_antigas o OFFSET 0) x;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An item's audit row (~2 KB of jsonb) is just over the size where PostgreSQL compresses a value;
-- pglz took ~2 ms of the 100 rows' ~7. lz4 compresses as well in a third of the time where the
-- server is built with it (Debian's PostgreSQL is; PGlite is not, and keeps pglz). Only new values
-- are written with it; both stay readable.
DO $$
BEGIN
  ALTER TABLE audit_log ALTER COLUMN antes SET COMPRESSION lz4, ALTER COLUMN depois SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END;
$$;
--> statement-breakpoint
-- The order save writes each item's frozen cost itself (the product's custo médio read by the same
-- INSERT, as this trigger would), so the per-row PL/pgSQL call — 100 on a 100-item save, ~1.5 ms —
-- fires only for an insert that leaves the cost empty (the other writers of order items).
DROP TRIGGER sales_order_items_congela_custo_ins ON "sales_order_items";--> statement-breakpoint
CREATE TRIGGER sales_order_items_congela_custo_ins BEFORE INSERT ON "sales_order_items"
  FOR EACH ROW WHEN (NEW.custo_unitario IS NULL) EXECUTE FUNCTION sales_order_items_congela_custo();
--> statement-breakpoint
-- dashboard_conta (0029) was STRICT, and PostgreSQL inlines a STRICT SQL function only when it can
-- prove its body strict — `status NOT IN (…)` (a ScalarArrayOpExpr) it cannot. So every read-model
-- trigger on an order's items joined sales_orders by a sequential scan calling the function once per
-- order (1,226 calls per trigger, four triggers, on a 1,226-order database) instead of filtering
-- the order it had found by key. Not STRICT, it is inlined as `status <> ALL (…)`: the same answer
-- (NULL for a NULL status, as before), with the column's statistics and indexes in reach.
CREATE OR REPLACE FUNCTION dashboard_conta(status text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status NOT IN ('orcamento', 'cancelado') $$;
