import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Estoque screens against the real server: a product with two packagings, stock adjusted in at its
// unit cost, transferred, counted in an inventory by scanning GTINs, and its Kardex — exact
// quantities, costs and values at every step. Everything it uses it creates (two locations, the product), so the demo
// data may change without breaking it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

/** GS1 mod-10 check digit appended (the GTINs are made unique per run). */
function gtin(body: string): string {
  let soma = 0;
  for (let i = 0; i < body.length; i++) soma += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (soma % 10)) % 10}`;
}

const run = String(Date.now()).slice(-5);
const COD = `AGUA${run}`;
const NOME = `Água Mineral E2E ${run}`;
const DEPOSITO = `Depósito E2E ${run}`;
const SEPARACAO = `Separação E2E ${run}`;
const GTIN_UN = gtin(`7899876${run}`);
const GTIN_CX = gtin(`17899876${run}`);
const GTIN_FD = gtin(`27899876${run}`);

/** The texts of a table row's cells (the row found by a text it contains). */
const cells = (row: Locator) => row.getByRole('cell').allInnerTexts();
const norm = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ' ').trim());
/** An element's rendered text, whitespace collapsed. */
const texto = async (l: Locator) => norm(await l.allInnerTexts()).join(' ');

async function novoLocal(page: Page, codigo: string, nome: string, tipo: string) {
  await page.getByRole('button', { name: 'Novo local' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo local' });
  await dialog.getByRole('textbox', { name: /^Código/ }).fill(codigo);
  await dialog.getByRole('textbox', { name: /^Nome/ }).fill(nome);
  await dialog.getByRole('combobox', { name: /^Tipo/ }).selectOption(tipo);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Local cadastrado com sucesso!');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

describe('estoque', () => {
  it('product with two packagings: ajuste in, transferência, inventory by scanned GTIN, Kardex', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('estoque'));

    // --- two locations of its own
    await page.goto('/estoque/locais');
    await page.getByRole('heading', { level: 1, name: 'Locais de Estoque' }).waitFor();
    await novoLocal(page, `DEP${run}`, DEPOSITO, 'deposito');
    await novoLocal(page, `SEP${run}`, SEPARACAO, 'separacao');

    // --- the product: a save with errors opens the tab that has them
    await page.goto('/estoque/produtos');
    await page.getByRole('button', { name: 'Novo produto' }).click();
    const form = page.getByRole('dialog', { name: 'Novo produto' });
    await form.getByRole('textbox', { name: /^Código/ }).fill(COD);
    await form.getByRole('textbox', { name: /^Nome/ }).fill(NOME);
    await form.getByRole('textbox', { name: /^Preço de venda/ }).fill('2,5');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => form.getByRole('tab', { name: 'Fiscal (com erro)' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await form.getByText('NCM é obrigatório').isVisible()).toBe(true);

    // Embalagens: CX = 12 UN (padrão de compra, the first row's default), FD = 6 UN (padrão de venda)
    await form.getByRole('tab', { name: 'Embalagens' }).click();
    await form.getByRole('button', { name: 'Adicionar embalagem' }).click();
    const cx = form.getByRole('group', { name: 'Embalagem 1' });
    // the new row's unit has the focus
    await expect
      .poll(() =>
        cx.getByRole('combobox', { name: /^Unidade/ }).evaluate((e) => e === document.activeElement),
      )
      .toBe(true);
    await cx.getByRole('combobox', { name: /^Unidade/ }).selectOption('CX');
    await cx.getByRole('textbox', { name: /^Fator/ }).fill('12');
    await cx.getByRole('textbox', { name: /^GTIN/ }).fill(GTIN_CX);
    expect(await cx.getByText('1 CX = 12 UN').isVisible()).toBe(true);
    // the box as it ships (loads count it instead of 12 × the unit's figures): 30 × 20 × 25 cm = 0,015 m³
    await cx.getByRole('textbox', { name: /^Peso bruto/ }).fill('13,2');
    await cx.getByRole('textbox', { name: /^Altura/ }).fill('30');
    await cx.getByRole('textbox', { name: /^Largura/ }).fill('20');
    expect(await cx.getByText('Altura × largura × comprimento, em cm').isVisible()).toBe(true);
    await cx.getByRole('textbox', { name: /^Comprimento/ }).fill('25');
    expect(await cx.getByText('Volume da caixa: 0,015 m³').isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Adicionar embalagem' }).click();
    const fd = form.getByRole('group', { name: 'Embalagem 2' });
    await fd.getByRole('combobox', { name: /^Unidade/ }).selectOption('FD');
    await fd.getByRole('textbox', { name: /^Fator/ }).fill('6');
    await fd.getByRole('textbox', { name: /^GTIN/ }).fill(GTIN_FD);
    await fd.getByRole('radio', { name: 'Padrão de venda' }).check();
    expect(await cx.getByRole('radio', { name: 'Padrão de compra' }).isChecked()).toBe(true);
    expect(await cx.getByRole('radio', { name: 'Padrão de venda' }).isChecked()).toBe(false);

    // Fiscal: GTIN of the unit and the NCM picked from the official table
    await form.getByRole('tab', { name: /^Fiscal/ }).click();
    await form.getByRole('textbox', { name: /^GTIN/ }).fill(GTIN_UN);
    await form.getByRole('combobox', { name: /^NCM/ }).pressSequentially('2201.10');
    await page
      .getByRole('listbox', { name: 'NCM' })
      .getByRole('option', { name: /^2201\.10\.00 Águas minerais e águas gaseificadas/ })
      .click();
    expect(await form.getByRole('combobox', { name: /^NCM/ }).inputValue()).toBe(
      '2201.10.00 - Águas minerais e águas gaseificadas',
    );
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Produto cadastrado com sucesso!');

    // found by a packaging's GTIN, with its stock and prices
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(GTIN_FD);
    await expect.poll(() => page.getByText('1–1 de 1').isVisible()).toBe(true);
    const linha = page.getByRole('row').filter({ hasText: NOME });
    // at 1366 px the Grupo column gives way (the group shows under the name; this product has none)
    expect(norm(await cells(linha)).slice(0, 7)).toEqual([
      COD,
      NOME,
      '0 UN',
      'Zerado',
      'R$ 0,00',
      'R$ 2,50',
      'Ativo',
    ]);

    // --- ajuste de entrada: the reason is required, and the unit cost while the product has none
    await page.getByRole('button', { name: `Estoque de ${NOME}` }).click();
    await page.getByRole('menuitem', { name: 'Ajuste de estoque' }).click();
    let dialog = page.getByRole('dialog', { name: 'Ajuste de estoque' });
    expect(await dialog.getByText(`${COD} - ${NOME} (UN)`).isVisible()).toBe(true);
    await dialog.getByRole('combobox', { name: /^Local/ }).selectOption({ label: DEPOSITO });
    await dialog.getByRole('textbox', { name: /^Quantidade/ }).fill('24');
    const custo = dialog.getByRole('textbox', { name: /^Custo unitário/ });
    expect(await custo.inputValue()).toBe('');
    expect(
      await dialog.getByText('Produto ainda sem custo: informe o custo unitário da entrada.').isVisible(),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Lançar ajuste' }).click();
    await expect.poll(() => dialog.getByText('Motivo é obrigatório').isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Motivo/ }).fill('Saldo inicial E2E');
    await dialog.getByRole('button', { name: 'Lançar ajuste' }).click();
    await expect
      .poll(() => dialog.getByText('Informe o custo unitário', { exact: true }).isVisible())
      .toBe(true);
    // 4 decimals kept
    await custo.fill('2,1234');
    await custo.blur();
    expect(await custo.inputValue()).toBe('2,1234');
    await dialog.getByRole('button', { name: 'Lançar ajuste' }).click();
    await toast(page, 'Ajuste lançado com sucesso!');
    await expect.poll(async () => norm(await cells(linha))[2]).toBe('24 UN');
    expect(norm(await cells(linha))[4]).toBe('R$ 2,1234');

    // --- transferência of 12 from the depósito to the separação, from the Posição de Estoque
    await page.goto(`/estoque?q=${COD}`);
    await page.getByRole('heading', { level: 1, name: 'Posição de Estoque' }).waitFor();
    await page.getByRole('button', { name: `Mostrar locais e lotes de ${NOME}` }).click();
    const saldos = page.getByRole('list', { name: `Locais e lotes de ${NOME}` });
    await saldos.getByRole('button', { name: `Transferir de ${DEPOSITO}` }).click();
    dialog = page.getByRole('dialog', { name: 'Transferência entre locais' });
    expect(await dialog.getByRole('combobox', { name: /^Local de origem/ }).inputValue()).not.toBe('');
    await dialog.getByRole('combobox', { name: /^Local de destino/ }).selectOption({ label: SEPARACAO });
    await dialog.getByRole('textbox', { name: /^Quantidade/ }).fill('30');
    await dialog.getByRole('button', { name: 'Lançar transferência' }).click();
    // more than there is: the ledger's message, nothing moved
    await toast(page, `Estoque insuficiente de ${NOME} em ${DEPOSITO}: disponível 24.`);
    await dialog.getByRole('textbox', { name: /^Quantidade/ }).fill('12');
    await dialog.getByRole('button', { name: 'Lançar transferência' }).click();
    await toast(page, 'Transferência lançada com sucesso!');
    await expect.poll(() => saldos.getByRole('listitem').count()).toBe(2);
    // 12 × 2,1234 = 25,4808
    expect(norm(await saldos.getByRole('listitem').allInnerTexts())).toEqual([
      `${DEPOSITO} Saldo 12 UN Reservado 0 UN Disponível 12 UN Valor R$ 25,48`,
      `${SEPARACAO} Saldo 12 UN Reservado 0 UN Disponível 12 UN Valor R$ 25,48`,
    ]);
    // 24 × 2,1234 = 50,9616
    expect(norm(await cells(page.getByRole('row').filter({ hasText: NOME }))).slice(0, 7)).toEqual([
      `${NOME} ${COD}`,
      '24 UN',
      '0 UN',
      '24 UN',
      '',
      'R$ 2,1234',
      'R$ 50,96',
    ]);
    expect(await texto(page.locator('tfoot'))).toBe('Total: 1 produto R$ 50,96');

    // --- inventory of the separação (from the menu's Estoque group): a box and a unit scanned
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Inventários' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Inventários' }).waitFor();
    await page.getByRole('button', { name: 'Abrir inventário' }).click();
    dialog = page.getByRole('dialog', { name: 'Abrir inventário' });
    await dialog.getByRole('combobox', { name: /^Local/ }).selectOption({ label: SEPARACAO });
    await dialog.getByRole('button', { name: 'Abrir inventário' }).click();
    await page.waitForURL(/\/estoque\/inventarios\/[0-9a-f-]{36}$/);
    const scan = page.getByRole('textbox', { name: 'Código de barras (GTIN)' });
    await expect.poll(() => scan.evaluate((e) => e === document.activeElement)).toBe(true);
    const item = page.getByRole('row').filter({ hasText: NOME });
    await expect
      .poll(async () => norm(await cells(item)))
      .toEqual([`${NOME} ${COD}`, '—', '12 UN', 'UN', 'Não contado']);

    await page.keyboard.type(GTIN_CX);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByText(`+12 UN (1 CX): ${COD} - ${NOME} — contado 12 UN`).isVisible())
      .toBe(true);
    // the field is cleared and keeps the focus for the next read
    expect(await scan.inputValue()).toBe('');
    expect(await scan.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type(GTIN_UN);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText(`+1 UN: ${COD} - ${NOME} — contado 13 UN`).isVisible()).toBe(true);
    await expect.poll(() => item.getByRole('textbox').inputValue()).toBe('13');
    expect(await texto(item.getByRole('cell').last())).toBe('+1 UN R$ 2,12');
    // an unknown code: its message, the text selected for the next read
    await page.keyboard.type('7890000000000');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByText('GTIN 7890000000000 não encontrado em nenhum produto').isVisible())
      .toBe(true);
    const resumo = page.getByLabel('Resumo da contagem');
    await expect
      .poll(() => texto(resumo))
      .toBe('Itens 1 Contados 1 Com diferença 1 Sobras R$ 2,12 Faltas R$ 0,00 Diferença líquida R$ 2,12');

    await page.getByRole('button', { name: 'Lançar ajustes' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Lançar ajustes do inventário nº \d+\?$/ }).waitFor();
    await dialog.getByRole('button', { name: 'Lançar ajustes' }).click();
    await toast(page, 'Inventário lançado com sucesso!');
    await expect.poll(() => page.getByText('Lançado', { exact: true }).isVisible()).toBe(true);
    expect(await scan.count()).toBe(0);

    // --- the Kardex: every movement with the balance after it, oldest first
    await page.goto(`/estoque/produtos?q=${COD}`);
    await page.getByRole('button', { name: `Estoque de ${NOME}` }).click();
    await page.getByRole('menuitem', { name: 'Kardex' }).click();
    await page.waitForURL(/\/estoque\/produtos\/[0-9a-f-]{36}\/kardex$/);
    await page.getByRole('heading', { level: 1, name: `Kardex: ${COD} - ${NOME}` }).waitFor();
    expect(
      await page.locator('nav[aria-label="Trilha de navegação"] li:not([aria-hidden])').allTextContents(),
    ).toEqual(['Início', 'Estoque', 'Produtos', 'Kardex']);
    await expect.poll(() => page.getByText('1–4 de 4').isVisible()).toBe(true);
    const rows = page.locator('table tbody tr');
    const kardex = await Promise.all(
      [0, 1, 2, 3].map(async (i) => norm(await cells(rows.nth(i))).slice(1, 8)),
    );
    // tipo, local, quantidade, custo unitário, valor (quantidade × custo), saldo, custo médio
    expect(kardex).toEqual([
      ['Ajuste', DEPOSITO, '+24 UN', 'R$ 2,1234', 'R$ 50,96', '24 UN', 'R$ 2,1234'],
      ['Transferência', DEPOSITO, '\u221212 UN', 'R$ 2,1234', '-R$ 25,48', '12 UN', 'R$ 2,1234'],
      ['Transferência', SEPARACAO, '+12 UN', 'R$ 2,1234', 'R$ 25,48', '24 UN', 'R$ 2,1234'],
      ['Inventário', SEPARACAO, '+1 UN', 'R$ 2,1234', 'R$ 2,12', '25 UN', 'R$ 2,1234'],
    ]);
    expect(norm(await cells(rows.nth(0)))[8]).toBe('Saldo inicial E2E Eduarda Estoque');

    // filtered by location: the running balance of that location alone
    await page.getByRole('combobox', { name: 'Local' }).selectOption({ label: SEPARACAO });
    await expect.poll(() => page.getByText('1–2 de 2').isVisible()).toBe(true);
    expect(norm(await cells(rows.nth(1))).slice(1, 7)).toEqual([
      'Inventário',
      SEPARACAO,
      '+1 UN',
      'R$ 2,1234',
      'R$ 2,12',
      '13 UN',
    ]);

    // exported as the screen filters it
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^kardex-${COD}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]!.split(';').slice(1, 9)).toEqual([
      'Inventário',
      SEPARACAO,
      '',
      '1,000',
      '2,1234',
      '2,12',
      '13,000',
      '2,1234',
    ]);
    // a leg that left: negative numbers keep their sign (no formula guard on number cells)
    await page.getByRole('combobox', { name: 'Local' }).selectOption({ label: DEPOSITO });
    await expect
      .poll(async () => norm(await cells(rows.nth(1))).slice(1, 3))
      .toEqual(['Transferência', DEPOSITO]);
    const [saida] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    const deposito = fs
      .readFileSync((await saida.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(deposito[2]!.split(';').slice(1, 9)).toEqual([
      'Transferência',
      DEPOSITO,
      '',
      '-12,000',
      '2,1234',
      '-25,48',
      '12,000',
      '2,1234',
    ]);
    await context.close();
  });

  it('phone (390 px): Posição de Estoque folds its filters and shows cards, with the totals', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, demoEmail('estoque'));
    await page.goto('/estoque');
    await page.getByRole('heading', { level: 1, name: 'Posição de Estoque' }).waitFor();
    const filtros = page.getByRole('button', { name: 'Filtros' });
    expect(await filtros.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('combobox', { name: 'Situação' }).isVisible()).toBe(false);
    await filtros.click();
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('zerado');
    await expect.poll(() => new URL(page.url()).searchParams.get('situacao')).toBe('zerado');
    await expect.poll(() => page.getByRole('button', { name: 'Filtros (1 ativo)' }).isVisible()).toBe(true);
    // cards, not a table; each zerado product says so
    const cards = page.getByRole('list', { name: 'Posição de Estoque' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(await page.locator('table').count()).toBe(0);
    // the unfiltered cards stay on screen until the filtered page arrives: wait for it
    await expect.poll(() => cards.first().getByText('Zerado').isVisible()).toBe(true);
    expect(await page.getByText(/^Total: \d+ produtos?$/).isVisible()).toBe(true);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
