-- The ledger's two writing steps as functions (issue 12's writer target, docs/benchmarks.md): one
-- round trip each, and their statements planned once per connection (PL/pgSQL caches the plans;
-- the same statements sent by the driver were parsed and planned on every posting). The ledger
-- service (razao.service.ts) stays the one caller: it applies the shared model between the two.
--
-- estoque_travar: inserts the balance rows of `chaves` that are missing, then locks the balances in
-- the one lock order of the module (produto, local, lote — no lot first) and the products
-- `produto_ids` by id (FOR NO KEY UPDATE: the foreign-key share locks other writers' new balance
-- rows hold on a product do not block it), and reads the negative-stock setting. Each statement
-- takes its own snapshot, so what it answers is what the locks protect. Answers
-- {inseridos: [ids of the rows inserted], saldos: [...], produtos: [...], permite_negativo}.
CREATE OR REPLACE FUNCTION estoque_travar(p_chaves jsonb, p_produto_ids jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_inseridos jsonb;
  v_saldos jsonb;
  v_produtos jsonb;
BEGIN
  WITH novos AS (
    INSERT INTO estoque_saldos (produto_id, local_id, lote_id)
    SELECT k.produto_id, k.local_id, k.lote_id
    FROM jsonb_to_recordset(p_chaves) AS k(produto_id uuid, local_id uuid, lote_id uuid)
    WHERE NOT EXISTS (SELECT 1 FROM estoque_saldos s WHERE s.produto_id = k.produto_id
      AND s.local_id = k.local_id AND s.lote_id IS NOT DISTINCT FROM k.lote_id)
    ORDER BY k.produto_id, k.local_id, k.lote_id NULLS FIRST
    ON CONFLICT (produto_id, local_id, lote_id) DO NOTHING
    RETURNING estoque_saldos.id
  )
  SELECT coalesce(jsonb_agg(novos.id), '[]') INTO v_inseridos FROM novos;

  SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'produto_id', t.produto_id, 'local_id', t.local_id,
      'lote_id', t.lote_id, 'saldo', t.saldo::text, 'reservado', t.reservado::text)), '[]')
  INTO v_saldos
  FROM (
    SELECT s.id, s.produto_id, s.local_id, s.lote_id, s.saldo, s.reservado
    FROM estoque_saldos s
    JOIN jsonb_to_recordset(p_chaves) AS k(produto_id uuid, local_id uuid, lote_id uuid)
      ON s.produto_id = k.produto_id AND s.local_id = k.local_id AND s.lote_id IS NOT DISTINCT FROM k.lote_id
    ORDER BY s.produto_id, s.local_id, s.lote_id NULLS FIRST
    FOR UPDATE OF s
  ) t;

  SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'nome', t.nome, 'saldo', t.estoque_atual::text,
      'reservado', t.estoque_reservado::text, 'custo_medio', t.custo_medio::text)), '[]')
  INTO v_produtos
  FROM (
    SELECT p.id, p.nome, p.estoque_atual, p.estoque_reservado, p.custo_medio
    FROM products p
    WHERE p.id IN (SELECT jsonb_array_elements_text(p_produto_ids)::uuid)
    ORDER BY p.id
    FOR NO KEY UPDATE OF p
  ) t;

  RETURN jsonb_build_object('inseridos', v_inseridos, 'saldos', v_saldos, 'produtos', v_produtos,
    'permite_negativo', (SELECT a.valor::text FROM app_settings a WHERE a.chave = 'permitir_estoque_negativo'));
END;
$$;
--> statement-breakpoint
-- estoque_gravar: writes a posting whose rows are locked (estoque_travar): the ledger rows (ids
-- drawn in posting order; ocorrido_em the moment of writing unless given), the changed balances and
-- the products' ledger-kept columns in one statement, answering each row's id and moment in
-- posting order. With `p_pares` (each changed (produto, local) pair's saldo delta, lots added) it
-- first keeps estoque_totais_local (migration 0036): every (product, location) pair of the changed
-- products before (this statement's snapshot: no other writer can change these products' balances
-- or cost until commit) and after (plus the deltas, at the new custo médio); a pair is counted when
-- its product is active or holds a saldo ≠ 0 there — before, only if it had a row not inserted by
-- this posting (`p_inseridos`). The delta goes to a slice of the location no other transaction
-- holds (SKIP LOCKED; its own slice when all are held), so writers never queue on one row.
CREATE OR REPLACE FUNCTION estoque_gravar(p_linhas jsonb, p_saldos jsonb, p_produtos jsonb, p_pares jsonb,
  p_inseridos bigint[], p_usuario uuid) RETURNS TABLE (movimento_id bigint, momento timestamptz)
LANGUAGE plpgsql AS $$
BEGIN
  IF p_pares IS NOT NULL THEN
    WITH tot_produtos AS (
      SELECT v.id, v.custo AS custo_novo, p.custo_medio AS custo_antigo, p.ativo
      FROM jsonb_to_recordset(p_produtos) AS v(id uuid, custo numeric)
      JOIN products p ON p.id = v.id
    ), tot_pares AS (
      SELECT s.produto_id, s.local_id, sum(s.saldo) AS saldo,
        bool_or(NOT (s.id = ANY (p_inseridos))) AS existia
      FROM estoque_saldos s WHERE s.produto_id IN (SELECT tp.id FROM tot_produtos tp)
      GROUP BY s.produto_id, s.local_id
    ), tot_delta AS (
      SELECT tp.local_id,
        sum((pr.ativo OR tp.saldo + coalesce(d.delta, 0) <> 0)::int
          - (tp.existia AND (pr.ativo OR tp.saldo <> 0))::int) AS produtos,
        sum(coalesce(d.delta, 0)) AS saldo,
        sum(round((tp.saldo + coalesce(d.delta, 0)) * pr.custo_novo, 2) - round(tp.saldo * pr.custo_antigo, 2)) AS valor
      FROM tot_pares tp
      JOIN tot_produtos pr ON pr.id = tp.produto_id
      LEFT JOIN jsonb_to_recordset(p_pares) AS d(produto_id uuid, local_id uuid, delta numeric)
        ON d.produto_id = tp.produto_id AND d.local_id = tp.local_id
      GROUP BY tp.local_id
    )
    INSERT INTO estoque_totais_local AS t (local_id, fatia, produtos, saldo, valor)
    SELECT d.local_id,
      coalesce((SELECT x.fatia FROM estoque_totais_local x WHERE x.local_id = d.local_id
          ORDER BY (x.fatia - pg_backend_pid() % 16 + 16) % 16 LIMIT 1 FOR UPDATE SKIP LOCKED),
        pg_backend_pid() % 16),
      d.produtos, d.saldo, d.valor
    FROM tot_delta d WHERE d.produtos <> 0 OR d.saldo <> 0 OR d.valor <> 0
    ON CONFLICT (local_id, fatia) DO UPDATE SET produtos = t.produtos + excluded.produtos,
      saldo = t.saldo + excluded.saldo, valor = t.valor + excluded.valor;
  END IF;

  RETURN QUERY
  WITH linhas AS (
    INSERT INTO estoque_movimentos (product_id, local_id, lote_id, tipo, quantidade, custo_unitario,
      saldo_produto, custo_medio, origem, origem_id, observacao, estorno_de, user_id, ocorrido_em)
    SELECT r.product_id, r.local_id, r.lote_id, r.tipo, r.quantidade, r.custo_unitario, r.saldo_produto,
      r.custo_medio, r.origem, r.origem_id, r.observacao, r.estorno_de, p_usuario,
      -- the moment of writing, after the locks: rows of a product are in lock order by time
      coalesce(r.ocorrido_em, clock_timestamp())
    FROM jsonb_to_recordset(p_linhas) AS r(ordem int, product_id uuid, local_id uuid, lote_id uuid,
      tipo text, quantidade numeric, custo_unitario numeric, saldo_produto numeric, custo_medio numeric,
      origem text, origem_id text, observacao text, estorno_de bigint, ocorrido_em timestamptz)
    ORDER BY r.ordem
    RETURNING estoque_movimentos.id, estoque_movimentos.ocorrido_em
  ), saldos AS (
    UPDATE estoque_saldos s SET saldo = v.saldo, reservado = v.reservado, updated_at = now()
    FROM jsonb_to_recordset(p_saldos) AS v(id bigint, saldo numeric, reservado numeric)
    WHERE s.id = v.id AND (s.saldo <> v.saldo OR s.reservado <> v.reservado)
  ), produtos AS (
    UPDATE products p SET estoque_atual = v.saldo, estoque_reservado = v.reservado, custo_medio = v.custo,
      preco_custo = round(v.custo, 2)
    FROM jsonb_to_recordset(p_produtos) AS v(id uuid, saldo numeric, reservado numeric, custo numeric)
    WHERE p.id = v.id
      AND (p.estoque_atual <> v.saldo OR p.estoque_reservado <> v.reservado OR p.custo_medio <> v.custo)
  )
  SELECT l.id, l.ocorrido_em FROM linhas l ORDER BY l.id;
END;
$$;
