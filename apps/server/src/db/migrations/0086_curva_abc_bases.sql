-- Issue 35: the Curva ABC's first page for a year without aggregating every product or customer of the
-- year on each request. The report reads the whole curve (it ranks every key and sums the classes), so a
-- base for it holds every key's sums of the days before today — not only a top as the dashboard's — in
-- the same table and under the same rules as the dashboard's bases (migration 0085: `versao`, `fronteira`,
-- the servers' sweep; curva-abc-base.ts). A page then reads one row of arrays, today's rows and the sort.
--   abc_produtos: every product's Σ valor (cents) and Σ itens, off the same read models as the page
--                 (somasDeProdutos: the per-day, per-month and per-year rows, already watched by 0085);
--   abc_clientes: every customer's Σ receita and Σ custo (cents, the cost frozen at the sale) and Σ
--                 pedidos, off relatorio_vendas_pedido and its running sums (relatorio_vendas_cliente_ano).
ALTER TABLE dashboard_bases DROP CONSTRAINT dashboard_bases_modelo_check;
--> statement-breakpoint
ALTER TABLE dashboard_bases ADD CONSTRAINT dashboard_bases_modelo_check
  CHECK (modelo IN ('produtos', 'clientes', 'abc_produtos', 'abc_clientes'));
--> statement-breakpoint
-- the customers' cost per key (abc_clientes); null for the other models
ALTER TABLE dashboard_bases ADD COLUMN custos bigint[];
--> statement-breakpoint
-- relatorio_vendas_pedido: a row of an order dated before the frontier written, moved or removed
-- changes a base (an order moved from a past day to today is an UPDATE whose old row is past; an order
-- of today cancelled is a DELETE of today's row: no change). Its item statements run a DELETE of the rows
-- left without items on every call, most of them deleting nothing: hence the rows are looked at, not the
-- statement. TRUNCATE (a rebuild) always counts.
CREATE OR REPLACE FUNCTION dashboard_bases_mudou_pedido() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM novos n, dashboard_bases_estado e WHERE n.data_emissao < e.fronteira) THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM novos n, dashboard_bases_estado e WHERE n.data_emissao < e.fronteira)
      AND NOT EXISTS (SELECT 1 FROM antigos a, dashboard_bases_estado e WHERE a.data_emissao < e.fronteira) THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM antigos a, dashboard_bases_estado e WHERE a.data_emissao < e.fronteira) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE dashboard_bases_estado SET versao = versao + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_pedido_ins AFTER INSERT ON relatorio_vendas_pedido
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou_pedido();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_pedido_upd AFTER UPDATE ON relatorio_vendas_pedido
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou_pedido();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_pedido_del AFTER DELETE ON relatorio_vendas_pedido
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou_pedido();
--> statement-breakpoint
CREATE TRIGGER dashboard_bases_pedido_trunc AFTER TRUNCATE ON relatorio_vendas_pedido
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou_pedido();
--> statement-breakpoint
-- the customers' running sums are only deleted by their rebuild
CREATE TRIGGER dashboard_bases_cliente_ano_rel_del AFTER DELETE OR TRUNCATE ON relatorio_vendas_cliente_ano
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_bases_mudou();
