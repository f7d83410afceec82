-- MDF-e (issue 33): the manifesto of a load (carga), one per UF de carregamento and UF de descarregamento,
-- its notes grouped by município de descarregamento, and its SEFAZ events. Numbers come from mdfe_series
-- (locked FOR UPDATE in the emitting transaction) and are never given twice; the MDF-e has no
-- inutilização, so a number whose manifesto was never authorised stays with that row (rejeitado) and is
-- simply a gap SEFAZ accepts (modules/mdfe/README.md).
CREATE TABLE "mdfe_series" (
	"serie" integer PRIMARY KEY NOT NULL,
	"proximo_numero" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mdfe_series_serie_check" CHECK ("serie" between 0 and 999),
	CONSTRAINT "mdfe_series_proximo_check" CHECK ("proximo_numero" between 1 and 999999999)
);
--> statement-breakpoint
INSERT INTO "mdfe_series" ("serie", "proximo_numero") VALUES (1, 1);
--> statement-breakpoint
CREATE TABLE "mdfes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carga_id" uuid NOT NULL REFERENCES "cargas"("id"),
	"serie" integer NOT NULL,
	"numero" integer NOT NULL,
	-- 44 positions; changes only when the manifesto goes to contingência (tpEmis is in the chave).
	"chave" text NOT NULL,
	-- STATUS_MDFE (packages/shared/src/mdfe): assinado, autorizado, encerrado, cancelado, rejeitado.
	"status" text DEFAULT 'assinado' NOT NULL,
	"ambiente" text NOT NULL,
	"tp_emis" text DEFAULT '1' NOT NULL,
	"uf_ini" text NOT NULL,
	"uf_fim" text NOT NULL,
	"percurso" text[] DEFAULT '{}'::text[] NOT NULL,
	"veiculo_id" uuid REFERENCES "veiculos"("id"),
	"placa" text NOT NULL,
	-- [{nome, cpf}] as sent (the first is the load's driver; inclusão de condutor appends).
	"condutores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"q_nfe" integer NOT NULL,
	"q_carga" numeric(15, 4) NOT NULL,
	"v_carga" numeric(15, 2) NOT NULL,
	"emissao" timestamp with time zone NOT NULL,
	-- The signed MDFe exactly as generated; the mdfeProc (MDFe + protMDFe as received) once authorised.
	"xml" text NOT NULL,
	"xml_autorizado" text,
	"protocolo" text,
	"autorizado_em" timestamp with time zone,
	"c_stat" text,
	"x_motivo" text,
	-- An unanswered send (timeout): the next transmission consults the chave first.
	"consulta_pendente" boolean DEFAULT false NOT NULL,
	"encerrado_em" timestamp with time zone,
	"encerramento_data" date,
	"encerramento_uf" text,
	"encerramento_municipio" text,
	"cancelado_em" timestamp with time zone,
	"motivo_cancelamento" text,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mdfes_status_check" CHECK ("status" in ('assinado', 'autorizado', 'encerrado', 'cancelado', 'rejeitado')),
	CONSTRAINT "mdfes_tp_emis_check" CHECK ("tp_emis" in ('1', '2')),
	CONSTRAINT "mdfes_valores_check" CHECK ("q_carga" >= 0 and "v_carga" >= 0 and "q_nfe" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mdfes_numero_key" ON "mdfes" ("serie", "numero");
--> statement-breakpoint
CREATE UNIQUE INDEX "mdfes_chave_key" ON "mdfes" ("chave");
--> statement-breakpoint
CREATE INDEX "mdfes_carga_idx" ON "mdfes" ("carga_id");
--> statement-breakpoint
CREATE INDEX "mdfes_lista_idx" ON "mdfes" ("created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "mdfes_status_idx" ON "mdfes" ("status", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "mdfes_placa_idx" ON "mdfes" ("placa", "status");
--> statement-breakpoint
-- The notes a manifesto lists (infMunDescarga/infNFe), with where they are unloaded; inclusão de DF-e adds rows.
CREATE TABLE "mdfe_notas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mdfe_id" uuid NOT NULL REFERENCES "mdfes"("id"),
	"nota_id" uuid REFERENCES "notas_fiscais"("id"),
	"chave" text NOT NULL,
	-- the order of infMunDescarga/infNFe in the manifesto (delivery order); inclusões follow
	"sequencia" integer DEFAULT 0 NOT NULL,
	"c_mun_descarga" text NOT NULL,
	"x_mun_descarga" text NOT NULL,
	"uf_descarga" text NOT NULL,
	"peso" numeric(15, 4) DEFAULT '0' NOT NULL,
	"valor" numeric(14, 2) DEFAULT '0' NOT NULL,
	"incluida_por_evento" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mdfe_notas_chave_key" ON "mdfe_notas" ("mdfe_id", "chave");
--> statement-breakpoint
CREATE INDEX "mdfe_notas_nota_idx" ON "mdfe_notas" ("nota_id");
--> statement-breakpoint
-- What SEFAZ was asked and answered about a manifesto (authorisation, rejection, events), byte for byte.
CREATE TABLE "mdfe_eventos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mdfe_id" uuid NOT NULL REFERENCES "mdfes"("id"),
	-- emissao, autorizacao, rejeicao, timeout, consulta, cancelamento, encerramento, inclusao_condutor, inclusao_dfe, falha
	"tipo" text NOT NULL,
	"tp_evento" text,
	"n_seq_evento" integer,
	"c_stat" text,
	"x_motivo" text,
	"protocolo" text,
	-- the event as signed and sent; the retEventoMDFe as received; the procEventoMDFe assembled
	"xml_evento" text,
	"xml_retorno" text,
	"xml_proc" text,
	"detalhe" jsonb,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mdfe_eventos_mdfe_idx" ON "mdfe_eventos" ("mdfe_id", "created_at");
--> statement-breakpoint
SELECT audit_attach('mdfes');--> statement-breakpoint
SELECT audit_attach_lote('mdfe_notas', 'mdfe_id');
