import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { planilhaXlsx } from '../../lib/xlsx.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  chama,
  criaClassificacoes,
  criaCliente,
  criaProduto,
  criaTabela,
  type Json,
} from './precos-test-support.ts';

// Managing price tables through the HTTP API: admin only (403 for comercial, estoque and
// financeiro), the price endpoint open to comercial; the register with its scope and customers
// (pt-BR field errors), items and breaks, readjustment with preview (nothing written with an
// error), copy, XLSX export and import (one wrong line: every error by line and nothing changed).

let t: TestContext;
let admin: string;
const tokens: Record<string, string> = {};
let cafe: string;
let acucar: string;
let oleo: string;
let classes: Awaited<ReturnType<typeof criaClassificacoes>>;
let clienteA: string;
let clienteB: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn(['admin'])).token;
  for (const role of ['comercial', 'estoque', 'financeiro'] as const)
    tokens[role] = (await t.signIn([role])).token;
  cafe = await criaProduto(t.db, {
    codigo: 'CAFE500',
    nome: 'Café 500 g',
    precoVenda: '10.00',
    custoMedio: '6.5000',
  });
  acucar = await criaProduto(t.db, {
    codigo: 'ACUCAR1',
    nome: 'Açúcar 1 kg',
    precoVenda: '5.49',
    custoMedio: '3.1000',
  });
  oleo = await criaProduto(t.db, {
    codigo: 'OLEO900',
    nome: 'Óleo 900 ml',
    precoVenda: '8.99',
    custoMedio: '6.0000',
  });
  classes = await criaClassificacoes(t.db, 'Gestão');
  clienteA = await criaCliente(t.db, { razaoSocial: 'Empório Alfa Ltda' });
  clienteB = await criaCliente(t.db, { razaoSocial: 'Bazar Beta Ltda' });
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown, token = admin) =>
  chama(t, token, method, `/api/precos${path}`, body);

/** The editable fields of a table as GET answers them (for a PUT). */
const editavel = ({
  id,
  alcance_nome,
  clientes,
  itens,
  created_at,
  updated_at,
  clientes_lista,
  ...campos
}: Json) => campos;

async function auditoria(tabela: string): Promise<{ acao: string; registro_id: string }[]> {
  return rowsOf(
    await t.db.execute(sql`select acao, registro_id from audit_log where tabela = ${tabela} order by id`),
  );
}

describe('access', () => {
  it('table management is the admin’s: 403 for comercial, estoque and financeiro', async () => {
    const id = await criaTabela(t, admin, { nome: 'Acesso', escopo: 'geral', vigencia_inicio: '2026-01-01' });
    for (const role of ['comercial', 'estoque', 'financeiro']) {
      const token = tokens[role]!;
      for (const [method, path, body] of [
        ['GET', '/tabelas'],
        ['POST', '/tabelas', { nome: 'X', escopo: 'geral', vigencia_inicio: '2026-01-01' }],
        ['GET', `/tabelas/${id}/itens`],
        ['PUT', `/tabelas/${id}/itens/${cafe}`, { regra: 'preco_fixo', valor: '1' }],
        ['POST', `/tabelas/${id}/reajuste`, { sentido: 'aumento', percentual: '1' }],
        ['POST', `/tabelas/${id}/copia`, { nome: 'Y', vigencia_inicio: '2026-01-01' }],
        ['GET', `/tabelas/${id}/itens/export`],
        ['DELETE', `/tabelas/${id}`],
      ] as [string, string, unknown?][]) {
        const r = await api(method, path, body, token);
        expect(r.status, `${role} ${method} ${path}`).toBe(403);
      }
    }
    expect((await api('GET', '/tabelas')).status).toBe(200);
  });

  it('the price of a sale is open to comercial (and admin), not to estoque or financeiro', async () => {
    const url = `/preco?produto=${cafe}`;
    expect((await api('GET', url, undefined, tokens.comercial)).status).toBe(200);
    expect((await api('GET', url)).status).toBe(200);
    expect((await api('GET', url, undefined, tokens.estoque)).status).toBe(403);
    expect((await api('GET', url, undefined, tokens.financeiro)).status).toBe(403);
    const pedido = { itens: [{ produto_id: cafe, quantidade: '1' }] };
    expect((await api('POST', '/preco/pedido', pedido, tokens.comercial)).status).toBe(200);
    expect((await api('POST', '/preco/pedido', pedido, tokens.estoque)).status).toBe(403);
    expect((await t.request('GET', `/api/precos${url}`)).status).toBe(401);
  });
});

describe('tables register', () => {
  it('refuses a scope without its reference and a vigência ending before it starts (pt-BR field errors)', async () => {
    const r = await api('POST', '/tabelas', {
      nome: ' ',
      escopo: 'segmento',
      vigencia_inicio: '2026-05-10',
      vigencia_fim: '2026-05-09',
    });
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toEqual({
      nome: ['Nome é obrigatório'],
      vigencia_fim: ['Fim da vigência deve ser igual ou posterior ao início'],
      segmento_id: ['Informe o segmento'],
    });
    const lista = await api('POST', '/tabelas', {
      nome: 'Lista vazia',
      escopo: 'clientes',
      vigencia_inicio: '2026-01-01',
    });
    expect(lista.body.details.fields).toEqual({ cliente_ids: ['Informe ao menos um cliente'] });
    const grupo = await api('POST', '/tabelas', {
      nome: 'Grupo inexistente',
      escopo: 'grupo',
      grupo_id: '00000000-0000-4000-8000-000000000009',
      vigencia_inicio: '2026-01-01',
    });
    expect(grupo.status).toBe(400);
    expect(grupo.body.details.fields).toEqual({ grupo_id: ['Grupo empresarial não encontrado'] });
  });

  it('creates a customer list, keeps only the chosen scope’s reference, edits the list and names duplicates', async () => {
    const r = await api('POST', '/tabelas', {
      nome: 'Clientes Especiais',
      escopo: 'clientes',
      // a form that switched scope may send the old reference: it is dropped
      segmento_id: classes.segmentoId,
      cliente_ids: [clienteA, clienteB, clienteA],
      vigencia_inicio: '01/02/2026'.split('/').reverse().join('-'),
      vigencia_fim: '',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      nome: 'Clientes Especiais',
      escopo: 'clientes',
      segmento_id: null,
      vigencia_inicio: '2026-02-01',
      vigencia_fim: null,
      ativa: true,
      clientes: 2,
      itens: 0,
      alcance_nome: null,
      versao: 1,
      clientes_lista: [
        { id: clienteB, nome: 'Bazar Beta Ltda' },
        { id: clienteA, nome: 'Empório Alfa Ltda' },
      ],
    });
    const id = r.body.id;
    const antes = (await auditoria('tabela_preco_clientes')).length;
    const u = await api('PUT', `/tabelas/${id}`, { ...editavel(r.body), cliente_ids: [clienteB] });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ clientes: 1, versao: 2, clientes_lista: [{ id: clienteB }] });
    // only the customer that left is audited (the one that stayed is not rewritten)
    expect((await auditoria('tabela_preco_clientes')).slice(antes)).toEqual([
      { acao: 'exclusao', registro_id: id },
    ]);
    const stale = await api('PUT', `/tabelas/${id}`, { ...editavel(r.body), cliente_ids: [clienteA] });
    expect(stale.status).toBe(409);
    const dup = await api('POST', '/tabelas', {
      nome: 'clientes especiais',
      escopo: 'geral',
      vigencia_inicio: '2026-01-01',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.details.fields).toEqual({ nome: ['Já existe uma tabela de preços com este nome.'] });
  });

  it('lists with search, scope, active and "vigente em" filters and the scope’s name', async () => {
    await criaTabela(t, admin, {
      nome: 'Região Lista',
      escopo: 'regiao',
      regiao_id: classes.regiaoId,
      vigencia_inicio: '2026-06-01',
      vigencia_fim: '2026-06-30',
    });
    const r = await api('GET', '/tabelas?escopo=regiao');
    expect(
      r.body.items.map((i: Json) => [i.nome, i.alcance_nome, i.vigencia_inicio, i.vigencia_fim]),
    ).toEqual([['Região Lista', 'Região Gestão', '2026-06-01', '2026-06-30']]);
    const nomes = async (q: string) =>
      (await api('GET', `/tabelas?${q}`)).body.items.map((i: Json) => i.nome);
    expect(await nomes('q=regiao lis')).toEqual(['Região Lista']);
    expect(await nomes('escopo=regiao&vigente_em=2026-06-30')).toEqual(['Região Lista']);
    expect(await nomes('escopo=regiao&vigente_em=2026-07-01')).toEqual([]);
    expect((await api('GET', '/tabelas?vigente_em=2026-02-30')).body.details.fields).toEqual({
      vigente_em: ['Data inválida'],
    });
  });
});

describe('items', () => {
  let id: string;
  beforeAll(async () => {
    id = await criaTabela(t, admin, { nome: 'Itens', escopo: 'geral', vigencia_inicio: '2026-01-01' });
  });

  it('saves an item with breaks, lists it with its product, edits it and deletes it', async () => {
    const r = await api('PUT', `/tabelas/${id}/itens/${cafe}`, {
      regra: 'preco_fixo',
      valor: '9,90',
      preco_minimo: '9,00',
      faixas: [
        { quantidade_minima: '24', tipo: 'desconto', valor: '5' },
        { quantidade_minima: '12', tipo: 'preco', valor: '9,50' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      produto_id: cafe,
      regra: 'preco_fixo',
      valor: '9.90',
      preco_minimo: '9.00',
      faixas: [
        { quantidade_minima: '12.000', tipo: 'preco', valor: '9.50' },
        { quantidade_minima: '24.000', tipo: 'desconto', valor: '5.00' },
      ],
      produto_codigo: 'CAFE500',
      produto_nome: 'Café 500 g',
      produto_unidade: 'UN',
      produto_ativo: true,
    });
    await api('PUT', `/tabelas/${id}/itens/${acucar}`, { regra: 'markup_custo', valor: '40' });
    const lista = await api('GET', `/tabelas/${id}/itens?q=acucar`);
    expect(lista.body).toMatchObject({
      total: 1,
      items: [{ produto_codigo: 'ACUCAR1', valor: '40.00', faixas: [] }],
    });
    const tabela = await api('GET', `/tabelas/${id}`);
    expect(tabela.body.itens).toBe(2);

    // changing the minimum only: the breaks are not rewritten
    const antes = (await auditoria('tabela_preco_faixas')).length;
    const e = await api('PUT', `/tabelas/${id}/itens/${cafe}`, { ...r.body, preco_minimo: '9,10' });
    expect(e.body.preco_minimo).toBe('9.10');
    expect((await auditoria('tabela_preco_faixas')).length).toBe(antes);

    expect((await api('DELETE', `/tabelas/${id}/itens/${acucar}`)).status).toBe(204);
    expect((await api('DELETE', `/tabelas/${id}/itens/${acucar}`)).status).toBe(404);
    expect((await api('GET', `/tabelas/${id}/itens`)).body.total).toBe(1);
  });

  it('refuses wrong items with pt-BR field errors and an unknown product', async () => {
    const r = await api('PUT', `/tabelas/${id}/itens/${oleo}`, {
      regra: 'preco_fixo',
      valor: '8,00',
      preco_minimo: '8,50',
      faixas: [
        { quantidade_minima: '6', tipo: 'desconto', valor: '100' },
        { quantidade_minima: '6', tipo: 'preco', valor: '0' },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toEqual({
      preco_minimo: ['Preço mínimo não pode ser maior que o preço'],
      'faixas.0.valor': ['Desconto deve ser menor que 100 %'],
      'faixas.1.valor': ['Preço deve ser maior que zero', 'Preço da faixa abaixo do preço mínimo'],
      'faixas.1.quantidade_minima': ['Quantidade repetida nas faixas'],
    });
    const desconhecido = await api('PUT', `/tabelas/${id}/itens/00000000-0000-4000-8000-000000000002`, {
      regra: 'preco_fixo',
      valor: '1',
    });
    expect(desconhecido.status).toBe(400);
    expect(desconhecido.body.details.fields).toEqual({ produto_id: ['Produto não encontrado'] });
    const semTabela = await api('PUT', `/tabelas/00000000-0000-4000-8000-000000000003/itens/${oleo}`, {
      regra: 'preco_fixo',
      valor: '1',
    });
    expect(semTabela.status).toBe(404);
    expect(semTabela.body.message).toBe('Tabela de preços não encontrada');
  });
});

describe('bulk tools', () => {
  let id: string;
  beforeAll(async () => {
    id = await criaTabela(
      t,
      admin,
      {
        nome: 'Reajustável',
        escopo: 'segmento',
        segmento_id: classes.segmentoId,
        vigencia_inicio: '2026-01-01',
      },
      {
        [cafe]: {
          regra: 'preco_fixo',
          valor: '10,00',
          preco_minimo: '9,00',
          faixas: [{ quantidade_minima: '12', tipo: 'preco', valor: '9,55' }],
        },
        [acucar]: { regra: 'markup_custo', valor: '40' },
        [oleo]: { regra: 'preco_fixo', valor: '0,01' },
      },
    );
  });

  const itens = async (tabela: string) =>
    (await api('GET', `/tabelas/${tabela}/itens`)).body.items.map((i: Json) => [
      i.produto_codigo,
      i.regra,
      i.valor,
      i.preco_minimo,
      i.faixas.map((f: Json) => `${f.quantidade_minima} ${f.tipo} ${f.valor}`),
    ]);

  it('readjust: the preview writes nothing; applying rounds each value to the cent in one transaction', async () => {
    const previa = await api('POST', `/tabelas/${id}/reajuste/previa`, {
      sentido: 'aumento',
      percentual: '7,5',
    });
    expect(previa.status).toBe(200);
    expect(previa.body).toEqual({
      linhas: [
        {
          produto_id: cafe,
          produto_codigo: 'CAFE500',
          produto_nome: 'Café 500 g',
          campo: 'preco',
          quantidade_minima: null,
          antes: '10.00',
          depois: '10.75',
        },
        {
          produto_id: cafe,
          produto_codigo: 'CAFE500',
          produto_nome: 'Café 500 g',
          campo: 'faixa',
          quantidade_minima: '12.000',
          antes: '9.55',
          // 9,55 × 1,075 = 10,26625 → 10,27
          depois: '10.27',
        },
        {
          produto_id: cafe,
          produto_codigo: 'CAFE500',
          produto_nome: 'Café 500 g',
          campo: 'preco_minimo',
          quantidade_minima: null,
          antes: '9.00',
          depois: '9.68',
        },
        {
          produto_id: oleo,
          produto_codigo: 'OLEO900',
          produto_nome: 'Óleo 900 ml',
          campo: 'preco',
          quantidade_minima: null,
          antes: '0.01',
          depois: '0.01',
        },
      ],
      total_linhas: 4,
      sem_valores: 1,
      erros: [],
    });
    const antes = await itens(id);
    expect(antes[0]).toEqual(['ACUCAR1', 'markup_custo', '40.00', null, []]);

    // a reduction of 60 % brings R$ 0,01 to R$ 0,00: refused, nothing written
    const zerado = await api('POST', `/tabelas/${id}/reajuste`, { sentido: 'reducao', percentual: '60' });
    expect(zerado.status).toBe(422);
    expect(zerado.body).toMatchObject({
      message: 'O reajuste não foi aplicado: deixaria preços em R$ 0,00. Nada foi alterado.',
      details: {
        erros: [
          {
            produto_codigo: 'OLEO900',
            produto_nome: 'Óleo 900 ml',
            mensagem: 'O reajuste deixaria o preço em R$ 0,00',
          },
        ],
      },
    });
    expect(await itens(id)).toEqual(antes);

    const r = await api('POST', `/tabelas/${id}/reajuste`, { sentido: 'aumento', percentual: '7,5' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total_linhas: 4, aplicados: 1 });
    expect(await itens(id)).toEqual([
      ['ACUCAR1', 'markup_custo', '40.00', null, []],
      ['CAFE500', 'preco_fixo', '10.75', '9.68', ['12.000 preco 10.27']],
      ['OLEO900', 'preco_fixo', '0.01', null, []],
    ]);
  });

  it('copy: same scope, items and breaks under a new name and vigência, created inactive', async () => {
    const r = await api('POST', `/tabelas/${id}/copia`, {
      nome: 'Reajustável 2027',
      vigencia_inicio: '2027-01-01',
      vigencia_fim: '2027-12-31',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      nome: 'Reajustável 2027',
      escopo: 'segmento',
      segmento_id: classes.segmentoId,
      vigencia_inicio: '2027-01-01',
      vigencia_fim: '2027-12-31',
      ativa: false,
      itens: 3,
    });
    expect(await itens(r.body.id)).toEqual(await itens(id));
    const dup = await api('POST', `/tabelas/${id}/copia`, {
      nome: 'Reajustável',
      vigencia_inicio: '2027-01-01',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.details.fields).toEqual({ nome: ['Já existe uma tabela de preços com este nome.'] });
  });

  it('exports the items as XLSX, one line per product with its breaks', async () => {
    const res = await t.request('GET', `/api/precos/tabelas/${id}/itens/export`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tabela-precos-reajustavel-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const linhas = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(linhas[0]!.slice(0, 8)).toEqual([
      'Código',
      'Produto',
      'Regra',
      'Valor',
      'Preço mínimo',
      'Faixa 1 - a partir de',
      'Faixa 1 - tipo',
      'Faixa 1 - valor',
    ]);
    expect(linhas.slice(1).map((l) => l.slice(0, 8))).toEqual([
      ['ACUCAR1', 'Açúcar 1 kg', '% sobre o custo médio', 40, null, null, null, null],
      ['CAFE500', 'Café 500 g', 'Preço fixo', 10.75, 9.68, 12, 'Preço', 10.27],
      ['OLEO900', 'Óleo 900 ml', 'Preço fixo', 0.01, null, null, null, null],
    ]);
  });

  const planilha = (linhas: (string | number | null)[][]) =>
    planilhaXlsx({
      aba: 'Preços',
      linhas: linhas.map((l) =>
        l.map((v) => (v === null ? null : typeof v === 'number' ? { numero: v } : { texto: v })),
      ),
    });

  const importa = async (arquivo: Buffer | string) => {
    const form = new FormData();
    form.append(
      'arquivo',
      new Blob([typeof arquivo === 'string' ? arquivo : new Uint8Array(arquivo)]),
      'precos.xlsx',
    );
    const res = await t.app.request(`/api/precos/tabelas/${id}/itens/importacao`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('import: one wrong line reports every error by line and changes nothing', async () => {
    const antes = await itens(id);
    const auditados = (await auditoria('tabela_preco_itens')).length;
    const r = await importa(
      await planilha([
        [
          'Código',
          'Regra',
          'Valor',
          'Preço mínimo',
          'Faixa 1 - a partir de',
          'Faixa 1 - tipo',
          'Faixa 1 - valor',
        ],
        ['CAFE500', 'Preço fixo', 11.2, 10, null, null, null],
        ['ACUCAR1', '% sobre o custo médio', 45, null, 10, 'desconto', 3],
        ['NAOEXISTE', null, 5, null, null, null, null],
        ['OLEO900', null, 8.455, null, null, null, null],
      ]),
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'validation_failed',
      message: 'A planilha tem erros; nada foi importado. Corrija as linhas indicadas e importe de novo.',
      details: {
        linhas: [
          { linha: 4, mensagem: 'Produto NAOEXISTE não encontrado' },
          { linha: 5, mensagem: 'Valor inválido' },
        ],
      },
    });
    expect(await itens(id)).toEqual(antes);
    expect((await auditoria('tabela_preco_itens')).length).toBe(auditados);
  });

  it('import: a correct sheet upserts its lines in one go and leaves the other items', async () => {
    const r = await importa(
      await planilha([
        [
          'Código',
          'Regra',
          'Valor',
          'Preço mínimo',
          'Faixa 1 - a partir de',
          'Faixa 1 - tipo',
          'Faixa 1 - valor',
        ],
        ['CAFE500', 'Preço fixo', 11.2, 10, null, null, null],
        ['ACUCAR1', '% sobre o custo médio', 45, null, 10, 'desconto', 3],
      ]),
    );
    expect(r).toEqual({ status: 200, body: { linhas: 2, alterados: 2 } });
    expect(await itens(id)).toEqual([
      ['ACUCAR1', 'markup_custo', '45.00', null, ['10.000 desconto 3.00']],
      ['CAFE500', 'preco_fixo', '11.20', '10.00', []],
      ['OLEO900', 'preco_fixo', '0.01', null, []],
    ]);
  });

  it('import: a file that is not a spreadsheet, or no file, is a field error', async () => {
    const r = await importa('não é uma planilha');
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toEqual({ arquivo: ['O arquivo não é uma planilha XLSX válida'] });
    const semArquivo = await api('POST', `/tabelas/${id}/itens/importacao`, { arquivo: 'x' });
    expect(semArquivo.status).toBe(400);
    expect(semArquivo.body.details.fields).toEqual({ arquivo: ['Envie a planilha (arquivo .xlsx)'] });
  });

  it('deleting a table takes its items, breaks and customers with it', async () => {
    const outra = await criaTabela(
      t,
      admin,
      { nome: 'Descartável', escopo: 'clientes', cliente_ids: [clienteA], vigencia_inicio: '2026-01-01' },
      {
        [cafe]: {
          regra: 'preco_fixo',
          valor: '9',
          faixas: [{ quantidade_minima: '5', tipo: 'preco', valor: '8' }],
        },
      },
    );
    expect((await api('DELETE', `/tabelas/${outra}`)).status).toBe(204);
    const sobras = rowsOf<{ n: number }>(
      await t.db.execute(sql`select (select count(*) from tabela_preco_itens where tabela_id = ${outra})
        + (select count(*) from tabela_preco_faixas where tabela_id = ${outra})
        + (select count(*) from tabela_preco_clientes where tabela_id = ${outra}) as n`),
    );
    expect(Number(sobras[0]!.n)).toBe(0);
  });
});

describe('vendedores: desconto máximo', () => {
  it('is kept with two decimals, at most 100 %', async () => {
    const r = await chama(t, admin, 'POST', '/api/cadastros/vendedores', {
      nome: 'Vera Limite',
      desconto_maximo: '7,5',
    });
    expect(r.status).toBe(201);
    expect(r.body.desconto_maximo).toBe('7.50');
    const alto = await chama(t, admin, 'POST', '/api/cadastros/vendedores', {
      nome: 'Vera Alta',
      desconto_maximo: '100,5',
    });
    expect(alto.body.details.fields).toEqual({ desconto_maximo: ['Desconto máximo deve ser no máximo 100'] });
  });
});
