import path from 'node:path';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// A manual goods receipt (no XML) through the screens against the real server, as the estoque
// user: "Nova entrada manual" — a demo supplier, a lot-controlled product bought in CX of 12 (3 CX
// at R$ 58,50: the line previews "3 CX × 12 = 36 UN", total R$ 175,50, R$ 4,875 per UN — and
// "3 UN × 1 = 3 UN" while UN is chosen), lot and validade, one typed parcela; saved, it opens on the
// receipt screen, where the line's packaging picker switches FD / CX (conversion and unit cost
// recomputed), and it is posted: the stock (+36 in the Kardex) and the payable follow.
// With E2E_SCREENSHOTS=<dir> it saves the screens at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-6);
const texto = async (p: Page, sel: string) =>
  ((await p.locator(sel).first().textContent()) ?? '').replace(/\s+/g, ' ');

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `entrada-manual-${nome}-1366.png`), fullPage: true });
  const vp = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, `entrada-manual-${nome}-390.png`), fullPage: true });
  if (vp) await page.setViewportSize(vp);
}

async function apiAdmin(request: APIRequestContext) {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail('admin'), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  return {
    post: async (url: string, data: unknown) => {
      const r = await request.post(url, { headers, data });
      expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
      return (await r.json()) as Record<string, string>;
    },
  };
}

describe('entrada manual', () => {
  it('types a receipt without XML, previews each line, saves, switches the packaging and posts it', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const api = await apiAdmin(context.request);
    const codigo = `MAN${run}`;
    const produto = await api.post('/api/estoque/produtos', {
      codigo,
      nome: `Mel Manual ${run}`,
      unidade: 'UN',
      ncm: '04090000',
      origem: '0',
      controla_lote: true,
      embalagens: [
        { unidade: 'UN', fator: '1', padrao_venda: true },
        { unidade: 'FD', fator: '6' },
        { unidade: 'CX', fator: '12', padrao_compra: true },
      ],
    });

    await signInAs(page, demoEmail('estoque'));
    await page.goto('/estoque/entradas');
    await page.getByRole('link', { name: 'Nova entrada manual' }).click();
    await page.waitForURL(/\/estoque\/entradas\/nova$/);
    await page.getByRole('heading', { name: 'Nova entrada manual' }).waitFor();

    // nothing typed: the form says what is missing, field by field
    await page.getByRole('button', { name: 'Criar entrada' }).click();
    await page.getByText('Escolha o fornecedor').waitFor();
    await page.getByText('Escolha o produto', { exact: true }).waitFor();

    const fornecedor = page.getByLabel('Fornecedor');
    const opcoes = (await fornecedor.locator('option').allTextContents()).filter((o) => o !== 'Selecione');
    await fornecedor.selectOption({ label: opcoes[0]! });
    // an edited field drops its error
    await page.getByText('Escolha o fornecedor').waitFor({ state: 'detached' });
    await page.getByLabel('Número do documento').fill(run);
    await page.getByLabel('Série').fill('1');

    const item = page.getByRole('group', { name: 'Item 1' });
    await item.getByRole('combobox', { name: 'Produto do item 1' }).fill(codigo);
    await page.getByRole('option', { name: new RegExp(codigo) }).click();
    // the purchase default (CX of 12) comes selected
    await expect.poll(() => item.getByLabel('Embalagem').inputValue()).not.toBe('');
    expect(await item.getByLabel('Embalagem').locator('option:checked').textContent()).toBe('CX (12 UN)');
    await item.getByLabel('Quantidade').fill('3');
    await item.getByLabel('Custo unitário').fill('58,50');
    const previa = page.getByTestId('previa-1');
    await expect
      .poll(async () => ((await previa.textContent()) ?? '').replace(/\s+/g, ' '))
      .toBe('3 CX × 12 = 36 UN · total R$ 175,50 · R$ 4,875 / UN');
    await item.getByLabel('Embalagem').selectOption({ label: 'UN' });
    await expect
      .poll(async () => ((await previa.textContent()) ?? '').replace(/\s+/g, ' '))
      .toBe('3 UN × 1 = 3 UN · total R$ 175,50 · R$ 58,50 / UN');
    await item.getByLabel('Embalagem').selectOption({ label: 'CX (12 UN)' });
    await item.getByLabel('Lote').fill(`L${run}`);
    await item.getByLabel('Validade').fill('31/12/2027');

    await page.getByRole('button', { name: 'Adicionar parcela' }).click();
    expect(await page.getByLabel('Valor').inputValue()).toBe('175,50');
    await page.getByLabel('Vencimento').fill('15/12/2026');
    expect(await texto(page, 'form')).toContain('Total da entrada: R$ 175,50');
    await foto(page, 'formulario');

    await page.getByRole('button', { name: 'Criar entrada' }).click();
    await page.waitForURL(/\/estoque\/entradas\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Entrada manual' }).waitFor();
    const linha = page.getByTestId('item-1');
    await expect
      .poll(async () => ((await linha.textContent()) ?? '').replace(/\s+/g, ' '))
      .toContain('3 CX × 12 = 36 UN');
    expect(((await linha.textContent()) ?? '').replace(/\s+/g, ' ')).toContain('R$ 4,875 / UN');

    // the line's packaging picker: FD of 6 → 18 UN at 175.50 / 18 = 9.75; the lot (36) no longer adds up
    const picker = page.getByLabel('Embalagem do item 1');
    await picker.selectOption({ label: 'FD (6 UN)' });
    await expect
      .poll(async () => ((await linha.textContent()) ?? '').replace(/\s+/g, ' '))
      .toContain('3 FD × 6 = 18 UN');
    expect(((await linha.textContent()) ?? '').replace(/\s+/g, ' ')).toContain('R$ 9,75 / UN');
    await page.getByRole('region', { name: 'Pendências' }).waitFor();
    await foto(page, 'embalagem-fd');
    await picker.selectOption({ label: 'CX (12 UN)' });
    await expect
      .poll(async () => ((await linha.textContent()) ?? '').replace(/\s+/g, ' '))
      .toContain('3 CX × 12 = 36 UN');
    await page.getByRole('region', { name: 'Pendências' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Lançar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Lançar' }).click();
    await page.getByRole('region', { name: 'Contas a pagar' }).waitFor();
    const pagar = await texto(page, '[aria-label="Contas a pagar"]');
    expect(pagar).toContain('15/12/2026');
    expect(pagar).toContain('R$ 175,50');
    await foto(page, 'lancada');

    await page.goto(`/estoque/produtos/${produto.id}/kardex`);
    const kardex = page.getByRole('table', { name: new RegExp(`Kardex de Mel Manual ${run}`) });
    await kardex.getByRole('row').nth(1).waitFor();
    await expect.poll(async () => (await kardex.textContent()) ?? '').toContain('+36');
    await context.close();
  });
});
