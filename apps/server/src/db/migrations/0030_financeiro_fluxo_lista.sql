-- Finance (issue 15, bench): the fluxo de caixa read model conta_movimentos_dia (per account and day,
-- kept by a statement trigger on the append-only ledger), a covering index for the títulos lists
-- (status + due period + footer totals from the index) and one for "pago no período".
CREATE TABLE "conta_movimentos_dia" (
	"conta_bancaria_id" uuid NOT NULL,
	"data" date NOT NULL,
	"entradas" numeric(14,2) DEFAULT '0' NOT NULL,
	"saidas" numeric(14,2) DEFAULT '0' NOT NULL,
	CONSTRAINT "conta_movimentos_dia_conta_bancaria_id_data_pk" PRIMARY KEY("conta_bancaria_id","data")
);
--> statement-breakpoint
DROP INDEX "financial_accounts_tipo_status_venc_idx";--> statement-breakpoint
ALTER TABLE "conta_movimentos_dia" ADD CONSTRAINT "conta_movimentos_dia_conta_bancaria_id_contas_bancarias_id_fk" FOREIGN KEY ("conta_bancaria_id") REFERENCES "public"."contas_bancarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conta_movimentos_dia_data_idx" ON "conta_movimentos_dia" USING btree ("data");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "financial_accounts_lista_idx" ON "financial_accounts" ("tipo", "status", "data_vencimento")
  INCLUDE ("saldo");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "baixas_ativas_titulo_idx" ON "baixas" ("titulo_id") INCLUDE ("principal", "data_pagamento")
  WHERE NOT "estornada";
--> statement-breakpoint
-- A statement's movements by account and day: a recebimento is an entrada, a pagamento a saída, an
-- estorno reduces the side of the movement it reverses (its sign is the opposite). Rows in key
-- order, so two statements touching the same days lock them in the same order.
CREATE OR REPLACE FUNCTION conta_movimentos_dia_aplicar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conta_movimentos_dia AS d (conta_bancaria_id, data, entradas, saidas)
  SELECT n.conta_bancaria_id, n.data,
    coalesce(sum(n.valor) FILTER (WHERE n.tipo = 'recebimento' OR (n.tipo = 'estorno' AND n.valor < 0)), 0),
    coalesce(-sum(n.valor) FILTER (WHERE n.tipo = 'pagamento' OR (n.tipo = 'estorno' AND n.valor > 0)), 0)
  FROM novos n
  GROUP BY n.conta_bancaria_id, n.data
  ORDER BY n.conta_bancaria_id, n.data
  ON CONFLICT (conta_bancaria_id, data) DO UPDATE
    SET entradas = d.entradas + excluded.entradas, saidas = d.saidas + excluded.saidas;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER conta_movimentos_dia_gatilho AFTER INSERT ON conta_movimentos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION conta_movimentos_dia_aplicar();
--> statement-breakpoint
-- Rebuilds the read model from the ledger (after a bulk load with triggers off).
CREATE OR REPLACE FUNCTION conta_movimentos_dia_recalcular() RETURNS void LANGUAGE sql AS $$
  DELETE FROM conta_movimentos_dia;
  INSERT INTO conta_movimentos_dia (conta_bancaria_id, data, entradas, saidas)
  SELECT m.conta_bancaria_id, m.data,
    coalesce(sum(m.valor) FILTER (WHERE m.tipo = 'recebimento' OR (m.tipo = 'estorno' AND m.valor < 0)), 0),
    coalesce(-sum(m.valor) FILTER (WHERE m.tipo = 'pagamento' OR (m.tipo = 'estorno' AND m.valor > 0)), 0)
  FROM conta_movimentos m
  GROUP BY m.conta_bancaria_id, m.data;
$$;
--> statement-breakpoint
SELECT conta_movimentos_dia_recalcular();
