import { gtinDigito, textoBusca } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// The product register through the HTTP API: packaging in the same write, GTIN and NCM checked
// (pt-BR field errors), unit decimals, search by code, name or GTIN, filters, export, NCM picker.

let t: TestContext;
let token: string;
let grupo: string;

const gtin = (corpo: string) => `${corpo}${gtinDigito(corpo)}`;
const UN = gtin('789100000001');
const CX = gtin('1789100000001');
const FD = gtin('2789100000001');

beforeAll(async () => {
  t = await createTestApp();
  const admin = (await t.signIn(['admin'])).token;
  token = (await t.signIn(['estoque'])).token;
  for (const [sigla, descricao] of [
    ['CX', 'Caixa'],
    ['FD', 'Fardo'],
  ])
    await t.request('POST', '/api/estoque/unidades', { token: admin, body: { sigla, descricao } });
  const g = await t.request('POST', '/api/estoque/grupos', {
    token: admin,
    body: { codigo: 'BEB', nome: 'Bebidas' },
  });
  grupo = ((await g.json()) as { id: string }).id;
});
afterAll(() => t.close());

const call = async (method: string, path: string, body?: unknown) => {
  const res = await t.request(method, `/api/estoque${path}`, { token, body });
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
};

const cerveja = {
  codigo: 'CERV350',
  nome: 'Cerveja Pilsen Lata 350 ml',
  marca: 'Tradição',
  grupo_id: '',
  unidade: 'un',
  gtin: UN,
  ncm: '2203.00.00',
  origem: 0,
  peso_bruto: '0,380',
  peso_liquido: '0,350',
  volume: '0,000400',
  preco_venda: '4,50',
  estoque_minimo: '24',
  estoque_maximo: '480',
  embalagens: [
    { unidade: 'CX', fator: '12', gtin: CX, padrao_compra: true, padrao_venda: false },
    { unidade: 'FD', fator: '6', gtin: FD, padrao_compra: false, padrao_venda: true },
  ],
};

let id: string;

describe('produtos', () => {
  it('creates a product with two packagings in one write', async () => {
    const r = await call('POST', '/produtos', { ...cerveja, grupo_id: grupo });
    expect(r.status).toBe(201);
    id = r.body.id;
    expect(r.body).toMatchObject({
      codigo: 'CERV350',
      unidade: 'UN',
      gtin: UN,
      ncm: '22030000',
      origem: '0',
      peso_bruto: '0.380',
      volume: '0.000400',
      preco_venda: '4.50',
      custo_medio: '0.0000',
      estoque_atual: '0.000',
      grupo_nome: 'Bebidas',
      versao: 1,
    });
    expect(r.body.embalagens).toEqual([
      {
        id: expect.any(String),
        unidade: 'FD',
        fator: '6.000',
        gtin: FD,
        padrao_compra: false,
        padrao_venda: true,
        peso_bruto: null,
        altura: null,
        largura: null,
        comprimento: null,
      },
      {
        id: expect.any(String),
        unidade: 'CX',
        fator: '12.000',
        gtin: CX,
        padrao_compra: true,
        padrao_venda: false,
        peso_bruto: null,
        altura: null,
        largura: null,
        comprimento: null,
      },
    ]);
  });

  it('finds it by code, by name without accents and by a packaging GTIN', async () => {
    for (const q of ['cerv350', 'pilsen lata', CX, UN]) {
      const r = await call('GET', `/produtos?q=${encodeURIComponent(q)}`);
      expect(
        r.body.items.map((p: { codigo: string }) => p.codigo),
        q,
      ).toEqual(['CERV350']);
    }
    expect((await call('GET', `/produtos?grupo_id=${grupo}&abaixo_minimo=true`)).body.total).toBe(1);
    expect((await call('GET', '/produtos?abaixo_minimo=false')).body.total).toBe(0);
  });

  it('finds a code with a hyphen typed with or without it, in the register and in the Posição de Estoque', async () => {
    const r = await call('POST', '/produtos', {
      ...cerveja,
      codigo: 'E2E-97404',
      nome: 'Água Mineral 1.5 L',
      gtin: 'SEM GTIN',
      embalagens: [],
    });
    expect(r.status).toBe(201);
    for (const q of ['E2E-97404', 'E2E97404', 'e2e-974', '97404', 'agua 1.5', 'agua 15']) {
      for (const lista of ['/produtos', '/posicao']) {
        const achados = await call('GET', `${lista}?q=${encodeURIComponent(q)}`);
        expect(
          achados.body.items.map((p: { codigo: string }) => p.codigo),
          `${lista} ${q}`,
        ).toEqual(['E2E-97404']);
      }
    }
    expect((await call('GET', `/produtos?q=${encodeURIComponent('E2E-97405')}`)).body.items).toEqual([]);
    expect((await call('DELETE', `/produtos/${r.body.id}`)).status).toBe(204);
  });

  it('erp_busca() in SQL and textoBusca() in TypeScript agree', async () => {
    const texto =
      'Água Mineral 1.5 L  E2E-97404 SEM GTIN 12.ABC.345/01DE-35 coca-cola L-2026/01 São José D’Ávila -5 x.y';
    const [row] = rowsOf<{ b: string }>(await t.db.execute(sql`select erp_busca(${texto}) as b`));
    expect(row!.b).toBe(textoBusca(texto));
    expect(row!.b).toBe(
      'agua mineral 15 l e2e97404 sem gtin 12abc34501de35 coca-cola l202601 sao jose d’avila 5 x.y',
    );
  });

  it('moves the sale default between packagings (partial unique indexes hold at every row)', async () => {
    const r = await call('PUT', `/produtos/${id}`, {
      ...cerveja,
      grupo_id: grupo,
      versao: 1,
      embalagens: [
        { unidade: 'CX', fator: '12', gtin: CX, padrao_compra: false, padrao_venda: true },
        { unidade: 'FD', fator: '6', gtin: FD, padrao_compra: true, padrao_venda: false },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.versao).toBe(2);
    expect(
      r.body.embalagens.map((e: { unidade: string; padrao_compra: boolean; padrao_venda: boolean }) => [
        e.unidade,
        e.padrao_compra,
        e.padrao_venda,
      ]),
    ).toEqual([
      ['FD', true, false],
      ['CX', false, true],
    ]);
    const velha = await call('PUT', `/produtos/${id}`, { ...cerveja, versao: 1 });
    expect(velha.status).toBe(409);
  });

  it("keeps a box's gross weight and dimensions; a partial set gives the field errors", async () => {
    const embalagens = [
      { unidade: 'CX', fator: '12', gtin: CX, padrao_compra: false, padrao_venda: true },
      { unidade: 'FD', fator: '6', gtin: FD, padrao_compra: true, padrao_venda: false },
    ];
    const caixa = { peso_bruto: '4,9', altura: '12,5', largura: '27', comprimento: '20' };
    const r = await call('PUT', `/produtos/${id}`, {
      ...cerveja,
      grupo_id: grupo,
      versao: 2,
      embalagens: [{ ...embalagens[0], ...caixa }, embalagens[1]],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.embalagens.find((e: { unidade: string }) => e.unidade === 'CX')).toMatchObject({
      peso_bruto: '4.900',
      altura: '12.50',
      largura: '27.00',
      comprimento: '20.00',
    });
    const parcial = await call('PUT', `/produtos/${id}`, {
      ...cerveja,
      grupo_id: grupo,
      versao: 3,
      embalagens: [{ ...embalagens[0], altura: '12,5' }, embalagens[1]],
    });
    expect(parcial.status).toBe(400);
    expect(parcial.body.details.fields).toEqual({
      'embalagens.0.largura': ['Informe altura, largura e comprimento, ou deixe os três em branco'],
      'embalagens.0.comprimento': ['Informe altura, largura e comprimento, ou deixe os três em branco'],
    });
    // cleared: the box counts unit by unit again
    const limpa = await call('PUT', `/produtos/${id}`, {
      ...cerveja,
      grupo_id: grupo,
      versao: 3,
      embalagens,
    });
    expect(limpa.status).toBe(200);
    expect(limpa.body.embalagens.find((e: { unidade: string }) => e.unidade === 'CX')).toMatchObject({
      peso_bruto: null,
      altura: null,
    });
  });

  it('GTIN, NCM and unit decimals give pt-BR field errors', async () => {
    const r = await call('POST', '/produtos', {
      ...cerveja,
      codigo: 'X1',
      gtin: '7891000000019',
      ncm: '2203.00.99',
      embalagens: [],
    });
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toEqual({
      gtin: ['GTIN inválido: dígito verificador não confere'],
      ncm: ['NCM não encontrado na tabela oficial'],
    });
    const casas = await call('POST', '/produtos', {
      ...cerveja,
      codigo: 'X2',
      gtin: 'SEM GTIN',
      estoque_minimo: '1,5',
      embalagens: [],
    });
    expect(casas.status).toBe(400);
    expect(casas.body.details.fields).toEqual({
      estoque_minimo: ['Estoque mínimo em UN não aceita casas decimais'],
    });
  });

  it("refuses a GTIN another product already uses (its base unit's or a packaging's)", async () => {
    const r = await call('POST', '/produtos', {
      ...cerveja,
      codigo: 'X3',
      gtin: CX,
      embalagens: [{ unidade: 'CX', fator: '12', gtin: UN, padrao_compra: true, padrao_venda: true }],
    });
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toEqual({
      gtin: ['GTIN já usado no produto Cerveja Pilsen Lata 350 ml'],
      'embalagens.0.gtin': ['GTIN já usado no produto Cerveja Pilsen Lata 350 ml'],
    });
  });

  it('exports the filtered list as CSV', async () => {
    const r = await call('GET', '/produtos/export?formato=csv&q=cerveja');
    expect(r.status).toBe(200);
    const linhas = (r.body as string).replace('\uFEFF', '').trim().split('\r\n');
    expect(linhas[0]).toBe(
      'Código;Nome;Marca;Grupo;Categoria;Unidade;GTIN;NCM;Estoque atual;Estoque mínimo;Estoque máximo;Custo médio;Preço de venda;Ativo',
    );
    expect(linhas[1]).toBe(
      `CERV350;Cerveja Pilsen Lata 350 ml;Tradição;Bebidas;;UN;${UN};2203.00.00;0,000;24,000;480,000;0,0000;4,50;Sim`,
    );
  });

  it('searches the official NCM table for the picker', async () => {
    const r = await call('GET', '/ncm?q=cerveja%20malte');
    expect(r.body).toEqual([
      {
        codigo: '22030000',
        descricao: 'Cervejas de malte.',
        caminho: 'Bebidas, líquidos alcoólicos e vinagres › Cervejas de malte',
      },
    ]);
  });

  it('comercial and financeiro get 403', async () => {
    for (const roles of [['comercial'], ['financeiro']] as const) {
      const other = (await t.signIn([...roles])).token;
      const r = await t.request('GET', '/api/estoque/produtos', { token: other });
      expect(r.status).toBe(403);
      const w = await t.request('POST', '/api/estoque/produtos', { token: other, body: cerveja });
      expect(w.status).toBe(403);
    }
  });
});
