-- Cobrança registrada (issue 31): the carteira of a bank account, the boletos of the receivables,
-- the instructions sent to the bank (the entrada included) and the remessa files as generated.
CREATE TABLE "carteiras_cobranca" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conta_bancaria_id" uuid NOT NULL REFERENCES "contas_bancarias"("id"),
	"banco" text NOT NULL,
	"agencia" text NOT NULL,
	"agencia_dv" text DEFAULT '' NOT NULL,
	"conta" text DEFAULT '' NOT NULL,
	"conta_dv" text DEFAULT '' NOT NULL,
	"carteira" text NOT NULL,
	"variacao" text DEFAULT '' NOT NULL,
	"convenio" text DEFAULT '' NOT NULL,
	"posto" text DEFAULT '' NOT NULL,
	"codigo_transmissao" text DEFAULT '' NOT NULL,
	"layout" text NOT NULL,
	-- The next sequential to use: taken under the row's lock, so numbers are unique and gapless.
	"proximo_nosso_numero" bigint DEFAULT 1 NOT NULL,
	"proximo_nsa" integer DEFAULT 1 NOT NULL,
	"multa_percentual" numeric(7, 4) DEFAULT '0' NOT NULL,
	"juros_mes_percentual" numeric(7, 4) DEFAULT '0' NOT NULL,
	"desconto_percentual" numeric(7, 4) DEFAULT '0' NOT NULL,
	"dias_protesto" integer,
	"dias_baixa" integer,
	"mensagens" text[] DEFAULT '{}' NOT NULL,
	"ativa" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carteiras_cobranca_layout_check" CHECK ("layout" in ('cnab240', 'cnab400')),
	CONSTRAINT "carteiras_cobranca_sequencias_check" CHECK ("proximo_nosso_numero" >= 1 and "proximo_nsa" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "carteiras_cobranca_conta_key" ON "carteiras_cobranca" ("conta_bancaria_id");
--> statement-breakpoint
CREATE TABLE "cobranca_remessas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carteira_id" uuid NOT NULL REFERENCES "carteiras_cobranca"("id"),
	"nsa" integer NOT NULL,
	"layout" text NOT NULL,
	"nome_arquivo" text NOT NULL,
	-- Kept as generated, byte for byte (latin-1/ASCII CNAB text).
	"conteudo" bytea NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"usuario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cobranca_remessas_nsa_key" ON "cobranca_remessas" ("carteira_id", "nsa");
--> statement-breakpoint
CREATE TABLE "boletos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titulo_id" uuid NOT NULL REFERENCES "financial_accounts"("id"),
	"carteira_id" uuid NOT NULL REFERENCES "carteiras_cobranca"("id"),
	"sequencial" bigint NOT NULL,
	"nosso_numero" text NOT NULL,
	"nosso_numero_dv" text NOT NULL,
	"nosso_numero_impresso" text NOT NULL,
	"codigo_barras" text NOT NULL,
	"linha_digitavel" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"vencimento" date NOT NULL,
	"emissao" date NOT NULL,
	"situacao" text DEFAULT 'a_registrar' NOT NULL,
	"motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boletos_situacao_check" CHECK ("situacao" in ('a_registrar', 'enviado', 'registrado', 'rejeitado', 'liquidado', 'baixado')),
	CONSTRAINT "boletos_codigo_barras_check" CHECK ("codigo_barras" ~ '^[0-9]{44}$' and "linha_digitavel" ~ '^[0-9]{47}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "boletos_sequencial_key" ON "boletos" ("carteira_id", "sequencial");
--> statement-breakpoint
CREATE UNIQUE INDEX "boletos_nosso_numero_key" ON "boletos" ("carteira_id", "nosso_numero");
--> statement-breakpoint
-- One live boleto per título (a rejected or baixado one may be replaced by a new one).
CREATE UNIQUE INDEX "boletos_titulo_vivo_key" ON "boletos" ("titulo_id") WHERE "situacao" not in ('rejeitado', 'baixado');
--> statement-breakpoint
CREATE INDEX "boletos_situacao_idx" ON "boletos" ("situacao", "vencimento");
--> statement-breakpoint
CREATE TABLE "boleto_instrucoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"boleto_id" uuid NOT NULL REFERENCES "boletos"("id"),
	"instrucao" text NOT NULL,
	"vencimento" date,
	"valor" numeric(14, 2),
	"remessa_id" uuid REFERENCES "cobranca_remessas"("id"),
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"usuario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boleto_instrucoes_instrucao_check" CHECK ("instrucao" in ('entrada', 'alteracaoVencimento', 'abatimento', 'baixa', 'protesto'))
);
--> statement-breakpoint
CREATE INDEX "boleto_instrucoes_pendentes_idx" ON "boleto_instrucoes" ("boleto_id") WHERE "remessa_id" is null;
--> statement-breakpoint
CREATE INDEX "boleto_instrucoes_boleto_idx" ON "boleto_instrucoes" ("boleto_id", "created_at");
--> statement-breakpoint
SELECT audit_attach('carteiras_cobranca');--> statement-breakpoint
SELECT audit_attach_lote('boletos', 'titulo_id');--> statement-breakpoint
SELECT audit_attach_lote('boleto_instrucoes', 'boleto_id');--> statement-breakpoint
SELECT audit_attach('cobranca_remessas', 'carteira_id');
