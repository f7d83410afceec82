CREATE TABLE "categorias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estoque_reservas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"origem" text NOT NULL,
	"origem_id" text NOT NULL,
	"produto_id" uuid NOT NULL,
	"local_id" uuid NOT NULL,
	"lote_id" uuid,
	"quantidade" numeric(14,3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_reservas_chave_key" UNIQUE NULLS NOT DISTINCT("origem","origem_id","produto_id","local_id","lote_id"),
	CONSTRAINT "estoque_reservas_quantidade_check" CHECK ("estoque_reservas"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "estoque_saldos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"produto_id" uuid NOT NULL,
	"local_id" uuid NOT NULL,
	"lote_id" uuid,
	"saldo" numeric(14,3) DEFAULT '0' NOT NULL,
	"reservado" numeric(14,3) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_saldos_chave_key" UNIQUE NULLS NOT DISTINCT("produto_id","local_id","lote_id"),
	CONSTRAINT "estoque_saldos_reservado_check" CHECK ("estoque_saldos"."reservado" >= 0)
);
--> statement-breakpoint
CREATE TABLE "grupos_estoque" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventario_itens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inventario_id" uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	"lote_id" uuid,
	"sistema" numeric(14,3) NOT NULL,
	"contado" numeric(14,3),
	"custo_medio" numeric(18,4) DEFAULT '0' NOT NULL,
	"contado_em" timestamp with time zone,
	"contado_por" uuid,
	CONSTRAINT "inventario_itens_chave_key" UNIQUE NULLS NOT DISTINCT("inventario_id","produto_id","lote_id"),
	CONSTRAINT "inventario_itens_contado_check" CHECK ("inventario_itens"."contado" is null or "inventario_itens"."contado" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" serial NOT NULL,
	"local_id" uuid NOT NULL,
	"grupo_id" uuid,
	"situacao" text DEFAULT 'aberto' NOT NULL,
	"observacao" text,
	"aberto_em" timestamp with time zone DEFAULT now() NOT NULL,
	"aberto_por" uuid,
	"lancado_em" timestamp with time zone,
	"lancado_por" uuid,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventarios_situacao_check" CHECK ("inventarios"."situacao" in ('aberto', 'lancado', 'cancelado'))
);
--> statement-breakpoint
CREATE TABLE "locais_estoque" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tipo" text DEFAULT 'deposito' NOT NULL,
	"padrao_entrada" boolean DEFAULT false NOT NULL,
	"padrao_saida" boolean DEFAULT false NOT NULL,
	CONSTRAINT "locais_estoque_tipo_check" CHECK ("locais_estoque"."tipo" in ('deposito', 'separacao', 'avaria')),
	CONSTRAINT "locais_estoque_avaria_saida_check" CHECK (not ("locais_estoque"."tipo" = 'avaria' and "locais_estoque"."padrao_saida"))
);
--> statement-breakpoint
CREATE TABLE "lotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"produto_id" uuid NOT NULL,
	"numero" text NOT NULL,
	"fabricacao" date,
	"validade" date NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotes_validade_check" CHECK ("lotes"."fabricacao" is null or "lotes"."validade" >= "lotes"."fabricacao")
);
--> statement-breakpoint
CREATE TABLE "produto_embalagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"produto_id" uuid NOT NULL,
	"unidade" text NOT NULL,
	"fator" numeric(14,3) NOT NULL,
	"gtin" text,
	"padrao_compra" boolean DEFAULT false NOT NULL,
	"padrao_venda" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produto_embalagens_fator_check" CHECK ("produto_embalagens"."fator" > 0)
);
--> statement-breakpoint
CREATE TABLE "unidades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sigla" text NOT NULL,
	"descricao" text NOT NULL,
	"casas_decimais" smallint DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unidades_casas_decimais_check" CHECK ("unidades"."casas_decimais" between 0 and 6)
);
--> statement-breakpoint
-- the unique key the unit foreign keys reference, before them
CREATE UNIQUE INDEX "unidades_sigla_key" ON "unidades" USING btree ("sigla");--> statement-breakpoint
ALTER TABLE "estoque_movimentos" DROP CONSTRAINT "estoque_movimentos_tipo_check";--> statement-breakpoint
DROP INDEX "estoque_movimentos_product_idx";--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD COLUMN "local_id" uuid;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD COLUMN "lote_id" uuid;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD COLUMN "custo_unitario" numeric(18,4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD COLUMN "saldo_produto" numeric(14,3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD COLUMN "custo_medio" numeric(18,4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD COLUMN "observacao" text;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD COLUMN "estorno_de" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "descricao_complementar" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "marca" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "grupo_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "categoria_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fornecedor_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text DEFAULT 'SEM GTIN' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cest" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "origem" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "peso_bruto" numeric(12,3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "peso_liquido" numeric(12,3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "volume" numeric(12,6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "custo_medio" numeric(18,4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "estoque_reservado" numeric(14,3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "controla_lote" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "busca" text GENERATED ALWAYS AS (erp_normaliza(nome || ' ' || codigo || ' ' || gtin)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_reservas" ADD CONSTRAINT "estoque_reservas_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_reservas" ADD CONSTRAINT "estoque_reservas_local_id_locais_estoque_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais_estoque"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_reservas" ADD CONSTRAINT "estoque_reservas_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_saldos" ADD CONSTRAINT "estoque_saldos_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_saldos" ADD CONSTRAINT "estoque_saldos_local_id_locais_estoque_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais_estoque"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_saldos" ADD CONSTRAINT "estoque_saldos_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_inventario_id_inventarios_id_fk" FOREIGN KEY ("inventario_id") REFERENCES "public"."inventarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario_itens" ADD CONSTRAINT "inventario_itens_contado_por_users_id_fk" FOREIGN KEY ("contado_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_local_id_locais_estoque_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais_estoque"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_grupo_id_grupos_estoque_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_estoque"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_aberto_por_users_id_fk" FOREIGN KEY ("aberto_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventarios" ADD CONSTRAINT "inventarios_lancado_por_users_id_fk" FOREIGN KEY ("lancado_por") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_embalagens" ADD CONSTRAINT "produto_embalagens_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_embalagens" ADD CONSTRAINT "produto_embalagens_unidade_unidades_sigla_fk" FOREIGN KEY ("unidade") REFERENCES "public"."unidades"("sigla") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_codigo_key" ON "categorias" USING btree (upper("codigo"));--> statement-breakpoint
CREATE INDEX "estoque_reservas_saldo_idx" ON "estoque_reservas" USING btree ("produto_id","local_id","lote_id");--> statement-breakpoint
CREATE INDEX "estoque_saldos_local_idx" ON "estoque_saldos" USING btree ("local_id","produto_id");--> statement-breakpoint
CREATE INDEX "estoque_saldos_lote_idx" ON "estoque_saldos" USING btree ("lote_id") WHERE "estoque_saldos"."lote_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_estoque_codigo_key" ON "grupos_estoque" USING btree (upper("codigo"));--> statement-breakpoint
CREATE INDEX "inventario_itens_produto_idx" ON "inventario_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventarios_numero_key" ON "inventarios" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "inventarios_aberto_em_idx" ON "inventarios" USING btree ("aberto_em","id");--> statement-breakpoint
CREATE INDEX "inventarios_local_idx" ON "inventarios" USING btree ("local_id","aberto_em");--> statement-breakpoint
CREATE UNIQUE INDEX "locais_estoque_codigo_key" ON "locais_estoque" USING btree (upper("codigo"));--> statement-breakpoint
CREATE UNIQUE INDEX "locais_estoque_padrao_entrada_key" ON "locais_estoque" USING btree ("padrao_entrada") WHERE "locais_estoque"."padrao_entrada";--> statement-breakpoint
CREATE UNIQUE INDEX "locais_estoque_padrao_saida_key" ON "locais_estoque" USING btree ("padrao_saida") WHERE "locais_estoque"."padrao_saida";--> statement-breakpoint
CREATE UNIQUE INDEX "lotes_produto_numero_key" ON "lotes" USING btree ("produto_id","numero");--> statement-breakpoint
CREATE INDEX "lotes_validade_idx" ON "lotes" USING btree ("validade","id");--> statement-breakpoint
CREATE INDEX "lotes_produto_validade_idx" ON "lotes" USING btree ("produto_id","validade");--> statement-breakpoint
CREATE UNIQUE INDEX "produto_embalagens_unidade_key" ON "produto_embalagens" USING btree ("produto_id","unidade");--> statement-breakpoint
CREATE UNIQUE INDEX "produto_embalagens_gtin_key" ON "produto_embalagens" USING btree ("gtin") WHERE "produto_embalagens"."gtin" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "produto_embalagens_padrao_compra_key" ON "produto_embalagens" USING btree ("produto_id") WHERE "produto_embalagens"."padrao_compra";--> statement-breakpoint
CREATE UNIQUE INDEX "produto_embalagens_padrao_venda_key" ON "produto_embalagens" USING btree ("produto_id") WHERE "produto_embalagens"."padrao_venda";--> statement-breakpoint
CREATE INDEX "produto_embalagens_sigla_idx" ON "produto_embalagens" USING btree ("unidade");--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_local_id_locais_estoque_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."locais_estoque"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_estorno_de_estoque_movimentos_id_fk" FOREIGN KEY ("estorno_de") REFERENCES "public"."estoque_movimentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_grupo_id_grupos_estoque_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_estoque"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fornecedor_id_fornecedores_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."fornecedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_movimentos_local_idx" ON "estoque_movimentos" USING btree ("local_id","ocorrido_em");--> statement-breakpoint
CREATE INDEX "estoque_movimentos_lote_idx" ON "estoque_movimentos" USING btree ("lote_id") WHERE "estoque_movimentos"."lote_id" is not null;--> statement-breakpoint
CREATE INDEX "estoque_movimentos_origem_idx" ON "estoque_movimentos" USING btree ("origem","origem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_movimentos_estorno_de_key" ON "estoque_movimentos" USING btree ("estorno_de");--> statement-breakpoint
CREATE INDEX "products_busca_trgm_idx" ON "products" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_busca_ordem_idx" ON "products" USING btree ("busca","id");--> statement-breakpoint
CREATE INDEX "products_grupo_idx" ON "products" USING btree ("grupo_id");--> statement-breakpoint
CREATE INDEX "products_categoria_idx" ON "products" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "products_fornecedor_idx" ON "products" USING btree ("fornecedor_id");--> statement-breakpoint
CREATE INDEX "products_unidade_idx" ON "products" USING btree ("unidade");--> statement-breakpoint
CREATE INDEX "estoque_movimentos_product_idx" ON "estoque_movimentos" USING btree ("product_id","ocorrido_em","id");--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_quantidade_check" CHECK ("estoque_movimentos"."quantidade" <> 0);--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_custo_check" CHECK ("estoque_movimentos"."custo_unitario" >= 0);--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_estorno_check" CHECK (("estoque_movimentos"."tipo" = 'estorno') = ("estoque_movimentos"."estorno_de" is not null));--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_tipo_check" CHECK ("estoque_movimentos"."tipo" in ('entrada', 'saida', 'transferencia', 'ajuste', 'inventario', 'estorno'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_estoque_reservado_check" CHECK ("products"."estoque_reservado" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_custo_medio_check" CHECK ("products"."custo_medio" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_origem_check" CHECK ("products"."origem" in ('0', '1', '2', '3', '4', '5', '6', '7', '8'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pesos_check" CHECK ("products"."peso_bruto" >= 0 and "products"."peso_liquido" >= 0 and "products"."volume" >= 0);