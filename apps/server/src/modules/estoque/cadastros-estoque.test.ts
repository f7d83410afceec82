import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// The stock registers through the HTTP API: unidades, grupos and categorias are read and written by
// admin/estoque (issue 29, decision record 0007: the spec's admin-only departs from a distributor's
// stock clerk); locais by admin/estoque, with one default location per direction.

let t: TestContext;
let tokens: Record<'admin' | 'estoque' | 'comercial' | 'financeiro', string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = {
    admin: (await t.signIn(['admin'])).token,
    estoque: (await t.signIn(['estoque'])).token,
    comercial: (await t.signIn(['comercial'])).token,
    financeiro: (await t.signIn(['financeiro'])).token,
  };
});
afterAll(() => t.close());

const call = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await t.request(method, `/api/estoque${path}`, { token, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

describe.each([
  ['/unidades', { sigla: 'kg', descricao: 'Quilograma', casas_decimais: 3 }],
  ['/grupos', { codigo: 'BEB', nome: 'Bebidas' }],
  ['/categorias', { codigo: 'MERC', nome: 'Mercearia' }],
])('%s: admin and estoque write', (path, valores) => {
  it('estoque creates, reads, edits and deletes; comercial and financeiro get 403', async () => {
    const criado = await call('POST', path, tokens.estoque, valores);
    expect(criado.status).toBe(201);
    expect((await call('GET', path, tokens.estoque)).status).toBe(200);
    expect((await call('GET', `${path}/opcoes`, tokens.estoque)).status).toBe(200);
    expect(
      (await call('PUT', `${path}/${criado.body.id}`, tokens.estoque, { ...valores, versao: 1 })).status,
    ).toBe(200);
    expect((await call('DELETE', `${path}/${criado.body.id}`, tokens.estoque)).status).toBe(204);
    expect((await call('POST', path, tokens.admin, valores)).status).toBe(201);
    for (const who of ['comercial', 'financeiro'] as const) {
      expect((await call('GET', path, tokens[who])).status).toBe(403);
      expect((await call('POST', path, tokens[who], valores)).status).toBe(403);
    }
  });
});

describe('unidades', () => {
  it('keeps the sigla in upper case and refuses a repeated one with a field error', async () => {
    const { body } = await call('GET', '/unidades?q=quilo', tokens.admin);
    expect(
      body.items.map((u: { sigla: string; casas_decimais: number }) => [u.sigla, u.casas_decimais]),
    ).toEqual([['KG', 3]]);
    const repetida = await call('POST', '/unidades', tokens.admin, { sigla: 'KG', descricao: 'Outro' });
    expect(repetida.status).toBe(409);
    expect(repetida.body.details.fields).toEqual({ sigla: ['Já existe uma unidade com esta sigla.'] });
    const casas = await call('POST', '/unidades', tokens.admin, {
      sigla: 'M',
      descricao: 'Metro',
      casas_decimais: 7,
    });
    expect(casas.status).toBe(400);
    expect(casas.body.details.fields).toEqual({ casas_decimais: ['Casas decimais devem ser de 0 a 6'] });
  });

  it('offers units by sigla for the product form', async () => {
    const { body } = await call('GET', '/unidades/opcoes', tokens.estoque);
    expect(body).toEqual(
      expect.arrayContaining([
        { id: 'UN', nome: 'UN - Unidade', ativo: true },
        { id: 'KG', nome: 'KG - Quilograma', ativo: true },
      ]),
    );
  });
});

describe('locais', () => {
  it('estoque creates locations; a new default for saídas takes the place of the old one', async () => {
    const sep = await call('POST', '/locais', tokens.estoque, {
      codigo: 'SEP',
      nome: 'Separação',
      tipo: 'separacao',
      padrao_saida: true,
    });
    expect(sep.status).toBe(201);
    const { body } = await call('GET', '/locais?sort=codigo', tokens.estoque);
    expect(
      body.items.map((l: { codigo: string; padrao_entrada: boolean; padrao_saida: boolean }) => [
        l.codigo,
        l.padrao_entrada,
        l.padrao_saida,
      ]),
    ).toEqual([
      ['DEP', true, false],
      ['SEP', false, true],
    ]);
  });

  it('an avaria location cannot be the default for saídas; codes are unique', async () => {
    const avaria = await call('POST', '/locais', tokens.estoque, {
      codigo: 'AVR',
      nome: 'Avaria',
      tipo: 'avaria',
      padrao_saida: true,
    });
    expect(avaria.status).toBe(400);
    expect(avaria.body.details.fields).toEqual({
      padrao_saida: ['Um local de avaria / quarentena não pode ser o padrão de saída'],
    });
    const repetido = await call('POST', '/locais', tokens.estoque, {
      codigo: 'sep',
      nome: 'Outra separação',
    });
    expect(repetido.status).toBe(409);
    expect(repetido.body.details.fields).toEqual({ codigo: ['Já existe um local com este código.'] });
  });

  it('comercial and financeiro get 403', async () => {
    for (const who of ['comercial', 'financeiro'] as const)
      expect((await call('GET', '/locais', tokens[who])).status).toBe(403);
  });
});
