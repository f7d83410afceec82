import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// /notasfiscais/saida against the real server and the local SEFAZ double the e2e setup starts
// (SEFAZ_URL_OVERRIDE, mutual TLS with the demo A1): a demo note «Assinada» transmitted from its
// page → «Autorizada» with SEFAZ's protocol; the carta de correção dialog refuses a short text in
// pt-BR and sends a valid one (nº 1 in the events); the list's «Inutilizar faixa» dialog checks the
// range. With E2E_SCREENSHOTS=<dir> it saves the screens at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `sefaz-${nome}.png`), fullPage: true });
}

describe('notas fiscais de saída: SEFAZ', () => {
  it('transmits a signed note, sends a carta de correção and checks the inutilização dialog', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/notasfiscais/saida?status=assinada');
    const linha = page.getByRole('row').filter({ hasText: 'Assinada' }).first();
    await linha.waitFor();
    await linha.getByRole('link').first().click();
    // the note's screen loads its code and then its data: wait for its heading (up to the page's timeout)
    await page.getByRole('heading', { level: 1, name: /^NF-e nº \d+/ }).waitFor();
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await toast(page, /^NF-e autorizada: protocolo \d{15}\.$/);
    await expect.poll(() => page.getByText('Autorizada', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('100 - Autorizado o uso da NF-e').first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Carta de correção' }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByRole('textbox', { name: /Correção/ }).fill('curta');
    await dialogo.getByRole('button', { name: 'Enviar carta de correção' }).click();
    await expect
      .poll(() => dialogo.getByText('A correção deve ter ao menos 15 caracteres.').isVisible())
      .toBe(true);
    // the counter counts what SEFAZ gets (blanks collapsed), against the CC-e's 1000
    expect(await dialogo.getByText(/^\d+ de 1000 caracteres$/).textContent()).toBe('5 de 1000 caracteres');
    await dialogo
      .getByRole('textbox', { name: /Correção/ })
      .fill('Endereço de entrega:  Rua das Flores, 100 ');
    expect(await dialogo.getByText(/^\d+ de 1000 caracteres$/).textContent()).toBe('40 de 1000 caracteres');
    await foto(page, 'cce-1366');
    await dialogo.getByRole('button', { name: 'Enviar carta de correção' }).click();
    await toast(page, /^Carta de correção nº 1 registrada: 135/);
    await expect
      .poll(() =>
        page
          .getByText(/Carta de correção nº 1/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await foto(page, 'nota-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    await foto(page, 'nota-390');

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/notasfiscais/saida');
    await page.getByRole('button', { name: 'Inutilizar faixa' }).click();
    const inut = page.getByRole('dialog');
    await inut.getByRole('textbox', { name: /Número inicial/ }).fill('20');
    await inut.getByRole('textbox', { name: /Número final/ }).fill('10');
    await inut.getByRole('textbox', { name: /Justificativa/ }).fill('curta');
    expect(await inut.getByText(/^\d+ de 255 caracteres$/).textContent()).toBe('5 de 255 caracteres');
    await inut.getByRole('button', { name: 'Inutilizar' }).click();
    await expect
      .poll(() => inut.getByText('O número final deve ser maior ou igual ao inicial.').isVisible())
      .toBe(true);
    await foto(page, 'inutilizar-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await foto(page, 'inutilizar-390');
    await context.close();
  });
});
