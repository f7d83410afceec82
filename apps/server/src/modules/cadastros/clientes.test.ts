import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
let admin: string;
let comercial: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn(['admin'])).token;
  comercial = (await t.signIn(['comercial'])).token;
});
afterAll(() => t.close());

const valid = {
  tipo_pessoa: 'J',
  documento: '11.222.333/0001-81',
  razao_social: 'Mercado São José Ltda',
  nome_fantasia: 'Mercado São José',
  inscricao_estadual: '110.042.490.114',
  indicador_ie: '1',
  email: 'Compras@MercadoSaoJose.com.br',
  email_nfe: 'nfe@mercadosaojose.com.br',
  telefone: '(11) 3333-4444',
  celular: '(11) 98765-4321',
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento: 'Loja 2',
  bairro: 'Bela Vista',
  codigo_municipio: '3550308',
  municipio: 'São Paulo',
  uf: 'SP',
  limite_credito: '15.000,50',
  observacoes: 'Entregar pela manhã',
};

async function json(res: Response) {
  return (await res.json()) as Record<string, unknown> & {
    message: string;
    details?: { fields?: Record<string, string[]>; [k: string]: unknown };
  };
}

async function create(body: Record<string, unknown>, token = comercial) {
  return t.request('POST', '/api/cadastros/clientes', { token, body });
}

describe('clientes CRUD', () => {
  let id: string;

  it('creates a customer with normalised fields and reads it back', async () => {
    const res = await create(valid);
    expect(res.status).toBe(201);
    const c = await json(res);
    id = c.id as string;
    expect(c).toMatchObject({
      tipo_pessoa: 'J',
      documento: '11222333000181',
      razao_social: 'Mercado São José Ltda',
      inscricao_estadual: '110042490114',
      indicador_ie: '1',
      email: 'compras@mercadosaojose.com.br',
      telefone: '1133334444',
      celular: '11987654321',
      cep: '01310100',
      municipio: 'São Paulo',
      codigo_municipio: '3550308',
      uf: 'SP',
      limite_credito: '15000.50',
      vendedor_id: null,
      vendedor_nome: null,
      ativo: true,
      versao: 1,
    });
    expect(c).not.toHaveProperty('busca');
    const got = await json(await t.request('GET', `/api/cadastros/clientes/${id}`, { token: comercial }));
    expect(got.razao_social).toBe('Mercado São José Ltda');
    expect(got.versao).toBe(1);
  });

  it('records the creation in the audit log with the acting user', async () => {
    const rows = rowsOf<{ acao: string; user_email: string }>(
      await t.db.execute(
        sql`select acao, user_email from audit_log where tabela = 'clientes' and registro_id = ${id}`,
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.acao).toBe('criacao');
    expect(rows[0]!.user_email).toMatch(/^comercial-/);
  });

  it('accepts a valid alphanumeric CNPJ', async () => {
    const res = await create({
      tipo_pessoa: 'J',
      documento: '12.ABC.345/01DE-35',
      razao_social: 'Atacarejo Alfanumérico Ltda',
    });
    expect(res.status).toBe(201);
    expect((await json(res)).documento).toBe('12ABC34501DE35');
  });

  it('rejects invalid CPF, CNPJ, IE and CEP with pt-BR field errors', async () => {
    let res = await create({ ...valid, documento: '11.222.333/0001-82', cep: '0131-01' });
    expect(res.status).toBe(400);
    let body = await json(res);
    expect(body.message).toBe('Dados inválidos. Verifique os campos destacados.');
    expect(body.details?.fields).toEqual({ documento: ['CNPJ inválido'], cep: ['CEP inválido'] });

    res = await create({
      ...valid,
      tipo_pessoa: 'F',
      documento: '529.982.247-24',
      inscricao_estadual: '123456',
    });
    body = await json(res);
    expect(res.status).toBe(400);
    expect(body.details?.fields).toEqual({
      documento: ['CPF inválido'],
      inscricao_estadual: ['Inscrição estadual inválida para a UF SP'],
    });

    res = await create({ ...valid, documento: '12.ABC.345/01DE-36' });
    expect((await json(res)).details?.fields).toEqual({ documento: ['CNPJ inválido'] });
  });

  it('rejects a duplicate document', async () => {
    const res = await create({ ...valid, documento: '11222333000181', razao_social: 'Outro' });
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.message).toBe('Já existe um cliente com este CPF/CNPJ.');
    expect(body.details?.fields).toEqual({ documento: ['Já existe um cliente com este CPF/CNPJ.'] });
  });

  it('updates with the current version and refuses a stale one with 409', async () => {
    const first = await t.request('PUT', `/api/cadastros/clientes/${id}`, {
      token: comercial,
      body: { ...valid, razao_social: 'Mercado São José Eireli', versao: 1 },
    });
    expect(first.status).toBe(200);
    const updated = await json(first);
    expect(updated.razao_social).toBe('Mercado São José Eireli');
    expect(updated.versao).toBe(2);

    const stale = await t.request('PUT', `/api/cadastros/clientes/${id}`, {
      token: admin,
      body: { ...valid, razao_social: 'Sobrescrito', versao: 1 },
    });
    expect(stale.status).toBe(409);
    expect((await json(stale)).message).toBe(
      'Registro alterado por outro usuário. Recarregue e tente novamente.',
    );
    const now = await json(await t.request('GET', `/api/cadastros/clientes/${id}`, { token: admin }));
    expect(now.razao_social).toBe('Mercado São José Eireli');

    const missing = await t.request('PUT', `/api/cadastros/clientes/${crypto.randomUUID()}`, {
      token: admin,
      body: { ...valid, versao: 1 },
    });
    expect(missing.status).toBe(404);
  });

  it('refuses to delete a customer used by an order, offering to inactivate; deletes an unused one', async () => {
    await t.db.execute(
      sql`insert into sales_orders (cliente_id, cliente_nome, data_emissao, valor_total) values (${id}, 'Mercado', '2026-11-20', '10.00')`,
    );
    const refused = await t.request('DELETE', `/api/cadastros/clientes/${id}`, { token: admin });
    expect(refused.status).toBe(409);
    const body = await json(refused);
    expect(body.message).toBe(
      'Não é possível excluir: o registro é usado em pedidos de venda. Você pode inativá-lo para que não seja mais oferecido.',
    );
    expect(body.details).toMatchObject({
      reason: 'referenciado',
      referenciadoPor: 'sales_orders',
      podeInativar: true,
    });

    const inactivated = await t.request('PUT', `/api/cadastros/clientes/${id}`, {
      token: admin,
      body: { ...valid, razao_social: 'Mercado São José Eireli', ativo: false, versao: 2 },
    });
    expect((await json(inactivated)).ativo).toBe(false);

    const other = await json(
      await create({ tipo_pessoa: 'F', documento: '529.982.247-25', razao_social: 'Ana' }),
    );
    const del = await t.request('DELETE', `/api/cadastros/clientes/${other.id}`, { token: comercial });
    expect(del.status).toBe(204);
    expect((await t.request('GET', `/api/cadastros/clientes/${other.id}`, { token: comercial })).status).toBe(
      404,
    );
    const audit = rowsOf<{ acao: string }>(
      await t.db.execute(sql`select acao from audit_log where registro_id = ${other.id} order by id`),
    );
    expect(audit.map((a) => a.acao)).toEqual(['criacao', 'exclusao']);
  });
});

describe('clientes list', () => {
  beforeAll(async () => {
    for (const [documento, razao, uf, codigo] of [
      ['52998224725', 'José da Silva', 'SC', '4216602'],
      ['11144477735', 'Padaria Sao Jose', 'SP', '3549904'],
      ['93541134780', 'Mercearia Central', 'SP', '3509502'],
    ] as const) {
      const res = await create({
        tipo_pessoa: 'F',
        documento,
        razao_social: razao,
        uf,
        codigo_municipio: codigo,
      });
      expect(res.status).toBe(201);
    }
  });

  it('finds "São José" when typed "sao jose" (accent- and case-insensitive)', async () => {
    const res = await t.request('GET', '/api/cadastros/clientes?q=sao%20jose&sort=razao_social', {
      token: comercial,
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: { razao_social: string }[]; total: number };
    expect(page.items.map((r) => r.razao_social)).toEqual(['Mercado São José Eireli', 'Padaria Sao Jose']);
    expect(page.total).toBe(2);
  });

  it('searches by formatted document and combines filters, sort and pages', async () => {
    let page = (await (
      await t.request('GET', '/api/cadastros/clientes?q=529.982.247-25', { token: comercial })
    ).json()) as { items: { razao_social: string }[]; total: number };
    expect(page.items.map((r) => r.razao_social)).toEqual(['José da Silva']);

    page = (await (
      await t.request(
        'GET',
        '/api/cadastros/clientes?uf=SP&ativo=true&sort=razao_social&dir=desc&pageSize=1&page=2',
        {
          token: comercial,
        },
      )
    ).json()) as { items: { razao_social: string }[]; total: number };
    // the first customer was inactivated above
    expect(page.total).toBe(2);
    expect(page.items.map((r) => r.razao_social)).toEqual(['Mercearia Central']);
  });

  it('refuses an unknown sort column', async () => {
    const res = await t.request('GET', '/api/cadastros/clientes?sort=senha', { token: comercial });
    expect(res.status).toBe(400);
    expect((await json(res)).details?.fields).toEqual({ sort: ['Ordenação inválida'] });
  });

  it('exports the filtered list as CSV and XLSX', async () => {
    const csv = await t.request('GET', '/api/cadastros/clientes/export?formato=csv&q=sao%20jose', {
      token: comercial,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await csv.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]!.split(';').slice(0, 4)).toEqual([
      'Razão social / nome',
      'Nome fantasia',
      'Tipo',
      'CPF/CNPJ',
    ]);
    expect(lines[1]!.split(';').slice(0, 4)).toEqual([
      'Mercado São José Eireli',
      'Mercado São José',
      'Pessoa jurídica',
      '11.222.333/0001-81',
    ]);
    expect(lines[1]).toContain(';15000,50;Não');

    const xlsx = await t.request('GET', '/api/cadastros/clientes/export?formato=xlsx', { token: comercial });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('PK');
    expect(xlsx.headers.get('x-total-count')).toBe('5');
  });
});

describe('clientes permissions (spec section 6: admin, comercial)', () => {
  it('answers 403 to estoque, financeiro and users without a role; 401 without a session', async () => {
    for (const roles of [['estoque'], ['financeiro'], []] as const) {
      const { token } = await t.signIn([...roles]);
      expect((await t.request('GET', '/api/cadastros/clientes', { token })).status).toBe(403);
      expect((await create(valid, token)).status).toBe(403);
      expect((await t.request('GET', '/api/cadastros/clientes/export', { token })).status).toBe(403);
    }
    expect((await t.request('GET', '/api/cadastros/clientes')).status).toBe(401);
  });
});
