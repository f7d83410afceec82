-- What the MDF-e's rodo/veicTracao (layout 3.00) asks of a vehicle and the register lacked (issue 33):
-- tpRod and tpCar, and the prop group of a third-party vehicle (owner's CPF/CNPJ, tpProp, IE and UF).
-- The codes are stored as the layout carries them (packages/shared/src/frota/veiculos.schema.ts).
ALTER TABLE "veiculos" ADD COLUMN "tipo_rodado" text;
--> statement-breakpoint
ALTER TABLE "veiculos" ADD COLUMN "tipo_carroceria" text DEFAULT '02' NOT NULL;
--> statement-breakpoint
-- CPF (11 digits) or CNPJ (14 characters), without punctuation; the schema checks the digits.
ALTER TABLE "veiculos" ADD COLUMN "proprietario_documento" text;
--> statement-breakpoint
ALTER TABLE "veiculos" ADD COLUMN "proprietario_tipo" text;
--> statement-breakpoint
ALTER TABLE "veiculos" ADD COLUMN "proprietario_ie" text;
--> statement-breakpoint
ALTER TABLE "veiculos" ADD COLUMN "proprietario_uf" text;
--> statement-breakpoint
-- The tipo de rodado a vehicle of each tipo usually is (shared tipoRodadoPadrao holds the same
-- table): a carreta is registered by its tractor, the cavalo mecânico; VUC and 3/4 have no code.
CREATE OR REPLACE FUNCTION veiculos_tipo_rodado(p_tipo text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_tipo
    WHEN 'truck' THEN '01'
    WHEN 'toco' THEN '02'
    WHEN 'carreta' THEN '03'
    WHEN 'utilitario' THEN '05'
    ELSE '06'
  END
$$;
--> statement-breakpoint
-- Existing vehicles: the tipo de rodado from their tipo; a third-party one's owner is «outros»
-- (tpProp 2) until someone says TAC. Their owner's CPF/CNPJ stays to be filled in on the form.
UPDATE "veiculos" SET "tipo_rodado" = veiculos_tipo_rodado("tipo");
--> statement-breakpoint
UPDATE "veiculos" SET "proprietario_tipo" = '2' WHERE NOT "proprio";
--> statement-breakpoint
-- An insert that leaves them out (writers that predate the MDF-e) gets the same defaults.
CREATE OR REPLACE FUNCTION veiculos_mdfe_padrao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tipo_rodado IS NULL THEN
    NEW.tipo_rodado := veiculos_tipo_rodado(NEW.tipo);
  END IF;
  IF NEW.proprietario_tipo IS NULL AND NOT NEW.proprio THEN
    NEW.proprietario_tipo := '2';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER veiculos_mdfe_padrao BEFORE INSERT ON "veiculos"
  FOR EACH ROW EXECUTE FUNCTION veiculos_mdfe_padrao();
--> statement-breakpoint
ALTER TABLE "veiculos" ALTER COLUMN "tipo_rodado" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_tipo_rodado_check" CHECK ("veiculos"."tipo_rodado" in ('01', '02', '03', '04', '05', '06'));
--> statement-breakpoint
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_tipo_carroceria_check" CHECK ("veiculos"."tipo_carroceria" in ('00', '01', '02', '03', '04', '05'));
--> statement-breakpoint
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_proprietario_tipo_check" CHECK ("veiculos"."proprietario_tipo" in ('0', '1', '2'));
--> statement-breakpoint
-- The layout's prop group carries IE and UF together or neither.
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_proprietario_ie_uf_check" CHECK (("veiculos"."proprietario_ie" is null) = ("veiculos"."proprietario_uf" is null));
--> statement-breakpoint
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_terceiro_tipo_check" CHECK ("veiculos"."proprio" or "veiculos"."proprietario_tipo" is not null);
