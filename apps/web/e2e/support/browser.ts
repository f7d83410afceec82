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

/**
 * Lets the open toasts go before a click near the top right. Toasts sit at the top right, over the
 * page header's buttons, and a pointer resting on one keeps every toast open (sonner pauses them
 * on hover): after a click on a header button the next toast lands under the pointer and stays,
 * and a click on the button beneath waits on it (CI on a slow host: 15 s). A person moves the
 * mouse; the test moves the pointer away and waits for the toasts to close.
 */
export async function deixaToastsFecharem(page: Page) {
  await page.mouse.move(0, 0);
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 30_000 });
}

export function waitForMail(to: string, subject?: RegExp) {
  return waitForMailInDir(inject('mailDir'), to, subject);
}
