import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { waitForMailInDir } from '../../../server/src/test/smtp-capture.ts';

export const baseURL = () => inject('baseURL');
export const DEMO_PASSWORD = 'demo12345';
export const demoEmail = (who: 'admin' | 'comercial' | 'estoque' | 'financeiro' | 'semacesso') =>
  `${who}@demo.erp.br`;

/** System Chromium driven by playwright-core (no downloaded browser). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<{
  context: BrowserContext;
  page: Page;
}> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: opts.viewport ?? { width: 1366, height: 900 },
  });
  // Toasts sit at the top right, over the page header's buttons, and a pointer resting on one keeps
  // every toast open (sonner pauses them on hover): after a click on a header button the next toast
  // lands under the pointer and stays, and the next click there waits on it (CI on a loaded host: a
  // 15 s timeout in the returns and users tests). A person moves the mouse or closes the toast; the
  // tests click through the toasts instead, which still show and close on their own.
  await context.addInitScript(() => {
    const css = '[data-sonner-toaster], [data-sonner-toaster] * { pointer-events: none !important; }';
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signs in through the real /auth screen. */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Sets the SEFAZ double's scenario (e.g. `{ fora: ['SP'] }`: SEFAZ-SP down); `null` resets it. */
export async function cenarioSefaz(cenario: Record<string, unknown> | null) {
  const url = `${inject('sefazControle')}/${cenario ? 'cenario' : 'reinicia'}`;
  const res = await fetch(url, { method: 'POST', body: JSON.stringify(cenario ?? {}) });
  if (!res.ok) throw new Error(`cenário da SEFAZ: ${res.status}`);
}

export function waitForMail(to: string, subject?: RegExp) {
  return waitForMailInDir(inject('mailDir'), to, subject);
}
