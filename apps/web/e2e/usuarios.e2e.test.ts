import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs, waitForMail } from './support/browser.ts';

// Users administration end to end: an admin invites a person (the invitation read from the real
// SMTP server), the person sets a password and signs in, the admin gives them the estoque role and
// their menu changes; the audit screen shows these events.

let browser: Browser;
let adminCtx: BrowserContext;
let admin: Page;
let userCtx: BrowserContext;
let user: Page;

const stamp = Date.now().toString(36);
const email = `iris.${stamp}@teste.com.br`;
const nome = `Íris Convidada ${stamp}`;
const senha = 'senha-da-iris-123';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context: adminCtx, page: admin } = await newPage(browser));
  ({ context: userCtx, page: user } = await newPage(browser));
  await signInAs(admin, demoEmail('admin'));
});
afterAll(async () => {
  await adminCtx?.close();
  await userCtx?.close();
  await browser?.close();
});

const row = (page: Page, who: string) => page.locator(`tr[data-usuario="${who}"]`);

/** The top-level entries of the sidebar, in order. */
async function menuGroups(page: Page): Promise<string[]> {
  const nav = page.locator('aside nav[aria-label="Menu principal"]');
  await nav.waitFor();
  return nav.evaluate((el) =>
    Array.from(el.querySelectorAll(':scope > ul > li')).map((li) =>
      (li.querySelector('a, button')?.textContent ?? '').trim(),
    ),
  );
}

async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
}

describe('users administration', () => {
  it('the admin invites a person; the invitation arrives by e-mail', async () => {
    await admin.goto('/usuarios');
    await admin.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
    await admin.getByRole('button', { name: 'Convidar usuário' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Convidar usuário' });
    await dialog.getByLabel('Nome completo').fill(nome);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Cargo').fill('Conferente');
    await dialog.getByRole('button', { name: 'Enviar convite' }).click();
    await toast(admin, `Convite enviado para ${email}.`);
    await dialog.waitFor({ state: 'hidden' });

    await admin.getByLabel('Buscar').fill(stamp);
    await row(admin, email).waitFor();
    expect(await row(admin, email).getByText('Convite pendente').isVisible()).toBe(true);
    expect(await row(admin, email).getByText('Sem papel').isVisible()).toBe(true);
    expect(await row(admin, email).getByText('Nunca').isVisible()).toBe(true);
    await admin.waitForURL((u) => u.searchParams.get('q') === stamp);
  });

  it('the person follows the link, sets a password and signs in with only Dashboard and Perfil', async () => {
    const mail = await waitForMail(email, /^Convite para a Plataforma ERP$/);
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    await user.goto(link!);
    await user.waitForURL((u) => u.pathname === '/reset-password');
    await user.getByLabel('Nova senha', { exact: true }).fill(senha);
    await user.getByLabel('Confirmar nova senha').fill(senha);
    await user.getByRole('button', { name: 'Alterar senha' }).click();
    await toast(user, 'Senha alterada com sucesso!');
    await user.waitForURL((u) => u.pathname === '/auth');

    await signInAs(user, email, senha);
    expect(await menuGroups(user)).toEqual(['Dashboard', 'Perfil']);
  });

  it('the admin gives the person the estoque role; their menu gains Estoque without signing in again', async () => {
    await admin.reload();
    await row(admin, email).getByText('Ativo', { exact: true }).waitFor();
    await admin.getByRole('button', { name: `Ações para ${nome}` }).click();
    await admin.getByRole('menuitem', { name: 'Editar' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Editar usuário' });
    await dialog.getByRole('checkbox', { name: 'Estoque' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(admin, 'Usuário atualizado com sucesso!');
    await row(admin, email).getByText('Estoque', { exact: true }).waitFor();

    // same session, no reload: the page re-reads the roles from the server when the window regains focus
    await expect
      .poll(
        async () => {
          await user.evaluate(() => window.dispatchEvent(new Event('focus')));
          return menuGroups(user);
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toEqual(['Dashboard', 'Estoque', 'Cadastros Básicos', 'Perfil']);
    await user.goto('/estoque/produtos');
    await user.locator('main [data-page-heading]', { hasText: 'Produtos' }).waitFor();
    expect(new URL(user.url()).pathname).toBe('/estoque/produtos');
  });

  it('the audit screen shows the invitation, the role change and the sign-in', async () => {
    await admin.goto('/auditoria');
    await admin.getByRole('heading', { level: 1, name: 'Auditoria' }).waitFor();
    // the person's own actions
    await admin.getByLabel('Usuário').selectOption({ label: `${nome} (${email})` });
    await admin.waitForURL((u) => u.searchParams.has('usuario'));
    await expect
      .poll(async () => {
        const texts = await admin.locator('tbody tr[data-acao]').allInnerTexts();
        return texts.length > 0 && texts.every((t) => t.includes(email));
      })
      .toBe(true);
    const entrada = admin.locator('tr[data-acao="entrada"]').first();
    await entrada.waitFor();
    // the whole history of the person's account
    await entrada.getByTitle('Ver o histórico deste registro').click();
    await admin.waitForURL((u) => u.searchParams.get('registro') !== null && !u.searchParams.has('usuario'));
    const acoes = admin.locator('tbody tr[data-acao]');
    await expect
      .poll(() => acoes.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-acao'))))
      .toEqual(expect.arrayContaining(['convite', 'mudanca_papeis', 'entrada', 'troca_senha']));

    const convite = admin.locator('tr[data-acao="convite"]').last();
    expect(await convite.getByText('Convite', { exact: true }).isVisible()).toBe(true);
    expect(await convite.getByText(demoEmail('admin')).isVisible()).toBe(true);

    // detail of the role change: before → after
    const mudanca = admin.locator('tr[data-acao="mudanca_papeis"]').first();
    expect(await mudanca.getByText('Mudança de papéis').isVisible()).toBe(true);
    // the entity in pt-BR and the record by its name (the person's e-mail), not a table name or a UUID
    const mudancaCells = await mudanca.getByRole('cell').allInnerTexts();
    expect(mudancaCells[3]).toBe('Usuário');
    expect(mudancaCells[4]).toBe(email);
    await mudanca.getByRole('button', { name: /^Detalhes: Mudança de papéis/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Detalhes do registro de auditoria' });
    const change = dialog.getByRole('row', { name: /Papéis/ });
    await change.waitFor();
    const cells = await change.getByRole('cell').allTextContents();
    expect(cells[0]).toBe('Papéis');
    expect(cells[1]).toBe('—');
    expect(cells[3]).toBe('Estoque');
    const info = (label: string) => dialog.locator(`dt:text-is("${label}") + dd`);
    expect(await info('Entidade').textContent()).toBe('Usuário');
    // the name, then the raw id in small print
    expect(await info('Registro').locator(':scope > span').textContent()).toMatch(/^[0-9a-f-]{36}$/);
    expect(await info('Registro').textContent()).toMatch(
      new RegExp(`^${email.replace(/\./g, '\\.')}[0-9a-f-]{36}$`),
    );
    expect(await dialog.getByText(`Ana Administradora · ${demoEmail('admin')}`).isVisible()).toBe(true);
  });
});

describe('own profile (/perfil)', () => {
  const novaSenha = 'outra-senha-da-iris-456';
  let otherCtx: BrowserContext;
  let other: Page;
  afterAll(() => otherCtx?.close());

  /** Opens /perfil on the other device and returns the status of its first GET /api/me. */
  async function otherDeviceApiStatus() {
    const me = other.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
    await other.goto('/perfil');
    return (await me).status();
  }

  it('lists the sessions; changing the password needs the current one and signs out the other device', async () => {
    ({ context: otherCtx, page: other } = await newPage(browser));
    await signInAs(other, email, senha);

    await user.goto('/perfil');
    await user.getByRole('heading', { level: 1, name: 'Perfil' }).waitFor();
    expect(await user.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
    const sessoes = user.getByRole('list', { name: 'Sessões ativas' }).getByRole('listitem');
    await expect.poll(() => sessoes.count()).toBe(2);
    expect(await sessoes.filter({ hasText: 'Esta sessão' }).count()).toBe(1);
    expect(await sessoes.first().textContent()).toMatch(/Chrome no Linux.*Último uso: \d{2}\/\d{2}\/\d{4}/);

    await user.getByLabel('Senha atual').fill('senha-errada-000');
    await user.getByLabel(/^Nova senha/).fill(novaSenha);
    await user.getByLabel('Confirmar nova senha').fill(novaSenha);
    await user.getByRole('button', { name: 'Alterar senha' }).click();
    await user.getByText('Senha atual incorreta').waitFor();

    await user.getByLabel('Senha atual').fill(senha);
    await user.getByRole('button', { name: 'Alterar senha' }).click();
    await toast(user, 'Senha alterada com sucesso!');
    await expect.poll(() => sessoes.count()).toBe(1);

    // the other device's session is gone: the server refuses its very next request, its refresh is
    // refused too, and it lands on /auth
    expect(await otherDeviceApiStatus()).toBe(401);
    await other.waitForURL((u) => u.pathname === '/auth');
    // this one stays signed in
    await user.reload();
    await user.getByRole('heading', { level: 1, name: 'Perfil' }).waitFor();
  });

  it('"Encerrar outras sessões" signs out every other device', async () => {
    // a fresh browser for the second device (the old one still holds its dead session)
    await otherCtx.close();
    ({ context: otherCtx, page: other } = await newPage(browser));
    await signInAs(other, email, novaSenha);
    await user.reload();
    const sessoes = user.getByRole('list', { name: 'Sessões ativas' }).getByRole('listitem');
    await expect.poll(() => sessoes.count()).toBe(2);
    await user.getByRole('button', { name: 'Encerrar outras sessões' }).click();
    await user
      .getByRole('dialog', { name: 'Encerrar outras sessões' })
      .getByRole('button', { name: 'Encerrar sessões' })
      .click();
    await toast(user, '1 sessão encerrada.');
    await expect.poll(() => sessoes.count()).toBe(1);
    expect(await otherDeviceApiStatus()).toBe(401);
  });

  it('edits own name, cargo and departamento', async () => {
    await user.getByLabel('Nome completo').fill(`${nome} Silva`);
    await user.getByLabel('Departamento').fill('Logística');
    await user.getByRole('button', { name: 'Salvar alterações' }).click();
    await toast(user, 'Perfil atualizado com sucesso!');
    await user.goto('/');
    await user.getByText(`Bem-vindo, ${nome} Silva`).waitFor();
  });
});

describe('access profiles and general settings (admin)', () => {
  it('/configuracoes/perfis shows the roles × areas matrix and who holds each role', async () => {
    await admin.goto('/configuracoes/perfis');
    await admin.getByRole('heading', { level: 1, name: 'Perfis de Acesso' }).waitFor();
    const cell = (papel: string, area: string) =>
      admin.locator(`tr[data-area="${area}"] td[data-papel="${papel}"]`).textContent();
    expect(await cell('estoque', 'Estoque')).toBe(
      'Parcial: Posição de Estoque, Produtos, Entradas de Mercadorias, Locais de Estoque, Lotes',
    );
    expect(await cell('estoque', 'Financeiro')).toBe('Não');
    expect(await cell('comercial', 'Expedição')).toBe('Sim');
    expect(await cell('financeiro', 'Frota')).toBe('Sim');
    expect(await cell('comercial', 'Auditoria')).toBe('Não');
    expect(await cell('admin', 'Auditoria')).toBe('Sim');
    const estoque = admin
      .getByRole('region', { name: 'Estoque' })
      .or(admin.locator('[aria-labelledby="perfil-estoque"]'));
    await estoque.getByText(`${nome} Silva`).waitFor();
    expect(await estoque.getByText('Eduarda Estoque').isVisible()).toBe(true);
  });

  it('"Permitir novos cadastros" off hides the sign-up tab; on shows it again', async () => {
    const { context: anonCtx, page: anon } = await newPage(browser);
    const toggle = admin.getByRole('switch', { name: 'Permitir novos cadastros' });
    try {
      await admin.goto('/configuracoes');
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.click();
      await toast(admin, 'Novos cadastros bloqueados: só entra quem for convidado.');
      await anon.goto('/auth');
      await anon.getByRole('tab', { name: 'Entrar' }).waitFor();
      await expect.poll(() => anon.getByRole('tab', { name: 'Novo cadastro' }).count()).toBe(0);
    } finally {
      if ((await toggle.getAttribute('aria-checked')) === 'false') {
        await toggle.click();
        await toast(admin, 'Novos cadastros permitidos');
      }
    }
    await anon.reload();
    await anon.getByRole('tab', { name: 'Novo cadastro' }).waitFor();
    await anonCtx.close();
  });
});
