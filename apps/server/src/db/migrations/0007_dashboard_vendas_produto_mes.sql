CREATE TABLE "dashboard_vendas_produto_mes" (
	"mes" date NOT NULL,
	"product_id" uuid NOT NULL,
	"quantidade" numeric(20, 3) NOT NULL,
	"valor" numeric(20, 2) NOT NULL,
	"itens" integer NOT NULL,
	CONSTRAINT "dashboard_vendas_produto_mes_pkey" PRIMARY KEY("mes","product_id")
);
--> statement-breakpoint
CREATE INDEX "dashboard_vendas_produto_mes_valor_idx" ON "dashboard_vendas_produto_mes" USING btree ("mes","valor" DESC NULLS LAST) WHERE "dashboard_vendas_produto_mes"."itens" > 0;