-- Issue 30: the group commit of POST /api/estoque/ajustes writes a batch's postings in one statement
-- per table instead of one estoque_ajustar call per posting.
-- With migration 0083 one batch at a time is the critical path of the 8-writer bench (the machine a
-- third idle), and inside a batch each posting cost PostgreSQL as much as alone (~0.9 ms): its own
-- context reads, its own INSERT into estoque_totais_local and estoque_movimentos, its own UPDATEs of
-- estoque_saldos and products — and each of those statements fires its statement triggers
-- (dashboard_estoque_aplicar, estoque_vendas_dia_aplicar, vendas_sync_marca) for one row.
--
-- Now estoque_ajustar_lote reads the batch's products and locked balances once, runs every ajuste's
-- rules in order over those values in memory — the same checks, refusals (same DETAIL texts), custo
-- médio and ledger figures as estoque_ajustar, each posting seeing the ones before it — and then
-- writes once per table: the ledger rows (ids and moments taken in order, as each posting passed),
-- each balance and product at its last value, and estoque_totais_local's change per location. That
-- change is estoque_ajustar's per-posting delta summed over the batch, which telescopes: for each
-- (product, location) the pair counted after minus before, saldo after minus before, and
-- round(saldo × custo médio, 2) after minus before (each posting's "before" is the previous one's
-- "after", rounded alike). The statement triggers fire once per batch over all its rows.
--
-- An ajuste refused for its context, its unit's decimals or a zero quantity is still answered by
-- estoque_ajustar itself (recusa_sem_erro, migration 0083): those refusals come before it reads a
-- balance, so it writes nothing. estoque_ajustar (the lone posting) is unchanged.
CREATE OR REPLACE FUNCTION estoque_ajustar_lote(ps jsonb)
RETURNS TABLE (ordem int, r jsonb, momento timestamptz, erro_estado text, erro_detalhe text)
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_i int;
  v_chave text;
  v_produto uuid;
  v_local uuid;
  v_lote uuid;
  v_q numeric;
  v_custo_dado numeric;
  v_permite_cfg boolean;
  v_permite boolean;
  v_recusa text;
  v_custo numeric;
  v_novo numeric;
  v_estoque numeric;
  v_cm numeric;
  v_saldo numeric;
  v_n numeric;
  v_total numeric;
  v_div numeric;
  v_id bigint;
  v_seq text := pg_get_serial_sequence('estoque_movimentos', 'id');
  v_pi int;
  v_bi int;
  -- the rows this batch inserted (any key): not "before" for the totals; deleted when no ajuste used them
  v_inseridos bigint[];
  -- keys whose context is sound (estoque_ajustar's checks), as product|location|lot
  v_sound text[];
  -- the batch's balances (locked): key, id, saldo and reservado as the postings leave them, used
  b_chave text[];
  b_id bigint[];
  b_saldo numeric[];
  b_res numeric[];
  b_usado boolean[];
  -- the batch's products (locked): id, name, unit decimals, active, estoque_atual and custo médio as
  -- the postings leave them, the custo médio before the batch, used
  p_id uuid[];
  p_nome text[];
  p_casas int[];
  p_ativo boolean[];
  p_est numeric[];
  p_cm numeric[];
  p_cm0 numeric[];
  p_usado boolean[];
  -- the ledger rows written, in order
  m_id bigint[] := '{}';
  m_prod uuid[] := '{}';
  m_local uuid[] := '{}';
  m_lote uuid[] := '{}';
  m_q numeric[] := '{}';
  m_custo numeric[] := '{}';
  m_saldo numeric[] := '{}';
  m_cm numeric[] := '{}';
  m_obs text[] := '{}';
  m_user uuid[] := '{}';
  m_em timestamptz[] := '{}';
BEGIN
  -- the audit settings writeTx sets, from the first ajuste (no audited column is written here:
  -- the ledger rows carry their own user; products' stock columns are not audited, migration 0018)
  PERFORM set_config('app.user_id', coalesce(ps#>>'{0,usuario,id}', ''), true),
    set_config('app.user_email', coalesce(ps#>>'{0,usuario,email}', ''), true),
    set_config('app.ip', coalesce(ps#>>'{0,usuario,ip}', ''), true),
    set_config('app.user_agent', left(coalesce(ps#>>'{0,usuario,user_agent}', ''), 500), true);

  -- the sound keys' missing balance rows (as migration 0071)
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
    RETURNING estoque_saldos.id
  )
  SELECT coalesce((SELECT array_agg(n.id) FROM novos n), '{}'),
    coalesce((SELECT array_agg(s.produto_id || '|' || s.local_id || '|' || coalesce(s.lote_id::text, ''))
      FROM sound s), '{}')
  INTO v_inseridos, v_sound;

  -- the balances, then the products, in the module's lock order; read once
  SELECT coalesce(array_agg(t.chave ORDER BY t.id), '{}'), coalesce(array_agg(t.id ORDER BY t.id), '{}'),
    coalesce(array_agg(t.saldo ORDER BY t.id), '{}'), coalesce(array_agg(t.reservado ORDER BY t.id), '{}'),
    coalesce(array_agg(false ORDER BY t.id), '{}')
  INTO b_chave, b_id, b_saldo, b_res, b_usado
  FROM (
    SELECT s.produto_id || '|' || s.local_id || '|' || coalesce(s.lote_id::text, '') AS chave,
      s.id, s.saldo, s.reservado
    FROM estoque_saldos s
    JOIN (SELECT DISTINCT x.produto_id, x.local_id, x.lote_id
      FROM jsonb_to_recordset(ps) AS x(produto_id uuid, local_id uuid, lote_id uuid)) k
      ON s.produto_id = k.produto_id AND s.local_id = k.local_id AND s.lote_id IS NOT DISTINCT FROM k.lote_id
    ORDER BY s.produto_id, s.local_id, s.lote_id NULLS FIRST
    FOR UPDATE OF s
  ) t;
  SELECT coalesce(array_agg(t.id ORDER BY t.id), '{}'), coalesce(array_agg(t.nome ORDER BY t.id), '{}'),
    coalesce(array_agg(t.casas ORDER BY t.id), '{}'), coalesce(array_agg(t.ativo ORDER BY t.id), '{}'),
    coalesce(array_agg(t.estoque_atual ORDER BY t.id), '{}'),
    coalesce(array_agg(round(t.custo_medio, 4) ORDER BY t.id), '{}'),
    coalesce(array_agg(round(t.custo_medio, 4) ORDER BY t.id), '{}'),
    coalesce(array_agg(false ORDER BY t.id), '{}')
  INTO p_id, p_nome, p_casas, p_ativo, p_est, p_cm, p_cm0, p_usado
  FROM (
    SELECT pr.id, pr.nome, u.casas_decimais AS casas, pr.ativo, pr.estoque_atual, pr.custo_medio
    FROM products pr JOIN unidades u ON u.sigla = pr.unidade
    WHERE pr.id IN (SELECT (x->>'produto_id')::uuid FROM jsonb_array_elements(ps) x)
    ORDER BY pr.id
    FOR NO KEY UPDATE OF pr
  ) t;
  SELECT a.valor::text = 'true' INTO v_permite_cfg FROM app_settings a WHERE a.chave = 'permitir_estoque_negativo';

  FOR v_i, v_item IN SELECT (e.n - 1)::int, e.v FROM jsonb_array_elements(ps) WITH ORDINALITY AS e(v, n) LOOP
    ordem := v_i;
    r := NULL;
    momento := NULL;
    erro_estado := NULL;
    erro_detalhe := NULL;
    v_produto := (v_item->>'produto_id')::uuid;
    v_local := (v_item->>'local_id')::uuid;
    v_lote := (v_item->>'lote_id')::uuid;
    v_q := (v_item->>'quantidade')::numeric;
    v_custo_dado := (v_item->>'custo_unitario')::numeric;
    v_chave := v_produto || '|' || v_local || '|' || coalesce(v_lote::text, '');
    v_pi := array_position(p_id, v_produto);
    v_bi := array_position(b_chave, v_chave);

    IF NOT (v_chave = ANY (v_sound)) OR v_pi IS NULL
        OR v_q <> round(v_q, least(p_casas[v_pi], 3)) OR v_q = 0 THEN
      -- refused (or answered {contexto}) by estoque_ajustar before it reads a balance: it writes nothing
      SELECT a.r, a.momento INTO r, momento
      FROM estoque_ajustar(v_item || jsonb_build_object('recusa_sem_erro', true)) a;
      IF r ? 'id' THEN
        -- it wrote after all (the context changed under the batch): the batch fails, and the
        -- service posts each ajuste again on its own
        RAISE EXCEPTION 'estoque_ajustar_lote: o contexto mudou durante o lote';
      END IF;
      IF r ? 'recusa' THEN
        erro_estado := 'ES422';
        erro_detalhe := r->>'recusa';
        r := NULL;
        momento := NULL;
      END IF;
      RETURN NEXT;
      CONTINUE;
    END IF;

    IF v_bi IS NULL THEN
      -- a sound key whose balance row another batch inserted and deleted meanwhile: as above
      RAISE EXCEPTION 'estoque_ajustar_lote: saldo ausente';
    END IF;
    -- estoque_ajustar's rules over the values the ajustes before this one left
    v_saldo := b_saldo[v_bi];
    v_estoque := p_est[v_pi];
    v_cm := p_cm[v_pi];
    v_permite := coalesce(v_permite_cfg, (v_item->>'permite_negativo_padrao')::boolean, false);
    v_recusa := NULL;
    IF v_q < 0 THEN
      -- a saída by hand: valued at the custo médio, which it leaves as it is
      IF NOT v_permite AND v_saldo + v_q - b_res[v_bi] < 0 THEN
        v_recusa := jsonb_build_object('codigo', 'estoque_insuficiente',
          'disponivel', round(v_saldo - b_res[v_bi], 3)::text,
          'produto', p_nome[v_pi],
          'local', (SELECT l.nome FROM locais_estoque l WHERE l.id = v_local),
          'lote', (SELECT lo.numero FROM lotes lo WHERE lo.id = v_lote))::text;
      END IF;
      v_custo := v_cm;
      v_novo := v_cm;
    ELSE
      -- an entrada by hand: at its own cost (the average when none is given), and it averages in
      v_custo := coalesce(v_custo_dado, nullif(v_cm, 0));
      IF v_custo IS NULL THEN
        v_recusa := '{"invalida": "custoObrigatorio"}';
      ELSIF v_custo < 0 THEN
        v_recusa := '{"invalida": "custoNegativo"}';
      ELSE
        IF v_estoque <= 0 THEN
          v_novo := round(v_custo, 4);
        ELSE
          -- custoMedioAposEntrada: (saldo × médio + q × custo) / (saldo + q), computed exactly and
          -- rounded once to 4 places half away from zero (both terms are ≥ 0, the divisor > 0)
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
    END IF;
    IF v_recusa IS NOT NULL THEN
      erro_estado := 'ES422';
      erro_detalhe := v_recusa;
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- posted: the balance and the product as it leaves them, its ledger row (id and moment now)
    b_saldo[v_bi] := v_saldo + v_q;
    b_usado[v_bi] := true;
    p_est[v_pi] := v_estoque + v_q;
    p_cm[v_pi] := v_novo;
    p_usado[v_pi] := true;
    v_id := nextval(v_seq);
    momento := clock_timestamp();
    m_id := array_append(m_id, v_id);
    m_prod := array_append(m_prod, v_produto);
    m_local := array_append(m_local, v_local);
    m_lote := array_append(m_lote, v_lote);
    m_q := array_append(m_q, v_q);
    m_custo := array_append(m_custo, v_custo);
    m_saldo := array_append(m_saldo, (v_estoque + v_q));
    m_cm := array_append(m_cm, v_novo);
    m_obs := array_append(m_obs, (v_item->>'motivo'));
    m_user := array_append(m_user, nullif(v_item#>>'{usuario,id}', '')::uuid);
    m_em := array_append(m_em, momento);
    r := jsonb_build_object('id', v_id, 'quantidade', round(v_q, 3)::text,
      'custo_unitario', v_custo::text, 'saldo_produto', round(v_estoque + v_q, 3)::text,
      'custo_medio', v_novo::text);
    RETURN NEXT;
  END LOOP;

  IF cardinality(m_id) > 0 THEN
    -- estoque_totais_local: per location, the batch's change of every (product, location) of the
    -- products it wrote — counted pair, saldo and value after minus before (see the header). Before:
    -- the rows that existed before the batch (not those it inserted), at the custo médio before it.
    WITH pr AS (
      SELECT u.id, u.ativo, u.cm0, u.cm1
      FROM unnest(p_id, p_ativo, p_cm0, p_cm, p_usado) AS u(id, ativo, cm0, cm1, usado)
      WHERE u.usado
    ), antes AS (
      SELECT s.produto_id, s.local_id, sum(s.saldo) AS saldo
      FROM estoque_saldos s JOIN pr ON pr.id = s.produto_id
      WHERE s.id <> ALL (v_inseridos)
      GROUP BY s.produto_id, s.local_id
    ), mov AS (
      SELECT m.produto_id, m.local_id, sum(m.q) AS d
      FROM unnest(m_prod, m_local, m_q) AS m(produto_id, local_id, q)
      GROUP BY m.produto_id, m.local_id
    ), pares AS (
      SELECT coalesce(a.produto_id, m.produto_id) AS produto_id, coalesce(a.local_id, m.local_id) AS local_id,
        a.produto_id IS NOT NULL AS existia, coalesce(a.saldo, 0) AS s0,
        coalesce(a.saldo, 0) + coalesce(m.d, 0) AS s1
      FROM antes a FULL JOIN mov m ON m.produto_id = a.produto_id AND m.local_id = a.local_id
    ), tot AS (
      SELECT pa.local_id,
        sum((pr.ativo OR pa.s1 <> 0)::int - (pa.existia AND (pr.ativo OR pa.s0 <> 0))::int) AS produtos,
        sum(pa.s1 - pa.s0) AS saldo,
        sum(round(pa.s1 * pr.cm1, 2) - round(pa.s0 * pr.cm0, 2)) AS valor
      FROM pares pa JOIN pr ON pr.id = pa.produto_id
      GROUP BY pa.local_id
    )
    INSERT INTO estoque_totais_local AS t (local_id, fatia, produtos, saldo, valor)
    SELECT d.local_id,
      coalesce((SELECT x.fatia FROM estoque_totais_local x WHERE x.local_id = d.local_id
          ORDER BY (x.fatia - pg_backend_pid() % 16 + 16) % 16 LIMIT 1 FOR UPDATE SKIP LOCKED),
        pg_backend_pid() % 16),
      d.produtos, d.saldo, d.valor
    FROM tot d WHERE d.produtos <> 0 OR d.saldo <> 0 OR d.valor <> 0
    ORDER BY d.local_id
    ON CONFLICT (local_id, fatia) DO UPDATE SET produtos = t.produtos + excluded.produtos,
      saldo = t.saldo + excluded.saldo, valor = t.valor + excluded.valor;

    INSERT INTO estoque_movimentos (id, product_id, local_id, lote_id, tipo, quantidade, custo_unitario,
      saldo_produto, custo_medio, origem, observacao, user_id, ocorrido_em)
    SELECT m.id, m.prod, m.local, m.lote, 'ajuste', m.q, m.custo, m.saldo, m.cm, 'ajuste', m.obs, m.usr, m.em
    FROM unnest(m_id, m_prod, m_local, m_lote, m_q, m_custo, m_saldo, m_cm, m_obs, m_user, m_em)
      AS m(id, prod, local, lote, q, custo, saldo, cm, obs, usr, em)
    ORDER BY m.id;
    UPDATE estoque_saldos s SET saldo = u.saldo, updated_at = now()
    FROM unnest(b_id, b_saldo, b_usado) AS u(id, saldo, usado)
    WHERE u.usado AND s.id = u.id;
    UPDATE products p SET estoque_atual = u.est, custo_medio = u.cm, preco_custo = round(u.cm, 2)
    FROM unnest(p_id, p_est, p_cm, p_usado) AS u(id, est, cm, usado)
    WHERE u.usado AND p.id = u.id;
  END IF;

  -- the rows this batch inserted that no posting used
  DELETE FROM estoque_saldos s
  USING unnest(b_id, b_usado) AS u(id, usado)
  WHERE s.id = u.id AND NOT u.usado AND s.id = ANY (v_inseridos);
END;
$$;
