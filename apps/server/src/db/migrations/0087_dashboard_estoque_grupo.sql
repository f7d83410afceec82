-- Issue 35: the dashboard's "Valor em estoque por grupo" chart summed every active product with stock
-- on each request (95 ms at 200,000 products, the slowest of the page's ten requests for every
-- period). Now a read model beside the stock block's (migration 0022): per group and slice, the active
-- products with stock above 0 and Σ estoque_atual × preco_custo (unrounded: the endpoint rounds each
-- group's sum once), kept by the same statement-level trigger on products in the same transaction.
-- The group rows go in the slice the statement took in dashboard_estoque_resumo (FOR UPDATE SKIP
-- LOCKED, or its own when all 16 are held): only the holder of that slice's lock writes them, so
-- concurrent postings neither queue nor deadlock on them.
CREATE TABLE dashboard_estoque_grupo (
  -- the product's group; the zero uuid for none ("Sem grupo")
  grupo_id uuid NOT NULL,
  fatia smallint NOT NULL,
  produtos integer NOT NULL DEFAULT 0,
  valor numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (grupo_id, fatia)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_estoque_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
  v_fatia smallint;
  v_grupos uuid[];
  v_produtos int[];
  v_valores numeric[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(sum(c.produtos), 0) AS produtos, coalesce(sum(c.abaixo_minimo), 0) AS abaixo_minimo,
           coalesce(sum(c.acima_maximo), 0) AS acima_maximo, coalesce(sum(c.valor), 0) AS valor
    INTO d FROM novos r, dashboard_estoque_parcela(r, 1) c;
    SELECT array_agg(z.g ORDER BY z.g), array_agg(z.produtos ORDER BY z.g), array_agg(z.valor ORDER BY z.g)
    INTO v_grupos, v_produtos, v_valores
    FROM (SELECT x.g, sum(x.produtos)::int AS produtos, sum(x.valor) AS valor
          FROM novos r, dashboard_estoque_grupo_parcela(r, 1) x
          GROUP BY x.g HAVING sum(x.produtos) <> 0 OR sum(x.valor) <> 0) z;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT coalesce(sum(c.produtos), 0) AS produtos, coalesce(sum(c.abaixo_minimo), 0) AS abaixo_minimo,
           coalesce(sum(c.acima_maximo), 0) AS acima_maximo, coalesce(sum(c.valor), 0) AS valor
    INTO d FROM antigos r, dashboard_estoque_parcela(r, -1) c;
    SELECT array_agg(z.g ORDER BY z.g), array_agg(z.produtos ORDER BY z.g), array_agg(z.valor ORDER BY z.g)
    INTO v_grupos, v_produtos, v_valores
    FROM (SELECT x.g, sum(x.produtos)::int AS produtos, sum(x.valor) AS valor
          FROM antigos r, dashboard_estoque_grupo_parcela(r, -1) x
          GROUP BY x.g HAVING sum(x.produtos) <> 0 OR sum(x.valor) <> 0) z;
  ELSE
    SELECT coalesce(sum(c.produtos), 0) AS produtos, coalesce(sum(c.abaixo_minimo), 0) AS abaixo_minimo,
           coalesce(sum(c.acima_maximo), 0) AS acima_maximo, coalesce(sum(c.valor), 0) AS valor
    INTO d FROM (SELECT c.* FROM novos r, dashboard_estoque_parcela(r, 1) c
                 UNION ALL SELECT c.* FROM antigos r, dashboard_estoque_parcela(r, -1) c) c;
    SELECT array_agg(z.g ORDER BY z.g), array_agg(z.produtos ORDER BY z.g), array_agg(z.valor ORDER BY z.g)
    INTO v_grupos, v_produtos, v_valores
    FROM (SELECT x.g, sum(x.produtos)::int AS produtos, sum(x.valor) AS valor
          FROM (SELECT x.* FROM novos r, dashboard_estoque_grupo_parcela(r, 1) x
                UNION ALL SELECT x.* FROM antigos r, dashboard_estoque_grupo_parcela(r, -1) x) x
          GROUP BY x.g HAVING sum(x.produtos) <> 0 OR sum(x.valor) <> 0) z;
  END IF;
  IF d.produtos = 0 AND d.abaixo_minimo = 0 AND d.acima_maximo = 0 AND d.valor = 0 AND v_grupos IS NULL THEN
    RETURN NULL; -- nothing the block shows changed (a name, a price list…): no slice touched
  END IF;
  -- A slice no other transaction holds, starting from this backend's own (this transaction's own
  -- lock does not count as held); only when all 16 are held does it wait, for its own.
  UPDATE dashboard_estoque_resumo s
  SET produtos = s.produtos + d.produtos, abaixo_minimo = s.abaixo_minimo + d.abaixo_minimo,
      acima_maximo = s.acima_maximo + d.acima_maximo, valor = s.valor + d.valor
  WHERE s.fatia = (SELECT f.fatia FROM dashboard_estoque_resumo f
                   ORDER BY (f.fatia - pg_backend_pid() % 16 + 16) % 16
                   LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING s.fatia INTO v_fatia;
  IF NOT FOUND THEN
    UPDATE dashboard_estoque_resumo s
    SET produtos = s.produtos + d.produtos, abaixo_minimo = s.abaixo_minimo + d.abaixo_minimo,
        acima_maximo = s.acima_maximo + d.acima_maximo, valor = s.valor + d.valor
    WHERE s.fatia = pg_backend_pid() % 16
    RETURNING s.fatia INTO v_fatia;
  END IF;
  -- the group rows of the slice now held (the lock of its resumo row guards them)
  IF v_grupos IS NOT NULL THEN
    INSERT INTO dashboard_estoque_grupo AS t (grupo_id, fatia, produtos, valor)
    SELECT u.g, v_fatia, u.p, u.v FROM unnest(v_grupos, v_produtos, v_valores) AS u(g, p, v)
    ON CONFLICT (grupo_id, fatia)
    DO UPDATE SET produtos = t.produtos + excluded.produtos, valor = t.valor + excluded.valor;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- One product's share of a group's figures: the one place that rule is written in SQL (as
-- dashboard_estoque_parcela's valor: active, stock above 0).
CREATE OR REPLACE FUNCTION dashboard_estoque_grupo_parcela(p products, sinal int)
RETURNS TABLE (g uuid, produtos int, valor numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(p.grupo_id, '00000000-0000-0000-0000-000000000000'::uuid),
         sinal * (p.ativo AND p.estoque_atual > 0)::int,
         CASE WHEN p.ativo AND p.estoque_atual > 0 THEN sinal * p.estoque_atual * p.preco_custo ELSE 0 END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_estoque_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE products IN SHARE MODE;
  INSERT INTO dashboard_estoque_resumo (fatia) SELECT g FROM generate_series(0, 15) g ON CONFLICT DO NOTHING;
  UPDATE dashboard_estoque_resumo s
  SET produtos = t.produtos, abaixo_minimo = t.abaixo_minimo, acima_maximo = t.acima_maximo, valor = t.valor
  FROM (
    SELECT coalesce(sum(c.produtos), 0) AS produtos, coalesce(sum(c.abaixo_minimo), 0) AS abaixo_minimo,
           coalesce(sum(c.acima_maximo), 0) AS acima_maximo, coalesce(sum(c.valor), 0) AS valor
    FROM products p, dashboard_estoque_parcela(p, 1) c
  ) t
  WHERE s.fatia = 0;
  UPDATE dashboard_estoque_resumo SET produtos = 0, abaixo_minimo = 0, acima_maximo = 0, valor = 0
  WHERE fatia <> 0;
  -- the products are held (SHARE): no writer holds a slice now, the group rows are rewritten whole
  DELETE FROM dashboard_estoque_grupo;
  INSERT INTO dashboard_estoque_grupo (grupo_id, fatia, produtos, valor)
  SELECT x.g, 0, sum(x.produtos)::int, sum(x.valor)
  FROM products p, dashboard_estoque_grupo_parcela(p, 1) x
  WHERE x.produtos <> 0
  GROUP BY x.g;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_estoque_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dashboard_estoque_resumo SET produtos = 0, abaixo_minimo = 0, acima_maximo = 0, valor = 0;
  DELETE FROM dashboard_estoque_grupo;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
SELECT dashboard_estoque_recalcular();
