-- Stock ledger go-live (issue 12): the data the new stock tables need, the existing movements and
-- balances carried over, the ledger made append-only and the registers audited.
--
-- 1. Units: UN (the default base unit) and every unit the existing products use.
INSERT INTO unidades (sigla, descricao, casas_decimais)
SELECT u.sigla,
       coalesce(d.descricao, u.sigla),
       CASE WHEN d.casas IS NOT NULL THEN d.casas
            WHEN EXISTS (SELECT 1 FROM products p WHERE p.unidade = u.sigla
                           AND (p.estoque_atual % 1 <> 0 OR p.estoque_minimo % 1 <> 0 OR p.estoque_maximo % 1 <> 0))
            THEN 3 ELSE 0 END
FROM (SELECT 'UN' AS sigla UNION SELECT DISTINCT unidade FROM products) u
LEFT JOIN (VALUES ('UN', 'Unidade', 0), ('CX', 'Caixa', 0), ('FD', 'Fardo', 0), ('PCT', 'Pacote', 0),
                  ('PC', 'Peça', 0), ('DZ', 'Dúzia', 0), ('KG', 'Quilograma', 3), ('L', 'Litro', 3))
  AS d(sigla, descricao, casas) ON d.sigla = u.sigla
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- 2. The default location, where the stock that exists today is.
INSERT INTO locais_estoque (codigo, nome, tipo, padrao_entrada, padrao_saida)
VALUES ('DEP', 'Depósito principal', 'deposito', true, true);
--> statement-breakpoint
-- 3. Products: the ledger-kept columns and the base-unit GTIN (from the old `ean`, when well formed and
-- not shared by two products), without writing an audit row per product.
DROP TRIGGER IF EXISTS audit_row_change ON products;
--> statement-breakpoint
UPDATE products SET custo_medio = preco_custo;
--> statement-breakpoint
UPDATE products SET gtin = ean
WHERE ean ~ '^([0-9]{8}|[0-9]{12,14})$'
  AND ean NOT IN (SELECT ean FROM products WHERE ean IS NOT NULL GROUP BY ean HAVING count(*) > 1);
--> statement-breakpoint
-- 4. Existing movements go to the default location, valued at the product's cost; a product whose
-- stock they do not explain gets an opening adjustment, so sum(movements) = estoque_atual.
UPDATE estoque_movimentos m
SET local_id = (SELECT id FROM locais_estoque WHERE codigo = 'DEP'), custo_unitario = p.preco_custo
FROM products p WHERE p.id = m.product_id;
--> statement-breakpoint
INSERT INTO estoque_movimentos (product_id, local_id, tipo, quantidade, custo_unitario, origem, observacao)
SELECT p.id, (SELECT id FROM locais_estoque WHERE codigo = 'DEP'), 'ajuste',
       p.estoque_atual - coalesce(s.quantidade, 0), p.preco_custo, 'implantacao',
       'Saldo na implantação do razão de estoque'
FROM products p
LEFT JOIN (SELECT product_id, sum(quantidade) AS quantidade FROM estoque_movimentos GROUP BY product_id) s
  ON s.product_id = p.id
WHERE p.estoque_atual <> coalesce(s.quantidade, 0)
ORDER BY p.codigo;
--> statement-breakpoint
UPDATE estoque_movimentos m
SET saldo_produto = r.saldo, custo_medio = p.custo_medio
FROM (SELECT id, sum(quantidade) OVER (PARTITION BY product_id ORDER BY ocorrido_em, id) AS saldo
      FROM estoque_movimentos) r, products p
WHERE r.id = m.id AND p.id = m.product_id;
--> statement-breakpoint
INSERT INTO estoque_saldos (produto_id, local_id, lote_id, saldo)
SELECT product_id, local_id, lote_id, sum(quantidade)
FROM estoque_movimentos
GROUP BY product_id, local_id, lote_id;
--> statement-breakpoint
-- 5. The ledger is append-only: a mistake is corrected by an estorno row, never by editing one.
CREATE OR REPLACE FUNCTION erp_somente_inclusao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% é somente inclusão: % não é permitido', TG_TABLE_NAME, TG_OP USING ERRCODE = '42501';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER estoque_movimentos_no_change BEFORE UPDATE OR DELETE ON estoque_movimentos
  FOR EACH ROW EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
CREATE TRIGGER estoque_movimentos_no_truncate BEFORE TRUNCATE ON estoque_movimentos
  FOR EACH STATEMENT EXECUTE FUNCTION erp_somente_inclusao();
--> statement-breakpoint
-- 6. Audit. The ledger rows carry their user and time themselves, and balances, reservations and
-- counted quantities are kept per movement or scan: those tables are not audited. Products are, except
-- for the columns the ledger keeps (estoque_atual, estoque_reservado, custo_medio, preco_custo), whose
-- every change is a ledger row.
CREATE TRIGGER audit_row_change AFTER INSERT OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION audit_row_change('id');
--> statement-breakpoint
CREATE TRIGGER audit_row_update AFTER UPDATE ON products FOR EACH ROW
  WHEN (OLD.estoque_atual IS NOT DISTINCT FROM NEW.estoque_atual
    AND OLD.estoque_reservado IS NOT DISTINCT FROM NEW.estoque_reservado
    AND OLD.custo_medio IS NOT DISTINCT FROM NEW.custo_medio)
  EXECUTE FUNCTION audit_row_change('id');
--> statement-breakpoint
SELECT audit_attach('unidades');
--> statement-breakpoint
SELECT audit_attach('grupos_estoque');
--> statement-breakpoint
SELECT audit_attach('categorias');
--> statement-breakpoint
SELECT audit_attach('locais_estoque');
--> statement-breakpoint
SELECT audit_attach('produto_embalagens');
--> statement-breakpoint
SELECT audit_attach('lotes');
--> statement-breakpoint
SELECT audit_attach('inventarios');
