-- Issue 30: financeiro_abertos_dia keeps Σ valor of the open títulos beside Σ saldo, so the open
-- list's «pago» without a payment period is Σ valor − Σ saldo (saldo = valor − the principal of the
-- active baixas) read off the due-date rows, instead of joining the baixas of every parcial título.
ALTER TABLE financeiro_abertos_dia ADD COLUMN valor numeric DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP FUNCTION IF EXISTS financeiro_abertos_somar(text, date, int, numeric);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION financeiro_abertos_somar(p_tipo text, p_data date, p_titulos int, p_saldo numeric, p_valor numeric)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  livre bigint;
BEGIN
  SELECT s.fatia INTO livre FROM financeiro_abertos_dia s
  WHERE s.tipo = p_tipo AND s.data_vencimento = p_data
  ORDER BY s.fatia
  LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF livre IS NULL THEN
    INSERT INTO financeiro_abertos_dia AS t (tipo, data_vencimento, fatia, titulos, saldo, valor)
    VALUES (p_tipo, p_data, nextval('erp_resumo_fatia_seq'), p_titulos, p_saldo, p_valor);
  ELSE
    UPDATE financeiro_abertos_dia SET titulos = titulos + p_titulos, saldo = saldo + p_saldo, valor = valor + p_valor
    WHERE tipo = p_tipo AND data_vencimento = p_data AND fatia = livre;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION financeiro_abertos_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM financeiro_abertos_somar(d.tipo, d.data_vencimento, d.titulos, d.saldo, d.valor)
    FROM (SELECT n.tipo, n.data_vencimento, count(*)::int AS titulos, sum(n.saldo) AS saldo, sum(n.valor) AS valor
          FROM novos n WHERE n.status IN ('em_aberto', 'parcial') GROUP BY 1, 2 ORDER BY 1, 2) d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM financeiro_abertos_somar(d.tipo, d.data_vencimento, -d.titulos, -d.saldo, -d.valor)
    FROM (SELECT a.tipo, a.data_vencimento, count(*)::int AS titulos, sum(a.saldo) AS saldo, sum(a.valor) AS valor
          FROM antigos a WHERE a.status IN ('em_aberto', 'parcial') GROUP BY 1, 2 ORDER BY 1, 2) d;
  ELSE
    PERFORM financeiro_abertos_somar(d.tipo, d.data_vencimento, d.titulos, d.saldo, d.valor)
    FROM (SELECT x.tipo, x.data_vencimento, sum(x.titulos)::int AS titulos, sum(x.saldo) AS saldo,
                 sum(x.valor) AS valor
          FROM (SELECT n.tipo, n.data_vencimento, 1 AS titulos, n.saldo, n.valor
                FROM novos n WHERE n.status IN ('em_aberto', 'parcial')
                UNION ALL
                SELECT a.tipo, a.data_vencimento, -1, -a.saldo, -a.valor
                FROM antigos a WHERE a.status IN ('em_aberto', 'parcial')) x
          GROUP BY 1, 2 HAVING sum(x.titulos) <> 0 OR sum(x.saldo) <> 0 OR sum(x.valor) <> 0 ORDER BY 1, 2) d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION financeiro_resumo_recalcular() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE financial_accounts, baixas IN SHARE MODE;
  DELETE FROM financeiro_abertos_dia;
  INSERT INTO financeiro_abertos_dia (tipo, data_vencimento, fatia, titulos, saldo, valor)
  SELECT tipo, data_vencimento, 0, count(*), sum(saldo), sum(valor)
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
