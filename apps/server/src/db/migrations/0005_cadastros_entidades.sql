CREATE TABLE "fornecedores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo_pessoa" text NOT NULL,
	"documento" text NOT NULL,
	"razao_social" text NOT NULL,
	"nome_fantasia" text,
	"inscricao_estadual" text,
	"indicador_ie" text DEFAULT '9' NOT NULL,
	"email" text,
	"email_nfe" text,
	"telefone" text,
	"celular" text,
	"cep" text,
	"logradouro" text,
	"numero" text,
	"complemento" text,
	"bairro" text,
	"municipio" text,
	"codigo_municipio" text,
	"uf" text,
	"observacoes" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"busca" text GENERATED ALWAYS AS (erp_normaliza(razao_social || ' ' || coalesce(nome_fantasia, '') || ' ' || documento)) STORED NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"prazo_medio_entrega" integer,
	CONSTRAINT "fornecedores_tipo_pessoa_check" CHECK ("fornecedores"."tipo_pessoa" in ('F', 'J')),
	CONSTRAINT "fornecedores_indicador_ie_check" CHECK ("fornecedores"."indicador_ie" in ('1', '2', '9')),
	CONSTRAINT "fornecedores_prazo_check" CHECK ("fornecedores"."prazo_medio_entrega" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "grupos_empresariais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regioes_entrega" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dias_entrega" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"municipios" text[] DEFAULT '{}'::text[] NOT NULL,
	"faixas_cep" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segmentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "situacoes_cliente" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueia_vendas" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendedores" ALTER COLUMN "comissao" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "vendedores" ALTER COLUMN "comissao" SET DATA TYPE numeric(5,2) USING "comissao"::numeric(5,2);--> statement-breakpoint
ALTER TABLE "vendedores" ALTER COLUMN "comissao" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "busca" text GENERATED ALWAYS AS (erp_normaliza(razao_social || ' ' || coalesce(nome_fantasia, '') || ' ' || documento)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "grupo_id" uuid;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "segmento_id" uuid;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "regiao_id" uuid;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "situacao_id" uuid;--> statement-breakpoint
ALTER TABLE "vendedores" ADD COLUMN "busca" text GENERATED ALWAYS AS (erp_normaliza(nome || ' ' || coalesce(cpf, '') || ' ' || coalesce(email, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fornecedores_documento_key" ON "fornecedores" USING btree ("documento");--> statement-breakpoint
CREATE INDEX "fornecedores_uf_idx" ON "fornecedores" USING btree ("uf");--> statement-breakpoint
CREATE INDEX "fornecedores_busca_trgm_idx" ON "fornecedores" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fornecedores_nome_ordem_idx" ON "fornecedores" USING btree (erp_normaliza("razao_social"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_empresariais_nome_key" ON "grupos_empresariais" USING btree (erp_normaliza("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "regioes_entrega_nome_key" ON "regioes_entrega" USING btree (erp_normaliza("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "segmentos_nome_key" ON "segmentos" USING btree (erp_normaliza("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "situacoes_cliente_nome_key" ON "situacoes_cliente" USING btree (erp_normaliza("nome"));--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_grupo_id_grupos_empresariais_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_empresariais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_segmento_id_segmentos_id_fk" FOREIGN KEY ("segmento_id") REFERENCES "public"."segmentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_regiao_id_regioes_entrega_id_fk" FOREIGN KEY ("regiao_id") REFERENCES "public"."regioes_entrega"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_situacao_id_situacoes_cliente_id_fk" FOREIGN KEY ("situacao_id") REFERENCES "public"."situacoes_cliente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendedores" ADD CONSTRAINT "vendedores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clientes_grupo_idx" ON "clientes" USING btree ("grupo_id");--> statement-breakpoint
CREATE INDEX "clientes_segmento_idx" ON "clientes" USING btree ("segmento_id");--> statement-breakpoint
CREATE INDEX "clientes_regiao_idx" ON "clientes" USING btree ("regiao_id");--> statement-breakpoint
CREATE INDEX "clientes_situacao_idx" ON "clientes" USING btree ("situacao_id");--> statement-breakpoint
CREATE INDEX "clientes_uf_idx" ON "clientes" USING btree ("uf");--> statement-breakpoint
CREATE INDEX "clientes_busca_trgm_idx" ON "clientes" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clientes_nome_ordem_idx" ON "clientes" USING btree (erp_normaliza("razao_social"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendedores_cpf_key" ON "vendedores" USING btree ("cpf") WHERE "vendedores"."cpf" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vendedores_user_id_key" ON "vendedores" USING btree ("user_id") WHERE "vendedores"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "vendedores" ADD CONSTRAINT "vendedores_comissao_check" CHECK ("vendedores"."comissao" between 0 and 100);