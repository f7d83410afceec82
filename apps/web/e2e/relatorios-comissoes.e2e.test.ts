import type { Browser, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginasPdf } from '../../server/src/test/pdf-texto.ts';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';
import { baixa, foto, LINHAS } from './support/relatorios.ts';

// Relatórios › Comissões and › Devoluções e cancelamentos end to end (issue 35) against the real
// server and its demo data, as the admin, over the whole demo history (the period in the URL):
// Comissões by seller — a row opens the seller's statement (título by título, the seller's filter in
// the URL) whose «Exportar PDF» prints the seller and the same total; Devoluções by reason — a row
// opens its documents, «Exportar XLSX» ends in the screen's total. Nothing is written. With
// E2E_SCREENSHOTS=<dir> it saves each page at 1280 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function periodo() {
  const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const seisMeses = new Date(Date.UTC(Number(hoje.slice(0, 4)), Number(hoje.slice(5, 7)) - 7, 1));
  return { de: seisMeses.toISOString().slice(0, 10), ate: hoje };
}

/** The texts of the table's Total row (tfoot). */
async function totais(page: Page): Promise<string[]> {
  return (await page.locator('table tfoot tr').first().locator('td, th').allInnerTexts()).map((t) =>
    t.replaceAll('\u00a0', ' ').trim(),
  );
}

describe('Relatórios: Comissões, Devoluções e cancelamentos', () => {
  it("Comissões: by seller, a row opens the seller's statement, its PDF", async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAs(page, demoEmail('admin'));
      const menu = page.locator('aside nav[aria-label="Menu principal"]');
      await menu.getByRole('button', { name: 'Relatórios' }).click();
      await menu.getByRole('link', { name: 'Comissões' }).click();
      await page.waitForURL((u) => u.pathname === '/relatorios/comissoes');
      const { de, ate } = periodo();
      await page.goto(`/relatorios/comissoes?de=${de}&ate=${ate}`);
      const linhas = page.locator(LINHAS);
      await expect.poll(() => linhas.count()).toBeGreaterThan(1);
      await foto(page, 'comissoes');
      const primeira = (await linhas.first().locator('td').allInnerTexts()).map((t) =>
        t.replaceAll('\u00a0', ' ').trim(),
      );
      const vendedor = primeira[0]!;
      const ganha = primeira[2]!;
      await linhas.first().click();
      await page.waitForURL(
        (u) => u.searchParams.get('visao') === 'titulo' && !!u.searchParams.get('vendedor_id'),
      );
      await expect
        .poll(() => page.getByRole('heading', { name: 'Extrato de Comissões', level: 1 }).count())
        .toBe(1);
      await expect.poll(async () => (await totais(page)).includes(ganha)).toBe(true);
      await foto(page, 'comissoes-extrato');
      const pdf = await baixa(page, 'Exportar PDF');
      expect(pdf.nome).toMatch(/^extrato-comissoes-\d{4}-\d{2}-\d{2}\.pdf$/);
      const texto = paginasPdf(pdf.bytes).join('\n');
      expect(texto).toContain('Extrato de Comissões');
      expect(texto).toContain(`Vendedor: ${vendedor}`);
      expect(texto).toMatch(new RegExp(`Total\\s+${ganha.replace(/[$.]/g, '\\$&')}`));
    } finally {
      await context.close();
    }
  });

  it('Devoluções e cancelamentos: by reason, a row opens its documents, XLSX equal to the screen', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signInAs(page, demoEmail('admin'));
      const { de, ate } = periodo();
      await page.goto(`/relatorios/devolucoes?de=${de}&ate=${ate}`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Devoluções e cancelamentos', level: 1 }).count())
        .toBe(1);
      const linhas = page.locator(LINHAS);
      await expect.poll(() => linhas.count()).toBeGreaterThan(1);
      await foto(page, 'devolucoes');
      const total = (await totais(page)).at(-1)!;
      const xlsx = await baixa(page, 'Exportar XLSX');
      const planilha = await readSheet(xlsx.bytes);
      expect(planilha[0]?.[0]).toBe('Devoluções e cancelamentos');
      expect(planilha.map((l) => l[0])).toContain('Agrupado por: Motivo');
      const ultimo = planilha.at(-1)!;
      expect(ultimo[0]).toBe('Total');
      expect(
        new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
          .format(Number(ultimo.at(-1)))
          .replaceAll('\u00a0', ' '),
      ).toBe(total);
      await linhas.first().click();
      await page.waitForURL((u) => u.searchParams.get('agrupar') === 'documento');
      await expect.poll(() => page.getByRole('columnheader', { name: 'Documento' }).count()).toBe(1);
      await foto(page, 'devolucoes-documentos');
    } finally {
      await context.close();
    }
  });
});
