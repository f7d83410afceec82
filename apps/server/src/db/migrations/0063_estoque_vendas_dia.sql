-- Daily read model of the ledger for the purchase suggestion (issue 34, docs/benchmarks.md «Compras —
-- sugestão»): one row per product and São Paulo day with movements — the day's net quantity, what was
-- sold (saída/estorno of origem 'pedido', negated: an NF-e's cancellation gives back what it took) and
-- its value (−quantidade × custo_unitario) — and running totals from the product's first day: the
-- end-of-day balance (Σ quantities up to the day's end), the days without stock (end-of-day balance
-- ≤ 0, counting the days without movements, which hold the previous day's balance, and the days before
-- the product's first movement, at balance 0), what was sold on days with stock, and the value sold.
-- A window [a, b] is then two look-ups per product (the last row on or before b, and on or before
-- a − 1) instead of reading every row of the window: with F(x) the days without stock up to day x,
--   F(x) = r.sem_estoque_acum + (x − r.dia) × (r.saldo ≤ 0)   r = the product's last row with dia ≤ x
--   F(x) = x − date '1999-12-31'                              when there is none (balance 0 throughout)
-- days without stock in [a, b] = F(b) − F(a − 1); sold with stock and value likewise from the
-- running sums (0 without a row). Exact: numeric, unrounded (the reader rounds the difference).
--
-- The day is the São Paulo day by a fixed UTC−3 (as the suggestion's ledger query named it, by
-- date_bin from a −03 midnight): 02:59 UTC belongs to the day before, 03:00 UTC to its own day.
--
-- Kept by a statement-level AFTER INSERT trigger on estoque_movimentos (append-only: UPDATE, DELETE and
-- TRUNCATE are refused by erp_somente_inclusao) in the writer's transaction: the statement's rows per
-- product and day are merged into the product's day rows from its earliest new day on — for a posting
-- of now, today's row alone, read beside the row before it; for a back-dated row (demo data, imports,
-- tests pass ocorrido_em), every later day of that product is recomputed — and written in one upsert.
-- The rows touched are those of the products the statement writes, whose product rows every ledger
-- writer (estoque_travar, estoque_ajustar) holds locked FOR NO KEY UPDATE until commit: no new
-- contention. A bulk load that bypasses triggers (session_replication_role = replica) calls
-- estoque_vendas_dia_recalcular().
CREATE TABLE "estoque_vendas_dia" (
	"produto_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"liquido" numeric NOT NULL,
	"vendido" numeric NOT NULL,
	"valor" numeric NOT NULL,
	"saldo" numeric NOT NULL,
	"sem_estoque_acum" integer NOT NULL,
	"vendido_acum" numeric NOT NULL,
	"valor_acum" numeric NOT NULL,
	CONSTRAINT "estoque_vendas_dia_pkey" PRIMARY KEY ("produto_id", "dia")
);
--> statement-breakpoint
-- The São Paulo day of a ledger moment (fixed UTC−3; São Paulo has kept UTC−3 all year since 2019).
CREATE OR REPLACE FUNCTION estoque_dia(t timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((t AT TIME ZONE 'UTC') - interval '3 hours')::date
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estoque_vendas_dia_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    -- the statement's rows per product and day
    SELECT n.product_id AS produto_id, estoque_dia(n.ocorrido_em) AS dia, sum(n.quantidade) AS liquido,
      coalesce(-sum(n.quantidade) FILTER (WHERE n.origem = 'pedido' AND n.tipo IN ('saida', 'estorno')), 0) AS vendido,
      coalesce(-sum(n.quantidade * n.custo_unitario)
        FILTER (WHERE n.origem = 'pedido' AND n.tipo IN ('saida', 'estorno')), 0) AS valor
    FROM novos n
    GROUP BY 1, 2
  ), m AS (
    SELECT d.produto_id, min(d.dia) AS de FROM d GROUP BY d.produto_id
  ), base AS (
    -- each product's running totals before its earliest new day (a virtual day 1999-12-31 at 0)
    SELECT m.produto_id, coalesce(b.dia, date '1999-12-31') AS dia, coalesce(b.saldo, 0) AS saldo,
      coalesce(b.sem_estoque_acum, 0) AS sem, coalesce(b.vendido_acum, 0) AS vendido,
      coalesce(b.valor_acum, 0) AS valor
    FROM m LEFT JOIN LATERAL (
      SELECT v.dia, v.saldo, v.sem_estoque_acum, v.vendido_acum, v.valor_acum
      FROM estoque_vendas_dia v WHERE v.produto_id = m.produto_id AND v.dia < m.de
      ORDER BY v.dia DESC LIMIT 1) b ON true
  ), dias AS (
    -- the product's days from its earliest new day on: those it had, plus the statement's
    SELECT coalesce(e.produto_id, d.produto_id) AS produto_id, coalesce(e.dia, d.dia) AS dia,
      coalesce(e.liquido, 0) + coalesce(d.liquido, 0) AS liquido,
      coalesce(e.vendido, 0) + coalesce(d.vendido, 0) AS vendido,
      coalesce(e.valor, 0) + coalesce(d.valor, 0) AS valor
    FROM (SELECT v.produto_id, v.dia, v.liquido, v.vendido, v.valor
          FROM m JOIN estoque_vendas_dia v ON v.produto_id = m.produto_id AND v.dia >= m.de) e
    FULL JOIN d ON d.produto_id = e.produto_id AND d.dia = e.dia
  ), s AS (
    SELECT x.*, b.saldo + sum(x.liquido) OVER w AS saldo
    FROM dias x JOIN base b ON b.produto_id = x.produto_id
    WINDOW w AS (PARTITION BY x.produto_id ORDER BY x.dia ROWS UNBOUNDED PRECEDING)
  ), g AS (
    SELECT s.*,
      (s.dia - coalesce(lag(s.dia) OVER w, b.dia) - 1) * (coalesce(lag(s.saldo) OVER w, b.saldo) <= 0)::int
        + (s.saldo <= 0)::int AS sem
    FROM s JOIN base b ON b.produto_id = s.produto_id
    WINDOW w AS (PARTITION BY s.produto_id ORDER BY s.dia)
  )
  INSERT INTO estoque_vendas_dia AS t (produto_id, dia, liquido, vendido, valor, saldo, sem_estoque_acum,
    vendido_acum, valor_acum)
  SELECT g.produto_id, g.dia, g.liquido, g.vendido, g.valor, g.saldo,
    b.sem + sum(g.sem) OVER w,
    b.vendido + sum(CASE WHEN g.saldo > 0 THEN g.vendido ELSE 0 END) OVER w,
    b.valor + sum(g.valor) OVER w
  FROM g JOIN base b ON b.produto_id = g.produto_id
  WINDOW w AS (PARTITION BY g.produto_id ORDER BY g.dia ROWS UNBOUNDED PRECEDING)
  ORDER BY g.produto_id, g.dia
  ON CONFLICT (produto_id, dia) DO UPDATE SET liquido = excluded.liquido, vendido = excluded.vendido,
    valor = excluded.valor, saldo = excluded.saldo, sem_estoque_acum = excluded.sem_estoque_acum,
    vendido_acum = excluded.vendido_acum, valor_acum = excluded.valor_acum;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER estoque_vendas_dia_ins AFTER INSERT ON estoque_movimentos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION estoque_vendas_dia_aplicar();
--> statement-breakpoint
-- Rebuild from the ledger (after a bulk load that bypassed triggers; the backfill below). Writers wait
-- (SHARE lock on the ledger) until the caller's transaction ends.
CREATE OR REPLACE FUNCTION estoque_vendas_dia_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE estoque_movimentos IN SHARE MODE;
  TRUNCATE estoque_vendas_dia;
  INSERT INTO estoque_vendas_dia (produto_id, dia, liquido, vendido, valor, saldo, sem_estoque_acum,
    vendido_acum, valor_acum)
  SELECT g.produto_id, g.dia, g.liquido, g.vendido, g.valor, g.saldo,
    sum(g.sem) OVER w,
    sum(CASE WHEN g.saldo > 0 THEN g.vendido ELSE 0 END) OVER w,
    sum(g.valor) OVER w
  FROM (
    SELECT s.*,
      (s.dia - coalesce(lag(s.dia) OVER w, date '1999-12-31') - 1) * (coalesce(lag(s.saldo) OVER w, 0) <= 0)::int
        + (s.saldo <= 0)::int AS sem
    FROM (
      SELECT d.*, sum(d.liquido) OVER w AS saldo
      FROM (
        SELECT m.product_id AS produto_id, estoque_dia(m.ocorrido_em) AS dia, sum(m.quantidade) AS liquido,
          coalesce(-sum(m.quantidade) FILTER (WHERE m.origem = 'pedido' AND m.tipo IN ('saida', 'estorno')), 0) AS vendido,
          coalesce(-sum(m.quantidade * m.custo_unitario)
            FILTER (WHERE m.origem = 'pedido' AND m.tipo IN ('saida', 'estorno')), 0) AS valor
        FROM estoque_movimentos m
        GROUP BY 1, 2
      ) d
      WINDOW w AS (PARTITION BY d.produto_id ORDER BY d.dia ROWS UNBOUNDED PRECEDING)
    ) s
    WINDOW w AS (PARTITION BY s.produto_id ORDER BY s.dia)
  ) g
  WINDOW w AS (PARTITION BY g.produto_id ORDER BY g.dia ROWS UNBOUNDED PRECEDING)
  ORDER BY g.produto_id, g.dia;
END;
$$;
--> statement-breakpoint
SELECT estoque_vendas_dia_recalcular();
