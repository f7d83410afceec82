import type { AuditLogDetail, AuditLogPage } from '@erp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../lib/errors.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { csvCell } from './auditoria.service.ts';

let t: TestContext;
let admin: Awaited<ReturnType<TestContext['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn(['admin'], { email: 'auditor@teste.com.br', nome: 'Ana Auditora' });
});
afterAll(() => t.close());

async function list(query: string): Promise<AuditLogPage> {
  const res = await t.request('GET', `/api/auditoria?${query}`, admin);
  expect(res.status).toBe(200);
  return (await res.json()) as AuditLogPage;
}

async function detail(id: number): Promise<AuditLogDetail> {
  return (await (await t.request('GET', `/api/auditoria/${id}`, admin)).json()) as AuditLogDetail;
}

describe('access', () => {
  it('non-admins get 403 on every audit route; no token gets 401', async () => {
    for (const roles of [['comercial'], ['estoque'], ['financeiro'], []] as const) {
      const { token } = await t.signIn([...roles]);
      for (const path of [
        '/api/auditoria',
        '/api/auditoria/entidades',
        '/api/auditoria/export',
        '/api/auditoria/1',
      ]) {
        expect((await t.request('GET', path, { token })).status, `${roles} ${path}`).toBe(403);
        expect((await t.request('GET', path)).status).toBe(401);
      }
    }
  });
});

describe('audit rows of a business edit', () => {
  it('records who changed what, before → after, with IP and user agent; the detail lists the changed fields', async () => {
    const u = await t.signIn(['comercial'], { nome: 'Bruno Antigo' });
    const res = await t.request('PUT', '/api/me', {
      token: u.token,
      body: { nome_completo: 'Bruno Novo', cargo: 'Vendedor', departamento: null },
      headers: { 'User-Agent': 'Mozilla/5.0 Teste' },
    });
    expect(res.status).toBe(200);

    const page = await list(`tabela=user_profiles&registro=${u.userId}&acao=alteracao`);
    expect(page.total).toBe(1);
    const item = page.items[0]!;
    expect(item).toMatchObject({
      user_id: u.userId,
      user_email: u.email,
      user_nome: 'Bruno Novo',
      acao: 'alteracao',
      tabela: 'user_profiles',
      entidade: 'Perfil de usuário',
      registro_id: u.userId,
      registro_nome: u.email,
      motivo: null,
      user_agent: 'Mozilla/5.0 Teste',
    });
    const d = await detail(item.id);
    expect(d.alteracoes).toEqual([
      {
        campo: 'cargo',
        rotulo: 'Cargo',
        antes: null,
        depois: 'Vendedor',
        antes_texto: '',
        depois_texto: 'Vendedor',
      },
      {
        campo: 'nome_completo',
        rotulo: 'Nome completo',
        antes: 'Bruno Antigo',
        depois: 'Bruno Novo',
        antes_texto: 'Bruno Antigo',
        depois_texto: 'Bruno Novo',
      },
    ]);
    // bookkeeping columns alone are not "changes"
    expect(Object.keys(d.depois ?? {})).not.toContain('updated_at');
  });
});

const NBSP = '\u00a0';

/** The changed fields of a detail as "Campo: antes → depois" lines. */
const texts = (d: AuditLogDetail) =>
  d.alteracoes.map((c) => `${c.rotulo}: ${c.antes_texto} → ${c.depois_texto}`);

async function post(token: string, path: string, body: unknown): Promise<string> {
  const res = await t.request('POST', path, { token, body });
  expect(res.status, `${path} ${await res.clone().text()}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('readable audit: a customer', () => {
  const cliente = {
    tipo_pessoa: 'J',
    documento: '11.222.333/0001-81',
    razao_social: 'Mercado Alfa Ltda',
    nome_fantasia: 'Mercado Alfa',
    indicador_ie: '9',
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    codigo_municipio: '3550308',
    municipio: 'São Paulo',
    uf: 'SP',
    limite_credito: '15.000,50',
  };
  let comercial: Awaited<ReturnType<TestContext['signIn']>>;
  let id: string;
  let ids: Record<'ativa' | 'bloqueada' | 'grupo' | 'segmento' | 'regiao' | 'vendedor', string>;

  beforeAll(async () => {
    comercial = await t.signIn(['comercial'], { nome: 'Carla Comercial' });
    const token = comercial.token;
    ids = {
      ativa: await post(token, '/api/cadastros/situacoes', { nome: 'Em dia' }),
      bloqueada: await post(token, '/api/cadastros/situacoes', {
        nome: 'Inadimplente',
        bloqueia_vendas: true,
      }),
      grupo: await post(token, '/api/cadastros/grupos', { nome: 'Rede Alfa' }),
      segmento: await post(token, '/api/cadastros/segmentos', { nome: 'Supermercado' }),
      regiao: await post(token, '/api/cadastros/regioes', {
        nome: 'Capital e Campinas',
        dias_entrega: [1, 3, 5],
        municipios: ['3550308', '3509502'],
        faixas_cep: [{ inicio: '01000-000', fim: '01999-999' }],
      }),
      vendedor: await post(token, '/api/cadastros/vendedores', { nome: 'Vera Vendedora', comissao: '2,5' }),
    };
    id = await post(token, '/api/cadastros/clientes', { ...cliente, situacao_id: ids.ativa });
    const edited = await t.request('PUT', `/api/cadastros/clientes/${id}`, {
      token,
      body: {
        ...cliente,
        razao_social: 'Mercado Alfa Centro Ltda',
        limite_credito: '20.000,00',
        situacao_id: ids.bloqueada,
        grupo_id: ids.grupo,
        segmento_id: ids.segmento,
        regiao_id: ids.regiao,
        vendedor_id: ids.vendedor,
        ativo: false,
        versao: 1,
      },
      headers: { 'User-Agent': 'Navegador do Comercial' },
    });
    expect(edited.status).toBe(200);
  });

  it('the list names the entity in pt-BR and the record by its razão social (its current name)', async () => {
    const page = await list(`tabela=clientes&registro=${id}`);
    expect(page.items.map((i) => i.acao)).toEqual(['alteracao', 'criacao']);
    expect(page.items[0]).toMatchObject({
      user_id: comercial.userId,
      user_email: comercial.email,
      user_nome: 'Carla Comercial',
      user_agent: 'Navegador do Comercial',
      tabela: 'clientes',
      entidade: 'Cliente',
      registro_id: id,
      registro_nome: 'Mercado Alfa Centro Ltda',
      motivo: null,
    });
    expect(page.items[1]!.registro_nome).toBe('Mercado Alfa Centro Ltda');
  });

  it('the detail shows linked records by name, money as BRL, booleans as Sim/Não — exactly the changed fields', async () => {
    const [edit] = (await list(`tabela=clientes&registro=${id}&acao=alteracao`)).items;
    const d = await detail(edit!.id);
    expect(d).toMatchObject({ entidade: 'Cliente', registro_nome: 'Mercado Alfa Centro Ltda' });
    // not the version counter, not the derived search text
    expect(texts(d)).toEqual([
      'Ativo: Sim → Não',
      'Grupo empresarial:  → Rede Alfa',
      `Limite de crédito: R$${NBSP}15.000,50 → R$${NBSP}20.000,00`,
      'Razão social: Mercado Alfa Ltda → Mercado Alfa Centro Ltda',
      'Região de entrega:  → Capital e Campinas',
      'Segmento:  → Supermercado',
      'Situação: Em dia → Inadimplente',
      'Vendedor:  → Vera Vendedora',
    ]);
    // the raw values stay alongside
    expect(d.alteracoes.find((c) => c.campo === 'situacao_id')).toMatchObject({
      antes: ids.ativa,
      depois: ids.bloqueada,
    });
  });

  it('the creation shows IBGE codes as Município/UF, the document and CEP with their masks, codes in pt-BR', async () => {
    const [created] = (await list(`tabela=clientes&registro=${id}&acao=criacao`)).items;
    const byField = Object.fromEntries(
      (await detail(created!.id)).alteracoes.map((c) => [c.campo, c.depois_texto]),
    );
    expect(byField).toMatchObject({
      codigo_municipio: 'São Paulo/SP',
      documento: '11.222.333/0001-81',
      cep: '01310-100',
      tipo_pessoa: 'Pessoa jurídica',
      indicador_ie: '9 - Não contribuinte',
      limite_credito: `R$${NBSP}15.000,50`,
      situacao_id: 'Em dia',
      ativo: 'Sim',
    });
    expect(byField.created_at).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
  });

  it('a region reads its municipalities as Município/UF, its weekdays and CEP ranges', async () => {
    const [created] = (await list(`tabela=regioes_entrega&registro=${ids.regiao}`)).items;
    expect(created).toMatchObject({ entidade: 'Região de entrega', registro_nome: 'Capital e Campinas' });
    const d = await detail(created!.id);
    expect(texts(d).filter((l) => /^(Municípios|Dias de entrega|Faixas de CEP)/.test(l))).toEqual([
      'Dias de entrega:  → Segunda, Quarta, Sexta',
      'Faixas de CEP:  → 01000-000 a 01999-999',
      'Municípios:  → São Paulo/SP, Campinas/SP',
    ]);
  });

  it('a seller reads its commission as a percentage', async () => {
    const [created] = (await list(`tabela=vendedores&registro=${ids.vendedor}`)).items;
    expect(created).toMatchObject({ entidade: 'Vendedor', registro_nome: 'Vera Vendedora' });
    expect(texts(await detail(created!.id))).toContain('Comissão:  → 2,5%');
  });

  it('a deleted record keeps its name, read from its deletion row', async () => {
    const grupo = await post(comercial.token, '/api/cadastros/grupos', { nome: 'Grupo Efêmero' });
    expect((await t.request('DELETE', `/api/cadastros/grupos/${grupo}`, comercial)).status).toBe(204);
    const page = await list(`tabela=grupos_empresariais&registro=${grupo}`);
    expect(page.items.map((i) => [i.acao, i.entidade, i.registro_nome])).toEqual([
      ['exclusao', 'Grupo empresarial', 'Grupo Efêmero'],
      ['criacao', 'Grupo empresarial', 'Grupo Efêmero'],
    ]);
  });

  it('the CSV export shows the same names and formats', async () => {
    const res = await t.request(
      'GET',
      `/api/auditoria/export?tabela=clientes&registro=${id}&acao=alteracao`,
      admin,
    );
    const lines = (await res.text()).split('\r\n');
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};/);
    expect(lines[1]!.split(';').slice(1)).toEqual([
      'Carla Comercial',
      comercial.email,
      'Alteração',
      'Cliente',
      'Mercado Alfa Centro Ltda',
      id,
      'Ativo: Sim → Não | Grupo empresarial: — → Rede Alfa | ' +
        `Limite de crédito: R$${NBSP}15.000,50 → R$${NBSP}20.000,00 | ` +
        'Razão social: Mercado Alfa Ltda → Mercado Alfa Centro Ltda | Região de entrega: — → Capital e Campinas | ' +
        'Segmento: — → Supermercado | Situação: Em dia → Inadimplente | Vendedor: — → Vera Vendedora',
      '',
      'Navegador do Comercial',
    ]);
  });
});

describe('readable audit: account events and settings', () => {
  it('a refused sign-in shows its reason in pt-BR in the list and the detail', async () => {
    const who = await t.signIn([]);
    await t.db.execute(sql`update users set email_confirmed_at = null where id = ${who.userId}::uuid`);
    const res = await t.request('POST', '/auth/v1/token?grant_type=password', {
      body: { email: who.email, password: 'senha-de-teste-123' },
    });
    expect(res.status).toBe(400);
    const [falha] = (await list(`registro=${who.userId}&acao=falha_login`)).items;
    expect(falha).toMatchObject({
      entidade: 'Usuário',
      registro_nome: who.email,
      motivo: 'E-mail não confirmado',
    });
    expect(texts(await detail(falha!.id))).toEqual(['Motivo:  → E-mail não confirmado']);
  });

  it('a role change names the roles; a setting change names the setting', async () => {
    const who = await t.signIn(['comercial']);
    const changed = await t.request('PUT', `/api/usuarios/${who.userId}/papeis`, {
      token: admin.token,
      body: { roles: ['estoque', 'financeiro'] },
    });
    expect(changed.status).toBe(200);
    const [mudanca] = (await list(`registro=${who.userId}&acao=mudanca_papeis`)).items;
    expect(texts(await detail(mudanca!.id))).toEqual(['Papéis: Comercial → Estoque, Financeiro']);
    for (const permitir_novos_cadastros of [false, true]) {
      const res = await t.request('PUT', '/api/configuracoes/gerais', {
        token: admin.token,
        body: { permitir_novos_cadastros },
      });
      expect(res.status).toBe(200);
    }
    const [setting] = (await list('tabela=app_settings&acao=alteracao')).items;
    expect(setting).toMatchObject({
      entidade: 'Configuração',
      registro_id: 'permitir_novos_cadastros',
      registro_nome: 'Permitir novos cadastros',
    });
    expect(texts(await detail(setting!.id))).toEqual(['Valor: Não → Sim']);
  });
});

describe('filters and pagination', () => {
  it('filters by user, entity, action and period (business days in São Paulo)', async () => {
    const who = await t.signIn([]);
    // 02:30 UTC on the 10th is 23:30 of the 9th in São Paulo
    await t.db.execute(sql`insert into audit_log (occurred_at, user_id, user_email, acao, tabela, registro_id)
      values ('2026-01-10T02:30:00Z', ${who.userId}::uuid, ${who.email}, 'entrada', 'users', ${who.userId}),
             ('2026-01-10T03:30:00Z', ${who.userId}::uuid, ${who.email}, 'saida', 'users', ${who.userId}),
             ('2026-01-12T15:00:00Z', ${who.userId}::uuid, ${who.email}, 'falha_login', 'users', ${who.userId})`);
    const base = `usuario=${who.userId}`;
    expect((await list(`${base}&de=2026-01-09&ate=2026-01-09`)).items.map((i) => i.acao)).toEqual([
      'entrada',
    ]);
    expect((await list(`${base}&de=2026-01-10&ate=2026-01-10`)).items.map((i) => i.acao)).toEqual(['saida']);
    expect((await list(`${base}&de=2026-01-10`)).items.map((i) => i.acao)).toEqual(['falha_login', 'saida']);
    expect((await list(`${base}&acao=saida`)).items.map((i) => i.occurred_at)).toEqual([
      '2026-01-10T03:30:00.000Z',
    ]);
    expect((await list(`${base}&tabela=clientes`)).total).toBe(0);
    expect((await list(`${base}&dir=asc`)).items.map((i) => i.acao).slice(0, 3)).toEqual([
      'entrada',
      'saida',
      'falha_login',
    ]);

    const p1 = await list(`${base}&pageSize=2&page=1`);
    const p2 = await list(`${base}&pageSize=2&page=2`);
    expect(p1).toMatchObject({ total: 3, page: 1, pageSize: 2, totalLimitado: false });
    expect(p1.items.map((i) => i.acao)).toEqual(['falha_login', 'saida']);
    expect(p2.items.map((i) => i.acao)).toEqual(['entrada']);
  });

  it('rejects bad filters with pt-BR messages', async () => {
    const res = await t.request(
      'GET',
      '/api/auditoria?acao=apagar&de=2026-02-10&ate=2026-02-01&usuario=x',
      admin,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      details: { fields: { acao: ['Ação inválida'], usuario: ['Usuário inválido'] } },
    });
    const order = await t.request('GET', '/api/auditoria?de=2026-02-10&ate=2026-02-01', admin);
    expect(await order.json()).toMatchObject({
      details: { fields: { ate: ['A data final deve ser igual ou posterior à inicial'] } },
    });
    expect((await t.request('GET', '/api/auditoria/999999999', admin)).status).toBe(404);
  });

  it('lists the audited entities present in the log with pt-BR labels', async () => {
    const res = await t.request('GET', '/api/auditoria/entidades', admin);
    const entidades = (await res.json()) as { tabela: string; rotulo: string }[];
    expect(entidades).toContainEqual({ tabela: 'user_profiles', rotulo: 'Perfil de usuário' });
    expect(entidades).toContainEqual({ tabela: 'users', rotulo: 'Usuário' });
    expect(entidades).toContainEqual({ tabela: 'grupos_empresariais', rotulo: 'Grupo empresarial' });
    // in the order of their pt-BR names
    const rotulos = entidades.map((e) => e.rotulo);
    expect(rotulos).toEqual([...rotulos].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });
});

describe('CSV export', () => {
  it('exports the filtered log as ;-separated CSV with a BOM, pt-BR dates and labels', async () => {
    const who = await t.signIn([], { nome: '=HYPERLINK("http://mal")' });
    await t.db.execute(sql`insert into audit_log (occurred_at, user_id, user_email, acao, tabela, registro_id, antes, depois, ip, user_agent)
      values ('2026-03-05T13:04:05Z', ${who.userId}::uuid, ${who.email}, 'mudanca_papeis', 'users', ${who.userId},
        '{"roles": []}', '{"roles": ["estoque"]}', '10.0.0.1', 'Navegador; com ponto e vírgula')`);
    const res = await t.request('GET', `/api/auditoria/export?usuario=${who.userId}`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // UTF-8 BOM so spreadsheet programs read the accents right
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe(
      'Data/hora;Usuário;E-mail;Ação;Entidade;Registro;ID do registro;Alterações (antes → depois);IP;Navegador',
    );
    expect(lines[1]).toBe(
      `05/03/2026 10:04:05;"'=HYPERLINK(""http://mal"")";${who.email};Mudança de papéis;Usuário;${who.email};` +
        `${who.userId};Papéis: — → Estoque;10.0.0.1;"Navegador; com ponto e vírgula"`,
    );
    expect(lines.filter(Boolean)).toHaveLength(2);
  });

  it('neutralises formula-looking cells', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('normal')).toBe('normal');
  });
});

describe('append-only', () => {
  it('no route changes or deletes audit rows', async () => {
    const [row] = (await list('pageSize=1')).items;
    expect(row).toBeDefined();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const res = await t.request(method, `/api/auditoria/${row!.id}`, {
        token: admin.token,
        body: { acao: 'x' },
      });
      expect(res.status, method).toBe(404);
    }
    expect((await t.request('DELETE', '/api/auditoria', admin)).status).toBe(404);
    expect(await detail(row!.id)).toMatchObject({ acao: row!.acao, occurred_at: row!.occurred_at });
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of audit_log', async () => {
    const [row] = (await list('pageSize=1')).items;
    for (const stmt of [
      sql`update audit_log set acao = 'falsificada' where id = ${row!.id}`,
      sql`delete from audit_log where id = ${row!.id}`,
      sql`truncate audit_log`,
    ]) {
      const err = await t.db.execute(stmt).then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgErrorCode(err)).toBe('42501');
    }
    expect((await detail(row!.id)).acao).toBe(row!.acao);
  });
});
