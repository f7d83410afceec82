import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// The list/form pattern every register screen inherits (components/data-table, components/forms,
// components/ui/combobox, date-input), driven through real screens against the real server.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** True when the element's box lies inside the viewport (what the user sees without scrolling). */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const vp = page.viewportSize()!;
  return (
    box !== null &&
    box.y >= 0 &&
    box.x >= 0 &&
    box.y + box.height <= vp.height &&
    box.x + box.width <= vp.width
  );
}

describe('combobox', () => {
  it('Região de Entrega: arrows move, Enter adds the highlighted município without submitting, Escape closes only the list', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('admin'));
    await page.goto('/matriz/regioes');
    await page.getByRole('button', { name: 'Nova região' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova região de entrega' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Região E2E Combobox');

    const combo = dialog.getByRole('combobox', { name: 'Adicionar município' });
    // Enter with nothing to pick does not submit the form either
    await combo.focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);

    await combo.pressSequentially('campin');
    const list = page.getByRole('listbox', { name: 'Municípios' });
    await list.waitFor();
    expect(await combo.getAttribute('aria-expanded')).toBe('true');
    const options = list.getByRole('option');
    expect(await options.count()).toBeGreaterThan(1);
    // the first option is highlighted; ArrowDown moves to the second, ArrowUp back and forth
    const activeText = async () => {
      const id = await combo.getAttribute('aria-activedescendant');
      return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
    };
    const first = (await options.nth(0).textContent()) ?? '';
    const second = (await options.nth(1).textContent()) ?? '';
    expect(await activeText()).toBe(first);
    await page.keyboard.press('ArrowDown');
    expect(await activeText()).toBe(second);
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await activeText()).toBe(second);

    await page.keyboard.press('Enter');
    const chosen = dialog.getByRole('list', { name: 'Municípios atendidos' }).getByRole('listitem');
    await expect.poll(() => chosen.allTextContents()).toEqual([second]);
    // the form was not submitted: still open on the same URL, no success toast
    expect(await combo.inputValue()).toBe('');
    expect(await combo.getAttribute('aria-expanded')).toBe('false');
    expect(new URL(page.url()).searchParams.get('editar')).toBe('novo');
    await page.waitForTimeout(300);
    expect(await toast(page, 'Região cadastrada com sucesso!').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);

    // Escape closes the open list and leaves the dialog open
    await combo.pressSequentially('sao jose');
    await list.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => combo.getAttribute('aria-expanded')).toBe('false');
    expect(await list.isVisible()).toBe(false);
    expect(await dialog.isVisible()).toBe(true);

    // saving for real: the new row is highlighted and focus goes back to "Nova região"
    await combo.fill('');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => toast(page, 'Região cadastrada com sucesso!').count()).toBe(1);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => focusedText(page)).toBe('Nova região');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('regiao e2e combobox');
    const row = page.getByRole('row').filter({ hasText: 'Região E2E Combobox' });
    await row.waitFor();
    expect(await row.getAttribute('data-saved')).toBe('true');
    expect(await row.getByRole('cell', { name: '1 município(s)' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('register form', () => {
  it('customer form: money formats on blur, PF/PJ switch clears the document, the seller is searched and picked by keyboard, Salvar stays in view', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/matriz/clientes');
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
    await dialog.waitFor();

    // a long form: "Salvar" and the header are on screen without scrolling, and still after scrolling
    const salvar = dialog.getByRole('button', { name: 'Salvar' });
    expect(await inViewport(page, salvar)).toBe(true);
    await dialog.getByRole('textbox', { name: /^Observações/ }).scrollIntoViewIfNeeded();
    expect(await inViewport(page, salvar)).toBe(true);
    expect(await inViewport(page, dialog.getByRole('heading', { name: 'Novo cliente' }))).toBe(true);
    expect(await inViewport(page, dialog.getByRole('button', { name: 'Fechar' }))).toBe(true);

    const cnpj = dialog.getByRole('textbox', { name: /^CNPJ/ });
    await cnpj.pressSequentially('11222333000181');
    expect(await cnpj.inputValue()).toBe('11.222.333/0001-81');
    await dialog.getByRole('combobox', { name: /^Tipo de pessoa/ }).selectOption('F');
    const cpf = dialog.getByRole('textbox', { name: /^CPF/ });
    expect(await cpf.inputValue()).toBe('');

    const limite = dialog.getByRole('textbox', { name: /^Limite de crédito/ });
    await limite.fill('15000,5');
    await limite.press('Tab');
    expect(await limite.inputValue()).toBe('15.000,50');
    expect(await dialog.getByText('R$', { exact: true }).isVisible()).toBe(true);

    const vendedor = dialog.getByRole('combobox', { name: /^Vendedor/ });
    await vendedor.click();
    const options = page.getByRole('listbox', { name: 'Vendedor' }).getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(1);
    const nome = ((await options.nth(0).textContent()) ?? '').trim();
    await vendedor.fill(nome.slice(0, 5));
    await expect.poll(() => options.first().textContent()).toBe(nome);
    await page.keyboard.press('Enter');
    expect(await vendedor.inputValue()).toBe(nome);
    await page.waitForTimeout(300);
    // not submitted: no field errors, no toast
    expect(await dialog.getByText('Razão social é obrigatório').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);

    // closing goes back to the button that opened the dialog
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Descartar alterações' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => focusedText(page)).toBe('Novo cliente');

    // a row opened by a click returns focus to that row's "Editar"
    const first = page.getByRole('row').nth(1);
    const razao = ((await first.locator('.font-medium').first().textContent()) ?? '').trim();
    await first.getByRole('cell').nth(2).click();
    await page.getByRole('dialog', { name: 'Editar cliente' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Editar ${razao}`);
    await context.close();
  });

  it('inactive rows offer "Reativar"; the reactivated record is highlighted; an empty search offers to clear it', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('admin'));
    await page.goto('/matriz/segmentos');
    await page.getByRole('button', { name: 'Novo segmento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo segmento' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Segmento E2E Reativar');
    await dialog.getByRole('switch', { name: 'Ativo' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => toast(page, 'Segmento cadastrado com sucesso!').count()).toBe(1);

    await page.getByRole('combobox', { name: 'Status' }).selectOption('false');
    const row = page.getByRole('row').filter({ hasText: 'Segmento E2E Reativar' });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: 'Inativo' }).isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Reativar Segmento E2E Reativar' }).click();
    await expect.poll(() => toast(page, 'Registro reativado.').count()).toBe(1);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    await expect.poll(() => row.getByRole('cell', { name: 'Ativo', exact: true }).count()).toBe(1);
    expect(await row.getAttribute('data-saved')).toBe('true');
    expect(await row.getByRole('button', { name: /^Reativar/ }).count()).toBe(0);

    // nothing found: the text and the button that clears the search and the filters
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('nada-assim-existe');
    await page.getByText('Nenhum registro encontrado.').waitFor();
    expect(await page.getByText('Tente outra busca ou limpe os filtros.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Limpar busca e filtros' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByRole('searchbox', { name: 'Buscar' }).inputValue()).toBe('');
    await context.close();
  });
});

describe('list states', () => {
  it('loading shows skeletons, never "Nenhum registro"; a failed load shows its error and "Tentar novamente"', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('comercial'));
    let mode: 'slow' | 'fail' | 'pass' = 'slow';
    let release: () => void = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    await page.route(
      (url) => url.pathname === '/api/cadastros/clientes',
      async (route) => {
        if (mode === 'slow') {
          await released;
          return route.continue();
        }
        if (mode === 'fail')
          return route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'internal', message: 'Erro interno. Tente novamente.' }),
          });
        return route.continue();
      },
    );
    await page.goto('/matriz/clientes');
    await expect.poll(() => page.getByTestId('linha-carregando').count()).toBeGreaterThan(0);
    expect(await page.getByText('Nenhum registro', { exact: false }).count()).toBe(0);
    expect(await page.getByText('Carregando…').isVisible()).toBe(true);
    release();
    await expect.poll(() => page.getByText(/^1–25 de \d+$/).isVisible()).toBe(true);

    // the next page fails (its retry too): the error and its button, no "no records", no pagination
    mode = 'fail';
    await page.getByRole('button', { name: 'Próxima página' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Erro interno. Tente novamente.' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await page.getByText('Nenhum registro', { exact: false }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Paginação' }).count()).toBe(0);

    mode = 'pass';
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect.poll(() => page.getByText(/^26–50 de \d+$/).isVisible()).toBe(true);
    expect(await alert.count()).toBe(0);
    await context.close();
  });
});

describe('phone (390 px)', () => {
  it('customer list: cards with the key fields, filters behind "Filtros" with their count, dialogs keep header and close in view', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/matriz/clientes');
    const cards = page.getByRole('list', { name: 'Clientes' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(25);
    expect(await page.getByRole('table').count()).toBe(0);
    const card = cards.first();
    for (const label of ['CPF/CNPJ', 'Município', 'Vendedor', 'Limite de crédito'])
      expect(await card.getByText(label, { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(/^(Ativo|Inativo)$/).isVisible()).toBe(true);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const filtros = page.getByRole('button', { name: /^Filtros/ });
    expect(await filtros.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('combobox', { name: 'UF' }).isVisible()).toBe(false);
    await filtros.click();
    await page.getByRole('combobox', { name: 'UF' }).selectOption('SP');
    await page.getByRole('combobox', { name: 'Tipo' }).selectOption('J');
    await expect.poll(() => filtros.getAttribute('aria-label')).toBe('Filtros (2 ativos)');
    expect(await filtros.getByText('2', { exact: true }).isVisible()).toBe(true);
    await filtros.click();
    expect(await page.getByRole('combobox', { name: 'UF' }).isVisible()).toBe(false);
    await expect
      .poll(async () => (await cards.allTextContents()).every((t) => /Município.* - SP/.test(t)))
      .toBe(true);

    // a sort select stands in for the column headers
    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption('razao_social:desc');
    await expect.poll(() => new URL(page.url()).searchParams.get('dir')).toBe('desc');

    // a card opens its record; the dialog's header and close button stay while its content scrolls
    await cards
      .first()
      .getByRole('button', { name: /^Editar / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Editar cliente' });
    await dialog.getByRole('textbox', { name: /^Razão social/ }).waitFor();
    await dialog.getByRole('textbox', { name: /^Observações/ }).scrollIntoViewIfNeeded();
    expect(await inViewport(page, dialog.getByRole('heading', { name: 'Editar cliente' }))).toBe(true);
    expect(await inViewport(page, dialog.getByRole('button', { name: 'Fechar' }))).toBe(true);
    expect(await inViewport(page, dialog.getByRole('button', { name: 'Salvar' }))).toBe(true);
    await context.close();
  });
});

describe('date picker', () => {
  it('audit filters take dd/mm/aaaa and a pt-BR calendar in an English browser, and refuse impossible dates', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      locale: 'en-US',
      timezoneId: 'America/New_York',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await signInAs(page, demoEmail('admin'));
    await page.goto('/auditoria');
    const de = page.getByRole('textbox', { name: 'De' });
    expect(await de.getAttribute('placeholder')).toBe('dd/mm/aaaa');

    await de.pressSequentially('30022026');
    expect(await de.inputValue()).toBe('30/02/2026');
    await de.press('Tab');
    await page.getByText('Data inválida. Use dd/mm/aaaa.').waitFor();
    expect(await de.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).searchParams.get('de')).toBeNull();

    await de.fill('');
    await de.pressSequentially('01012026');
    await expect.poll(() => new URL(page.url()).searchParams.get('de')).toBe('2026-01-01');
    expect(await page.getByText('Data inválida. Use dd/mm/aaaa.').count()).toBe(0);

    // the calendar of "Até": pt-BR month and weekdays, days before "De" disabled
    await page.getByRole('button', { name: 'Abrir calendário' }).nth(1).click();
    const calendar = page.getByRole('dialog', { name: 'Calendário' });
    await calendar.waitFor();
    // (the weekday row is hidden from assistive technology: each day's button has its full name)
    expect(await calendar.locator('.rdp-weekday').allTextContents()).toEqual([
      'dom',
      'seg',
      'ter',
      'qua',
      'qui',
      'sex',
      'sab',
    ]);
    // focus starts on a day of the calendar
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(/de \d{4}$/);
    await calendar.getByRole('combobox', { name: 'Escolha o ano' }).selectOption('2026');
    await calendar.getByRole('combobox', { name: 'Escolha o mês' }).selectOption({ label: 'janeiro' });
    await calendar.getByRole('button', { name: 'quinta-feira, 15 de janeiro de 2026' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('ate')).toBe('2026-01-15');
    await expect.poll(() => page.getByRole('textbox', { name: 'Até' }).inputValue()).toBe('15/01/2026');
    await context.close();
  });
});

describe('drill-down dialogs', () => {
  it('"Vendas por Cliente": sticky title and column headers, a totals row that adds up', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('comercial'));
    await page.getByRole('button', { name: /^Total de Pedidos/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Vendas por Cliente' });
    await dialog.waitFor();
    const rows = dialog.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );
    const cents = (brl: string) => Number(brl.replace(/[^\d]/g, ''));
    const total = dialog.getByTestId('linha-total');
    const totals = await total.locator('th, td').allTextContents();
    expect(totals[0]).toBe('Total');
    expect(Number(totals[1])).toBe(cells.reduce((a, c) => a + Number(c[1]), 0));
    expect(cents(totals[2]!)).toBe(cells.reduce((a, c) => a + cents(c[2]!), 0));

    expect(await dialog.locator('thead').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    expect(await dialog.locator('tfoot').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    // scrolled to the end, the headers, the totals and the title are still in view
    await rows.last().scrollIntoViewIfNeeded();
    expect(await inViewport(page, dialog.getByRole('columnheader', { name: 'Cliente' }))).toBe(true);
    expect(await inViewport(page, total)).toBe(true);
    expect(await inViewport(page, dialog.getByRole('heading', { name: 'Vendas por Cliente' }))).toBe(true);
    // closing gives the focus back to the card
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedText(page)).toMatch(/^Total de Pedidos/);
    await context.close();
  });
});
