-- Issue 35: the dashboard's products and customers of a long range (90 days, the year, 365 days) without
-- reading every product or customer of the range on each page load.
-- The range's days before today do not change as the day goes on (only an edit of an older order, a
-- cancellation or a rebuild changes them); today's do, with every order. A base is the answer for the
-- days before a cut-off day (`corte`): every key's sums computed once and kept as the count of keys sold
-- and the top keys by value "with ties" (all keys whose value reaches the K-th's). A page then reads the
-- base and only the days from the cut-off on (today's rows), and the past sums of those few keys: a key
-- outside the base's top sold strictly less than its last before the cut-off, so with the days after
-- added (never negative: sums of counted items and orders) the top 20 and the count are exact
-- (comercial-dashboard.service.ts, produtosDoPeriodo). Bases are built by the servers' sweep and on demand
-- (dashboard-bases.service.ts), never by a request's own transaction.
--
-- A base is valid while nothing before its cut-off changed since it was computed: `versao` counts such
-- changes. `fronteira` is the latest cut-off of any base; a statement writing a per-day row of a day
-- before it (dashboard_vendas_produto_dia, dashboard_vendas_cliente_dia: every change of an order or an
-- item writes them), or deleting or truncating any of the per-day, per-month or per-year rows the bases
-- read (the rebuilds), adds one to `versao` in its own transaction. A builder that moves `fronteira`
-- waits for every transaction that may have read the old one before computing (dashboard-bases.service).
CREATE TABLE dashboard_bases_estado (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  fronteira date,
  fronteira_desde timestamptz,
  versao bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO dashboard_bases_estado (id) VALUES (true);
--> statement-breakpoint
-- One base per model ('produtos', 'clientes'), first day and cut-off (exclusive): the count of keys
-- with presence (itens / pedidos) > 0 in [inicio, corte), and the top keys by value in cents with their
-- presence, "with ties" (so any key left out has a value strictly below the last one kept).
CREATE TABLE dashboard_bases (
  modelo text NOT NULL CHECK (modelo IN ('produtos', 'clientes')),
  inicio date NOT NULL,
  corte date NOT NULL CHECK (corte > inicio),
  versao bigint NOT NULL,
  contagem integer NOT NULL,
  chaves uuid[] NOT NULL,
  valores bigint[] NOT NULL,
  presencas integer[] NOT NULL,
  calculada_em timestamptz DEFAULT now() NOT NULL,
  PRIMARY KEY (modelo, inicio, corte)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_bases_mudou() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- inserts and updates of per-day rows: only days before the frontier touch a base (today's orders,
  -- the usual writes, do not); deletes and truncates (rebuilds) always
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NOT EXISTS (SELECT 1 FROM novos n, dashboard_bases_estado e WHERE n.dia < e.fronteira) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE dashboard_bases_estado SET versao = versao + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_produto_dia_ins AFTER INSERT ON dashboard_vendas_produto_dia
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_produto_dia_upd AFTER UPDATE ON dashboard_vendas_produto_dia
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_cliente_dia_ins AFTER INSERT ON dashboard_vendas_cliente_dia
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_cliente_dia_upd AFTER UPDATE ON dashboard_vendas_cliente_dia
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_produto_dia_del AFTER DELETE OR TRUNCATE ON dashboard_vendas_produto_dia
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_cliente_dia_del AFTER DELETE OR TRUNCATE ON dashboard_vendas_cliente_dia
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_produto_mes_del AFTER DELETE OR TRUNCATE ON dashboard_vendas_produto_mes
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_cliente_mes_del AFTER DELETE OR TRUNCATE ON dashboard_vendas_cliente_mes
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_produto_ano_del AFTER DELETE OR TRUNCATE ON relatorio_vendas_produto_ano
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_cliente_ano_del AFTER DELETE OR TRUNCATE ON dashboard_vendas_cliente_ano
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
