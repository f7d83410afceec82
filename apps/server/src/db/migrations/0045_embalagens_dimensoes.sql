-- Issue 21: a packaging's physical figures — gross weight (kg, carton included) and outer dimensions (cm) of
-- the packed box — so a load counts its full boxes as they ship (shared estoque/carga-fisica.ts).
ALTER TABLE "produto_embalagens" ADD COLUMN "peso_bruto" numeric(12,3);--> statement-breakpoint
ALTER TABLE "produto_embalagens" ADD COLUMN "altura" numeric(8,2);--> statement-breakpoint
ALTER TABLE "produto_embalagens" ADD COLUMN "largura" numeric(8,2);--> statement-breakpoint
ALTER TABLE "produto_embalagens" ADD COLUMN "comprimento" numeric(8,2);--> statement-breakpoint
ALTER TABLE "produto_embalagens" ADD CONSTRAINT "produto_embalagens_fisico_check" CHECK (("produto_embalagens"."peso_bruto" is null or "produto_embalagens"."peso_bruto" > 0)
        and (("produto_embalagens"."altura" is null and "produto_embalagens"."largura" is null and "produto_embalagens"."comprimento" is null)
          or ("produto_embalagens"."altura" > 0 and "produto_embalagens"."largura" > 0 and "produto_embalagens"."comprimento" > 0)));