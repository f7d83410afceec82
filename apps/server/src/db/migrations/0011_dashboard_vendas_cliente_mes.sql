CREATE TABLE "dashboard_vendas_cliente_mes" (
	"mes" date NOT NULL,
	"cliente_id" uuid NOT NULL,
	"pedidos" integer NOT NULL,
	"valor" numeric(20, 2) NOT NULL,
	CONSTRAINT "dashboard_vendas_cliente_mes_pkey" PRIMARY KEY("mes","cliente_id")
);
--> statement-breakpoint
CREATE INDEX "dashboard_vendas_cliente_mes_valor_idx" ON "dashboard_vendas_cliente_mes" USING btree ("mes","valor" DESC NULLS LAST,"cliente_id") WHERE "dashboard_vendas_cliente_mes"."pedidos" > 0;--> statement-breakpoint
-- Kept by statement-level triggers on sales_orders (transition tables): inserts add, deletes take
-- out, updates move an order whose month, customer or value changed.
CREATE OR REPLACE FUNCTION dashboard_vendas_aplicar_clientes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_vendas_cliente_mes AS t (mes, cliente_id, pedidos, valor)
    SELECT dashboard_mes(n.data_emissao), n.cliente_id, count(*), sum(n.valor_total)
    FROM novos n GROUP BY 1, 2
    ON CONFLICT (mes, cliente_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos, valor = t.valor + excluded.valor;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_vendas_cliente_mes AS t (mes, cliente_id, pedidos, valor)
    SELECT dashboard_mes(a.data_emissao), a.cliente_id, -count(*), -sum(a.valor_total)
    FROM antigos a GROUP BY 1, 2
    ON CONFLICT (mes, cliente_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos, valor = t.valor + excluded.valor;
  ELSE
    INSERT INTO dashboard_vendas_cliente_mes AS t (mes, cliente_id, pedidos, valor)
    SELECT d.mes, d.cliente_id, sum(d.pedidos)::int, sum(d.valor)
    FROM (
      SELECT dashboard_mes(n.data_emissao) AS mes, n.cliente_id, 1 AS pedidos, n.valor_total AS valor
      FROM antigos a JOIN novos n ON n.id = a.id
      WHERE dashboard_mes(a.data_emissao) <> dashboard_mes(n.data_emissao)
        OR a.cliente_id <> n.cliente_id OR a.valor_total <> n.valor_total
      UNION ALL
      SELECT dashboard_mes(a.data_emissao), a.cliente_id, -1, -a.valor_total
      FROM antigos a JOIN novos n ON n.id = a.id
      WHERE dashboard_mes(a.data_emissao) <> dashboard_mes(n.data_emissao)
        OR a.cliente_id <> n.cliente_id OR a.valor_total <> n.valor_total
    ) d
    GROUP BY 1, 2
    ON CONFLICT (mes, cliente_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos, valor = t.valor + excluded.valor;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_clientes_pedidos_ins AFTER INSERT ON sales_orders
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_aplicar_clientes();
--> statement-breakpoint
CREATE TRIGGER dashboard_clientes_pedidos_upd AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_aplicar_clientes();
--> statement-breakpoint
CREATE TRIGGER dashboard_clientes_pedidos_del AFTER DELETE ON sales_orders
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_aplicar_clientes();
--> statement-breakpoint
-- The rebuild and the TRUNCATE handling now cover both read models.
CREATE OR REPLACE FUNCTION dashboard_vendas_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_vendas_produto_mes;
  INSERT INTO dashboard_vendas_produto_mes (mes, product_id, quantidade, valor, itens)
  SELECT dashboard_mes(o.data_emissao), i.product_id, sum(i.quantidade), sum(i.subtotal), count(*)
  FROM sales_order_items i JOIN sales_orders o ON o.id = i.order_id
  GROUP BY 1, 2;
  DELETE FROM dashboard_vendas_cliente_mes;
  INSERT INTO dashboard_vendas_cliente_mes (mes, cliente_id, pedidos, valor)
  SELECT dashboard_mes(o.data_emissao), o.cliente_id, count(*), sum(o.valor_total)
  FROM sales_orders o
  GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sales_orders' THEN
    DELETE FROM dashboard_vendas_cliente_mes;
  END IF;
  DELETE FROM dashboard_vendas_produto_mes;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_pedidos_trunc AFTER TRUNCATE ON sales_orders
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_truncar();
--> statement-breakpoint
SELECT dashboard_vendas_recalcular();
--> statement-breakpoint
-- Stock block: small partial indexes for the counts and lists, and the stock value by an
-- index-only scan (cost order, carrying the quantity).
CREATE INDEX IF NOT EXISTS dashboard_produtos_abaixo_minimo_idx ON products (estoque_atual, codigo)
  WHERE ativo AND estoque_atual <= estoque_minimo;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dashboard_produtos_valor_idx ON products (preco_custo DESC, codigo) INCLUDE (estoque_atual)
  WHERE ativo AND estoque_atual > 0;
