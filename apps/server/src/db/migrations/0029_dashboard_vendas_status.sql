-- Sales figures leave out quotes and cancelled orders (issue 14; STATUS_FORA_DAS_VENDAS in
-- packages/shared/src/comercial/status-pedido.ts): the dashboard's direct queries filter on
-- dashboard_conta(status) and the read models count only such orders. An order entering or leaving
-- the counted statuses (a quote confirmed, an order cancelled) moves its share like a change of
-- month did; a partial covering index serves the month's cards.
CREATE OR REPLACE FUNCTION dashboard_conta(status text) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT status NOT IN ('orcamento', 'cancelado') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_aplicar_itens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
    SELECT dashboard_mes(o.data_emissao), n.product_id, sum(n.quantidade), sum(n.subtotal), count(*)
    FROM novos n JOIN sales_orders o ON o.id = n.order_id
    WHERE dashboard_conta(o.status)
    GROUP BY 1, 2
    ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
      valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  ELSIF TG_OP = 'DELETE' THEN
    -- Items deleted by the cascade of an order deletion no longer find their order: that order's
    -- share was already taken out by dashboard_vendas_remover_pedido().
    INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
    SELECT dashboard_mes(o.data_emissao), a.product_id, -sum(a.quantidade), -sum(a.subtotal), -count(*)
    FROM antigos a JOIN sales_orders o ON o.id = a.order_id
    WHERE dashboard_conta(o.status)
    GROUP BY 1, 2
    ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
      valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  ELSE
    INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
    SELECT d.mes, d.product_id, sum(d.quantidade), sum(d.valor), sum(d.itens)::int
    FROM (
      SELECT dashboard_mes(o.data_emissao) AS mes, n.product_id, n.quantidade, n.subtotal AS valor, 1 AS itens
      FROM novos n JOIN sales_orders o ON o.id = n.order_id WHERE dashboard_conta(o.status)
      UNION ALL
      SELECT dashboard_mes(o.data_emissao), a.product_id, -a.quantidade, -a.subtotal, -1
      FROM antigos a JOIN sales_orders o ON o.id = a.order_id WHERE dashboard_conta(o.status)
    ) d
    GROUP BY 1, 2
    ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
      valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An order that changes month, or enters or leaves the counted statuses, moves its items' share.
CREATE OR REPLACE FUNCTION dashboard_vendas_mover_pedidos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
  SELECT d.mes, d.product_id, sum(d.quantidade), sum(d.valor), sum(d.itens)::int
  FROM (
    SELECT dashboard_mes(n.data_emissao) AS mes, i.product_id, i.quantidade, i.subtotal AS valor, 1 AS itens
    FROM antigos a JOIN novos n ON n.id = a.id JOIN sales_order_items i ON i.order_id = n.id
    WHERE dashboard_conta(n.status)
      AND (NOT dashboard_conta(a.status) OR dashboard_mes(a.data_emissao) <> dashboard_mes(n.data_emissao))
    UNION ALL
    SELECT dashboard_mes(a.data_emissao), i.product_id, -i.quantidade, -i.subtotal, -1
    FROM antigos a JOIN novos n ON n.id = a.id JOIN sales_order_items i ON i.order_id = n.id
    WHERE dashboard_conta(a.status)
      AND (NOT dashboard_conta(n.status) OR dashboard_mes(a.data_emissao) <> dashboard_mes(n.data_emissao))
  ) d
  GROUP BY 1, 2
  ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
    valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_remover_pedido() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT dashboard_conta(OLD.status) THEN
    RETURN OLD;
  END IF;
  INSERT INTO dashboard_vendas_produto_mes AS t (mes, product_id, quantidade, valor, itens)
  SELECT dashboard_mes(OLD.data_emissao), i.product_id, -sum(i.quantidade), -sum(i.subtotal), -count(*)
  FROM sales_order_items i WHERE i.order_id = OLD.id
  GROUP BY i.product_id
  ON CONFLICT (mes, product_id) DO UPDATE SET quantidade = t.quantidade + excluded.quantidade,
    valor = t.valor + excluded.valor, itens = t.itens + excluded.itens;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_aplicar_clientes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_vendas_cliente_mes AS t (mes, cliente_id, pedidos, valor)
    SELECT dashboard_mes(n.data_emissao), n.cliente_id, count(*), sum(n.valor_total)
    FROM novos n WHERE dashboard_conta(n.status) GROUP BY 1, 2
    ON CONFLICT (mes, cliente_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos, valor = t.valor + excluded.valor;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_vendas_cliente_mes AS t (mes, cliente_id, pedidos, valor)
    SELECT dashboard_mes(a.data_emissao), a.cliente_id, -count(*), -sum(a.valor_total)
    FROM antigos a WHERE dashboard_conta(a.status) GROUP BY 1, 2
    ON CONFLICT (mes, cliente_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos, valor = t.valor + excluded.valor;
  ELSE
    INSERT INTO dashboard_vendas_cliente_mes AS t (mes, cliente_id, pedidos, valor)
    SELECT d.mes, d.cliente_id, sum(d.pedidos)::int, sum(d.valor)
    FROM (
      SELECT dashboard_mes(n.data_emissao) AS mes, n.cliente_id, 1 AS pedidos, n.valor_total AS valor
      FROM antigos a JOIN novos n ON n.id = a.id
      WHERE dashboard_conta(n.status) AND (NOT dashboard_conta(a.status)
        OR dashboard_mes(a.data_emissao) <> dashboard_mes(n.data_emissao)
        OR a.cliente_id <> n.cliente_id OR a.valor_total <> n.valor_total)
      UNION ALL
      SELECT dashboard_mes(a.data_emissao), a.cliente_id, -1, -a.valor_total
      FROM antigos a JOIN novos n ON n.id = a.id
      WHERE dashboard_conta(a.status) AND (NOT dashboard_conta(n.status)
        OR dashboard_mes(a.data_emissao) <> dashboard_mes(n.data_emissao)
        OR a.cliente_id <> n.cliente_id OR a.valor_total <> n.valor_total)
    ) d
    GROUP BY 1, 2
    ON CONFLICT (mes, cliente_id) DO UPDATE SET pedidos = t.pedidos + excluded.pedidos, valor = t.valor + excluded.valor;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE dashboard_vendas_produto_mes, dashboard_vendas_cliente_mes;
  INSERT INTO dashboard_vendas_produto_mes (mes, product_id, quantidade, valor, itens)
  SELECT dashboard_mes(o.data_emissao), i.product_id, sum(i.quantidade), sum(i.subtotal), count(*)
  FROM sales_order_items i JOIN sales_orders o ON o.id = i.order_id
  WHERE dashboard_conta(o.status)
  GROUP BY 1, 2;
  INSERT INTO dashboard_vendas_cliente_mes (mes, cliente_id, pedidos, valor)
  SELECT dashboard_mes(o.data_emissao), o.cliente_id, count(*), sum(o.valor_total)
  FROM sales_orders o
  WHERE dashboard_conta(o.status)
  GROUP BY 1, 2;
  ANALYZE dashboard_vendas_produto_mes;
  ANALYZE dashboard_vendas_cliente_mes;
END;
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS dashboard_pedidos_mes_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dashboard_pedidos_mes_idx ON sales_orders (data_emissao) INCLUDE (cliente_id, vendedor_id, valor_total)
  WHERE status NOT IN ('orcamento', 'cancelado');
--> statement-breakpoint
SELECT dashboard_vendas_recalcular();
