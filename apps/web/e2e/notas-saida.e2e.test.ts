import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Outgoing NF-e through the screens against the real server (demo data: the company as emitente in
// homologação, série 1, a generated A1 certificate): as comercial, a released demo order moved to
// em separação shows «Faturar (NF-e)» disabled with the reason (issue 21: not conferido yet); its
// link opens Expedição › Conferência on that order, checked blind scan by scan and finished; back on
// the order «Faturar (NF-e)» invoices it, the note opens («Assinada»), it is found in
// /notasfiscais/saida by its number, and its XML and DANFE are downloaded. With
// E2E_SCREENSHOTS=<dir> it saves the waiting order, the list and the note at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

async function foto(page: Page, nome: string, prefixo = 'emissao') {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${prefixo}-${nome}-1366.png`), fullPage: true });
  const vp = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(dir, `${prefixo}-${nome}-390.png`), fullPage: true });
  if (vp) await page.setViewportSize(vp);
}

type Json = Record<string, never>;

async function apiComercial(request: APIRequestContext) {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail('comercial'), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  const get = async (url: string) => (await (await request.get(url, { headers })).json()) as Json;
  const post = async (url: string, data: unknown) => {
    const r = await request.post(url, { headers, data });
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()) as Json;
  };
  return { get, post };
}

describe('notas fiscais de saída', () => {
  it('waits for the conferência, then invoices the order from its screen, lists the note, downloads its XML and DANFE', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const { get, post } = await apiComercial(context.request);
    // a released order with no blocker and no note yet (the newest: the demo invoiced the oldest)
    const pedidos = (await get('/api/comercial/pedidos?status=liberado&sort=numero&dir=desc&pageSize=50'))
      .items as unknown as { id: string; numero: number; bloqueios: string[] }[];
    const notas = (await get('/api/notasfiscais/saida?pageSize=100')).items as unknown as {
      pedido_id: string;
    }[];
    const comNota = new Set(notas.map((n) => n.pedido_id));
    const pedido = pedidos.find((p) => !p.bloqueios.length && !comNota.has(p.id));
    expect(pedido, 'um pedido liberado sem nota nos dados de demonstração').toBeTruthy();

    // separation starts (the kanban's move); the order is not conferido yet
    const detalhe = (await get(`/api/comercial/pedidos/${pedido!.id}`)) as unknown as {
      versao: number;
      itens: { produto_codigo: string; quantidade_base: string }[];
    };
    await post(`/api/comercial/pedidos/${pedido!.id}/transicao`, {
      para: 'em_separacao',
      versao: detalhe.versao,
    });

    await signInAs(page, demoEmail('comercial'));
    await page.goto(`/comercial/pedidos/${pedido!.id}`);
    const faturar = page.getByRole('button', { name: 'Faturar (NF-e)' });
    await faturar.waitFor();
    expect(await faturar.isDisabled()).toBe(true);
    const aviso =
      'O pedido ainda não foi conferido: faça a conferência em Expedição › Conferência antes de emitir a nota fiscal.';
    expect(await page.getByRole('note').filter({ hasText: aviso }).isVisible()).toBe(true);
    await foto(page, 'pedido', 'conferencia-nfe');

    // the note's link opens the blind check on this order: every product scanned, finished
    await page.getByRole('link', { name: 'Abrir a conferência' }).click();
    const lista = page.getByRole('list', { name: 'Pedidos para conferir' });
    await expect.poll(() => lista.getByRole('button').count()).toBe(1);
    await lista.getByRole('button').first().click();
    const codigo = page.getByRole('textbox', { name: 'Código de barras ou código do produto' });
    await codigo.waitFor();
    for (const it of detalhe.itens) {
      await page
        .getByRole('textbox', { name: 'Quantidade' })
        .fill(String(Number(it.quantidade_base)).replace('.', ','));
      await codigo.fill(it.produto_codigo);
      await codigo.press('Enter');
      await expect.poll(() => codigo.inputValue()).toBe('');
    }
    await page.getByRole('button', { name: 'Finalizar conferência' }).click();
    await toast(page, `Pedido nº ${pedido!.numero} conferido.`);

    await page.goto(`/comercial/pedidos/${pedido!.id}`);
    await faturar.waitFor();
    await expect.poll(() => faturar.isEnabled()).toBe(true);
    await faturar.click();
    await page.waitForURL(/\/notasfiscais\/saida\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const cabecalho = page.getByRole('heading', { name: /^NF-e nº \d+ \/ série 1$/ });
    await cabecalho.waitFor();
    const titulo = (await cabecalho.textContent()) ?? '';
    const numero = /NF-e nº (\d+) \/ série 1/.exec(titulo)?.[1];
    expect(numero, titulo).toBeTruthy();
    await toast(page, `NF-e nº ${numero} emitida e assinada.`);
    expect(await page.getByText('Assinada', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: `Pedido nº ${pedido!.numero}` }).isVisible()).toBe(true);
    expect(await page.getByText('Homologação — sem valor fiscal').isVisible()).toBe(true);
    expect(await page.content()).not.toContain('PRIVATE KEY');
    const chave = (
      (await page
        .getByLabel('Nota fiscal')
        .getByText(/^(\d{4} ){10}\d{4}$/)
        .textContent()) ?? ''
    ).replace(/\s/g, '');
    expect(chave).toMatch(/^35\d{42}$/);
    await foto(page, 'nota');

    // the XML, as a download
    const [xml] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar XML' }).click(),
    ]);
    expect(xml.suggestedFilename()).toBe(`${chave}.xml`);
    const conteudo = fs.readFileSync((await xml.path())!, 'utf8');
    expect(conteudo).toContain(`Id="NFe${chave}"`);
    expect(conteudo).toContain('<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">');
    // the DANFE: with pop-ups blocked the screen downloads the PDF
    await page.evaluate(() => {
      window.open = () => null;
    });
    const [danfe] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'DANFE (PDF)' }).click(),
    ]);
    expect(danfe.suggestedFilename()).toBe(`${chave}-danfe.pdf`);
    expect(
      fs
        .readFileSync((await danfe.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // the list finds it by its number
    await page.goto('/notasfiscais/saida');
    await page.getByRole('searchbox').fill(String(numero));
    const linha = page.getByRole('row').filter({ hasText: chave });
    await linha.first().waitFor();
    expect(await linha.first().getByText('Assinada').isVisible()).toBe(true);
    await page.getByRole('searchbox').fill('');
    await page.getByRole('row').nth(2).waitFor();
    await foto(page, 'lista');
    await context.close();
  }, 120_000);
});
