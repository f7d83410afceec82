import { addDays, businessToday, lerBrCode } from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// The PIX panel of an open receivable: a título of R$ 1.234,56 on the demo's Itaú account (which
// has a chave aleatória) opened from Contas a Receber as the financeiro role shows the QR code,
// the copia-e-cola text (read back by the shared strict reader: amount and key) and copies it.
// With E2E_SCREENSHOTS=<dir> it saves the dialog at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-5);
type Item = Record<string, string>;

async function apiAdmin(request: APIRequestContext) {
  const login = await request.post('/auth/v1/token?grant_type=password', {
    data: { email: demoEmail('admin'), password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
  return {
    get: async (url: string) => (await (await request.get(url, { headers })).json()) as { items: Item[] },
    post: async (url: string, data: unknown) => {
      const r = await request.post(url, { headers, data });
      expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
      return (await r.json()) as Item[];
    },
  };
}

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/financeiro-pix-${nome}.png`, fullPage: true });
}

describe('financeiro: PIX de um título a receber', () => {
  it('the título dialog shows the QR code and the copia e cola of the saldo, and copies it', async () => {
    const { page, context } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const api = await apiAdmin(context.request);
    const f = '/api/financeiro';
    const [conta] = (await api.get(`${f}/contas-bancarias?q=Ita&pageSize=5`)).items.filter(
      (c) => c.chave_pix,
    );
    expect(conta, 'the demo has an account with a PIX key').toBeTruthy();
    const [classe] = (
      await api.get(`${f}/classes-financeiras?tipo=receita&analitica=true&ativo=true&pageSize=1`)
    ).items;
    const [cliente] = (await api.get('/api/cadastros/clientes?pageSize=1&ativo=true&sort=razao_social'))
      .items;
    const doc = `PIX-${run}`;
    const hoje = businessToday();
    const [titulo] = await api.post(`${f}/receber`, {
      tipo: 'receber',
      cliente_id: cliente!.id,
      descricao: `Venda ${doc}`,
      documento: doc,
      classe_financeira_id: classe!.id,
      conta_bancaria_id: conta!.id,
      emissao: hoje,
      vencimento: addDays(hoje, 15),
      valor: '1.234,56',
    });

    await signInAs(page, demoEmail('financeiro'));
    await page.goto(`/financeiro/receber?q=${doc}`);
    await page.getByRole('heading', { level: 1, name: 'Contas a Receber' }).waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: doc })
      .first()
      .getByRole('cell')
      .filter({ hasText: doc })
      .first()
      .click();
    const dialogo = page.getByRole('dialog', { name: 'Histórico do título' });
    const painel = dialogo.getByTestId('pix-panel');
    const qr = painel.getByRole('img', { name: 'QR Code PIX' });
    await qr.waitFor();
    // the image really decoded (a broken image has no natural width)
    await page.waitForFunction((el) => (el as HTMLImageElement).naturalWidth > 100, await qr.elementHandle());
    const codigo = await painel.getByRole('textbox', { name: 'PIX copia e cola' }).inputValue();
    const lido = lerBrCode(codigo);
    expect(lido).toMatchObject({ ok: true, valor: '1234.56', chave: conta!.chave_pix });
    expect((lido as { txid: string }).txid).toMatch(/^T[0-9A-F]{24}$/);
    expect(((await painel.textContent()) ?? '').replace(/\s+/g, ' ')).toContain('R$ 1.234,56');
    await painel.getByRole('button', { name: 'Copiar código' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Código PIX copiado.' }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codigo);
    await foto(page, 'desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await painel.getByRole('img', { name: 'QR Code PIX' }).waitFor();
    await foto(page, 'celular');
    expect(titulo!.id).toBeTruthy();
    await context.close();
  });
});
