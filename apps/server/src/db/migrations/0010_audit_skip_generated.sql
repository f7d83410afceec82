-- Generic audit mechanism (redefined): generated columns are left out of the before/after values,
-- like secrets. Otherwise identical to migration 0001.
-- Generic audit mechanism: one trigger function for every business table. The acting user, IP and
-- user agent come from transaction-local settings that the server sets for each writing request
-- (see apps/server/src/lib/audit-context.ts). Secrets never enter the log.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user uuid := nullif(current_setting('app.user_id', true), '')::uuid;
  v_email text := nullif(current_setting('app.user_email', true), '');
  v_ip inet := nullif(current_setting('app.ip', true), '')::inet;
  v_ua text := nullif(current_setting('app.user_agent', true), '');
  v_key text := coalesce(TG_ARGV[0], 'id');
  -- secrets, plus generated columns (e.g. the search text `busca`): derived data, not a change
  v_hidden text[] := ARRAY['encrypted_password', 'token_hash'] || coalesce(
    (SELECT array_agg(attname::text) FROM pg_attribute
      WHERE attrelid = TG_RELID AND attgenerated <> '' AND NOT attisdropped), ARRAY[]::text[]);
  v_old jsonb;
  v_new jsonb;
  v_before jsonb := '{}'::jsonb;
  v_after jsonb := '{}'::jsonb;
  k text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    v_new := to_jsonb(NEW) - v_hidden;
    INSERT INTO audit_log (user_id, user_email, acao, tabela, registro_id, antes, depois, ip, user_agent)
    VALUES (v_user, v_email, 'criacao', TG_TABLE_NAME, v_new ->> v_key, NULL, v_new, v_ip, v_ua);
  ELSIF TG_OP = 'UPDATE' THEN
    v_old := to_jsonb(OLD) - v_hidden;
    v_new := to_jsonb(NEW) - v_hidden;
    FOR k IN SELECT jsonb_object_keys(v_new) LOOP
      -- bookkeeping columns alone do not make a change worth recording
      IF k NOT IN ('updated_at', 'versao') AND (v_old -> k) IS DISTINCT FROM (v_new -> k) THEN
        v_before := v_before || jsonb_build_object(k, v_old -> k);
        v_after := v_after || jsonb_build_object(k, v_new -> k);
      END IF;
    END LOOP;
    IF v_after = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
    INSERT INTO audit_log (user_id, user_email, acao, tabela, registro_id, antes, depois, ip, user_agent)
    VALUES (v_user, v_email, 'alteracao', TG_TABLE_NAME, v_new ->> v_key, v_before, v_after, v_ip, v_ua);
  ELSE
    v_old := to_jsonb(OLD) - v_hidden;
    INSERT INTO audit_log (user_id, user_email, acao, tabela, registro_id, antes, depois, ip, user_agent)
    VALUES (v_user, v_email, 'exclusao', TG_TABLE_NAME, v_old ->> v_key, v_old, NULL, v_ip, v_ua);
  END IF;
  RETURN NULL;
END;
$$;
