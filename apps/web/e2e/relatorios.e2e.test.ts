import path from 'node:path';
import type { Browser } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginasPdf } from '../../server/src/test/pdf-texto.ts';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';
import { baixa, foto, LINHAS } from './support/relatorios.ts';

// Relatórios end to end (issue 35) against the real server and its demo data (six months of sales).
// As the admin: Relatórios › Curva ABC from the menu, the period widened to the whole history in the
// URL; the class cards and the Pareto chart show; «Exportar XLSX» and «Exportar PDF» download what
// the screen shows — read back (read-excel-file, pdftotext): the title, the filters in the header and
// the first row equal to the screen's. Then Relatórios › Vendas by seller, a row opens its orders.
// Nothing is written. With E2E_SCREENSHOTS=<dir> it saves both reports at 1280 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ddmmaaaa = (iso: string) => iso.split('-').reverse().join('/');

describe('Relatórios', () => {
  it('Curva ABC: menu, classes and Pareto, XLSX and PDF equal to the screen', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAs(page, demoEmail('admin'));
      const menu = page.locator('aside nav[aria-label="Menu principal"]');
      await menu.getByRole('button', { name: 'Relatórios' }).click();
      await menu.getByRole('link', { name: 'Curva ABC' }).click();
      await page.waitForURL((u) => u.pathname === '/relatorios/curva-abc');
      await expect.poll(() => page.getByRole('heading', { name: 'Curva ABC', level: 1 }).count()).toBe(1);
      // the whole demo history: from six months back to today (the URL carries the filters)
      const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const seisMeses = new Date(Date.UTC(Number(hoje.slice(0, 4)), Number(hoje.slice(5, 7)) - 6, 1));
      const de = seisMeses.toISOString().slice(0, 10);
      await page.goto(`/relatorios/curva-abc?de=${de}&ate=${hoje}`);
      const linhas = page.locator(LINHAS);
      await expect.poll(() => linhas.count()).toBeGreaterThan(5);
      await expect.poll(() => page.getByLabel('Resumo por classe').getByText('Classe A').count()).toBe(1);
      await expect
        .poll(() => page.locator('figure[aria-label="Gráfico de Pareto"] .recharts-bar-rectangle').count())
        .toBeGreaterThan(5);
      const primeira = (await linhas.first().locator('td').allInnerTexts()).map((t) => t.trim());
      expect(primeira[0]).toBe('1');
      expect(primeira[6]).toBe('A');
      await foto(page, 'curva-abc');
      // print: the shell and the controls hidden, the filters printed as a line above the table
      await page.emulateMedia({ media: 'print' });
      await expect.poll(() => page.locator('aside').first().isVisible()).toBe(false);
      await expect.poll(() => page.getByRole('button', { name: 'Exportar XLSX' }).isVisible()).toBe(false);
      expect(await page.locator('[data-filtros-impressos]').textContent()).toContain(
        `Período: ${ddmmaaaa(de)} a ${ddmmaaaa(hoje)}`,
      );
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({
          path: path.join(process.env.E2E_SCREENSHOTS, 'relatorios-curva-abc-impressao.png'),
          fullPage: true,
        });
      await page.emulateMedia({ media: 'screen' });

      const xlsx = await baixa(page, 'Exportar XLSX');
      expect(xlsx.nome).toMatch(/^curva-abc-produtos-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const planilha = await readSheet(xlsx.bytes);
      expect(planilha[0]?.[0]).toBe('Curva ABC');
      const cabecalho = planilha.map((l) => l[0]);
      expect(cabecalho).toContain(`Período: ${ddmmaaaa(de)} a ${ddmmaaaa(hoje)}`);
      expect(cabecalho).toContain('Cortes: A 80 % · B 15 % · C 5 %');
      const i = planilha.findIndex((l) => l[0] === 'Posição');
      expect(planilha[i]).toEqual([
        'Posição',
        'Produto',
        'Receita',
        'Margem bruta',
        'Participação %',
        'Acumulado %',
        'Classe',
      ]);
      expect(planilha[i + 1]?.[0]).toBe(1);
      expect(planilha[i + 1]?.[1]).toBe(primeira[1]);
      expect(planilha[i + 1]?.[6]).toBe('A');
      expect(planilha.at(-1)?.[0]).toBe('Total');

      const pdf = await baixa(page, 'Exportar PDF');
      expect(pdf.nome).toMatch(/\.pdf$/);
      const texto = paginasPdf(pdf.bytes).join('\n');
      expect(texto).toContain('Curva ABC');
      expect(texto).toContain(`Período: ${ddmmaaaa(de)} a ${ddmmaaaa(hoje)}`);
      expect(texto).toContain((primeira[1] ?? '').slice(0, 20));
      expect(texto).toContain((primeira[2] ?? '').replace(/\u00a0/g, ' '));
      expect(texto).toMatch(/Total/);
    } finally {
      await context.close();
    }
  });

  it('Vendas by seller: totals, a row opens its orders', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAs(page, demoEmail('admin'));
      await page.goto('/relatorios/vendas?agrupar=vendedor');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Relatório de Vendas', level: 1 }).count())
        .toBe(1);
      const linhas = page.locator(LINHAS);
      await expect.poll(() => linhas.count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator('table tfoot').textContent()).toMatch(/Total/);
      await foto(page, 'vendas');
      await linhas.first().click();
      const painel = page.getByRole('dialog');
      await expect.poll(() => painel.getByRole('link', { name: /^Nº \d+/ }).count()).toBeGreaterThan(0);
      await foto(page, 'vendas-pedidos');
    } finally {
      await context.close();
    }
  });
});
