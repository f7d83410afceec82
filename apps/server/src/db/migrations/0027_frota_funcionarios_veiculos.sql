CREATE TABLE "funcionarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"cpf" text NOT NULL,
	"funcao" text NOT NULL,
	"telefone" text,
	"email" text,
	"data_admissao" date,
	"cnh_numero" text,
	"cnh_categoria" text,
	"cnh_validade" date,
	"user_id" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"busca" text GENERATED ALWAYS AS (erp_busca(nome || ' ' || cpf || ' ' || coalesce(cnh_numero, ''))) STORED NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funcionarios_funcao_check" CHECK ("funcionarios"."funcao" in ('motorista', 'ajudante', 'conferente', 'separador', 'outro')),
	CONSTRAINT "funcionarios_cnh_categoria_check" CHECK ("funcionarios"."cnh_categoria" in ('A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE')),
	CONSTRAINT "funcionarios_motorista_cnh_check" CHECK ("funcionarios"."funcao" <> 'motorista' or ("funcionarios"."cnh_numero" is not null and "funcionarios"."cnh_categoria" is not null and "funcionarios"."cnh_validade" is not null))
);
--> statement-breakpoint
CREATE TABLE "veiculos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placa" text NOT NULL,
	"placa_mercosul" text NOT NULL,
	"renavam" text,
	"uf" text NOT NULL,
	"tipo" text NOT NULL,
	"marca" text,
	"modelo" text,
	"ano" smallint,
	"tara" integer NOT NULL,
	"capacidade" integer NOT NULL,
	"volume" numeric(7, 3),
	"valor_maximo_carga" numeric(14,2),
	"motorista_padrao_id" uuid,
	"proprio" boolean DEFAULT true NOT NULL,
	"proprietario_nome" text,
	"rntrc" text,
	"licenciamento_vencimento" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"busca" text GENERATED ALWAYS AS (erp_busca(placa || ' ' || placa_mercosul || ' ' || coalesce(renavam, '') || ' ' || coalesce(marca, '') || ' ' || coalesce(modelo, ''))) STORED NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "veiculos_tipo_check" CHECK ("veiculos"."tipo" in ('utilitario', 'vuc', 'tres_quartos', 'toco', 'truck', 'carreta')),
	CONSTRAINT "veiculos_pesos_check" CHECK ("veiculos"."tara" > 0 and "veiculos"."capacidade" > 0),
	CONSTRAINT "veiculos_terceiro_rntrc_check" CHECK ("veiculos"."proprio" or "veiculos"."rntrc" is not null)
);
--> statement-breakpoint
ALTER TABLE "funcionarios" ADD CONSTRAINT "funcionarios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_motorista_padrao_id_funcionarios_id_fk" FOREIGN KEY ("motorista_padrao_id") REFERENCES "public"."funcionarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funcionarios_cpf_key" ON "funcionarios" USING btree ("cpf");--> statement-breakpoint
CREATE UNIQUE INDEX "funcionarios_cnh_numero_key" ON "funcionarios" USING btree ("cnh_numero") WHERE "funcionarios"."cnh_numero" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "funcionarios_user_id_key" ON "funcionarios" USING btree ("user_id") WHERE "funcionarios"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "funcionarios_busca_trgm_idx" ON "funcionarios" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "funcionarios_busca_ordem_idx" ON "funcionarios" USING btree ("busca","id");--> statement-breakpoint
CREATE INDEX "funcionarios_cnh_validade_idx" ON "funcionarios" USING btree ("cnh_validade");--> statement-breakpoint
CREATE UNIQUE INDEX "veiculos_placa_key" ON "veiculos" USING btree ("placa_mercosul");--> statement-breakpoint
CREATE UNIQUE INDEX "veiculos_renavam_key" ON "veiculos" USING btree ("renavam") WHERE "veiculos"."renavam" is not null;--> statement-breakpoint
CREATE INDEX "veiculos_busca_trgm_idx" ON "veiculos" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "veiculos_placa_ordem_idx" ON "veiculos" USING btree ("placa","id");--> statement-breakpoint
CREATE INDEX "veiculos_motorista_idx" ON "veiculos" USING btree ("motorista_padrao_id");--> statement-breakpoint
CREATE INDEX "veiculos_licenciamento_idx" ON "veiculos" USING btree ("licenciamento_vencimento");--> statement-breakpoint
-- Every change of a fleet register is audited.
SELECT audit_attach('funcionarios');
--> statement-breakpoint
SELECT audit_attach('veiculos');
