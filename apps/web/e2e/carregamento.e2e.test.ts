import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Each screen's code loads on demand (a chunk per page, see each module's routes.tsx): the first
// load of the dashboard fetches none of the other screens' code, a screen that takes a moment shows
// the shell's spinner, and a screen whose code fails to load (a release replaced it) shows the error
// page inside the shell, with a reload.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const sidebar = '[aria-label="Menu principal"]';

describe('screens load on demand', () => {
  it('the dashboard loads without the code of other screens; opening one fetches its chunk', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.js')),
      );
    const before = await scripts();
    expect(before.some((p) => /\/assets\/dashboard-page-[\w-]+\.js$/.test(p))).toBe(true);
    expect(before.filter((p) => /\/assets\/notas-saida-page-[\w-]+\.js$/.test(p))).toEqual([]);
    expect(before.filter((p) => /\/assets\/kanban-page-[\w-]+\.js$/.test(p))).toEqual([]);

    await page.goto('/notasfiscais/saida');
    await page.getByRole('heading', { level: 1, name: 'Notas Fiscais de Saída' }).waitFor();
    expect((await scripts()).filter((p) => /\/assets\/notas-saida-page-[\w-]+\.js$/.test(p))).toHaveLength(1);
    await context.close();
  });

  it('a screen whose code takes a moment shows the spinner in the shell, then the screen', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/assets/kanban-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.locator(sidebar).getByRole('button', { name: 'Comercial' }).click();
    await page.locator(sidebar).getByRole('link', { name: 'Kanban de Pedidos' }).click();
    await page.getByRole('status', { name: 'Carregando a tela' }).waitFor();
    expect(await page.locator(sidebar).isVisible()).toBe(true);
    release();
    await page.getByRole('heading', { level: 1, name: 'Kanban de Pedidos' }).waitFor();
    expect(await page.getByRole('status', { name: 'Carregando a tela' }).count()).toBe(0);
    await context.close();
  });

  it('a screen whose code fails to load shows the error page inside the shell, with a reload', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.route('**/assets/notas-saida-page-*.js', (route) => route.abort('failed'));
    await page.locator(sidebar).getByRole('button', { name: 'Comercial' }).click();
    await page.locator(sidebar).getByRole('link', { name: 'Notas Fiscais', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Algo deu errado' }).waitFor();
    expect(await page.locator(sidebar).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Recarregar a página' }).isVisible()).toBe(true);
    // once the code is reachable again, the reload shows the screen
    await page.unroute('**/assets/notas-saida-page-*.js');
    await page.getByRole('button', { name: 'Recarregar a página' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notas Fiscais de Saída' }).waitFor();
    await context.close();
  });

  it('before the code runs, the page shows a spinner, not a blank screen', () => {
    const html = fs.readFileSync(new URL('../index.html', import.meta.url), 'utf8');
    expect(html).toMatch(
      /<div id="root">\s*<div class="boot">\s*<span role="status" aria-label="Carregando">/,
    );
  });
});
