import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// «Faturar carga» against the real server (pg-boss queue on the embedded database) and the local
// SEFAZ double of the e2e setup, as the comercial user: the demo's conferida load is invoiced from
// /expedicao/faturamento, the progress reaches n of n authorised, the load shows Faturada and the
// driver's PDF (every DANFE + the romaneio) is fetched. With E2E_SCREENSHOTS=<dir> it saves the
// screen at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `faturamento-carga-${nome}.png`), fullPage: true });
}

describe('faturamento de cargas', () => {
  it('invoices a conferida load through the queue and downloads the driver’s documents', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/expedicao/faturamento');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Faturamento de Cargas' }).isVisible())
      .toBe(true);
    const lista = page.getByRole('list', { name: 'Cargas conferidas' });
    const item = lista.getByRole('button').filter({ hasText: 'Conferida' }).first();
    await item.waitFor();
    await item.click();
    const faturar = page.getByRole('button', { name: 'Faturar carga' });
    await faturar.waitFor();
    // the queue starts a few seconds after the server: retry while it answers 503
    for (let i = 0; i < 20; i++) {
      await faturar.click();
      const ok = await page
        .locator('[data-sonner-toast]')
        .filter({ hasText: /enviados? para faturamento/ })
        .first()
        .waitFor({ timeout: 3000 })
        .then(() => true)
        .catch(() => false);
      if (ok) break;
    }
    // the load turns faturada (every note authorised): the driver's documents appear
    await expect
      .poll(() => page.getByRole('button', { name: 'Documentos do motorista' }).isVisible(), {
        timeout: 120_000,
        interval: 1000,
      })
      .toBe(true);
    const barra = page.getByRole('progressbar', { name: 'Pedidos faturados' });
    const total = await barra.getAttribute('aria-valuemax');
    expect(Number(total)).toBeGreaterThan(0);
    await expect.poll(() => barra.getAttribute('aria-valuenow')).toBe(total);
    await foto(page, '1366');
    const [popup, resposta] = await Promise.all([
      page.waitForEvent('popup'),
      page.waitForResponse((r) => r.url().endsWith('/documentos.pdf')),
      page.getByRole('button', { name: 'Documentos do motorista' }).click(),
    ]);
    expect(resposta.status()).toBe(200);
    expect(resposta.headers()['content-type']).toBe('application/pdf');
    await popup.close();

    const celular = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(celular.page, demoEmail('comercial'));
    await celular.page.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await celular.page.getByRole('button', { name: 'Documentos do motorista' }).waitFor();
    await foto(celular.page, '390');
    await celular.context.close();
    await context.close();
  }, 240_000);
});
