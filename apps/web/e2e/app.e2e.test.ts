import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the built app', () => {
  it('loads with the product title and pt-BR language', async () => {
    const { page, context } = await newPage(browser);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    // the served document carries the product name; once the app runs, the title names the screen
    expect(await res?.text()).toContain('<title>Plataforma ERP</title>');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    await page.waitForURL((u) => u.pathname === '/auth');
    await expect.poll(() => page.title()).toBe('Entrar · Plataforma ERP');
    await context.close();
  });

  it('serves hashed assets with a long cache and index.html without', async () => {
    const { page, context } = await newPage(browser);
    const res = await page.goto('/');
    expect(res?.headers()['cache-control']).toBe('no-cache');
    const script = await page.getAttribute('script[type="module"]', 'src');
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const asset = await page.request.get(script!);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await context.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/rota/que/nao/existe');
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    await context.close();
  });
});
