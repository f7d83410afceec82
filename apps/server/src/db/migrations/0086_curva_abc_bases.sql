-- Issue 35: the Curva ABC's first page for a year without ranking every product or customer of the year
-- on each request. A base (curva-abc-base.ts) is the whole curve of a range's days before a cut-off day —
-- every key with its position, its value, and the running total of the positive values before it — kept
-- while nothing before the cut-off changes, under the same rules as the dashboard's bases (migration
-- 0085: `versao`, `fronteira`, the servers' sweep). A page then reads the few rows around what it shows
-- and around the classes' cut-offs, and the keys sold from the cut-off on (today's), through the indexes
-- below: a key sold today moves in the curve and shifts the positions and running totals after it by
-- amounts the page adds up over those few keys alone.
CREATE TABLE curva_abc_bases (
  id bigserial PRIMARY KEY,
  -- 'produto' | 'cliente'; criterio 'receita' | 'margem' (the order of the positions)
  dimensao text NOT NULL CHECK (dimensao IN ('produto', 'cliente')),
  criterio text NOT NULL CHECK (criterio IN ('receita', 'margem')),
  inicio date NOT NULL,
  corte date NOT NULL CHECK (corte > inicio),
  versao bigint NOT NULL,
  -- the curve's keys, Σ receita, Σ custo (cents; null for the products: their read models hold none)
  -- and Σ of the positive values (the classes' total)
  itens integer NOT NULL,
  receita bigint NOT NULL,
  custo bigint,
  total bigint NOT NULL,
  calculada_em timestamptz DEFAULT now() NOT NULL,
  UNIQUE (dimensao, criterio, inicio, corte)
);
--> statement-breakpoint
-- One row per key with presence (items / orders) in [inicio, corte), in the curve's order: `posicao`
-- 1..itens by value descending then key; `valor_neg` = −value, so that the order is (valor_neg, chave)
-- ascending and a row comparison finds where any (value, key) falls; `antes` = Σ of the positive values
-- of the rows before (nondecreasing with the position).
CREATE TABLE curva_abc_base_linhas (
  base_id bigint NOT NULL REFERENCES curva_abc_bases (id) ON DELETE CASCADE,
  posicao integer NOT NULL,
  chave uuid NOT NULL,
  valor_neg bigint NOT NULL,
  antes bigint NOT NULL,
  receita bigint NOT NULL,
  custo bigint,
  presenca integer NOT NULL,
  PRIMARY KEY (base_id, posicao)
);
--> statement-breakpoint
CREATE UNIQUE INDEX curva_abc_base_linhas_chave_idx ON curva_abc_base_linhas (base_id, chave);
--> statement-breakpoint
CREATE INDEX curva_abc_base_linhas_ordem_idx ON curva_abc_base_linhas (base_id, valor_neg, chave);
--> statement-breakpoint
CREATE INDEX curva_abc_base_linhas_antes_idx ON curva_abc_base_linhas (base_id, antes, posicao);
--> statement-breakpoint
-- relatorio_vendas_pedido (the customers' curve): a row of an order dated before the frontier written,
-- moved or removed changes a base (an order moved from a past day to today is an UPDATE whose old row is
-- past; an order of today cancelled is a DELETE of today's row: no change). Its item statements run a
-- DELETE of the rows left without items on every call, most of them deleting nothing: hence the rows are
-- looked at, not the statement. TRUNCATE (a rebuild) always counts.
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
