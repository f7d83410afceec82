-- Audit of an order's items in bulk (issue 30): saving a 100-item order inserts its 100 items in one
-- statement and an edit deletes them in one. The row-level audit_row_change cost one PL/pgSQL call
-- per row (current_setting ×4, the generated-columns lookup, to_jsonb, one INSERT) — about half of
-- the items statement's time. Statement-level triggers write the same audit rows from the transition
-- tables in one INSERT … SELECT ('criacao' / 'exclusao', the key, the row as jsonb without the
-- secret and generated columns, the acting user); updates keep the row-level trigger (it diffs).
CREATE OR REPLACE FUNCTION audit_ocultas(p_rel oid) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT ARRAY['encrypted_password', 'token_hash'] || coalesce(
    (SELECT array_agg(attname::text) FROM pg_attribute
      WHERE attrelid = p_rel AND attgenerated <> '' AND NOT attisdropped), ARRAY[]::text[])
$$;
--> statement-breakpoint
-- as 0042's, now also without generated columns (as audit_row_change)
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
  FROM (SELECT to_jsonb(n) - v_hidden AS j FROM audit_novas n) x;
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
  FROM (SELECT to_jsonb(o) - v_hidden AS j FROM audit_antigas o) x;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- audit_attach for a table written and replaced in bulk: row-level for UPDATE, statement-level for
-- INSERT and DELETE.
CREATE OR REPLACE FUNCTION audit_attach_lote_exclusao(p_table regclass, p_key text DEFAULT 'id') RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS audit_row_change ON %s', p_table);
  EXECUTE format('DROP TRIGGER IF EXISTS audit_rows_inserted ON %s', p_table);
  EXECUTE format('DROP TRIGGER IF EXISTS audit_rows_deleted ON %s', p_table);
  EXECUTE format(
    'CREATE TRIGGER audit_row_change AFTER UPDATE ON %s FOR EACH ROW EXECUTE FUNCTION audit_row_change(%L)',
    p_table, p_key);
  EXECUTE format(
    'CREATE TRIGGER audit_rows_inserted AFTER INSERT ON %s REFERENCING NEW TABLE AS audit_novas FOR EACH STATEMENT EXECUTE FUNCTION audit_rows_inserted(%L)',
    p_table, p_key);
  EXECUTE format(
    'CREATE TRIGGER audit_rows_deleted AFTER DELETE ON %s REFERENCING OLD TABLE AS audit_antigas FOR EACH STATEMENT EXECUTE FUNCTION audit_rows_deleted(%L)',
    p_table, p_key);
END;
$$;
--> statement-breakpoint
SELECT audit_attach_lote_exclusao('sales_order_items');
