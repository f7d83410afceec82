import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs, waitForMail } from './support/browser.ts';

// Users administration end to end: an admin invites a person (the invitation read from the real
// SMTP server), the person sets a password and signs in, the admin gives them the estoque role and
// their menu changes; the audit screen shows these events. Invitations are resent (the e-mail sent,
// or not: the link to copy), and both lists hold on a 390 px phone.

let browser: Browser;
let adminCtx: BrowserContext;
let admin: Page;
let userCtx: BrowserContext;
let user: Page;

const stamp = Date.now().toString(36);
const email = `iris.${stamp}@teste.com.br`;
const nome = `Íris Convidada ${stamp}`;
const senha = 'senha-da-iris-123';
// two more pending invitations, resent at the end of the file (one e-mail per address per minute)
const rui = { nome: `Rui Reenvio ${stamp}`, email: `rui.${stamp}@teste.com.br` };
const lia = { nome: `Lia Sem Email ${stamp}`, email: `lia.${stamp}@teste.com.br` };
let invitedAt = 0;

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

/** The users table's row of this e-mail. */
const row = (page: Page, who: string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByText(who, { exact: true }) });

/** The audit table's rows (each has its "Detalhes" button); `acao` narrows to one action. */
const auditRows = (page: Page, acao?: string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: acao ? `Detalhes: ${acao} em` : /^Detalhes: / }) });

/** The action of each audit row, from its "Detalhes: <ação> em <data>" button. */
const auditActions = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('button', { name: /^Detalhes: / })
    .evaluateAll((buttons) =>
      buttons.map((b) => /^Detalhes: (.+) em /.exec(b.getAttribute('aria-label') ?? '')?.[1]),
    );

/** Invites a person through the "Convidar usuário" dialog (the e-mail goes out). */
async function invite(page: Page, who: { nome: string; email: string }) {
  await page.getByRole('button', { name: 'Convidar usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar usuário' });
  await dialog.getByLabel('Nome completo').fill(who.nome);
  await dialog.getByLabel('E-mail').fill(who.email);
  await dialog.getByRole('button', { name: 'Enviar convite' }).click();
  await toast(page, `Convite enviado para ${who.email}.`);
  await dialog.waitFor({ state: 'hidden' });
}

/** The invitation link of the newest e-mail to `to` (other than `not`, an older link). */
async function invitationLink(to: string, not?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = await waitForMail(to, /^Convite para a Plataforma ERP$/);
        link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0];
        return link !== undefined && link !== not;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

/** The top of `inner` is not under the dialog's sticky header (the box holding its title). */
async function clearOfDialogHeader(dialog: Locator, inner: Locator) {
  const header = await dialog
    .getByRole('heading')
    .first()
    .evaluate((h) => h.parentElement!.getBoundingClientRect().bottom);
  const top = (await inner.boundingBox())!.y;
  return top >= header;
}

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

  it('two more invitations stay pending (resent at the end)', async () => {
    await invite(admin, rui);
    await invite(admin, lia);
    invitedAt = Date.now();
    await row(admin, lia.email).getByText('Convite pendente').waitFor();
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
      .toEqual(['Dashboard', 'Estoque', 'Compras', 'Relatórios', 'Cadastros Básicos', 'Perfil']);
    await user.goto('/estoque/produtos');
    await user.locator('main [data-page-heading]', { hasText: 'Produtos' }).waitFor();
    expect(new URL(user.url()).pathname).toBe('/estoque/produtos');
  });

  it('the audit screen shows the invitation, the role change and the sign-in', async () => {
    await admin.goto('/auditoria');
    await admin.getByRole('heading', { level: 1, name: 'Auditoria' }).waitFor();
    // the person's own actions
    await admin.getByLabel('Usuário', { exact: true }).selectOption({ label: `${nome} (${email})` });
    await admin.waitForURL((u) => u.searchParams.has('usuario'));
    await expect
      .poll(async () => {
        const texts = await auditRows(admin).allInnerTexts();
        return texts.length > 0 && texts.every((t) => t.includes(email));
      })
      .toBe(true);
    const entrada = auditRows(admin, 'Entrada').first();
    await entrada.waitFor();
    // the whole history of the person's account
    await entrada.getByTitle('Ver o histórico deste registro').click();
    await admin.waitForURL((u) => u.searchParams.get('registro') !== null && !u.searchParams.has('usuario'));
    expect(await admin.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => auditActions(admin))
      .toEqual(expect.arrayContaining(['Convite', 'Mudança de papéis', 'Entrada', 'Troca de senha']));

    const convite = auditRows(admin, 'Convite').last();
    expect(await convite.getByText('Convite', { exact: true }).isVisible()).toBe(true);
    expect(await convite.getByText(demoEmail('admin')).isVisible()).toBe(true);

    // detail of the role change: before → after
    const mudanca = auditRows(admin, 'Mudança de papéis').first();
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
    // the first field is not under the sticky header
    expect(await clearOfDialogHeader(dialog, dialog.locator('dt', { hasText: 'Quando' }))).toBe(true);
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // a click on the row (not on its record link) opens its detail too
    await mudanca.getByRole('cell').first().click();
    await dialog.waitFor();
    await admin.keyboard.press('Escape');
  });

  it('an impossible date in the audit filters shows its error under the field without moving it', async () => {
    await admin.goto('/auditoria');
    const de = admin.getByRole('textbox', { name: 'De' });
    const ate = admin.getByRole('textbox', { name: 'Até' });
    const top = async (l: Locator) => (await l.boundingBox())!.y;
    const before = await top(de);
    expect(await top(ate)).toBe(before);
    await de.pressSequentially('31022026');
    await de.press('Tab');
    await admin.getByText('Data inválida. Use dd/mm/aaaa.').waitFor();
    expect(await top(de)).toBe(before);
    expect(await top(ate)).toBe(before);
    expect(await top(admin.getByRole('combobox', { name: 'Ação' }))).toBeLessThanOrEqual(before);
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
      'Parcial: Posição de Estoque, Produtos, Entradas de Mercadorias, Devoluções de Compra, Locais de Estoque, Lotes, Inventários, Unidades, Grupos, Categorias',
    );
    expect(await cell('estoque', 'Financeiro')).toBe('Não');
    expect(await cell('comercial', 'Expedição')).toBe('Sim');
    // issue 34: purchasing is the buyers'
    expect(await cell('estoque', 'Compras')).toBe('Sim');
    expect(await cell('comercial', 'Compras')).toBe('Não');
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

describe('resending an invitation', () => {
  /** "Reenviar convite" from the row menu of this person. */
  async function resend(page: Page, who: { nome: string }) {
    await page.getByRole('button', { name: `Ações para ${who.nome}` }).click();
    await page.getByRole('menuitem', { name: 'Reenviar convite' }).click();
  }

  it('waits out the one-e-mail-per-minute limit of the invitations above', async () => {
    await new Promise((r) => setTimeout(r, Math.max(0, invitedAt + 61_000 - Date.now())));
  }, 90_000);

  it('the e-mail goes out: a toast, and a new link arrives', async () => {
    const first = await invitationLink(rui.email);
    await admin.goto(`/usuarios?q=${stamp}`);
    await row(admin, rui.email).waitFor();
    await resend(admin, rui);
    await toast(admin, `Convite reenviado para ${rui.email}.`);
    expect(await invitationLink(rui.email, first)).not.toBe(first);
    expect(await admin.getByRole('dialog').count()).toBe(0);
  });

  it('the e-mail is not sent (no e-mail on the server): the link to copy instead of a toast', async () => {
    // this server has e-mail configured: its real answer is rewritten to the one a server without
    // it gives (the same new link, taken from the e-mail it did send)
    const first = await invitationLink(lia.email);
    let link = '';
    await admin.route('**/api/usuarios/*/reenviar-convite', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { email: string; convite: unknown };
      expect(body.convite).toEqual({ enviado: true, link: null });
      link = await invitationLink(lia.email, first);
      await route.fulfill({ response: res, json: { ...body, convite: { enviado: false, link } } });
    });
    await adminCtx.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      await resend(admin, lia);
      const dialog = admin.getByRole('dialog', { name: 'Novo convite gerado, e-mail não enviado' });
      await dialog.waitFor();
      expect(await dialog.getByText(`${lia.email} não recebeu o convite`).isVisible()).toBe(true);
      expect(await dialog.getByRole('textbox', { name: 'Link do convite' }).inputValue()).toBe(link);
      await dialog.getByRole('button', { name: 'Copiar link' }).click();
      await toast(admin, 'Link copiado.');
      expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(link);
      expect(
        await admin
          .locator('[data-sonner-toast]', { hasText: `Convite reenviado para ${lia.email}` })
          .count(),
      ).toBe(0);
      await dialog.getByRole('button', { name: 'Fechar' }).first().click();
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await admin.unroute('**/api/usuarios/*/reenviar-convite');
    }
  });
});

describe('phone (390 px)', () => {
  let phoneCtx: BrowserContext;
  let phone: Page;
  beforeAll(async () => {
    ({ context: phoneCtx, page: phone } = await newPage(browser, { viewport: { width: 390, height: 844 } }));
    await signInAs(phone, demoEmail('admin'));
  });
  afterAll(() => phoneCtx?.close());

  const noWiderThanScreen = () => phone.evaluate(() => document.documentElement.scrollWidth);

  it('/usuarios: a card per user with the key fields, filters behind "Filtros" with their count', async () => {
    await phone.goto('/usuarios');
    const cards = phone.getByRole('list', { name: 'Usuários' }).getByRole('listitem');
    const card = cards.filter({ hasText: demoEmail('estoque') });
    await card.waitFor();
    expect(await phone.getByRole('table').count()).toBe(0);
    expect(await card.locator('dt').allTextContents()).toEqual(['E-mail', 'Papéis', 'Último acesso']);
    expect(await card.getByText('Eduarda Estoque').isVisible()).toBe(true);
    expect(await card.getByText('Ativo', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Ações para Eduarda Estoque' }).isVisible()).toBe(true);
    expect(await noWiderThanScreen()).toBeLessThanOrEqual(390);

    const filtros = phone.getByRole('button', { name: /^Filtros/ });
    expect(await filtros.getAttribute('aria-expanded')).toBe('false');
    expect(await phone.getByRole('combobox', { name: 'Papel' }).isVisible()).toBe(false);
    await filtros.click();
    await phone.getByRole('combobox', { name: 'Papel' }).selectOption({ label: 'Estoque' });
    await expect.poll(() => filtros.getAttribute('aria-label')).toBe('Filtros (1 ativo)');
    await phone.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Ativo' });
    await expect.poll(() => filtros.getAttribute('aria-label')).toBe('Filtros (2 ativos)');
    await filtros.click();
    expect(await phone.getByRole('combobox', { name: 'Papel' }).isVisible()).toBe(false);
    await expect
      .poll(async () => {
        const texts = await cards.allTextContents();
        return texts.length > 0 && texts.every((t) => t.includes('Estoque') && t.includes('Ativo'));
      })
      .toBe(true);
  });

  it('/auditoria: a card per event, filters behind "Filtros" with their count, the detail clear of its header', async () => {
    await phone.goto('/auditoria');
    const cards = phone.getByRole('list', { name: 'Registros de auditoria' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(25);
    expect(await phone.getByRole('table').count()).toBe(0);
    const card = cards.first();
    expect(await card.locator('dt').allTextContents()).toEqual(['Usuário', 'Ação', 'Entidade', 'Registro']);
    expect(await card.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(await noWiderThanScreen()).toBeLessThanOrEqual(390);

    const filtros = phone.getByRole('button', { name: /^Filtros/ });
    expect(await phone.getByRole('combobox', { name: 'Ação' }).isVisible()).toBe(false);
    await filtros.click();
    await phone.getByRole('combobox', { name: 'Ação' }).selectOption({ label: 'Entrada' });
    await phone.getByRole('textbox', { name: 'De' }).pressSequentially('01012020');
    await expect.poll(() => filtros.getAttribute('aria-label')).toBe('Filtros (2 ativos)');
    expect(await filtros.getByText('2', { exact: true }).isVisible()).toBe(true);
    await filtros.click();
    await expect
      .poll(async () => {
        const texts = await cards.allTextContents();
        return texts.length > 0 && texts.every((t) => t.includes('Entrada'));
      })
      .toBe(true);
    expect(new URL(phone.url()).searchParams.get('de')).toBe('2020-01-01');

    // a tap on the card opens its detail; title and close stay in view, the first field clear of them
    await cards.first().locator('dt', { hasText: 'Entidade' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Detalhes do registro de auditoria' });
    const quando = dialog.locator('dt', { hasText: 'Quando' });
    await quando.waitFor();
    expect(await clearOfDialogHeader(dialog, quando)).toBe(true);
    const box = (await dialog.getByRole('button', { name: 'Fechar' }).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
