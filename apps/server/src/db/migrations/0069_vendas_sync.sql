-- Força de vendas offline (issue 36, decision 0010). The seller's device syncs incrementally: the
-- change log names each entity (cliente, produto, tabela, pedido, titulo) a statement touched, with the
-- writing transaction's id; the next sync reads the rows whose xid is at or above the xmin of the
-- previous sync's snapshot (so a late commit is never missed) and reloads those entities in the
-- seller's scope — the ones no longer in scope are sent as removals.
CREATE TABLE "vendas_sync_log" (
  "seq" bigserial PRIMARY KEY,
  "xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
  "entidade" text NOT NULL,
  "chave" uuid NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "vendas_sync_log_xid_idx" ON "vendas_sync_log" ("xid");
--> statement-breakpoint
-- One insert per statement (transition tables), never per row: TG_ARGV[0] the entity, TG_ARGV[1] the
-- column holding its id in the written table.
CREATE FUNCTION vendas_sync_marca() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('insert into vendas_sync_log (entidade, chave) select distinct %L, %I from novos where %I is not null',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[1]);
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE format('insert into vendas_sync_log (entidade, chave) select %L, k from (select %I as k from novos union select %I from antigos) x where k is not null',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[1]);
  ELSE
    EXECUTE format('insert into vendas_sync_log (entidade, chave) select distinct %L, %I from antigos where %I is not null',
      TG_ARGV[0], TG_ARGV[1], TG_ARGV[1]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE PROCEDURE vendas_sync_vigia(tabela text, entidade text, coluna text) LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION vendas_sync_marca(%L, %L)',
    'vendas_sync_' || entidade || '_' || coluna || '_i', tabela, entidade, coluna);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS antigos NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION vendas_sync_marca(%L, %L)',
    'vendas_sync_' || entidade || '_' || coluna || '_u', tabela, entidade, coluna);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION vendas_sync_marca(%L, %L)',
    'vendas_sync_' || entidade || '_' || coluna || '_d', tabela, entidade, coluna);
END $$;
--> statement-breakpoint
CALL vendas_sync_vigia('clientes', 'cliente', 'id');
--> statement-breakpoint
CALL vendas_sync_vigia('products', 'produto', 'id');
--> statement-breakpoint
CALL vendas_sync_vigia('produto_embalagens', 'produto', 'produto_id');
--> statement-breakpoint
CALL vendas_sync_vigia('estoque_saldos', 'produto', 'produto_id');
--> statement-breakpoint
CALL vendas_sync_vigia('tabelas_preco', 'tabela', 'id');
--> statement-breakpoint
CALL vendas_sync_vigia('tabela_preco_itens', 'tabela', 'tabela_id');
--> statement-breakpoint
CALL vendas_sync_vigia('tabela_preco_faixas', 'tabela', 'tabela_id');
--> statement-breakpoint
CALL vendas_sync_vigia('tabela_preco_clientes', 'tabela', 'tabela_id');
--> statement-breakpoint
CALL vendas_sync_vigia('sales_orders', 'pedido', 'id');
--> statement-breakpoint
-- an order's status and total move its customer's credit position
CALL vendas_sync_vigia('sales_orders', 'cliente', 'cliente_id');
--> statement-breakpoint
CALL vendas_sync_vigia('financial_accounts', 'titulo', 'id');
--> statement-breakpoint
CALL vendas_sync_vigia('financial_accounts', 'cliente', 'cliente_id');
--> statement-breakpoint
DROP PROCEDURE vendas_sync_vigia(text, text, text);
--> statement-breakpoint
-- An order sent from a device, by the key the device generated when it saved it: the row is the
-- first write of the post's transaction, so a retried or doubled post waits on the primary key, then
-- finds the key taken and answers the first post's stored answer — one order. pedido_id and resposta
-- are filled at the end of that same transaction.
CREATE TABLE "vendas_pedidos_dispositivo" (
  "idempotency_key" uuid PRIMARY KEY,
  "usuario_id" uuid NOT NULL REFERENCES "users"("id"),
  "pedido_id" uuid REFERENCES "sales_orders"("id"),
  "resposta" jsonb,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
