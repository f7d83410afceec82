CREATE TABLE "regras_tributacao" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"descricao" text NOT NULL,
	"ativa" boolean DEFAULT true NOT NULL,
	"operacao" text NOT NULL,
	"sentido" text DEFAULT 'saida' NOT NULL,
	"crt" text NOT NULL,
	"produto_id" uuid,
	"ncm_prefixo" text,
	"uf_origem" text,
	"destino" text,
	"tipo_destinatario" text,
	"cfop" text NOT NULL,
	"cst_icms" text,
	"csosn" text,
	"p_icms" numeric(7,4),
	"p_red_bc" numeric(7,4) DEFAULT '0' NOT NULL,
	"p_fcp" numeric(7,4),
	"p_cred_sn" numeric(7,4),
	"p_mva_st" numeric(7,4),
	"ajusta_mva" boolean DEFAULT true NOT NULL,
	"p_icms_st" numeric(7,4),
	"p_red_bc_st" numeric(7,4) DEFAULT '0' NOT NULL,
	"p_fcp_st" numeric(7,4),
	"p_icms_uf_dest" numeric(7,4),
	"p_fcp_uf_dest" numeric(7,4),
	"cst_ipi" text,
	"c_enq" text DEFAULT '999' NOT NULL,
	"p_ipi" numeric(7,4) DEFAULT '0' NOT NULL,
	"cst_pis" text NOT NULL,
	"p_pis" numeric(7,4),
	"cst_cofins" text NOT NULL,
	"p_cofins" numeric(7,4),
	"cst_ibs_cbs" text,
	"c_class_trib" text,
	"p_ibs_uf" numeric(7,4),
	"p_ibs_mun" numeric(7,4),
	"p_cbs" numeric(7,4),
	"p_red_aliq" numeric(7,4) DEFAULT '0' NOT NULL,
	"busca" text GENERATED ALWAYS AS (erp_normaliza(descricao || ' ' || coalesce(ncm_prefixo, '') || ' ' || cfop)) STORED NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regras_tributacao_operacao_check" CHECK ("regras_tributacao"."operacao" in ('venda', 'bonificacao', 'devolucao', 'transferencia')),
	CONSTRAINT "regras_tributacao_sentido_check" CHECK ("regras_tributacao"."sentido" in ('saida', 'entrada')),
	CONSTRAINT "regras_tributacao_crt_check" CHECK ("regras_tributacao"."crt" in ('1', '2', '3', '4')),
	CONSTRAINT "regras_tributacao_alvo_check" CHECK ("regras_tributacao"."produto_id" is null or "regras_tributacao"."ncm_prefixo" is null),
	CONSTRAINT "regras_tributacao_ncm_check" CHECK ("regras_tributacao"."ncm_prefixo" ~ '^[0-9]{2,8}$'),
	CONSTRAINT "regras_tributacao_cfop_check" CHECK ("regras_tributacao"."cfop" ~ '^[1256][0-9]{3}$'),
	CONSTRAINT "regras_tributacao_icms_check" CHECK (("regras_tributacao"."cst_icms" is null) <> ("regras_tributacao"."csosn" is null) and ("regras_tributacao"."csosn" is null) = ("regras_tributacao"."crt" in ('2', '3'))),
	CONSTRAINT "regras_tributacao_tipo_destinatario_check" CHECK ("regras_tributacao"."tipo_destinatario" in ('contribuinte', 'consumidor_final', 'nao_contribuinte')),
	CONSTRAINT "regras_tributacao_c_enq_check" CHECK ("regras_tributacao"."c_enq" ~ '^[0-9]{3}$'),
	CONSTRAINT "regras_tributacao_c_class_trib_check" CHECK ("regras_tributacao"."c_class_trib" ~ '^[0-9]{6}$'),
	CONSTRAINT "regras_tributacao_ibs_cbs_check" CHECK (("regras_tributacao"."cst_ibs_cbs" is null) = ("regras_tributacao"."c_class_trib" is null)),
	CONSTRAINT "regras_tributacao_percentuais_check" CHECK (coalesce("regras_tributacao"."p_icms", 0) >= 0 and "regras_tributacao"."p_red_bc" >= 0 and "regras_tributacao"."p_red_bc" < 100
        and coalesce("regras_tributacao"."p_fcp", 0) >= 0 and coalesce("regras_tributacao"."p_cred_sn", 0) >= 0 and coalesce("regras_tributacao"."p_mva_st", 0) >= 0
        and coalesce("regras_tributacao"."p_icms_st", 0) >= 0 and "regras_tributacao"."p_red_bc_st" >= 0 and "regras_tributacao"."p_red_bc_st" < 100
        and coalesce("regras_tributacao"."p_fcp_st", 0) >= 0 and coalesce("regras_tributacao"."p_icms_uf_dest", 0) >= 0
        and coalesce("regras_tributacao"."p_fcp_uf_dest", 0) >= 0 and "regras_tributacao"."p_ipi" >= 0 and coalesce("regras_tributacao"."p_pis", 0) >= 0
        and coalesce("regras_tributacao"."p_cofins", 0) >= 0 and coalesce("regras_tributacao"."p_ibs_uf", 0) >= 0
        and coalesce("regras_tributacao"."p_ibs_mun", 0) >= 0 and coalesce("regras_tributacao"."p_cbs", 0) >= 0
        and "regras_tributacao"."p_red_aliq" >= 0 and "regras_tributacao"."p_red_aliq" <= 100)
);
--> statement-breakpoint
ALTER TABLE "regras_tributacao" ADD CONSTRAINT "regras_tributacao_produto_id_products_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "regras_tributacao_correspondencia_key" ON "regras_tributacao" USING btree ("operacao","sentido","crt",coalesce("produto_id"::text, ''),coalesce("ncm_prefixo", ''),coalesce("uf_origem", ''),coalesce("destino", ''),coalesce("tipo_destinatario", '')) WHERE "regras_tributacao"."ativa";--> statement-breakpoint
CREATE INDEX "regras_tributacao_operacao_idx" ON "regras_tributacao" USING btree ("operacao","sentido","crt","destino","uf_origem") WHERE "regras_tributacao"."ativa";--> statement-breakpoint
CREATE INDEX "regras_tributacao_ncm_idx" ON "regras_tributacao" USING btree ("ncm_prefixo") WHERE "regras_tributacao"."ncm_prefixo" is not null;--> statement-breakpoint
CREATE INDEX "regras_tributacao_produto_idx" ON "regras_tributacao" USING btree ("produto_id") WHERE "regras_tributacao"."produto_id" is not null;--> statement-breakpoint
CREATE INDEX "regras_tributacao_busca_trgm_idx" ON "regras_tributacao" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "regras_tributacao_busca_ordem_idx" ON "regras_tributacao" USING btree ("busca","id");--> statement-breakpoint
-- Every change of a tax rule is audited (named by its descrição).
SELECT audit_attach('regras_tributacao');
