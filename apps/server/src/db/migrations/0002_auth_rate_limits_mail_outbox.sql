CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text NOT NULL,
	"tipo" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"ultimo_erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_rate_limits" (
	"chave" text PRIMARY KEY NOT NULL,
	"janela_inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"contagem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recovery_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_pendentes_idx" ON "mail_outbox" USING btree ("status","proxima_tentativa_em");--> statement-breakpoint
CREATE INDEX "auth_rate_limits_janela_idx" ON "auth_rate_limits" USING btree ("janela_inicio");