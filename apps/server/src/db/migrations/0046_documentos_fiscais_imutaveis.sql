-- Issue 29: fiscal and money records are append-only in the database, like the stock ledger (0018) and
-- the bank ledger (0024): a mistake is corrected by a new row (an event, an estorno), never by editing
-- or deleting one. Each table keeps mutable only the columns its own flow changes; everything else is
-- refused with SQLSTATE 42501 (UPDATE, DELETE and TRUNCATE). db:reset drops the schema, tests clone
-- a fresh database: neither deletes these rows.
--
-- 1. Events of the outgoing NF-e and inutilized number ranges: never changed.
CREATE TRIGGER notas_fiscais_eventos_no_change BEFORE UPDATE OR DELETE ON notas_fiscais_eventos
  FOR EACH ROW EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
CREATE TRIGGER notas_fiscais_eventos_no_truncate BEFORE TRUNCATE ON notas_fiscais_eventos
  FOR EACH STATEMENT EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
CREATE TRIGGER nfe_inutilizacoes_no_change BEFORE UPDATE OR DELETE ON nfe_inutilizacoes
  FOR EACH ROW EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
CREATE TRIGGER nfe_inutilizacoes_no_truncate BEFORE TRUNCATE ON nfe_inutilizacoes
  FOR EACH STATEMENT EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
-- 2. The outgoing NF-e. Never deleted. Its identity (modelo, série, número, order, customer, ambiente)
-- never changes once numbered. Before SEFAZ decides (em_digitacao, assinada, rejeitada) the document
-- is still a draft the app signs again — for a resend, for contingência (tpEmis and chave change) and
-- «Gerar novamente» (same número, new dhEmi/vNF) — so xml, chave, tp_emis, emissao and valor_total may
-- change. Once autorizada or denegada the document is SEFAZ's: the signed xml, the nfeProc and the
-- protocol are fixed, and only the status moves on (autorizada → cancelada, with that event's
-- cStat/xMotivo). Cancelada, denegada and inutilizada are final: nothing changes. The status moves
-- only along the machine of packages/shared/src/notasfiscais/status-nota.ts (TRANSICOES_NOTA).
CREATE OR REPLACE FUNCTION notas_fiscais_imutavel() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  transicoes CONSTANT jsonb := '{
    "em_digitacao": ["assinada"],
    "assinada": ["autorizada", "rejeitada", "denegada", "inutilizada"],
    "rejeitada": ["assinada", "inutilizada"],
    "autorizada": ["cancelada"],
    "cancelada": [], "denegada": [], "inutilizada": []
  }';
  recusa text;
BEGIN
  IF (NEW.id, NEW.modelo, NEW.serie, NEW.numero, NEW.pedido_id, NEW.cliente_id, NEW.ambiente,
      NEW.created_by, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.modelo, OLD.serie, OLD.numero, OLD.pedido_id, OLD.cliente_id, OLD.ambiente,
      OLD.created_by, OLD.created_at) THEN
    recusa := 'a identificação da nota (modelo, série, número, pedido, cliente, ambiente) não muda';
  ELSIF OLD.status IN ('cancelada', 'denegada', 'inutilizada') THEN
    recusa := format('uma nota %s não muda mais', OLD.status);
  ELSIF NEW.status IS DISTINCT FROM OLD.status
        AND NOT coalesce((transicoes -> OLD.status) @> to_jsonb(NEW.status), false) THEN
    recusa := format('a situação não vai de %s para %s', OLD.status, NEW.status);
  ELSIF OLD.status NOT IN ('em_digitacao', 'assinada', 'rejeitada')
        AND (NEW.xml, NEW.chave, NEW.tp_emis, NEW.emissao, NEW.valor_total)
            IS DISTINCT FROM (OLD.xml, OLD.chave, OLD.tp_emis, OLD.emissao, OLD.valor_total) THEN
    recusa := 'o XML assinado e seus dados não mudam depois da autorização';
  ELSIF OLD.xml_autorizado IS NOT NULL AND NEW.xml_autorizado IS DISTINCT FROM OLD.xml_autorizado THEN
    recusa := 'o nfeProc autorizado não muda';
  ELSIF OLD.protocolo IS NOT NULL AND NEW.protocolo IS DISTINCT FROM OLD.protocolo THEN
    recusa := 'o protocolo de autorização não muda';
  ELSIF OLD.xml_autorizado IS NULL AND NEW.xml_autorizado IS NOT NULL
        AND NEW.status NOT IN ('autorizada', 'denegada') THEN
    recusa := 'o nfeProc só é gravado com a autorização ou a denegação';
  END IF;
  IF recusa IS NOT NULL THEN
    RAISE EXCEPTION 'notas_fiscais: %', recusa USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notas_fiscais_imutavel BEFORE UPDATE ON notas_fiscais
  FOR EACH ROW EXECUTE FUNCTION notas_fiscais_imutavel();
--> statement-breakpoint
CREATE TRIGGER notas_fiscais_no_delete BEFORE DELETE ON notas_fiscais
  FOR EACH ROW EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
CREATE TRIGGER notas_fiscais_no_truncate BEFORE TRUNCATE ON notas_fiscais
  FOR EACH STATEMENT EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
-- 3. Baixas: never deleted. An estorno marks the row once (estornada false → true with its motivo and
-- instant: the money goes back through a conta_movimentos estorno row); the commission the baixa
-- earned is recorded once, right after it. Every other column — the amounts, dates, account, título —
-- is fixed (a column added later is fixed too unless this function lets it change).
CREATE OR REPLACE FUNCTION baixas_imutavel() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  permitido baixas;
BEGIN
  permitido := OLD;
  IF NOT OLD.estornada THEN
    permitido.estornada := NEW.estornada;
    permitido.estorno_motivo := NEW.estorno_motivo;
    permitido.estornada_em := NEW.estornada_em;
  END IF;
  IF OLD.comissao IS NULL AND OLD.comissao_titulo_id IS NULL THEN
    permitido.comissao := NEW.comissao;
    permitido.comissao_titulo_id := NEW.comissao_titulo_id;
  END IF;
  IF permitido IS DISTINCT FROM NEW THEN
    RAISE EXCEPTION 'baixas: uma baixa não é alterada (estorne-a)' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER baixas_imutavel BEFORE UPDATE ON baixas
  FOR EACH ROW EXECUTE FUNCTION baixas_imutavel();
--> statement-breakpoint
CREATE TRIGGER baixas_no_delete BEFORE DELETE ON baixas
  FOR EACH ROW EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
CREATE TRIGGER baixas_no_truncate BEFORE TRUNCATE ON baixas
  FOR EACH STATEMENT EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
-- 4. Statement lines: what the bank said is never changed nor deleted; only the reconciliation state
-- (conciliada, conciliada_em, conciliada_por) moves — its links live in extrato_conciliacoes.
CREATE OR REPLACE FUNCTION extrato_linhas_imutavel() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  permitido extrato_linhas;
BEGIN
  permitido := OLD;
  permitido.conciliada := NEW.conciliada;
  permitido.conciliada_em := NEW.conciliada_em;
  permitido.conciliada_por := NEW.conciliada_por;
  IF permitido IS DISTINCT FROM NEW THEN
    RAISE EXCEPTION 'extrato_linhas: uma linha do extrato não é alterada (só a conciliação)'
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER extrato_linhas_imutavel BEFORE UPDATE ON extrato_linhas
  FOR EACH ROW EXECUTE FUNCTION extrato_linhas_imutavel();
--> statement-breakpoint
CREATE TRIGGER extrato_linhas_no_delete BEFORE DELETE ON extrato_linhas
  FOR EACH ROW EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
CREATE TRIGGER extrato_linhas_no_truncate BEFORE TRUNCATE ON extrato_linhas
  FOR EACH STATEMENT EXECUTE FUNCTION erp_somente_inclusao();
