import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// The finance registers against the real server: a condição "28/35/42" whose live preview of
// R$ 100,00 from 12/01/2027 moves the Carnaval due date (09/02/2027 → 10/02/2027) and keeps the
// remainder cent in the first instalment; a bank account picked from the Banco Central list with
// its saldo inicial and an empty extrato. With E2E_SCREENSHOTS=<dir> it saves every finance screen
// at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-5);
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
const norm = (texts: string[]) => texts.map((t) => t.replace(/\s+/g, ' ').trim());
const cells = async (row: Locator) => norm(await row.getByRole('cell').allInnerTexts());

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `financeiro-${nome}.png`), fullPage: true });
}

const TELAS = [
  ['centros-custo', 'Centros de Custo'],
  ['classes-financeiras', 'Classes Financeiras'],
  ['formas-recebimento', 'Formas de Recebimento'],
  ['condicoes-pagamento', 'Condições de Pagamento'],
  ['contas-bancarias', 'Contas Bancárias'],
] as const;

describe('financeiro: cadastros', () => {
  it('a condição previews its instalments across Carnaval to the cent, and saves', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/financeiro/condicoes-pagamento');
    await page.getByRole('heading', { level: 1, name: 'Condições de Pagamento' }).waitFor();
    await page.getByRole('button', { name: 'Nova condição' }).click();
    const form = page.getByRole('dialog', { name: 'Nova condição' });
    const nome = `28/35/42 E2E ${run}`;
    await form.getByRole('textbox', { name: /^Nome/ }).fill(nome);
    await form.getByRole('textbox', { name: /^Prazos/ }).fill('28/35/42');
    await form.getByRole('textbox', { name: 'Valor de exemplo' }).fill('100,00');
    await form.getByRole('textbox', { name: 'Data base' }).fill('12/01/2027');
    await form.getByRole('textbox', { name: 'Data base' }).blur();
    const linhas = form.getByTestId('parcela-preview');
    await expect.poll(() => linhas.count()).toBe(3);
    expect(await cells(linhas.nth(0))).toEqual([
      '1/3',
      '10/02/2027 09/02/2027 (Carnaval (terça-feira)) → 10/02/2027',
      'R$ 33,34',
    ]);
    expect(await cells(linhas.nth(1))).toEqual(['2/3', '16/02/2027', 'R$ 33,33']);
    expect(await cells(linhas.nth(2))).toEqual(['3/3', '23/02/2027', 'R$ 33,33']);
    await foto(page, 'condicao-form-1366');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Condição cadastrada com sucesso!');
    const linha = page.getByRole('row').filter({ hasText: nome });
    await linha.waitFor();
    expect((await cells(linha)).slice(0, 4)).toEqual([nome, '28/35/42', '3', 'Ativo']);
    await context.close();
  });

  it('a centro de custo under another: the next código suggested, the list indented by level', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/financeiro/centros-custo');
    await page.getByRole('heading', { level: 1, name: 'Centros de Custo' }).waitFor();
    await page.getByRole('button', { name: 'Novo centro de custo' }).click();
    let form = page.getByRole('dialog', { name: 'Novo centro de custo' });
    await form.getByRole('button', { name: /^Usar o código / }).click();
    const pai = await form.getByRole('textbox', { name: /^Código/ }).inputValue();
    expect(pai).toMatch(/^\d$/);
    await form.getByRole('textbox', { name: /^Nome/ }).fill(`Operações E2E ${run}`);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Centro de custo cadastrado com sucesso!');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Novo centro de custo' }).click();
    form = page.getByRole('dialog', { name: 'Novo centro de custo' });
    await form.getByRole('combobox', { name: /^Pertence a/ }).pressSequentially(`Operações E2E ${run}`);
    await page.getByRole('option', { name: `${pai} Operações E2E ${run}` }).click();
    await form.getByRole('button', { name: `Usar o código ${pai}.01` }).click();
    await form.getByRole('textbox', { name: /^Nome/ }).fill(`Armazém E2E ${run}`);
    await foto(page, 'centro-form-1366');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Centro de custo cadastrado com sucesso!');
    const filho = page.getByRole('row').filter({ hasText: `Armazém E2E ${run}` });
    await filho.waitFor();
    expect((await cells(filho)).slice(0, 4)).toEqual([
      `${pai}.01`,
      `Armazém E2E ${run}`,
      'Analítica',
      'Ativo',
    ]);
    const grupo = page.getByRole('row').filter({ hasText: `Operações E2E ${run}` });
    expect((await cells(grupo)).slice(0, 4)).toEqual([pai, `Operações E2E ${run}`, 'Sintética', 'Ativo']);
    await context.close();
  });

  it('a card forma shows its tPag, taxa and prazo de compensação', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/financeiro/formas-recebimento');
    await page.getByRole('heading', { level: 1, name: 'Formas de Recebimento' }).waitFor();
    await page.getByRole('button', { name: 'Nova forma' }).click();
    const form = page.getByRole('dialog', { name: 'Nova forma' });
    const nome = `Crédito E2E ${run}`;
    await form.getByRole('textbox', { name: /^Nome/ }).fill(nome);
    expect(await form.getByRole('textbox', { name: /^Taxa da operadora/ }).count()).toBe(0);
    await form.getByRole('combobox', { name: /^Tipo/ }).selectOption('cartao_credito');
    await form.getByTestId('tpag').getByText('03 - Cartão de Crédito').waitFor();
    await form.getByRole('textbox', { name: /^Taxa da operadora/ }).fill('3,5');
    await form.getByRole('textbox', { name: /^Prazo de compensação/ }).fill('30');
    await foto(page, 'forma-form-1366');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Forma cadastrada com sucesso!');
    const linha = page.getByRole('row').filter({ hasText: nome });
    await linha.waitFor();
    expect((await cells(linha)).slice(0, 6)).toEqual([
      nome,
      'Cartão de crédito',
      '03 - Cartão de Crédito',
      '3,5 %',
      'D+30',
      'Ativo',
    ]);
    await context.close();
  });

  it('a bank account from the official list, its balance and its extrato', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/financeiro/contas-bancarias');
    await page.getByRole('heading', { level: 1, name: 'Contas Bancárias' }).waitFor();
    await page.getByRole('button', { name: 'Nova conta' }).click();
    const form = page.getByRole('dialog', { name: 'Nova conta' });
    const nome = `Itaú E2E ${run}`;
    await form.getByRole('textbox', { name: /^Nome/ }).fill(nome);
    await form.getByRole('combobox', { name: /^Banco/ }).pressSequentially('341');
    await page
      .getByRole('option', { name: /^341 - / })
      .first()
      .click();
    await form.getByRole('textbox', { name: /^Agência/ }).fill('1234');
    await form.getByRole('textbox', { name: /^Conta/ }).fill('56789');
    await form.getByRole('textbox', { name: /^Dígito da conta/ }).fill('0');
    await form.getByRole('textbox', { name: /^Saldo inicial/ }).fill('1.500,25');
    await form.getByRole('textbox', { name: /^Data do saldo inicial/ }).fill('01/11/2026');
    await foto(page, 'conta-form-1366');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Conta cadastrada com sucesso!');
    const linha = page.getByRole('row').filter({ hasText: nome });
    await linha.waitFor();
    const c = await cells(linha);
    expect(c[0]).toBe(nome);
    expect(c[1]).toMatch(/^341 - /);
    expect(c.slice(2, 5)).toEqual(['Ag. 1234 · C/C 56789-0', 'Conta corrente', 'R$ 1.500,25']);
    await linha.getByRole('link', { name: `Extrato de ${nome}` }).click();
    await page.getByRole('heading', { level: 1, name: `Extrato: ${nome}` }).waitFor();
    await page.getByText('Saldo inicial R$ 1.500,25 em 01/11/2026 · saldo atual R$ 1.500,25.').waitFor();
    await page.getByText('Nenhum movimento nesta conta.').first().waitFor();
    await foto(page, 'extrato-1366');
    await context.close();
  });

  it('every finance register opens at 1366 and 390 px', async () => {
    for (const largura of [1366, 390]) {
      const { page, context } = await newPage(browser, { viewport: { width: largura, height: 900 } });
      await signInAs(page, demoEmail('financeiro'));
      for (const [rota, titulo] of TELAS) {
        await page.goto(`/financeiro/${rota}`);
        await page.getByRole('heading', { level: 1, name: titulo }).waitFor();
        await page.waitForLoadState('networkidle');
        await foto(page, `${rota}-${largura}`);
      }
      await context.close();
    }
  });
});
