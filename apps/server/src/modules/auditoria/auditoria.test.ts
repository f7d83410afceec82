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
      registro_id: u.userId,
      user_agent: 'Mozilla/5.0 Teste',
    });
    const d = await detail(item.id);
    expect(d.alteracoes).toEqual([
      { campo: 'cargo', antes: null, depois: 'Vendedor' },
      { campo: 'nome_completo', antes: 'Bruno Antigo', depois: 'Bruno Novo' },
    ]);
    // bookkeeping columns alone are not "changes"
    expect(Object.keys(d.depois ?? {})).not.toContain('updated_at');
  });
});

describe('audit rows of a customer edit', () => {
  it('a customer edited through its API shows on the audit screen with the changed fields before → after', async () => {
    const comercial = await t.signIn(['comercial'], { nome: 'Carla Comercial' });
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
      limite_credito: '1.000,00',
    };
    const created = await t.request('POST', '/api/cadastros/clientes', {
      token: comercial.token,
      body: cliente,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const edited = await t.request('PUT', `/api/cadastros/clientes/${id}`, {
      token: comercial.token,
      body: { ...cliente, razao_social: 'Mercado Alfa Centro Ltda', limite_credito: '2.500,75', versao: 1 },
      headers: { 'User-Agent': 'Navegador do Comercial' },
    });
    expect(edited.status).toBe(200);

    const page = await list(`tabela=clientes&registro=${id}`);
    expect(page.items.map((i) => i.acao)).toEqual(['alteracao', 'criacao']);
    expect(page.items[0]).toMatchObject({
      user_id: comercial.userId,
      user_email: comercial.email,
      user_nome: 'Carla Comercial',
      user_agent: 'Navegador do Comercial',
      tabela: 'clientes',
      registro_id: id,
    });
    const d = await detail(page.items[0]!.id);
    // exactly the changed fields: not the version counter, not the derived search text
    expect(d.alteracoes).toEqual([
      { campo: 'limite_credito', antes: 1000, depois: 2500.75 },
      { campo: 'razao_social', antes: 'Mercado Alfa Ltda', depois: 'Mercado Alfa Centro Ltda' },
    ]);
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
    expect(entidades).toContainEqual({ tabela: 'user_profiles', rotulo: 'Perfis de usuário' });
    expect(entidades).toContainEqual({ tabela: 'users', rotulo: 'Usuários' });
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
      'Data/hora;Usuário;E-mail;Ação;Entidade;Registro;Alterações (antes → depois);IP;Navegador',
    );
    expect(lines[1]).toBe(
      `05/03/2026 10:04:05;"'=HYPERLINK(""http://mal"")";${who.email};Mudança de papéis;Usuários;${who.userId};` +
        `"Papéis: [] → [""estoque""]";10.0.0.1;"Navegador; com ponto e vírgula"`,
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
