-- Devoluções (issue 32): returns from customers (tipo venda) and to suppliers (tipo compra), their
-- items with the values returned (to the cent, packages/shared/src/devolucoes), the abatimentos they
-- make on the open títulos and the crédito balance (cliente or fornecedor) of what exceeded them.
CREATE TABLE "devolucoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
	"tipo" text NOT NULL,
	"status" text DEFAULT 'rascunho' NOT NULL,
	-- Who issues the fiscal document: 'propria' (our NF-e de devolução), 'terceiro' (the other
	-- party's NF-e imported: a contribuinte customer's own return note).
	"documento" text DEFAULT 'propria' NOT NULL,
	-- The original document: our sale NF-e (venda) or the goods receipt (compra).
	"nota_id" uuid REFERENCES "notas_fiscais"("id"),
	"entrada_id" uuid REFERENCES "entradas"("id"),
	"pedido_id" uuid REFERENCES "sales_orders"("id"),
	"cliente_id" uuid REFERENCES "clientes"("id"),
	"fornecedor_id" uuid REFERENCES "fornecedores"("id"),
	"vendedor_id" uuid REFERENCES "vendedores"("id"),
	-- The chave of the original document (ours or the supplier's): the return's NFref.
	"chave_referenciada" text NOT NULL,
	-- Our NF-e de devolução (documento propria); set when it is emitted.
	"nota_devolucao_id" uuid REFERENCES "notas_fiscais"("id"),
	-- The other party's NF-e (documento terceiro), kept byte for byte.
	"chave_terceiro" text,
	"numero_terceiro" integer,
	"serie_terceiro" integer,
	"emissao_terceiro" timestamp with time zone,
	"xml_terceiro" text,
	"pessoa_nome" text NOT NULL,
	-- Σ vItem: what goes back to the customer's (or our) account.
	"valor_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_abatido" numeric(14, 2) DEFAULT '0' NOT NULL,
	"valor_credito" numeric(14, 2) DEFAULT '0' NOT NULL,
	"comissao_estorno" numeric(14, 2) DEFAULT '0' NOT NULL,
	-- Part of the commission estorno no open título or commission payable could take.
	"comissao_estorno_pendente" numeric(14, 2) DEFAULT '0' NOT NULL,
	"observacao" text,
	"motivo_cancelamento" text,
	"efetivada_em" timestamp with time zone,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devolucoes_tipo_check" CHECK ("tipo" in ('venda', 'compra')),
	CONSTRAINT "devolucoes_status_check" CHECK ("status" in ('rascunho', 'emitida', 'autorizada', 'lancada', 'cancelada')),
	CONSTRAINT "devolucoes_documento_check" CHECK ("documento" in ('propria', 'terceiro')),
	CONSTRAINT "devolucoes_origem_check" CHECK (
		("tipo" = 'venda' and "nota_id" is not null and "cliente_id" is not null)
		or ("tipo" = 'compra' and "entrada_id" is not null and "fornecedor_id" is not null)),
	CONSTRAINT "devolucoes_valores_check" CHECK ("valor_total" >= 0 and "valor_abatido" >= 0 and "valor_credito" >= 0
		and "valor_abatido" + "valor_credito" <= "valor_total")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "devolucoes_numero_key" ON "devolucoes" ("numero");
--> statement-breakpoint
CREATE INDEX "devolucoes_lista_idx" ON "devolucoes" ("tipo", "created_at" DESC, "id");
--> statement-breakpoint
CREATE INDEX "devolucoes_status_idx" ON "devolucoes" ("tipo", "status", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "devolucoes_nota_idx" ON "devolucoes" ("nota_id");
--> statement-breakpoint
CREATE INDEX "devolucoes_entrada_idx" ON "devolucoes" ("entrada_id");
--> statement-breakpoint
CREATE INDEX "devolucoes_pedido_idx" ON "devolucoes" ("pedido_id");
--> statement-breakpoint
CREATE INDEX "devolucoes_cliente_idx" ON "devolucoes" ("cliente_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "devolucoes_fornecedor_idx" ON "devolucoes" ("fornecedor_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "devolucoes_nota_devolucao_idx" ON "devolucoes" ("nota_devolucao_id");
--> statement-breakpoint
-- The same other-party note cannot be posted twice.
CREATE UNIQUE INDEX "devolucoes_chave_terceiro_key" ON "devolucoes" ("chave_terceiro") WHERE "status" <> 'cancelada';
--> statement-breakpoint
CREATE INDEX "devolucoes_busca_trgm_idx" ON "devolucoes" USING gin (erp_normaliza("pessoa_nome" || ' ' || "chave_referenciada" || ' ' || coalesce("chave_terceiro", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "devolucao_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"devolucao_id" uuid NOT NULL REFERENCES "devolucoes"("id") ON DELETE cascade,
	"sequencia" integer NOT NULL,
	-- The original item: the order's line behind our sale NF-e, or the goods receipt's item.
	"pedido_item_id" uuid REFERENCES "sales_order_items"("id"),
	"entrada_item_id" uuid REFERENCES "entrada_itens"("id"),
	"product_id" uuid NOT NULL REFERENCES "products"("id"),
	-- In the product's base unit (the stock's unit, and the original note's qCom).
	"quantidade" numeric(14, 3) NOT NULL,
	-- As typed: the sigla and quantity (a packaging or the base unit).
	"unidade" text NOT NULL,
	"quantidade_informada" numeric(14, 3) NOT NULL,
	"motivo" text NOT NULL,
	"destino" text,
	"local_id" uuid REFERENCES "locais_estoque"("id"),
	"lote_id" uuid REFERENCES "lotes"("id"),
	-- The unit cost it left (venda) or came in (compra) with.
	"custo_unitario" numeric(14, 4) NOT NULL,
	"cfop" text NOT NULL,
	-- ValoresDevolucao: every apportioned NF-e value of the returned part.
	"valores" jsonb NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	CONSTRAINT "devolucao_itens_quantidade_check" CHECK ("quantidade" > 0 and "quantidade_informada" > 0),
	CONSTRAINT "devolucao_itens_motivo_check" CHECK ("motivo" in ('avaria', 'vencido', 'erro_pedido', 'recusa_entrega', 'desistencia', 'outro')),
	CONSTRAINT "devolucao_itens_destino_check" CHECK ("destino" is null or "destino" in ('normal', 'avaria')),
	CONSTRAINT "devolucao_itens_origem_check" CHECK ("pedido_item_id" is not null or "entrada_item_id" is not null)
);
--> statement-breakpoint
CREATE INDEX "devolucao_itens_devolucao_idx" ON "devolucao_itens" ("devolucao_id", "sequencia");
--> statement-breakpoint
CREATE INDEX "devolucao_itens_pedido_item_idx" ON "devolucao_itens" ("pedido_item_id");
--> statement-breakpoint
CREATE INDEX "devolucao_itens_entrada_item_idx" ON "devolucao_itens" ("entrada_item_id");
--> statement-breakpoint
-- A reduction of a título that is not a payment: a return's value (origem devolucao) or a crédito
-- used to pay it (origem credito). The título's saldo drops by it; a cancelled return reverses it
-- (estornado), never deleted.
CREATE TABLE "titulo_abatimentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titulo_id" uuid NOT NULL REFERENCES "financial_accounts"("id"),
	"origem" text NOT NULL,
	"devolucao_id" uuid REFERENCES "devolucoes"("id"),
	"valor" numeric(14, 2) NOT NULL,
	-- The commission the título lost with it (its comissao_valor went down by this much).
	"comissao" numeric(14, 2) DEFAULT '0' NOT NULL,
	"data" date NOT NULL,
	"historico" text NOT NULL,
	"estornado" boolean DEFAULT false NOT NULL,
	"estornado_em" timestamp with time zone,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "titulo_abatimentos_origem_check" CHECK ("origem" in ('devolucao', 'credito')),
	-- valor 0 with a comissao: the cent of a commission reversal an abated título could not take
	CONSTRAINT "titulo_abatimentos_valor_check" CHECK ("valor" >= 0 and "comissao" >= 0 and ("valor" > 0 or "comissao" > 0))
);
--> statement-breakpoint
CREATE INDEX "titulo_abatimentos_titulo_idx" ON "titulo_abatimentos" ("titulo_id", "created_at");
--> statement-breakpoint
CREATE INDEX "titulo_abatimentos_devolucao_idx" ON "titulo_abatimentos" ("devolucao_id");
--> statement-breakpoint
-- Σ of the título's active abatimentos: the commission of a baixa is measured on valor − abatimentos.
ALTER TABLE "financial_accounts" ADD COLUMN "abatimentos" numeric(14, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_abatimentos_check" CHECK ("abatimentos" >= 0 and "abatimentos" <= "valor");
--> statement-breakpoint
-- The crédito balance of a customer (crédito do cliente) or with a supplier: append-only movements,
-- + from a return's excess, − when used on a título or refunded (a payable), + back when that is undone.
CREATE TABLE "creditos_movimentos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"cliente_id" uuid REFERENCES "clientes"("id"),
	"fornecedor_id" uuid REFERENCES "fornecedores"("id"),
	"tipo" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"devolucao_id" uuid REFERENCES "devolucoes"("id"),
	"titulo_id" uuid REFERENCES "financial_accounts"("id"),
	"abatimento_id" uuid REFERENCES "titulo_abatimentos"("id"),
	"historico" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"usuario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creditos_movimentos_tipo_check" CHECK ("tipo" in ('devolucao', 'uso', 'reembolso', 'estorno')),
	CONSTRAINT "creditos_movimentos_valor_check" CHECK ("valor" <> 0),
	CONSTRAINT "creditos_movimentos_pessoa_check" CHECK (("cliente_id" is null) <> ("fornecedor_id" is null))
);
--> statement-breakpoint
CREATE INDEX "creditos_movimentos_cliente_idx" ON "creditos_movimentos" ("cliente_id", "id") WHERE "cliente_id" is not null;
--> statement-breakpoint
CREATE INDEX "creditos_movimentos_fornecedor_idx" ON "creditos_movimentos" ("fornecedor_id", "id") WHERE "fornecedor_id" is not null;
--> statement-breakpoint
CREATE INDEX "creditos_movimentos_devolucao_idx" ON "creditos_movimentos" ("devolucao_id");
--> statement-breakpoint
CREATE TRIGGER "creditos_movimentos_somente_inclusao" BEFORE UPDATE OR DELETE ON "creditos_movimentos"
	FOR EACH ROW EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
CREATE TRIGGER "creditos_movimentos_somente_inclusao_truncate" BEFORE TRUNCATE ON "creditos_movimentos"
	FOR EACH STATEMENT EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
-- Our own return notes live with the other NF-e we issue: the note names its devolução, its
-- finalidade (finNFe) and direction (tpNF); a return to a supplier names the fornecedor.
ALTER TABLE "notas_fiscais" ADD COLUMN "devolucao_id" uuid REFERENCES "devolucoes"("id");
--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD COLUMN "fornecedor_id" uuid REFERENCES "fornecedores"("id");
--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD COLUMN "tp_nf" text DEFAULT '1' NOT NULL;
--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD COLUMN "fin_nfe" text DEFAULT '1' NOT NULL;
--> statement-breakpoint
ALTER TABLE "notas_fiscais" ALTER COLUMN "cliente_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_pessoa_check" CHECK ("cliente_id" is not null or "fornecedor_id" is not null);
--> statement-breakpoint
CREATE INDEX "notas_fiscais_devolucao_idx" ON "notas_fiscais" ("devolucao_id");
--> statement-breakpoint
SELECT audit_attach('devolucoes');--> statement-breakpoint
SELECT audit_attach_lote('devolucao_itens', 'devolucao_id');--> statement-breakpoint
SELECT audit_attach_lote('titulo_abatimentos', 'titulo_id');
