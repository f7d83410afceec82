CREATE TABLE "tabela_preco_clientes" (
	"tabela_id" uuid NOT NULL,
	"cliente_id" uuid NOT NULL,
	CONSTRAINT "tabela_preco_clientes_tabela_id_cliente_id_pk" PRIMARY KEY("tabela_id","cliente_id")
);
--> statement-breakpoint
CREATE TABLE "tabela_preco_faixas" (
	"tabela_id" uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	"quantidade_minima" numeric(14,3) NOT NULL,
	"tipo" text NOT NULL,
	"preco" numeric(14,2),
	"percentual" numeric(6,2),
	CONSTRAINT "tabela_preco_faixas_tabela_id_produto_id_quantidade_minima_pk" PRIMARY KEY("tabela_id","produto_id","quantidade_minima"),
	CONSTRAINT "tabela_preco_faixas_tipo_check" CHECK ("tabela_preco_faixas"."tipo" in ('preco', 'desconto')),
	CONSTRAINT "tabela_preco_faixas_quantidade_check" CHECK ("tabela_preco_faixas"."quantidade_minima" > 0),
	CONSTRAINT "tabela_preco_faixas_valor_check" CHECK (case when "tabela_preco_faixas"."tipo" = 'preco' then "tabela_preco_faixas"."preco" > 0 and "tabela_preco_faixas"."percentual" is null
        else "tabela_preco_faixas"."preco" is null and "tabela_preco_faixas"."percentual" >= 0 and "tabela_preco_faixas"."percentual" < 100 end)
);
--> statement-breakpoint
CREATE TABLE "tabela_preco_itens" (
	"tabela_id" uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	"regra" text NOT NULL,
	"preco" numeric(14,2),
	"percentual" numeric(6,2),
	"preco_minimo" numeric(14,2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tabela_preco_itens_tabela_id_produto_id_pk" PRIMARY KEY("tabela_id","produto_id"),
	CONSTRAINT "tabela_preco_itens_regra_check" CHECK ("tabela_preco_itens"."regra" in ('preco_fixo', 'markup_custo', 'acima_base', 'abaixo_base')),
	CONSTRAINT "tabela_preco_itens_valor_check" CHECK (case when "tabela_preco_itens"."regra" = 'preco_fixo' then "tabela_preco_itens"."preco" > 0 and "tabela_preco_itens"."percentual" is null
        else "tabela_preco_itens"."preco" is null and "tabela_preco_itens"."percentual" >= 0
          and ("tabela_preco_itens"."regra" <> 'abaixo_base' or "tabela_preco_itens"."percentual" < 100) end),
	CONSTRAINT "tabela_preco_itens_preco_minimo_check" CHECK ("tabela_preco_itens"."preco_minimo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tabelas_preco" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"vigencia_inicio" date NOT NULL,
	"vigencia_fim" date,
	"ativa" boolean DEFAULT true NOT NULL,
	"escopo" text NOT NULL,
	"grupo_id" uuid,
	"segmento_id" uuid,
	"regiao_id" uuid,
	"busca" text GENERATED ALWAYS AS (erp_normaliza(nome)) STORED NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tabelas_preco_escopo_check" CHECK ("tabelas_preco"."escopo" in ('geral', 'grupo', 'segmento', 'regiao', 'clientes')),
	CONSTRAINT "tabelas_preco_escopo_ref_check" CHECK (("tabelas_preco"."grupo_id" is not null) = ("tabelas_preco"."escopo" = 'grupo')
        and ("tabelas_preco"."segmento_id" is not null) = ("tabelas_preco"."escopo" = 'segmento')
        and ("tabelas_preco"."regiao_id" is not null) = ("tabelas_preco"."escopo" = 'regiao')),
	CONSTRAINT "tabelas_preco_vigencia_check" CHECK ("tabelas_preco"."vigencia_fim" is null or "tabelas_preco"."vigencia_fim" >= "tabelas_preco"."vigencia_inicio")
);
--> statement-breakpoint
ALTER TABLE "vendedores" ADD COLUMN "desconto_maximo" numeric(5,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "tabela_preco_clientes" ADD CONSTRAINT "tabela_preco_clientes_tabela_id_tabelas_preco_id_fk" FOREIGN KEY ("tabela_id") REFERENCES "public"."tabelas_preco"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_preco_clientes" ADD CONSTRAINT "tabela_preco_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_preco_faixas" ADD CONSTRAINT "tabela_preco_faixas_item_fk" FOREIGN KEY ("tabela_id","produto_id") REFERENCES "public"."tabela_preco_itens"("tabela_id","produto_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_preco_itens" ADD CONSTRAINT "tabela_preco_itens_tabela_id_tabelas_preco_id_fk" FOREIGN KEY ("tabela_id") REFERENCES "public"."tabelas_preco"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_preco_itens" ADD CONSTRAINT "tabela_preco_itens_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabelas_preco" ADD CONSTRAINT "tabelas_preco_grupo_id_grupos_empresariais_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_empresariais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabelas_preco" ADD CONSTRAINT "tabelas_preco_segmento_id_segmentos_id_fk" FOREIGN KEY ("segmento_id") REFERENCES "public"."segmentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabelas_preco" ADD CONSTRAINT "tabelas_preco_regiao_id_regioes_entrega_id_fk" FOREIGN KEY ("regiao_id") REFERENCES "public"."regioes_entrega"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tabela_preco_clientes_cliente_idx" ON "tabela_preco_clientes" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "tabela_preco_itens_produto_idx" ON "tabela_preco_itens" USING btree ("produto_id","tabela_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tabelas_preco_nome_key" ON "tabelas_preco" USING btree (erp_normaliza("nome"));--> statement-breakpoint
CREATE INDEX "tabelas_preco_busca_trgm_idx" ON "tabelas_preco" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tabelas_preco_busca_ordem_idx" ON "tabelas_preco" USING btree ("busca","id");--> statement-breakpoint
CREATE INDEX "tabelas_preco_grupo_idx" ON "tabelas_preco" USING btree ("grupo_id") WHERE "tabelas_preco"."grupo_id" is not null;--> statement-breakpoint
CREATE INDEX "tabelas_preco_segmento_idx" ON "tabelas_preco" USING btree ("segmento_id") WHERE "tabelas_preco"."segmento_id" is not null;--> statement-breakpoint
CREATE INDEX "tabelas_preco_regiao_idx" ON "tabelas_preco" USING btree ("regiao_id") WHERE "tabelas_preco"."regiao_id" is not null;--> statement-breakpoint
CREATE INDEX "tabelas_preco_vigencia_idx" ON "tabelas_preco" USING btree ("vigencia_inicio","vigencia_fim","id");--> statement-breakpoint
ALTER TABLE "vendedores" ADD CONSTRAINT "vendedores_desconto_maximo_check" CHECK ("vendedores"."desconto_maximo" between 0 and 100);--> statement-breakpoint
-- Every change of a price table is audited: the header, its customers (named by the table), its
-- items and breaks (named by the product).
SELECT audit_attach('tabelas_preco');
--> statement-breakpoint
SELECT audit_attach('tabela_preco_clientes', 'tabela_id');
--> statement-breakpoint
SELECT audit_attach('tabela_preco_itens', 'produto_id');
--> statement-breakpoint
SELECT audit_attach('tabela_preco_faixas', 'produto_id');
