import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePacoteNfe } from '../../server/src/modules/nfe/pacote-nfe.ts';
import { geraPfxTeste } from '../../server/src/test/pfx-teste.ts';
import { demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// /configuracoes/fiscais against the real server and the demo emitente: the demo A1 certificate shown,
// a CNPJ error next to its field, the emitente saved, a generated ICP-Brasil-like PFX (legacy RC2-40/3DES)
// uploaded with its password — titular, CNPJ and the "vence em" badge on screen —, a wrong password
// refused on the password field, and produção asking for confirmation. The emitente keeps the demo's
// CNPJ (other specs issue notes with it). With E2E_SCREENSHOTS=<dir> it saves the screen at 1366 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `fiscal-${nome}.png`), fullPage: true });
}

describe('configurações fiscais', () => {
  it('edits the emitente, uploads an A1 certificate and sees titular and validity', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signInAs(page, demoEmail('admin'));
    await page.goto('/configuracoes/fiscais');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Configurações Fiscais' }).isVisible())
      .toBe(true);
    // the demo certificate
    await expect
      .poll(() => page.getByTestId('certificado-titular').textContent())
      .toBe('DISTRIBUIDORA EXEMPLO LTDA');
    expect(await page.getByTestId('certificado-validade').textContent()).toBe('Válido');
    expect(await page.getByTestId('ambiente-atual').textContent()).toBe('Homologação');
    // the NF-e XSD package the server chose at start-up: NFE_SCHEMAS_DIR (CI) or the npm default (decision 0006)
    const pacote = resolvePacoteNfe({
      dirVariavel: process.env.NFE_SCHEMAS_DIR || undefined,
      dataDir: '/nonexistent-e2e',
    })!;
    await expect.poll(() => page.getByTestId('pacote-schemas-nome').textContent()).toBe(pacote.nome);
    expect(await page.getByTestId('pacote-schemas-cnpj').textContent()).toBe(
      pacote.cnpj_alfanumerico ? 'Aceito' : 'Não aceito',
    );
    expect(await page.getByTestId('pacote-schemas-fonte').textContent()).toBe(
      pacote.fonte ?? 'Variável NFE_SCHEMAS_DIR',
    );
    const cnpj = page.getByRole('textbox', { name: /^CNPJ/ }).first();
    expect(await cnpj.inputValue()).toBe('11.222.333/0001-81');
    await foto(page, 'tela-1366');

    // a wrong CNPJ: the error next to the field, nothing saved
    await cnpj.fill('');
    await cnpj.pressSequentially('12ABC34501DE36');
    expect(await cnpj.inputValue()).toBe('12.ABC.345/01DE-36');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect.poll(() => page.getByText('CNPJ inválido').isVisible()).toBe(true);
    await cnpj.fill('11.222.333/0001-81');
    const fantasia = page.getByRole('textbox', { name: 'Nome fantasia' });
    await fantasia.fill('Distribuidora Exemplo E2E');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await toast(page, 'Configurações fiscais salvas.');

    // produção asks first; cancelled, still homologação
    await page.getByRole('combobox', { name: /^Ambiente da NF-e/ }).selectOption('producao');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    const dialogo = page.getByRole('dialog');
    await expect
      .poll(() => dialogo.getByRole('heading', { name: 'Mudar para o ambiente de produção?' }).isVisible())
      .toBe(true);
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('combobox', { name: /^Ambiente da NF-e/ }).selectOption('homologacao');
    expect(await page.getByTestId('ambiente-atual').textContent()).toBe('Homologação');

    // a new série through its dialog; the same number again is refused next to the field
    for (const tentativa of [0, 1]) {
      await page.getByRole('button', { name: 'Nova série' }).click();
      const d = page.getByRole('dialog');
      await d.getByRole('spinbutton', { name: /^Série/ }).fill('890');
      await d.getByRole('spinbutton', { name: /^Próximo número/ }).fill('15');
      await d.getByRole('button', { name: 'Salvar' }).click();
      if (tentativa === 0) {
        await toast(page, 'Série criada.');
        await expect.poll(() => page.getByRole('row').filter({ hasText: '890' }).count()).toBe(1);
      } else {
        await expect.poll(() => d.getByText('Já existe uma série com este número').isVisible()).toBe(true);
        await d.getByRole('button', { name: 'Cancelar' }).click();
      }
    }

    // a generated A1 (legacy PKCS#12) of the demo company that expires in 20 days
    const dia = 86400000;
    const g = geraPfxTeste({
      cnpj: '11222333000181',
      razaoSocial: 'DISTRIBUIDORA EXEMPLO LTDA',
      validoDe: new Date(Date.now() - 300 * dia),
      validoAte: new Date(Date.now() + 20 * dia - 3600000),
      senha: 'senha-e2e',
    });
    const arquivo = page.getByLabel(/^Substituir pelo arquivo/);
    await arquivo.setInputFiles({ name: 'empresa.pfx', mimeType: 'application/x-pkcs12', buffer: g.pfx });
    await page.getByLabel('Senha do certificado').fill('errada');
    await page.getByRole('button', { name: 'Enviar certificado' }).click();
    await expect.poll(() => page.getByText('Senha do certificado incorreta.').isVisible()).toBe(true);
    await page.getByLabel('Senha do certificado').fill('senha-e2e');
    await page.getByRole('button', { name: 'Enviar certificado' }).click();
    await toast(page, 'Certificado digital guardado.');
    await expect.poll(() => page.getByTestId('certificado-validade').textContent()).toBe('Vence em 20 dias');
    expect(await page.getByTestId('certificado-titular').textContent()).toBe('DISTRIBUIDORA EXEMPLO LTDA');
    expect(await page.getByTestId('certificado-atual').getByText('11.222.333/0001-81').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('O certificado vence em breve').isVisible()).toBe(true);
    // the password field was emptied and nothing secret is on the page
    expect(await page.getByLabel('Senha do certificado').inputValue()).toBe('');
    expect(await page.content()).not.toContain('PRIVATE KEY');
    await foto(page, 'certificado-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByTestId('certificado-validade').textContent()).toBe('Vence em 20 dias');
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await foto(page, 'tela-390');
    await context.close();
  });
});
