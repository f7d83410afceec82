import fs from 'node:fs';
import path from 'node:path';
import { Decimal } from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Devolução de compra end to end (issue 32) against the real server, its demo data and the SEFAZ
// double. A demo goods receipt already posted (the supplier's NF-e 31655): as estoque, Estoque ›
// Devoluções de Compra › «Nova devolução» finds it by the supplier's NF-e number, one base unit of
// its first item goes back with «Avaria», «Salvar e emitir NF-e» → «Autorizada» (our NF-e de
// devolução, tpNF 1, authorised by the double). Through the API: the product's stock is down by
// exactly that unit and the receipt's last payable by exactly the return's value. The list finds
// it. With E2E_SCREENSHOTS=<dir> it saves the list, the new-return flow and the return at 1366 and
// 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Json = Record<string, never>;

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `devolucoes-compra-${nome}-1366.png`), fullPage: true });
  const vp = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(dir, `devolucoes-compra-${nome}-390.png`), fullPage: true });
  if (vp) await page.setViewportSize(vp);
  await page.waitForTimeout(200);
}

async function apiComo(request: APIRequestContext, quem: 'admin' | 'estoque') {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail(quem), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  return async (url: string) => {
    const r = await request.get(url, { headers });
    expect(r.ok(), `GET ${url}: ${await r.text()}`).toBe(true);
    return (await r.json()) as Json;
  };
}

type Item = {
  item_id: string;
  produto_id: string;
  codigo: string;
  nome: string;
  saldo: string;
  unidade: string;
};

describe('devoluções de compra', () => {
  it('part of a posted receipt back to the supplier: NF-e authorised, stock out, last payable reduced', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const get = await apiComo(context.request, 'admin');
    const origem = (await get('/api/estoque/devolucoes-compra/origem?q=31655')) as unknown as {
      entrada_id: string;
      itens: Item[];
    };
    const item = origem.itens[0]!;
    const estoque = async () =>
      (
        (await get(`/api/estoque/posicao?q=${encodeURIComponent(item.codigo)}&pageSize=20`))
          .items as unknown as {
          produto_id: string;
          saldo: string;
        }[]
      ).find((p) => p.produto_id === item.produto_id)!.saldo;
    const titulos = async () =>
      (
        (await get(`/api/estoque/entradas/${origem.entrada_id}`)) as unknown as {
          titulos: { parcela: number; saldo: string }[];
        }
      ).titulos;
    const estoqueAntes = await estoque();
    const titulosAntes = await titulos();

    await signInAs(page, demoEmail('estoque'));
    await page.goto('/estoque/devolucoes-compra');
    await page.getByRole('heading', { level: 1, name: 'Devoluções de Compra' }).waitFor();
    await page.getByRole('link', { name: 'Nova devolução' }).click();
    await page.waitForURL(/\/estoque\/devolucoes-compra\/nova$/);
    const busca = page.getByRole('textbox', { name: 'Chave de acesso ou nº da NF-e do fornecedor' });
    await busca.fill('31655');
    await busca.press('Enter');
    await page.getByRole('heading', { name: /^NF-e nº 31655/ }).waitFor();

    const linha = page.getByRole('listitem', { name: `${item.codigo} — ${item.nome}` });
    await linha.getByRole('combobox', { name: `Motivo de ${item.nome}` }).selectOption({ label: 'Avaria' });
    const quantidade = linha.getByRole('textbox', { name: `Quantidade a devolver de ${item.nome}` });
    await quantidade.fill('1');
    await expect.poll(() => page.getByText('Total estimado:').textContent()).not.toContain('R$ 0,00');
    await foto(page, 'nova');
    await page.getByRole('button', { name: 'Salvar e emitir NF-e' }).click();
    await page.waitForURL(/\/estoque\/devolucoes-compra\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await toast(page, /NF-e de devolução autorizada/);
    await page.getByText('Autorizada', { exact: true }).first().waitFor();
    // the estoque clerk downloads the return note's DANFE through the return (no access to Notas Fiscais)
    await page.getByRole('button', { name: 'DANFE (PDF)' }).waitFor();
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 20_000 });
    await foto(page, 'detalhe');

    // the stock is down by exactly the unit; the last payable by exactly the return's value
    const id = page.url().split('/').pop()!;
    const d = (await get(`/api/estoque/devolucoes-compra/${id}`)) as unknown as {
      valor_total: string;
      valor_abatido: string;
    };
    expect(await estoque()).toBe(Decimal.of(estoqueAntes).minus(1).toFixed(3));
    const depois = await titulos();
    const ultima = titulosAntes.length - 1;
    expect(Decimal.of(titulosAntes[ultima]!.saldo).minus(depois[ultima]!.saldo).toFixed(2)).toBe(
      d.valor_abatido,
    );
    expect(d.valor_abatido).toBe(d.valor_total);

    await page.getByRole('link', { name: 'Devoluções de Compra' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Devoluções de Compra' }).waitFor();
    await page.getByRole('cell', { name: '31655' }).first().waitFor();
    await foto(page, 'lista');
    await context.close();
  }, 120_000);
});
