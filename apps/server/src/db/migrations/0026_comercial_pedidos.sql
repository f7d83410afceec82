-- Sales orders, phase 2 (issue 14): the order entry's header, totals, weights and commission on
-- sales_orders; packaging, price engine snapshot, discounts, rateio and taxes on sales_order_items;
-- the blockers of the last evaluation, the releases and the status history. The old status
-- 'aberto' becomes 'digitado' (a confirmed order not yet released: no stock reservation held).
UPDATE sales_orders SET status = 'digitado' WHERE status NOT IN ('orcamento', 'digitado', 'bloqueado', 'liberado', 'em_separacao', 'conferido', 'faturado', 'entregue', 'cancelado');--> statement-breakpoint
CREATE TABLE "pedido_bloqueios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"motivo" text NOT NULL,
	"impressao" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_historico" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"de" text,
	"para" text NOT NULL,
	"motivo" text,
	"user_id" uuid,
	"usuario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_liberacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"motivo" text NOT NULL,
	"impressao" text NOT NULL,
	"justificativa" text NOT NULL,
	"user_id" uuid,
	"usuario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_orders" ALTER COLUMN "status" SET DEFAULT 'orcamento';--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "sequencia" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "embalagem" text;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "quantidade_embalagem" numeric(14,3);--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "unidade" text;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "preco_tabela" numeric(14,2);--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "preco_minimo" numeric(14,2);--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "desconto_tipo" text DEFAULT 'percentual' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "desconto" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "valor_produtos" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "desconto_item" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "desconto_rateado" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "valor_desconto" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "valor_frete" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "valor_st" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "valor_fcp_st" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "valor_ipi" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "valor_total" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "peso_bruto" numeric(14,3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "peso_liquido" numeric(14,3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "volume" numeric(16,6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "regra_tributacao_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD COLUMN "impostos" jsonb;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "observacoes_nota" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "regiao_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "condicao_pagamento_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "forma_pagamento_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "tabela_preco_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "data_entrega" date;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "modalidade_frete" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "desconto_tipo" text DEFAULT 'percentual' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "desconto" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "valor_produtos" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "valor_desconto_itens" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "valor_desconto_pedido" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "valor_descontos" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "valor_st" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "valor_fcp_st" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "valor_ipi" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "valor_frete" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "peso_bruto" numeric(14,3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "peso_liquido" numeric(14,3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "volume" numeric(16,6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "comissao_percentual" numeric(5,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "comissao_valor" numeric(14,2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "impressoes" jsonb;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "bloqueios_pendentes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "motivo_cancelamento" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "criado_por" uuid;--> statement-breakpoint
ALTER TABLE "pedido_bloqueios" ADD CONSTRAINT "pedido_bloqueios_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_historico" ADD CONSTRAINT "pedido_historico_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_historico" ADD CONSTRAINT "pedido_historico_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_liberacoes" ADD CONSTRAINT "pedido_liberacoes_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_liberacoes" ADD CONSTRAINT "pedido_liberacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_bloqueios_tipo_key" ON "pedido_bloqueios" USING btree ("order_id","tipo");--> statement-breakpoint
CREATE INDEX "pedido_bloqueios_tipo_idx" ON "pedido_bloqueios" USING btree ("tipo","order_id");--> statement-breakpoint
CREATE INDEX "pedido_historico_order_idx" ON "pedido_historico" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "pedido_liberacoes_order_idx" ON "pedido_liberacoes" USING btree ("order_id","tipo");--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_condicao_pagamento_id_condicoes_pagamento_id_fk" FOREIGN KEY ("condicao_pagamento_id") REFERENCES "public"."condicoes_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_forma_pagamento_id_formas_pagamento_id_fk" FOREIGN KEY ("forma_pagamento_id") REFERENCES "public"."formas_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_tabela_preco_id_tabelas_preco_id_fk" FOREIGN KEY ("tabela_preco_id") REFERENCES "public"."tabelas_preco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_criado_por_users_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_orders_status_idx" ON "sales_orders" USING btree ("status","data_emissao","numero");--> statement-breakpoint
CREATE INDEX "sales_orders_vendedor_status_idx" ON "sales_orders" USING btree ("vendedor_id","status","data_emissao","numero");--> statement-breakpoint
CREATE INDEX "sales_orders_regiao_idx" ON "sales_orders" USING btree ("regiao_id","data_emissao");--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_status_check" CHECK ("sales_orders"."status" in ('orcamento', 'digitado', 'bloqueado', 'liberado', 'em_separacao', 'conferido', 'faturado', 'entregue', 'cancelado'));--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_modalidade_frete_check" CHECK ("sales_orders"."modalidade_frete" in ('0', '1', '2', '3', '4', '9'));--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_desconto_tipo_check" CHECK ("sales_orders"."desconto_tipo" in ('percentual', 'valor'));--> statement-breakpoint
-- Existing rows: the totals the spec's columns already hold, the customer's região, line numbers.
UPDATE sales_orders o SET valor_produtos = o.valor_total, regiao_id = c.regiao_id
  FROM clientes c WHERE c.id = o.cliente_id;--> statement-breakpoint
UPDATE sales_order_items i SET valor_produtos = i.subtotal, valor_total = i.subtotal, unidade = p.unidade,
  embalagem = p.unidade, quantidade_embalagem = i.quantidade, preco_tabela = i.preco_unitario
  FROM products p WHERE p.id = i.product_id;--> statement-breakpoint
SELECT audit_attach('pedido_liberacoes', 'order_id');--> statement-breakpoint
SELECT audit_attach('pedido_historico', 'order_id');--> statement-breakpoint
SELECT audit_attach('pedido_bloqueios', 'order_id');
