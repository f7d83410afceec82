CREATE TABLE "cargas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" bigserial NOT NULL,
	"data_saida_prevista" date NOT NULL,
	"veiculo_id" uuid,
	"motorista_id" uuid,
	"ajudantes" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"regioes" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"status" text DEFAULT 'montagem' NOT NULL,
	"observacoes" text,
	"excesso_justificativa" text,
	"excesso_descricao" text,
	"excesso_por" uuid,
	"excesso_em" timestamp with time zone,
	"motorista_justificativa" text,
	"motorista_por" uuid,
	"motorista_em" timestamp with time zone,
	"motivo_cancelamento" text,
	"criado_por" uuid,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cargas_status_check" CHECK ("cargas"."status" in ('montagem', 'em_separacao', 'conferida', 'faturada', 'em_rota', 'finalizada', 'cancelada'))
);
--> statement-breakpoint
CREATE TABLE "cargas_historico" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"carga_id" uuid NOT NULL,
	"de" text,
	"para" text NOT NULL,
	"motivo" text,
	"user_id" uuid,
	"usuario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cargas_pedidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carga_id" uuid NOT NULL,
	"pedido_id" uuid NOT NULL,
	"sequencia" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"entrega_status" text DEFAULT 'pendente' NOT NULL,
	"entrega_motivo" text,
	"entrega_em" timestamp with time zone,
	"entrega_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cargas_pedidos_entrega_check" CHECK ("cargas_pedidos"."entrega_status" in ('pendente', 'entregue', 'devolvido')),
	CONSTRAINT "cargas_pedidos_devolucao_check" CHECK ("cargas_pedidos"."entrega_status" <> 'devolvido' or "cargas_pedidos"."entrega_motivo" is not null)
);
--> statement-breakpoint
CREATE TABLE "conferencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL,
	"carga_id" uuid,
	"status" text DEFAULT 'em_andamento' NOT NULL,
	"conferente_id" uuid,
	"conferente" text,
	"iniciada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"finalizada_em" timestamp with time zone,
	"ajustada" boolean DEFAULT false NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conferencias_status_check" CHECK ("conferencias"."status" in ('em_andamento', 'divergente', 'conferida', 'cancelada'))
);
--> statement-breakpoint
CREATE TABLE "conferencias_leituras" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conferencia_id" uuid NOT NULL,
	"pedido_id" uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	"codigo" text NOT NULL,
	"embalagem" text NOT NULL,
	"fator" numeric(14,3) NOT NULL,
	"quantidade" numeric(14,3) NOT NULL,
	"quantidade_base" numeric(14,3) NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conferencias_leituras_quantidade_check" CHECK ("conferencias_leituras"."quantidade" > 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "anexos" jsonb;--> statement-breakpoint
ALTER TABLE "cargas" ADD CONSTRAINT "cargas_veiculo_id_veiculos_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "public"."veiculos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargas" ADD CONSTRAINT "cargas_motorista_id_funcionarios_id_fk" FOREIGN KEY ("motorista_id") REFERENCES "public"."funcionarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargas" ADD CONSTRAINT "cargas_excesso_por_users_id_fk" FOREIGN KEY ("excesso_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargas" ADD CONSTRAINT "cargas_motorista_por_users_id_fk" FOREIGN KEY ("motorista_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargas" ADD CONSTRAINT "cargas_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargas_historico" ADD CONSTRAINT "cargas_historico_carga_id_cargas_id_fk" FOREIGN KEY ("carga_id") REFERENCES "public"."cargas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargas_historico" ADD CONSTRAINT "cargas_historico_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargas_pedidos" ADD CONSTRAINT "cargas_pedidos_carga_id_cargas_id_fk" FOREIGN KEY ("carga_id") REFERENCES "public"."cargas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargas_pedidos" ADD CONSTRAINT "cargas_pedidos_pedido_id_sales_orders_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargas_pedidos" ADD CONSTRAINT "cargas_pedidos_entrega_por_users_id_fk" FOREIGN KEY ("entrega_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferencias" ADD CONSTRAINT "conferencias_pedido_id_sales_orders_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferencias" ADD CONSTRAINT "conferencias_carga_id_cargas_id_fk" FOREIGN KEY ("carga_id") REFERENCES "public"."cargas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferencias" ADD CONSTRAINT "conferencias_conferente_id_users_id_fk" FOREIGN KEY ("conferente_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferencias_leituras" ADD CONSTRAINT "conferencias_leituras_conferencia_id_conferencias_id_fk" FOREIGN KEY ("conferencia_id") REFERENCES "public"."conferencias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferencias_leituras" ADD CONSTRAINT "conferencias_leituras_pedido_id_sales_orders_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferencias_leituras" ADD CONSTRAINT "conferencias_leituras_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conferencias_leituras" ADD CONSTRAINT "conferencias_leituras_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cargas_numero_key" ON "cargas" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "cargas_status_idx" ON "cargas" USING btree ("status","numero");--> statement-breakpoint
CREATE INDEX "cargas_saida_idx" ON "cargas" USING btree ("data_saida_prevista","numero");--> statement-breakpoint
CREATE INDEX "cargas_veiculo_idx" ON "cargas" USING btree ("veiculo_id");--> statement-breakpoint
CREATE INDEX "cargas_motorista_idx" ON "cargas" USING btree ("motorista_id");--> statement-breakpoint
CREATE INDEX "cargas_historico_carga_idx" ON "cargas_historico" USING btree ("carga_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cargas_pedidos_pedido_ativo_key" ON "cargas_pedidos" USING btree ("pedido_id") WHERE "cargas_pedidos"."ativo";--> statement-breakpoint
CREATE INDEX "cargas_pedidos_carga_idx" ON "cargas_pedidos" USING btree ("carga_id","sequencia");--> statement-breakpoint
CREATE INDEX "cargas_pedidos_pedido_idx" ON "cargas_pedidos" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conferencias_pedido_aberta_key" ON "conferencias" USING btree ("pedido_id") WHERE "conferencias"."status" <> 'cancelada';--> statement-breakpoint
CREATE INDEX "conferencias_carga_idx" ON "conferencias" USING btree ("carga_id");--> statement-breakpoint
CREATE INDEX "conferencias_leituras_conferencia_idx" ON "conferencias_leituras" USING btree ("conferencia_id","id");--> statement-breakpoint
-- Every change of dispatch data is audited; the children under their parent's key.
SELECT audit_attach('cargas');
--> statement-breakpoint
SELECT audit_attach('cargas_pedidos', 'carga_id');
--> statement-breakpoint
SELECT audit_attach('cargas_historico', 'carga_id');
--> statement-breakpoint
SELECT audit_attach('conferencias', 'pedido_id');
--> statement-breakpoint
SELECT audit_attach('conferencias_leituras', 'pedido_id');
