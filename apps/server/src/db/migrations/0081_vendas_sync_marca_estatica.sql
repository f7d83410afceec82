-- The força de vendas change log (migration 0069) written with static statements (issue 30).
-- vendas_sync_marca() built its INSERT with format() and ran it with EXECUTE: a parse and a plan on
-- every statement that writes a watched table — 0.087 ms of a stock posting's ~1 ms of backend CPU
-- per call, and a posting fires it twice (products, estoque_saldos); an order's save, a título's
-- and a price list's fire it too. The same statements written out, one branch per id column the
-- triggers name (TG_ARGV[1]), are planned once per backend and table (PL/pgSQL caches a trigger
-- function per table): 0.024 ms per call. What each writes is unchanged: the entity (TG_ARGV[0])
-- and the distinct non-null ids of the statement's new rows, old rows, or both for an update.
-- A trigger naming another column raises instead of writing nothing: a new watched table whose id
-- column is not here must add its branch (vendas-sync-marca.test.ts fires every watched table).
CREATE OR REPLACE FUNCTION vendas_sync_marca() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_entidade text := TG_ARGV[0];
BEGIN
  IF TG_ARGV[1] = 'id' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT DISTINCT v_entidade, n.id FROM novos n WHERE n.id IS NOT NULL;
    ELSIF TG_OP = 'UPDATE' THEN
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT v_entidade, x.k FROM (SELECT n.id AS k FROM novos n UNION SELECT a.id FROM antigos a) x
      WHERE x.k IS NOT NULL;
    ELSE
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT DISTINCT v_entidade, a.id FROM antigos a WHERE a.id IS NOT NULL;
    END IF;
  ELSIF TG_ARGV[1] = 'produto_id' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT DISTINCT v_entidade, n.produto_id FROM novos n WHERE n.produto_id IS NOT NULL;
    ELSIF TG_OP = 'UPDATE' THEN
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT v_entidade, x.k FROM (SELECT n.produto_id AS k FROM novos n UNION SELECT a.produto_id FROM antigos a) x
      WHERE x.k IS NOT NULL;
    ELSE
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT DISTINCT v_entidade, a.produto_id FROM antigos a WHERE a.produto_id IS NOT NULL;
    END IF;
  ELSIF TG_ARGV[1] = 'tabela_id' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT DISTINCT v_entidade, n.tabela_id FROM novos n WHERE n.tabela_id IS NOT NULL;
    ELSIF TG_OP = 'UPDATE' THEN
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT v_entidade, x.k FROM (SELECT n.tabela_id AS k FROM novos n UNION SELECT a.tabela_id FROM antigos a) x
      WHERE x.k IS NOT NULL;
    ELSE
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT DISTINCT v_entidade, a.tabela_id FROM antigos a WHERE a.tabela_id IS NOT NULL;
    END IF;
  ELSIF TG_ARGV[1] = 'cliente_id' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT DISTINCT v_entidade, n.cliente_id FROM novos n WHERE n.cliente_id IS NOT NULL;
    ELSIF TG_OP = 'UPDATE' THEN
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT v_entidade, x.k FROM (SELECT n.cliente_id AS k FROM novos n UNION SELECT a.cliente_id FROM antigos a) x
      WHERE x.k IS NOT NULL;
    ELSE
      INSERT INTO vendas_sync_log (entidade, chave)
      SELECT DISTINCT v_entidade, a.cliente_id FROM antigos a WHERE a.cliente_id IS NOT NULL;
    END IF;
  ELSE
    RAISE EXCEPTION 'vendas_sync_marca: coluna % sem instrução (migração 0081)', TG_ARGV[1];
  END IF;
  RETURN NULL;
END $$;
