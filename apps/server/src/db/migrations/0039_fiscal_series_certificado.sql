CREATE TABLE "certificados_a1" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"atual" boolean DEFAULT true NOT NULL,
	"titular" text NOT NULL,
	"cnpj" text,
	"emissor" text NOT NULL,
	"numero_serie" text NOT NULL,
	"valido_de" timestamp with time zone NOT NULL,
	"valido_ate" timestamp with time zone NOT NULL,
	"cert_pem" text NOT NULL,
	"cadeia_pem" text DEFAULT '' NOT NULL,
	"enviado_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_segredos" (
	"chave" text PRIMARY KEY NOT NULL,
	"valor_cifrado" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfe_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serie" integer NOT NULL,
	"proximo_numero" integer DEFAULT 1 NOT NULL,
	"ativa" boolean DEFAULT true NOT NULL,
	"padrao" boolean DEFAULT false NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfe_series_serie_check" CHECK ("nfe_series"."serie" between 0 and 999),
	CONSTRAINT "nfe_series_proximo_numero_check" CHECK ("nfe_series"."proximo_numero" between 1 and 999999999)
);
--> statement-breakpoint
ALTER TABLE "certificados_a1" ADD CONSTRAINT "certificados_a1_enviado_por_users_id_fk" FOREIGN KEY ("enviado_por") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificados_a1_atual_key" ON "certificados_a1" USING btree ("atual");--> statement-breakpoint
CREATE UNIQUE INDEX "nfe_series_serie_key" ON "nfe_series" USING btree ("serie");--> statement-breakpoint
CREATE UNIQUE INDEX "nfe_series_padrao_key" ON "nfe_series" USING btree ("padrao") WHERE "nfe_series"."padrao";--> statement-breakpoint
-- Fiscal settings: the séries and the certificate's public part are audited; fiscal_segredos (the
-- encrypted key, PFX and CSRT) is not, so not even the ciphertext enters the audit log.
SELECT audit_attach('nfe_series');--> statement-breakpoint
SELECT audit_attach('certificados_a1');
