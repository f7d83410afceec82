import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Dispatch against the real server and its demo data, as the comercial user: a new load (vehicle
// and a driver the CNH rule allows), two available orders added (the gauges move), the stops sorted
// by região/city/CEP, "Iniciar separação"; then the blind check of both orders — finishing empty
// shows every line as a falta, each product is then scanned by code with the counted quantity and
// the order is conferido; the load becomes conferida and its romaneio PDF is downloaded. With
// E2E_SCREENSHOTS=<dir> it saves every screen at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `expedicao-${nome}.png`), fullPage: true });
}

async function fotoCelular(url: string, nome: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
  await signInAs(page, demoEmail('comercial'));
  await page.goto(url);
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(800);
  await foto(page, nome);
  await context.close();
}

describe('expedição', () => {
  it('assembles a load, checks it blind by scanning, and downloads the romaneio', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signInAs(page, demoEmail('comercial'));
    await page.goto('/expedicao/cargas');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Gestão de Cargas' }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Em montagem' }).count())
      .toBeGreaterThan(0);
    await foto(page, 'cargas-1366');

    // a new load: the first vehicle, and a driver the CNH rule allows for it
    await page.getByRole('button', { name: 'Nova carga' }).click();
    const dialog = page.getByRole('dialog');
    const veiculo = dialog.getByRole('combobox', { name: 'Veículo' });
    await expect.poll(() => veiculo.locator('option').count()).toBeGreaterThan(1);
    await veiculo.selectOption({ index: 1 });
    const motorista = dialog.getByRole('combobox', { name: 'Motorista' });
    const opcoes = await motorista.locator('option').count();
    for (let i = 1; i < opcoes; i++) {
      await motorista.selectOption({ index: i });
      if ((await dialog.getByText(/Só o Administrador libera/).count()) === 0) break;
    }
    expect(await dialog.getByText(/Só o Administrador libera/).count()).toBe(0);
    await foto(page, 'nova-carga-1366');
    await dialog.getByRole('button', { name: 'Criar carga' }).click();
    await toast(page, /Carga nº \d+ criada\./);
    await page.waitForURL(/\/expedicao\/cargas\/[0-9a-f-]{36}$/);
    const cargaUrl = new URL(page.url()).pathname;

    // two available orders into the load: the weight gauge moves off zero
    const disponiveis = page.getByRole('list', { name: 'Pedidos disponíveis' });
    await expect.poll(() => disponiveis.getByRole('checkbox').count()).toBeGreaterThan(1);
    await disponiveis.getByRole('checkbox').nth(0).check();
    await disponiveis.getByRole('checkbox').nth(1).check();
    await page.getByRole('button', { name: 'Adicionar à carga' }).click();
    await toast(page, '2 pedidos adicionados à carga.');
    const paradas = page.getByRole('list', { name: 'Paradas da carga' });
    await expect.poll(() => paradas.getByRole('listitem').count()).toBe(2);
    const peso = page.getByRole('meter', { name: 'Peso da carga' });
    await expect.poll(async () => Number(await peso.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Ordenar por região, cidade e CEP' }).click();
    await page.waitForTimeout(500);
    await foto(page, 'montagem-1366');
    await fotoCelular(cargaUrl, 'montagem-390');

    await page.getByRole('button', { name: 'Iniciar separação' }).click();
    await toast(page, /em separação: os pedidos foram para «Em separação»/);

    // blind check of each order
    await page.getByRole('link', { name: 'Conferir pedidos' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Conferência de Pedidos' }).isVisible())
      .toBe(true);
    const pedidos = page.getByRole('list', { name: 'Pedidos para conferir' });
    await expect.poll(() => pedidos.getByRole('button').count()).toBe(2);
    for (let n = 0; n < 2; n++) {
      await pedidos.getByRole('button').nth(n).click();
      const codigo = page.getByRole('textbox', { name: 'Código de barras ou código do produto' });
      await codigo.waitFor();
      await expect
        .poll(() => page.getByTestId('progresso').textContent())
        .toMatch(/^0 de \d+ produtos lidos$/);
      // nothing scanned: finishing lists every line as a falta, with its code and quantity
      await page.getByRole('button', { name: 'Finalizar conferência' }).click();
      await toast(page, /divergência/);
      const linhas = page.getByRole('table', { name: 'Divergências da conferência' }).locator('tbody tr');
      await expect.poll(() => linhas.count()).toBeGreaterThan(0);
      const total = await linhas.count();
      const alvos: { codigo: string; quantidade: string }[] = [];
      for (let i = 0; i < total; i++) {
        const celulas = await linhas.nth(i).locator('td').allTextContents();
        expect(celulas[0]).toBe('Falta');
        alvos.push({ codigo: celulas[1]!.split(' · ')[0]!.trim(), quantidade: celulas[2]!.split(' ')[0]! });
      }
      if (n === 0) await foto(page, 'divergencias-1366');
      for (const a of alvos) {
        await page.getByRole('textbox', { name: 'Quantidade' }).fill(a.quantidade);
        await codigo.fill(a.codigo);
        await codigo.press('Enter');
        await expect.poll(() => codigo.inputValue()).toBe('');
      }
      await expect
        .poll(() => page.getByTestId('progresso').textContent())
        .toBe(`${total} de ${total} produtos lidos`);
      if (n === 0) await foto(page, 'conferencia-1366');
      await page.getByRole('button', { name: 'Finalizar conferência' }).click();
      await toast(page, /Pedido nº \d+ conferido\./);
    }
    await fotoCelular(new URL(page.url()).pathname + new URL(page.url()).search, 'conferencia-390');

    // the load is conferida; the romaneio downloads as a PDF
    await page.goto(cargaUrl);
    await expect.poll(() => page.getByText('Conferida', { exact: true }).first().isVisible()).toBe(true);
    const [popup, resposta] = await Promise.all([
      context.waitForEvent('page'),
      page.waitForResponse((r) => r.url().endsWith('/romaneio.pdf')),
      page.getByRole('button', { name: 'Romaneio' }).click(),
    ]);
    expect(resposta.status()).toBe(200);
    expect(resposta.headers()['content-type']).toBe('application/pdf');
    expect(resposta.headers()['content-disposition']).toMatch(/^inline; filename="romaneio-carga-\d+\.pdf"$/);
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.close();

    await page.goto('/expedicao/faturamento');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Faturamento de Cargas' }).isVisible())
      .toBe(true);
    await page.getByRole('list', { name: 'Cargas conferidas' }).getByRole('button').first().click();
    await page.getByText('Notas autorizadas').waitFor();
    await foto(page, 'faturamento-1366');
    await fotoCelular('/expedicao/faturamento', 'faturamento-390');
    await fotoCelular('/expedicao/cargas', 'cargas-390');
    await context.close();
  }, 240_000);
});
