CREATE TABLE "nfe_inutilizacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"modelo" text DEFAULT '55' NOT NULL,
	"serie" integer NOT NULL,
	"numero_inicial" integer NOT NULL,
	"numero_final" integer NOT NULL,
	"justificativa" text NOT NULL,
	"ambiente" text NOT NULL,
	"protocolo" text NOT NULL,
	"c_stat" text NOT NULL,
	"x_motivo" text NOT NULL,
	"xml" text NOT NULL,
	"user_id" uuid,
	"usuario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfe_inutilizacoes_faixa_check" CHECK ("nfe_inutilizacoes"."numero_inicial" between 1 and "nfe_inutilizacoes"."numero_final"),
	CONSTRAINT "nfe_inutilizacoes_ambiente_check" CHECK ("nfe_inutilizacoes"."ambiente" in ('1', '2'))
);
--> statement-breakpoint
CREATE TABLE "sefaz_contingencias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uf" text NOT NULL,
	"autorizador" text NOT NULL,
	"inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"justificativa" text NOT NULL,
	"fim" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sefaz_contingencias_autorizador_check" CHECK ("sefaz_contingencias"."autorizador" in ('SVCAN', 'SVCRS'))
);
--> statement-breakpoint
ALTER TABLE "nfe_inutilizacoes" ADD CONSTRAINT "nfe_inutilizacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nfe_inutilizacoes_serie_idx" ON "nfe_inutilizacoes" USING btree ("modelo","serie","numero_inicial");--> statement-breakpoint
CREATE UNIQUE INDEX "sefaz_contingencias_aberta_key" ON "sefaz_contingencias" USING btree ("uf") WHERE "sefaz_contingencias"."fim" is null;--> statement-breakpoint
-- The inutilizações and the contingency periods are audited.
SELECT audit_attach('nfe_inutilizacoes');--> statement-breakpoint
SELECT audit_attach('sefaz_contingencias');
