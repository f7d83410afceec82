import { normalizaBusca, type Role } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// Fornecedores, vendedores and the customer classifications: CRUD, validation, duplicates,
// optimistic concurrency, referenced delete, guards, search.

let t: TestContext;
const tokens: Partial<Record<Role | 'nenhum', string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const r of ['admin', 'comercial', 'estoque', 'financeiro'] as const)
    tokens[r] = (await t.signIn([r])).token;
  tokens.nenhum = (await t.signIn([])).token;
});
afterAll(() => t.close());

type Body = Record<string, unknown> & {
  message: string;
  details?: { fields?: Record<string, string[]>; [k: string]: unknown };
};
const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
  const res = await t.request(method, path, { token, body });
  return { status: res.status, body: (res.status === 204 ? {} : await res.json()) as Body };
};

describe('fornecedores', () => {
  const base = '/api/cadastros/fornecedores';
  const valid = {
    tipo_pessoa: 'J',
    documento: '12.ABC.345/01DE-35',
    razao_social: 'Laticínios São José Ltda',
    inscricao_estadual: 'isento',
    indicador_ie: '2',
    cep: '88101-000',
    codigo_municipio: '4216602',
    uf: 'SC',
    prazo_medio_entrega: '7',
  };

  it('CRUD with the estoque role; stale version 409; unused delete 204', async () => {
    const created = await call('POST', base, tokens.estoque, valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      documento: '12ABC34501DE35',
      inscricao_estadual: 'ISENTO',
      municipio: 'São José',
      prazo_medio_entrega: 7,
      versao: 1,
    });
    const id = created.body.id as string;

    const updated = await call('PUT', `${base}/${id}`, tokens.comercial, {
      ...valid,
      prazo_medio_entrega: 10,
      versao: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.prazo_medio_entrega).toBe(10);
    expect(updated.body.versao).toBe(2);

    const stale = await call('PUT', `${base}/${id}`, tokens.admin, { ...valid, versao: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Registro alterado por outro usuário. Recarregue e tente novamente.');

    const list = await call('GET', `${base}?q=laticinios%20sao%20jose`, tokens.estoque);
    expect((list.body.items as { id: string }[]).map((r) => r.id)).toEqual([id]);

    expect((await call('DELETE', `${base}/${id}`, tokens.estoque)).status).toBe(204);
    expect((await call('GET', `${base}/${id}`, tokens.estoque)).status).toBe(404);
  });

  it('rejects invalid document, IE, CEP and delivery time; duplicate document', async () => {
    const bad = await call('POST', base, tokens.estoque, {
      ...valid,
      documento: '11.222.333/0001-80',
      inscricao_estadual: '251040853',
      indicador_ie: '1',
      cep: '8810',
      prazo_medio_entrega: 400,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.fields).toEqual({
      documento: ['CNPJ inválido'],
      inscricao_estadual: ['Inscrição estadual inválida para a UF SC'],
      cep: ['CEP inválido'],
      prazo_medio_entrega: ['Prazo médio de entrega deve ser no máximo 365'],
    });
    expect((await call('POST', base, tokens.estoque, { ...valid, documento: '11222333000181' })).status).toBe(
      201,
    );
    const dup = await call('POST', base, tokens.estoque, { ...valid, documento: '11.222.333/0001-81' });
    expect(dup.status).toBe(409);
    expect(dup.body.details?.fields).toEqual({ documento: ['Já existe um fornecedor com este CPF/CNPJ.'] });
  });

  it('accepts a valid IE for its UF', async () => {
    const ok = await call('POST', base, tokens.estoque, {
      ...valid,
      documento: '529.982.247-25',
      tipo_pessoa: 'F',
      inscricao_estadual: '251.040.852',
      indicador_ie: '1',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.inscricao_estadual).toBe('251040852');
  });

  it('is closed to financeiro and users without a role', async () => {
    expect((await call('GET', base, tokens.financeiro)).status).toBe(403);
    expect((await call('POST', base, tokens.nenhum, valid)).status).toBe(403);
  });
});

describe('vendedores', () => {
  const base = '/api/cadastros/vendedores';

  it('CRUD, commission and CPF validation, user link, referenced delete', async () => {
    const bad = await call('POST', base, tokens.comercial, { nome: '', cpf: '123', comissao: '101' });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.fields).toEqual({
      nome: ['Nome é obrigatório'],
      cpf: ['CPF inválido'],
      comissao: ['Comissão deve ser no máximo 100'],
    });

    const user = await t.signIn(['comercial'], { email: 'vendedora.ana@demo.erp.br' });
    const created = await call('POST', base, tokens.comercial, {
      nome: 'Ana Souza',
      cpf: '529.982.247-25',
      email: 'ana@demo.erp.br',
      telefone: '(11) 98765-4321',
      comissao: '3,5',
      user_id: user.userId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      nome: 'Ana Souza',
      cpf: '52998224725',
      comissao: '3.50',
      user_id: user.userId,
      user_email: 'vendedora.ana@demo.erp.br',
    });
    const id = created.body.id as string;

    const dupUser = await call('POST', base, tokens.comercial, { nome: 'Outra', user_id: user.userId });
    expect(dupUser.status).toBe(409);
    expect(dupUser.body.details?.fields).toEqual({
      user_id: ['Este usuário já está vinculado a outro vendedor.'],
    });
    const dupCpf = await call('POST', base, tokens.comercial, { nome: 'Outra', cpf: '52998224725' });
    expect(dupCpf.body.details?.fields).toEqual({ cpf: ['Já existe um vendedor com este CPF.'] });

    const usuarios = await call('GET', `${base}/usuarios`, tokens.comercial);
    expect(usuarios.status).toBe(200);
    expect(
      (usuarios.body as unknown as { email: string }[]).some((u) => u.email === 'vendedora.ana@demo.erp.br'),
    ).toBe(true);

    const cliente = await call('POST', '/api/cadastros/clientes', tokens.comercial, {
      tipo_pessoa: 'F',
      documento: '111.444.777-35',
      razao_social: 'Cliente da Ana',
      vendedor_id: id,
    });
    expect(cliente.body.vendedor_nome).toBe('Ana Souza');
    const refused = await call('DELETE', `${base}/${id}`, tokens.admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Não é possível excluir: o registro é usado em clientes. Você pode inativá-lo para que não seja mais oferecido.',
    );
    expect(refused.body.details?.podeInativar).toBe(true);

    const off = await call('PUT', `${base}/${id}`, tokens.comercial, {
      nome: 'Ana Souza',
      comissao: '4',
      ativo: false,
      versao: 1,
    });
    expect(off.body).toMatchObject({ ativo: false, comissao: '4.00', versao: 2, cpf: null, user_id: null });
    const stale = await call('PUT', `${base}/${id}`, tokens.comercial, { nome: 'X', versao: 1 });
    expect(stale.status).toBe(409);

    const opcoes = await call('GET', `${base}/opcoes`, tokens.comercial);
    expect(opcoes.body).toEqual([{ id, nome: 'Ana Souza', ativo: false }]);
  });

  it('is closed to estoque (spec: admin and comercial only)', async () => {
    expect((await call('GET', base, tokens.estoque)).status).toBe(403);
    expect((await call('GET', `${base}/usuarios`, tokens.estoque)).status).toBe(403);
    expect((await call('GET', base, tokens.admin)).status).toBe(200);
  });
});

describe('grupos, segmentos, situações and regiões', () => {
  for (const [path, label] of [
    ['grupos', 'um grupo empresarial'],
    ['segmentos', 'um segmento'],
    ['situacoes', 'uma situação'],
    ['regioes', 'uma região de entrega'],
  ] as const) {
    const base = `/api/cadastros/${path}`;
    it(`${path}: CRUD, unique name ignoring accents and case, 409 on stale version, search`, async () => {
      const created = await call('POST', base, tokens.estoque, {
        nome: 'São José Norte',
        descricao: 'Primeiro',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        nome: 'São José Norte',
        descricao: 'Primeiro',
        ativo: true,
        versao: 1,
      });
      const id = created.body.id as string;

      const dup = await call('POST', base, tokens.comercial, { nome: 'SAO JOSE NORTE' });
      expect(dup.status).toBe(409);
      expect(dup.body.details?.fields).toEqual({ nome: [`Já existe ${label} com este nome.`] });

      const empty = await call('POST', base, tokens.comercial, { nome: '  ' });
      expect(empty.body.details?.fields).toEqual({ nome: ['Nome é obrigatório'] });

      const upd = await call('PUT', `${base}/${id}`, tokens.comercial, { nome: 'São José Sul', versao: 1 });
      expect(upd.body).toMatchObject({ nome: 'São José Sul', descricao: null, versao: 2 });
      expect((await call('PUT', `${base}/${id}`, tokens.comercial, { nome: 'Z', versao: 1 })).status).toBe(
        409,
      );

      const found = await call('GET', `${base}?q=sao%20jose`, tokens.comercial);
      expect((found.body.items as { nome: string }[]).map((r) => r.nome)).toEqual(['São José Sul']);

      expect((await call('GET', base, tokens.financeiro)).status).toBe(403);
      expect((await call('DELETE', `${base}/${id}`, tokens.estoque)).status).toBe(204);
      const audit = rowsOf<{ acao: string }>(
        await t.db.execute(sql`select acao from audit_log where registro_id = ${id} order by id`),
      );
      expect(audit.map((a) => a.acao)).toEqual(['criacao', 'alteracao', 'exclusao']);
    });
  }

  it('situação keeps bloqueia_vendas; região keeps days, municipalities and CEP ranges', async () => {
    const s = await call('POST', '/api/cadastros/situacoes', tokens.comercial, {
      nome: 'Bloqueado',
      bloqueia_vendas: true,
    });
    expect(s.body.bloqueia_vendas).toBe(true);

    const r = await call('POST', '/api/cadastros/regioes', tokens.comercial, {
      nome: 'Grande Florianópolis',
      dias_entrega: [4, 2, 2],
      municipios: ['4205407', '4216602'],
      faixas_cep: [{ inicio: '88000-000', fim: '88199-999' }],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      dias_entrega: [2, 4],
      municipios: ['4205407', '4216602'],
      faixas_cep: [{ inicio: '88000000', fim: '88199999' }],
    });
    const bad = await call('POST', '/api/cadastros/regioes', tokens.comercial, {
      nome: 'Inválida',
      municipios: ['9999999'],
      faixas_cep: [{ inicio: '99000000', fim: '88000000' }],
    });
    expect(bad.body.details?.fields).toEqual({
      'municipios.0': ['Município não encontrado na lista do IBGE'],
      'faixas_cep.0.fim': ['CEP inicial maior que o final'],
    });

    // a region used by a customer cannot be deleted
    const c = await call('POST', '/api/cadastros/clientes', tokens.comercial, {
      tipo_pessoa: 'F',
      documento: '935.411.347-80',
      razao_social: 'Cliente de Floripa',
      regiao_id: r.body.id,
      situacao_id: s.body.id,
    });
    expect(c.body).toMatchObject({
      regiao_nome: 'Grande Florianópolis',
      situacao_nome: 'Bloqueado',
      situacao_bloqueia_vendas: true,
    });
    const refused = await call('DELETE', `/api/cadastros/regioes/${r.body.id}`, tokens.comercial);
    expect(refused.status).toBe(409);
    expect(refused.body.details?.referenciadoPor).toBe('clientes');

    // a reference to a missing register is a field error, not a 500
    const missing = await call('POST', '/api/cadastros/clientes', tokens.comercial, {
      tipo_pessoa: 'F',
      documento: '123.456.789-09',
      razao_social: 'Sem grupo',
      grupo_id: crypto.randomUUID(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details?.fields).toEqual({ grupo_id: ['Grupo empresarial não encontrado'] });
  });
});

describe('search normalisation', () => {
  it('erp_normaliza() in SQL and normalizaBusca() in TypeScript agree', async () => {
    const text = 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ áàâãäåéèêëíìîïóòôõöúùûüçñýÿ São José D’Ávila 12.ABC.345/01DE-35';
    const rows = rowsOf<{ n: string }>(await t.db.execute(sql`select erp_normaliza(${text}) as n`));
    expect(rows[0]!.n).toBe(normalizaBusca(text));
    expect(rows[0]!.n).toBe(
      'aaaaaaeeeeiiiiooooouuuucny aaaaaaeeeeiiiiooooouuuucnyy sao jose d’avila 12.abc.345/01de-35',
    );
  });
});
