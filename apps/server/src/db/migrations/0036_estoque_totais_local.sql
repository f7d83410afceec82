CREATE TABLE "estoque_totais_local" (
	"local_id" uuid NOT NULL,
	"fatia" smallint NOT NULL,
	"produtos" integer DEFAULT 0 NOT NULL,
	"saldo" numeric(20, 3) DEFAULT '0' NOT NULL,
	"valor" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "estoque_totais_local_pkey" PRIMARY KEY("local_id","fatia")
);
--> statement-breakpoint
ALTER TABLE "estoque_totais_local" ADD CONSTRAINT "estoque_totais_local_local_id_locais_estoque_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais_estoque"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The Posição de Estoque filtered by a location alone (issue 12, docs/benchmarks.md) reads its totals
-- row here instead of aggregating the location's ~95,000 balances on every page. The ledger keeps
-- the slices in the statement that writes the balances (razao.service.ts): the changed products'
-- shares before and after, in every location they have balances (a custo médio change revalues
-- them all). A product's share of a location: counted when it has a balance row there and is active
-- or holds a saldo ≠ 0 there; valued round(Σ saldo there × custo médio, 2).
-- Rebuild from scratch (backfill, bulk loads that bypass the ledger). SHARE mode waits for the
-- writers in flight and holds new ones until the rebuild commits, so no delta is lost or counted
-- twice (a posting locks estoque_saldos in ROW EXCLUSIVE mode only in its writing statement).
CREATE OR REPLACE FUNCTION estoque_totais_local_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE estoque_saldos IN SHARE MODE;
  LOCK TABLE products IN SHARE MODE;
  DELETE FROM estoque_totais_local;
  INSERT INTO estoque_totais_local (local_id, fatia, produtos, saldo, valor)
  SELECT s.local_id, 0, count(*) FILTER (WHERE p.ativo OR s.saldo <> 0), sum(s.saldo),
         sum(round(s.saldo * p.custo_medio, 2))
  FROM (SELECT produto_id, local_id, sum(saldo) AS saldo FROM estoque_saldos GROUP BY produto_id, local_id) s
  JOIN products p ON p.id = s.produto_id
  GROUP BY s.local_id;
END;
$$;
--> statement-breakpoint
-- A product activated or deactivated enters or leaves the count of each location where it has
-- balance rows and no saldo (the register's update; the ledger never changes ativo).
CREATE OR REPLACE FUNCTION estoque_totais_local_ativo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO estoque_totais_local AS t (local_id, fatia, produtos)
  SELECT s.local_id, pg_backend_pid() % 16, CASE WHEN NEW.ativo THEN 1 ELSE -1 END
  FROM estoque_saldos s WHERE s.produto_id = NEW.id
  GROUP BY s.local_id HAVING sum(s.saldo) = 0
  ON CONFLICT (local_id, fatia) DO UPDATE SET produtos = t.produtos + excluded.produtos;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER estoque_totais_local_ativo AFTER UPDATE OF ativo ON products
  FOR EACH ROW WHEN (OLD.ativo IS DISTINCT FROM NEW.ativo) EXECUTE FUNCTION estoque_totais_local_ativo();
--> statement-breakpoint
-- Existing balances enter the read model.
SELECT estoque_totais_local_recalcular();
