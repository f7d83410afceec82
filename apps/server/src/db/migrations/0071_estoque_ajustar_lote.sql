-- estoque_ajustar_lote: several manual ajustes in one statement and one transaction — the group
-- commit of POST /api/estoque/ajustes (issue 30, lib/lote-natural.ts): the ajustes that reach the
-- server while others are being written wait and go together in the next call, so they share one
-- round trip, one transaction and one commit. Each ajuste runs estoque_ajustar (migration 0048)
-- inside its own subtransaction (a BEGIN … EXCEPTION block): a refusal (SQLSTATE ES422: "Estoque
-- insuficiente…", a zero ajuste, an unsound context) undoes that ajuste only and is answered for
-- it alone with its DETAIL, exactly as the one-statement call would have raised it; any other
-- error is answered with its SQLSTATE only (the service posts that ajuste again on its own, so its
-- error is what the single call raises). The caller sends them in the module's lock order
-- (product, location, lot) so two batches never wait on each other in a cycle.
--
-- ps: a JSON array of estoque_ajustar's parameters. Answers one row per element, in order:
-- (ordem from 0, r and momento as estoque_ajustar answers them | erro_estado and, for ES422,
-- erro_detalhe).
CREATE OR REPLACE FUNCTION estoque_ajustar_lote(ps jsonb)
RETURNS TABLE (ordem int, r jsonb, momento timestamptz, erro_estado text, erro_detalhe text)
LANGUAGE plpgsql AS $$
DECLARE
  v_item jsonb;
  v_i int;
  v_estado text;
  v_detalhe text;
BEGIN
  FOR v_i, v_item IN SELECT (e.n - 1)::int, e.v FROM jsonb_array_elements(ps) WITH ORDINALITY AS e(v, n) LOOP
    ordem := v_i;
    erro_estado := NULL;
    erro_detalhe := NULL;
    BEGIN
      SELECT a.r, a.momento INTO r, momento FROM estoque_ajustar(v_item) a;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_estado = RETURNED_SQLSTATE, v_detalhe = PG_EXCEPTION_DETAIL;
      r := NULL;
      momento := NULL;
      erro_estado := v_estado;
      erro_detalhe := CASE WHEN v_estado = 'ES422' THEN v_detalhe END;
    END;
    RETURN NEXT;
  END LOOP;
END;
$$;
