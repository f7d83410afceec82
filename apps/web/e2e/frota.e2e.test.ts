import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// The fleet registers against the real server and its demo fleet: the CNH badges and filters of
// Funcionários, a driver refused without a whole CNH and with wrong check digits, then saved;
// Placas with the Mercosul equivalent of the demo's old plate, the propriedade filter, a new
// vehicle typed on an old plate (its Mercosul equivalent and the CNH category it requires shown
// live, the tipo de rodado proposed by the tipo), a third-party one refused without its owner
// (name, CPF/CNPJ, RNTRC) and with an IE of another UF, then saved with the MDF-e fields shown on
// its row, and the same vehicle refused on its Mercosul plate. With E2E_SCREENSHOTS=<dir> it saves
// both screens and both forms at 1280 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-4);
/** The vehicle's Tipo, not Tipo de rodado / carroceria / proprietário. */
const tipoLabel = /^Tipo(?! de)/;
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

/** `fullPage: false` for a dialog scrolled to a group: what the user sees, not the list behind. */
async function foto(page: Page, nome: string, fullPage = true) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `frota-${nome}.png`), fullPage });
}

describe('frota: funcionários', () => {
  it('shows the CNH badges, filters expired CNHs and registers a driver with a valid CNH', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/frota/funcionarios');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Funcionários' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('1–12 de 12').isVisible()).toBe(true);
    const paulo = page.getByRole('row').filter({ hasText: 'Paulo Henrique Souza' });
    expect(await paulo.getByText('CNH vencida').isVisible()).toBe(true);
    const marcos = page.getByRole('row').filter({ hasText: 'Marcos Antônio Ribeiro' });
    expect(await marcos.getByText(/^CNH vence em \d+ dias$/).isVisible()).toBe(true);
    await foto(page, 'funcionarios-1280');

    await page.getByRole('combobox', { name: 'CNH' }).selectOption('vencidos');
    await expect.poll(() => new URL(page.url()).searchParams.get('cnh')).toBe('vencidos');
    await expect.poll(() => page.getByText('1–1 de 1').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'CNH' }).selectOption('');
    await page.getByRole('combobox', { name: 'Função' }).selectOption('ajudante');
    await expect.poll(() => page.getByText('1–3 de 3').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Função' }).selectOption('');

    // a driver without the CNH is refused field by field, then with wrong check digits
    await page.getByRole('button', { name: 'Novo funcionário' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Novo funcionário' }).isVisible()).toBe(true);
    const nome = `Motorista E2E ${run}`;
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(nome);
    await dialog.getByRole('textbox', { name: /^CPF/ }).pressSequentially('39053344705');
    expect(await dialog.getByRole('textbox', { name: /^CPF/ }).inputValue()).toBe('390.533.447-05');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => dialog.getByText('Obrigatório para motorista').count()).toBe(3);
    await dialog.getByRole('textbox', { name: /^Número da CNH/ }).fill('98765432100');
    await dialog.getByRole('combobox', { name: /^Categoria/ }).selectOption('AD');
    await dialog.getByRole('textbox', { name: /^Validade/ }).fill('10/05/2030');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => dialog.getByText('Número da CNH inválido').isVisible()).toBe(true);
    await foto(page, 'funcionario-form-1280');
    await dialog.getByRole('textbox', { name: /^Número da CNH/ }).fill('98765432109');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Funcionário cadastrado com sucesso!');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('98765432109');
    await expect.poll(() => page.getByText('1–1 de 1').isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: nome });
    expect(await row.getByText('390.533.447-05').isVisible()).toBe(true);
    expect(await row.getByText('válida até 10/05/2030').isVisible()).toBe(true);
    await context.close();
  });
});

describe('frota: placas', () => {
  it('shows the Mercosul equivalent, filters third-party vehicles and refuses the same vehicle twice', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/frota/placas');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Placas' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('1–8 de 8').isVisible()).toBe(true);
    const antiga = page.getByRole('row').filter({ hasText: 'FKM-4521' });
    expect(await antiga.getByText('Mercosul: FKM4F21').isVisible()).toBe(true);
    const vencido = page.getByRole('row').filter({ hasText: 'FRT3C45' });
    expect(await vencido.getByText('Licenciamento vencido').isVisible()).toBe(true);
    await foto(page, 'placas-1280');

    await page.getByRole('combobox', { name: 'Propriedade' }).selectOption('false');
    await expect.poll(() => page.getByText('1–1 de 1').isVisible()).toBe(true);
    const terceiro = page.getByRole('row').filter({ hasText: 'QTS8G12' });
    expect(await terceiro.getByText('48.736.219/0001-80 · RNTRC 04567123').isVisible()).toBe(true);
    expect(await terceiro.getByText('Transportes Serra Azul Ltda').isVisible()).toBe(true);
    expect(await terceiro.getByText('Rodado cavalo mecânico · carroceria fechada/baú').isVisible()).toBe(
      true,
    );
    expect(await terceiro.getByText('CNH E').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: 'Propriedade' }).selectOption('');

    // a vehicle on an old plate: its Mercosul equivalent and the CNH it requires show as typed
    const letras = `Q${String.fromCharCode(65 + (Number(run) % 26))}${String.fromCharCode(65 + (Math.floor(Number(run) / 26) % 26))}`;
    const digitos = String(1000 + (Number(run) % 9000));
    await page.getByRole('button', { name: 'Novo veículo' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Novo veículo' }).isVisible()).toBe(true);
    await dialog
      .getByRole('textbox', { name: /^Placa/ })
      .pressSequentially(`${letras.toLowerCase()}${digitos}`);
    expect(await dialog.getByRole('textbox', { name: /^Placa/ }).inputValue()).toBe(`${letras}-${digitos}`);
    const mercosul = `${letras}${digitos[0]}${String.fromCharCode(65 + Number(digitos[1]))}${digitos.slice(2)}`;
    await expect.poll(() => dialog.getByText(`Equivalente Mercosul: ${mercosul}`).isVisible()).toBe(true);
    const rodado = dialog.getByRole('combobox', { name: /^Tipo de rodado/ });
    await dialog.getByRole('combobox', { name: tipoLabel }).selectOption('vuc');
    // the tipo proposes its tipo de rodado: a VUC has no code of its own (06 outros)
    await expect.poll(() => rodado.inputValue()).toBe('06');
    await dialog.getByRole('textbox', { name: /^Tara/ }).fill('2000');
    await dialog.getByRole('textbox', { name: /^Capacidade de carga/ }).fill('1500');
    const categoria = dialog.getByTestId('categoria-exigida');
    await expect
      .poll(async () => (await categoria.textContent()) ?? '')
      .toMatch(/3\.500 kg[\s\S]*Categoria B/);
    await dialog.getByRole('textbox', { name: /^Capacidade de carga/ }).fill('1501');
    await expect
      .poll(async () => (await categoria.textContent()) ?? '')
      .toMatch(/3\.501 kg[\s\S]*Categoria C/);
    await dialog.getByRole('combobox', { name: tipoLabel }).selectOption('carreta');
    await expect.poll(async () => (await categoria.textContent()) ?? '').toMatch(/Categoria E/);
    await expect.poll(() => rodado.inputValue()).toBe('03');
    const carroceria = dialog.getByRole('combobox', { name: /^Tipo de carroceria/ });
    expect(await carroceria.inputValue()).toBe('02');
    await carroceria.selectOption('05');
    await foto(page, 'placa-form-mdfe-1280', false);
    // a category B driver as its motorista padrão: warned (dispatch would refuse him)
    await dialog.getByRole('combobox', { name: /^Motorista padrão/ }).fill('fernando');
    await page.getByRole('option', { name: 'Fernando Gomes da Silva (CNH B)' }).click();
    await expect
      .poll(() =>
        dialog.getByText('CNH categoria B não habilita para este veículo (exige categoria E).').isVisible(),
      )
      .toBe(true);
    // a third-party vehicle asks for its owner as the MDF-e carries it: name, CPF/CNPJ, RNTRC
    await dialog.getByRole('switch', { name: 'Veículo próprio' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => dialog.getByText('Obrigatório para veículo de terceiro').count()).toBe(3);
    await dialog.getByRole('textbox', { name: /^Proprietário/ }).fill(`José Autônomo ${run}`);
    const documento = dialog.getByRole('textbox', { name: /^CPF\/CNPJ do proprietário/ });
    await documento.pressSequentially('52998224725');
    expect(await documento.inputValue()).toBe('529.982.247-25');
    await dialog.getByRole('textbox', { name: /^RNTRC/ }).fill('12345678');
    await dialog.getByRole('combobox', { name: /^Tipo de proprietário/ }).selectOption('0');
    // an SP inscrição estadual is not an MG one
    await dialog.getByRole('textbox', { name: /^IE do proprietário/ }).fill('110.042.490.114');
    await dialog.getByRole('combobox', { name: /^UF da IE/ }).selectOption('MG');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => dialog.getByText('Inscrição estadual inválida para a UF MG').isVisible())
      .toBe(true);
    await dialog.getByRole('combobox', { name: /^UF da IE/ }).selectOption('SP');
    await foto(page, 'placa-form-1280');
    await dialog.getByRole('textbox', { name: /^Proprietário/ }).scrollIntoViewIfNeeded();
    await foto(page, 'placa-form-terceiro-1280', false);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Veículo cadastrado com sucesso!');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('searchbox').fill(`${letras}-${digitos}`);
    const novo = page.getByRole('row').filter({ hasText: `${letras}-${digitos}` });
    await expect
      .poll(() => novo.getByText('Rodado cavalo mecânico · carroceria sider').isVisible())
      .toBe(true);
    expect(await novo.getByText(`José Autônomo ${run}`).isVisible()).toBe(true);
    expect(await novo.getByText('529.982.247-25 · RNTRC 12345678').isVisible()).toBe(true);
    await page.getByRole('searchbox').fill('');

    // the same vehicle on its Mercosul plate is a duplicate
    await page.getByRole('button', { name: 'Novo veículo' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Novo veículo' }).isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Placa/ }).pressSequentially(mercosul);
    await dialog.getByRole('textbox', { name: /^Tara/ }).fill('4000');
    await dialog.getByRole('textbox', { name: /^Capacidade de carga/ }).fill('6000');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(() => dialog.getByText('Já existe um veículo com esta placa.').first().isVisible())
      .toBe(true);
    await context.close();
  });
});

describe('frota: phone (390 px)', () => {
  it('both screens show cards without sideways scroll', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, demoEmail('admin'));
    for (const [rota, titulo] of [
      ['/frota/funcionarios', 'Funcionários'],
      ['/frota/placas', 'Placas'],
    ] as const) {
      await page.goto(rota);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: titulo }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText(/^1–\d+ de \d+$/).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await foto(page, `${rota.split('/')[2]}-390`);
    }
    await page.getByRole('button', { name: /^Novo veículo/ }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('heading', { name: 'Novo veículo' }).isVisible())
      .toBe(true);
    await foto(page, 'placa-form-390');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: /^Tipo de rodado/ }).scrollIntoViewIfNeeded();
    await foto(page, 'placa-form-mdfe-390', false);
    await dialog.getByRole('switch', { name: 'Veículo próprio' }).click();
    await dialog.getByRole('textbox', { name: /^CPF\/CNPJ do proprietário/ }).scrollIntoViewIfNeeded();
    await foto(page, 'placa-form-terceiro-390', false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
