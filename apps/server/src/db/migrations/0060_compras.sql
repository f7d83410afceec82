-- Compras (issue 34): purchase orders to suppliers and what the purchase suggestion reads from the
-- registers. The supplier's lead time is fornecedores.prazo_medio_entrega (0005); a product may
-- have its own (products.prazo_entrega_dias, which wins). The purchase packaging is the product's
-- packaging flagged padrao_compra (produto_embalagens, 0017: at most one per product); without one
-- the product is bought in its base unit. estoque_minimo / estoque_maximo exist since 0000.
ALTER TABLE "fornecedores" ADD COLUMN "pedido_minimo" numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "fornecedores" ADD CONSTRAINT "fornecedores_pedido_minimo_check" CHECK ("pedido_minimo" is null or "pedido_minimo" >= 0);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "prazo_entrega_dias" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_prazo_entrega_dias_check" CHECK ("prazo_entrega_dias" is null or "prazo_entrega_dias" between 0 and 365);
--> statement-breakpoint
CREATE TABLE "pedidos_compra" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
	"fornecedor_id" uuid NOT NULL REFERENCES "fornecedores"("id"),
	"status" text DEFAULT 'rascunho' NOT NULL,
	"condicao_pagamento_id" uuid REFERENCES "condicoes_pagamento"("id"),
	-- Σ of the items' valor_total; valor_total = produtos + frete (what the approval limit compares).
	"valor_produtos" numeric(14, 2) DEFAULT '0' NOT NULL,
	"frete" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"previsao_entrega" date,
	"observacao" text,
	"aprovado_por" uuid REFERENCES "users"("id") ON DELETE set null,
	"aprovado_em" timestamp with time zone,
	"enviado_em" timestamp with time zone,
	-- The address the order was e-mailed to by «Enviar ao fornecedor».
	"enviado_para" text,
	"cancelado_em" timestamp with time zone,
	"motivo_cancelamento" text,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedidos_compra_status_check" CHECK ("status" in ('rascunho', 'aprovado', 'enviado', 'parcialmente_recebido', 'recebido', 'cancelado')),
	CONSTRAINT "pedidos_compra_valores_check" CHECK ("valor_produtos" >= 0 and "frete" >= 0 and "valor_total" = "valor_produtos" + "frete"),
	CONSTRAINT "pedidos_compra_aprovacao_check" CHECK ("status" in ('rascunho', 'cancelado') or "aprovado_em" is not null),
	CONSTRAINT "pedidos_compra_cancelamento_check" CHECK (("status" = 'cancelado') = ("motivo_cancelamento" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_compra_numero_key" ON "pedidos_compra" ("numero");
--> statement-breakpoint
CREATE INDEX "pedidos_compra_lista_idx" ON "pedidos_compra" ("created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "pedidos_compra_status_idx" ON "pedidos_compra" ("status", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "pedidos_compra_fornecedor_idx" ON "pedidos_compra" ("fornecedor_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "pedidos_compra_previsao_idx" ON "pedidos_compra" ("previsao_entrega") WHERE "status" in ('aprovado', 'enviado', 'parcialmente_recebido');
--> statement-breakpoint
CREATE TABLE "pedido_compra_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_id" uuid NOT NULL REFERENCES "pedidos_compra"("id") ON DELETE cascade,
	"sequencia" integer NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id"),
	-- As typed: the sigla (the base unit or a packaging), its factor then, the quantity and the
	-- negotiated price of one such unit.
	"unidade" text NOT NULL,
	"fator" numeric(14, 3) DEFAULT '1' NOT NULL,
	"quantidade_informada" numeric(14, 3) NOT NULL,
	"preco_informado" numeric(14, 4) NOT NULL,
	-- In the product's base unit (the stock's unit): quantidade = informada × fator; preco =
	-- preco_informado ÷ fator to 6 decimals (for comparing with the supplier's invoice).
	"quantidade" numeric(14, 3) NOT NULL,
	"preco" numeric(18, 6) NOT NULL,
	-- round(quantidade_informada × preco_informado, 2): the figure the buyer negotiated.
	"valor_total" numeric(14, 2) NOT NULL,
	"previsao_entrega" date,
	-- Received so far (base unit), by the goods receipts matched to this line.
	"quantidade_recebida" numeric(14, 3) DEFAULT '0' NOT NULL,
	-- Closed short: the rest is no longer expected (no longer «em pedido»).
	"encerrado_em" timestamp with time zone,
	"motivo_encerramento" text,
	CONSTRAINT "pedido_compra_itens_quantidade_check" CHECK ("quantidade" > 0 and "quantidade_informada" > 0 and "fator" > 0),
	CONSTRAINT "pedido_compra_itens_preco_check" CHECK ("preco_informado" > 0 and "preco" > 0 and "valor_total" >= 0),
	CONSTRAINT "pedido_compra_itens_recebida_check" CHECK ("quantidade_recebida" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pedido_compra_itens_sequencia_key" ON "pedido_compra_itens" ("pedido_id", "sequencia");
--> statement-breakpoint
-- «Em pedido» per product: the open lines (not closed short, not fully received); the order's
-- status is checked on the join.
CREATE INDEX "pedido_compra_itens_aberto_idx" ON "pedido_compra_itens" ("product_id") INCLUDE ("pedido_id", "quantidade", "quantidade_recebida") WHERE "encerrado_em" is null and "quantidade_recebida" < "quantidade";
--> statement-breakpoint
-- The last purchase price and date of a product (the suggestion shows them).
CREATE INDEX "pedido_compra_itens_produto_idx" ON "pedido_compra_itens" ("product_id", "pedido_id");
--> statement-breakpoint
SELECT audit_attach('pedidos_compra');--> statement-breakpoint
SELECT audit_attach_lote_exclusao('pedido_compra_itens', 'pedido_id');
