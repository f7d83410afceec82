import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail, launchBrowser, newPage, signInAs } from './support/browser.ts';

// Extrato Bancário against the real server, as the financeiro role: a new account, an OFX chosen
// on the screen (file input of the drop zone), the lines with the running balance, the LEDGERBAL
// difference flagged, a second import adding nothing, a manual fee line. With
// E2E_SCREENSHOTS=<dir> it saves the screen at 1280 and 390 px.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const run = String(Date.now()).slice(-5);

async function foto(page: Page, nome: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `extrato-bancario-${nome}.png`), fullPage: true });
}

const ofx = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
ENCODING:USASCII
CHARSET:1252

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL
<BANKACCTFROM><BANKID>341<ACCTID>8${run}-0</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260101<DTEND>20260131
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260105[-3:BRT]<TRNAMT>1.500,00<FITID>X${run}1<MEMO>TED RECEBIDA CLIENTE</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260106[-3:BRT]<TRNAMT>-320,45<FITID>X${run}2<CHECKNUM>850076<MEMO>PAGAMENTO DE TÍTULO</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260107[-3:BRT]<TRNAMT>-12,90<FITID>X${run}3<MEMO>TARIFA PACOTE DE SERVIÇOS</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>1166,65<DTASOF>20260131</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

describe('extrato bancário', () => {
  it('import an OFX on the screen, running balance, LEDGERBAL difference, manual fee line', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const login = await context.request.post('/auth/v1/token?grant_type=password', {
      data: { email: demoEmail('admin'), password: DEMO_PASSWORD },
    });
    const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
    const criada = await context.request.post('/api/financeiro/contas-bancarias', {
      headers,
      data: {
        nome: `Extrato E2E ${run}`,
        tipo: 'corrente',
        banco_codigo: '341',
        agencia: '1234',
        conta: `8${run}`,
        conta_digito: '0',
        saldo_inicial: '0',
        data_saldo_inicial: '2026-01-01',
      },
    });
    expect(criada.ok(), await criada.text()).toBe(true);
    const conta = await criada.json();
    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/financeiro/extrato-bancario');
    await page.getByRole('heading', { level: 1, name: 'Extrato Bancário' }).waitFor();
    await page.getByLabel('Conta bancária').selectOption(conta.id);
    const arquivo = {
      name: 'extrato.ofx',
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(ofx, 'latin1'),
    };
    await page.getByTestId('arquivo-extrato').setInputFiles(arquivo);
    await expect
      .poll(() => page.getByTestId('resultado-importacao').textContent())
      .toBe('OFX: 3 lançamentos lidos, 3 novos, 0 já importados.');
    await page.getByRole('cell', { name: 'PAGAMENTO DE TÍTULO' }).waitFor();
    await page.getByRole('cell', { name: 'TARIFA PACOTE DE SERVIÇOS' }).waitFor();
    await expect
      .poll(async () => (await page.getByTestId('diferenca-saldo').textContent())?.replace(/\s+/g, ' '))
      .toBe('R$ 0,00');
    await page.getByTestId('arquivo-extrato').setInputFiles(arquivo);
    await expect
      .poll(() => page.getByTestId('resultado-importacao').textContent())
      .toBe('OFX: 3 lançamentos lidos, 0 novos, 3 já importados.');
    // the project's pt-BR date field (dd/mm/aaaa), not the browser's native one
    await page.getByRole('textbox', { name: 'Data' }).last().fill('07/01/2026');
    await page.getByLabel('Valor (negativo para débito)').fill('-2,35');
    await page.getByLabel('Histórico').fill('Tarifa DOC');
    await page.getByRole('button', { name: 'Incluir linha' }).click();
    await page.getByRole('cell', { name: /Tarifa DOC/ }).waitFor();
    await expect
      .poll(async () => (await page.getByTestId('diferenca-saldo').textContent())?.replace(/\s+/g, ' '))
      .toBe('R$ 2,35');
    await foto(page, '1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await foto(page, '390');
    await context.close();
  });

  it('an OFX of another account: a dialog names both accounts; confirmed, it imports', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const login = await context.request.post('/auth/v1/token?grant_type=password', {
      data: { email: demoEmail('admin'), password: DEMO_PASSWORD },
    });
    const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
    const criada = await context.request.post('/api/financeiro/contas-bancarias', {
      headers,
      data: {
        nome: `Itaú Matriz ${run}`,
        tipo: 'corrente',
        banco_codigo: '341',
        agencia: '1234',
        conta: `7${run}`,
        conta_digito: '5',
        saldo_inicial: '0',
        data_saldo_inicial: '2026-01-01',
      },
    });
    expect(criada.ok(), await criada.text()).toBe(true);
    const conta = await criada.json();
    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/financeiro/extrato-bancario');
    await page.getByRole('heading', { level: 1, name: 'Extrato Bancário' }).waitFor();
    await page.getByLabel('Conta bancária', { exact: true }).selectOption(conta.id);
    // the e2e file of the first test names account 8<run>-0: not this one
    await page.getByTestId('arquivo-extrato').setInputFiles({
      name: 'outra-conta.ofx',
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(ofx.replaceAll(`X${run}`, `D${run}`), 'latin1'),
    });
    const dialogo = page.getByRole('dialog', { name: 'O extrato é de outra conta?' });
    await dialogo.waitFor();
    expect((await dialogo.getByTestId('conta-divergente').textContent())?.replace(/\s+/g, ' ')).toBe(
      `O banco e a conta do arquivo não conferem com a conta escolhida.No arquivobanco 341, conta 8${run}-0Conta escolhidaItaú Matriz ${run} (banco 341, agência 1234, conta 7${run}-5)Importe só se o extrato for mesmo desta conta.`,
    );
    for (const largura of [1366, 390]) {
      await page.setViewportSize({ width: largura, height: largura > 400 ? 900 : 844 });
      if (process.env.E2E_SCREENSHOTS)
        await page.screenshot({
          path: path.join(process.env.E2E_SCREENSHOTS, `extrato-conta-divergente-${largura}.png`),
        });
    }
    // nothing was imported while asking; confirmed, the file goes in
    expect(await page.getByRole('cell', { name: 'TED RECEBIDA CLIENTE' }).count()).toBe(0);
    await dialogo.getByRole('button', { name: 'Importar nesta conta' }).click();
    await expect
      .poll(() => page.getByTestId('resultado-importacao').textContent())
      .toBe('OFX: 3 lançamentos lidos, 3 novos, 0 já importados.');
    await page.getByRole('cell', { name: 'TED RECEBIDA CLIENTE' }).waitFor();
    expect(await dialogo.count()).toBe(0);
    await context.close();
  });

  it('a file with several statements: each one to the account its number names, one click', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const login = await context.request.post('/auth/v1/token?grant_type=password', {
      data: { email: demoEmail('admin'), password: DEMO_PASSWORD },
    });
    const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
    const cria = async (nome: string, numero: string) => {
      const r = await context.request.post('/api/financeiro/contas-bancarias', {
        headers,
        data: {
          nome,
          tipo: 'corrente',
          banco_codigo: '001',
          agencia: '4321',
          conta: numero,
          conta_digito: '7',
          saldo_inicial: '0',
          data_saldo_inicial: '2026-01-01',
        },
      });
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()) as { id: string };
    };
    const a = await cria(`Multi A ${run}`, `5${run}`);
    const b = await cria(`Multi B ${run}`, `6${run}`);
    const stmt = (acct: string, linhas: [string, string, string][]) =>
      `<STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>001<ACCTID>${acct}</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260201<DTEND>20260228
${linhas.map(([fitid, valor, memo]) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20260210<TRNAMT>${valor}<FITID>${fitid}<MEMO>${memo}</STMTTRN>`).join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS>`;
    const multi = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
ENCODING:USASCII
CHARSET:1252

<OFX><BANKMSGSRSV1>
${stmt(`5${run}-7`, [
  [`A${run}1`, '250,00', 'DEPOSITO CONTA A'],
  [`A${run}2`, '-10,00', 'TARIFA CONTA A'],
])}
${stmt(`6${run}-7`, [[`B${run}1`, '900,00', 'TED RECEBIDA CONTA B']])}
${stmt('99999-9', [[`C${run}1`, '1,00', 'CONTA DE OUTRA EMPRESA']])}
</BANKMSGSRSV1></OFX>
`;
    await signInAs(page, demoEmail('financeiro'));
    await page.goto('/financeiro/extrato-bancario');
    await page.getByRole('heading', { level: 1, name: 'Extrato Bancário' }).waitFor();
    await page.getByLabel('Conta bancária', { exact: true }).selectOption(a.id);
    await page.getByTestId('arquivo-extrato').setInputFiles({
      name: 'tres-contas.ofx',
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(multi, 'latin1'),
    });
    // the selected account's statement (by ACCTID) went in; the other two are offered
    await expect
      .poll(() => page.getByTestId('resultado-importacao').textContent())
      .toBe('OFX: 2 lançamentos lidos, 2 novos, 0 já importados.');
    const extratos = page.getByRole('region', { name: 'Extratos do arquivo' });
    await extratos.waitFor();
    expect(await extratos.getByTestId('extrato-1').textContent()).toContain(`Importado em Multi A ${run}`);
    // statement 2 names account B: preselected; statement 3 names no account: not imported
    const sel2 = extratos.getByLabel(`Conta do extrato 2 (6${run}-7)`);
    expect(await sel2.inputValue()).toBe(b.id);
    expect(await extratos.getByLabel('Conta do extrato 3 (99999-9)').inputValue()).toBe('');
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({
        path: path.join(process.env.E2E_SCREENSHOTS, 'extrato-multi-1366.png'),
        fullPage: true,
      });
    await extratos.getByRole('button', { name: 'Importar extratos escolhidos' }).click();
    await expect
      .poll(() => page.getByTestId('resultado-importacao').textContent())
      .toBe(`Extratos importados — Multi B ${run}: 1 novo, 0 já importados.`);
    expect(await extratos.getByTestId('extrato-2').textContent()).toContain(`Importado em Multi B ${run}`);
    if (process.env.E2E_SCREENSHOTS) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({
        path: path.join(process.env.E2E_SCREENSHOTS, 'extrato-multi-390.png'),
        fullPage: true,
      });
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    await page.getByLabel('Conta bancária', { exact: true }).selectOption(b.id);
    await page.getByRole('cell', { name: 'TED RECEBIDA CONTA B' }).waitFor();
    expect(await page.getByRole('cell', { name: 'CONTA DE OUTRA EMPRESA' }).count()).toBe(0);
    await context.close();
  });
});
