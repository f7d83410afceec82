CREATE TABLE "faturamento_carga_pedidos" (
	"carga_id" uuid NOT NULL,
	"pedido_id" uuid NOT NULL,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"nota_id" uuid,
	"c_stat" text,
	"mensagem" text,
	"instancia" integer,
	"iniciado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faturamento_carga_pedidos_carga_id_pedido_id_pk" PRIMARY KEY("carga_id","pedido_id"),
	CONSTRAINT "faturamento_carga_pedidos_situacao_check" CHECK ("faturamento_carga_pedidos"."situacao" in ('pendente', 'processando', 'autorizada', 'rejeitada', 'erro'))
);
--> statement-breakpoint
ALTER TABLE "faturamento_carga_pedidos" ADD CONSTRAINT "faturamento_carga_pedidos_carga_id_cargas_id_fk" FOREIGN KEY ("carga_id") REFERENCES "public"."cargas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturamento_carga_pedidos" ADD CONSTRAINT "faturamento_carga_pedidos_pedido_id_sales_orders_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."sales_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturamento_carga_pedidos" ADD CONSTRAINT "faturamento_carga_pedidos_nota_id_notas_fiscais_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."notas_fiscais"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faturamento_carga_pedidos_pedido_idx" ON "faturamento_carga_pedidos" USING btree ("pedido_id");