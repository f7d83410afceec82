import fs from 'node:fs';
import path from 'node:path';
import { formatBRL, type VendaPorProduto } from '@erp/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Issue 35: the dashboard's period selector and charts, on the demo data (six months of orders).
// The tooltip's figure is compared with the API's answer for the same period — the figure the
// server tests prove equal to hand-written SQL (dashboard-periodos.test.ts).
// DASHBOARD_SCREENSHOTS=<dir> also saves the page at 1366 px and at 390 px.

const norm = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ').trim();
const shots = process.env.DASHBOARD_SCREENSHOTS;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function dashboard(viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, viewport ? { viewport } : {});
  await signInAs(page, demoEmail('admin'));
  await page.getByRole('heading', { level: 2, name: 'Dashboard Comercial' }).waitFor();
  return page;
}

describe('dashboard period and charts', () => {
  it('changing the period reloads the cards and charts; a bar tooltip shows the API figure; the URL keeps it', async () => {
    const page = await dashboard();
    // este mês by default: the spec's title
    await page.getByRole('button', { name: /^Vendas do Mês/ }).waitFor();
    const resposta = page.waitForResponse(
      (r) =>
        r.url().includes('/api/dashboard/comercial/vendas-por-produto?') && r.url().includes('periodo=90d'),
    );
    await page.getByRole('combobox', { name: 'Período', exact: true }).selectOption('90d');
    const { linhas } = (await (await resposta).json()) as { linhas: VendaPorProduto[] };
    expect(linhas.length).toBeGreaterThan(0);
    await page.waitForURL((u) => u.searchParams.get('periodo') === '90d');
    await page.getByRole('button', { name: /^Vendas do Período/ }).waitFor();
    await expect.poll(() => page.getByTestId('variacao').count()).toBeGreaterThan(0);

    // hover the first product's bar: the tooltip names it with its value, as the API says
    const grafico = page.getByTestId('grafico-top-produtos');
    const barra = grafico.locator('.recharts-bar-rectangle').first();
    await barra.waitFor();
    await barra.hover();
    const tooltip = grafico.getByTestId('chart-tooltip');
    await tooltip.waitFor();
    expect(norm(await tooltip.locator('div').first().textContent())).toBe(linhas[0]!.produto);
    expect(norm(await tooltip.getByTestId('chart-tooltip-valor').first().textContent())).toBe(
      norm(formatBRL(linhas[0]!.valor_total)),
    );
    // the same figures as a table for keyboard and screen-reader users
    await grafico.getByText('Ver tabela').click();
    expect(norm(await grafico.locator('tbody tr').first().locator('td').last().textContent())).toBe(
      norm(formatBRL(linhas[0]!.valor_total)),
    );
    // the sales chart is accessible by its summary
    await expect
      .poll(() =>
        page.getByTestId('grafico-vendas-periodo').getByRole('img').first().getAttribute('aria-label'),
      )
      .toMatch(/^Vendas por dia: /);

    // bookmarkable: a reload keeps the period
    await page.reload();
    await page.getByRole('button', { name: /^Vendas do Período/ }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Período', exact: true }).inputValue()).toBe('90d');
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.getByTestId('grafico-regioes').locator('.recharts-bar-rectangle').first().waitFor();
      await page.screenshot({ path: path.join(shots, 'dashboard-desktop.png'), fullPage: true });
    }
    await page.context().close();
  });

  it('on a 390 px phone the charts fit the screen', async () => {
    const page = await dashboard({ width: 390, height: 844 });
    await page.getByTestId('grafico-top-produtos').locator('.recharts-bar-rectangle').first().waitFor();
    const larguras = await page
      .locator('figure')
      .evaluateAll((fs) => fs.map((f) => Math.ceil(f.getBoundingClientRect().right)));
    for (const l of larguras) expect(l).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) await page.screenshot({ path: path.join(shots, 'dashboard-390.png'), fullPage: true });
    // a long top product's name (the demo's 90 days: «Papel Higiênico Folha Dupla Campo Verde 4 rolos»)
    // is truncated in its card instead of widening the page
    await page
      .getByText(/^Mais vendido: /)
      .first()
      .evaluate((e) => {
        e.textContent = `Mais vendido: ${'Papel Higiênico Folha Dupla Campo Verde 4 rolos '.repeat(2)}`;
      });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  });
});
