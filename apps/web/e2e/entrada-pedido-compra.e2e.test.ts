import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// A goods receipt checked against a purchase order through the screen (issue 34), on the demo: the
// draft note 31870 (4, 5 and 6 boxes) is offered its supplier's «enviado» order nº 4 (6, 8 and 10
// boxes; 60 PCT ordered against 40 on the note for the first); chosen, the comparison shows the three lines within tolerance and «o pedido ficará
// Parcialmente recebido». The test then adds (API) an approved order of 1 (in its unit) of the first product
// only and switches to it: line 1 over the order, the two other items without a line, «Lançar»
// blocked until the justification is saved; the justification dropped behind the dialog's back, the
// 422 of «Lançar» is listed in the dialog — posted, that order is «Recebido». As the admin.
// Screenshots of the block at 1280 and 390 px go to E2E_SCREENSHOTS (or /tmp/entrada-pc-shots).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const dirFotos = process.env.E2E_SCREENSHOTS || '/tmp/entrada-pc-shots';

async function foto(page: Page, nome: string) {
  fs.mkdirSync(dirFotos, { recursive: true });
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => {});
  const bloco = page.getByRole('region', { name: 'Pedido de compra' });
  await bloco.screenshot({ path: path.join(dirFotos, `entrada-pc-${nome}-1280.png`) });
  const vp = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dirFotos, `entrada-pc-${nome}-390.png`), fullPage: true });
  if (vp) await page.setViewportSize(vp);
}

async function apiAdmin(request: APIRequestContext) {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail('admin'), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  return {
    // biome-ignore lint/suspicious/noExplicitAny: loose JSON in a test
    get: async (url: string): Promise<any> => {
      const r = await request.get(url, { headers });
      expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
      return r.json();
    },
    put: async (url: string, data: unknown) => {
      const r = await request.put(url, { headers, data });
      expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
    },
    // biome-ignore lint/suspicious/noExplicitAny: loose JSON in a test
    post: async (url: string, data?: unknown): Promise<any> => {
      const r = await request.post(url, { headers, data });
      expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
      return r.json();
    },
  };
}

describe('entrada contra o pedido de compra', () => {
  it('chooses the proposed order, sees the comparison, justifies a divergence and posts', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const api = await apiAdmin(context.request);
    const lista = await api.get('/api/estoque/entradas?q=31870');
    const resumo = lista.items.find((x: { numero: number | null }) => Number(x.numero) === 31870);
    expect(resumo, 'demo note 31870').toBeTruthy();
    const entrada = await api.get(`/api/estoque/entradas/${resumo.id}`);
    expect(entrada.status).toBe('rascunho');
    expect(entrada.pedido_compra).toBeNull();
    const [proposta] = entrada.pedidos_compra_propostos;
    expect([proposta.numero, proposta.status]).toEqual([4, 'enviado']);

    await signInAs(page, demoEmail('admin'));
    await page.goto(`/estoque/entradas/${entrada.id}`);
    const bloco = page.getByRole('region', { name: 'Pedido de compra' });
    await expect.poll(() => bloco.getByRole('listitem', { name: 'Pedido nº 4' }).count()).toBe(1);
    expect(await bloco.getByRole('listitem', { name: 'Pedido nº 4' }).textContent()).toContain(
      'Enviado ao fornecedor',
    );
    await foto(page, 'propostas');

    // choose it: the three lines on this note, within the tolerances
    await bloco.getByRole('button', { name: 'Conferir contra o pedido nº 4' }).click();
    const tabela = bloco.getByRole('table', { name: 'Conferência com o pedido nº 4' });
    await tabela.waitFor();
    const linhas = tabela.locator('tbody tr');
    expect(await linhas.count()).toBe(3);
    const celulas = async (n: number) =>
      (await linhas.nth(n).locator('td').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    const l1 = await celulas(0);
    expect([l1[0], l1[2], l1[3], l1[4], l1[5]]).toEqual(['1', '60 PCT', '0', '40', '20']);
    expect(l1[8]).toBe('Parcial');
    expect([(await celulas(1))[8], (await celulas(2))[8]]).toEqual(['Parcial', 'Parcial']);
    expect(await bloco.textContent()).toContain(
      'Ao lançar esta entrada, o pedido ficará Parcialmente recebido.',
    );
    expect(await bloco.getByLabel(/Justificativa da divergência/).count()).toBe(0);
    // the item's line picker: automatic, or one of the order's lines of its product
    const picker = page.getByLabel('Linha do pedido do item 1');
    expect(await picker.locator('option').allTextContents()).toEqual([
      'Automática (linha 1)',
      'Linha 1 · 60 PCT no pedido',
    ]);
    await foto(page, 'comparacao');

    // another order of the supplier, 1 box of the first product only (approved)
    const quatro = await api.get(`/api/compras/pedidos/${proposta.id}`);
    const primeira = quatro.itens[0];
    const novo = await api.post('/api/compras/pedidos', {
      fornecedor_id: quatro.fornecedor_id,
      itens: [
        {
          produto_id: primeira.produto_id,
          unidade: primeira.unidade,
          quantidade: '1',
          preco: primeira.preco_informado,
        },
      ],
    });
    await api.post(`/api/compras/pedidos/${novo.id}/aprovar`);

    await bloco.getByRole('button', { name: 'Desvincular' }).click();
    const outro = bloco.getByRole('button', { name: `Conferir contra o pedido nº ${novo.numero}` });
    await outro.waitFor();
    await outro.click();
    const tabela2 = bloco.getByRole('table', { name: `Conferência com o pedido nº ${novo.numero}` });
    await tabela2.waitFor();
    const linha = tabela2.getByTestId('linha-pedido-1');
    expect(await tabela2.locator('tbody tr').count()).toBe(2); // the line and its divergences
    expect(await linha.locator('td').last().textContent()).toBe('Divergente');
    expect(await tabela2.getByTestId('divergencias-linha-1').textContent()).toBe(
      'Quantidade acima do pedido: 40 recebidas de 10 pedidas (+300,00 %, tolerância 0 %). Justifique ou corrija a quantidade',
    );
    const semPedido = await bloco.getByRole('status').locator('li').allTextContents();
    expect(semPedido).toHaveLength(2);
    expect(semPedido[0]).toMatch(/^Item 2 — FARINHA DE TRIGO/);
    expect(await bloco.textContent()).toContain('Ao lançar esta entrada, o pedido ficará Recebido.');
    const lancar = page.getByRole('button', { name: 'Lançar', exact: true });
    expect(await lancar.isDisabled()).toBe(true);
    expect(await page.getByRole('region', { name: 'Pendências' }).textContent()).toMatch(/justificativa/i);

    const caixa = bloco.getByLabel('Justificativa da divergência (obrigatória para lançar)');
    await caixa.fill('curto');
    expect(await bloco.getByRole('button', { name: 'Salvar justificativa' }).isDisabled()).toBe(true);
    await caixa.fill('Fornecedor antecipou o restante do pedido nº 4; aceito pelo comprador.');
    await foto(page, 'divergencia');
    await bloco.getByRole('button', { name: 'Salvar justificativa' }).click();
    await expect.poll(() => lancar.isDisabled(), { timeout: 10_000 }).toBe(false);
    await lancar.click();
    const dialogo = page.getByRole('dialog');
    expect(await dialogo.textContent()).toContain(`O pedido de compra nº ${novo.numero} fica Recebido.`);
    // the justification dropped meanwhile (another user): «Lançar» answers 422 and the dialog lists why
    const justificativa = `/api/estoque/entradas/${entrada.id}/justificativa-divergencia`;
    await api.put(justificativa, { justificativa: null });
    await dialogo.getByRole('button', { name: 'Lançar' }).click();
    const recusa = dialogo.getByRole('alert');
    await recusa.waitFor();
    const motivos = await recusa.locator('li').allTextContents();
    expect(motivos).toHaveLength(3);
    expect(motivos[0]).toMatch(
      /^linha 1 \(P00006 .*\): Quantidade acima do pedido: 40 recebidas de 10 pedidas/i,
    );
    await api.put(justificativa, {
      justificativa: 'Fornecedor antecipou o restante do pedido nº 4; aceito pelo comprador.',
    });
    await dialogo.getByRole('button', { name: 'Lançar' }).click();
    await expect
      .poll(async () => (await api.get(`/api/estoque/entradas/${entrada.id}`)).status, { timeout: 15_000 })
      .toBe('lancada');
    expect((await api.get(`/api/compras/pedidos/${novo.id}`)).status).toBe('recebido');
    expect((await api.get(`/api/compras/pedidos/${proposta.id}`)).status).toBe('enviado');
    // the posted receipt keeps the comparison (read-only) and the justification
    await expect.poll(() => bloco.textContent()).toContain('O pedido está Recebido.');
    expect(await bloco.textContent()).toContain('Justificativa da divergência: Fornecedor antecipou');
    expect(await page.getByLabel('Linha do pedido do item 1').count()).toBe(0);
    await foto(page, 'lancada');
    await context.close();
  });
});
