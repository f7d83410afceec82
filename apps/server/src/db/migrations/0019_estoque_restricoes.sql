ALTER TABLE "estoque_movimentos" ALTER COLUMN "local_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unidade_unidades_sigla_fk" FOREIGN KEY ("unidade") REFERENCES "public"."unidades"("sigla") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "products_gtin_key" ON "products" USING btree ("gtin") WHERE "products"."gtin" <> 'SEM GTIN';--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "ean";