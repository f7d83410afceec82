CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"user_email" text,
	"acao" text NOT NULL,
	"tabela" text,
	"registro_id" text,
	"antes" jsonb,
	"depois" jsonb,
	"ip" "inet",
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" "inet"
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"parent_id" integer,
	"revoked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"encrypted_password" text,
	"email_confirmed_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"user_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"nome_completo" text,
	"cargo" text,
	"departamento" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'financeiro', 'estoque', 'comercial'))
);
--> statement-breakpoint
CREATE TABLE "clientes" (
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
	"vendedor_id" uuid,
	"limite_credito" numeric(14,2) DEFAULT '0' NOT NULL,
	"observacoes" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_tipo_pessoa_check" CHECK ("clientes"."tipo_pessoa" in ('F', 'J')),
	CONSTRAINT "clientes_indicador_ie_check" CHECK ("clientes"."indicador_ie" in ('1', '2', '9')),
	CONSTRAINT "clientes_limite_credito_check" CHECK ("clientes"."limite_credito" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vendedores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"cpf" text,
	"email" text,
	"telefone" text,
	"comissao" text DEFAULT '0' NOT NULL,
	"user_id" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estoque_movimentos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"quantidade" numeric(14,3) NOT NULL,
	"origem" text,
	"origem_id" text,
	"ocorrido_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_movimentos_tipo_check" CHECK ("estoque_movimentos"."tipo" in ('entrada', 'saida', 'ajuste'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"ean" text,
	"ncm" text,
	"unidade" text DEFAULT 'UN' NOT NULL,
	"preco_custo" numeric(14,2) DEFAULT '0' NOT NULL,
	"preco_venda" numeric(14,2) DEFAULT '0' NOT NULL,
	"estoque_atual" numeric(14,3) DEFAULT '0' NOT NULL,
	"estoque_minimo" numeric(14,3) DEFAULT '0' NOT NULL,
	"estoque_maximo" numeric(14,3) DEFAULT '0' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_preco_custo_check" CHECK ("products"."preco_custo" >= 0),
	CONSTRAINT "products_preco_venda_check" CHECK ("products"."preco_venda" >= 0),
	CONSTRAINT "products_estoque_minimo_check" CHECK ("products"."estoque_minimo" >= 0),
	CONSTRAINT "products_estoque_maximo_check" CHECK ("products"."estoque_maximo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"produto_nome" text NOT NULL,
	"quantidade" numeric(14,3) NOT NULL,
	"preco_unitario" numeric(14,2) NOT NULL,
	"subtotal" numeric(14,2) NOT NULL,
	CONSTRAINT "sales_order_items_quantidade_check" CHECK ("sales_order_items"."quantidade" > 0),
	CONSTRAINT "sales_order_items_subtotal_check" CHECK ("sales_order_items"."subtotal" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" bigserial NOT NULL,
	"cliente_id" uuid NOT NULL,
	"cliente_nome" text NOT NULL,
	"vendedor_id" uuid,
	"data_emissao" date NOT NULL,
	"status" text DEFAULT 'aberto' NOT NULL,
	"valor_total" numeric(14,2) NOT NULL,
	"observacoes" text,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_orders_valor_total_check" CHECK ("sales_orders"."valor_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "financial_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"status" text DEFAULT 'em_aberto' NOT NULL,
	"descricao" text NOT NULL,
	"valor" numeric(14,2) NOT NULL,
	"data_emissao" date,
	"data_vencimento" date NOT NULL,
	"cliente_id" uuid,
	"fornecedor_nome" text,
	"sales_order_id" uuid,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_accounts_tipo_check" CHECK ("financial_accounts"."tipo" in ('receber', 'pagar')),
	CONSTRAINT "financial_accounts_status_check" CHECK ("financial_accounts"."status" in ('em_aberto', 'pago', 'cancelado')),
	CONSTRAINT "financial_accounts_valor_check" CHECK ("financial_accounts"."valor" > 0)
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"chave" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_occurred_at_idx" ON "audit_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_log_tabela_registro_idx" ON "audit_log" USING btree ("tabela","registro_id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_key" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_idx" ON "one_time_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_documento_key" ON "clientes" USING btree ("documento");--> statement-breakpoint
CREATE INDEX "clientes_vendedor_idx" ON "clientes" USING btree ("vendedor_id");--> statement-breakpoint
CREATE INDEX "vendedores_nome_idx" ON "vendedores" USING btree ("nome");--> statement-breakpoint
CREATE INDEX "estoque_movimentos_product_idx" ON "estoque_movimentos" USING btree ("product_id","ocorrido_em");--> statement-breakpoint
CREATE UNIQUE INDEX "products_codigo_key" ON "products" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "products_ativo_estoque_idx" ON "products" USING btree ("estoque_atual") WHERE "products"."ativo";--> statement-breakpoint
CREATE INDEX "products_ativo_custo_idx" ON "products" USING btree ("preco_custo") WHERE "products"."ativo" and "products"."estoque_atual" > 0;--> statement-breakpoint
CREATE INDEX "sales_order_items_order_idx" ON "sales_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sales_order_items_product_idx" ON "sales_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_numero_key" ON "sales_orders" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "sales_orders_data_emissao_idx" ON "sales_orders" USING btree ("data_emissao","valor_total");--> statement-breakpoint
CREATE INDEX "sales_orders_cliente_idx" ON "sales_orders" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "sales_orders_vendedor_idx" ON "sales_orders" USING btree ("vendedor_id","data_emissao");--> statement-breakpoint
CREATE INDEX "financial_accounts_aberto_idx" ON "financial_accounts" USING btree ("tipo","data_vencimento") WHERE "financial_accounts"."status" = 'em_aberto';