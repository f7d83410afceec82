import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { chama, criaProduto, tokens } from './comercial-test-support.ts';

// The order entry's reads for a comercial user: the product search and the header's options, which
// the product, finance and price registers themselves do not open to that role.

let t: TestContext;
let tk: Awaited<ReturnType<typeof tokens>>;
let arroz: string;

beforeAll(async () => {
  t = await createTestApp();
  tk = await tokens(t);
  arroz = await criaProduto(t.db, { nome: 'Arroz Tipo 1 5 kg', embalagens: [['FD', '6']] });
  await t.db.execute(sql`update products set gtin = '7891234567895' where id = ${arroz}`);
  await t.db.execute(sql`update produto_embalagens set gtin = '17891234567892' where produto_id = ${arroz}`);
  await criaProduto(t.db, { nome: 'Arroz Integral 1 kg' });
  const inativo = await criaProduto(t.db, { nome: 'Arroz Antigo' });
  await t.db.execute(sql`update products set ativo = false where id = ${inativo}`);
  await t.db.execute(sql`insert into condicoes_pagamento (nome, dias) values ('30/60/90', '{30,60,90}'),
    ('Antiga', '{0}')`);
  await t.db.execute(sql`update condicoes_pagamento set ativo = false where nome = 'Antiga'`);
  await t.db.execute(
    sql`insert into formas_pagamento (nome, tipo) values ('Boleto', 'boleto'), ('PIX', 'pix')`,
  );
  await t.db.execute(sql`insert into tabelas_preco (nome, vigencia_inicio, escopo)
    values ('Atacado', '2026-01-01', 'geral')`);
});
afterAll(() => t?.close());

describe('GET /api/comercial/produtos', () => {
  it('finds active products by name for comercial, with their packagings and nothing else', async () => {
    const r = await chama(t, tk.comercial, 'GET', '/api/comercial/produtos?q=arroz');
    expect(r.status).toBe(200);
    const items = (r.body as { items: Record<string, unknown>[] }).items;
    expect(items.map((p) => p.nome)).toEqual(['Arroz Integral 1 kg', 'Arroz Tipo 1 5 kg']);
    expect(items[1]).toEqual({
      id: arroz,
      codigo: expect.any(String),
      nome: 'Arroz Tipo 1 5 kg',
      unidade: 'UN',
      gtin: '7891234567895',
      embalagens: [{ unidade: 'FD', fator: '6.000', gtin: '17891234567892', padrao_venda: true }],
    });
  });

  it("finds a product by a packaging's GTIN (a scanner)", async () => {
    const r = await chama(t, tk.comercial, 'GET', '/api/comercial/produtos?q=17891234567892');
    expect((r.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual([arroz]);
  });

  it('a broad word and a rare word: the first 20 active matches in name order', async () => {
    // inserted out of name order, so the answer's order is the sort's, not the insertion's
    for (const n of [
      7, 22, 3, 18, 11, 25, 1, 14, 9, 20, 5, 16, 24, 2, 12, 19, 8, 23, 4, 15, 10, 21, 6, 17, 13,
    ])
      await criaProduto(t.db, { nome: `Feijão Carioca ${String(n).padStart(2, '0')} kg` });
    await criaProduto(t.db, { nome: 'Feijão Preto Raro 1 kg' });
    const amplo = await chama(t, tk.comercial, 'GET', '/api/comercial/produtos?q=FEIJAO');
    const nomes = (amplo.body as { items: { nome: string }[] }).items.map((p) => p.nome);
    expect(nomes).toEqual(
      Array.from({ length: 20 }, (_, i) => `Feijão Carioca ${String(i + 1).padStart(2, '0')} kg`),
    );
    const raro = await chama(t, tk.comercial, 'GET', '/api/comercial/produtos?q=raro%20feij%C3%A3o');
    expect((raro.body as { items: { nome: string }[] }).items.map((p) => p.nome)).toEqual([
      'Feijão Preto Raro 1 kg',
    ]);
  });

  it('asks for the search text and is closed to roles that do not sell', async () => {
    const vazio = await chama(t, tk.comercial, 'GET', '/api/comercial/produtos?q=');
    expect(vazio.status).toBe(400);
    expect((await chama(t, tk.estoque, 'GET', '/api/comercial/produtos?q=arroz')).status).toBe(403);
    expect((await chama(t, tk.financeiro, 'GET', '/api/comercial/opcoes')).status).toBe(403);
  });
});

describe('GET /api/comercial/opcoes', () => {
  it('lists the active condições, formas and price tables by name', async () => {
    const r = await chama(t, tk.comercial, 'GET', '/api/comercial/opcoes');
    expect(r.status).toBe(200);
    const b = r.body as Record<string, { nome: string; ativo: boolean }[]>;
    expect(b.condicoes!.map((o) => o.nome)).toEqual(['30/60/90']);
    expect(b.formas!.map((o) => o.nome)).toEqual(['Boleto', 'PIX']);
    expect(b.tabelas!.map((o) => [o.nome, o.ativo])).toEqual([['Atacado', true]]);
  });
});
