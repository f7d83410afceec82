-- estoque_travar with the movement's checks (issue 12's writer target, docs/benchmarks.md): a single
-- movement read its product, unit, locations, lot and the default location in a query of its own
-- (one round trip, and the driver's statement parsed and planned on every posting — ~14% of the
-- backend's CPU per posting in a profile). With `p_contexto` the lock step reads them first, in the
-- same round trip: {produto_id, locais: [named locations], lote_id, padrao: 'entrada' | 'saida' |
-- null}, answered as `contexto` {produto, locais, lote_produto_id, padrao}; a key's null local_id
-- is the default location of `padrao`. It locks only when every key is sound — the product exists,
-- each key's location exists and is active, a lot is named exactly when the product controls lots
-- and belongs to it — so an invalid movement inserts no balance row; the ledger service checks
-- the context with the module's rules (field errors in pt-BR) before it posts. Otherwise as in
-- migration 0038.
DROP FUNCTION IF EXISTS estoque_travar(jsonb, jsonb);
--> statement-breakpoint
CREATE FUNCTION estoque_travar(p_chaves jsonb, p_produto_ids jsonb, p_contexto jsonb DEFAULT NULL)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_contexto jsonb;
  v_padrao uuid;
  v_inseridos jsonb;
  v_saldos jsonb;
  v_produtos jsonb;
BEGIN
  IF p_contexto IS NOT NULL THEN
    SELECT jsonb_build_object(
      'produto', (SELECT jsonb_build_object('id', p.id, 'nome', p.nome, 'unidade', p.unidade,
          'casas_decimais', u.casas_decimais, 'controla_lote', p.controla_lote, 'ativo', p.ativo)
        FROM products p JOIN unidades u ON u.sigla = p.unidade WHERE p.id = (p_contexto->>'produto_id')::uuid),
      'locais', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'nome', l.nome, 'tipo', l.tipo,
          'ativo', l.ativo)), '[]')
        FROM locais_estoque l WHERE l.id IN (SELECT jsonb_array_elements_text(p_contexto->'locais')::uuid)),
      'lote_produto_id', (SELECT lo.produto_id FROM lotes lo WHERE lo.id = (p_contexto->>'lote_id')::uuid),
      'padrao', CASE p_contexto->>'padrao'
        WHEN 'entrada' THEN (SELECT l.id FROM locais_estoque l WHERE l.padrao_entrada AND l.ativo)
        WHEN 'saida' THEN (SELECT l.id FROM locais_estoque l WHERE l.padrao_saida AND l.ativo)
      END)
    INTO v_contexto;
    v_padrao := (v_contexto->>'padrao')::uuid;
    IF jsonb_typeof(v_contexto->'produto') <> 'object' OR EXISTS (
      SELECT 1
      FROM jsonb_to_recordset(p_chaves) AS k(produto_id uuid, local_id uuid, lote_id uuid)
      LEFT JOIN locais_estoque l ON l.id = coalesce(k.local_id, v_padrao)
      LEFT JOIN lotes lo ON lo.id = k.lote_id
      WHERE l.id IS NULL OR NOT l.ativo
        OR k.produto_id IS DISTINCT FROM (v_contexto#>>'{produto,id}')::uuid
        OR (k.lote_id IS NOT NULL) <> (v_contexto#>>'{produto,controla_lote}')::boolean
        OR (k.lote_id IS NOT NULL AND lo.produto_id IS DISTINCT FROM k.produto_id)
    ) THEN
      -- nothing locked: the caller's checks say what is wrong (or FEFO chooses the lots)
      RETURN jsonb_build_object('contexto', v_contexto);
    END IF;
    IF v_padrao IS NOT NULL THEN
      SELECT jsonb_agg(CASE WHEN c->>'local_id' IS NULL THEN c || jsonb_build_object('local_id', v_padrao)
          ELSE c END)
      INTO p_chaves FROM jsonb_array_elements(p_chaves) AS c;
    END IF;
  END IF;

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
    'permite_negativo', (SELECT a.valor::text FROM app_settings a WHERE a.chave = 'permitir_estoque_negativo'),
    'contexto', v_contexto);
END;
$$;
