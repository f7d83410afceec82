import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// The DANFE (PDF) of an incoming NF-e from its screen (/notasfiscais/entrada/:id) as the comercial
// role: the button fetches GET /api/notasfiscais/entrada/:id/danfe and opens the PDF; the PDF holds
// the note's número (pdftotext when installed). With E2E_SCREENSHOTS=<dir> it saves the screen.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('notas fiscais de entrada: DANFE (PDF)', () => {
  it('the incoming note screen opens the DANFE of its XML', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/notasfiscais/entrada');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('main a[href^="/notasfiscais/entrada/"]').first().click();
    await page.getByRole('article', { name: 'DANFE' }).waitFor();
    const titulo = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const numero = /NF-e nº (\d+)/.exec(titulo)?.[1];
    expect(numero, titulo).toBeTruthy();
    const resposta = page.waitForResponse((r) => /\/api\/notasfiscais\/entrada\/[^/]+\/danfe$/.test(r.url()));
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'DANFE (PDF)' }).click();
    const r = await resposta;
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toBe('application/pdf');
    await (await popup).close();
    // the same document fetched through the API (the browser keeps no body of a blob it handed on)
    const login = await context.request.post('/auth/v1/token?grant_type=password', {
      data: { email: demoEmail('comercial'), password: DEMO_PASSWORD },
    });
    const token = (await login.json()).access_token as string;
    const pdf = await (
      await context.request.get(r.url(), { headers: { Authorization: `Bearer ${token}` } })
    ).body();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    try {
      const f = path.join(mkdtempSync(path.join(tmpdir(), 'danfe-e2e-')), 'danfe.pdf');
      writeFileSync(f, pdf);
      const texto = execFileSync('pdftotext', ['-layout', f, '-'], { encoding: 'utf8' });
      expect(texto).toContain(`Nº ${numero!.padStart(9, '0').replace(/(\d{3})(?=\d)/g, '$1.')}`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    const dir = process.env.E2E_SCREENSHOTS;
    if (dir) {
      await page.screenshot({ path: path.join(dir, 'danfe-entrada-desktop.png'), fullPage: false });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(dir, 'danfe-entrada-celular.png'), fullPage: false });
    }
    await context.close();
  });
});
