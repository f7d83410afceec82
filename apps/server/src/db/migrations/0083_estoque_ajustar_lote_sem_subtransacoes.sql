-- Issue 30: the group commit of POST /api/estoque/ajustes without a subtransaction per ajuste.
-- estoque_ajustar_lote (migration 0071) locked the batch's balances and products first, then ran each
-- ajuste in a BEGIN … EXCEPTION block: each ajuste's UPDATE of a row its own transaction had locked
-- in another (sub)transaction turned the row's xmax into a MultiXact, which every later reader of the
-- row resolves through the pg_multixact caches (890,000 MultiXact page hits in one 15 s round of the
-- 8-writer bench). Without them, one batch at a time took 937–980 postings/s through the API against
-- 635–663/s before (docs/benchmarks.md, "Estoque: ajustes through the API").
--
-- Every refusal of estoque_ajustar (SQLSTATE ES422) comes before it writes anything but, for a key
-- with no balance row yet, that row — which in a batch estoque_ajustar_lote has already inserted.
-- So estoque_ajustar now takes `recusa_sem_erro`: when true, a refusal deletes the balance row this
-- call inserted (if any) and answers r = {"recusa": DETAIL} instead of raising — the same DETAIL text.
-- estoque_ajustar_lote calls it so, with no exception block: the batch is one transaction without
-- subtransactions; any other error aborts the whole statement, and the service posts each ajuste of
-- the batch again on its own (modules/estoque/ajuste-lote.ts), as it did for a failed batch. The
-- refusal raised when estoque_travar's answer disagrees with the context check (it may have locked)
-- still raises: that batch is posted ajuste by ajuste.
-- Everything else is migration 0071's text unchanged.
CREATE OR REPLACE FUNCTION estoque_ajustar(p jsonb, OUT r jsonb, OUT momento timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_produto uuid := (p->>'produto_id')::uuid;
  v_local uuid := (p->>'local_id')::uuid;
  v_lote uuid := (p->>'lote_id')::uuid;
  v_q numeric := (p->>'quantidade')::numeric;
  v_custo_dado numeric := (p->>'custo_unitario')::numeric;
  v_usuario uuid := nullif(p#>>'{usuario,id}', '')::uuid;
  v_nome text;
  v_casas int;
  v_controla boolean;
  v_local_ativo boolean;
  v_lote_produto uuid;
  v_saldo_id bigint;
  v_inserido bigint;
  v_saldo numeric;
  v_reservado numeric;
  v_estoque numeric;
  v_cm numeric;
  v_ativo boolean;
  v_permite boolean;
  v_custo numeric;
  v_novo numeric;
  v_n numeric;
  v_total numeric;
  v_div numeric;
  v_id bigint;
  -- balance rows a batch inserted beforehand that no ajuste of it has used yet (estoque_ajustar_lote)
  v_novos bigint[] := coalesce(array(SELECT jsonb_array_elements_text(p->'inseridos')::bigint), '{}');
  -- estoque_ajustar_lote: a refusal answered as {"recusa": DETAIL} instead of raised (see above)
  v_sem_erro boolean := coalesce((p->>'recusa_sem_erro')::boolean, false);
  v_recusa text;
BEGIN
  -- the audit settings writeTx sets (transaction-local: this statement's transaction)
  PERFORM set_config('app.user_id', coalesce(p#>>'{usuario,id}', ''), true),
    set_config('app.user_email', coalesce(p#>>'{usuario,email}', ''), true),
    set_config('app.ip', coalesce(p#>>'{usuario,ip}', ''), true),
    set_config('app.user_agent', left(coalesce(p#>>'{usuario,user_agent}', ''), 500), true);

  -- the context (estoque_travar's checks): nothing is locked nor written unless it is sound
  SELECT pr.nome, u.casas_decimais, pr.controla_lote INTO v_nome, v_casas, v_controla
  FROM products pr JOIN unidades u ON u.sigla = pr.unidade WHERE pr.id = v_produto;
  SELECT l.ativo INTO v_local_ativo FROM locais_estoque l WHERE l.id = v_local;
  IF v_lote IS NOT NULL THEN
    SELECT lo.produto_id INTO v_lote_produto FROM lotes lo WHERE lo.id = v_lote;
  END IF;
  IF v_nome IS NULL OR v_local_ativo IS NOT TRUE OR (v_lote IS NOT NULL) <> v_controla
      OR (v_lote IS NOT NULL AND v_lote_produto IS DISTINCT FROM v_produto) THEN
    -- the context as estoque_travar answers it (it locks nothing when the context is unsound; were
    -- the two checks ever to disagree, what it locked is undone and the service's checks decide)
    r := estoque_travar(
      jsonb_build_array(jsonb_build_object('produto_id', v_produto, 'local_id', v_local, 'lote_id', v_lote)),
      jsonb_build_array(v_produto),
      jsonb_build_object('produto_id', v_produto, 'locais', jsonb_build_array(v_local), 'lote_id', v_lote,
        'padrao', NULL));
    IF r ? 'saldos' THEN
      RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa',
        DETAIL = jsonb_build_object('contexto', r->'contexto')::text;
    END IF;
    r := jsonb_build_object('contexto', r->'contexto');
    RETURN;
  END IF;
  -- the unit's decimals (erroCasasDecimais) and a zero ajuste: refused before anything is written
  IF v_q <> round(v_q, least(v_casas, 3)) THEN
    v_recusa := jsonb_build_object('contexto', estoque_travar('[]', '[]', jsonb_build_object(
      'produto_id', v_produto, 'locais', jsonb_build_array(v_local), 'lote_id', v_lote,
      'padrao', NULL))->'contexto')::text;
    IF v_sem_erro THEN
      -- nothing of this ajuste is written yet but the balance row it may have inserted
      DELETE FROM estoque_saldos WHERE id = v_inserido;
      r := jsonb_build_object('recusa', v_recusa);
      RETURN;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa', DETAIL = v_recusa;
  END IF;
  IF v_q = 0 THEN
    v_recusa := '{"invalida": "ajusteZero"}';
    IF v_sem_erro THEN
      -- nothing of this ajuste is written yet but the balance row it may have inserted
      DELETE FROM estoque_saldos WHERE id = v_inserido;
      r := jsonb_build_object('recusa', v_recusa);
      RETURN;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa', DETAIL = v_recusa;
  END IF;

  -- the balance (inserted when missing), then the product: the module's lock order
  SELECT s.id, s.saldo, s.reservado INTO v_saldo_id, v_saldo, v_reservado
  FROM estoque_saldos s
  WHERE s.produto_id = v_produto AND s.local_id = v_local AND s.lote_id IS NOT DISTINCT FROM v_lote
  FOR UPDATE;
  IF v_saldo_id IS NULL THEN
    INSERT INTO estoque_saldos (produto_id, local_id, lote_id) VALUES (v_produto, v_local, v_lote)
    ON CONFLICT (produto_id, local_id, lote_id) DO NOTHING
    RETURNING id INTO v_inserido;
    SELECT s.id, s.saldo, s.reservado INTO v_saldo_id, v_saldo, v_reservado
    FROM estoque_saldos s
    WHERE s.produto_id = v_produto AND s.local_id = v_local AND s.lote_id IS NOT DISTINCT FROM v_lote
    FOR UPDATE;
  END IF;
  SELECT pr.estoque_atual, pr.custo_medio, pr.ativo INTO v_estoque, v_cm, v_ativo
  FROM products pr WHERE pr.id = v_produto FOR NO KEY UPDATE;
  SELECT a.valor::text = 'true' INTO v_permite FROM app_settings a WHERE a.chave = 'permitir_estoque_negativo';
  v_permite := coalesce(v_permite, (p->>'permite_negativo_padrao')::boolean, false);
  v_cm := round(v_cm, 4);

  IF v_q < 0 THEN
    -- a saída by hand: valued at the custo médio, which it leaves as it is
    IF NOT v_permite AND v_saldo + v_q - v_reservado < 0 THEN
      v_recusa := jsonb_build_object('codigo', 'estoque_insuficiente',
        'disponivel', round(v_saldo - v_reservado, 3)::text,
        'produto', v_nome,
        'local', (SELECT l.nome FROM locais_estoque l WHERE l.id = v_local),
        'lote', (SELECT lo.numero FROM lotes lo WHERE lo.id = v_lote))::text;
      IF v_sem_erro THEN
        -- nothing of this ajuste is written yet but the balance row it may have inserted
        DELETE FROM estoque_saldos WHERE id = v_inserido;
        r := jsonb_build_object('recusa', v_recusa);
        RETURN;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa', DETAIL = v_recusa;
    END IF;
    v_custo := v_cm;
    v_novo := v_cm;
  ELSE
    -- an entrada by hand: at its own cost (the average when none is given), and it averages in
    v_custo := coalesce(v_custo_dado, nullif(v_cm, 0));
    IF v_custo IS NULL THEN
      v_recusa := '{"invalida": "custoObrigatorio"}';
      IF v_sem_erro THEN
        -- nothing of this ajuste is written yet but the balance row it may have inserted
        DELETE FROM estoque_saldos WHERE id = v_inserido;
        r := jsonb_build_object('recusa', v_recusa);
        RETURN;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa', DETAIL = v_recusa;
    END IF;
    IF v_custo < 0 THEN
      v_recusa := '{"invalida": "custoNegativo"}';
      IF v_sem_erro THEN
        -- nothing of this ajuste is written yet but the balance row it may have inserted
        DELETE FROM estoque_saldos WHERE id = v_inserido;
        r := jsonb_build_object('recusa', v_recusa);
        RETURN;
      END IF;
      RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa', DETAIL = v_recusa;
    END IF;
    IF v_estoque <= 0 THEN
      v_novo := round(v_custo, 4);
    ELSE
      -- custoMedioAposEntrada: (saldo × médio + q × custo) / (saldo + q), computed exactly and rounded
      -- once to 4 places half away from zero (both terms are ≥ 0, the divisor > 0)
      v_n := (v_estoque * v_cm + v_q * v_custo) * 10000;
      v_total := v_estoque + v_q;
      v_div := div(v_n, v_total);
      IF 2 * (v_n - v_div * v_total) >= v_total THEN
        v_div := v_div + 1;
      END IF;
      v_novo := round(v_div / 10000, 4);
    END IF;
    v_custo := round(v_custo, 4);
  END IF;

  -- estoque_totais_local, as estoque_gravar keeps it (before the writes: this statement's view of
  -- the product's balances is the one its locks protect): every location of the product before
  -- and after, at the new custo médio; a pair is counted when the product is active or holds a
  -- saldo ≠ 0 there — before, only if it had a row not inserted by this posting
  WITH tot_pares AS (
    SELECT s.local_id, sum(s.saldo) AS saldo,
      bool_or(s.id IS DISTINCT FROM v_inserido AND s.id <> ALL (v_novos)) AS existia
    FROM estoque_saldos s WHERE s.produto_id = v_produto
      -- a batch's rows not used yet do not exist for the totals (this ajuste's own counts as inserted)
      AND (s.id = v_saldo_id OR s.id <> ALL (v_novos))
    GROUP BY s.local_id
  ), tot_delta AS (
    SELECT tp.local_id,
      (v_ativo OR tp.saldo + x.d <> 0)::int - (tp.existia AND (v_ativo OR tp.saldo <> 0))::int AS produtos,
      x.d AS saldo,
      round((tp.saldo + x.d) * v_novo, 2) - round(tp.saldo * v_cm, 2) AS valor
    FROM tot_pares tp, LATERAL (SELECT CASE WHEN tp.local_id = v_local THEN v_q ELSE 0 END AS d) x
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

  -- the ledger row (the moment of writing, after the locks), the balance and the product
  INSERT INTO estoque_movimentos (product_id, local_id, lote_id, tipo, quantidade, custo_unitario,
    saldo_produto, custo_medio, origem, observacao, user_id, ocorrido_em)
  VALUES (v_produto, v_local, v_lote, 'ajuste', v_q, v_custo, v_estoque + v_q, v_novo, 'ajuste',
    p->>'motivo', v_usuario, clock_timestamp())
  RETURNING id, ocorrido_em INTO v_id, momento;
  UPDATE estoque_saldos SET saldo = v_saldo + v_q, updated_at = now() WHERE id = v_saldo_id;
  UPDATE products SET estoque_atual = v_estoque + v_q, custo_medio = v_novo, preco_custo = round(v_novo, 2)
  WHERE id = v_produto;

  r := jsonb_build_object('id', v_id, 'quantidade', round(v_q, 3)::text,
    'custo_unitario', v_custo::text, 'saldo_produto', round(v_estoque + v_q, 3)::text,
    'custo_medio', v_novo::text);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estoque_ajustar_lote(ps jsonb)
RETURNS TABLE (ordem int, r jsonb, momento timestamptz, erro_estado text, erro_detalhe text)
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_i int;
  v_chave text;
  -- the rows this batch inserted and no ajuste of it has used yet: key → id
  v_novos jsonb;
BEGIN
  WITH k AS (
    SELECT DISTINCT x.produto_id, x.local_id, x.lote_id
    FROM jsonb_to_recordset(ps) AS x(produto_id uuid, local_id uuid, lote_id uuid)
  ), sound AS (
    SELECT k.* FROM k
    JOIN products pr ON pr.id = k.produto_id
    JOIN locais_estoque l ON l.id = k.local_id AND l.ativo
    LEFT JOIN lotes lo ON lo.id = k.lote_id
    WHERE (k.lote_id IS NOT NULL) = pr.controla_lote AND (k.lote_id IS NULL OR lo.produto_id = k.produto_id)
  ), novos AS (
    INSERT INTO estoque_saldos (produto_id, local_id, lote_id)
    SELECT s.produto_id, s.local_id, s.lote_id FROM sound s
    WHERE NOT EXISTS (SELECT 1 FROM estoque_saldos e WHERE e.produto_id = s.produto_id
      AND e.local_id = s.local_id AND e.lote_id IS NOT DISTINCT FROM s.lote_id)
    ORDER BY s.produto_id, s.local_id, s.lote_id NULLS FIRST
    ON CONFLICT (produto_id, local_id, lote_id) DO NOTHING
    RETURNING estoque_saldos.id, estoque_saldos.produto_id, estoque_saldos.local_id, estoque_saldos.lote_id
  )
  SELECT coalesce(jsonb_object_agg(n.produto_id || '|' || n.local_id || '|' || coalesce(n.lote_id::text, ''), n.id), '{}')
  INTO v_novos FROM novos n;

  PERFORM 1 FROM (
    SELECT s.id FROM estoque_saldos s
    JOIN (SELECT DISTINCT x.produto_id, x.local_id, x.lote_id
      FROM jsonb_to_recordset(ps) AS x(produto_id uuid, local_id uuid, lote_id uuid)) k
      ON s.produto_id = k.produto_id AND s.local_id = k.local_id AND s.lote_id IS NOT DISTINCT FROM k.lote_id
    ORDER BY s.produto_id, s.local_id, s.lote_id NULLS FIRST
    FOR UPDATE OF s
  ) t;
  PERFORM 1 FROM (
    SELECT pr.id FROM products pr
    WHERE pr.id IN (SELECT (x->>'produto_id')::uuid FROM jsonb_array_elements(ps) x)
    ORDER BY pr.id
    FOR NO KEY UPDATE OF pr
  ) t;

  FOR v_i, v_item IN SELECT (e.n - 1)::int, e.v FROM jsonb_array_elements(ps) WITH ORDINALITY AS e(v, n) LOOP
    ordem := v_i;
    erro_estado := NULL;
    erro_detalhe := NULL;
    v_chave := (v_item->>'produto_id')::uuid || '|' || (v_item->>'local_id')::uuid || '|'
      || coalesce((v_item->>'lote_id')::uuid::text, '');
    SELECT a.r, a.momento INTO r, momento
    FROM estoque_ajustar(v_item || jsonb_build_object('recusa_sem_erro', true, 'inseridos',
      (SELECT coalesce(jsonb_agg(v.value), '[]') FROM jsonb_each(v_novos) v))) a;
    IF r ? 'recusa' THEN
      -- refused before it wrote anything: answered with its DETAIL, as the single call raises it
      erro_estado := 'ES422';
      erro_detalhe := r->>'recusa';
      r := NULL;
      momento := NULL;
    ELSIF NOT (r ? 'contexto') THEN
      -- a written ajuste has used its row (a context refused as {contexto} wrote nothing)
      v_novos := v_novos - v_chave;
    END IF;
    RETURN NEXT;
  END LOOP;

  DELETE FROM estoque_saldos s
  WHERE s.id IN (SELECT (v.value #>> '{}')::bigint FROM jsonb_each(v_novos) v);
END;
$$;
