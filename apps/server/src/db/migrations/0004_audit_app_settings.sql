-- Settings changes (e.g. "Permitir novos cadastros") are audited by the generic trigger, keyed by
-- chave. The generated JWT secret also lives in app_settings and must never enter the log, so the
-- trigger skips that row.
CREATE TRIGGER audit_row_change AFTER INSERT OR UPDATE ON app_settings FOR EACH ROW
  WHEN (NEW.chave <> 'jwt_secret') EXECUTE FUNCTION audit_row_change('chave');
--> statement-breakpoint
CREATE TRIGGER audit_row_delete AFTER DELETE ON app_settings FOR EACH ROW
  WHEN (OLD.chave <> 'jwt_secret') EXECUTE FUNCTION audit_row_change('chave');
