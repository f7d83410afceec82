import { chaveDocumento, type LinhaConciliacao, sugerirConciliacoes } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { candidatosConciliacao, titulosCandidatosTodos } from './conciliacao.service.ts';

// Migration 0051: the reconciliation reads its candidate títulos per line from indexes instead of
// every open título of the period. Checked here against the plain query (titulosCandidatosTodos):
// the engine's suggestions over both sets are equal, line by line, on a period crowded enough that
// the sum search walks past what is read of a day (small maxTitulosSoma) — and erp_chave_documento
// is the engine's chaveDocumento for every character it maps, '*' (always a candidate) otherwise.

let database: Database;
const CONTA = '00000000-0000-4000-8000-0000000000c1';
const OUTRA = '00000000-0000-4000-8000-0000000000c2';

beforeAll(async () => {
  database = await createTestDatabase();
  await database.exec(`
    insert into contas_bancarias (id, nome, tipo, saldo_inicial, data_saldo_inicial) values
      ('${CONTA}', 'Banco A', 'corrente', 0, '2026-01-01'), ('${OUTRA}', 'Banco B', 'corrente', 0, '2026-01-01');
    -- 1,200 títulos over 20 days of March (≈ 40 per side and day), of the account, of none or of
    -- the other one; some paid; documentos with digits, letters, accents and symbols; a few due
    -- far away (only a memo's digits reach them); amounts from 1.00 to 300.00 with repeats
    insert into financial_accounts (id, tipo, status, descricao, valor, saldo, data_emissao, data_vencimento,
        pessoa_nome, documento, nosso_numero, parcela, total_parcelas, conta_bancaria_id, origem)
    select md5('t' || g)::uuid, case when g % 3 = 0 then 'pagar' else 'receber' end,
      case when g % 17 = 0 then 'pago' when g % 11 = 0 then 'parcial' else 'em_aberto' end,
      'Título ' || g, 1 + (g * 7919 % 30000) / 100.0,
      case when g % 17 = 0 then 0 else 1 + (g * 7919 % 30000) / 100.0 end,
      '2026-02-01', case when g % 97 = 0 then '2026-09-01'::date else '2026-03-01'::date + (g % 20) end,
      'Cliente ' || (g % 13) || ' Comércio',
      case g % 6 when 0 then 'NF ' || (4000 + g) when 1 then 'Dúp-' || lpad(g::text, 6, '0') when 2 then 'ABÇ' || g
        when 3 then null when 4 then 'Nº ' || g || '/ß' else 'X' || g end,
      case when g % 5 = 0 then '000' || (900000 + g) end, 1, 1,
      case g % 7 when 0 then null when 1 then '${OUTRA}'::uuid else '${CONTA}'::uuid end, 'manual'
    from generate_series(1, 1200) g`);
});
afterAll(() => database?.close());

/** Lines of every kind: exact amounts, documentos in the memo, sums, small and tiny amounts. */
function linhas(): LinhaConciliacao[] {
  const out: LinhaConciliacao[] = [];
  for (let k = 0; k < 160; k++) {
    const dia = `2026-03-${String(1 + (k % 20)).padStart(2, '0')}`;
    const sinal = k % 3 === 0 ? '-' : '';
    const g = 1 + ((k * 37) % 1200);
    const valor = [
      (1 + ((g * 7919) % 30000) / 100).toFixed(2),
      (5 + k * 1.37).toFixed(2),
      (2 + (k % 9) * 0.5).toFixed(2),
      (120 + k * 3.11).toFixed(2),
      '0.50',
    ][k % 5]!;
    const memo = [
      `PIX RECEBIDO ${k}`,
      `PAGAMENTO NF ${4000 + g}`,
      `DUP ${String(g).padStart(6, '0')} ABÇ${g}`,
      `LIQ N ${g} X${g + 1}`,
      `BOLETO ${900000 + g}`,
    ][(k >> 1) % 5]!;
    out.push({ id: `l${k}`, data: dia, valor: `${sinal}${valor}`, memo });
  }
  return out;
}

describe('conciliação candidates from the indexes (migration 0051)', () => {
  it.each([
    { caso: 'the defaults', opcoes: {} as { maxTitulosSoma?: number } },
    {
      caso: 'a short sum search (days read in part, lines reading their own)',
      opcoes: { maxTitulosSoma: 3 },
    },
    { caso: 'a shorter one', opcoes: { maxTitulosSoma: 2, diasTitulo: 3 } },
  ])('suggests exactly as over the plain query: $caso', async ({ opcoes }) => {
    const ls = linhas();
    const p = { conta_bancaria_id: CONTA, linhas: ls };
    const cand = await candidatosConciliacao(database.db, p, opcoes);
    const todos = await titulosCandidatosTodos(database.db, p, opcoes);
    // fewer títulos read, every one of them among the plain query's
    const ids = new Set(todos.map((t) => t.id));
    expect(cand.titulos.every((t) => ids.has(t.id))).toBe(true);
    expect(cand.titulos.length).toBeLessThan(todos.length);
    const pelosIndices = sugerirConciliacoes(ls, cand.movimentos, cand.titulos, opcoes);
    const pelaConsulta = sugerirConciliacoes(ls, cand.movimentos, todos, opcoes);
    expect(Object.fromEntries(pelosIndices)).toEqual(Object.fromEntries(pelaConsulta));
    // and the lines did get suggestions of each kind
    const tipos = new Set([...pelosIndices.values()].flat().map((s) => s.tipo));
    expect([...tipos].sort()).toEqual(opcoes.maxTitulosSoma ? ['titulo'] : ['titulo', 'titulos']);
    if (opcoes.maxTitulosSoma) expect(pelosIndices.get('l1')).toEqual(pelaConsulta.get('l1'));
  });

  it('excluded títulos stay out, and the suggestions still match', async () => {
    const ls = linhas();
    const todos = await titulosCandidatosTodos(database.db, { conta_bancaria_id: CONTA, linhas: ls });
    const excluir_titulos = todos.filter((_, i) => i % 4 === 0).map((t) => t.id);
    const p = { conta_bancaria_id: CONTA, linhas: ls, excluir_titulos };
    const opcoes = { maxTitulosSoma: 3 };
    const cand = await candidatosConciliacao(database.db, p, opcoes);
    expect(cand.titulos.some((t) => excluir_titulos.includes(t.id))).toBe(false);
    expect(Object.fromEntries(sugerirConciliacoes(ls, [], cand.titulos, opcoes))).toEqual(
      Object.fromEntries(
        sugerirConciliacoes(ls, [], await titulosCandidatosTodos(database.db, p, opcoes), opcoes),
      ),
    );
  });

  it("erp_chave_documento is chaveDocumento for every character it maps, '*' otherwise", async () => {
    const textos: string[] = [];
    for (const [a, b] of [
      [0x20, 0x24f],
      [0x300, 0x36f],
      [0x1e00, 0x1eff],
      [0x2000, 0x206f],
      [0x20a0, 0x20bf],
      [0x4e00, 0x4e02],
    ] as const)
      for (let c = a; c <= b; c++) textos.push(`0${String.fromCodePoint(c)}7`);
    textos.push('NF 000123', '000', '0A01', 'Nº 00012', 'DÚP-00045/2026', 'ação', 'ABC', '', ' ', 'ǅ1', 'ß');
    const rows = rowsOf<{ t: string; k: string }>(
      await database.db.execute(sql`select x as t, erp_chave_documento(x) as k
        from jsonb_array_elements_text(${JSON.stringify(textos)}::jsonb) x`),
    );
    const diferentes = rows.filter((r) => r.k !== chaveDocumento(r.t) && r.k !== '*');
    expect(diferentes).toEqual([]);
    // the Latin letters, accents and punctuation are mapped, not left to '*'
    const estrelas = rows.filter((r) => r.k === '*').map((r) => r.t.codePointAt(1)!);
    expect(estrelas.filter((c) => c >= 0xc0 && c <= 0x17f)).toEqual([0xdf]); // ß → SS in JS only
    expect(rows.find((r) => r.t === 'DÚP-00045/2026')!.k).toBe('DUP000452026');
  });
});
