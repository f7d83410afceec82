import type { Browser } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginasPdf } from '../../server/src/test/pdf-texto.ts';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';
import { baixa, foto, LINHAS } from './support/relatorios.ts';

// The stock and finance reports (issue 35, reports 4 and 5) end to end on the demo data. The stock
// clerk opens Relatórios › Giro de Estoque from the menu (his only report), sees the products of the
// last three months with their turnover, switches to «Estoque parado», and exports XLSX — read back
// equal to the screen's first row. The finance user opens Posição Financeira: the receivables'
// aging, the DRE and the weekly cash flow; the PDF of the DRE is read back. Nothing is written.
// With E2E_SCREENSHOTS=<dir> it saves each view at 1280 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hojeSp = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

describe('Relatórios de estoque e financeiro', () => {
  it('Giro de Estoque: the clerk’s menu, the turnover, estoque parado, XLSX equal to the screen', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAs(page, demoEmail('estoque'));
      const menu = page.locator('aside nav[aria-label="Menu principal"]');
      await menu.getByRole('button', { name: 'Relatórios' }).click();
      await menu.getByRole('link', { name: 'Giro de Estoque' }).click();
      await page.waitForURL((u) => u.pathname === '/relatorios/giro-estoque');
      const hoje = hojeSp();
      const d = new Date(Date.UTC(Number(hoje.slice(0, 4)), Number(hoje.slice(5, 7)) - 3, 1));
      const de = d.toISOString().slice(0, 10);
      await page.goto(`/relatorios/giro-estoque?de=${de}&ate=${hoje}`);
      const linhas = page.locator(LINHAS);
      await expect.poll(() => linhas.count()).toBeGreaterThan(3);
      await expect.poll(() => page.getByLabel('Resumo').getByText('Giro no período').count()).toBe(1);
      const primeira = (await linhas.first().locator('td').allInnerTexts()).map((t) => t.trim());
      await foto(page, 'giro-estoque');

      const xlsx = await baixa(page, 'Exportar XLSX');
      expect(xlsx.nome).toMatch(/^giro-estoque-giro-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const planilha = await readSheet(xlsx.bytes);
      expect(planilha[0]?.[0]).toBe('Giro e Cobertura de Estoque');
      const i = planilha.findIndex((l) => l[0] === 'Produto');
      expect(planilha[i + 1]?.[0]).toBe(primeira[0]);
      expect(planilha.at(-1)?.[0]).toBe('Total');

      await page.getByLabel('Visão').selectOption('parado');
      await page.waitForURL((u) => u.searchParams.get('visao') === 'parado');
      await expect.poll(() => page.getByLabel('Resumo').getByText('Valor parado').count()).toBe(1);
      await foto(page, 'giro-estoque-parado');
      await page.getByLabel('Visão').selectOption('validade');
      await page.waitForURL((u) => u.searchParams.get('visao') === 'validade');
      await page.waitForTimeout(500);
      await foto(page, 'giro-estoque-validade');
    } finally {
      await context.close();
    }
  });

  it('Posição Financeira: aging, DRE and cash flow; the DRE’s PDF read back', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAs(page, demoEmail('financeiro'));
      const menu = page.locator('aside nav[aria-label="Menu principal"]');
      await menu.getByRole('button', { name: 'Relatórios' }).click();
      await menu.getByRole('link', { name: 'Posição Financeira' }).click();
      await page.waitForURL((u) => u.pathname === '/relatorios/posicao-financeira');
      const linhas = page.locator(LINHAS);
      await expect.poll(() => linhas.count()).toBeGreaterThan(2);
      await expect.poll(() => page.getByLabel('Resumo').getByText('Em aberto').count()).toBe(1);
      await foto(page, 'posicao-aging');

      await page.getByLabel('Visão').selectOption('dre');
      await page.waitForURL((u) => u.searchParams.get('visao') === 'dre');
      await expect.poll(() => page.getByRole('cell', { name: 'Resultado' }).count()).toBe(1);
      // no summed column: the result is a row, and no empty Total line closes the table
      expect(await page.locator('table tfoot').count()).toBe(0);
      await foto(page, 'posicao-dre');
      const pdf = await baixa(page, 'Exportar PDF');
      expect(pdf.nome).toMatch(/^posicao-financeira-dre-.*\.pdf$/);
      const texto = paginasPdf(pdf.bytes).join('\n');
      expect(texto).toContain('Posição Financeira');
      expect(texto).toContain('Visão: DRE gerencial');
      expect(texto).toMatch(/Resultado/);
      expect(texto).not.toMatch(/^Total/m);

      await page.getByLabel('Visão').selectOption('fluxo');
      await page.waitForURL((u) => u.searchParams.get('visao') === 'fluxo');
      await expect.poll(() => page.getByLabel('Resumo').getByText('Saldo realizado').count()).toBe(1);
      await foto(page, 'posicao-fluxo');
    } finally {
      await context.close();
    }
  });
});
