-- Issue 30: the dashboard's commercial and finance cards and the títulos list footer read small
-- read models kept in the same transaction as the rows they sum (docs/decisions/0001-dashboard-read-model.md),
-- not scans that grow with the orders and títulos. Each one is a few rows per key, in slices like
-- dashboard_estoque_resumo (migration 0022): a statement-level trigger adds the statement's delta to a
-- slice of the key that no other transaction holds (FOR UPDATE SKIP LOCKED, the lowest free one; the
-- transaction's own locks do not count as held); when every existing slice is held it adds one, numbered by a sequence, so that insert never
-- meets another transaction's row. Concurrent writers of the same month or due date never wait for
-- each other, and a key has as many slices as writers ever met on it at once (a rebuild folds them
-- into one). Readers sum the slices. Rebuild functions:
-- dashboard_vendas_mes_recalcular() and financeiro_resumo_recalcular() (bulk loads that bypass the
-- triggers MUST call them).
--
-- 1. dashboard_vendas_mes: per month (of data_emissao), the counted orders (dashboard_conta(status):
--    no quotes, no cancelled ones), their Σ valor_total, and the products sold (rows of
--    dashboard_vendas_produto_mes with itens > 0 — kept by a trigger on that read model itself).
CREATE SEQUENCE erp_resumo_fatia_seq START 1;
--> statement-breakpoint
CREATE TABLE dashboard_vendas_mes (
  mes date NOT NULL,
  fatia bigint NOT NULL,
  pedidos integer DEFAULT 0 NOT NULL,
  valor numeric DEFAULT 0 NOT NULL,
  produtos integer DEFAULT 0 NOT NULL,
  PRIMARY KEY (mes, fatia)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_vendas_mes_somar(p_mes date, p_pedidos int, p_valor numeric, p_produtos int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  livre bigint;
BEGIN
  SELECT s.fatia INTO livre FROM dashboard_vendas_mes s
  WHERE s.mes = p_mes
  ORDER BY s.fatia
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF livre IS NULL THEN
    INSERT INTO dashboard_vendas_mes AS t (mes, fatia, pedidos, valor, produtos)
    VALUES (p_mes, nextval('erp_resumo_fatia_seq'), p_pedidos, p_valor, p_produtos);
  ELSE
    UPDATE dashboard_vendas_mes SET pedidos = pedidos + p_pedidos, valor = valor + p_valor,
      produtos = produtos + p_produtos
    WHERE mes = p_mes AND fatia = livre;
  END IF;
END;
$$;
--> statement-breakpoint
-- An order's share: one order and its valor_total in its month, when its status counts. A statement
-- that changes none of them (most updates: a note, a stage) touches no slice.
CREATE OR REPLACE FUNCTION dashboard_vendas_mes_pedidos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_vendas_mes_somar(d.mes, d.pedidos, d.valor, 0)
    FROM (SELECT dashboard_mes(n.data_emissao) AS mes, count(*)::int AS pedidos, sum(n.valor_total) AS valor
          FROM novos n WHERE dashboard_conta(n.status) GROUP BY 1 ORDER BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_vendas_mes_somar(d.mes, -d.pedidos, -d.valor, 0)
    FROM (SELECT dashboard_mes(a.data_emissao) AS mes, count(*)::int AS pedidos, sum(a.valor_total) AS valor
          FROM antigos a WHERE dashboard_conta(a.status) GROUP BY 1 ORDER BY 1) d;
  ELSE
    PERFORM dashboard_vendas_mes_somar(d.mes, d.pedidos, d.valor, 0)
    FROM (SELECT x.mes, sum(x.pedidos)::int AS pedidos, sum(x.valor) AS valor
          FROM (SELECT dashboard_mes(n.data_emissao) AS mes, 1 AS pedidos, n.valor_total AS valor
                FROM novos n WHERE dashboard_conta(n.status)
                UNION ALL
                SELECT dashboard_mes(a.data_emissao), -1, -a.valor_total
                FROM antigos a WHERE dashboard_conta(a.status)) x
          GROUP BY 1 HAVING sum(x.pedidos) <> 0 OR sum(x.valor) <> 0 ORDER BY 1) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_mes_ins AFTER INSERT ON sales_orders
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_mes_pedidos();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_mes_upd AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_mes_pedidos();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_mes_del AFTER DELETE ON sales_orders
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_mes_pedidos();
--> statement-breakpoint
-- Products sold: a (month, product) row of dashboard_vendas_produto_mes entering or leaving itens > 0.
-- (INSERT ... ON CONFLICT DO UPDATE fires both statement triggers, each with its own rows.)
CREATE OR REPLACE FUNCTION dashboard_vendas_mes_produtos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_vendas_mes_somar(d.mes, 0, 0, d.produtos)
    FROM (SELECT n.mes, count(*)::int AS produtos FROM novos n WHERE n.itens > 0 GROUP BY 1 ORDER BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_vendas_mes_somar(d.mes, 0, 0, -d.produtos)
    FROM (SELECT a.mes, count(*)::int AS produtos FROM antigos a WHERE a.itens > 0 GROUP BY 1 ORDER BY 1) d;
  ELSE
    PERFORM dashboard_vendas_mes_somar(d.mes, 0, 0, d.produtos)
    FROM (SELECT x.mes, sum(x.produtos)::int AS produtos
          FROM (SELECT n.mes, 1 AS produtos FROM novos n WHERE n.itens > 0
                UNION ALL
                SELECT a.mes, -1 FROM antigos a WHERE a.itens > 0) x
          GROUP BY 1 HAVING sum(x.produtos) <> 0 ORDER BY 1) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_mes_produtos_ins AFTER INSERT ON dashboard_vendas_produto_mes
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_mes_produtos();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_mes_produtos_upd AFTER UPDATE ON dashboard_vendas_produto_mes
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_mes_produtos();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_mes_produtos_del AFTER DELETE ON dashboard_vendas_produto_mes
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_mes_produtos();
--> statement-breakpoint
-- dashboard_vendas_recalcular() empties the products read model with TRUNCATE (migration 0013) and
-- inserts it again: the products sold go to zero here and come back through the INSERT trigger.
CREATE OR REPLACE FUNCTION dashboard_vendas_mes_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sales_orders' THEN
    UPDATE dashboard_vendas_mes SET pedidos = 0, valor = 0;
  ELSE
    UPDATE dashboard_vendas_mes SET produtos = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_mes_trunc AFTER TRUNCATE ON sales_orders
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_mes_truncar();
--> statement-breakpoint
CREATE TRIGGER dashboard_vendas_mes_produtos_trunc AFTER TRUNCATE ON dashboard_vendas_produto_mes
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_vendas_mes_truncar();
--> statement-breakpoint
-- Rebuild from scratch (after a bulk load in replica mode, or to check the upkeep). SHARE mode waits
-- for the writers in flight and holds new ones until the rebuild commits: every write reaches this
-- table through sales_orders or dashboard_vendas_produto_mes, so no delta is lost or counted twice.
-- The products sold are counted off dashboard_vendas_produto_mes (rebuild that one first when it is
-- stale too; dashboard_vendas_recalcular() keeps this column right by itself, see above).
CREATE OR REPLACE FUNCTION dashboard_vendas_mes_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE sales_orders, dashboard_vendas_produto_mes IN SHARE MODE;
  DELETE FROM dashboard_vendas_mes;
  INSERT INTO dashboard_vendas_mes (mes, fatia, pedidos, valor, produtos)
  SELECT mes, 0, sum(pedidos)::int, sum(valor), sum(produtos)::int
  FROM (SELECT dashboard_mes(o.data_emissao) AS mes, count(*) AS pedidos, sum(o.valor_total) AS valor, 0 AS produtos
        FROM sales_orders o WHERE dashboard_conta(o.status) GROUP BY 1
        UNION ALL
        SELECT s.mes, 0, 0, count(*) FROM dashboard_vendas_produto_mes s WHERE s.itens > 0 GROUP BY 1) x
  GROUP BY mes;
END;
$$;
--> statement-breakpoint
SELECT dashboard_vendas_mes_recalcular();
--> statement-breakpoint
-- 2. financeiro_abertos_dia: per type and due date, the open títulos (em_aberto, parcial — the
--    STATUS_TITULO_ABERTOS of @erp/shared) and their Σ saldo. Open totals sum a type's rows; the
--    overdue count and value (due BEFORE today, isTituloVencido()) sum the rows of the dates before
--    today — exact whatever "today" is, and flat in the number of títulos (one row per due date).
CREATE TABLE financeiro_abertos_dia (
  tipo text NOT NULL,
  data_vencimento date NOT NULL,
  fatia bigint NOT NULL,
  titulos integer DEFAULT 0 NOT NULL,
  saldo numeric DEFAULT 0 NOT NULL,
  PRIMARY KEY (tipo, data_vencimento, fatia)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION financeiro_abertos_somar(p_tipo text, p_data date, p_titulos int, p_saldo numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  livre bigint;
BEGIN
  SELECT s.fatia INTO livre FROM financeiro_abertos_dia s
  WHERE s.tipo = p_tipo AND s.data_vencimento = p_data
  ORDER BY s.fatia
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF livre IS NULL THEN
    INSERT INTO financeiro_abertos_dia AS t (tipo, data_vencimento, fatia, titulos, saldo)
    VALUES (p_tipo, p_data, nextval('erp_resumo_fatia_seq'), p_titulos, p_saldo);
  ELSE
    UPDATE financeiro_abertos_dia SET titulos = titulos + p_titulos, saldo = saldo + p_saldo
    WHERE tipo = p_tipo AND data_vencimento = p_data AND fatia = livre;
  END IF;
END;
$$;
--> statement-breakpoint
-- A título's share: itself and its saldo at its due date while open. A baixa (saldo, status), an
-- estorno, a cancellation and a due-date edit move it; other edits touch no slice.
CREATE OR REPLACE FUNCTION financeiro_abertos_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM financeiro_abertos_somar(d.tipo, d.data_vencimento, d.titulos, d.saldo)
    FROM (SELECT n.tipo, n.data_vencimento, count(*)::int AS titulos, sum(n.saldo) AS saldo
          FROM novos n WHERE n.status IN ('em_aberto', 'parcial') GROUP BY 1, 2 ORDER BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM financeiro_abertos_somar(d.tipo, d.data_vencimento, -d.titulos, -d.saldo)
    FROM (SELECT a.tipo, a.data_vencimento, count(*)::int AS titulos, sum(a.saldo) AS saldo
          FROM antigos a WHERE a.status IN ('em_aberto', 'parcial') GROUP BY 1, 2 ORDER BY 1, 2) d;
  ELSE
    PERFORM financeiro_abertos_somar(d.tipo, d.data_vencimento, d.titulos, d.saldo)
    FROM (SELECT x.tipo, x.data_vencimento, sum(x.titulos)::int AS titulos, sum(x.saldo) AS saldo
          FROM (SELECT n.tipo, n.data_vencimento, 1 AS titulos, n.saldo
                FROM novos n WHERE n.status IN ('em_aberto', 'parcial')
                UNION ALL
                SELECT a.tipo, a.data_vencimento, -1, -a.saldo
                FROM antigos a WHERE a.status IN ('em_aberto', 'parcial')) x
          GROUP BY 1, 2 HAVING sum(x.titulos) <> 0 OR sum(x.saldo) <> 0 ORDER BY 1, 2) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER financeiro_abertos_ins AFTER INSERT ON financial_accounts
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION financeiro_abertos_aplicar();
--> statement-breakpoint
CREATE TRIGGER financeiro_abertos_upd AFTER UPDATE ON financial_accounts
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION financeiro_abertos_aplicar();
--> statement-breakpoint
CREATE TRIGGER financeiro_abertos_del AFTER DELETE ON financial_accounts
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION financeiro_abertos_aplicar();
--> statement-breakpoint
-- 3. financeiro_baixas_total: per type of título, Σ principal of the active (not reversed) baixas —
--    the list footer's "pago" when no filter narrows the títulos.
CREATE TABLE financeiro_baixas_total (
  tipo text NOT NULL,
  fatia bigint NOT NULL,
  principal numeric DEFAULT 0 NOT NULL,
  PRIMARY KEY (tipo, fatia)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION financeiro_baixas_somar(p_tipo text, p_principal numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  livre bigint;
BEGIN
  SELECT s.fatia INTO livre FROM financeiro_baixas_total s
  WHERE s.tipo = p_tipo
  ORDER BY s.fatia
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF livre IS NULL THEN
    INSERT INTO financeiro_baixas_total AS t (tipo, fatia, principal)
    VALUES (p_tipo, nextval('erp_resumo_fatia_seq'), p_principal);
  ELSE
    UPDATE financeiro_baixas_total SET principal = principal + p_principal WHERE tipo = p_tipo AND fatia = livre;
  END IF;
END;
$$;
--> statement-breakpoint
-- A baixa counts while not estornada (its título's type never changes).
CREATE OR REPLACE FUNCTION financeiro_baixas_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM financeiro_baixas_somar(d.tipo, d.principal)
    FROM (SELECT f.tipo, sum(n.principal) AS principal
          FROM novos n JOIN financial_accounts f ON f.id = n.titulo_id
          WHERE NOT n.estornada GROUP BY 1 ORDER BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM financeiro_baixas_somar(d.tipo, -d.principal)
    FROM (SELECT f.tipo, sum(a.principal) AS principal
          FROM antigos a JOIN financial_accounts f ON f.id = a.titulo_id
          WHERE NOT a.estornada GROUP BY 1 ORDER BY 1) d;
  ELSE
    PERFORM financeiro_baixas_somar(d.tipo, d.principal)
    FROM (SELECT f.tipo, sum(x.principal) AS principal
          FROM (SELECT n.titulo_id, n.principal FROM novos n WHERE NOT n.estornada
                UNION ALL
                SELECT a.titulo_id, -a.principal FROM antigos a WHERE NOT a.estornada) x
          JOIN financial_accounts f ON f.id = x.titulo_id
          GROUP BY 1 HAVING sum(x.principal) <> 0 ORDER BY 1) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER financeiro_baixas_ins AFTER INSERT ON baixas
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION financeiro_baixas_aplicar();
--> statement-breakpoint
CREATE TRIGGER financeiro_baixas_upd AFTER UPDATE ON baixas
  REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION financeiro_baixas_aplicar();
--> statement-breakpoint
CREATE TRIGGER financeiro_baixas_del AFTER DELETE ON baixas
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION financeiro_baixas_aplicar();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION financeiro_resumo_truncar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'financial_accounts' THEN
    DELETE FROM financeiro_abertos_dia;
  END IF;
  DELETE FROM financeiro_baixas_total;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER financeiro_resumo_trunc AFTER TRUNCATE ON financial_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION financeiro_resumo_truncar();
--> statement-breakpoint
-- Rebuild both from scratch; SHARE mode as in dashboard_vendas_mes_recalcular().
CREATE OR REPLACE FUNCTION financeiro_resumo_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE financial_accounts, baixas IN SHARE MODE;
  DELETE FROM financeiro_abertos_dia;
  INSERT INTO financeiro_abertos_dia (tipo, data_vencimento, fatia, titulos, saldo)
  SELECT tipo, data_vencimento, 0, count(*), sum(saldo)
  FROM financial_accounts WHERE status IN ('em_aberto', 'parcial')
  GROUP BY 1, 2;
  DELETE FROM financeiro_baixas_total;
  INSERT INTO financeiro_baixas_total (tipo, fatia, principal)
  SELECT f.tipo, 0, sum(b.principal)
  FROM baixas b JOIN financial_accounts f ON f.id = b.titulo_id
  WHERE NOT b.estornada
  GROUP BY 1;
END;
$$;
--> statement-breakpoint
SELECT financeiro_resumo_recalcular();
