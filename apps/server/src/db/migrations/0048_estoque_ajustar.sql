-- estoque_ajustar: a manual ajuste (POST /api/estoque/ajustes) in one statement, so one round trip
-- from the service (issue 30: the posting took five round trips — session check, BEGIN with the
-- audit settings, estoque_travar, estoque_gravar, COMMIT — and reached half of what its own SQL
-- does). The same posting as estoque_travar + the shared model + estoque_gravar (migrations 0038
-- and 0044), for the one key of an ajuste with plain variables instead of JSON sets (a first
-- version calling the two took ~2 ms of backend CPU per posting, this one ~0.6 ms): the audit
-- settings; the context read and checked (product and unit, location active, lot named exactly
-- when the product controls lots, and its product); the balance row inserted when missing and
-- locked, then the product (FOR NO KEY UPDATE) — the module's one lock order; the shared model's
-- `ajuste` rule (packages/shared/src/estoque/razao.ts, applyMovement) on the locked state; the
-- upkeep of estoque_totais_local as estoque_gravar does it; the ledger row, the balance and the
-- product's ledger-kept columns (the products' triggers keep the dashboard's summary). Called
-- alone it is its own transaction: all or nothing. ajuste-funcao.test.ts holds it equal to the
-- posting in steps.
--
-- p: {produto_id, local_id, lote_id, quantidade (signed: negative removes), custo_unitario (null:
-- the custo médio), motivo, permite_negativo_padrao (the setting's default), usuario: {id, email,
-- ip, user_agent}}. Answers (r, momento):
--  - r = {contexto} when estoque_travar found the context unsound (nothing locked nor written): the
--    service checks it with the module's rules and answers the field errors;
--  - r = {id, quantidade, custo_unitario, saldo_produto, custo_medio} (texts at the columns' scale,
--    as the service answered them) and the row's moment.
-- A refusal raises SQLSTATE 'ES422' (everything undone) with a JSON DETAIL the service turns into
-- the same answer as before: {contexto} (the quantity has more decimals than the unit takes),
-- {invalida: key of razaoMensagens}, or {codigo: 'estoque_insuficiente', disponivel, produto,
-- local, lote} (names for the pt-BR message).
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
    RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa',
      DETAIL = jsonb_build_object('contexto', estoque_travar('[]', '[]', jsonb_build_object(
        'produto_id', v_produto, 'locais', jsonb_build_array(v_local), 'lote_id', v_lote,
        'padrao', NULL))->'contexto')::text;
  END IF;
  IF v_q = 0 THEN
    RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa',
      DETAIL = '{"invalida": "ajusteZero"}';
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
      RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa',
        DETAIL = jsonb_build_object('codigo', 'estoque_insuficiente',
          'disponivel', round(v_saldo - v_reservado, 3)::text,
          'produto', v_nome,
          'local', (SELECT l.nome FROM locais_estoque l WHERE l.id = v_local),
          'lote', (SELECT lo.numero FROM lotes lo WHERE lo.id = v_lote))::text;
    END IF;
    v_custo := v_cm;
    v_novo := v_cm;
  ELSE
    -- an entrada by hand: at its own cost (the average when none is given), and it averages in
    v_custo := coalesce(v_custo_dado, nullif(v_cm, 0));
    IF v_custo IS NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa',
        DETAIL = '{"invalida": "custoObrigatorio"}';
    END IF;
    IF v_custo < 0 THEN
      RAISE EXCEPTION USING ERRCODE = 'ES422', MESSAGE = 'estoque_ajustar: recusa',
        DETAIL = '{"invalida": "custoNegativo"}';
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
    SELECT s.local_id, sum(s.saldo) AS saldo, bool_or(s.id IS DISTINCT FROM v_inserido) AS existia
    FROM estoque_saldos s WHERE s.produto_id = v_produto
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
