CREATE TABLE "notas_fiscais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid,
	"cliente_id" uuid NOT NULL,
	"modelo" text DEFAULT '55' NOT NULL,
	"serie" integer NOT NULL,
	"numero" integer NOT NULL,
	"chave" text NOT NULL,
	"status" text DEFAULT 'em_digitacao' NOT NULL,
	"ambiente" text NOT NULL,
	"tp_emis" text DEFAULT '1' NOT NULL,
	"emissao" timestamp with time zone NOT NULL,
	"valor_total" numeric(14,2) NOT NULL,
	"xml" text NOT NULL,
	"xml_autorizado" text,
	"protocolo" text,
	"c_stat" text,
	"x_motivo" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notas_fiscais_status_check" CHECK ("notas_fiscais"."status" in ('em_digitacao', 'assinada', 'autorizada', 'rejeitada', 'cancelada', 'denegada', 'inutilizada')),
	CONSTRAINT "notas_fiscais_ambiente_check" CHECK ("notas_fiscais"."ambiente" in ('1', '2')),
	CONSTRAINT "notas_fiscais_numero_check" CHECK ("notas_fiscais"."numero" between 1 and 999999999),
	CONSTRAINT "notas_fiscais_serie_check" CHECK ("notas_fiscais"."serie" between 0 and 999)
);
--> statement-breakpoint
CREATE TABLE "notas_fiscais_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nota_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"sequencia" integer,
	"c_stat" text,
	"x_motivo" text,
	"protocolo" text,
	"xml" text,
	"user_id" uuid,
	"usuario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_pedido_id_sales_orders_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_fiscais_eventos" ADD CONSTRAINT "notas_fiscais_eventos_nota_id_notas_fiscais_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."notas_fiscais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_fiscais_eventos" ADD CONSTRAINT "notas_fiscais_eventos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_numero_key" ON "notas_fiscais" USING btree ("modelo","serie","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_chave_key" ON "notas_fiscais" USING btree ("chave");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_pedido_key" ON "notas_fiscais" USING btree ("pedido_id") WHERE "notas_fiscais"."status" not in ('cancelada', 'inutilizada');--> statement-breakpoint
CREATE INDEX "notas_fiscais_emissao_idx" ON "notas_fiscais" USING btree ("emissao");--> statement-breakpoint
CREATE INDEX "notas_fiscais_status_idx" ON "notas_fiscais" USING btree ("status","emissao");--> statement-breakpoint
CREATE INDEX "notas_fiscais_cliente_idx" ON "notas_fiscais" USING btree ("cliente_id","emissao");--> statement-breakpoint
CREATE INDEX "notas_fiscais_eventos_nota_idx" ON "notas_fiscais_eventos" USING btree ("nota_id","created_at");--> statement-breakpoint
-- Outgoing NF-e and their events are audited (the events by their note).
SELECT audit_attach('notas_fiscais');--> statement-breakpoint
SELECT audit_attach('notas_fiscais_eventos', 'nota_id');
