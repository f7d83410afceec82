import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const field = (page: Page, name: RegExp) => page.getByRole('dialog').getByRole('textbox', { name });

describe('cadastro de clientes', () => {
  it('creates a customer through the form, finds it by search, edits it and exports the list', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/matriz/clientes');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Clientes' }).isVisible()).toBe(true);
    // demo customers are listed, ordered by name, with the row count
    await expect.poll(() => page.getByText(/^1–25 de \d+$/).isVisible()).toBe(true);

    // --- create, with a validation error first
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Novo cliente' }).isVisible()).toBe(true);
    await field(page, /^CNPJ/).pressSequentially('11222333000182');
    expect(await field(page, /^CNPJ/).inputValue()).toBe('11.222.333/0001-82');
    await field(page, /^Razão social/).fill('Distribuidora Paulista E2E Ltda');
    await field(page, /^Nome fantasia/).fill('Empório São José E2E');
    await field(page, /^CEP/).pressSequentially('12210000');
    expect(await field(page, /^CEP/).inputValue()).toBe('12210-000');
    await field(page, /^Telefone/).pressSequentially('1233334444');
    expect(await field(page, /^Telefone/).inputValue()).toBe('(12) 3333-4444');
    await dialog.getByRole('combobox', { name: /^Município/ }).fill('sao jose dos c');
    await page.getByRole('option', { name: 'São José dos Campos - SP' }).click();
    expect(await dialog.getByRole('combobox', { name: /^UF/ }).inputValue()).toBe('SP');
    await expect.poll(() => dialog.getByText('Código IBGE 3549904').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => dialog.getByText('CNPJ inválido').isVisible()).toBe(true);
    expect(await field(page, /^CNPJ/).getAttribute('aria-invalid')).toBe('true');

    await field(page, /^CNPJ/).fill('');
    await field(page, /^CNPJ/).pressSequentially('11222333000181');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.getByText('Cliente cadastrado com sucesso!').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // --- find it by search (accents and case ignored); the search goes to the URL
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('emporio sao jose e2e');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('emporio sao jose e2e');
    await expect.poll(() => page.getByText('1–1 de 1').isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: 'Distribuidora Paulista E2E Ltda' });
    expect(await row.getByText('11.222.333/0001-81').isVisible()).toBe(true);
    expect(await row.getByText('São José dos Campos').isVisible()).toBe(true);

    // --- edit: leaving with changes asks first, then save
    await page.getByRole('button', { name: 'Editar Distribuidora Paulista E2E Ltda' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Editar cliente' }).isVisible()).toBe(true);
    await expect
      .poll(() => field(page, /^Razão social/).inputValue())
      .toBe('Distribuidora Paulista E2E Ltda');
    await field(page, /^Razão social/).fill('Distribuidora Paulista E2E Eireli');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Descartar alterações?' }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Continuar editando' }).click();
    await field(page, /^Limite de crédito/).fill('2.500,00');
    await page
      .getByRole('dialog', { name: 'Editar cliente' })
      .getByRole('button', { name: 'Salvar' })
      .click();
    await expect.poll(() => page.getByText('Cliente atualizado com sucesso!').isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('cell', { name: 'Distribuidora Paulista E2E Eireli Empório São José E2E' })
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByRole('cell', { name: 'R$ 2.500,00' }).isVisible()).toBe(true);

    // --- export the filtered list
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.split(';').slice(0, 4)).toEqual([
      'Distribuidora Paulista E2E Eireli',
      'Empório São José E2E',
      'Pessoa jurídica',
      '11.222.333/0001-81',
    ]);
    expect(lines[1]).toContain(';São José dos Campos;3549904;SP;');
    expect(lines[1]).toContain(';2500,00;Sim');
    await context.close();
  });

  it('refuses to delete a salesperson with customers and offers to inactivate instead', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(page, demoEmail('admin'));
    await page.goto('/matriz/vendedores');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Vendedores' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('1–10 de 10').isVisible()).toBe(true);
    const nome = ((await page.getByRole('row').nth(1).getByRole('cell').first().textContent()) ?? '').trim();
    await page.getByRole('button', { name: `Excluir ${nome}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Registro em uso' }).isVisible()).toBe(true);
    expect(
      await page
        .getByText(
          'Não é possível excluir: o registro é usado em clientes. Você pode inativá-lo para que não seja mais oferecido.',
        )
        .isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Inativar' }).click();
    await expect.poll(() => page.getByText('Registro inativado.').isVisible()).toBe(true);
    // the list shows active salespeople by default
    await expect.poll(() => page.getByText('1–9 de 9').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('false');
    await expect.poll(() => new URL(page.url()).searchParams.get('ativo')).toBe('false');
    await expect.poll(() => page.getByRole('cell', { name: nome, exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});
