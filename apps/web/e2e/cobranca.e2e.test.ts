import fs from 'node:fs';
import path from 'node:path';
import { businessToday } from '@erp/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Cobrança registrada (issue 31) against the real server, as the financeiro role: a Banco do Brasil
// account (made through the API) gets its carteira in the «Cobrança registrada» dialog of Contas
// Bancárias (pre-filled from the account), a receivable gets its boleto from the panel of its
// history dialog, the boleto is on /financeiro/cobranca, and «Gerar remessa» gives the CNAB 240 file
// with it, after which the boleto is Enviado. With E2E_SCREENSHOTS=<dir> it saves the screens at 1366
// and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-5);
type Item = Record<string, string>;

async function foto(page: Page, nome: string, inteira = true) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `cobranca-${nome}.png`), fullPage: inteira });
}

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
      return (await r.json()) as Item & Item[];
    },
  };
}

describe('cobrança registrada', () => {
  it('carteira of a BB account, boleto of a receivable, remessa with it', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const api = await apiAdmin(context.request);
    const f = '/api/financeiro';
    const nome = `Cobrança E2E ${run}`;
    // the check digits of the banks' own examples (agência 4042-8, conta 61900-0)
    const conta = await api.post(`${f}/contas-bancarias`, {
      nome,
      tipo: 'corrente',
      banco_codigo: '001',
      agencia: '4042',
      agencia_digito: '8',
      conta: '61900',
      conta_digito: '0',
      carteira: '18',
      convenio: '1238798',
      saldo_inicial: '0,00',
      data_saldo_inicial: '2020-01-01',
    });
    let [classe] = (
      await api.get(`${f}/classes-financeiras?tipo=receita&analitica=true&ativo=true&pageSize=10`)
    ).items;
    classe ??= await api.post(`${f}/classes-financeiras`, {
      codigo: `9${run}`,
      nome: 'Receitas E2E',
      tipo: 'receita',
    });
    const [cliente] = (await api.get('/api/cadastros/clientes?pageSize=1&ativo=true&sort=razao_social'))
      .items;
    const descricao = `Venda boleto E2E${run}`;
    await api.post(`${f}/receber`, {
      tipo: 'receber',
      cliente_id: cliente!.id,
      descricao,
      classe_financeira_id: classe!.id,
      emissao: businessToday(),
      vencimento: businessToday(),
      valor: '321,00',
      conta_bancaria_id: conta.id,
    });

    await signInAs(page, demoEmail('financeiro'));

    // the carteira, pre-filled from the account
    await page.goto(`/financeiro/contas-bancarias?q=${encodeURIComponent(nome)}`);
    await page.getByRole('button', { name: `Cobrança registrada de ${nome}` }).click();
    const carteira = page.getByRole('dialog', { name: 'Cobrança registrada' });
    await carteira.getByLabel(/^Convênio/).waitFor();
    expect(await carteira.getByLabel(/^Agência/).inputValue()).toBe('4042');
    expect(await carteira.getByLabel(/^Convênio/).inputValue()).toBe('1238798');
    expect(await carteira.getByLabel(/^Carteira( \*)?$/).inputValue()).toBe('18');
    await carteira.getByLabel('Multa').fill('2');
    await carteira.getByLabel('Dias para protesto').fill('trinta');
    await carteira.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => carteira.textContent())
      .toContain('Dias para protesto deve ser um número de dias');
    await carteira.getByLabel('Dias para protesto').fill('30');
    await foto(page, 'carteira-1366', false);
    await carteira.getByRole('button', { name: 'Salvar' }).click();
    await carteira.waitFor({ state: 'detached' });

    // the boleto, from the receivable's history dialog
    await page.goto(`/financeiro/receber?q=${encodeURIComponent(descricao)}`);
    await page
      .getByRole('button', { name: /^Ações de/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Histórico' }).click();
    const painel = page.getByTestId('boleto-panel');
    await painel.getByRole('button', { name: 'Gerar boleto' }).click();
    await expect.poll(() => painel.textContent()).toContain('A registrar');
    const nossoNumero = /Nosso número (\d+)/.exec((await painel.textContent()) ?? '')?.[1] ?? '';
    expect(nossoNumero).toMatch(/^1238798\d{10}$/);
    expect(await painel.getByTestId('boleto-linha').textContent()).toMatch(/^00190\.\d{5} /);
    await foto(page, 'painel-1366', false);
    await page.keyboard.press('Escape');

    // on Cobrança
    await page.goto(`/financeiro/cobranca?q=${nossoNumero}`);
    const linha = page.locator('tr', { hasText: nossoNumero });
    await expect.poll(() => linha.textContent()).toContain('A registrar');
    await foto(page, 'boletos-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await foto(page, 'boletos-390');
    await page.setViewportSize({ width: 1366, height: 900 });

    // the remessa
    await page.getByRole('tab', { name: /Remessas/ }).click();
    const card = page.getByTestId('carteira-card').filter({ hasText: nome });
    await expect.poll(() => card.textContent()).toContain('1 pendência a enviar');
    await card.getByRole('button', { name: 'Gerar remessa' }).click();
    const gerada = page.getByRole('dialog', { name: 'Remessa gerada' });
    await gerada.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      gerada.getByRole('button', { name: 'Baixar arquivo' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('remessa-001-000001-cnab240.rem');
    const texto = fs.readFileSync((await download.path())!, 'latin1');
    const linhas = texto.split(/\r?\n/).filter(Boolean);
    expect(linhas.every((l) => l.length === 240)).toBe(true);
    expect(texto).toContain(nossoNumero);
    await gerada.getByRole('button', { name: 'Fechar' }).first().click();
    await expect.poll(() => card.textContent()).toContain('Nada a enviar');
    await foto(page, 'remessas-1366');

    await page.getByRole('tab', { name: 'Boletos' }).click();
    await expect.poll(() => linha.textContent()).toContain('Enviado');
    await context.close();
  });
});
