import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { JANELA_DA_ORDEM, JANELA_MIN_CORRESPONDENCIAS } from '../../lib/list-query.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// The customer search in name order answers every word shape with the exact page: a broad word
// (JANELA_MIN_CORRESPONDENCIAS matches or more) is read from the first JANELA_DA_ORDEM names
// (list-query.ts, paginaNaJanela), a rare one, or a broad one the window does not fill, through the
// trigram index and a sort. The data put each shape on the path it is meant to take: the first
// JANELA_DA_ORDEM names are "Alfa …", the 6,000 after them "Zebu … Mista"; "Carvalho" is every
// other name; "Mista" is also in 15 active "Alfa" names, fewer than a page.

const TOTAL = JANELA_DA_ORDEM + 6000;
const ULTIMO_ALFA = JANELA_DA_ORDEM;

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn(['comercial'])).token;
  // one statement, without the audit trigger (12,000 audit rows would only slow the test)
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into clientes (tipo_pessoa, documento, razao_social, ativo)
      select 'J', lpad(g::text, 12, '0') || '91',
        case when g > ${ULTIMO_ALFA} then 'Zebu Comércio ' || (g % 97)
          else 'Alfa ' || (array['Mercado', 'Padaria', 'Empório'])[1 + g % 3] || ' ' || (g % 89) end
          || case when g % 2 = 0 then ' Carvalho' else '' end
          || case when g % 2503 = 0 then ' Raridade' else '' end
          || case when g % 600 = 0 or g > ${ULTIMO_ALFA} then ' Mista' else '' end,
        g % 11 <> 0
      from generate_series(1, ${TOTAL}) g`);
  });
}, 60_000);
afterAll(() => t.close());

/** The definition of the answer: every active match in name order (busca, then id). */
async function esperado(palavras: string[], dir: 'asc' | 'desc' = 'asc'): Promise<string[]> {
  const filtro = sql.join(
    palavras.map((p) => sql`busca like ${`%${p}%`}`),
    sql` and `,
  );
  const ordem = dir === 'asc' ? sql`busca asc, id asc` : sql`busca desc, id desc`;
  return rowsOf<{ id: string }>(
    await t.db.execute(sql`select id from clientes where ativo and ${filtro} order by ${ordem}`),
  ).map((r) => r.id);
}

async function pagina(q: string, extra = '') {
  const res = await t.request(
    'GET',
    `/api/cadastros/clientes?q=${encodeURIComponent(q)}&ativo=true&pageSize=20${extra}`,
    { token },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { items: { id: string; razao_social: string }[]; total: number };
}

describe('customer search in name order', () => {
  it('a broad word (one name in 2): the first page and the next, in name order', async () => {
    const todos = await esperado(['carvalho']);
    expect(todos.length).toBe(7273);
    expect(todos.length).toBeGreaterThanOrEqual(JANELA_MIN_CORRESPONDENCIAS);
    const p1 = await pagina('carvalho');
    expect(p1.items.map((c) => c.id)).toEqual(todos.slice(0, 20));
    expect(p1.items[0]!.razao_social).toBe('Alfa Empório 0 Carvalho');
    expect(p1.total).toBe(7273);
    const p2 = await pagina('Carvalho', '&page=2');
    expect(p2.items.map((c) => c.id)).toEqual(todos.slice(20, 40));
    // past the first 200 rows the window is not tried: the trigram read and sort
    const p11 = await pagina('carvalho', '&page=11');
    expect(p11.items.map((c) => c.id)).toEqual(todos.slice(200, 220));
  });

  it('a broad word in descending name order', async () => {
    const todos = await esperado(['carvalho'], 'desc');
    const p = await pagina('CARVALHO', '&sort=razao_social&dir=desc');
    expect(p.items.map((c) => c.id)).toEqual(todos.slice(0, 20));
    expect(p.items[0]!.razao_social).toBe('Zebu Comércio 96 Carvalho Mista');
  });

  it('a broad word whose names all sort past the window (read through the trigram index)', async () => {
    const todos = await esperado(['zebu', 'comercio']);
    expect(todos.length).toBe(5455);
    const p = await pagina('zebu comércio');
    expect(p.items.map((c) => c.id)).toEqual(todos.slice(0, 20));
    expect(p.items[0]!.razao_social).toBe('Zebu Comércio 0 Carvalho Mista');
    const desc = await pagina('zebu', '&sort=razao_social&dir=desc');
    expect(desc.items.map((c) => c.id)).toEqual((await esperado(['zebu'], 'desc')).slice(0, 20));
  });

  it('a rare word, and a broad word with fewer matches in the window than a page', async () => {
    const raros = await esperado(['raridade']);
    expect(raros.length).toBe(6);
    const p = await pagina('raridade');
    expect(p.items.map((c) => c.id)).toEqual(raros);
    expect(p.items.map((c) => c.razao_social)).toEqual([
      'Alfa Empório 22 Carvalho Raridade',
      'Alfa Mercado 33 Raridade',
      'Alfa Padaria 11 Raridade',
      'Zebu Comércio 2 Raridade Mista',
      'Zebu Comércio 21 Carvalho Raridade Mista',
      'Zebu Comércio 80 Carvalho Raridade Mista',
    ]);
    const mistas = await esperado(['mista']);
    expect(mistas.length).toBe(5470); // 15 of them in the window
    const m = await pagina('mista');
    expect(m.items.map((c) => c.id)).toEqual(mistas.slice(0, 20));
    expect(m.items[14]!.razao_social).toMatch(/^Alfa /);
    expect(m.items[15]!.razao_social).toMatch(/^Zebu /);
    expect((await pagina('mista', '&page=2')).items.map((c) => c.id)).toEqual(mistas.slice(20, 40));
  });

  it('two characters (no trigram): the names in order', async () => {
    const p = await pagina('ze');
    expect(p.items.map((c) => c.id)).toEqual((await esperado(['ze'])).slice(0, 20));
    expect(p.items[0]!.razao_social).toBe('Zebu Comércio 0 Carvalho Mista');
    const ca = await pagina('ca');
    expect(ca.items.map((c) => c.id)).toEqual((await esperado(['ca'])).slice(0, 20));
    expect(ca.items).toHaveLength(20);
  });
});
