import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, demoEmail, launchBrowser, newPage, signInAs, waitForMail } from './support/browser.ts';

let browser: Browser;
const stamp = Date.now().toString(36);

// A confirmed account for the recovery test, created first: one e-mail per address per minute,
// so its recovery e-mail can only be asked for a minute after its confirmation e-mail.
const recoveryUser = { email: `recupera-${stamp}@teste.com.br`, password: 'senha-original-1' };
let recoveryUserReadyAt = 0;
// signed up through the screen by the first test, reused by the session test
const newUser = { email: `novo-${stamp}@teste.com.br`, password: 'senha-da-nina-1' };

const linkIn = (text: string) => {
  const m = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text);
  if (!m) throw new Error(`sem link em: ${text.slice(0, 300)}`);
  return m[0];
};

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseURL()}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: recoveryUser.email,
      password: recoveryUser.password,
      data: { name: 'Rita Recupera' },
    }),
  });
  if (!res.ok) throw new Error(`cadastro falhou: ${res.status} ${await res.text()}`);
  recoveryUserReadyAt = Date.now() + 61_000;
  const mail = await waitForMail(recoveryUser.email, /Confirme seu cadastro/);
  const confirmed = await fetch(linkIn(mail.text), { redirect: 'manual' });
  if (confirmed.status !== 303) throw new Error(`confirmação falhou: ${confirmed.status}`);
});
afterAll(() => browser?.close());

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

describe('/auth and /reset-password in Chromium', () => {
  it('sign-up clears the form; the e-mailed link confirms; sign-in lands on /', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/auth');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Plataforma ERP');
    await page.getByRole('tab', { name: 'Novo cadastro' }).click();
    const email = newUser.email;

    // validation on submit, re-run on change
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect.poll(() => page.getByText('Nome é obrigatório').isVisible()).toBe(true);
    expect(await page.getByText('E-mail inválido').isVisible()).toBe(true);
    expect(await page.getByText('A senha deve ter no mínimo 8 caracteres').isVisible()).toBe(true);
    await page.getByLabel('Nome').fill('Nina Nova');
    await expect.poll(() => page.getByText('Nome é obrigatório').count()).toBe(0);
    await page.getByLabel('E-mail').fill(`  ${email}  `);
    await page.getByLabel('Senha', { exact: true }).fill('senha-da-nina-1');
    await page.getByLabel('Confirmar senha').fill('senha-diferente');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect.poll(() => page.getByText('As senhas não coincidem').isVisible()).toBe(true);
    await page.getByLabel('Confirmar senha').fill('senha-da-nina-1');
    await expect.poll(() => page.getByText('As senhas não coincidem').count()).toBe(0);
    await page.getByRole('button', { name: 'Criar conta' }).click();

    await expect
      .poll(() => toast(page, 'Cadastro realizado com sucesso! Você já pode fazer login.').count())
      .toBe(1);
    // the card switches to "Entrar", says where the confirmation link went and fills in the e-mail
    expect(await page.getByRole('tab', { name: 'Entrar' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('aviso-email-enviado').textContent()).toBe(
      `Enviamos um link de confirmação para ${email}. Abra-o para ativar sua conta e depois entre com seu e-mail e senha. Não encontrou? Verifique também a pasta de spam.`,
    );
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    // the sign-up form was cleared
    await page.getByRole('tab', { name: 'Novo cadastro' }).click();
    expect(await page.getByLabel('Nome').inputValue()).toBe('');
    expect(await page.getByLabel('E-mail').inputValue()).toBe('');
    expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('');

    // not confirmed yet
    await page.getByRole('tab', { name: 'Entrar' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-da-nina-1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect
      .poll(() => toast(page, 'Por favor, confirme seu e-mail antes de fazer login').count())
      .toBe(1);

    const mail = await waitForMail(email, /Confirme seu cadastro/);
    expect(mail.subject).toBe('Confirme seu cadastro na Plataforma ERP');
    expect(mail.text).toContain('Olá, Nina Nova!');
    await page.goto(linkIn(mail.text));
    // the link signs in: back on / with the tokens gone from the address bar
    await page.waitForURL((u) => u.pathname === '/' && !u.hash.includes('access_token'));
    await context.close();

    const fresh = await newPage(browser);
    await signInAs(fresh.page, email, 'senha-da-nina-1');
    await expect.poll(() => toast(fresh.page, 'Login realizado com sucesso!').count()).toBe(1);
    expect(new URL(fresh.page.url()).pathname).toBe('/');
    await fresh.context.close();
  });

  it('a session ended on the server (sign-out everywhere) sends the browser to /auth', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, newUser.email, newUser.password);
    // from another device: sign in, then sign out everywhere
    const other = await fetch(`${baseURL()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(newUser),
    });
    const { access_token } = (await other.json()) as { access_token: string };
    const out = await fetch(`${baseURL()}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${access_token}` },
    });
    expect(out.status).toBe(204);
    // the next API call gets 401, the refresh is refused, the local session is dropped
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/auth');
    // the sign-in screen loads on demand: wait for it
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await context.close();
  });

  it('a wrong password shows "E-mail ou senha incorretos" and stays on /auth', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill(demoEmail('estoque'));
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada-1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => toast(page, 'E-mail ou senha incorretos').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await page.getByLabel('E-mail').isEnabled()).toBe(true);
    await context.close();
  });

  it('a broken recovery link shows "Link de recuperação inválido ou expirado" and goes to /auth', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/reset-password');
    await expect.poll(() => toast(page, 'Link de recuperação inválido ou expirado').count()).toBe(1);
    await page.waitForURL((u) => u.pathname === '/auth');
    // an expired or used link arrives with an error fragment
    await page.goto(
      '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    await page.waitForURL((u) => u.pathname === '/auth');
    await expect
      .poll(() => toast(page, 'Link de recuperação inválido ou expirado').count())
      .toBeGreaterThan(0);
    await context.close();
  });

  it('forgot password → e-mail → link → new password → sign in with it', async () => {
    const wait = recoveryUserReadyAt - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const { page, context } = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    expect(await page.getByRole('heading', { name: 'Recuperar senha' }).isVisible()).toBe(true);
    await page.getByLabel('E-mail').fill(recoveryUser.email);
    await page.getByRole('button', { name: 'Enviar link de recuperação' }).click();
    await expect
      .poll(() => toast(page, 'E-mail de recuperação enviado! Verifique sua caixa de entrada.').count())
      .toBe(1);
    expect(await page.getByText('Verifique sua caixa de entrada e também a pasta de spam.').isVisible()).toBe(
      true,
    );

    const mail = await waitForMail(recoveryUser.email, /Redefinição de senha/);
    const link = linkIn(mail.text);
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/reset-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Redefinir senha' }).isVisible()).toBe(true);
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-renovada-2');
    await page.getByLabel('Confirmar nova senha').fill('outra-coisa-2');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect.poll(() => page.getByText('As senhas não coincidem').isVisible()).toBe(true);
    await page.getByLabel('Confirmar nova senha').fill('senha-renovada-2');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect.poll(() => toast(page, 'Senha alterada com sucesso!').count()).toBe(1);
    await page.waitForURL((u) => u.pathname === '/auth');

    // the old password is gone, the new one works
    await page.getByLabel('E-mail').fill(recoveryUser.email);
    await page.getByLabel('Senha', { exact: true }).fill(recoveryUser.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => toast(page, 'E-mail ou senha incorretos').count()).toBe(1);
    await signInAs(page, recoveryUser.email, 'senha-renovada-2');

    // the same link a second time is refused
    const again = await newPage(browser);
    await again.page.goto(link);
    await again.page.waitForURL((u) => u.pathname === '/auth');
    await expect.poll(() => toast(again.page, 'Link de recuperação inválido ou expirado').count()).toBe(1);
    await again.context.close();
    await context.close();
  }, 120_000);
});
