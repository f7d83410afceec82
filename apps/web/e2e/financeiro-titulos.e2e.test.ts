import path from 'node:path';
import { addDays, businessToday, formatBRL, formatDateBR, gerarParcelas } from '@erp/shared';
import type { APIRequestContext, Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Contas a Receber and the finance area against the real server: a receivable of R$ 1.000,00 in
// 30/60/90 (the preview and the saved instalments 333,34 + 333,33 + 333,33), a partial baixa of
// R$ 100,00 on the first (saldo 233,34, status Parcial, the footer totals), the fluxo de caixa of
// its account by day (R$ 100,00 realizado today, 233,34 previsto on the first due date, saldo
// previsto R$ 1.000,00 at the end), the estorno (saldo 333,34, Em aberto, the realizado back to
// zero, the history showing the baixa Estornada with its motivo) — as the financeiro role. The account, condição and (when
// the demo has none) the receita classe are created through the API first, unique per run.
// With E2E_SCREENSHOTS=<dir> it saves each screen and dialog at 1366 and 390 px.

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
const brl = (v: string) => formatBRL(v).replace(/\s+/g, ' ');
const texto = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `financeiro-${nome}.png`), fullPage: true });
}

type Item = Record<string, string>;

/** The API as the admin: what the screens need that this test does not build through them. */
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
      return (await r.json()) as Item;
    },
  };
}

describe('financeiro: contas a receber e fluxo de caixa', () => {
  it('a 3-instalment receivable, a partial baixa and its estorno, and the fluxo de caixa showing them', async () => {
    const { page, context } = await newPage(browser);
    const api = await apiAdmin(context.request);
    const hoje = businessToday();
    const f = '/api/financeiro';
    let [classe] = (
      await api.get(`${f}/classes-financeiras?tipo=receita&analitica=true&ativo=true&pageSize=10`)
    ).items;
    classe ??= await api.post(`${f}/classes-financeiras`, {
      codigo: '9',
      nome: 'Receitas E2E',
      tipo: 'receita',
    });
    const conta = await api.post(`${f}/contas-bancarias`, {
      nome: `Caixa E2E ${run}`,
      tipo: 'caixa',
      saldo_inicial: '0,00',
      data_saldo_inicial: addDays(hoje, -10),
    });
    const condicao = await api.post(`${f}/condicoes-pagamento`, {
      nome: `30/60/90 E2E ${run}`,
      tipo: 'dias',
      dias: '30/60/90',
    });
    const [cliente] = (await api.get('/api/cadastros/clientes?pageSize=1&ativo=true&sort=razao_social'))
      .items;
    const geradas = gerarParcelas('1000.00', { dias: [30, 60, 90], entrada_percentual: null }, hoje);
    if (!geradas.ok) throw new Error(geradas.mensagem);
    const [p1, , p3] = geradas.parcelas;

    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/financeiro/receber');
    await page.getByRole('heading', { level: 1, name: 'Contas a Receber' }).waitFor();
    await foto(page, 'receber-1366');

    // Novo título: cliente, R$ 1.000,00 in 30/60/90 with the live preview
    await page.getByRole('button', { name: 'Novo título' }).click();
    const form = page.getByRole('dialog', { name: 'Novo título a receber' });
    const inicio = cliente!.razao_social!.slice(0, 12);
    await form.getByRole('combobox', { name: /^Cliente/ }).fill(inicio);
    await form
      .getByRole('option', { name: new RegExp(inicio) })
      .first()
      .click();
    const doc = `E2E-${run}`;
    await form.getByRole('textbox', { name: /^Documento/ }).fill(doc);
    await form.getByRole('textbox', { name: /^Descrição/ }).fill(`Venda ${doc}`);
    await form.getByRole('textbox', { name: /^Valor/ }).fill('1000');
    await form.getByRole('textbox', { name: /^Valor/ }).blur();
    await form
      .getByRole('combobox', { name: /^Condição de pagamento/ })
      .selectOption({ label: `${condicao.nome} (${condicao.descricao})` });
    const previa = form.getByTestId('parcela-preview');
    await expect.poll(() => previa.count()).toBe(3);
    const primeira = await cells(previa.nth(0));
    expect([primeira[0], primeira[2]]).toEqual(['1/3', brl('333.34')]);
    expect((await cells(previa.nth(1)))[2]).toBe(brl('333.33'));
    expect((await cells(previa.nth(2)))[1]!.startsWith(formatDateBR(p3!.vencimento))).toBe(true);
    await form
      .getByRole('combobox', { name: /^Classe financeira/ })
      .selectOption({ label: `${classe!.codigo} ${classe!.nome}` });
    await form
      .getByRole('combobox', { name: /^Conta bancária prevista/ })
      .selectOption({ label: conta.nome! });
    await foto(page, 'titulo-form-1366');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Título cadastrado com sucesso!');

    // the three instalments in the list, the footer totals of the filter
    await page.getByRole('searchbox').fill(doc);
    const linhas = page.getByRole('row').filter({ hasText: doc });
    await expect.poll(() => linhas.count()).toBe(3);
    const total = async (nome: string) => texto(page.getByTestId(`total-${nome}`));
    expect(await total('Em aberto')).toBe(brl('1000.00'));
    expect(await total('Pago')).toBe(brl('0.00'));
    const r1 = linhas.filter({ hasText: 'Parcela 1/3' });
    expect((await cells(r1)).slice(1, 7)).toEqual([
      formatDateBR(p1!.vencimento),
      cliente!.razao_social,
      `Venda ${doc} ${doc} · Parcela 1/3`,
      brl('333.34'),
      brl('333.34'),
      'Em aberto',
    ]);

    // partial baixa of R$ 100,00 on the first instalment (on time: no juros, multa)
    await r1.getByRole('button', { name: /^Baixar/ }).click();
    const baixa = page.getByRole('dialog', { name: 'Baixar título a receber' });
    await baixa.getByTestId('encargos').getByText('Em dia').waitFor();
    expect(await baixa.getByRole('textbox', { name: /^Valor pago/ }).inputValue()).toBe('333,34');
    await baixa.getByRole('combobox', { name: /^Conta bancária/ }).selectOption({ label: conta.nome! });
    await baixa.getByRole('textbox', { name: /^Valor pago/ }).fill('100,00');
    await baixa.getByRole('textbox', { name: /^Valor pago/ }).blur();
    expect([await texto(baixa.getByTestId('resumo-baixa'))]).toEqual([
      'Abate do saldo: R$ 100,00 · baixa parcial, restará R$ 233,34',
    ]);
    await foto(page, 'baixa-1366');
    await baixa.getByRole('button', { name: 'Registrar baixa' }).click();
    await toast(page, 'Baixa registrada com sucesso!');
    await r1.getByText('Parcial').waitFor();
    expect((await cells(r1)).slice(4, 7)).toEqual([brl('333.34'), brl('233.34'), 'Parcial']);
    expect(await total('Em aberto')).toBe(brl('900.00'));
    expect(await total('Pago')).toBe(brl('100.00'));

    // the fluxo de caixa of the account, by day
    const fluxo = async () => {
      await page.goto(
        `/financeiro?agrupamento=dia&de=${hoje}&ate=${p3!.vencimento}&conta_bancaria_id=${conta.id}`,
      );
      await page.getByRole('heading', { level: 1, name: 'Financeiro' }).waitFor();
      const l = page.getByTestId('fluxo-linha');
      await l.first().waitFor();
      expect(await l.count()).toBeGreaterThan(85);
      const dia = (d: string) => cells(l.filter({ hasText: formatDateBR(d) }).first());
      return { hoje: await dia(hoje), p1: await dia(p1!.vencimento), ultimo: await cells(l.last()) };
    };
    let fc = await fluxo();
    expect(await texto(page.getByTestId('fluxo-saldo-inicial'))).toBe(brl('0.00'));
    const z = brl('0.00');
    expect(fc.hoje).toEqual([formatDateBR(hoje), brl('100.00'), z, z, z, brl('100.00'), brl('100.00')]);
    expect(fc.p1).toEqual([
      formatDateBR(p1!.vencimento),
      z,
      z,
      brl('233.34'),
      z,
      brl('100.00'),
      brl('333.34'),
    ]);
    expect(fc.ultimo.slice(-2)).toEqual([brl('100.00'), brl('1000.00')]);
    await foto(page, 'area-1366');

    // estorno of that baixa: saldo and status back, the realizado back to zero
    await page.goto(`/financeiro/receber?q=${doc}`);
    await r1.getByRole('button', { name: /^Ações de/ }).click();
    await page.getByRole('menuitem', { name: 'Estornar baixa' }).click();
    const estorno = page.getByRole('dialog', { name: 'Estornar baixa' });
    await estorno.getByRole('textbox', { name: /^Motivo/ }).fill('curto');
    await estorno.getByRole('button', { name: 'Estornar' }).click();
    await estorno
      .getByText(/10 caracteres/)
      .first()
      .waitFor();
    await estorno.getByRole('textbox', { name: /^Motivo/ }).fill('Cheque devolvido pelo banco');
    await foto(page, 'estorno-1366');
    await estorno.getByRole('button', { name: 'Estornar' }).click();
    await toast(page, 'Baixa estornada com sucesso!');
    await r1.getByText('Em aberto').waitFor();
    expect((await cells(r1)).slice(4, 7)).toEqual([brl('333.34'), brl('333.34'), 'Em aberto']);
    expect(await total('Em aberto')).toBe(brl('1000.00'));
    expect(await total('Pago')).toBe(brl('0.00'));

    await r1.getByRole('button', { name: /^Ações de/ }).click();
    await page.getByRole('menuitem', { name: 'Histórico' }).click();
    const historico = page.getByRole('dialog', { name: 'Histórico do título' });
    const b = historico.getByTestId('historico-baixa');
    await expect.poll(() => b.count()).toBe(1);
    expect((await cells(b)).slice(2)).toEqual([
      brl('100.00'),
      z,
      z,
      z,
      brl('100.00'),
      'Estornada Cheque devolvido pelo banco',
    ]);
    await foto(page, 'historico-1366');
    await page.keyboard.press('Escape');

    fc = await fluxo();
    expect(fc.hoje).toEqual([formatDateBR(hoje), z, z, z, z, z, z]);
    expect(fc.p1).toEqual([formatDateBR(p1!.vencimento), z, z, brl('333.34'), z, z, brl('333.34')]);
    expect(fc.ultimo.slice(-2)).toEqual([z, brl('1000.00')]);

    // the aging faixa "A vencer" opens the list filtered by its due dates
    await page.getByTestId('aging-receber-a_vencer').click();
    await page.waitForURL(
      (u) => u.pathname === '/financeiro/receber' && u.searchParams.get('vencimento_de') === hoje,
    );
    await page.getByRole('heading', { level: 1, name: 'Contas a Receber' }).waitFor();
    await context.close();
  });

  it('Receber, Pagar and the finance area at 390 px', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, demoEmail('financeiro'));
    for (const [rota, titulo] of [
      ['receber', 'Contas a Receber'],
      ['pagar', 'Contas a Pagar'],
    ] as const) {
      await page.goto(`/financeiro/${rota}`);
      await page.getByRole('heading', { level: 1, name: titulo }).waitFor();
      await page
        .getByRole('button', { name: /^Baixar / })
        .first()
        .waitFor();
      await foto(page, `${rota}-390`);
    }
    await page.getByRole('button', { name: 'Novo título' }).click();
    await page.getByRole('dialog', { name: 'Novo título a pagar' }).waitFor();
    await foto(page, 'titulo-form-390');
    await page.keyboard.press('Escape');
    await page.goto('/financeiro');
    await page.getByRole('heading', { level: 1, name: 'Financeiro' }).waitFor();
    await page.getByTestId('fluxo-linha').first().waitFor();
    await page.getByTestId('aging-pagar-a_vencer').waitFor();
    await foto(page, 'area-390');
    await context.close();
  });
});
