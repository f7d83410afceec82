-- Product search by a code with punctuation ("E2E-97404"): the typed words drop document
-- punctuation when they have digits (termosBusca), so the stored search text must too.
-- erp_busca() is erp_normaliza() with each whitespace-separated word that has a digit and only
-- [0-9a-z./-] losing its . - /; its TypeScript twin is textoBusca() in @erp/shared (a test keeps
-- them equal). IMMUTABLE, so it can feed a generated column.
CREATE OR REPLACE FUNCTION erp_busca(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $fn$
  SELECT coalesce(string_agg(
    CASE WHEN w ~ '[0-9]' AND w ~ '^[0-9a-z./-]+$' THEN regexp_replace(w, '[./-]', '', 'g') ELSE w END,
    ' ' ORDER BY n), '')
  FROM regexp_split_to_table(erp_normaliza(t), '\s+') WITH ORDINALITY AS p(w, n)
$fn$;
--> statement-breakpoint
ALTER TABLE "products" drop column "busca";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "busca" text GENERATED ALWAYS AS (erp_busca(nome || ' ' || codigo || ' ' || gtin)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_busca_trgm_idx" ON "products" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_busca_ordem_idx" ON "products" USING btree ("busca","id");
