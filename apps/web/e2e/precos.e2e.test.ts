import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Price tables against the real server: a table of its own for a list of one customer, a product
// with a price, a minimum and a quantity break, the price asked through "Consultar preço" with
// its "Por que este preço?", a readjustment with preview, an import refused with its error, and
// the items page on a phone. A list of customers is the most specific level, so whatever the
// demo tables are, this table wins for its customer.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

const norm = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ' ').trim());
const cells = async (row: Locator) => norm(await row.getByRole('cell').allInnerTexts());
const texto = async (l: Locator) => norm(await l.allInnerTexts()).join(' ');

const run = String(Date.now()).slice(-5);
const TABELA = `E2E Lista ${run}`;
/** A demo product (the first one of the register), priced by this table for its customer. */
const PRODUTO = 'P00001';

describe('tabela de preços', () => {
  let tabelaUrl = '';
  let documento = '';

  it('creates a customer-list table, a product with a minimum and a break, and asks its price with the trace', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('admin'));
    await page.goto('/estoque/tabela-precos');
    await page.getByRole('heading', { level: 1, name: 'Tabela de Preços' }).waitFor();

    // --- the table: scope "Lista de clientes" asks for the customers, one picked by search
    await page.getByRole('button', { name: 'Nova tabela' }).click();
    const form = page.getByRole('dialog', { name: 'Nova tabela de preços' });
    await form.getByRole('textbox', { name: /^Nome/ }).fill(TABELA);
    await form.getByRole('combobox', { name: /^Vale para/ }).selectOption('clientes');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => form.getByText('Informe ao menos um cliente').isVisible()).toBe(true);
    await form.getByRole('combobox', { name: /^Clientes/ }).pressSequentially('Ltda');
    const opcao = page.getByRole('listbox', { name: 'Clientes' }).getByRole('option').first();
    const [razao, doc] = (await opcao.allInnerTexts())[0]!.split('\n');
    documento = (doc ?? '').split(' · ')[0]!.replace(/[^0-9A-Z]/g, '');
    await opcao.click();
    expect(await texto(form.getByRole('list', { name: 'Clientes da lista' }))).toBe(razao);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Tabela de preços cadastrada com sucesso!');
    // a new table opens on its products
    await page.getByRole('heading', { level: 1, name: TABELA }).waitFor();
    tabelaUrl = new URL(page.url()).pathname;
    await page.getByText('Nenhum produto nesta tabela.').waitFor();

    // --- the product: R$ 12,90, minimum R$ 11,50, from 10 units R$ 11,90
    await page.getByRole('button', { name: 'Novo produto' }).click();
    const item = page.getByRole('dialog', { name: 'Novo produto na tabela' });
    await item.getByRole('combobox', { name: /^Produto/ }).pressSequentially(PRODUTO);
    await page
      .getByRole('listbox', { name: 'Produtos' })
      .getByRole('option', { name: new RegExp(`^${PRODUTO} `) })
      .click();
    await item.getByRole('textbox', { name: /^Preço \*$/ }).fill('12,9');
    await item.getByRole('textbox', { name: /^Preço mínimo/ }).fill('11,5');
    await item.getByRole('button', { name: 'Adicionar faixa' }).click();
    const faixa = item.getByRole('group', { name: 'Faixa 1' });
    await faixa.getByRole('textbox', { name: /^Faixa 1: a partir de/ }).fill('10');
    await faixa.getByRole('textbox', { name: /^Preço/ }).fill('11,9');
    await item.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Preço salvo com sucesso!');
    const linha = page.getByRole('row').filter({ hasText: PRODUTO });
    await linha.waitFor();
    const unidade = /≥ 10 (\S+):/.exec((await cells(linha))[5] ?? '')?.[1] ?? '';
    expect(await cells(linha)).toEqual([
      PRODUTO,
      expect.any(String),
      'Preço fixo',
      'R$ 12,90',
      'R$ 11,50',
      `≥ 10 ${unidade}: R$ 11,90`,
      '',
    ]);

    // --- the price for that customer, 10 units: the break, and why
    await page.getByRole('link', { name: 'Tabelas' }).click();
    await page.getByRole('button', { name: 'Consultar preço' }).click();
    const consulta = page.getByRole('dialog', { name: 'Consultar preço' });
    await consulta.getByRole('combobox', { name: /^Produto/ }).pressSequentially(PRODUTO);
    await page
      .getByRole('listbox', { name: 'Produtos' })
      .getByRole('option', { name: new RegExp(`^${PRODUTO} `) })
      .click();
    await consulta.getByRole('combobox', { name: /^Cliente/ }).pressSequentially(documento);
    await page.getByRole('listbox', { name: 'Clientes' }).getByRole('option').first().click();
    await consulta.getByRole('textbox', { name: /^Quantidade/ }).fill('10');
    await consulta.getByRole('button', { name: 'Consultar' }).click();
    await expect.poll(async () => texto(consulta.getByTestId('preco-consultado'))).toBe('R$ 11,90');
    const trace = consulta.getByRole('region', { name: 'Por que este preço?' });
    expect(
      norm(await trace.getByRole('list', { name: 'Cálculo' }).getByRole('listitem').allInnerTexts()),
    ).toEqual(['Preço da tabela R$ 12,90', `Faixa a partir de 10 ${unidade}: preço R$ 11,90`]);
    const aplicada = trace.getByRole('list', { name: 'Tabelas consideradas' }).getByRole('listitem').first();
    expect(await texto(aplicada)).toMatch(
      new RegExp(
        `^Aplicada Tabela ${TABELA} \\(lista de clientes\\) — aplicada: (mais específica|única tabela válida para este cliente e produto)\\.$`,
      ),
    );
    expect(await texto(consulta.getByText(/^Origem:/).locator('..'))).toContain(
      `${TABELA} (lista de clientes)`,
    );

    // below the break: the table's price
    await consulta.getByRole('textbox', { name: /^Quantidade/ }).fill('9,999');
    await consulta.getByRole('button', { name: 'Consultar' }).click();
    await expect.poll(async () => texto(consulta.getByTestId('preco-consultado'))).toBe('R$ 12,90');
    await context.close();
  });

  it('readjusts with a preview, refuses a sheet that is not XLSX, and the items page holds on a phone', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('admin'));
    await page.goto(tabelaUrl);
    await page.getByRole('heading', { level: 1, name: TABELA }).waitFor();

    // --- +10 %: 12,90 → 14,19; the break 11,90 → 13,09; the minimum 11,50 → 12,65
    await page.getByRole('button', { name: 'Reajustar' }).click();
    const reajuste = page.getByRole('dialog', { name: `Reajustar ${TABELA}` });
    await reajuste.getByRole('textbox', { name: /^Percentual/ }).fill('10');
    await reajuste.getByRole('button', { name: 'Visualizar' }).click();
    const previa = reajuste.getByRole('region', { name: 'Prévia do reajuste' });
    await previa.waitFor();
    expect(await texto(previa.getByText(/valores mudam/))).toBe('3 valores mudam.');
    const depois = norm(await previa.getByRole('row').allInnerTexts()).slice(1);
    expect(depois.map((l) => l.replace(/^.*?(Preço|Faixa)/, '$1'))).toEqual([
      'Preço R$ 12,90 R$ 14,19',
      expect.stringMatching(/^Faixa a partir de 10 R\$ 11,90 R\$ 13,09$/),
      'Preço mínimo R$ 11,50 R$ 12,65',
    ]);
    await reajuste.getByRole('button', { name: 'Aplicar reajuste' }).click();
    await toast(page, 'Reajuste aplicado: 1 produto alterado.');
    const linha = page.getByRole('row').filter({ hasText: PRODUTO });
    await expect.poll(async () => (await cells(linha)).slice(3, 5)).toEqual(['R$ 14,19', 'R$ 12,65']);
    expect((await cells(linha))[5]).toMatch(/^≥ 10 \S+: R\$ 13,09$/);

    // --- an import of a file that is not a spreadsheet changes nothing
    await page.getByRole('button', { name: 'Importar XLSX' }).click();
    const importa = page.getByRole('dialog', { name: `Importar planilha em ${TABELA}` });
    await importa.getByLabel(/^Planilha/).setInputFiles({
      name: 'precos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from('isto não é uma planilha'),
    });
    await importa.getByRole('button', { name: 'Importar' }).click();
    await expect
      .poll(() => importa.getByText('O arquivo não é uma planilha XLSX válida').isVisible())
      .toBe(true);
    await importa.getByRole('button', { name: 'Cancelar' }).click();
    await context.close();

    // --- a phone: the items as cards, nothing wider than the screen
    const phone = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(phone.page, demoEmail('admin'));
    await phone.page.goto(tabelaUrl);
    await phone.page.getByRole('heading', { level: 1, name: TABELA }).waitFor();
    await phone.page.getByText('R$ 14,19').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context.close();
  });

  it('is the admin’s: comercial is sent back with the notice', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/estoque/tabela-precos');
    await page.waitForURL((u) => u.pathname === '/');
    await toast(page, 'Você não tem acesso a esta tela.');
    await context.close();
  });
});
