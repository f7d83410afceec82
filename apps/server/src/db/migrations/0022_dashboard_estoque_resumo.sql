CREATE TABLE "dashboard_estoque_resumo" (
	"fatia" smallint PRIMARY KEY NOT NULL,
	"produtos" integer DEFAULT 0 NOT NULL,
	"abaixo_minimo" integer DEFAULT 0 NOT NULL,
	"acima_maximo" integer DEFAULT 0 NOT NULL,
	"valor" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
-- The stock block's figures as a read model (docs/decisions/0001-dashboard-read-model.md): 16
-- slices whose sums are the active products, those at or below their minimum, those at or above a
-- maximum above 0 (stockStatus() in @erp/shared) and Σ estoque_atual × preco_custo of the active
-- products with stock above 0 (unrounded: the endpoint rounds the sum once). A statement-level
-- trigger on products adds each statement's delta in the same transaction, to a slice no other
-- transaction holds (SKIP LOCKED), so concurrent ledger postings never queue on one hot row.
INSERT INTO dashboard_estoque_resumo (fatia) SELECT g FROM generate_series(0, 15) g;
--> statement-breakpoint
-- One product's share of the figures: the one place the rule is written in SQL.
CREATE OR REPLACE FUNCTION dashboard_estoque_parcela(p products,
  OUT produtos int, OUT abaixo_minimo int, OUT acima_maximo int, OUT valor numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT p.ativo::int,
         (p.ativo AND p.estoque_atual <= p.estoque_minimo)::int,
         (p.ativo AND p.estoque_maximo > 0 AND p.estoque_atual >= p.estoque_maximo)::int,
         CASE WHEN p.ativo AND p.estoque_atual > 0 THEN p.estoque_atual * p.preco_custo ELSE 0 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_estoque_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n record;
  o record;
  fatia_livre smallint;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(sum(c.produtos), 0) AS produtos, coalesce(sum(c.abaixo_minimo), 0) AS abaixo_minimo,
           coalesce(sum(c.acima_maximo), 0) AS acima_maximo, coalesce(sum(c.valor), 0) AS valor
    INTO n FROM novos r, dashboard_estoque_parcela(r) c;
  ELSE
    SELECT 0 AS produtos, 0 AS abaixo_minimo, 0 AS acima_maximo, 0 AS valor INTO n;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT coalesce(sum(c.produtos), 0) AS produtos, coalesce(sum(c.abaixo_minimo), 0) AS abaixo_minimo,
           coalesce(sum(c.acima_maximo), 0) AS acima_maximo, coalesce(sum(c.valor), 0) AS valor
    INTO o FROM antigos r, dashboard_estoque_parcela(r) c;
  ELSE
    SELECT 0 AS produtos, 0 AS abaixo_minimo, 0 AS acima_maximo, 0 AS valor INTO o;
  END IF;
  IF n.produtos = o.produtos AND n.abaixo_minimo = o.abaixo_minimo AND n.acima_maximo = o.acima_maximo
     AND n.valor = o.valor THEN
    RETURN NULL; -- nothing the block shows changed (a name, a price list…): no slice touched
  END IF;
  -- A slice no other transaction holds, starting from this backend's own; this transaction's
  -- earlier statements keep theirs (its own lock does not count as held). Only when all 16 are
  -- held does it wait, for its own.
  SELECT s.fatia INTO fatia_livre FROM dashboard_estoque_resumo s
  ORDER BY (s.fatia - pg_backend_pid() % 16 + 16) % 16
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  UPDATE dashboard_estoque_resumo s
  SET produtos = s.produtos + n.produtos - o.produtos,
      abaixo_minimo = s.abaixo_minimo + n.abaixo_minimo - o.abaixo_minimo,
      acima_maximo = s.acima_maximo + n.acima_maximo - o.acima_maximo,
      valor = s.valor + n.valor - o.valor
  WHERE s.fatia = coalesce(fatia_livre, pg_backend_pid() % 16);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_estoque_ins AFTER INSERT ON products
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_estoque_aplicar();
--> statement-breakpoint
CREATE TRIGGER dashboard_estoque_upd AFTER UPDATE ON products
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_estoque_aplicar();
--> statement-breakpoint
CREATE TRIGGER dashboard_estoque_del AFTER DELETE ON products
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_estoque_aplicar();
--> statement-breakpoint
-- Rebuild from scratch: after a bulk load that bypassed triggers (session_replication_role =
-- replica), or to check the incremental upkeep. SHARE mode waits for the writers in flight and
-- holds new ones until the rebuild commits, so no delta is lost or counted twice. The slices are
-- updated (not deleted and inserted again) so a writer waiting on one applies its delta on top.
CREATE OR REPLACE FUNCTION dashboard_estoque_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  INSERT INTO dashboard_estoque_resumo (fatia) SELECT g FROM generate_series(0, 15) g ON CONFLICT DO NOTHING;
  UPDATE dashboard_estoque_resumo s
  SET produtos = t.produtos, abaixo_minimo = t.abaixo_minimo, acima_maximo = t.acima_maximo, valor = t.valor
  FROM (
    SELECT coalesce(sum(c.produtos), 0) AS produtos, coalesce(sum(c.abaixo_minimo), 0) AS abaixo_minimo,
           coalesce(sum(c.acima_maximo), 0) AS acima_maximo, coalesce(sum(c.valor), 0) AS valor
    FROM products p, dashboard_estoque_parcela(p) c
  ) t
  WHERE s.fatia = 0;
  UPDATE dashboard_estoque_resumo SET produtos = 0, abaixo_minimo = 0, acima_maximo = 0, valor = 0
  WHERE fatia <> 0;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_estoque_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dashboard_estoque_resumo SET produtos = 0, abaixo_minimo = 0, acima_maximo = 0, valor = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_estoque_trunc AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_estoque_truncar();
--> statement-breakpoint
-- Existing products (demo data) enter the read model.
SELECT dashboard_estoque_recalcular();
