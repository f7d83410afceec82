import { diasCobertura, type GiroEstoqueQuery, giroEstoque, giroEstoqueQuerySchema } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { systemActor, writeTx } from '../../lib/audit-context.ts';
import { paginasPdf, temPoppler } from '../../test/pdf-texto.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { relatorioGiroEstoque } from './giro-estoque-relatorio.service.ts';

// Giro e cobertura de estoque on a hand-made ledger (March 2026, 31 days). Every figure below is
// worked out by hand; the ledger's day is São Paulo's (fixed UTC−3): 02:59 UTC is the day before.
//
// P1 (group G, supplier F), local L1:
//   02-10 +100 @2 (cm 2) · 03-01 02:59Z −1 sale @2 (Feb 28: before the period) · 03-01 03:00Z −2 sale
//   · 03-05 −30 sale @2 · 03-10 +50 @3 (cm (67×2+150)/117 = 2.4274) · 03-20 −20 sale @2.4274
//   · 03-31 02:59Z −10 sale · 04-01 02:59Z −5 sale (March 31) · 04-01 03:00Z −7 sale (April: out)
//   EI = 99 × 2 = 198.00 · EF = 82 × 2.4274 = 199.0468 → 199.05 · sold 67
//   CMV = 2×2 + 30×2 + 35×2.4274 = 148.959 → 148.96 · average (198 + 199.05) ÷ 2 = 198.525 → 198.53
//   giro = 148.96 ÷ 198.525 = 0.7503 → 0.75 · available 75 − 5 reserved = 70 · cover 70 × 31 ÷ 67 = 32.39 → 32
// P2 (no group), local L2: 01-15 +10 @5 — never sold: EI = EF = 50.00, giro 0.00, no cover
// P3 (group G, lots), 03-15 +20 @1.5 lot A (validade 2026-04-10) at L1, +10 lot B (2026-06-30) at
//   L2 · 03-25 −5 sale from A: EI 0 · EF 25 × 1.5 = 37.50 · CMV 7.50 · giro 7.5 ÷ 18.75 = 0.40
//   · available 25 · cover 25 × 31 ÷ 5 = 155
// Totals: sold 72 · CMV 156.46 · EI 248.00 · EF 286.55 · average 267.275 → 267.28
//   · giro 156.46 ÷ 267.275 = 0.5854 → 0.59 · available 105

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const L1 = uuid(11);
const L2 = uuid(12);
const G = uuid(21);
const F = uuid(31);
const P1 = uuid(41);
const P2 = uuid(42);
const P3 = uuid(43);
const LA = uuid(51);
const LB = uuid(52);
const MARCO = 'de=2026-03-01&ate=2026-03-31';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await writeTx(t.db, systemActor, async (tx) => {
    await tx.execute(
      sql`insert into locais_estoque (id, codigo, nome) values (${L1}, 'L1', 'Depósito'), (${L2}, 'L2', 'Loja')`,
    );
    await tx.execute(sql`insert into grupos_estoque (id, codigo, nome) values (${G}, 'G', 'Mercearia')`);
    await tx.execute(sql`insert into fornecedores (id, tipo_pessoa, documento, razao_social)
      values (${F}, 'J', '44444444000144', 'Distribuidora Sul')`);
    await tx.execute(sql`insert into products (id, codigo, nome, grupo_id, fornecedor_id, custo_medio, controla_lote) values
      (${P1}, 'P1', 'Arroz', ${G}, ${F}, 2.4274, false),
      (${P2}, 'P2', 'Feijão', null, null, 5, false),
      (${P3}, 'P3', 'Iogurte', ${G}, null, 1.5, true)`);
    await tx.execute(sql`insert into lotes (id, produto_id, numero, validade) values
      (${LA}, ${P3}, 'A', '2026-04-10'), (${LB}, ${P3}, 'B', '2026-06-30')`);
    const mov = (
      p: string,
      l: string,
      lote: string | null,
      quando: string,
      tipo: string,
      q: string,
      custo: string,
      cm: string,
      origem: string | null,
    ) => sql`(${p}, ${l}, ${lote}, ${tipo}, ${q}, ${custo}, ${cm}, ${origem}, ${quando}::timestamptz)`;
    await tx.execute(sql`insert into estoque_movimentos
      (product_id, local_id, lote_id, tipo, quantidade, custo_unitario, custo_medio, origem, ocorrido_em) values
      ${sql.join(
        [
          mov(P1, L1, null, '2026-02-10T12:00Z', 'entrada', '100', '2', '2', 'entrada'),
          mov(P1, L1, null, '2026-03-01T02:59Z', 'saida', '-1', '2', '2', 'pedido'),
          mov(P1, L1, null, '2026-03-01T03:00Z', 'saida', '-2', '2', '2', 'pedido'),
          mov(P1, L1, null, '2026-03-05T12:00Z', 'saida', '-30', '2', '2', 'pedido'),
          mov(P1, L1, null, '2026-03-10T12:00Z', 'entrada', '50', '3', '2.4274', 'entrada'),
          mov(P1, L1, null, '2026-03-20T12:00Z', 'saida', '-20', '2.4274', '2.4274', 'pedido'),
          mov(P1, L1, null, '2026-03-31T02:59Z', 'saida', '-10', '2.4274', '2.4274', 'pedido'),
          mov(P1, L1, null, '2026-04-01T02:59Z', 'saida', '-5', '2.4274', '2.4274', 'pedido'),
          mov(P1, L1, null, '2026-04-01T03:00Z', 'saida', '-7', '2.4274', '2.4274', 'pedido'),
          mov(P2, L2, null, '2026-01-15T12:00Z', 'entrada', '10', '5', '5', 'entrada'),
          mov(P3, L1, LA, '2026-03-15T12:00Z', 'entrada', '20', '1.5', '1.5', 'entrada'),
          mov(P3, L2, LB, '2026-03-15T12:00Z', 'entrada', '10', '1.5', '1.5', 'entrada'),
          mov(P3, L1, LA, '2026-03-25T12:00Z', 'saida', '-5', '1.5', '1.5', 'pedido'),
        ],
        sql`, `,
      )}`);
    await tx.execute(sql`insert into estoque_saldos (produto_id, local_id, lote_id, saldo, reservado) values
      (${P1}, ${L1}, null, 75, 5), (${P2}, ${L2}, null, 10, 0), (${P3}, ${L1}, ${LA}, 15, 0), (${P3}, ${L2}, ${LB}, 10, 0)`);
  });
  admin = (await t.signIn(['admin'])).token;
});
afterAll(() => t.close());

async function get(query: string, token = admin) {
  const res = await t.request('GET', `/api/relatorios/giro-estoque?${query}`, { token });
  expect(res.status, query).toBe(200);
  return res.json();
}

/** The hand-written SQL: per product, by the São Paulo day (estoque_dia), then summed. */
async function giroSql(de: string, ate: string, onde = sql`true`) {
  const [r] = rowsOf<Record<string, string>>(
    await t.db.execute(sql`with base as (
        select m.*, estoque_dia(m.ocorrido_em) as dia from estoque_movimentos m where ${onde}
      ), porProduto as (
        select b.product_id,
          round(sum(-b.quantidade * b.custo_unitario) filter (where b.origem = 'pedido' and b.tipo in ('saida', 'estorno')
            and b.dia between ${de}::date and ${ate}::date), 2) as cmv,
          sum(-b.quantidade) filter (where b.origem = 'pedido' and b.tipo in ('saida', 'estorno')
            and b.dia between ${de}::date and ${ate}::date) as vendido,
          round(coalesce(sum(b.quantidade) filter (where b.dia < ${de}::date), 0) * coalesce((select x.custo_medio from base x
            where x.product_id = b.product_id and x.dia < ${de}::date order by x.ocorrido_em desc, x.id desc limit 1), 0), 2) as ei,
          round(coalesce(sum(b.quantidade) filter (where b.dia <= ${ate}::date), 0) * coalesce((select x.custo_medio from base x
            where x.product_id = b.product_id and x.dia <= ${ate}::date order by x.ocorrido_em desc, x.id desc limit 1), 0), 2) as ef
        from base b group by b.product_id
      )
      select sum(coalesce(cmv, 0))::text as cmv, sum(coalesce(vendido, 0))::text as vendido, sum(ei)::text as ei, sum(ef)::text as ef
      from porProduto`),
  );
  return r!;
}

const num = (v: string | null | undefined) => (v == null ? v : Number(v));

describe('Giro e cobertura (March 2026)', () => {
  it('per product: CMV, EI, EF, average, giro and cover worked out by hand', async () => {
    const r = await get(`${MARCO}&sort=produto&dir=asc`);
    expect(r.total).toBe(3);
    const [p1, p2, p3] = r.items;
    expect(p1).toMatchObject({ chave: P1, produto: 'P1 · Arroz', grupo: 'Mercearia', cobertura: 32 });
    expect(
      [
        p1.vendido,
        p1.cmv,
        p1.estoque_inicial,
        p1.estoque_final,
        p1.estoque_medio,
        p1.giro,
        p1.disponivel,
      ].map(num),
    ).toEqual([67, 148.96, 198, 199.05, 198.53, 0.75, 70]);
    expect([p2.cmv, p2.estoque_inicial, p2.estoque_final, p2.giro].map(num)).toEqual([0, 50, 50, 0]);
    expect(p2.cobertura).toBeNull();
    expect([p3.cmv, p3.estoque_inicial, p3.estoque_final, p3.giro, p3.disponivel].map(num)).toEqual([
      7.5, 0, 37.5, 0.4, 25,
    ]);
    expect(p3.cobertura).toBe(155);
    // the SQL's figures follow the shared rules
    for (const l of r.items) {
      expect(l.giro).toBe(giroEstoque(l.cmv, l.estoque_inicial, l.estoque_final));
      expect(l.cobertura).toBe(diasCobertura(l.disponivel, l.vendido, 31));
    }
    expect(r.totais).toMatchObject({ itens: 3 });
    expect(
      [
        r.totais.vendido,
        r.totais.cmv,
        r.totais.estoque_inicial,
        r.totais.estoque_final,
        r.totais.estoque_medio,
        r.totais.giro,
        r.totais.disponivel,
      ].map(num),
    ).toEqual([72, 156.46, 248, 286.55, 267.28, 0.59, 105]);
  });

  it('the totals equal the hand-written SQL over the ledger, to the cent, whatever the filter', async () => {
    for (const [query, onde] of [
      ['', sql`true`],
      [`&local_id=${L1}`, sql`m.local_id = ${L1}`],
      [`&grupo_id=${G}`, sql`m.product_id in (${P1}, ${P3})`],
      [`&fornecedor_id=${F}`, sql`m.product_id = ${P1}`],
    ] as const) {
      const r = await get(`${MARCO}${query}`);
      const s = await giroSql('2026-03-01', '2026-03-31', onde);
      expect(num(r.totais.cmv), query).toBe(num(s.cmv));
      expect(num(r.totais.vendido), query).toBe(num(s.vendido));
      expect(num(r.totais.estoque_inicial), query).toBe(num(s.ei));
      expect(num(r.totais.estoque_final), query).toBe(num(s.ef));
    }
  });

  it('the local narrows every figure: P3 at L1 is lot A only (EF 15 × 1.5), P2 is not there', async () => {
    const r = await get(`${MARCO}&local_id=${L1}&sort=produto&dir=asc`);
    expect(r.items.map((l: { produto: string }) => l.produto)).toEqual(['P1 · Arroz', 'P3 · Iogurte']);
    expect([r.items[1].estoque_final, r.items[1].giro, r.items[1].disponivel].map(num)).toEqual([
      22.5, 0.67, 15,
    ]);
    expect(r.items[1].cobertura).toBe(93); // 15 × 31 ÷ 5
    expect(r.filtros).toContainEqual(['Local', 'Depósito']);
  });

  it('April: the 03:00Z sale is in, the 02:59Z one is March’s', async () => {
    const r = await get(`de=2026-04-01&ate=2026-04-30&fornecedor_id=${F}`);
    expect(num(r.items[0].vendido)).toBe(7);
    expect(num(r.items[0].cmv)).toBe(16.99); // 7 × 2.4274 = 16.9918
  });
});

describe('estoque parado and lots expiring (on 2026-04-15)', () => {
  const q = (extra: Partial<GiroEstoqueQuery>) =>
    giroEstoqueQuerySchema.parse({ ...extra }) as GiroEstoqueQuery;
  it('no sale in the last N days: P1 sold on 04-01 is 15 days ago counting today — out at N = 15, in at N = 14', async () => {
    const n15 = await relatorioGiroEstoque(t.db, q({ visao: 'parado', dias: 15 }), '2026-04-15');
    expect(n15.items.map((l) => l.produto)).toEqual(['P2 · Feijão', 'P3 · Iogurte']); // by value: 50.00, 37.50
    const n14 = await relatorioGiroEstoque(t.db, q({ visao: 'parado', dias: 14 }), '2026-04-15');
    expect(
      n14.items.map((l) => [l.produto, l.ultima_venda, l.dias, l.quantidade && num(l.quantidade), l.valor]),
    ).toEqual([
      ['P1 · Arroz', '2026-04-01', 14, 75, '182.06'], // 75 × 2.4274 = 182.055
      ['P2 · Feijão', null, null, 10, '50.00'],
      ['P3 · Iogurte', '2026-03-25', 21, 25, '37.50'],
    ]);
    expect(n14.totais).toMatchObject({ itens: 3, valor: '269.56' });
    const [s] = rowsOf<{ valor: string }>(
      await t.db.execute(sql`select sum(round(s.q * p.custo_medio, 2))::text as valor
        from (select produto_id, sum(saldo) as q from estoque_saldos group by 1) s join products p on p.id = s.produto_id
        where s.q > 0 and not exists (select 1 from estoque_movimentos m where m.product_id = p.id and m.origem = 'pedido'
          and m.tipo = 'saida' and estoque_dia(m.ocorrido_em) between date '2026-04-02' and date '2026-04-15')`),
    );
    expect(n14.totais.valor).toBe(s!.valor);
  });

  it('lots expiring up to today + N, the expired included: lot B (06-30) is in at N = 76, out at 75', async () => {
    const n75 = await relatorioGiroEstoque(t.db, q({ visao: 'validade', dias: 75 }), '2026-04-15');
    expect(n75.items.map((l) => [l.lote, l.validade, l.dias, l.local, l.valor])).toEqual([
      ['A', '2026-04-10', -5, 'Depósito', '22.50'],
    ]);
    const n76 = await relatorioGiroEstoque(t.db, q({ visao: 'validade', dias: 76 }), '2026-04-15');
    expect(n76.items.map((l) => [l.lote, l.dias])).toEqual([
      ['A', -5],
      ['B', 76],
    ]);
    expect(n76.totais).toMatchObject({ itens: 2, quantidade: '25.000', valor: '37.50' });
  });
});

describe('access and export', () => {
  it('admin and estoque open it; comercial and financeiro are refused', async () => {
    const estoque = (await t.signIn(['estoque'])).token;
    await get(MARCO, estoque);
    for (const papel of ['comercial', 'financeiro'] as const) {
      const tk = (await t.signIn([papel])).token;
      const res = await t.request('GET', `/api/relatorios/giro-estoque?${MARCO}`, { token: tk });
      expect(res.status).toBe(403);
    }
  });

  it('refuses an inverted period and a bad N with field errors', async () => {
    const res = await t.request('GET', '/api/relatorios/giro-estoque?de=2026-03-31&ate=2026-03-01&dias=0', {
      token: admin,
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.details.fields).sort()).toEqual(['ate', 'dias']);
  });

  it('XLSX: title, filters, the view’s columns, every row and the totals', async () => {
    const res = await t.request(
      'GET',
      `/api/relatorios/giro-estoque/export?${MARCO}&sort=produto&dir=asc&formato=xlsx`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    const linhas = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(linhas[0]?.[0]).toBe('Giro e Cobertura de Estoque');
    expect(linhas.map((l) => l[0])).toContain('Período: 01/03/2026 a 31/03/2026');
    const i = linhas.findIndex((l) => l[0] === 'Produto');
    expect(linhas[i]?.slice(0, 3)).toEqual(['Produto', 'Qtd. vendida', 'Custo das vendas']);
    expect(linhas[i + 1]).toEqual(['P1 · Arroz', 67, 148.96, 198, 199.05, 198.53, 0.75, 70, 32]);
    expect(linhas.at(-1)).toEqual(['Total', 72, 156.46, 248, 286.55, 267.28, 0.59, 105, null]);
  });

  it.skipIf(!temPoppler)('PDF of the lots view with its header', async () => {
    const res = await t.request(
      'GET',
      '/api/relatorios/giro-estoque/export?visao=validade&dias=3650&formato=pdf',
      { token: admin },
    );
    expect(res.status).toBe(200);
    const texto = paginasPdf(Buffer.from(await res.arrayBuffer())).join('\n');
    expect(texto).toContain('Giro e Cobertura de Estoque');
    expect(texto).toContain('Visão: Lotes a vencer');
    expect(texto).toMatch(/P3 · Iogurte\s+A\s+10\/04\/2026/);
    expect(texto).toMatch(/Total\s+25,000\s+R\$ 37,50/);
  });
});
