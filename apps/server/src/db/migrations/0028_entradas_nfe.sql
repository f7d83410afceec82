CREATE TABLE "entrada_duplicatas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entrada_id" uuid NOT NULL,
	"numero" text NOT NULL,
	"vencimento" date NOT NULL,
	"valor" numeric(14,2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entrada_item_lotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"numero" text NOT NULL,
	"quantidade" numeric(14,3) NOT NULL,
	"fabricacao" date,
	"validade" date,
	"origem" text NOT NULL,
	CONSTRAINT "entrada_item_lotes_quantidade_check" CHECK ("entrada_item_lotes"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "entrada_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entrada_id" uuid NOT NULL,
	"n_item" integer NOT NULL,
	"c_prod" text NOT NULL,
	"c_ean" text,
	"c_ean_trib" text,
	"x_prod" text NOT NULL,
	"ncm" text,
	"cfop" text,
	"u_com" text NOT NULL,
	"q_com" numeric(15, 4) NOT NULL,
	"v_un_com" numeric(21, 10) NOT NULL,
	"u_trib" text,
	"q_trib" numeric(15, 4),
	"v_prod" numeric(14,2) NOT NULL,
	"v_desc" numeric(14,2) DEFAULT '0' NOT NULL,
	"v_frete" numeric(14,2) DEFAULT '0' NOT NULL,
	"v_seg" numeric(14,2) DEFAULT '0' NOT NULL,
	"v_outro" numeric(14,2) DEFAULT '0' NOT NULL,
	"v_ipi" numeric(14,2) DEFAULT '0' NOT NULL,
	"v_icms_st" numeric(14,2) DEFAULT '0' NOT NULL,
	"v_icms" numeric(14,2) DEFAULT '0' NOT NULL,
	"v_pis" numeric(14,2) DEFAULT '0' NOT NULL,
	"v_cofins" numeric(14,2) DEFAULT '0' NOT NULL,
	"custo_total" numeric(14,2) DEFAULT '0' NOT NULL,
	"produto_id" uuid,
	"embalagem_id" uuid,
	"fator" numeric(14, 4),
	"quantidade_base" numeric(14,3),
	"custo_unitario" numeric(18,4),
	"mapeamento" text,
	"local_id" uuid,
	"quantidade_conferida" numeric(14,3),
	"dados" jsonb,
	CONSTRAINT "entrada_itens_mapeamento_check" CHECK ("entrada_itens"."mapeamento" in ('memoria', 'gtin', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "entradas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	"origem" text NOT NULL,
	"chave" text,
	"modelo" text,
	"serie" integer,
	"numero" integer,
	"emissao" timestamp with time zone,
	"natureza_operacao" text,
	"fornecedor_id" uuid,
	"emitente" jsonb,
	"emitente_documento" text,
	"emitente_nome" text,
	"valor_produtos" numeric(14,2) DEFAULT '0' NOT NULL,
	"valor_desconto" numeric(14,2) DEFAULT '0' NOT NULL,
	"valor_frete" numeric(14,2) DEFAULT '0' NOT NULL,
	"valor_seguro" numeric(14,2) DEFAULT '0' NOT NULL,
	"valor_outros" numeric(14,2) DEFAULT '0' NOT NULL,
	"valor_ipi" numeric(14,2) DEFAULT '0' NOT NULL,
	"valor_icms_st" numeric(14,2) DEFAULT '0' NOT NULL,
	"valor_icms" numeric(14,2) DEFAULT '0' NOT NULL,
	"valor_nota" numeric(14,2) DEFAULT '0' NOT NULL,
	"xml_original" "bytea",
	"xml_nome_arquivo" text,
	"xsd_valido" boolean,
	"xsd_erros" jsonb,
	"assinatura" text,
	"assinatura_motivo" text,
	"certificado" jsonb,
	"assinatura_confirmada_por" uuid,
	"assinatura_confirmada_em" timestamp with time zone,
	"alertas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"condicao_pagamento_id" uuid,
	"local_id" uuid,
	"observacoes" text,
	"criado_por" uuid,
	"conferida_por" uuid,
	"conferida_em" timestamp with time zone,
	"lancada_por" uuid,
	"lancada_em" timestamp with time zone,
	"estornada_por" uuid,
	"estornada_em" timestamp with time zone,
	"motivo_estorno" text,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entradas_status_check" CHECK ("entradas"."status" in ('rascunho', 'conferida', 'lancada', 'estornada')),
	CONSTRAINT "entradas_origem_check" CHECK ("entradas"."origem" in ('xml', 'manual')),
	CONSTRAINT "entradas_assinatura_check" CHECK ("entradas"."assinatura" in ('valida', 'invalida', 'ausente')),
	CONSTRAINT "entradas_xml_check" CHECK ("entradas"."origem" = 'manual' or "entradas"."xml_original" is not null)
);
--> statement-breakpoint
CREATE TABLE "fornecedor_produto_codigos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fornecedor_id" uuid NOT NULL,
	"c_prod" text NOT NULL,
	"produto_id" uuid NOT NULL,
	"embalagem_id" uuid,
	"u_com" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entrada_duplicatas" ADD CONSTRAINT "entrada_duplicatas_entrada_id_entradas_id_fk" FOREIGN KEY ("entrada_id") REFERENCES "public"."entradas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrada_item_lotes" ADD CONSTRAINT "entrada_item_lotes_item_id_entrada_itens_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."entrada_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrada_itens" ADD CONSTRAINT "entrada_itens_entrada_id_entradas_id_fk" FOREIGN KEY ("entrada_id") REFERENCES "public"."entradas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrada_itens" ADD CONSTRAINT "entrada_itens_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrada_itens" ADD CONSTRAINT "entrada_itens_embalagem_id_produto_embalagens_id_fk" FOREIGN KEY ("embalagem_id") REFERENCES "public"."produto_embalagens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrada_itens" ADD CONSTRAINT "entrada_itens_local_id_locais_estoque_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais_estoque"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas" ADD CONSTRAINT "entradas_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas" ADD CONSTRAINT "entradas_assinatura_confirmada_por_users_id_fk" FOREIGN KEY ("assinatura_confirmada_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas" ADD CONSTRAINT "entradas_condicao_pagamento_id_condicoes_pagamento_id_fk" FOREIGN KEY ("condicao_pagamento_id") REFERENCES "public"."condicoes_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas" ADD CONSTRAINT "entradas_local_id_locais_estoque_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais_estoque"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas" ADD CONSTRAINT "entradas_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas" ADD CONSTRAINT "entradas_conferida_por_users_id_fk" FOREIGN KEY ("conferida_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas" ADD CONSTRAINT "entradas_lancada_por_users_id_fk" FOREIGN KEY ("lancada_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas" ADD CONSTRAINT "entradas_estornada_por_users_id_fk" FOREIGN KEY ("estornada_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fornecedor_produto_codigos" ADD CONSTRAINT "fornecedor_produto_codigos_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fornecedor_produto_codigos" ADD CONSTRAINT "fornecedor_produto_codigos_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fornecedor_produto_codigos" ADD CONSTRAINT "fornecedor_produto_codigos_embalagem_id_produto_embalagens_id_fk" FOREIGN KEY ("embalagem_id") REFERENCES "public"."produto_embalagens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entrada_duplicatas_entrada_idx" ON "entrada_duplicatas" USING btree ("entrada_id");--> statement-breakpoint
CREATE INDEX "entrada_item_lotes_item_idx" ON "entrada_item_lotes" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entrada_itens_entrada_n_key" ON "entrada_itens" USING btree ("entrada_id","n_item");--> statement-breakpoint
CREATE INDEX "entrada_itens_produto_idx" ON "entrada_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entradas_chave_key" ON "entradas" USING btree ("chave") WHERE "entradas"."chave" is not null;--> statement-breakpoint
CREATE INDEX "entradas_status_idx" ON "entradas" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "entradas_fornecedor_idx" ON "entradas" USING btree ("fornecedor_id");--> statement-breakpoint
CREATE INDEX "entradas_emissao_idx" ON "entradas" USING btree ("emissao");--> statement-breakpoint
CREATE UNIQUE INDEX "fornecedor_produto_codigos_key" ON "fornecedor_produto_codigos" USING btree ("fornecedor_id","c_prod");--> statement-breakpoint
CREATE INDEX "fornecedor_produto_codigos_produto_idx" ON "fornecedor_produto_codigos" USING btree ("produto_id");