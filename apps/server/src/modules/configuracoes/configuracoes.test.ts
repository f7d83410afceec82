import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { getSetting } from './settings.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('general settings', () => {
  it('"Permitir novos cadastros" defaults to on, is switched by an admin and the change is audited', async () => {
    const admin = await t.signIn(['admin']);
    expect(await (await t.request('GET', '/api/configuracoes/gerais', admin)).json()).toEqual({
      permitir_novos_cadastros: true,
      expedicao_exige_conferencia: true,
    });
    const off = await t.request('PUT', '/api/configuracoes/gerais', {
      token: admin.token,
      body: { permitir_novos_cadastros: false },
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ permitir_novos_cadastros: false, expedicao_exige_conferencia: true });
    expect(await getSetting(t.db, 'permitir_novos_cadastros')).toBe(false);

    await t.request('PUT', '/api/configuracoes/gerais', {
      token: admin.token,
      body: { permitir_novos_cadastros: true },
    });
    const audit = rowsOf<{ acao: string; user_id: string; antes: unknown; depois: unknown }>(
      await t.db.execute(sql`select acao, user_id, antes, depois from audit_log
        where tabela = 'app_settings' and registro_id = 'permitir_novos_cadastros' order by id`),
    );
    expect(audit.map((a) => [a.acao, a.user_id, a.antes && (a.antes as { valor: unknown }).valor])).toEqual([
      ['criacao', admin.userId, null],
      ['alteracao', admin.userId, false],
    ]);
    expect(audit[1]!.depois).toEqual({ valor: true });
  });

  it('switched off: sign-up is refused with a clear message, invitations still work', async () => {
    const admin = await t.signIn(['admin']);
    await t.request('PUT', '/api/configuracoes/gerais', {
      token: admin.token,
      body: { permitir_novos_cadastros: false },
    });
    const settings = (await (await t.request('GET', '/auth/v1/settings')).json()) as {
      disable_signup: boolean;
    };
    expect(settings.disable_signup).toBe(true);
    const signup = await t.request('POST', '/auth/v1/signup', {
      body: { email: 'novo.cadastro@teste.com.br', password: 'senha-forte-1', data: { name: 'Novo' } },
    });
    expect(signup.status).toBe(422);
    expect(await signup.json()).toMatchObject({ code: 'signup_disabled' });
    const invite = await t.request('POST', '/api/usuarios', {
      token: admin.token,
      body: { nome_completo: 'Convidada', email: 'convidada.cfg@teste.com.br', roles: [] },
    });
    expect(invite.status).toBe(201);

    await t.request('PUT', '/api/configuracoes/gerais', {
      token: admin.token,
      body: { permitir_novos_cadastros: true },
    });
    expect(
      ((await (await t.request('GET', '/auth/v1/settings')).json()) as { disable_signup: boolean })
        .disable_signup,
    ).toBe(false);
  });

  it('the generated JWT secret never enters the audit log', async () => {
    const { loadJwtSecret } = await import('../auth/jwt-secret.ts');
    await loadJwtSecret(t.db, undefined);
    const rows = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from audit_log where registro_id = 'jwt_secret'`),
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('validates the body and is admin only', async () => {
    const admin = await t.signIn(['admin']);
    const bad = await t.request('PUT', '/api/configuracoes/gerais', {
      token: admin.token,
      body: { permitir_novos_cadastros: 'sim' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      details: { fields: { permitir_novos_cadastros: ['Informe sim ou não'] } },
    });
    for (const roles of [['comercial', 'estoque', 'financeiro'], []] as const) {
      const { token } = await t.signIn([...roles]);
      expect((await t.request('GET', '/api/configuracoes/gerais', { token })).status).toBe(403);
      expect(
        (
          await t.request('PUT', '/api/configuracoes/gerais', {
            token,
            body: { permitir_novos_cadastros: false },
          })
        ).status,
      ).toBe(403);
    }
    expect(await getSetting(t.db, 'permitir_novos_cadastros')).toBe(true);
  });
});
