import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// The dashboard (spec section 2 "Dashboard (/)") signed in as each demo user through the real
// /auth screen, against the real server with its demo data.

type Who = 'admin' | 'comercial' | 'estoque' | 'financeiro' | 'semacesso';
const BLOCKS = ['Dashboard Comercial', 'Dashboard de Estoque', 'Dashboard Financeiro'] as const;
const EXPECTED: Record<Who, (typeof BLOCKS)[number][]> = {
  admin: [...BLOCKS],
  comercial: ['Dashboard Comercial'],
  estoque: ['Dashboard de Estoque'],
  financeiro: ['Dashboard Financeiro'],
  semacesso: [],
};

/** "R$ 1.234,56" -> 123456 (integer cents, no float). */
function cents(brl: string): number {
  const m = /(-)?\s*R\$\s*(-)?([\d.]+),(\d{2})/.exec(brl.replace(/\u00a0/g, ' '));
  if (!m) throw new Error(`não é um valor em reais: ${brl}`);
  const v = Number(m[3]!.replace(/\./g, '')) * 100 + Number(m[4]);
  return m[1] || m[2] ? -v : v;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signedIn(who: Who): Promise<Page> {
  const { page } = await newPage(browser);
  await signInAs(page, demoEmail(who));
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return page;
}

async function cardValue(page: Page, label: string): Promise<string> {
  // the value replaces its skeleton once the block's data arrived
  const value = page.getByRole('button', { name: new RegExp(`^${label}`) }).locator('[data-stat-value]');
  await value.waitFor();
  return ((await value.textContent()) ?? '').trim();
}

describe('each demo user sees exactly the blocks of their areas', () => {
  it.each(Object.keys(EXPECTED) as Who[])('%s', async (who) => {
    const page = await signedIn(who);
    await expect.poll(() => page.getByText(/^Bem-vindo, /).textContent()).toMatch(/^Bem-vindo, \S/);
    await expect.poll(() => page.getByText(demoEmail(who), { exact: true }).count()).toBeGreaterThan(0);
    const permissoes = page.getByTestId('permissoes');
    await expect
      .poll(() => permissoes.textContent())
      .toBe(who === 'semacesso' ? 'Nenhuma permissão atribuída' : who);
    for (const block of BLOCKS) {
      const heading = page.getByRole('heading', { level: 2, name: block, exact: true });
      if (EXPECTED[who].includes(block)) await heading.waitFor();
      else expect(await heading.count(), `${who}: ${block}`).toBe(0);
    }
    await page.context().close();
  });
});

describe('drill-downs', () => {
  it('Vendas do Mês opens "Vendas por Período": days, chart, and the rows add up to the card', async () => {
    const page = await signedIn('comercial');
    const total = await cardValue(page, 'Vendas do Mês');
    await page.getByRole('button', { name: /^Vendas do Mês/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Vendas por Período' });
    await dialog.waitFor();
    expect(await dialog.getByRole('columnheader').allTextContents()).toEqual(['Data', 'Quantidade', 'Total']);
    const rows = dialog.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );
    for (const [data, quantidade] of cells) {
      expect(data).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(Number(quantidade)).toBeGreaterThan(0);
    }
    expect(cells.reduce((acc, c) => acc + cents(c[2]!), 0)).toBe(cents(total));
    expect(await dialog.getByTestId('barra-vendas').count()).toBe(cells.length);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.context().close();
  });

  it('Ticket Médio opens "Vendas por Vendedor" with sellers and order counts', async () => {
    const page = await signedIn('admin');
    await cardValue(page, 'Ticket Médio');
    // read before opening: a modal dialog hides the page behind it from the accessibility tree
    const totalPedidos = Number(await cardValue(page, 'Total de Pedidos'));
    await page.getByRole('button', { name: /^Ticket Médio/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Vendas por Vendedor' });
    await dialog.waitFor();
    expect(await dialog.getByRole('columnheader').allTextContents()).toEqual([
      'Vendedor',
      'Pedidos',
      'Valor Total',
    ]);
    await expect.poll(() => dialog.locator('tbody tr').count()).toBeGreaterThan(1);
    const pedidos = await dialog.locator('tbody tr td:nth-child(2)').allTextContents();
    // every order of the month is under exactly one seller (or "Sem vendedor"); the demo has
    // 10 sellers, so all groups fit in the top 20 and their counts add up to the month's orders
    expect(pedidos.length).toBeLessThan(20);
    expect(pedidos.reduce((a, p) => a + Number(p), 0)).toBe(totalPedidos);
    await page.context().close();
  });

  it('Abaixo do Mínimo opens its list with Zerado/Baixo badges, as many rows as the card (up to 50)', async () => {
    const page = await signedIn('estoque');
    const count = Number(await cardValue(page, 'Abaixo do Mínimo'));
    expect(count).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Abaixo do Mínimo/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Produtos Abaixo do Estoque Mínimo' });
    await dialog.waitFor();
    expect(await dialog.getByRole('columnheader').allTextContents()).toEqual([
      'Código',
      'Produto',
      'Estoque Atual',
      'Estoque Mínimo',
      'Status',
    ]);
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(Math.min(count, 50));
    const status = await dialog.locator('tbody tr td:nth-child(5)').allTextContents();
    expect(new Set(status).size).toBeGreaterThan(0);
    for (const s of status) expect(['Zerado', 'Baixo']).toContain(s);
    await page.context().close();
  });

  it('Contas Vencidas opens its list: Vencida badges and due dates in red', async () => {
    const page = await signedIn('financeiro');
    const count = Number(await cardValue(page, 'Contas Vencidas'));
    expect(count).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Contas Vencidas/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Contas Vencidas' });
    await dialog.waitFor();
    expect(await dialog.getByRole('columnheader').allTextContents()).toEqual([
      'Tipo',
      'Descrição',
      'Vencimento',
      'Valor',
      'Status',
    ]);
    const rows = dialog.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(Math.min(count, 50));
    for (const s of await dialog.locator('tbody tr td:nth-child(5)').allTextContents())
      expect(s).toBe('Vencida');
    for (const t of await dialog.locator('tbody tr td:nth-child(1)').allTextContents())
      expect(['Receber', 'Pagar']).toContain(t);
    const venc = dialog.locator('tbody tr td:nth-child(3) span').first();
    expect(await venc.evaluate((el) => getComputedStyle(el).color)).toBe(
      await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.className = 'text-destructive';
        document.body.append(probe);
        const c = getComputedStyle(probe).color;
        probe.remove();
        return c;
      }),
    );
    await page.context().close();
  });
});
