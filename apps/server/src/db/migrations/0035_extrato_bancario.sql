CREATE TABLE "cnab_retorno_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"importacao_id" uuid NOT NULL,
	"conta_bancaria_id" uuid NOT NULL,
	"linha" integer NOT NULL,
	"nosso_numero" text NOT NULL,
	"ocorrencia" text NOT NULL,
	"data_ocorrencia" date,
	"data_credito" date,
	"valor_titulo" numeric(14,2) NOT NULL,
	"valor_pago" numeric(14,2) NOT NULL,
	"juros" numeric(14,2) DEFAULT '0' NOT NULL,
	"desconto" numeric(14,2) DEFAULT '0' NOT NULL,
	"tarifa" numeric(14,2) DEFAULT '0' NOT NULL,
	"chave" text NOT NULL,
	"titulo_id" uuid,
	"baixa_id" uuid,
	"situacao" text NOT NULL,
	"mensagem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extrato_conciliacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"linha_id" uuid NOT NULL,
	"conta_movimento_id" bigint,
	"baixa_id" uuid,
	"titulo_id" uuid,
	"criou_baixa" boolean DEFAULT false NOT NULL,
	"desfeita_em" timestamp with time zone,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extrato_importacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conta_bancaria_id" uuid NOT NULL,
	"formato" text NOT NULL,
	"arquivo_nome" text NOT NULL,
	"arquivo_hash" text NOT NULL,
	"banco" text,
	"conta" text,
	"inicio" date,
	"fim" date,
	"saldo_arquivo" numeric(14,2),
	"saldo_data" date,
	"linhas_lidas" integer DEFAULT 0 NOT NULL,
	"linhas_novas" integer DEFAULT 0 NOT NULL,
	"linhas_repetidas" integer DEFAULT 0 NOT NULL,
	"erros" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"avisos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extrato_importacoes_formato_check" CHECK ("extrato_importacoes"."formato" in ('ofx', 'cnab240', 'cnab400'))
);
--> statement-breakpoint
CREATE TABLE "extrato_linhas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conta_bancaria_id" uuid NOT NULL,
	"importacao_id" uuid,
	"origem" text NOT NULL,
	"data" date NOT NULL,
	"valor" numeric(14,2) NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"documento" text,
	"fitid" text,
	"tipo" text,
	"posicao" integer DEFAULT 0 NOT NULL,
	"chave_dedupe" text NOT NULL,
	"conciliada" boolean DEFAULT false NOT NULL,
	"conciliada_em" timestamp with time zone,
	"conciliada_por" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extrato_linhas_origem_check" CHECK ("extrato_linhas"."origem" in ('ofx', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD COLUMN "nosso_numero" text;--> statement-breakpoint
ALTER TABLE "cnab_retorno_itens" ADD CONSTRAINT "cnab_retorno_itens_importacao_id_extrato_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."extrato_importacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnab_retorno_itens" ADD CONSTRAINT "cnab_retorno_itens_conta_bancaria_id_contas_bancarias_id_fk" FOREIGN KEY ("conta_bancaria_id") REFERENCES "public"."contas_bancarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnab_retorno_itens" ADD CONSTRAINT "cnab_retorno_itens_titulo_id_financial_accounts_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."financial_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnab_retorno_itens" ADD CONSTRAINT "cnab_retorno_itens_baixa_id_baixas_id_fk" FOREIGN KEY ("baixa_id") REFERENCES "public"."baixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_conciliacoes" ADD CONSTRAINT "extrato_conciliacoes_linha_id_extrato_linhas_id_fk" FOREIGN KEY ("linha_id") REFERENCES "public"."extrato_linhas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_conciliacoes" ADD CONSTRAINT "extrato_conciliacoes_conta_movimento_id_conta_movimentos_id_fk" FOREIGN KEY ("conta_movimento_id") REFERENCES "public"."conta_movimentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_conciliacoes" ADD CONSTRAINT "extrato_conciliacoes_baixa_id_baixas_id_fk" FOREIGN KEY ("baixa_id") REFERENCES "public"."baixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_conciliacoes" ADD CONSTRAINT "extrato_conciliacoes_titulo_id_financial_accounts_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."financial_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_conciliacoes" ADD CONSTRAINT "extrato_conciliacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_importacoes" ADD CONSTRAINT "extrato_importacoes_conta_bancaria_id_contas_bancarias_id_fk" FOREIGN KEY ("conta_bancaria_id") REFERENCES "public"."contas_bancarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_importacoes" ADD CONSTRAINT "extrato_importacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_linhas" ADD CONSTRAINT "extrato_linhas_conta_bancaria_id_contas_bancarias_id_fk" FOREIGN KEY ("conta_bancaria_id") REFERENCES "public"."contas_bancarias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_linhas" ADD CONSTRAINT "extrato_linhas_importacao_id_extrato_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."extrato_importacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_linhas" ADD CONSTRAINT "extrato_linhas_conciliada_por_users_id_fk" FOREIGN KEY ("conciliada_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extrato_linhas" ADD CONSTRAINT "extrato_linhas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cnab_retorno_itens_importacao_idx" ON "cnab_retorno_itens" USING btree ("importacao_id");--> statement-breakpoint
CREATE INDEX "cnab_retorno_itens_conta_chave_idx" ON "cnab_retorno_itens" USING btree ("conta_bancaria_id","chave");--> statement-breakpoint
CREATE INDEX "extrato_conciliacoes_linha_idx" ON "extrato_conciliacoes" USING btree ("linha_id");--> statement-breakpoint
CREATE INDEX "extrato_conciliacoes_movimento_idx" ON "extrato_conciliacoes" USING btree ("conta_movimento_id");--> statement-breakpoint
CREATE INDEX "extrato_conciliacoes_baixa_idx" ON "extrato_conciliacoes" USING btree ("baixa_id");--> statement-breakpoint
CREATE INDEX "extrato_importacoes_conta_idx" ON "extrato_importacoes" USING btree ("conta_bancaria_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "extrato_linhas_conta_chave_key" ON "extrato_linhas" USING btree ("conta_bancaria_id","chave_dedupe");--> statement-breakpoint
CREATE INDEX "extrato_linhas_conta_data_idx" ON "extrato_linhas" USING btree ("conta_bancaria_id","data","posicao");--> statement-breakpoint
CREATE INDEX "extrato_linhas_importacao_idx" ON "extrato_linhas" USING btree ("importacao_id");--> statement-breakpoint
CREATE INDEX "financial_accounts_nosso_numero_idx" ON "financial_accounts" USING btree ("nosso_numero");--> statement-breakpoint
SELECT audit_attach('extrato_importacoes');--> statement-breakpoint
SELECT audit_attach('extrato_linhas');--> statement-breakpoint
SELECT audit_attach('extrato_conciliacoes', 'linha_id');
