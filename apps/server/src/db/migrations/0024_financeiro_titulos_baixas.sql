CREATE TABLE "baixas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titulo_id" uuid NOT NULL,
	"data_pagamento" date NOT NULL,
	"conta_bancaria_id" uuid NOT NULL,
	"forma_id" uuid,
	"valor_pago" numeric(14,2) NOT NULL,
	"juros" numeric(14,2) DEFAULT '0' NOT NULL,
	"multa" numeric(14,2) DEFAULT '0' NOT NULL,
	"desconto" numeric(14,2) DEFAULT '0' NOT NULL,
	"principal" numeric(14,2) NOT NULL,
	"comissao" numeric(14,2),
	"comissao_titulo_id" uuid,
	"lote_id" uuid,
	"observacao" text,
	"estornada" boolean DEFAULT false NOT NULL,
	"estorno_motivo" text,
	"estornada_em" timestamp with time zone,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "baixas_valores_check" CHECK ("baixas"."valor_pago" > 0 and "baixas"."principal" > 0)
);
--> statement-breakpoint
CREATE TABLE "centros_custo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classes_financeiras" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_financeiras_tipo_check" CHECK ("classes_financeiras"."tipo" in ('receita', 'despesa'))
);
--> statement-breakpoint
CREATE TABLE "condicoes_pagamento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text DEFAULT 'dias' NOT NULL,
	"dias" integer[] NOT NULL,
	"parcelas" integer,
	"intervalo_dias" integer,
	"primeiro_vencimento_dias" integer,
	"entrada_percentual" numeric(7,4),
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conta_movimentos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conta_bancaria_id" uuid NOT NULL,
	"data" date NOT NULL,
	"tipo" text NOT NULL,
	"valor" numeric(14,2) NOT NULL,
	"historico" text NOT NULL,
	"baixa_id" uuid,
	"titulo_id" uuid,
	"estorno_de" bigint,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conta_movimentos_tipo_check" CHECK ("conta_movimentos"."tipo" in ('recebimento', 'pagamento', 'estorno')),
	CONSTRAINT "conta_movimentos_valor_check" CHECK ("conta_movimentos"."valor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "contas_bancarias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"banco_codigo" text,
	"banco_nome" text,
	"agencia" text,
	"agencia_digito" text,
	"conta" text,
	"conta_digito" text,
	"titular" text,
	"saldo_inicial" numeric(14,2) DEFAULT '0' NOT NULL,
	"data_saldo_inicial" date NOT NULL,
	"tipo_chave_pix" text,
	"chave_pix" text,
	"carteira" text,
	"convenio" text,
	"ativa" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contas_bancarias_tipo_check" CHECK ("contas_bancarias"."tipo" in ('corrente', 'poupanca', 'caixa'))
);
--> statement-breakpoint
CREATE TABLE "formas_pagamento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"taxa_percentual" numeric(7,4),
	"prazo_compensacao_dias" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "titulo_rateios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titulo_id" uuid NOT NULL,
	"centro_custo_id" uuid NOT NULL,
	"percentual" numeric(7,4) NOT NULL,
	"valor" numeric(14,2) NOT NULL,
	CONSTRAINT "titulo_rateios_percentual_check" CHECK ("titulo_rateios"."percentual" > 0 and "titulo_rateios"."percentual" <= 100)
);
--> statement-breakpoint
ALTER TABLE "financial_accounts" DROP CONSTRAINT "financial_accounts_status_check";--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "saldo" numeric(14,2);--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "fornecedor_id" uuid;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "vendedor_id" uuid;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "pessoa_nome" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "documento" text;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "parcela" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "total_parcelas" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "juros_mes_percentual" numeric(7,4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "multa_percentual" numeric(7,4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "desconto_valor" numeric(14,2);--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "desconto_ate" date;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "classe_financeira_id" uuid;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "centro_custo_id" uuid;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "forma_id" uuid;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "conta_bancaria_id" uuid;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "origem" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "origem_id" uuid;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "comissao_valor" numeric(14,2);--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "observacoes" text;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "motivo_cancelamento" text;--> statement-breakpoint
ALTER TABLE "baixas" ADD CONSTRAINT "baixas_titulo_id_financial_accounts_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."financial_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas" ADD CONSTRAINT "baixas_conta_bancaria_id_contas_bancarias_id_fk" FOREIGN KEY ("conta_bancaria_id") REFERENCES "public"."contas_bancarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas" ADD CONSTRAINT "baixas_forma_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas" ADD CONSTRAINT "baixas_comissao_titulo_id_financial_accounts_id_fk" FOREIGN KEY ("comissao_titulo_id") REFERENCES "public"."financial_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas" ADD CONSTRAINT "baixas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_movimentos" ADD CONSTRAINT "conta_movimentos_conta_bancaria_id_contas_bancarias_id_fk" FOREIGN KEY ("conta_bancaria_id") REFERENCES "public"."contas_bancarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_movimentos" ADD CONSTRAINT "conta_movimentos_baixa_id_baixas_id_fk" FOREIGN KEY ("baixa_id") REFERENCES "public"."baixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_movimentos" ADD CONSTRAINT "conta_movimentos_titulo_id_financial_accounts_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."financial_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_movimentos" ADD CONSTRAINT "conta_movimentos_estorno_de_conta_movimentos_id_fk" FOREIGN KEY ("estorno_de") REFERENCES "public"."conta_movimentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_movimentos" ADD CONSTRAINT "conta_movimentos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulo_rateios" ADD CONSTRAINT "titulo_rateios_titulo_id_financial_accounts_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."financial_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulo_rateios" ADD CONSTRAINT "titulo_rateios_centro_custo_id_centros_custo_id_fk" FOREIGN KEY ("centro_custo_id") REFERENCES "public"."centros_custo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baixas_titulo_idx" ON "baixas" USING btree ("titulo_id");--> statement-breakpoint
CREATE INDEX "baixas_conta_data_idx" ON "baixas" USING btree ("conta_bancaria_id","data_pagamento");--> statement-breakpoint
CREATE INDEX "baixas_lote_idx" ON "baixas" USING btree ("lote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "centros_custo_codigo_key" ON "centros_custo" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_financeiras_codigo_key" ON "classes_financeiras" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "condicoes_pagamento_nome_key" ON "condicoes_pagamento" USING btree (lower("nome"));--> statement-breakpoint
CREATE INDEX "conta_movimentos_conta_data_idx" ON "conta_movimentos" USING btree ("conta_bancaria_id","data","id");--> statement-breakpoint
CREATE INDEX "conta_movimentos_data_idx" ON "conta_movimentos" USING btree ("data");--> statement-breakpoint
CREATE INDEX "conta_movimentos_baixa_idx" ON "conta_movimentos" USING btree ("baixa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conta_movimentos_estorno_de_key" ON "conta_movimentos" USING btree ("estorno_de");--> statement-breakpoint
CREATE UNIQUE INDEX "contas_bancarias_nome_key" ON "contas_bancarias" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "formas_pagamento_nome_key" ON "formas_pagamento" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "titulo_rateios_titulo_centro_key" ON "titulo_rateios" USING btree ("titulo_id","centro_custo_id");--> statement-breakpoint
CREATE INDEX "titulo_rateios_centro_idx" ON "titulo_rateios" USING btree ("centro_custo_id");--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_classe_financeira_id_classes_financeiras_id_fk" FOREIGN KEY ("classe_financeira_id") REFERENCES "public"."classes_financeiras"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_centro_custo_id_centros_custo_id_fk" FOREIGN KEY ("centro_custo_id") REFERENCES "public"."centros_custo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_forma_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_conta_bancaria_id_contas_bancarias_id_fk" FOREIGN KEY ("conta_bancaria_id") REFERENCES "public"."contas_bancarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financial_accounts_tipo_venc_idx" ON "financial_accounts" USING btree ("tipo","data_vencimento","id");--> statement-breakpoint
CREATE INDEX "financial_accounts_tipo_status_venc_idx" ON "financial_accounts" USING btree ("tipo","status","data_vencimento");--> statement-breakpoint
CREATE INDEX "financial_accounts_fornecedor_idx" ON "financial_accounts" USING btree ("fornecedor_id");--> statement-breakpoint
CREATE INDEX "financial_accounts_vendedor_idx" ON "financial_accounts" USING btree ("vendedor_id");--> statement-breakpoint
CREATE INDEX "financial_accounts_classe_idx" ON "financial_accounts" USING btree ("classe_financeira_id");--> statement-breakpoint
CREATE INDEX "financial_accounts_centro_idx" ON "financial_accounts" USING btree ("centro_custo_id");--> statement-breakpoint
CREATE INDEX "financial_accounts_conta_idx" ON "financial_accounts" USING btree ("conta_bancaria_id");--> statement-breakpoint
CREATE INDEX "financial_accounts_forma_idx" ON "financial_accounts" USING btree ("forma_id");--> statement-breakpoint
CREATE INDEX "financial_accounts_origem_idx" ON "financial_accounts" USING btree ("origem","origem_id");--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_saldo_check" CHECK ("financial_accounts"."saldo" >= 0 and "financial_accounts"."saldo" <= "financial_accounts"."valor");--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_parcela_check" CHECK ("financial_accounts"."parcela" between 1 and "financial_accounts"."total_parcelas");--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_origem_check" CHECK ("financial_accounts"."origem" in ('pedido', 'nota_fiscal', 'entrada', 'manual', 'renegociacao', 'comissao'));--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_status_check" CHECK ("financial_accounts"."status" in ('em_aberto', 'parcial', 'pago', 'cancelado'));--> statement-breakpoint
-- Existing títulos: the saldo is the valor while open (a cancelled one keeps what was owed), 0 when
-- paid; the person's name is kept on the título.
UPDATE financial_accounts SET saldo = CASE WHEN status = 'pago' THEN 0 ELSE valor END WHERE saldo IS NULL;
--> statement-breakpoint
UPDATE financial_accounts f SET pessoa_nome = coalesce(
  (SELECT c.razao_social FROM clientes c WHERE c.id = f.cliente_id), f.fornecedor_nome, '')
WHERE f.pessoa_nome = '';
--> statement-breakpoint
-- An insert that leaves the saldo out (writers that predate the finance module) gets the valor, or 0
-- when it is inserted paid.
CREATE OR REPLACE FUNCTION financial_accounts_saldo_padrao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.saldo IS NULL THEN
    NEW.saldo := CASE WHEN NEW.status = 'pago' THEN 0 ELSE NEW.valor END;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER financial_accounts_saldo_padrao BEFORE INSERT ON financial_accounts
  FOR EACH ROW EXECUTE FUNCTION financial_accounts_saldo_padrao();
--> statement-breakpoint
ALTER TABLE financial_accounts ALTER COLUMN saldo SET NOT NULL;
--> statement-breakpoint
-- The dashboard's open accounts: em_aberto and parcial, carrying the saldo (the open balance).
DROP INDEX IF EXISTS dashboard_contas_aberto_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS dashboard_contas_aberto_idx ON financial_accounts (tipo, data_vencimento) INCLUDE (saldo)
  WHERE status IN ('em_aberto', 'parcial');
--> statement-breakpoint
-- The bank ledger is append-only: an estorno is a new movement, never an edit or a delete.
CREATE TRIGGER conta_movimentos_no_change BEFORE UPDATE OR DELETE ON conta_movimentos
  FOR EACH ROW EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
CREATE TRIGGER conta_movimentos_no_truncate BEFORE TRUNCATE ON conta_movimentos
  FOR EACH STATEMENT EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
SELECT audit_attach('centros_custo');
--> statement-breakpoint
SELECT audit_attach('classes_financeiras');
--> statement-breakpoint
SELECT audit_attach('formas_pagamento');
--> statement-breakpoint
SELECT audit_attach('condicoes_pagamento');
--> statement-breakpoint
SELECT audit_attach('contas_bancarias');
--> statement-breakpoint
SELECT audit_attach('titulo_rateios', 'titulo_id');
--> statement-breakpoint
SELECT audit_attach('baixas', 'titulo_id');
